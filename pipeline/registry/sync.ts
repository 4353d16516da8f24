/**
 * Registry sync stage: pages through the lung cancer query on ClinicalTrials.gov v2 into
 * the raw store. The page token and counts are saved after each page's records are
 * stored, so an interrupted run picks up at the page after the last stored one.
 */
import type { Logger } from '../../config/logger.js';
import { isNctId } from '../../domain/nct-id.js';
import { EmptyRegistryInputError } from './errors.js';
import { newRunId, type RawRecord, type RawStore, type RunKind } from '../raw-store/raw-store.js';
import {
  CtgovClient,
  CtgovHttpError,
  LUNG_CANCER_CONDITION_QUERY,
  type CtgovClientOptions,
} from './client.js';
import { v2NctId } from './map-study.js';
import { createProgressReporter } from './progress.js';
import type { RegistryProgress, RegistrySyncSummary } from './summary.js';

export interface SyncRegistryOptions {
  baseUrl: string;
  /**
   * ISO date for an incremental run, null for a full run; left out, the date of the last
   * successful sync recorded in the raw store (a full run when there is none).
   */
  since?: string | null;
  /** @defaultValue 1000 */
  pageSize?: number;
  /** `query.cond`. @defaultValue LUNG_CANCER_CONDITION_QUERY */
  condition?: string;
  signal?: AbortSignal;
  /** Client pacing and retry settings (tests shorten them). */
  client?: Omit<CtgovClientOptions, 'baseUrl' | 'fetch' | 'logger'>;
}

export interface SyncRegistryDeps {
  fetch: typeof fetch;
  rawStore: RawStore;
  logger: Logger;
  onProgress?: (p: RegistryProgress) => void;
  /** Forces the progress bar on or off; defaults to whether stdout is a terminal. */
  tty?: boolean;
}

/** Saved in the raw store while a sync runs; deleted when it finishes. */
interface SyncState {
  run_id: string;
  kind: RunKind;
  base_url: string;
  condition: string;
  since: string | null;
  page_size: number;
  started_at: string;
  next_page_token: string | null;
  pages: number;
  fetched: number;
  failed: number;
  /** Absent in states saved before ids were checked. */
  invalid_ids?: number;
  duplicates: number;
  total: number | null;
}

const STATE = 'sync-state';

export async function syncRegistry(
  opts: SyncRegistryOptions,
  deps: SyncRegistryDeps,
): Promise<RegistrySyncSummary> {
  const started = Date.now();
  const log = deps.logger.child({ stage: 'registry-sync' });
  const store = deps.rawStore;
  const pageSize = opts.pageSize ?? 1000;
  const condition = opts.condition ?? LUNG_CANCER_CONDITION_QUERY;
  const previous = await store.readState<SyncState>(STATE);
  // Left unspecified, an interrupted run keeps its own range (a full one stays full).
  const since =
    opts.since !== undefined
      ? opts.since
      : previous
        ? previous.since
        : sinceOf(store.lastSuccessfulSync);
  const resumable =
    previous &&
    previous.base_url === opts.baseUrl &&
    previous.condition === condition &&
    previous.since === since &&
    previous.page_size === pageSize;
  if (previous && !resumable)
    log.warn(
      { previous: previous.run_id },
      'discarding the state of an interrupted sync with other parameters',
    );
  const state: SyncState = resumable
    ? previous
    : {
        run_id: newRunId(),
        kind: since ? 'incremental' : 'full',
        base_url: opts.baseUrl,
        condition,
        since,
        page_size: pageSize,
        started_at: new Date().toISOString(),
        next_page_token: null,
        pages: 0,
        fetched: 0,
        failed: 0,
        invalid_ids: 0,
        duplicates: 0,
        total: null,
      };
  log.info(
    { run: state.run_id, kind: state.kind, since, resumed: !!resumable, page: state.pages + 1 },
    'registry sync starting',
  );
  const client = new CtgovClient({
    ...opts.client,
    baseUrl: opts.baseUrl,
    fetch: deps.fetch,
    logger: log,
  });
  const progress = createProgressReporter('registry sync', log, deps.tty);
  const query = { condition, pageSize, since };
  try {
    for (;;) {
      opts.signal?.throwIfAborted();
      const page = await fetchPage(client, query, state, opts.signal, log);
      if (page.totalCount !== null) state.total = page.totalCount;
      const records: RawRecord[] = [];
      for (const study of page.studies) {
        const nctId = v2NctId(study)?.toUpperCase();
        if (!nctId) state.failed++;
        else if (!isNctId(nctId)) {
          state.invalid_ids = (state.invalid_ids ?? 0) + 1;
          log.warn(
            { page: state.pages + 1, nct_id: nctId.slice(0, 40) },
            'registry record with an id that is not NCT + 8 digits skipped',
          );
        } else records.push({ nctId, form: 'ctgov_v2', study });
      }
      const results = await store.putMany(state.run_id, records);
      await store.flush();
      // The token moves on only now that the page is on disk.
      state.duplicates += results.filter((r) => r === 'duplicate').length;
      state.fetched += page.studies.length;
      state.pages++;
      state.next_page_token = page.nextPageToken;
      await store.writeState(STATE, state);
      progress.update(state.fetched, state.total);
      deps.onProgress?.({
        stage: 'registry-sync',
        done: state.fetched,
        total: state.total,
        pages: state.pages,
      });
      if (!page.nextPageToken) break;
    }
  } finally {
    progress.stop();
  }
  // A full run drops whatever it did not see: an empty answer must not empty the store.
  if (state.kind === 'full' && state.fetched - state.failed - (state.invalid_ids ?? 0) === 0) {
    await store.clearState(STATE);
    throw new EmptyRegistryInputError(
      `full registry sync from ${opts.baseUrl} returned no valid registry record (${state.fetched} received)`,
    );
  }
  const run = await store.finishRun(state.run_id, state.kind, { syncStartedAt: state.started_at });
  await store.clearState(STATE);
  const summary: RegistrySyncSummary = {
    mode: state.kind,
    run_id: state.run_id,
    fetched: state.fetched,
    new: run.new,
    changed: run.changed,
    unchanged: run.unchanged,
    failed: state.failed,
    removed: run.removed,
    duplicates: state.duplicates,
    skipped: 0,
    invalid_ids: state.invalid_ids ?? 0,
    ...(state.total !== null ? { total: state.total } : {}),
    pages: state.pages,
    since,
    resumed: !!resumable,
    duration_ms: Date.now() - started,
  };
  log.info(summary, 'registry sync finished');
  return summary;
}

/**
 * A saved token can expire while a run sits interrupted; the registry then answers 400 and
 * the run starts again from page 1 under the same run id, so records stored before the
 * interruption keep their change marks.
 */
async function fetchPage(
  client: CtgovClient,
  query: { condition: string; pageSize: number; since: string | null },
  state: SyncState,
  signal: AbortSignal | undefined,
  log: Logger,
) {
  const first = state.pages === 0;
  try {
    return await client.fetchStudiesPage(
      query,
      { pageToken: state.next_page_token, countTotal: first },
      signal,
    );
  } catch (err) {
    if (!(err instanceof CtgovHttpError) || err.status !== 400 || !state.next_page_token) throw err;
    log.warn(
      { status: err.status, page: state.pages + 1 },
      'saved page token refused; restarting the run from page 1',
    );
    Object.assign(state, {
      next_page_token: null,
      pages: 0,
      fetched: 0,
      failed: 0,
      invalid_ids: 0,
      duplicates: 0,
    });
    return client.fetchStudiesPage(query, { countTotal: true }, signal);
  }
}

/** The registry filters on whole dates; the day of the last run's start is inclusive. */
function sinceOf(lastSync: string | null): string | null {
  return lastSync ? lastSync.slice(0, 10) : null;
}
