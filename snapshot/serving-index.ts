/**
 * What the publish hands the serving-index writer (SERVING_INDEX_FILE) and gets back. The
 * writer is the API's code (api/query/index-file.ts), which pipeline/ may not import:
 * cli/ and workers/ pass it to the publish through the pipeline's dependencies.
 */
import type { SnapshotTables } from '../domain/rows.js';

export interface ServingIndexInput {
  /** The folder being published, its Parquet files already written. */
  dir: string;
  /**
   * The rows in memory: every row of the snapshot, except that with `carryOver` the
   * `trials` and `sites` tables hold only the built trials' rows.
   */
  tables: SnapshotTables;
  /** The base snapshot of an incremental run and the trials whose rows come from it. */
  carryOver?: { dir: string; carried: ReadonlySet<string> };
}

export interface ServingIndexOutput {
  /** The file written (in `dir`). */
  file: string;
  /** Its sha256 (hex), hashed as it was written: the manifest's checksum, not read back. */
  sha256: string;
  /** Trials whose bodies and site spans were copied from the base's serving index. */
  reused: number;
  /** Why an incremental run rendered every trial again (the base's index could not serve), else null. */
  fallback: string | null;
}

export type ServingIndexWriter = (input: ServingIndexInput) => Promise<ServingIndexOutput>;
