/**
 * Enrich stage: the run's trials. Registry records from the raw store merged with the
 * sponsors' trials, then diagnosis and biomarkers for each (pipeline/enrich.ts), taken from
 * the enrichment cache when the trial's text is unchanged. Trials whose published rows
 * would come out the same are carried over from the snapshot the run builds on
 * (carry-over.ts) and never read from the raw store.
 */
import path from 'node:path';
import type { BiomarkerRow, TrialRecord } from '../../../domain/rows.js';
import { loadRegistryRecordArray } from '../../registry/load-records.js';
import { findBase } from '../../publish/base.js';
import { mergeSponsorRecords } from '../../sponsors/merge.js';
import { groupByTrial } from '../../flags/compute.js';
import { carriedOver, compareIds, inTrialOrder } from '../carry-over.js';
import { codeFingerprint, PIPELINE_CODE } from '../code-fingerprint.js';
import { EnrichCache, enrichThroughCache } from '../enrich-cache.js';
import { stageData, type StageContext } from '../run-stage.js';
import type { StageOutput } from '../stage-outputs.js';

export async function enrichStage(ctx: StageContext<'enrich'>): Promise<StageOutput<'enrich'>> {
  const { store } = await stageData(ctx, 'registry');
  const csv = await stageData(ctx, 'sponsor-csv');
  const scraped = await stageData(ctx, 'scrape');
  const sponsorTrials = [...csv.trials, ...scraped.trials];
  const base = await findBase(ctx.deps.snapshotRoot, await codeFingerprint(PIPELINE_CODE));
  const carried = base
    ? await carriedOver(base, store, sponsorTrials)
    : { ids: [], biomarkers: [] as BiomarkerRow[] };
  const registry = await loadRegistryRecordArray(store, { skip: new Set(carried.ids) });
  // The raw studies are mapped now; holding them through the later stages only feeds the GC.
  store.releaseHeld();
  const registryRecords: TrialRecord[] = registry.map(({ changed: _changed, ...record }) => record);
  const merged = mergeSponsorRecords(registryRecords, sponsorTrials);
  // One order for every later stage and the snapshot, whatever order the sources gave.
  merged.records.sort((a, b) => compareIds(a.trial.nct_id, b.trial.nct_id));

  const cache = await EnrichCache.load(path.join(ctx.deps.dataDir, 'enrich-cache.v8'));
  const { records, biomarkers: built, extracted } = enrichThroughCache(merged.records, cache);
  cache.keepFor(carried.ids);
  await cache.save();

  const builtRows = groupByTrial(built);
  const carriedRows = groupByTrial(carried.biomarkers);
  const biomarkers: BiomarkerRow[] = [];
  for (const { id, record } of inTrialOrder(records, carried.ids))
    biomarkers.push(...((record ? builtRows : carriedRows).get(id) ?? []));

  const trials = records.length + carried.ids.length;
  const summary = {
    trials,
    registry_trials: registryRecords.length + carried.ids.length,
    sponsor_only_trials: records.filter((r) => r.trial.source !== 'ctgov').length,
    registry_changed: registry.filter((r) => r.changed).length,
    base: base?.version ?? null,
    built: records.length,
    carried_over: carried.ids.length,
    extracted,
    reused: trials - extracted,
    biomarker_rows: biomarkers.length,
    trials_with_biomarkers: new Set(biomarkers.map((b) => b.nct_id)).size,
  };
  const sourceFlags = [...csv.flags, ...scraped.flags, ...merged.flags];
  return {
    summary,
    data: {
      records,
      biomarkers,
      base: carried.ids.length ? base : null,
      carried: carried.ids,
      sourceFlags,
      sponsorStatuses: merged.sponsorStatuses,
    },
  };
}
