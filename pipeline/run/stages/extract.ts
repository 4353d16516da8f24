/**
 * Extract stage: registry records from the raw store, merged with the sponsors' trials,
 * then biomarkers and diagnosis for each trial (from the cache when its text is unchanged).
 */
import path from 'node:path';
import type { BiomarkerRow, FlagRow, TrialRecord } from '../../../domain/rows.js';
import { enrichRecords } from '../../enrich.js';
import { loadRegistryRecordArray } from '../../registry/load-records.js';
import { mergeSponsorRecords, type SponsorStatus } from '../../sponsors/merge.js';
import type { RunContext } from '../context.js';
import { EnrichCache, enrichInputKey } from '../enrich-cache.js';
import { stageData, type StageOutput } from '../run-stage.js';
import { registryStore } from './registry.js';
import type { SponsorStageData } from './sponsors.js';

export interface ExtractStageData {
  records: TrialRecord[];
  biomarkers: BiomarkerRow[];
  flags: FlagRow[];
  sponsorStatuses: Map<string, SponsorStatus[]>;
}

export async function extractStage(ctx: RunContext): Promise<StageOutput<ExtractStageData>> {
  const { dataDir } = ctx.deps;
  const store = await registryStore(ctx);
  const registry = await loadRegistryRecordArray(store);
  // The raw studies are mapped now; holding them through the later stages only feeds the GC.
  store.releaseHeld();
  const csv = await stageData<SponsorStageData>(ctx, 'sponsor-csv');
  const scraped = await stageData<SponsorStageData>(ctx, 'scrape');
  const registryRecords: TrialRecord[] = registry.map(({ changed: _changed, ...record }) => record);
  const merged = mergeSponsorRecords(registryRecords, [...csv.trials, ...scraped.trials]);
  // One order for every later stage and the snapshot, whatever order the sources gave.
  merged.records.sort((a, b) =>
    a.trial.nct_id < b.trial.nct_id ? -1 : a.trial.nct_id > b.trial.nct_id ? 1 : 0,
  );

  const cache = await EnrichCache.load(path.join(dataDir, 'enrich-cache.v8'));
  const keys = merged.records.map((r) => enrichInputKey(r.trial));
  const missing: number[] = [];
  keys.forEach((key, i) => {
    if (!cache.get(key)) missing.push(i);
  });
  const fresh = enrichRecords(missing.map((i) => merged.records[i]));
  const freshRows = new Map<string, BiomarkerRow[]>();
  for (const row of fresh.biomarkers) {
    const list = freshRows.get(row.nct_id);
    if (list) list.push(row);
    else freshRows.set(row.nct_id, [row]);
  }
  missing.forEach((i, j) => {
    const t = fresh.records[j].trial;
    const rows = (freshRows.get(t.nct_id) ?? []).map(({ nct_id: _id, ...rest }) => rest);
    cache.set(keys[i], {
      rows,
      diagnosis: {
        diagnosis_types: t.diagnosis_types,
        lung_cancer: t.lung_cancer,
        sclc_stages: t.sclc_stages,
        nsclc_stages: t.nsclc_stages,
      },
    });
  });

  const biomarkers: BiomarkerRow[] = [];
  const records = merged.records.map((record, i) => {
    const entry = cache.get(keys[i])!;
    for (const row of entry.rows) biomarkers.push({ nct_id: record.trial.nct_id, ...row });
    return { ...record, trial: { ...record.trial, ...entry.diagnosis } };
  });
  // get() above counted the second lookups as hits; report the first pass only.
  const summary = {
    trials: records.length,
    registry_trials: registryRecords.length,
    sponsor_only_trials: records.filter((r) => r.trial.source !== 'ctgov').length,
    registry_changed: registry.filter((r) => r.changed).length,
    extracted: missing.length,
    reused: records.length - missing.length,
    biomarker_rows: biomarkers.length,
    trials_with_biomarkers: new Set(biomarkers.map((b) => b.nct_id)).size,
  };
  await cache.save();
  return {
    summary,
    data: { records, biomarkers, flags: merged.flags, sponsorStatuses: merged.sponsorStatuses },
  };
}
