/**
 * The serving index as a snapshot file (SERVING_INDEX_FILE, schema version 6 on): the publish
 * builds the index the API would build at open and writes it with snapshot/object-file.ts,
 * so opening a snapshot reads one file instead of the Parquet tables and a 5-8 s build.
 *
 * The bodies inside were rendered by the code that wrote the file; the API uses the file
 * only if that code is its own (SERVING_CODE's fingerprint in the file's meta) and it was
 * written for the snapshot's schema version; otherwise it indexes the Parquet files as
 * before (old snapshots included). The pipeline may not import api/, so it receives
 * writeServingIndex through its dependencies (cli/ and workers/ pass it).
 */
import path from 'node:path';
import { codeFingerprint, fingerprintAtLoad } from '../../config/code-fingerprint.js';
import type { SnapshotManifest } from '../../domain/rows.js';
import {
  openObjectFile,
  writeObjectFile,
  type ClassTable,
  type ObjectFile,
} from '../../snapshot/object-file.js';
import {
  checkRowCounts,
  readManifest,
  readSnapshotTables,
  SnapshotIntegrityError,
  verifyChecksums,
} from '../../snapshot/read.js';
import {
  SNAPSHOT_SCHEMA_VERSION,
  TABLE_NAMES,
  type FlagRow,
  type SnapshotTables,
  type TableName,
  type TrialRow,
} from '../../domain/rows.js';
import type { DuckDBConnection } from '@duckdb/node-api';
import { withDuckDB } from '../../snapshot/duckdb.js';
import { readerForm, readTableParquet } from '../../snapshot/parquet-table.js';
import { parquetFileName, quoteLiteral, SERVING_INDEX_FILE } from '../../snapshot/schema.js';
import type { ServingIndexInput, ServingIndexWriter } from '../../snapshot/serving-index.js';
import { Bitset } from './bitset.js';
import {
  BruteForceGeoCandidates,
  H3GeoCandidates,
  PointDistances,
  UnitVectors,
} from './geo-candidates.js';
import { CellLevel, TrialCells } from './geo-trial-cells.js';
import type { IndexedSites } from './nearest-sample.js';
import { buildTrialIndexInSlices, type BuildIndexOptions, type TrialIndex } from './trial-index.js';
import type { TrialJson } from './trial-json.js';

/** Everything the index's bytes depend on besides the snapshot's rows. */
export const SERVING_CODE = fingerprintAtLoad({
  dirs: [
    'api/query',
    'api/openapi',
    'api/params',
    'domain',
    'diagnosis',
    'text',
    'geo',
    'snapshot',
  ],
  files: ['api/present.ts', 'api/errors.ts', 'package-lock.json'],
});

/** The classes whose instances the index holds. */
const CLASSES: ClassTable = {
  Bitset,
  BruteForceGeoCandidates,
  H3GeoCandidates,
  PointDistances,
  UnitVectors,
  TrialCells,
  CellLevel,
};

interface ServingIndexMeta {
  schema_version: number;
  /** SERVING_CODE's fingerprint in the writing process. */
  code: string;
  geo: NonNullable<BuildIndexOptions['geo']>;
}

/** Per-request scratch, made fresh rather than stored. */
type StoredIndex = Omit<TrialIndex, 'scratch'>;

export type { ServingIndexWriter };

/**
 * Builds the index from the rows the publish holds in memory, exactly as the API would
 * from the Parquet files (the rows in the reader's form: readerForm), and writes it into
 * the folder; built in slices, so the publish's Parquet writing goes on meanwhile. With a
 * carry-over (an incremental run), the carried trials' rows come from the base snapshot's
 * Parquet and their bodies and site spans from its serving index
 * (incrementalIndex).
 */
export const writeServingIndex: ServingIndexWriter = async ({ dir, tables, carryOver }) => {
  const rows = Object.fromEntries(
    TABLE_NAMES.map((t) => [t, readerForm(t, tables[t])]),
  ) as unknown as SnapshotTables;
  const built = carryOver
    ? await incrementalIndex(rows, carryOver)
    : { index: await buildTrialIndexInSlices(rows), reused: 0, fallback: null };
  const { scratch: _scratch, ...stored } = built.index;
  const meta: ServingIndexMeta = {
    schema_version: SNAPSHOT_SCHEMA_VERSION,
    code: await codeFingerprint(SERVING_CODE),
    geo: 'h3',
  };
  const file = path.join(dir, SERVING_INDEX_FILE);
  const sha256 = await writeObjectFile(file, meta, stored satisfies StoredIndex, CLASSES);
  return { file, sha256, reused: built.reused, fallback: built.fallback };
};

/** Why a serving index written with `meta` cannot serve `schemaVersion` with the `geo` index, or null. */
async function unusableReason(
  meta: ServingIndexMeta,
  schemaVersion: number,
  geo: NonNullable<BuildIndexOptions['geo']>,
): Promise<string | null> {
  if (meta.schema_version !== schemaVersion)
    return `written for schema version ${meta.schema_version}`;
  if (meta.code !== (await codeFingerprint(SERVING_CODE))) return 'written by other serving code';
  if (meta.geo !== geo) return `built with the ${meta.geo} geo index`;
  return null;
}

/**
 * The fields of a base's serving index an incremental publish copies per trial, and its
 * geo index, whose points' H3 cells it takes by coordinate.
 */
const RENDERED_FIELDS = [
  'nctIds',
  'listJson',
  'detailGzip',
  'detailCrc',
  'detailBytes',
  'locationsJson',
  'siteSpans',
  'geo',
  'sets',
  'text',
] as const;
type BaseRendering = Pick<StoredIndex, (typeof RENDERED_FIELDS)[number]>;

/**
 * The columns buildTrialIndexSteps reads of a trial outside rendering (sort orders, filter
 * sets, text index); what it reads of a reused trial's sites is in the base's index
 * (IndexedSites). A reused trial's rows hold only these: a column missing here changes its
 * index entries, which test/api/serving-index-incremental.test.ts finds.
 */
const TRIAL_INDEX_COLUMNS = [
  'nct_id',
  'brief_title',
  'official_title',
  'sponsor',
  'interventions',
  'conditions',
  'keywords',
  'status',
  'status_bucket',
  'phases',
  'study_type',
  'sex',
  'age_min',
  'age_max',
  'admitted_types',
  'nsclc_stages',
  'sclc_stages',
  'first_posted',
  'last_updated',
  'study_start',
];

/**
 * The index of an incremental run's snapshot, byte for byte the one a full build of the
 * same rows writes. A carried trial whose flags are the base's (the clock rules may change
 * them) and which the base's serving index holds keeps that index's bodies and
 * what the index reads of its sites (IndexedSites), and only the TRIAL_INDEX_COLUMNS of its
 * row are read; other carried trials are read whole and rendered. The global parts (filter sets, orders,
 * geo and text indexes) are built over every trial. A base without a serving index this
 * code can use renders every trial (`fallback` says why).
 */
async function incrementalIndex(
  tables: SnapshotTables,
  carryOver: NonNullable<ServingIndexInput['carryOver']>,
): Promise<{ index: TrialIndex; reused: number; fallback: string | null }> {
  const carried = [...carryOver.carried];
  const table = (t: TableName) => path.join(carryOver.dir, parquetFileName(t));
  const opened = await openBase(carryOver.dir);
  // The base's file is read (and hashed on a worker thread) while DuckDB reads the
  // carried trials' index columns: every carried trial's unless the base's checksum fails.
  const [base, columns] = await Promise.all([
    'file' in opened ? baseRendering(carryOver.dir, opened.file) : opened,
    'file' in opened ? readIndexColumns(carryOver.dir, carried) : null,
  ]);
  const reusable = new Set<string>();
  if (base.rendering && columns) {
    const inBase = new Set(base.rendering.nctIds);
    const flags = flagsById(tables.flags);
    for (const id of carried)
      if (inBase.has(id) && columns.flags.get(id) === flags.get(id)) reusable.add(id);
  }
  const rendered = carried.filter((id) => !reusable.has(id));
  const whole =
    rendered.length === 0
      ? { trials: [], sites: [] }
      : await withDuckDB(async (con) => ({
          trials: await readTableParquet(con, 'trials', table('trials'), { ids: rendered }),
          sites: await readTableParquet(con, 'sites', table('sites'), { ids: rendered }),
        }));
  const reused = <T extends { nct_id: string | null }>(rows: readonly T[]) =>
    rows.filter((r) => reusable.has(r.nct_id!));
  const all: SnapshotTables = {
    ...tables,
    trials: tables.trials.concat(whole.trials, reused(columns?.trials ?? [])),
    sites: tables.sites.concat(whole.sites),
  };
  const rankOf = new Map(base.rendering?.nctIds.map((id, rank) => [id, rank]));
  const renderedParts =
    base.rendering && columns
      ? renderedFrom(base.rendering, rankOf, reusable, columns.siteCounts)
      : undefined;
  // The 'h3' geo index (unusableReason): its buckets hold every base point's cells.
  const knownCells = (base.rendering?.geo.candidates as H3GeoCandidates | undefined)?.knownCells();
  // Every carried trial's row is the one the base's index was built from (flags aside).
  const earlier =
    base.rendering && columns
      ? { text: base.rendering.text, rankOf: sameRows(rankOf, carryOver.carried) }
      : undefined;
  const index = await buildTrialIndexInSlices(all, {
    rendered: renderedParts,
    knownCells,
    earlier,
  });
  return { index, reused: reusable.size, fallback: base.reason };
}

/**
 * What the index reads of the carried trials' rows outside the parts it copies (rows to
 * that extent), each trial's site count in the base's Parquet (which the publish copies
 * its sites from), and the base's flags, which decide whether a trial's bodies can be copied.
 */
async function readIndexColumns(
  dir: string,
  ids: readonly string[],
): Promise<{ flags: Map<string, string>; trials: TrialRow[]; siteCounts: Map<string, number> }> {
  const table = (t: TableName) => path.join(dir, parquetFileName(t));
  return withDuckDB(async (con) => ({
    flags: flagsById(await readTableParquet(con, 'flags', table('flags'))),
    siteCounts: await siteCounts(con, table('sites')),
    trials: await readTableParquet(con, 'trials', table('trials'), {
      ids,
      columns: TRIAL_INDEX_COLUMNS,
    }),
  }));
}

/** Each trial's flag rows as one JSON text (rows in the reader's form compare as text). */
function flagsById(flags: readonly FlagRow[]): Map<string, string> {
  const by = new Map<string, FlagRow[]>();
  for (const f of flags) {
    if (f.nct_id === null) continue;
    let list = by.get(f.nct_id);
    if (!list) by.set(f.nct_id, (list = []));
    list.push(f);
  }
  return new Map([...by].map(([id, rows]) => [id, JSON.stringify(rows)]));
}

type Unusable = { rendering: null; reason: string };
const unusable = (dir: string, reason: string): Unusable => ({
  rendering: null,
  reason: `base ${dir}: ${reason}`,
});

/**
 * A base's serving index opened (its header read) when this code can use it, else why
 * not: decided before its ~250 MB are read.
 */
async function openBase(dir: string): Promise<{ file: ObjectFile<ServingIndexMeta> } | Unusable> {
  try {
    const manifest = await readManifest(dir);
    if (!manifest.checksums?.[SERVING_INDEX_FILE]) return unusable(dir, `no ${SERVING_INDEX_FILE}`);
    const file = await openObjectFile<ServingIndexMeta>(
      path.join(dir, SERVING_INDEX_FILE),
      CLASSES,
    );
    const reason = await unusableReason(file.meta, SNAPSHOT_SCHEMA_VERSION, 'h3');
    if (!reason) return { file };
    await file.close();
    return unusable(dir, `its ${SERVING_INDEX_FILE} was ${reason}`);
  } catch (err) {
    return unusable(dir, `cannot read its ${SERVING_INDEX_FILE}: ${(err as Error).message}`);
  }
}

/** An opened base's per-trial parts once read and checked against its manifest, else why not. */
async function baseRendering(
  dir: string,
  file: ObjectFile<ServingIndexMeta>,
): Promise<{ rendering: BaseRendering; reason: null } | Unusable> {
  try {
    const expected = (await readManifest(dir)).checksums?.[SERVING_INDEX_FILE];
    const fields = (await file.fields(RENDERED_FIELDS)) as unknown as BaseRendering;
    if (file.sha256() !== expected)
      return unusable(dir, `${SERVING_INDEX_FILE} does not match its checksum`);
    return { rendering: fields, reason: null };
  } catch (err) {
    return unusable(dir, `cannot read its ${SERVING_INDEX_FILE}: ${(err as Error).message}`);
  }
}

/** Sites per trial in a sites Parquet file. */
async function siteCounts(con: DuckDBConnection, file: string): Promise<Map<string, number>> {
  const result = await con.runAndReadAll(
    `SELECT nct_id, count(*)::INTEGER FROM read_parquet(${quoteLiteral(file)}) GROUP BY nct_id`,
  );
  return new Map(result.getRows().map(([id, n]) => [id as string, n as number]));
}

/**
 * BuildIndexOptions.rendered over a base's index, for the trials in `reusable`, given how
 * many sites each has in the base's Parquet.
 */
function renderedFrom(
  base: BaseRendering,
  rankOf: ReadonlyMap<string, number>,
  reusable: ReadonlySet<string>,
  siteCount: ReadonlyMap<string, number>,
): NonNullable<BuildIndexOptions['rendered']> {
  const spans = base.siteSpans;
  const geo = geoPairsByRank(base);
  // Each rank's states in the sets' order, from one walk over each state's set.
  const states: string[][] = base.nctIds.map(() => []);
  for (const [state, set] of base.sets.state) set.forEach((r) => states[r].push(state));
  return (id) => {
    if (!reusable.has(id)) return null;
    const r = rankOf.get(id)!;
    const from = spans.siteStart[r];
    const to = spans.siteStart[r + 1];
    const count = siteCount.get(id) ?? 0;
    // Carried sites are the base's: another count means the base changed under the run.
    if (to - from !== count)
      throw new Error(`trial ${id}: ${count} sites, its base index has ${to - from}`);
    const json: TrialJson = {
      list: base.listJson[r],
      detailGzip: base.detailGzip[r],
      detailCrc: base.detailCrc[r],
      detailBytes: base.detailBytes[r],
      locations: base.locationsJson[r],
      siteStart: spans.siteJsonStart.subarray(from, to),
      siteEnd: spans.siteJsonEnd.subarray(from, to),
      sampleStart: spans.sampleStart[r],
      sampleEnd: spans.sampleEnd[r],
    };
    const sites: IndexedSites = {
      count,
      x: spans.siteX.subarray(from, to),
      y: spans.siteY.subarray(from, to),
      z: spans.siteZ.subarray(from, to),
      states: states[r],
      us: base.sets.usSite.has(r),
      nonUs: base.sets.nonUsSite.has(r),
      ...geo(r, from),
    };
    return { json, sites };
  };
}

/** The base ranks of the carried trials (`rankOf`: every base trial's). */
function sameRows(
  rankOf: ReadonlyMap<string, number>,
  carried: ReadonlySet<string>,
): Map<string, number> {
  const out = new Map<string, number>();
  for (const id of carried) {
    const rank = rankOf.get(id);
    if (rank !== undefined) out.set(id, rank);
  }
  return out;
}

/**
 * A base rank's geo pairs (IndexedSites' geo fields), its sites numbered from `from`: the
 * base's pairs grouped by point, regrouped by trial once, in site order.
 */
function geoPairsByRank(
  base: BaseRendering,
): (
  r: number,
  from: number,
) => Pick<IndexedSites, 'geoSite' | 'geoLat' | 'geoLon' | 'geoKnownPoint'> {
  const { points, pairStart, pairRank, pairSite } = base.geo;
  const size = base.nctIds.length;
  const start = new Int32Array(size + 1);
  for (let k = 0; k < pairRank.length; k++) start[pairRank[k] + 1]++;
  for (let r = 0; r < size; r++) start[r + 1] += start[r];
  const next = start.slice(0, size);
  const site = new Int32Array(pairRank.length);
  const point = new Int32Array(pairRank.length);
  for (let p = 0; p < points.count; p++) {
    for (let k = pairStart[p]; k < pairStart[p + 1]; k++) {
      const at = next[pairRank[k]]++;
      site[at] = pairSite[k];
      point[at] = p;
    }
  }
  return (r, from) => {
    const order = Array.from({ length: start[r + 1] - start[r] }, (_x, j) => start[r] + j);
    order.sort((a, b) => site[a] - site[b]);
    return {
      geoSite: Int32Array.from(order, (k) => site[k] - from),
      geoLat: Float64Array.from(order, (k) => points.lat[point[k]]),
      geoLon: Float64Array.from(order, (k) => points.lon[point[k]]),
      geoKnownPoint: Int32Array.from(order, (k) => point[k]),
    };
  };
}

export type ServingIndexRead = { index: TrialIndex } | { index: null; reason: string };

/**
 * The snapshot's serving index, or null with the reason it cannot serve (none written,
 * other code, other options): the caller then builds the index from the tables. Throws
 * SnapshotIntegrityError when the file's sha256 is not the manifest's.
 */
export async function readServingIndex(
  dir: string,
  manifest: SnapshotManifest,
  opts: BuildIndexOptions = {},
): Promise<ServingIndexRead> {
  const expected = manifest.checksums?.[SERVING_INDEX_FILE];
  if (!expected) return { index: null, reason: `no ${SERVING_INDEX_FILE}` };
  const file = await openObjectFile<ServingIndexMeta>(path.join(dir, SERVING_INDEX_FILE), CLASSES);
  const reason = await unusableReason(file.meta, manifest.schema_version, opts.geo ?? 'h3');
  if (reason) {
    await file.close();
    return { index: null, reason };
  }
  const stored = (await file.fields()) as unknown as StoredIndex;
  if (file.sha256() !== expected) {
    throw new SnapshotIntegrityError(
      `snapshot ${dir}: checksum mismatch for ${SERVING_INDEX_FILE} (manifest ${expected}, file ${file.sha256()})`,
    );
  }
  const index: TrialIndex = {
    ...stored,
    scratch: { best: new Float64Array(stored.size), bestPair: new Int32Array(stored.size) },
  };
  return { index };
}

export interface OpenedIndex {
  manifest: SnapshotManifest;
  index: TrialIndex;
  /** Null when read from the serving index, else why the index was built from the tables. */
  built: string | null;
}

/**
 * A snapshot folder's manifest and index: its serving index when it can serve, else
 * `build` over the Parquet tables (checked against the manifest either way).
 */
export async function openSnapshotIndex(
  dir: string,
  opts: BuildIndexOptions,
  build: (tables: SnapshotTables) => Promise<TrialIndex>,
): Promise<OpenedIndex> {
  const manifest = await readManifest(dir);
  // The serving index is hashed while it is read (readServingIndex), not twice.
  await verifyChecksums(dir, manifest, [SERVING_INDEX_FILE]);
  const served = await readServingIndex(dir, manifest, opts);
  if (served.index) return { manifest, index: served.index, built: null };
  const tables = await readSnapshotTables(dir);
  checkRowCounts(dir, manifest, tables);
  return { manifest, index: await build(tables), built: served.reason };
}
