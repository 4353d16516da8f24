/**
 * What an incremental run carries over from the snapshot it builds on. A trial is carried
 * over when its published rows are what this run would compute again:
 *
 * - the snapshot was published by the same pipeline code (base.ts checks the fingerprint);
 * - it is a registry trial no sponsor touched, there or in this run (sponsor data can
 *   change a trial without its registry record changing);
 * - the raw store holds the same record for it (content hash) as the one it was built from.
 *
 * Its trial, site and biomarker rows and its record-rule flags are then taken from the
 * snapshot; only the clock rules run on it again (pipeline/flags/rules.ts).
 */
import type { BiomarkerRow, TrialRecord } from '../../domain/rows.js';
import { REGISTRY_SOURCE } from '../../domain/sources.js';
import type { RawStore } from '../raw-store/raw-store.js';
import { baseTable, queryRows, type SnapshotBase } from '../publish/base.js';
import { syntheticSponsorId } from '../sponsors/merge.js';
import type { SponsorTrial } from '../sponsors/types.js';
import { withDuckDB } from '../../snapshot/duckdb.js';
import { readTableParquet } from '../../snapshot/parquet-table.js';
import path from 'node:path';
import { parquetFileName } from '../../snapshot/schema.js';

/** The order of trials in every stage and table. */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Every id the sponsor merge could give a sponsor trial (mergeSponsorRecords): its NCT id,
 * its sponsor study id, or the synthetic id of its title. A registry trial with one of
 * these ids may be joined, so it is built, never carried over.
 */
function sponsorIds(trials: SponsorTrial[]): Set<string> {
  const ids = new Set<string>();
  for (const t of trials) {
    if (t.nct_id) ids.add(t.nct_id);
    if (t.sponsor_study_id) ids.add(t.sponsor_study_id);
    ids.add(syntheticSponsorId(t));
  }
  return ids;
}

export interface CarriedOver {
  /** Sorted by compareIds. */
  ids: string[];
  /** Their biomarker rows, as published (each trial's rows in their order). */
  biomarkers: BiomarkerRow[];
}

export async function carriedOver(
  base: SnapshotBase,
  store: RawStore,
  sponsorTrials: SponsorTrial[],
): Promise<CarriedOver> {
  const touched = sponsorIds(sponsorTrials);
  return withDuckDB(async (con) => {
    const trials = await queryRows<{
      nct_id: string;
      content_hash: string;
      source: string;
      pharma_source_slug: string | null;
    }>(
      con,
      `SELECT nct_id, content_hash, source, pharma_source_slug FROM ${baseTable(base, 'trials')}`,
    );
    const ids = trials
      .filter(
        (t) =>
          t.source === REGISTRY_SOURCE.slug &&
          t.pharma_source_slug === null &&
          !touched.has(t.nct_id) &&
          store.entry(t.nct_id)?.hash === t.content_hash,
      )
      .map((t) => t.nct_id)
      .sort(compareIds);
    const carried = new Set(ids);
    const biomarkers = (
      await readTableParquet(con, 'biomarkers', path.join(base.dir, parquetFileName('biomarkers')))
    ).filter((b) => carried.has(b.nct_id));
    return { ids, biomarkers };
  });
}

/**
 * Walks the built records and the carried-over ids together in trial order: the order a
 * run that built every trial would have them in.
 */
export function* inTrialOrder(
  records: readonly TrialRecord[],
  carried: readonly string[],
): Generator<{ id: string; record: TrialRecord | null }> {
  let i = 0;
  let j = 0;
  while (i < records.length || j < carried.length) {
    const built = i < records.length ? records[i].trial.nct_id : null;
    if (built !== null && (j >= carried.length || compareIds(built, carried[j]) < 0)) {
      yield { id: built, record: records[i++] };
    } else {
      if (built === carried[j]) throw new Error(`trial ${built} is both built and carried over`);
      yield { id: carried[j++], record: null };
    }
  }
}
