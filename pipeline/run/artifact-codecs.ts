/**
 * How a stage's data is stored in its artifact when it is not stored as it is. Data that
 * is not plain (an open raw store) or would repeat an earlier artifact (every record again,
 * 100+ MB) is encoded to what only this stage decided, and decoded against the stage's
 * inputs when a later stage, in another process, reads it.
 */
import { GEO_PRECISIONS, type GeoPrecision, type StateSource } from '../../domain/geo.js';
import type { SiteRow } from '../../domain/rows.js';
import { RawStore, registryRawStoreDir } from '../raw-store/raw-store.js';
import type { RunContext } from './context.js';
import type { StageName } from './stage-names.js';
import type { InputReader, StageOutputs } from './stage-outputs.js';

export interface ArtifactCodec<N extends StageName, Stored> {
  encode(data: StageOutputs[N]): Stored;
  decode(
    stored: Stored,
    from: { ctx: RunContext; input: InputReader<N> },
  ): Promise<StageOutputs[N]>;
}

/** The raw store lives in DATA_DIR; the artifact only marks the stage finished. */
const registryArtifact: ArtifactCodec<'registry', null> = {
  encode: () => null,
  decode: async (_stored, { ctx }) => ({
    store: await RawStore.open(registryRawStoreDir(ctx.deps.dataDir)),
  }),
};

/**
 * What geocoding decided, per site as columns, in the order of the enrich stage's records
 * and their sites.
 */
interface GeocodeColumns {
  latitude: Float64Array;
  longitude: Float64Array;
  /** Index into GEO_PRECISIONS. */
  precision: Uint8Array;
  h3Cell: Array<string | null>;
  state: Array<string | null>;
  stateSource: Array<StateSource | null>;
}

const geocodeArtifact: ArtifactCodec<'geocode', GeocodeColumns> = {
  encode({ records }) {
    const sites = records.flatMap((r) => r.sites);
    const n = sites.length;
    const columns: GeocodeColumns = {
      latitude: new Float64Array(n),
      longitude: new Float64Array(n),
      precision: new Uint8Array(n),
      h3Cell: new Array(n),
      state: new Array(n),
      stateSource: new Array(n),
    };
    sites.forEach((s, i) => {
      columns.latitude[i] = s.latitude ?? Number.NaN;
      columns.longitude[i] = s.longitude ?? Number.NaN;
      columns.precision[i] = GEO_PRECISIONS.indexOf(s.geo_precision);
      columns.h3Cell[i] = s.h3_cell;
      columns.state[i] = s.state;
      columns.stateSource[i] = s.state_source;
    });
    return columns;
  },
  async decode(columns, { input }) {
    const { records } = await input('enrich');
    const total = records.reduce((n, r) => n + r.sites.length, 0);
    if (total !== columns.latitude.length) {
      throw new Error(
        `the geocode artifact holds ${columns.latitude.length} sites, the enrich stage's records ${total}`,
      );
    }
    const site = (s: SiteRow, i: number): SiteRow => {
      const lat = columns.latitude[i];
      return {
        ...s,
        state: columns.state[i],
        state_source: columns.stateSource[i],
        latitude: Number.isNaN(lat) ? null : lat,
        longitude: Number.isNaN(lat) ? null : columns.longitude[i],
        geo_precision: GEO_PRECISIONS[columns.precision[i]] as GeoPrecision,
        h3_cell: columns.h3Cell[i],
      };
    };
    let first = 0;
    return {
      records: records.map((r) => {
        const sites = r.sites.map((s, j) => site(s, first + j));
        first += sites.length;
        return { trial: r.trial, sites };
      }),
    };
  },
};

const CODECS: { readonly [N in StageName]?: ArtifactCodec<N, unknown> } = {
  registry: registryArtifact,
  geocode: geocodeArtifact,
};

export function encodeStageData<N extends StageName>(stage: N, data: StageOutputs[N]): unknown {
  const codec: ArtifactCodec<N, unknown> | undefined = CODECS[stage];
  return codec ? codec.encode(data) : data;
}

export async function decodeStageData<N extends StageName>(
  stage: N,
  stored: unknown,
  from: { ctx: RunContext; input: InputReader<N> },
): Promise<StageOutputs[N]> {
  const codec: ArtifactCodec<N, unknown> | undefined = CODECS[stage];
  return codec ? codec.decode(stored, from) : (stored as StageOutputs[N]);
}
