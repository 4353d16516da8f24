/** Geocode stage: coordinates, precision and H3 cell for every site, through the place cache. */
import path from 'node:path';
import type { TrialRecord } from '../../../domain/rows.js';
import { GEOCODE_CACHE_FILE, GeocodeCache } from '../../geocode/cache.js';
import { geocodeSites } from '../../geocode/geocode-sites.js';
import type { RunContext } from '../context.js';
import { stageData, type StageOutput } from '../run-stage.js';
import type { ExtractStageData } from './extract.js';

export interface GeocodeStageData {
  records: TrialRecord[];
}

export async function geocodeStage(ctx: RunContext): Promise<StageOutput<GeocodeStageData>> {
  const { records } = await stageData<ExtractStageData>(ctx, 'extract');
  const cache = await GeocodeCache.load(path.join(ctx.deps.dataDir, GEOCODE_CACHE_FILE));
  const all = records.flatMap((r) => r.sites);
  const { sites, summary } = await geocodeSites(all, {
    cache,
    logger: ctx.deps.logger,
    onProgress: (done, total) => ctx.deps.onProgress?.('geocode', done, total),
  });
  await cache.save();
  let next = 0;
  const geocoded = records.map((r) => {
    const own = sites.slice(next, next + r.sites.length);
    next += r.sites.length;
    return { trial: r.trial, sites: own };
  });
  return { summary: { ...summary }, data: { records: geocoded } };
}
