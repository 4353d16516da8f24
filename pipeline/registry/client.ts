/**
 * ClinicalTrials.gov API v2 `GET /api/v2/studies` client: one page per call, paced and
 * retried. Paging itself (tokens, resume) belongs to the sync stage.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pLimit, { type LimitFunction } from 'p-limit';
import type { Logger } from '../../config/logger.js';
import { isRetryableStatus, parseRetryAfter, withRetries } from './retry.js';

/**
 * Lung cancer in the registry's condition search (Essie syntax). Mesothelioma is a
 * thoracic cancer the product leaves out, so it is excluded even when listed beside lung.
 */
export const LUNG_CANCER_CONDITION_QUERY =
  '("lung cancer" OR "lung neoplasm" OR "lung carcinoma" OR "non-small cell lung" OR NSCLC OR ' +
  '"small cell lung" OR SCLC) AND NOT mesothelioma';

export const STUDIES_PATH = '/api/v2/studies';

export interface StudiesQuery {
  /** `query.cond`. @defaultValue LUNG_CANCER_CONDITION_QUERY */
  condition?: string;
  /** Page size; the registry's maximum is 1000. @defaultValue 1000 */
  pageSize?: number;
  /** ISO date: only records whose LastUpdatePostDate is on or after it. */
  since?: string | null;
}

export interface StudiesPage {
  studies: unknown[];
  nextPageToken: string | null;
  /** Present when the request asked for `countTotal`. */
  totalCount: number | null;
}

/** The query string of one page request. The registry wants the same query with each token. */
export function studiesSearchParams(
  query: StudiesQuery,
  page: { pageToken?: string | null; countTotal?: boolean } = {},
): URLSearchParams {
  const params = new URLSearchParams();
  params.set('format', 'json');
  params.set('query.cond', query.condition ?? LUNG_CANCER_CONDITION_QUERY);
  if (query.since)
    params.set('filter.advanced', `AREA[LastUpdatePostDate]RANGE[${query.since},MAX]`);
  params.set('pageSize', String(query.pageSize ?? 1000));
  if (page.countTotal) params.set('countTotal', 'true');
  if (page.pageToken) params.set('pageToken', page.pageToken);
  return params;
}

export class CtgovHttpError extends Error {
  override readonly name = 'CtgovHttpError';
  constructor(
    readonly status: number,
    readonly url: string,
    readonly body: string,
    /** The answer's Retry-After, in ms, or null. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(`ClinicalTrials.gov answered ${status} for ${url}: ${body.slice(0, 200)}`);
  }

  get retryable(): boolean {
    return isRetryableStatus(this.status);
  }
}

export interface CtgovClientOptions {
  baseUrl: string;
  fetch?: typeof fetch;
  logger?: Logger;
  /** Attempts after the first one. @defaultValue 5 */
  maxRetries?: number;
  /** First backoff delay; doubles per attempt. @defaultValue 1000 */
  retryBaseMs?: number;
  /** Cap of the computed backoff (Retry-After is honoured up to `maxRetryAfterMs`). @defaultValue 60000 */
  maxRetryDelayMs?: number;
  /** Longest Retry-After the client is willing to wait. @defaultValue 600000 */
  maxRetryAfterMs?: number;
  /** Polite gap between the starts of two requests. @defaultValue 1000 */
  minIntervalMs?: number;
  /** Requests in flight at once. @defaultValue 1 */
  concurrency?: number;
  /** Per-attempt timeout. @defaultValue 60000 */
  timeoutMs?: number;
}

export class CtgovClient {
  private readonly limit: LimitFunction;
  private readonly fetchFn: typeof fetch;
  private nextSlot = 0;

  constructor(private readonly opts: CtgovClientOptions) {
    if (!/^https?:\/\//.test(opts.baseUrl))
      throw new Error(`baseUrl must be an http(s) URL, got "${opts.baseUrl}"`);
    this.limit = pLimit(opts.concurrency ?? 1);
    this.fetchFn = opts.fetch ?? fetch;
  }

  async fetchStudiesPage(
    query: StudiesQuery,
    page: { pageToken?: string | null; countTotal?: boolean } = {},
    signal?: AbortSignal,
  ): Promise<StudiesPage> {
    const url = new URL(STUDIES_PATH, this.opts.baseUrl);
    url.search = studiesSearchParams(query, page).toString();
    const body = (await this.getJson(url.toString(), signal)) as Record<string, unknown>;
    return {
      studies: Array.isArray(body.studies) ? body.studies : [],
      nextPageToken:
        typeof body.nextPageToken === 'string' && body.nextPageToken ? body.nextPageToken : null,
      totalCount: typeof body.totalCount === 'number' ? body.totalCount : null,
    };
  }

  /** GET with pacing and retries: 429/5xx/network errors retry, other 4xx fail at once. */
  async getJson(url: string, signal?: AbortSignal): Promise<unknown> {
    return withRetries(
      async () => {
        signal?.throwIfAborted();
        const res = await this.limit(() => this.paced(url, signal));
        if (res.ok) return (await res.json()) as unknown;
        const text = await res.text().catch(() => '');
        throw new CtgovHttpError(
          res.status,
          url,
          text,
          parseRetryAfter(res.headers.get('retry-after')),
        );
      },
      {
        retries: this.opts.maxRetries ?? 5,
        baseMs: this.opts.retryBaseMs ?? 1000,
        maxMs: this.opts.maxRetryDelayMs ?? 60_000,
        maxRetryAfterMs: this.opts.maxRetryAfterMs ?? 600_000,
        // fetch rejects with TypeError on connection failures and with TimeoutError on our timeout.
        isRetryable: (err) => (err instanceof CtgovHttpError ? err.retryable : !signal?.aborted),
        retryAfterMs: (err) => (err instanceof CtgovHttpError ? err.retryAfterMs : null),
        onRetry: (err, attempt, delayMs) =>
          this.opts.logger?.warn(
            err instanceof CtgovHttpError
              ? { status: err.status, attempt, delayMs }
              : { err: err.message, attempt, delayMs },
            'registry request will be retried',
          ),
        signal,
      },
    );
  }

  /** Waits for the request's slot so consecutive requests start at least minIntervalMs apart. */
  private async paced(url: string, signal?: AbortSignal): Promise<Response> {
    const now = Date.now();
    const start = Math.max(now, this.nextSlot);
    this.nextSlot = start + (this.opts.minIntervalMs ?? 1000);
    if (start > now) await sleep(start - now, undefined, { signal });
    const timeout = AbortSignal.timeout(this.opts.timeoutMs ?? 60_000);
    return this.fetchFn(url, {
      headers: { accept: 'application/json' },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  }
}
