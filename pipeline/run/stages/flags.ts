/** Flags stage: the automated rules over geocoded trials, plus the flags the sources raised. */
import { computeFlags } from '../../flags/compute.js';
import { stageData, type StageContext } from '../run-stage.js';
import type { StageOutput } from '../stage-outputs.js';

export async function flagsStage(ctx: StageContext<'flags'>): Promise<StageOutput<'flags'>> {
  const { biomarkers, sponsorStatuses, sourceFlags } = await stageData(ctx, 'enrich');
  const { records } = await stageData(ctx, 'geocode');
  const computed = computeFlags({ records, biomarkers, sponsorStatuses, now: ctx.now });
  const flags = [...sourceFlags, ...computed];
  const byKind: Record<string, number> = {};
  for (const f of flags) byKind[f.kind] = (byKind[f.kind] ?? 0) + 1;
  return { summary: { flags: flags.length, by_kind: byKind }, data: { flags } };
}
