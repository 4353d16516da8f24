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
import type { SnapshotTables } from '../../domain/rows.js';
import { SERVING_INDEX_FILE } from '../../snapshot/schema.js';
import { SNAPSHOT_SCHEMA_VERSION } from '../../domain/rows.js';
import { Bitset } from './bitset.js';
import {
  BruteForceGeoCandidates,
  H3GeoCandidates,
  PointDistances,
  UnitVectors,
} from './geo-candidates.js';
import { CellLevel, TrialCells } from './geo-trial-cells.js';
import { buildTrialIndex, type BuildIndexOptions, type TrialIndex } from './trial-index.js';

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

/** A writer of a snapshot folder's serving index: what the pipeline's publish is handed. */
export type ServingIndexWriter = (dir: string) => Promise<string>;

/**
 * Reads the Parquet tables just written into `dir`, builds the index from them exactly as
 * the API would, and writes it beside them; returns the file's path.
 */
export const writeServingIndex: ServingIndexWriter = async (dir) => {
  const tables = await readSnapshotTables(dir);
  const { scratch: _scratch, ...stored } = buildTrialIndex(tables);
  const meta: ServingIndexMeta = {
    schema_version: SNAPSHOT_SCHEMA_VERSION,
    code: await codeFingerprint(SERVING_CODE),
    geo: 'h3',
  };
  const file = path.join(dir, SERVING_INDEX_FILE);
  await writeObjectFile(file, meta, stored satisfies StoredIndex, CLASSES);
  return file;
};

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
  const { meta } = file;
  const reason =
    meta.schema_version !== manifest.schema_version
      ? `written for schema version ${meta.schema_version}`
      : meta.code !== (await codeFingerprint(SERVING_CODE))
        ? 'written by other serving code'
        : meta.geo !== (opts.geo ?? 'h3')
          ? `built with the ${meta.geo} geo index`
          : null;
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
