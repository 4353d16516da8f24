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
import { readManifest } from '../../snapshot/read.js';
import { withDuckDB } from '../../snapshot/duckdb.js';
import { writeTableParquet } from '../../snapshot/parquet-table.js';
import {
  dataDictionary,
  dictionaryMarkdown,
  README_FILE,
  SCHEMA_FILE,
} from '../../snapshot/dictionary.js';
import {
  MANIFEST_FILE,
  parquetFileName,
  quoteIdent,
  quoteLiteral,
  selectListSql,
  TABLE_SCHEMAS,
} from '../../snapshot/schema.js';
import {
  fsyncDir,
  fsyncFile,
  pruneVersions,
  removeStaleTemps,
  resolveLatest,
  switchLatest,
  tempName,
  versionCandidate,
} from '../../snapshot/versions.js';
import type { ServingIndexOutput, ServingIndexWriter } from '../../snapshot/serving-index.js';
import { writeChanges } from './changes.js';

export interface PublishOptions {
  /** Directory holding `<version>/` folders and the `latest` pointer; created if missing. */
  root: string;
  /** What the run was built from; stored in the manifest as is. */
  inputSummary?: Record<string, unknown>;
  /** Versions kept after this publish, `latest` always among them. @defaultValue 5 */
  keep?: number;
  /** Publish time, which names the version. @defaultValue new Date() */
  now?: Date;
  /**
   * Trials whose trial and site rows are copied from an earlier snapshot's Parquet instead
   * of `tables` (which then hold only the other trials' rows of those two tables).
   */
  carryOver?: CarryOver;
  /**
   * Writes the API's serving index (SERVING_INDEX_FILE, snapshot schema version 6 on) into
   * the folder being published, from `tables` (and, with `carryOver`, the base snapshot's
   * files for the carried trials). The API's code (api/query/index-file.ts), which
   * pipeline/ may not import: cli/ and workers/ pass it in. Without it the snapshot has
   * no serving index and the API builds its index at open.
   */
  servingIndex?: ServingIndexWriter;
}

export interface CarryOver {
  /** The snapshot folder the rows are copied from. */
  dir: string;
  /** Every trial id of the new snapshot, in table order. */
  order: readonly string[];
  /** The ids in `order` whose rows come from `dir`. */
  carried: ReadonlySet<string>;
}

/** The tables a carry-over copies rows of, with the order of rows inside one trial. */
const CARRIED_TABLES: Partial<Record<TableName, string>> = {
  trials: '',
  sites: ', rows.site_index',
};

export interface PublishResult {
  version: string;
  dir: string;
  manifest: SnapshotManifest;
  /** How the serving index was written (none without PublishOptions.servingIndex). */
  servingIndex: Omit<ServingIndexOutput, 'file' | 'sha256'> | null;
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
    const previous = await replacedVersion(opts.root);
    // The index is built from the rows in memory (and the base's files), not from the
    // tables written here: its JS work runs while DuckDB writes the Parquet files.
    const [{ files, row_counts }, index] = await bothSettled(
      writeTables(tables, tmpDir, opts.carryOver, previous),
      opts.servingIndex?.({ dir: tmpDir, tables, carryOver: opts.carryOver }) ?? null,
    );
    const checksums: Record<string, string> = {};
    for (const file of files) checksums[path.basename(file)] = await sha256File(file);
    let servingIndex: PublishResult['servingIndex'] = null;
    if (index) {
      const { file, sha256, ...how } = index;
      // Hashed by the writer as it wrote (~250 MB at full scale: not read back).
      checksums[path.basename(file)] = sha256;
      servingIndex = how;
    }
    await writeDictionary(tmpDir);

    const { version, dir } = await renameIntoPlace(tmpDir, opts.root, now, async (version) => {
      const manifest: SnapshotManifest = {
        version,
        created_at: now.toISOString(),
        schema_version: SNAPSHOT_SCHEMA_VERSION,
        row_counts,
        changes_since: previous?.version ?? null,
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
    return { version, dir, manifest, servingIndex };
  } catch (err) {
    await fs.rm(tmpDir, { recursive: true, force: true });
    // Renamed but never pointed at: nobody can be reading it, and keeping it would let
    // retention count a version that was never served.
    if (placed) await fs.rm(path.join(opts.root, placed), { recursive: true, force: true });
    throw err;
  }
}

/** Both results, once both have settled (neither left running into the cleanup), or the first failure. */
async function bothSettled<A, B>(a: Promise<A>, b: Promise<B> | null): Promise<[A, B | null]> {
  const [ra, rb] = await Promise.allSettled([a, b]);
  if (ra.status === 'rejected') throw ra.reason;
  if (rb.status === 'rejected') throw rb.reason;
  return [ra.value, rb.value];
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

/**
 * The version `latest` points at, which this publish replaces and its change feed compares
 * against; null when there is none or it cannot be read (the feed then starts afresh).
 */
async function replacedVersion(root: string): Promise<{ version: string; dir: string } | null> {
  const latest = await resolveLatest(root).catch(() => null);
  if (!latest) return null;
  return readManifest(latest.dir).then(
    () => latest,
    () => null,
  );
}

async function writeTables(
  tables: SnapshotTables,
  dir: string,
  carryOver: CarryOver | undefined,
  previous: { dir: string } | null,
): Promise<{ files: string[]; row_counts: SnapshotManifest['row_counts'] }> {
  for (const t of TABLE_NAMES) {
    if (!Array.isArray(tables[t]))
      throw new Error(`publishSnapshot: table ${t} is missing (expected an array of rows)`);
  }
  const orderFile = path.join(dir, 'order.ndjson');
  if (carryOver) await writeOrder(carryOver, orderFile);
  try {
    return await withDuckDB(async (con) => {
      if (carryOver) {
        await con.run(
          `CREATE TEMP TABLE ord AS SELECT * FROM read_json(${quoteLiteral(orderFile)}, ` +
            `format = 'newline_delimited', ` +
            `columns = {nct_id: 'VARCHAR', pos: 'INTEGER', carried: 'BOOLEAN'})`,
        );
      }
      const files: string[] = [];
      const row_counts = {} as SnapshotManifest['row_counts'];
      for (const t of TABLE_NAMES) {
        const file = path.join(dir, parquetFileName(t));
        const staging = path.join(dir, `${t}.ndjson`);
        const within = CARRIED_TABLES[t];
        if (carryOver && within !== undefined) {
          const from = quoteLiteral(path.join(carryOver.dir, parquetFileName(t)));
          const columns = TABLE_SCHEMAS[t].map((c) => `rows.${quoteIdent(c.name)}`).join(', ');
          await writeTableParquet(
            con,
            t,
            tables[t],
            file,
            staging,
            (built) =>
              `SELECT ${columns} FROM (SELECT ${selectListSql(t)} FROM read_parquet(${from}) ` +
              `WHERE nct_id IN (SELECT nct_id FROM ord WHERE carried) UNION ALL (${built})) rows ` +
              `JOIN ord USING (nct_id) ORDER BY ord.pos${within}`,
          );
          const count = await con.runAndReadAll(
            `SELECT count(*)::INTEGER FROM read_parquet(${quoteLiteral(file)})`,
          );
          row_counts[t] = count.getRows()[0][0] as number;
        } else {
          await writeTableParquet(con, t, tables[t], file, staging);
          row_counts[t] = tables[t].length;
        }
        await fsyncFile(file);
        files.push(file);
      }
      // Carried-over rows are the base's: when the base is the replaced version, unchanged.
      const fromPrevious =
        carryOver && previous && path.resolve(carryOver.dir) === path.resolve(previous.dir);
      row_counts.changes = await writeChanges(con, {
        dir,
        previousDir: previous?.dir ?? null,
        unchangedIdsSql: fromPrevious ? 'SELECT nct_id FROM ord WHERE carried' : null,
      });
      const changesFile = path.join(dir, parquetFileName('changes'));
      await fsyncFile(changesFile);
      files.push(changesFile);
      return { files, row_counts };
    });
  } finally {
    await fs.rm(orderFile, { force: true });
  }
}

/** The new snapshot's trial order, one `{nct_id, pos, carried}` line per trial. */
async function writeOrder(carryOver: CarryOver, file: string): Promise<void> {
  const lines = carryOver.order.map(
    (id, pos) =>
      `{"nct_id":${JSON.stringify(id)},"pos":${pos},"carried":${carryOver.carried.has(id)}}`,
  );
  await fs.writeFile(file, lines.join('\n') + '\n');
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
