/**
 * Atomic publish of a snapshot: every file is written and fsynced inside a temp dir in
 * `root`, the dir is renamed to its version name, and only then does `latest` move. A
 * failure at any step removes the temp dir and leaves `latest` and older versions alone.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  SNAPSHOT_SCHEMA_VERSION,
  TABLE_NAMES,
  type SnapshotManifest,
  type SnapshotTables,
  type TableName,
} from '../../domain/rows.js';
import { sha256File } from '../../snapshot/checksum.js';
import { withDuckDB } from '../../snapshot/duckdb.js';
import { writeTableParquet } from '../../snapshot/parquet-table.js';
import {
  dataDictionary,
  dictionaryMarkdown,
  README_FILE,
  SCHEMA_FILE,
} from '../../snapshot/dictionary.js';
import { MANIFEST_FILE, parquetFileName } from '../../snapshot/schema.js';
import {
  fsyncDir,
  fsyncFile,
  pruneVersions,
  removeStaleTemps,
  switchLatest,
  tempName,
  versionCandidate,
} from '../../snapshot/versions.js';

export interface PublishOptions {
  /** Directory holding `<version>/` folders and the `latest` pointer; created if missing. */
  root: string;
  /** What the run was built from; stored in the manifest as is. */
  inputSummary?: Record<string, unknown>;
  /** Versions kept after this publish, `latest` always among them. @defaultValue 5 */
  keep?: number;
  /** Publish time, which names the version. @defaultValue new Date() */
  now?: Date;
}

export interface PublishResult {
  version: string;
  dir: string;
  manifest: SnapshotManifest;
}

/** A temp dir of unknown owner untouched for this long belongs to a killed publisher. */
const STALE_TEMP_MS = 6 * 60 * 60 * 1000;

export async function publishSnapshot(
  tables: SnapshotTables,
  opts: PublishOptions,
): Promise<PublishResult> {
  const keep = opts.keep ?? 5;
  if (!Number.isInteger(keep) || keep < 1)
    throw new Error(`publishSnapshot: keep must be an integer >= 1, got ${keep}`);
  const now = opts.now ?? new Date();
  await fs.mkdir(opts.root, { recursive: true });
  await removeStaleTemps(opts.root, STALE_TEMP_MS);

  const tmpDir = path.join(opts.root, tempName());
  await fs.mkdir(tmpDir);
  let placed: string | null = null;
  try {
    const files = await writeTables(tables, tmpDir);
    const row_counts = Object.fromEntries(TABLE_NAMES.map((t) => [t, tables[t].length])) as Record<
      TableName,
      number
    >;
    const checksums: Record<string, string> = {};
    for (const file of files) checksums[path.basename(file)] = await sha256File(file);
    await writeDictionary(tmpDir);

    const { version, dir } = await renameIntoPlace(tmpDir, opts.root, now, async (version) => {
      const manifest: SnapshotManifest = {
        version,
        created_at: now.toISOString(),
        schema_version: SNAPSHOT_SCHEMA_VERSION,
        row_counts,
        checksums,
        input_summary: opts.inputSummary ?? {},
        data_dictionary: { json: SCHEMA_FILE, readme: README_FILE },
      };
      const manifestFile = path.join(tmpDir, MANIFEST_FILE);
      await fs.writeFile(manifestFile, JSON.stringify(manifest, null, 2) + '\n');
      await fsyncFile(manifestFile);
      await fsyncDir(tmpDir);
      return manifest;
    });
    placed = version;
    await switchLatest(opts.root, version);
    placed = null;
    await pruneVersions(opts.root, keep);
    const manifest = JSON.parse(
      await fs.readFile(path.join(dir, MANIFEST_FILE), 'utf8'),
    ) as SnapshotManifest;
    return { version, dir, manifest };
  } catch (err) {
    await fs.rm(tmpDir, { recursive: true, force: true });
    // Renamed but never pointed at: nobody can be reading it, and keeping it would let
    // retention count a version that was never served.
    if (placed) await fs.rm(path.join(opts.root, placed), { recursive: true, force: true });
    throw err;
  }
}

/** schema.json and README.md: an analyst who finds only the folder can still read every column. */
async function writeDictionary(dir: string): Promise<void> {
  for (const [name, body] of [
    [SCHEMA_FILE, `${JSON.stringify(dataDictionary(), null, 2)}\n`],
    [README_FILE, dictionaryMarkdown()],
  ] as const) {
    const file = path.join(dir, name);
    await fs.writeFile(file, body);
    await fsyncFile(file);
  }
}

async function writeTables(tables: SnapshotTables, dir: string): Promise<string[]> {
  for (const t of TABLE_NAMES) {
    if (!Array.isArray(tables[t]))
      throw new Error(`publishSnapshot: table ${t} is missing (expected an array of rows)`);
  }
  return withDuckDB(async (con) => {
    const files: string[] = [];
    for (const t of TABLE_NAMES) {
      const file = path.join(dir, parquetFileName(t));
      await writeTableParquet(con, t, tables[t], file, path.join(dir, `${t}.ndjson`));
      await fsyncFile(file);
      files.push(file);
    }
    return files;
  });
}

/**
 * Renames the temp dir to the first free version name for `now`. The manifest names its
 * version, so it is written per attempt; rename(2) refuses a non-empty target, which
 * makes two publishers in the same second pick different names.
 */
async function renameIntoPlace(
  tmpDir: string,
  root: string,
  now: Date,
  writeManifest: (version: string) => Promise<SnapshotManifest>,
): Promise<{ version: string; dir: string }> {
  for (let n = 0; n < 1000; n++) {
    const version = versionCandidate(now, n);
    const dir = path.join(root, version);
    if (await exists(dir)) continue;
    await writeManifest(version);
    try {
      await fs.rename(tmpDir, dir);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOTEMPTY' || code === 'EEXIST') continue;
      throw err;
    }
    await fsyncDir(root);
    return { version, dir };
  }
  throw new Error(`publishSnapshot: no free version name for ${now.toISOString()} in ${root}`);
}

async function exists(p: string): Promise<boolean> {
  try {
    await fs.lstat(p);
    return true;
  } catch {
    return false;
  }
}
