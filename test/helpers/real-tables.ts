/**
 * SnapshotTables from the real registry records in ../shared/data/ctgov, built in this
 * process by the pipeline's own mapping, enrichment and geocoding stages (no queue, no
 * Parquet): for API tests that need real criteria text and real biomarker rows.
 */
import { requireSharedCtgovDir } from '../../config/shared-data.js';
import type { SnapshotTables, TrialRecord } from '../../domain/rows.js';
import { enrichRecords } from '../../pipeline/enrich.js';
import { GeocodeCache } from '../../pipeline/geocode/cache.js';
import { geocodeSites } from '../../pipeline/geocode/geocode-sites.js';
import { readRegistryDump } from '../../pipeline/registry/dump.js';
import { mapDumpEntry } from '../../pipeline/registry/forms.js';
import { InvalidStudyError } from '../../pipeline/registry/errors.js';
import { buildTables } from './trial-fixtures.js';

let cached: Promise<SnapshotTables> | null = null;

async function build(): Promise<SnapshotTables> {
  const byId = new Map<string, TrialRecord>();
  for await (const entry of readRegistryDump(requireSharedCtgovDir())) {
    try {
      const record = mapDumpEntry(entry, { contentHash: entry.origin });
      // The same trial appears in several files; the last one read stands, as in the raw store.
      byId.set(record.trial.nct_id, record);
    } catch (err) {
      if (!(err instanceof InvalidStudyError)) throw err;
    }
  }
  const { records, biomarkers } = enrichRecords([...byId.values()]);
  const { sites } = await geocodeSites(
    records.flatMap((r) => r.sites),
    { cache: GeocodeCache.inMemory() },
  );
  return buildTables({ trials: records.map((r) => r.trial), sites, biomarkers });
}

/** Built once per test file. */
export function realTables(): Promise<SnapshotTables> {
  cached ??= build();
  return cached;
}
