/**
 * Enrich stage: the run's trials. Registry records from the raw store merged with the
 * sponsors' trials, then diagnosis and biomarkers for each (pipeline/enrich.ts), taken from
 * the enrichment cache when the trial's text is unchanged.
 */
import path from 'node:path';
import type { TrialRecord } from '../../../domain/rows.js';
import { loadRegistryRecordArray } from '../../registry/load-records.js';
import { mergeSponsorRecords } from '../../sponsors/merge.js';
import { EnrichCache, enrichThroughCache } from '../enrich-cache.js';
import { stageData, type StageContext } from '../run-stage.js';
import type { StageOutput } from '../stage-outputs.js';

export async function enrichStage(ctx: StageContext<'enrich'>): Promise<StageOutput<'enrich'>> {
  const { store } = await stageData(ctx, 'registry');
  const registry = await loadRegistryRecordArray(store);
  // The raw studies are mapped now; holding them through the later stages only feeds the GC.
  store.releaseHeld();
  const csv = await stageData(ctx, 'sponsor-csv');
  const scraped = await stageData(ctx, 'scrape');
  const registryRecords: TrialRecord[] = registry.map(({ changed: _changed, ...record }) => record);
  const merged = mergeSponsorRecords(registryRecords, [...csv.trials, ...scraped.trials]);
  // One order for every later stage and the snapshot, whatever order the sources gave.
  merged.records.sort((a, b) =>
    a.trial.nct_id < b.trial.nct_id ? -1 : a.trial.nct_id > b.trial.nct_id ? 1 : 0,
  );

  const cache = await EnrichCache.load(path.join(ctx.deps.dataDir, 'enrich-cache.v8'));
  const { records, biomarkers, extracted } = enrichThroughCache(merged.records, cache);
  await cache.save();
  const summary = {
    trials: records.length,
    registry_trials: registryRecords.length,
    sponsor_only_trials: records.filter((r) => r.trial.source !== 'ctgov').length,
    registry_changed: registry.filter((r) => r.changed).length,
    extracted,
    reused: records.length - extracted,
    biomarker_rows: biomarkers.length,
    trials_with_biomarkers: new Set(biomarkers.map((b) => b.nct_id)).size,
  };
  const sourceFlags = [...csv.flags, ...scraped.flags, ...merged.flags];
  return {
    summary,
    data: { records, biomarkers, sourceFlags, sponsorStatuses: merged.sponsorStatuses },
  };
}
