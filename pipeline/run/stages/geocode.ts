/**
 * Geocode stage: coordinates, precision and H3 cell for every site of the trials the enrich
 * stage built (carried-over trials keep their geocoded sites), through the place cache,
 * which is dropped when the geocoding code or its data packages change. Its artifact stores
 * only what geocoding decided (artifact-codecs.ts), not every record again.
 */
import path from 'node:path';
import { GEOCODE_CACHE_FILE, GeocodeCache } from '../../geocode/cache.js';
import { geocodeSites, releasePlaceIndexes } from '../../geocode/geocode-sites.js';
import { codeFingerprint, GEOCODE_CODE } from '../code-fingerprint.js';
import { stageData, type StageContext } from '../run-stage.js';
import type { StageOutput } from '../stage-outputs.js';

export async function geocodeStage(ctx: StageContext<'geocode'>): Promise<StageOutput<'geocode'>> {
  const { records } = await stageData(ctx, 'enrich');
  const cache = await GeocodeCache.load(
    path.join(ctx.deps.dataDir, GEOCODE_CACHE_FILE),
    await codeFingerprint(GEOCODE_CODE),
  );
  const { sites, summary } = await geocodeSites(
    records.flatMap((r) => r.sites),
    {
      cache,
      logger: ctx.deps.logger,
      onProgress: (done, total) => ctx.deps.onProgress?.('geocode', done, total),
    },
  );
  // Built for this stage alone: the publish after it is where a full build's memory peaks.
  releasePlaceIndexes();
  await cache.save();
  // geocodeSites answers in the order it was given: each record's sites follow the previous record's.
  let first = 0;
  const geocoded = records.map((r) => ({
    trial: r.trial,
    sites: sites.slice(first, (first += r.sites.length)),
  }));
  return { summary: { ...summary }, data: { records: geocoded } };
}
