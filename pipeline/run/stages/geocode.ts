/**
 * Geocode stage: coordinates, precision and H3 cell for every site, through the place
 * cache. Its artifact holds only what geocoding decides, in site order as columns (a few
 * MB instead of every record again); `geocodedRecords` joins it back to the records.
 */
import path from 'node:path';
import type { SiteRow, TrialRecord } from '../../../domain/rows.js';
import { GEO_PRECISIONS, type GeoPrecision, type StateSource } from '../../../domain/geo.js';
import { GEOCODE_CACHE_FILE, GeocodeCache } from '../../geocode/cache.js';
import { geocodeSites } from '../../geocode/geocode-sites.js';
import type { RunContext } from '../context.js';
import { stageData, type StageOutput } from '../run-stage.js';
import type { ExtractStageData } from './extract.js';

/** Per site, in the order of the extract stage's records and their sites. */
export interface GeocodeStageData {
  latitude: Float64Array;
  longitude: Float64Array;
  /** Index into GEO_PRECISIONS. */
  precision: Uint8Array;
  h3Cell: Array<string | null>;
  state: Array<string | null>;
  stateSource: Array<StateSource | null>;
}

export async function geocodeStage(ctx: RunContext): Promise<StageOutput<GeocodeStageData>> {
  const { records } = await stageData<ExtractStageData>(ctx, 'extract');
  const cache = await GeocodeCache.load(path.join(ctx.deps.dataDir, GEOCODE_CACHE_FILE));
  const { sites, summary } = await geocodeSites(
    records.flatMap((r) => r.sites),
    {
      cache,
      logger: ctx.deps.logger,
      onProgress: (done, total) => ctx.deps.onProgress?.('geocode', done, total),
    },
  );
  await cache.save();
  const n = sites.length;
  const data: GeocodeStageData = {
    latitude: new Float64Array(n),
    longitude: new Float64Array(n),
    precision: new Uint8Array(n),
    h3Cell: new Array(n),
    state: new Array(n),
    stateSource: new Array(n),
  };
  sites.forEach((s, i) => {
    data.latitude[i] = s.latitude ?? Number.NaN;
    data.longitude[i] = s.longitude ?? Number.NaN;
    data.precision[i] = GEO_PRECISIONS.indexOf(s.geo_precision);
    data.h3Cell[i] = s.h3_cell;
    data.state[i] = s.state;
    data.stateSource[i] = s.state_source;
  });
  return { summary: { ...summary }, data };
}

/** The extract stage's records with the geocode stage's results applied to their sites. */
export async function geocodedRecords(ctx: RunContext): Promise<TrialRecord[]> {
  const memoised = ctx.memo.get(GEOCODED_RECORDS) as TrialRecord[] | undefined;
  if (memoised) return memoised;
  const { records } = await stageData<ExtractStageData>(ctx, 'extract');
  const geo = await stageData<GeocodeStageData>(ctx, 'geocode');
  let i = 0;
  const joined = records.map((r) => ({
    trial: r.trial,
    sites: r.sites.map((s): SiteRow => {
      const at = i++;
      const lat = geo.latitude[at];
      return {
        ...s,
        state: geo.state[at],
        state_source: geo.stateSource[at],
        latitude: Number.isNaN(lat) ? null : lat,
        longitude: Number.isNaN(lat) ? null : geo.longitude[at],
        geo_precision: GEO_PRECISIONS[geo.precision[at]] as GeoPrecision,
        h3_cell: geo.h3Cell[at],
      };
    }),
  }));
  ctx.memo.set(GEOCODED_RECORDS, joined);
  return joined;
}

const GEOCODED_RECORDS = 'geocode:records';
