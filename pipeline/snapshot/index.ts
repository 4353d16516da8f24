export { publishSnapshot, type PublishOptions, type PublishResult } from './publish.js';
export { readSnapshot, readManifest, verifyChecksums, SnapshotIntegrityError } from './read.js';
export { resolveLatest, listVersions, switchLatest, LATEST_POINTER } from './versions.js';
export { TABLE_SCHEMAS, parquetFileName, MANIFEST_FILE, type ColumnDef } from './schema.js';
