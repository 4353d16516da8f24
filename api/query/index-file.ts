/**
 * The serving index as a snapshot file (SERVING_INDEX_FILE, schema version 6): the publish
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
import { openObjectFile, writeObjectFile, type ClassTable } from '../../snapshot/object-file.js';
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
  type SiteRow,
  type SnapshotTables,
  type TableName,
} from '../../domain/rows.js';
import { withDuckDB } from '../../snapshot/duckdb.js';
import { readerForm, readTableColumns, readTableParquet } from '../../snapshot/parquet-table.js';
import { parquetFileName, SERVING_INDEX_FILE } from '../../snapshot/schema.js';
import type { ServingIndexInput, ServingIndexWriter } from '../../snapshot/serving-index.js';
import { Bitset } from './bitset.js';
import {
  BruteForceGeoCandidates,
  H3GeoCandidates,
  PointDistances,
  UnitVectors,
} from './geo-candidates.js';
import { CellLevel, TrialCells } from './geo-trial-cells.js';
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
 * Parquet and their bodies, evidence and site spans from its serving index
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
  'detailJson',
  'evidence',
  'siteSpans',
  'geo',
] as const;
type BaseRendering = Pick<StoredIndex, (typeof RENDERED_FIELDS)[number]>;

/**
 * The columns buildTrialIndexSteps reads outside rendering (bodies and evidence): of a
 * trial (sort orders, filter sets, text index) and of a site (filter sets, geo index, unit
 * vectors). A reused trial's rows hold only these: a column missing here changes its index
 * entries, which test/api/serving-index-incremental.test.ts finds.
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
const SITE_INDEX_COLUMNS = ['nct_id', 'site_index', 'country', 'state', 'latitude', 'longitude'];

/**
 * The index of an incremental run's snapshot, byte for byte the one a full build of the
 * same rows writes. A carried trial whose flags are the base's (the clock rules may change
 * them) and which the base's serving index holds keeps that index's bodies, evidence and
 * site spans, and only the TRIAL_INDEX_COLUMNS of its row and the SITE_INDEX_COLUMNS of
 * its sites are read; other carried trials are read whole and rendered. The global parts (filter sets, orders,
 * geo and text indexes) are built over every trial. A base without a serving index this
 * code can use renders every trial (`fallback` says why).
 */
async function incrementalIndex(
  tables: SnapshotTables,
  carryOver: NonNullable<ServingIndexInput['carryOver']>,
): Promise<{ index: TrialIndex; reused: number; fallback: string | null }> {
  const base = await baseRendering(carryOver.dir);
  const carried = [...carryOver.carried];
  const table = (t: TableName) => path.join(carryOver.dir, parquetFileName(t));
  const reusable = new Set<string>();
  const read = await withDuckDB(async (con) => {
    if (base.rendering) {
      const inBase = new Set(base.rendering.nctIds);
      const baseFlags = flagsById(await readTableParquet(con, 'flags', table('flags')));
      const flags = flagsById(tables.flags);
      for (const id of carried)
        if (inBase.has(id) && baseFlags.get(id) === flags.get(id)) reusable.add(id);
    }
    const rendered = carried.filter((id) => !reusable.has(id));
    const ids = [...reusable];
    const sites = await readTableColumns(con, 'sites', table('sites'), SITE_INDEX_COLUMNS, ids);
    return {
      trials: await readTableParquet(con, 'trials', table('trials'), { ids: rendered }),
      sites: await readTableParquet(con, 'sites', table('sites'), { ids: rendered }),
      // Only what the index reads outside the parts it copies: rows to that extent.
      reusedTrials: await readTableParquet(con, 'trials', table('trials'), {
        ids,
        columns: TRIAL_INDEX_COLUMNS,
      }),
      reusedSites: sites as unknown as SiteRow[],
    };
  });
  const all: SnapshotTables = {
    ...tables,
    trials: tables.trials.concat(read.trials, read.reusedTrials),
    sites: tables.sites.concat(read.sites, read.reusedSites),
  };
  const rendered = base.rendering ? renderedFrom(base.rendering, reusable) : undefined;
  // The 'h3' geo index (unusableReason): its buckets hold every base point's cells.
  const knownCells = (base.rendering?.geo.candidates as H3GeoCandidates | undefined)?.knownCells();
  const index = await buildTrialIndexInSlices(all, { rendered, knownCells });
  return { index, reused: reusable.size, fallback: base.reason };
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

/** A base's serving index's per-trial parts, or null with the reason they cannot be used. */
async function baseRendering(
  dir: string,
): Promise<{ rendering: BaseRendering; reason: null } | { rendering: null; reason: string }> {
  const none = (reason: string) => ({ rendering: null, reason: `base ${dir}: ${reason}` });
  try {
    const manifest = await readManifest(dir);
    const expected = manifest.checksums?.[SERVING_INDEX_FILE];
    if (!expected) return none(`no ${SERVING_INDEX_FILE}`);
    const file = await openObjectFile<ServingIndexMeta>(
      path.join(dir, SERVING_INDEX_FILE),
      CLASSES,
    );
    const reason = await unusableReason(file.meta, SNAPSHOT_SCHEMA_VERSION, 'h3');
    if (reason) {
      await file.close();
      return none(`its ${SERVING_INDEX_FILE} was ${reason}`);
    }
    const fields = (await file.fields(RENDERED_FIELDS)) as unknown as BaseRendering;
    if (file.sha256() !== expected)
      return none(`${SERVING_INDEX_FILE} does not match its checksum`);
    return { rendering: fields, reason: null };
  } catch (err) {
    return none(`cannot read its ${SERVING_INDEX_FILE}: ${(err as Error).message}`);
  }
}

/** BuildIndexOptions.rendered over a base's index, for the trials in `reusable`. */
function renderedFrom(
  base: BaseRendering,
  reusable: ReadonlySet<string>,
): NonNullable<BuildIndexOptions['rendered']> {
  const rankOf = new Map(base.nctIds.map((id, rank) => [id, rank]));
  const spans = base.siteSpans;
  return (id, siteCount) => {
    if (!reusable.has(id)) return null;
    const r = rankOf.get(id)!;
    const from = spans.siteStart[r];
    const to = spans.siteStart[r + 1];
    // Carried sites are the base's: another count means the base changed under the run.
    if (to - from !== siteCount)
      throw new Error(`trial ${id}: ${siteCount} sites, its base index has ${to - from}`);
    const json: TrialJson = {
      list: base.listJson[r],
      detail: base.detailJson[r],
      siteStart: spans.siteJsonStart.subarray(from, to),
      siteEnd: spans.siteJsonEnd.subarray(from, to),
      sampleStart: spans.sampleStart[r],
      sampleEnd: spans.sampleEnd[r],
    };
    return { json, evidence: base.evidence[r] };
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
