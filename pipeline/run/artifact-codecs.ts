/**
 * How a stage's data is stored in its artifact when it is not stored as it is. Data that
 * is not plain (an open raw store) or would repeat an earlier artifact (every record again,
 * 100+ MB) is encoded to what only this stage decided, and decoded against the stage's
 * inputs when a later stage, in another process, reads it.
 */
import { GEO_PRECISIONS, type GeoPrecision, type StateSource } from '../../domain/geo.js';
import type { SiteRow } from '../../domain/rows.js';
import { diagnosisOf, type Diagnosis } from '../../diagnosis/classify.js';
import { REGISTRY_SOURCE } from '../../domain/sources.js';
import { PermanentStageError } from '../errors.js';
import { RawStore, registryRawStoreDir } from '../raw-store/raw-store.js';
import { loadRegistryRecordArray } from '../registry/load-records.js';
import { mergeSponsorRecords } from '../sponsors/merge.js';
import { compareIds } from './carry-over.js';
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

/**
 * The raw store lives in DATA_DIR, staged for the run until its snapshot publishes; the
 * artifact only marks the stage finished.
 */
const registryArtifact: ArtifactCodec<'registry', null> = {
  encode: () => null,
  decode: async (_stored, { ctx }) => ({
    store: await RawStore.open(registryRawStoreDir(ctx.deps.dataDir), { stagedFor: ctx.runId }),
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

/**
 * What the enrich stage decided: which registry records it built (id and content hash),
 * each built record's diagnosis, and the rows and flags as they are. The records are
 * mapped and merged again from the raw store and the sponsor stages' data, which is what
 * the stage did; a stored record whose hash moved since (another run imported over it)
 * cannot give this run's records back, and says so.
 */
interface EnrichStored extends Omit<StageOutputs['enrich'], 'records'> {
  registry: Array<[id: string, contentHash: string]>;
  diagnosis: Diagnosis[];
}

const enrichArtifact: ArtifactCodec<'enrich', EnrichStored> = {
  encode({ records, ...rest }) {
    return {
      ...rest,
      registry: records
        .filter((r) => r.trial.source === REGISTRY_SOURCE.slug)
        .map((r) => [r.trial.nct_id, r.trial.content_hash]),
      diagnosis: records.map(({ trial }) => diagnosisOf(trial)),
    };
  },
  async decode({ registry: built, diagnosis, ...rest }, { input }) {
    const { store } = await input('registry');
    const hashes = new Map(built);
    const registry = await loadRegistryRecordArray(store, { only: new Set(hashes.keys()) });
    const moved = registry.find((r) => hashes.get(r.trial.nct_id) !== r.trial.content_hash);
    if (moved || registry.length !== hashes.size) {
      throw new PermanentStageError(
        `the raw store no longer holds the registry records the enrich stage built ` +
          `(${moved ? `${moved.trial.nct_id} changed` : 'some are gone'}); start a new run`,
      );
    }
    const sponsors = [...(await input('sponsor-csv')).trials, ...(await input('scrape')).trials];
    const merged = mergeSponsorRecords(
      registry.map(({ changed: _changed, ...record }) => record),
      sponsors,
    );
    merged.records.sort((a, b) => compareIds(a.trial.nct_id, b.trial.nct_id));
    if (merged.records.length !== diagnosis.length) {
      throw new Error(
        `the enrich artifact holds ${diagnosis.length} trials, the merge gives ${merged.records.length}`,
      );
    }
    const records = merged.records.map((r, i) => ({
      ...r,
      trial: { ...r.trial, ...diagnosis[i] },
    }));
    return { ...rest, records };
  },
};

const CODECS: { readonly [N in StageName]?: ArtifactCodec<N, unknown> } = {
  registry: registryArtifact,
  enrich: enrichArtifact,
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
