/**
 * Reads a published snapshot back into the row types of domain/rows.ts, after checking
 * every file against the manifest's sha256: a torn or tampered file must fail loudly,
 * not serve half a dataset.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  DERIVED_TABLE_NAMES,
  OLDEST_READABLE_SCHEMA_VERSION,
  SNAPSHOT_SCHEMA_VERSION,
  TABLE_NAMES,
  type ChangeRow,
  type SnapshotManifest,
  type SnapshotTables,
} from '../domain/rows.js';
import { sha256File } from './checksum.js';
import { withDuckDB } from './duckdb.js';
import { readTableParquet } from './parquet-table.js';
import { MANIFEST_FILE, parquetFileName, SERVING_INDEX_FILE } from './schema.js';

export class SnapshotIntegrityError extends Error {
  override name = 'SnapshotIntegrityError';
}

export async function readManifest(dir: string): Promise<SnapshotManifest> {
  const file = path.join(dir, MANIFEST_FILE);
  let manifest: SnapshotManifest;
  try {
    manifest = JSON.parse(await fs.readFile(file, 'utf8')) as SnapshotManifest;
  } catch (err) {
    throw new SnapshotIntegrityError(
      `snapshot ${dir}: cannot read ${MANIFEST_FILE}: ${(err as Error).message}`,
      { cause: err },
    );
  }
  const v = manifest.schema_version;
  if (!(v >= OLDEST_READABLE_SCHEMA_VERSION && v <= SNAPSHOT_SCHEMA_VERSION)) {
    throw new SnapshotIntegrityError(
      `snapshot ${dir}: schema_version ${v} is not supported ` +
        `(this code reads ${OLDEST_READABLE_SCHEMA_VERSION} to ${SNAPSHOT_SCHEMA_VERSION})`,
    );
  }
  return manifest;
}

/**
 * Throws SnapshotIntegrityError naming the first file whose sha256 differs from the manifest.
 * `except`: files the caller hashes itself while reading them (the serving index).
 */
export async function verifyChecksums(
  dir: string,
  manifest: SnapshotManifest,
  except: readonly string[] = [],
): Promise<void> {
  // A derived table is checked when the manifest lists it (snapshots before it have none).
  const derived = DERIVED_TABLE_NAMES.filter((t) => manifest.checksums?.[parquetFileName(t)]);
  // So is the serving index (schema version 6 on, optional).
  const serving = manifest.checksums?.[SERVING_INDEX_FILE] ? [SERVING_INDEX_FILE] : [];
  const names = [...[...TABLE_NAMES, ...derived].map(parquetFileName), ...serving];
  for (const name of names.filter((n) => !except.includes(n))) {
    const expected = manifest.checksums?.[name];
    if (!expected)
      throw new SnapshotIntegrityError(`snapshot ${dir}: manifest has no checksum for ${name}`);
    let actual: string;
    try {
      actual = await sha256File(path.join(dir, name));
    } catch (err) {
      throw new SnapshotIntegrityError(
        `snapshot ${dir}: cannot read ${name}: ${(err as Error).message}`,
        { cause: err },
      );
    }
    if (actual !== expected) {
      throw new SnapshotIntegrityError(
        `snapshot ${dir}: checksum mismatch for ${name} (manifest ${expected}, file ${actual})`,
      );
    }
  }
}

export async function readSnapshot(
  dir: string,
): Promise<{ manifest: SnapshotManifest; tables: SnapshotTables }> {
  const manifest = await readManifest(dir);
  await verifyChecksums(dir, manifest);
  const tables = await readSnapshotTables(dir);
  checkRowCounts(dir, manifest, tables);
  return { manifest, tables };
}

export function checkRowCounts(
  dir: string,
  manifest: SnapshotManifest,
  tables: SnapshotTables,
): void {
  for (const table of TABLE_NAMES) {
    if (tables[table].length !== manifest.row_counts[table]) {
      throw new SnapshotIntegrityError(
        `snapshot ${dir}: ${table} has ${tables[table].length} rows, manifest says ${manifest.row_counts[table]}`,
      );
    }
  }
}

/**
 * The tables of a snapshot folder's Parquet files, unchecked: readSnapshot checks them
 * against the manifest; the publish reads back the files it has just written.
 */
export async function readSnapshotTables(dir: string): Promise<SnapshotTables> {
  return withDuckDB(async (con) => {
    const out: Partial<SnapshotTables> = {};
    for (const table of TABLE_NAMES) {
      (out as Record<string, unknown>)[table] = await readTableParquet(
        con,
        table,
        path.join(dir, parquetFileName(table)),
      );
    }
    return out as SnapshotTables;
  });
}

/**
 * The snapshot's change feed (`changes.parquet`, checked by verifyChecksums with the rest),
 * or null for a snapshot published before the feed existed.
 */
export async function readChanges(
  dir: string,
  manifest: SnapshotManifest,
): Promise<ChangeRow[] | null> {
  if (manifest.changes_since === undefined) return null;
  const file = path.join(dir, parquetFileName('changes'));
  return withDuckDB((con) => readTableParquet(con, 'changes', file));
}
