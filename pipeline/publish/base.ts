/**
 * The snapshot an incremental refresh builds on: the one `latest` points at, when the same
 * pipeline code published it (its manifest's `pipeline_code`) and its table files match
 * their checksums. Rows of trials whose input did not change are carried over from it instead of
 * being mapped, enriched, geocoded and serialised again.
 */
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { TableName } from '../../domain/rows.js';
import { readManifest, resolveLatest, verifyChecksums } from '../../snapshot/index.js';
import { PermanentStageError } from '../errors.js';
import { parquetFileName, quoteLiteral, SERVING_INDEX_FILE } from '../../snapshot/schema.js';

/** input_summary key holding the fingerprint of the code that built the snapshot. */
export const PIPELINE_CODE_KEY = 'pipeline_code';

export interface SnapshotBase {
  version: string;
  dir: string;
}

/** The snapshot to carry rows over from, or null (none yet, other code, damaged files). */
export async function findBase(root: string, code: string): Promise<SnapshotBase | null> {
  let latest: SnapshotBase | null;
  try {
    latest = await resolveLatest(root);
  } catch {
    // No readable snapshot root: publishing will say why; building needs no base.
    return null;
  }
  if (!latest) return null;
  try {
    const manifest = await readManifest(latest.dir);
    if (manifest.input_summary[PIPELINE_CODE_KEY] !== code) return null;
    // Not the serving index (~250 MB): the publish's writer hashes it as it reads it, and a
    // damaged one only makes it render every trial again; rows are what is carried here.
    await verifyChecksums(latest.dir, manifest, [SERVING_INDEX_FILE]);
  } catch {
    // Unreadable or damaged: the run builds every trial, as without a snapshot.
    return null;
  }
  return latest;
}

/**
 * Throws PermanentStageError when `base` is gone: another run's retention may remove it
 * after the enrich stage chose it, and no retry of this run can bring its rows back.
 */
export async function requireBase(base: SnapshotBase, carried: number): Promise<void> {
  const present = await readManifest(base.dir).then(
    () => true,
    () => false,
  );
  if (!present)
    throw new PermanentStageError(
      `snapshot ${base.version}, which this run carries ${carried} trials over from, is gone; ` +
        'start a new run',
    );
}

/** `read_parquet('<dir>/<table>.parquet')` for a FROM clause. */
export function baseTable(base: SnapshotBase, table: TableName): string {
  return `read_parquet(${quoteLiteral(path.join(base.dir, parquetFileName(table)))})`;
}

/**
 * The rows of a query as the snapshot reader sees them (DATE as 'YYYY-MM-DD', lists as
 * arrays, doubles exact), through DuckDB's `to_json`.
 */
export async function queryRows<T>(con: DuckDBConnection, sql: string): Promise<T[]> {
  const out: T[] = [];
  const result = await con.stream(`SELECT to_json(q)::VARCHAR FROM (${sql}) q`);
  for (;;) {
    const chunk = await result.fetchChunk();
    if (!chunk || chunk.rowCount === 0) break;
    const vector = chunk.getColumnVector(0);
    const count = chunk.rowCount;
    for (let i = 0; i < count; i++) out.push(JSON.parse(vector.getItem(i) as string) as T);
  }
  return out;
}
