/** Flags stage: the automated rules over geocoded trials, plus the flags the sources raised. */
import type { FlagRow } from '../../../domain/rows.js';
import { computeFlags } from '../../flags/compute.js';
import type { RunContext } from '../context.js';
import { stageData, type StageOutput } from '../run-stage.js';
import type { ExtractStageData } from './extract.js';
import { geocodedRecords } from './geocode.js';
import type { SponsorStageData } from './sponsors.js';

export interface FlagsStageData {
  flags: FlagRow[];
}

export async function flagsStage(ctx: RunContext): Promise<StageOutput<FlagsStageData>> {
  const extract = await stageData<ExtractStageData>(ctx, 'extract');
  const records = await geocodedRecords(ctx);
  const csv = await stageData<SponsorStageData>(ctx, 'sponsor-csv');
  const scraped = await stageData<SponsorStageData>(ctx, 'scrape');
  const computed = computeFlags({
    records,
    biomarkers: extract.biomarkers,
    sponsorStatuses: extract.sponsorStatuses,
    now: ctx.now,
  });
  const flags = [...csv.flags, ...scraped.flags, ...extract.flags, ...computed];
  const byKind: Record<string, number> = {};
  for (const f of flags) byKind[f.kind] = (byKind[f.kind] ?? 0) + 1;
  return { summary: { flags: flags.length, by_kind: byKind }, data: { flags } };
}
