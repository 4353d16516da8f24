/**
 * One snapshot table <-> one zstd Parquet file. Rows go to DuckDB as NDJSON read with
 * explicit typed columns and straight into COPY (the fastest bulk path measured here) and
 * come back as one `to_json` text per row, which keeps DATE as 'YYYY-MM-DD', lists as arrays
 * and doubles bit-exact.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import fs from 'node:fs/promises';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { SnapshotFileRows, SnapshotFileTable } from '../domain/rows.js';
import {
  emptySelectSql,
  quoteLiteral,
  readJsonColumnsSql,
  rowSerializer,
  selectListSql,
} from './schema.js';

const NDJSON_BATCH = 20_000;

/**
 * Writes `rows` to `file`; `stagingFile` is a scratch NDJSON path removed afterwards.
 * `compose` turns the query of those rows into the query written (rows from elsewhere
 * joined to them, an order), keeping the table's columns.
 */
export async function writeTableParquet<T extends SnapshotFileTable>(
  con: DuckDBConnection,
  table: T,
  rows: SnapshotFileRows[T],
  file: string,
  stagingFile: string,
  compose: (rowsSql: string) => string = (sql) => sql,
): Promise<void> {
  const serialize = rowSerializer(table);
  try {
    const fh = await fs.open(stagingFile, 'w');
    try {
      for (let i = 0; i < rows.length; i += NDJSON_BATCH) {
        const end = Math.min(rows.length, i + NDJSON_BATCH);
        const lines: string[] = [];
        for (let k = i; k < end; k++) lines.push(serialize(rows[k], k));
        await fh.write(lines.join('\n') + '\n');
      }
    } finally {
      await fh.close();
    }
    // An empty NDJSON file has no rows to infer from, and the typed columns need none:
    // an empty typed SELECT still writes the full schema.
    const source =
      rows.length > 0
        ? `SELECT ${selectListSql(table)} FROM read_json(${quoteLiteral(stagingFile)}, format = 'newline_delimited', ` +
          `columns = ${readJsonColumnsSql(table)}, maximum_object_size = 268435456)`
        : `SELECT ${emptySelectSql(table)} LIMIT 0`;
    await con.run(
      `COPY (${compose(source)}) TO ${quoteLiteral(file)} (FORMAT parquet, COMPRESSION zstd)`,
    );
  } catch (err) {
    throw new Error(`snapshot: cannot write table ${table}: ${(err as Error).message}`, {
      cause: err,
    });
  } finally {
    await fs.rm(stagingFile, { force: true });
  }
}

/** Reads `file` back as rows of `table`, in file order. */
export async function readTableParquet<T extends SnapshotFileTable>(
  con: DuckDBConnection,
  table: T,
  file: string,
): Promise<SnapshotFileRows[T]> {
  const out: unknown[] = [];
  try {
    // Streamed a chunk at a time: a materialised result held every row's JSON text in
    // DuckDB at once (~300 MB native for the full-scale sites table), which the process
    // kept resident after the instance closed (bench/README.md, memory breakdown).
    const result = await con.stream(
      `SELECT to_json(t)::VARCHAR FROM (SELECT ${selectListSql(table)} FROM read_parquet(${quoteLiteral(file)})) t`,
    );
    for (;;) {
      const chunk = await result.fetchChunk();
      if (!chunk || chunk.rowCount === 0) break;
      const vector = chunk.getColumnVector(0);
      for (let i = 0; i < chunk.rowCount; i++) out.push(JSON.parse(vector.getItem(i) as string));
      // One chunk (2,048 rows) at a time: an API reading its next snapshot keeps answering.
      await nextTurn();
    }
  } catch (err) {
    throw new Error(
      `snapshot: cannot read table ${table} from ${file}: ${(err as Error).message}`,
      { cause: err },
    );
  }
  return out as SnapshotFileRows[T];
}
