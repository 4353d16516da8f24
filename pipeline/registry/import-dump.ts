/**
 * Offline registry import: reads a dump (directory, zip, JSON, JSONL or XML) into the raw
 * store as one full run, so trials missing from the dump leave the store. A text (JSONL
 * line, file) the store already holds the record of is confirmed by its hash alone: a
 * monthly dump of mostly unchanged studies is read, not parsed, mapped and hashed again.
 */
import type { Logger } from '../../config/logger.js';
import {
  newRunId,
  type KnownRecord,
  type RawRecord,
  type RawStore,
} from '../raw-store/raw-store.js';
import { readRegistryDump } from './dump.js';
import { isDumpTrialId } from '../../domain/nct-id.js';
import { EmptyRegistryInputError } from './errors.js';
import { dumpEntryNctId, NOT_A_RECORD } from './forms.js';
import { createProgressReporter } from './progress.js';
import type { RegistryProgress, RegistrySyncSummary } from './summary.js';

export interface ImportRegistryDumpOptions {
  path: string;
}

export interface ImportRegistryDumpDeps {
  rawStore: RawStore;
  logger: Logger;
  onProgress?: (p: RegistryProgress) => void;
  tty?: boolean;
}

/** Records handed to the store at once: large enough to keep 16 writes busy, small enough for memory. */
const BATCH = 500;

export async function importRegistryDump(
  opts: ImportRegistryDumpOptions,
  deps: ImportRegistryDumpDeps,
): Promise<RegistrySyncSummary> {
  const started = Date.now();
  const log = deps.logger.child({ stage: 'registry-import' });
  const store = deps.rawStore;
  const runId = newRunId();
  const counts = { fetched: 0, failed: 0, duplicates: 0, skipped: 0, invalidIds: 0, stored: 0 };
  const skipReasons = new Map<string, number>();
  const progress = createProgressReporter('registry import', log, deps.tty);
  log.info({ run: runId, path: opts.path }, 'registry dump import starting');
  let batch: (RawRecord | KnownRecord)[] = [];
  /** Ids stored or confirmed in this run: a later copy of one is parsed, so duplicates are judged as before. */
  const inRun = new Set<string>();
  const flushBatch = async () => {
    const results = await store.putMany(runId, batch);
    counts.duplicates += results.filter((r) => r === 'duplicate').length;
    batch = [];
    progress.update(counts.fetched, null);
    deps.onProgress?.({ stage: 'registry-import', done: counts.fetched, total: null });
  };
  try {
    const entries = readRegistryDump(opts.path, {
      known: {
        has: (textHash) => {
          const id = store.idOfText(textHash);
          return id !== undefined && !inRun.has(id);
        },
        seen: (textHash) => {
          inRun.add(store.idOfText(textHash)!);
          counts.fetched++;
          counts.stored++;
          batch.push({ textHash });
        },
      },
      onSkip: (s) => {
        counts.skipped++;
        skipReasons.set(s.reason, (skipReasons.get(s.reason) ?? 0) + 1);
        // Other schemas are expected in mixed dumps; a line that does not parse is a damaged
        // file the operator should see, with where it is.
        if (s.reason !== NOT_A_RECORD)
          log.warn({ origin: s.origin, reason: s.reason }, 'dump record skipped');
      },
    });
    for await (const entry of entries) {
      counts.fetched++;
      const nctId = dumpEntryNctId(entry);
      if (!nctId) {
        counts.failed++;
        log.warn({ origin: entry.origin }, 'registry record without an NCT id');
        continue;
      }
      if (!isDumpTrialId(nctId)) {
        counts.invalidIds++;
        log.warn(
          { origin: entry.origin, nct_id: nctId.slice(0, 40) },
          'registry record with an id that is not NCT + 8 digits (nor a DEMO- id) skipped',
        );
        continue;
      }
      counts.stored++;
      inRun.add(nctId);
      const { form, study, textHash, text } = entry;
      batch.push({ nctId, form, study, textHash, text });
      if (batch.length >= BATCH) await flushBatch();
    }
    await flushBatch();
  } finally {
    progress.stop();
  }
  // Finishing a full run with nothing in it would drop every stored trial: an empty file,
  // an empty folder or a broken link must fail the stage, not empty the snapshot.
  if (counts.stored === 0) {
    const why = [...skipReasons].map(([reason, n]) => `${n} ${reason}`);
    if (counts.invalidIds) why.push(`${counts.invalidIds} with an invalid NCT id`);
    if (counts.failed) why.push(`${counts.failed} without an NCT id`);
    throw new EmptyRegistryInputError(
      `registry dump ${opts.path} holds no valid registry record${why.length ? ` (${why.join('; ')})` : ''}`,
    );
  }
  const run = await store.finishRun(runId, 'full');
  if (counts.skipped)
    log.info(
      { skipped: Object.fromEntries(skipReasons) },
      'dump records that are not registry records were skipped',
    );
  const summary: RegistrySyncSummary = {
    mode: 'dump',
    run_id: runId,
    fetched: counts.fetched,
    new: run.new,
    changed: run.changed,
    unchanged: run.unchanged,
    failed: counts.failed,
    removed: run.removed,
    duplicates: counts.duplicates,
    skipped: counts.skipped,
    invalid_ids: counts.invalidIds,
    ...(skipReasons.size ? { skip_reasons: Object.fromEntries(skipReasons) } : {}),
    duration_ms: Date.now() - started,
  };
  log.info(summary, 'registry dump import finished');
  return summary;
}
