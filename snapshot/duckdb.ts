import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';

/**
 * Runs `fn` on a fresh in-memory DuckDB and closes it afterwards, also on error, so a
 * long-lived API or worker process never accumulates native handles.
 */
export async function withDuckDB<T>(fn: (con: DuckDBConnection) => Promise<T>): Promise<T> {
  const instance = await DuckDBInstance.create(':memory:');
  const con = await instance.connect();
  try {
    return await fn(con);
  } finally {
    con.closeSync();
    instance.closeSync();
  }
}
