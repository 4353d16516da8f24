/** The snapshot format both halves share: the pipeline writes it (pipeline/publish/publish.ts), the API reads it. */
export {
  readSnapshot,
  readSnapshotTables,
  checkRowCounts,
  readManifest,
  readChanges,
  verifyChecksums,
  SnapshotIntegrityError,
} from './read.js';
export { resolveLatest, listVersions, switchLatest, LATEST_POINTER } from './versions.js';
export {
  TABLE_SCHEMAS,
  parquetFileName,
  MANIFEST_FILE,
  SERVING_INDEX_FILE,
  type ColumnDef,
} from './schema.js';
