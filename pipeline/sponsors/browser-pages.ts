/**
 * Page-level helpers for scraping: navigation with retries and backoff, and the functions
 * that run inside Chromium to read catalog selectors off a rendered page.
 */
import type { Page } from 'playwright-core';
import { parseRetryAfter, withRetries } from '../registry/retry.js';
import type { Extract, SitePart, SponsorField, SponsorSite } from './types.js';

export interface RetryOptions {
  retries: number;
  /** First backoff; doubles per attempt. */
  baseMs: number;
}

/** A response that will not get better by asking again (404, 403 ...). */
export class PageFetchError extends Error {
  constructor(
    readonly url: string,
    readonly status: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'PageFetchError';
  }
}

/** A 429 or 5xx answer, worth another attempt after Retry-After or the backoff. */
class RetryableStatusError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number | null,
  ) {
    super(message);
  }
}

/** 429 and 5xx and network errors are retried with exponential backoff; other 4xx are not. */
export async function gotoWithRetry(page: Page, url: string, retry: RetryOptions): Promise<void> {
  let attempts = 0;
  try {
    await withRetries(
      async (attempt) => {
        attempts = attempt;
        const res = await page.goto(url, { waitUntil: 'domcontentloaded' });
        const status = res?.status() ?? 200;
        if (status === 429 || status >= 500) {
          throw new RetryableStatusError(
            `HTTP ${status} from ${url}`,
            parseRetryAfter(res?.headers()['retry-after'] ?? null),
          );
        }
        if (status >= 400) throw new PageFetchError(url, status, `HTTP ${status} from ${url}`);
      },
      {
        retries: retry.retries,
        baseMs: retry.baseMs,
        isRetryable: (err) => !(err instanceof PageFetchError),
        retryAfterMs: (err) => (err instanceof RetryableStatusError ? err.retryAfterMs : null),
      },
    );
  } catch (err) {
    if (err instanceof PageFetchError) throw err;
    throw new PageFetchError(
      url,
      null,
      `${(err as Error).message.split('\n')[0]} (after ${attempts} attempts)`,
    );
  }
}

export type ExtractSpec = Partial<Record<SponsorField, Extract>>;
export type PageFields = Partial<Record<SponsorField, string | string[] | null>>;

/** Serialisable input of the in-page reader. */
interface ReadSpec {
  fields: ExtractSpec;
  link?: Extract;
  sites?: { item: string; fields: Partial<Record<SitePart, Extract>> };
}

interface ReadResult {
  fields: PageFields;
  link: string | null;
  sites: SponsorSite[];
}

/**
 * Reads fields below `root` inside Chromium. Kept as JavaScript source, not a TS function
 * passed to evaluate: tsx's transform adds `__name()` helpers to named functions, which do
 * not exist in the page.
 */
const READ_FIELDS_JS = `function (root, spec) {
  function one(el, x) {
    if (x.all)
      return Array.from(el.querySelectorAll(x.selector)).map(function (m) {
        return (x.attr ? m.getAttribute(x.attr) : m.textContent) || '';
      });
    var m = el.querySelector(x.selector);
    if (!m) return null;
    return x.attr ? m.getAttribute(x.attr) : m.textContent;
  }
  var fields = {};
  Object.keys(spec.fields).forEach(function (k) { fields[k] = one(root, spec.fields[k]); });
  var link = spec.link ? one(root, spec.link) : null;
  var sites = [];
  if (spec.sites) {
    Array.from(root.querySelectorAll(spec.sites.item)).forEach(function (row) {
      var s = { facility: null, city: null, state: null, zip: null, country: null };
      Object.keys(spec.sites.fields).forEach(function (k) {
        var v = one(row, spec.sites.fields[k]);
        s[k] = typeof v === 'string' && v.trim() ? v.trim() : null;
      });
      sites.push(s);
    });
  }
  return { fields: fields, link: link, sites: sites };
}`;

/** Reads every card matching `itemSelector` on the page. */
export async function readCards(
  page: Page,
  itemSelector: string,
  fields: ExtractSpec,
  link: Extract,
): Promise<ReadResult[]> {
  const spec: ReadSpec = { fields, link };
  return page.evaluate(
    `Array.from(document.querySelectorAll(${JSON.stringify(itemSelector)}))` +
      `.map(function (el) { return (${READ_FIELDS_JS})(el, ${JSON.stringify(spec)}); })`,
  ) as Promise<ReadResult[]>;
}

/** Reads detail fields and sites from the whole document. */
export async function readDetail(
  page: Page,
  spec: { fields: ExtractSpec; sites?: ReadSpec['sites'] },
): Promise<ReadResult> {
  return page.evaluate(
    `(${READ_FIELDS_JS})(document, ${JSON.stringify(spec)})`,
  ) as Promise<ReadResult>;
}

export async function countMatches(page: Page, selector: string): Promise<number> {
  return page.locator(selector).count();
}
