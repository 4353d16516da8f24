/**
 * One snapshot table <-> one zstd Parquet file. Rows go to DuckDB as NDJSON read with
 * explicit typed columns and straight into COPY (the fastest bulk path measured here) and
 * come back as one `to_json` text per row, which keeps DATE as 'YYYY-MM-DD', lists as arrays
 * and doubles bit-exact.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import fs from 'node:fs/promises';
import { LIST, listValue, VARCHAR, type DuckDBConnection } from '@duckdb/node-api';
import type { SnapshotFileRows, SnapshotFileTable } from '../domain/rows.js';
import {
  emptySelectSql,
  quoteLiteral,
  quoteIdent,
  readJsonColumnsSql,
  rowSerializer,
  selectListSql,
  TABLE_SCHEMAS,
} from './schema.js';

/**
 * Bytes of NDJSON staged per write. Each row's line is encoded into one reused buffer, so no
 * line outlives its row: lines joined into one string per batch of rows made a string of
 * megabytes per write, which V8 allocates in the old generation (large-object space), where
 * only a full collection frees it; at full scale the batches piled up ~400 MB of heap
 * before one ran.
 */
const STAGING_BYTES = 4 * 2 ** 20;

/** Writes `rows` as NDJSON lines to `file`. */
async function writeNdjson(
  file: string,
  rows: readonly object[],
  serialize: (row: object, index: number) => string,
): Promise<void> {
  const fh = await fs.open(file, 'w');
  try {
    const buf = Buffer.allocUnsafe(STAGING_BYTES);
    let used = 0;
    for (let i = 0; i < rows.length; i++) {
      const line = serialize(rows[i], i) + '\n';
      // A UTF-8 byte takes at most 3 bytes per UTF-16 unit: checked without measuring first.
      if (used + line.length * 3 > buf.length) {
        await fh.write(buf, 0, used);
        used = 0;
      }
      if (line.length * 3 > buf.length) await fh.write(line);
      else used += buf.write(line, used);
    }
    if (used > 0) await fh.write(buf, 0, used);
  } finally {
    await fh.close();
  }
}

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
  try {
    await writeNdjson(stagingFile, rows, rowSerializer(table));
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

/** `WHERE nct_id IN $ids` when `ids` is given, with its bound value. */
function onlyTrials(ids: readonly string[] | undefined): {
  where: string;
  values?: { ids: ReturnType<typeof listValue> };
  types?: { ids: ReturnType<typeof LIST> };
} {
  if (!ids) return { where: '' };
  return {
    where: ' WHERE nct_id IN (SELECT unnest($ids))',
    values: { ids: listValue([...ids]) },
    types: { ids: LIST(VARCHAR) },
  };
}

/**
 * Reads `file` back as rows of `table`, in file order: only the rows of trials `ids` when
 * given, and only `columns` (rows then hold just those keys) when given.
 */
export async function readTableParquet<T extends SnapshotFileTable>(
  con: DuckDBConnection,
  table: T,
  file: string,
  opts: { ids?: readonly string[]; columns?: readonly string[] } = {},
): Promise<SnapshotFileRows[T]> {
  const out: unknown[] = [];
  const only = onlyTrials(opts.ids);
  const select = opts.columns ? columnList(table, opts.columns) : selectListSql(table);
  try {
    // Streamed a chunk at a time: a materialised result held every row's JSON text in
    // DuckDB at once (~300 MB native for the full-scale sites table), which the process
    // kept resident after the instance closed (bench/README.md, memory breakdown).
    const rows = `SELECT ${select} FROM read_parquet(${quoteLiteral(file)})${only.where}`;
    const result = await con.stream(
      `SELECT to_json(t)::VARCHAR FROM (${rows}) t`,
      only.values,
      only.types,
    );
    for (;;) {
      const chunk = await result.fetchChunk();
      if (!chunk || chunk.rowCount === 0) break;
      const vector = chunk.getColumnVector(0);
      // rowCount is a native call: read once a chunk, not once a row.
      const count = chunk.rowCount;
      for (let i = 0; i < count; i++) out.push(JSON.parse(vector.getItem(i) as string));
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

/** `columns` of `table` for a SELECT list; throws for a name the table does not have. */
function columnList(table: SnapshotFileTable, columns: readonly string[]): string {
  const known = new Set(TABLE_SCHEMAS[table].map((c) => c.name));
  const unknown = columns.filter((c) => !known.has(c));
  if (unknown.length > 0) throw new Error(`table ${table} has no column ${unknown.join(', ')}`);
  return columns.map(quoteIdent).join(', ');
}

/**
 * `rows` as readTableParquet would return them once written: every column of the table
 * in schema order (a missing or undefined value null, other keys dropped), and each
 * STRUCT list's objects with their fields in the struct's order (missing ones null).
 * Rows already in that form are kept as they are (no copy); only the others are
 * rebuilt, so an index built from rows in memory is the one built from the files.
 */
export function readerForm<T extends SnapshotFileTable>(
  table: T,
  rows: SnapshotFileRows[T],
): SnapshotFileRows[T] {
  const cols = TABLE_SCHEMAS[table];
  const names = cols.map((c) => c.name);
  const structKeys = cols.map((c) => {
    const keys = [...c.type.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
    return keys.length > 0 ? keys : null;
  });
  let out: unknown[] | null = null;
  const list = rows as unknown as readonly Record<string, unknown>[];
  for (let i = 0; i < list.length; i++) {
    const row = list[i];
    if (!inReaderForm(row, names, structKeys)) {
      out ??= list.slice();
      out[i] = rebuilt(row, names, structKeys);
    }
  }
  return (out ?? rows) as SnapshotFileRows[T];
}

function sameKeys(o: object, keys: readonly string[]): boolean {
  let i = 0;
  for (const k in o) if (k !== keys[i++]) return false;
  return i === keys.length;
}

function inReaderForm(
  row: Record<string, unknown>,
  names: readonly string[],
  structKeys: readonly (string[] | null)[],
): boolean {
  if (!sameKeys(row, names)) return false;
  for (let c = 0; c < names.length; c++) {
    const v = row[names[c]];
    if (v === undefined) return false;
    const keys = structKeys[c];
    if (keys && Array.isArray(v)) {
      for (const x of v as unknown[]) {
        if (x === null || typeof x !== 'object' || !sameKeys(x, keys)) return false;
        for (const k of keys) if ((x as Record<string, unknown>)[k] === undefined) return false;
      }
    }
  }
  return true;
}

function rebuilt(
  row: Record<string, unknown>,
  names: readonly string[],
  structKeys: readonly (string[] | null)[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  names.forEach((name, c) => {
    const v = row[name] ?? null;
    const keys = structKeys[c];
    out[name] =
      keys && Array.isArray(v)
        ? v.map((x: Record<string, unknown> | null) =>
            x === null ? null : Object.fromEntries(keys.map((k) => [k, x[k] ?? null])),
          )
        : v;
  });
  return out;
}
