/**
 * The raw store's current trials, mapped, for the enrichment stages. Each carries
 * `changed` (new or changed in the last run) so a stage can reuse its previous output
 * for the rest.
 */
import type { Logger } from '../../config/logger.js';
import type { TrialRecord } from '../../domain/rows.js';
import type { RawStore } from '../raw-store/raw-store.js';
import { InvalidStudyError } from './errors.js';
import { mapDumpEntry, REGISTRY_FORMS, type RegistryForm } from './forms.js';

export type LoadedTrialRecord = TrialRecord & { changed: boolean };

export interface LoadRegistryRecordsOptions {
  /** Only records new or changed in the last run. @defaultValue false */
  changedOnly?: boolean;
  /** Ids not to read (trials an incremental run carries over from its snapshot). */
  skip?: ReadonlySet<string>;
  /** Only these ids. */
  only?: ReadonlySet<string>;
  logger?: Logger;
}

/** Files read at once; reading is I/O bound and the mapping runs between chunks. */
const CHUNK = 64;

export async function* loadRegistryRecords(
  rawStore: RawStore,
  opts: LoadRegistryRecordsOptions = {},
): AsyncGenerator<LoadedTrialRecord> {
  let ids = rawStore.ids();
  if (opts.changedOnly) ids = ids.filter((id) => rawStore.isChangedSinceLastRun(id));
  const skip = opts.skip;
  if (skip) ids = ids.filter((id) => !skip.has(id));
  const only = opts.only;
  if (only) ids = ids.filter((id) => only.has(id));
  for (let i = 0; i < ids.length; i += CHUNK) {
    const stored = await Promise.all(ids.slice(i, i + CHUNK).map((id) => rawStore.read(id)));
    for (const rec of stored) {
      if (!rec) continue;
      if (!(REGISTRY_FORMS as readonly string[]).includes(rec.form)) {
        opts.logger?.warn(
          { nct_id: rec.nctId, form: rec.form },
          'raw record of an unknown form skipped',
        );
        continue;
      }
      try {
        const record = mapDumpEntry(
          { form: rec.form as RegistryForm, study: rec.study },
          { contentHash: rec.entry.hash },
        );
        yield { ...record, changed: rawStore.isChangedSinceLastRun(rec.nctId) };
      } catch (err) {
        if (!(err instanceof InvalidStudyError)) throw err;
        opts.logger?.warn(
          { nct_id: rec.nctId, err: err.message },
          'stored registry record could not be mapped',
        );
      }
    }
  }
}

/** All current records as an array, for callers that want them at once. */
export async function loadRegistryRecordArray(
  rawStore: RawStore,
  opts: LoadRegistryRecordsOptions = {},
): Promise<LoadedTrialRecord[]> {
  const out: LoadedTrialRecord[] = [];
  for await (const r of loadRegistryRecords(rawStore, opts)) out.push(r);
  return out;
}
