/**
 * Raw registry records on disk plus an index of content hashes. A run compares each
 * incoming record with the hash the index holds and reports it new, changed or unchanged;
 * unchanged records are not rewritten and later stages can skip them.
 *
 * Layout under `dir`: `packs/<run>-<random>.jsonl` (the records one batch stored, one
 * `{"form","study"}` line each, written and fsynced once), `index.json` (hash, form, run,
 * change and pack position per id), `meta.json` (last finished run, last successful live
 * sync), `sync-state.json` (a live sync in progress). A file per record cost an open,
 * write, fsync and rename each: ~14,500 of them made most of a full import. Records of a
 * store written before packs stay in `records/<last two id digits>/<id>.json` until they
 * change. A finished run deletes packs nothing points at, and rewrites the live records
 * into one pack when most of the bytes are dead.
 *
 * Stage, then commit: a refresh run opens the store staged for its run id. Its records go
 * into packs as usual (a pack nobody points at is harmless), but its index, meta and sync
 * state are written under `staged/<run id>/`, so the committed index, what every other
 * reader sees, is untouched until `commitStaged` makes the run's index the store's, when
 * its snapshot is published. A refused or failed run leaves the store as it was. Packs are
 * deleted only at a commit (or by a run that writes the committed index directly, the
 * `registry` commands), which the caller does under the data directory's run lock.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import { canonicalJson } from './content-hash.js';
import writeFileAtomic from 'write-file-atomic';
import { readJsonFile } from './read-json.js';

export type RecordChange = 'new' | 'changed' | 'unchanged';

export type RunKind = 'full' | 'incremental';

export interface RawEntry {
  hash: string;
  /** Source form of the stored record (`ctgov_v2`, `ctgov_v1`, `ctgov_xml`). */
  form: string;
  /** Length of the canonical JSON; the fuller of two copies of a trial in one run wins. */
  size: number;
  /** Id of the last run that saw the record. */
  run: string;
  /** Change against the previous run, as decided in `run`. */
  change: RecordChange;
  /** Hash before `run` (null when the record was new in it). */
  base: string | null;
  /**
   * sha256 of the dump text the record was read from (`hashText`), when that text held this
   * record alone: the same text read again is the same record, known without parsing it.
   */
  text?: string;
  /** Pack file (under `packs/`) and byte range of the record; absent: `records/` file. */
  pack?: string;
  offset?: number;
  length?: number;
}

export interface RawRecord {
  nctId: string;
  form: string;
  study: unknown;
  /** See RawEntry.text. */
  textHash?: string;
  /** The exact JSON text of `study`, stored as it is instead of serialising `study` again. */
  text?: string;
}

/** A record the store already holds, named by the text it was read from (`idOfText`). */
export interface KnownRecord {
  textHash: string;
}

export interface StoredRecord extends RawRecord {
  entry: RawEntry;
}

export interface RunCounts {
  new: number;
  changed: number;
  unchanged: number;
}

export interface FinishedRun extends RunCounts {
  id: string;
  kind: RunKind;
  finished_at: string;
  removed: number;
}

export interface RawStoreMeta {
  last_run: FinishedRun | null;
  /** Start time (ISO) of the last live sync that ran to the end; incremental syncs ask from its date. */
  last_successful_sync: string | null;
}

export type PutResult = RecordChange | 'duplicate';

/** Older forms lose to newer ones when one run holds the same trial twice. */
const FORM_RANK: Readonly<Record<string, number>> = { ctgov_v2: 3, ctgov_v1: 2, ctgov_xml: 1 };

const WRITE_CONCURRENCY = 16;
const READ_CONCURRENCY = 16;
/** Packs are rewritten when dead bytes outweigh live ones this many times. */
const COMPACT_WHEN_DEAD_OVER_LIVE = 1;

/** Run ids sort by time, which `isChangedSinceLastRun` relies on. */
export function newRunId(now: Date = new Date()): string {
  return `${now.toISOString().replace(/[-:.]/g, '')}-${randomBytes(3).toString('hex')}`;
}

export class RawStore {
  private entries = new Map<string, RawEntry>();
  private meta: RawStoreMeta = { last_run: null, last_successful_sync: null };
  private dirty = false;
  /**
   * The studies this process stored or confirmed, so the stages after an import in the
   * same process map them without reading 14,000 files back. Checked against the index
   * hash on every read; another process's writes are never shadowed.
   */
  private readonly held = new Map<string, { form: string; study: unknown; hash: string }>();
  /** Id by RawEntry.text, built on first use. */
  private textIds: Map<string, string> | null = null;

  private constructor(
    readonly dir: string,
    /** `staged/<run id>` when the store is staged for a run (see the file comment). */
    private readonly stagedDir: string | null,
  ) {}

  /**
   * The committed store, or with `stagedFor` the store as run `stagedFor` left it: its
   * staged index when it has one, else the committed index it starts from.
   */
  static async open(dir: string, opts: { stagedFor?: string } = {}): Promise<RawStore> {
    const staged = opts.stagedFor === undefined ? null : stagedDirOf(dir, opts.stagedFor);
    const store = new RawStore(dir, staged);
    await fs.mkdir(path.join(dir, 'packs'), { recursive: true });
    const from = staged && (await exists(path.join(staged, INDEX))) ? staged : dir;
    const index = await readJsonFile<{ entries: Record<string, RawEntry> }>(path.join(from, INDEX));
    if (index) store.entries = new Map(Object.entries(index.entries));
    const meta = await readJsonFile<RawStoreMeta>(path.join(from, META));
    if (meta) store.meta = meta;
    return store;
  }

  /**
   * Makes the index run `runId` staged the store's (its snapshot was published), then
   * deletes what no index points at any more: packs, record files, other runs' staged
   * indexes (runs that can no longer publish over this one). Returns false when the run
   * has nothing staged (committed already, or discarded). Call under the run lock.
   */
  static async commitStaged(dir: string, runId: string): Promise<boolean> {
    const staged = stagedDirOf(dir, runId);
    const index = await readJsonFile<{ entries: Record<string, RawEntry> }>(
      path.join(staged, INDEX),
    );
    if (!index) return false;
    const before = await RawStore.open(dir);
    const meta = await readJsonFile<RawStoreMeta>(path.join(staged, META));
    await writeFileAtomic(path.join(dir, INDEX), JSON.stringify(index));
    if (meta) await writeFileAtomic(path.join(dir, META), JSON.stringify(meta, null, 2));
    const after = await RawStore.open(dir);
    await after.deleteUnreferenced(before.snapshotOfEntries(), after.lastRunId);
    // This run's own staged folder last: a commit cut short is done again from it.
    for (const other of await fs.readdir(path.join(dir, STAGED)))
      if (path.join(dir, STAGED, other) !== staged)
        await fs.rm(path.join(dir, STAGED, other), { recursive: true, force: true });
    await fs.rm(staged, { recursive: true, force: true });
    return true;
  }

  get size(): number {
    return this.entries.size;
  }

  get lastRun(): FinishedRun | null {
    return this.meta.last_run;
  }

  get lastSuccessfulSync(): string | null {
    return this.meta.last_successful_sync;
  }

  /** Ids in a stable order. */
  ids(): string[] {
    return [...this.entries.keys()].sort();
  }

  entry(nctId: string): RawEntry | undefined {
    return this.entries.get(nctId);
  }

  /** The id of the record stored from exactly this text (a `hashText` value), if any. */
  idOfText(textHash: string): string | undefined {
    if (!this.textIds) {
      this.textIds = new Map();
      for (const [id, e] of this.entries) if (e.text) this.textIds.set(e.text, id);
    }
    const id = this.textIds.get(textHash);
    return id !== undefined && this.entries.get(id)?.text === textHash ? id : undefined;
  }

  /**
   * True when the record is new or changed in the last finished run, or in a run
   * started after it (an interrupted sync), so nothing fetched is ever skipped as unchanged.
   */
  isChangedSinceLastRun(nctId: string): boolean {
    const e = this.entries.get(nctId);
    if (!e) return false;
    return e.change !== 'unchanged' && e.run >= this.lastRunId;
  }

  private get lastRunId(): string {
    return this.meta.last_run?.id ?? '';
  }

  /**
   * Stores a batch of records for run `runId` and reports each one's change. Bookkeeping
   * runs in order first, so duplicates inside a batch are decided the same way as across
   * batches; only then are the files written, in parallel.
   */
  async putMany(
    runId: string,
    records: readonly (RawRecord | KnownRecord)[],
  ): Promise<PutResult[]> {
    const writes = new Map<string, RawRecord>();
    const results = records.map((record) => {
      if (!('nctId' in record)) return this.confirm(runId, record.textHash);
      const canonical = canonicalJson(record.study);
      const hash = createHash('sha256').update(canonical).digest('hex');
      const size = canonical.length;
      const prev = this.entries.get(record.nctId);
      if (prev && prev.run === runId) {
        const better =
          (FORM_RANK[record.form] ?? 0) - (FORM_RANK[prev.form] ?? 0) || size - prev.size;
        if (better > 0) {
          const change = changeOf(prev.base, hash);
          this.entries.set(record.nctId, {
            ...prev,
            hash,
            form: record.form,
            size,
            change,
            text: record.textHash,
          });
          this.noteText(record);
          this.held.set(record.nctId, { form: record.form, study: record.study, hash });
          if (hash !== prev.hash) writes.set(record.nctId, record);
        }
        this.dirty = true;
        return 'duplicate' as const;
      }
      // A record last touched by a run that never finished is compared with what the last
      // finished run saw, or a change fetched before an interruption would read as unchanged.
      const base = prev ? (prev.run > this.lastRunId ? prev.base : prev.hash) : null;
      const change = changeOf(base, hash);
      // The stored copy is kept when it is this record; compared with what is on disk, not
      // with `base`, since a run that never finished may have stored another version.
      const stored = prev?.hash === hash ? prev : undefined;
      this.entries.set(record.nctId, {
        hash,
        form: record.form,
        size,
        run: runId,
        change,
        base,
        text: record.textHash ?? stored?.text,
        pack: stored?.pack,
        offset: stored?.offset,
        length: stored?.length,
      });
      this.noteText(record);
      this.held.set(record.nctId, { form: record.form, study: record.study, hash });
      if (!stored) writes.set(record.nctId, record);
      this.dirty = true;
      return change;
    });
    await this.writePack(runId, [...writes.values()]);
    return results;
  }

  /**
   * A record seen again in the same text as the stored one: what putMany decides for an
   * identical record, without the record. The caller (importRegistryDump) confirms an id
   * at most once per run and before any other copy of it, so no duplicate rule applies.
   */
  private confirm(runId: string, textHash: string): RecordChange {
    const nctId = this.idOfText(textHash);
    const prev = nctId === undefined ? undefined : this.entries.get(nctId);
    if (nctId === undefined || !prev || prev.run === runId) {
      throw new Error(`raw store: no record to confirm for text ${textHash} in run ${runId}`);
    }
    const base = prev.run > this.lastRunId ? prev.base : prev.hash;
    const change = changeOf(base, prev.hash);
    this.entries.set(nctId, { ...prev, run: runId, change, base });
    this.dirty = true;
    return change;
  }

  private noteText(record: RawRecord): void {
    if (record.textHash && this.textIds) this.textIds.set(record.textHash, record.nctId);
  }

  /** Lets the held studies go once the records are mapped; reads go to disk again. */
  releaseHeld(): void {
    this.held.clear();
  }

  async read(nctId: string): Promise<StoredRecord | null> {
    const entry = this.entries.get(nctId);
    if (!entry) return null;
    const held = this.held.get(nctId);
    if (held && held.hash === entry.hash)
      return { nctId, form: held.form, study: held.study, entry };
    const body = await this.readBody(nctId, entry);
    if (!body) return null;
    return { nctId, form: body.form, study: body.study, entry };
  }

  /** Persists the index; call after each stored page so a resumed run knows what it has. */
  async flush(): Promise<void> {
    if (!this.dirty) return;
    if (this.stagedDir) await fs.mkdir(this.stagedDir, { recursive: true });
    await writeFileAtomic(
      this.indexFile,
      JSON.stringify({ version: 1, entries: Object.fromEntries(this.entries) }),
    );
    this.dirty = false;
  }

  /**
   * Closes a run: a full run drops the records it did not see (they left the registry
   * query or the dump); counts come from the index, so a resumed run counts every page.
   */
  async finishRun(
    runId: string,
    kind: RunKind,
    opts: { syncStartedAt?: string } = {},
  ): Promise<FinishedRun> {
    const before = this.stagedDir ? null : this.snapshotOfEntries();
    let removed = 0;
    const counts: RunCounts = { new: 0, changed: 0, unchanged: 0 };
    for (const [id, e] of this.entries) {
      if (e.run === runId) counts[e.change]++;
      else if (kind === 'full') {
        this.entries.delete(id);
        removed++;
      }
    }
    if (removed) this.dirty = true;
    await this.flush();
    // Written straight to the committed index: what it no longer points at goes now, and
    // runs staged on the index it replaced can no longer be committed.
    if (before) {
      await this.deleteUnreferenced(before, runId);
      await fs.rm(path.join(this.dir, STAGED), { recursive: true, force: true });
    }
    const run: FinishedRun = {
      id: runId,
      kind,
      finished_at: new Date().toISOString(),
      removed,
      ...counts,
    };
    this.meta = {
      last_run: run,
      last_successful_sync: opts.syncStartedAt ?? this.meta.last_successful_sync,
    };
    if (this.stagedDir) await fs.mkdir(this.stagedDir, { recursive: true });
    await writeFileAtomic(this.metaFile, JSON.stringify(this.meta, null, 2));
    return run;
  }

  /** The entries as they are now, to tell later what an index change left unreferenced. */
  private snapshotOfEntries(): { entries: ReadonlyMap<string, RawEntry> } {
    return { entries: new Map(this.entries) };
  }

  /**
   * After the committed index changed from `before`: record files of the ids it dropped,
   * then packs nothing points at (and a compaction when most bytes are dead).
   */
  private async deleteUnreferenced(
    before: { entries: ReadonlyMap<string, RawEntry> },
    runId: string,
  ): Promise<void> {
    const limit = pLimit(WRITE_CONCURRENCY);
    const deletions: Promise<void>[] = [];
    for (const [id, e] of before.entries)
      if (e.pack === undefined && !this.entries.has(id))
        deletions.push(limit(() => fs.rm(this.recordFile(id), { force: true })));
    await Promise.all(deletions);
    await this.collectPacks(runId);
  }

  /** Small JSON documents kept beside the records (the live sync's resume state). */
  async readState<T>(name: string): Promise<T | null> {
    return readJsonFile<T>(path.join(this.stateDir, `${name}.json`));
  }

  async writeState(name: string, value: unknown): Promise<void> {
    await fs.mkdir(this.stateDir, { recursive: true });
    await writeFileAtomic(path.join(this.stateDir, `${name}.json`), JSON.stringify(value, null, 2));
  }

  async clearState(name: string): Promise<void> {
    await fs.rm(path.join(this.stateDir, `${name}.json`), { force: true });
  }

  /** Where this store writes its index, meta and state: the run's staged folder, or `dir`. */
  private get stateDir(): string {
    return this.stagedDir ?? this.dir;
  }

  private get indexFile(): string {
    return path.join(this.stateDir, INDEX);
  }

  private get metaFile(): string {
    return path.join(this.stateDir, META);
  }

  private recordFile(nctId: string): string {
    return path.join(this.dir, 'records', shardOf(nctId), `${safeName(nctId)}.json`);
  }

  private packFile(pack: string): string {
    return path.join(this.dir, 'packs', pack);
  }

  /**
   * Appends nothing: each batch gets a pack of its own, complete and fsynced before the
   * index that points into it is written, so a crash leaves at worst an unreferenced pack.
   */
  private async writePack(runId: string, records: RawRecord[]): Promise<void> {
    if (records.length === 0) return;
    const pack = `${runId}-${randomBytes(4).toString('hex')}.jsonl`;
    const parts: Buffer[] = [];
    let offset = 0;
    for (const record of records) {
      const body = Buffer.from(
        (record.text === undefined
          ? JSON.stringify({ form: record.form, study: record.study })
          : `{"form":${JSON.stringify(record.form)},"study":${record.text}}`) + '\n',
      );
      parts.push(body);
      const entry = this.entries.get(record.nctId)!;
      this.entries.set(record.nctId, { ...entry, pack, offset, length: body.length - 1 });
      offset += body.length;
    }
    await writeSynced(this.packFile(pack), Buffer.concat(parts));
  }

  private async readBody(
    nctId: string,
    entry: RawEntry,
  ): Promise<{ form: string; study: unknown } | null> {
    if (entry.pack === undefined) {
      return readJsonFile<{ form: string; study: unknown }>(this.recordFile(nctId));
    }
    const fh = await fs.open(this.packFile(entry.pack), 'r');
    try {
      const buffer = Buffer.allocUnsafe(entry.length!);
      const { bytesRead } = await fh.read(buffer, 0, entry.length!, entry.offset!);
      if (bytesRead !== entry.length) {
        throw new Error(`raw store: pack ${entry.pack} ends before the record of ${nctId}`);
      }
      return JSON.parse(buffer.toString('utf8')) as { form: string; study: unknown };
    } finally {
      await fh.close();
    }
  }

  /**
   * After a run: packs no entry points at are deleted, and when dead bytes outweigh live
   * ones, or a `records/` folder is left from before packs, the live records are rewritten
   * into one pack.
   */
  private async collectPacks(runId: string): Promise<void> {
    const live = new Map<string, number>();
    let liveBytes = 0;
    for (const e of this.entries.values()) {
      if (e.pack === undefined) continue;
      live.set(e.pack, (live.get(e.pack) ?? 0) + e.length!);
      liveBytes += e.length!;
    }
    const legacy = await fs.stat(path.join(this.dir, 'records')).then(
      () => true,
      () => false,
    );
    const packs = await fs.readdir(path.join(this.dir, 'packs'));
    let totalBytes = 0;
    for (const pack of packs) {
      if (!live.has(pack)) {
        // Packs of a run still being written (a live sync resumed elsewhere) are newer than this run.
        if (pack.slice(0, runId.length) <= runId) await fs.rm(this.packFile(pack), { force: true });
      } else totalBytes += (await fs.stat(this.packFile(pack))).size;
    }
    const dead = totalBytes - liveBytes;
    if (!legacy && dead <= liveBytes * COMPACT_WHEN_DEAD_OVER_LIVE) return;
    await this.compact(runId);
  }

  private async compact(runId: string): Promise<void> {
    const ids = this.ids();
    const records: RawRecord[] = [];
    const limit = pLimit(READ_CONCURRENCY);
    const bodies = await Promise.all(
      ids.map((id) => limit(() => this.readBody(id, this.entries.get(id)!))),
    );
    ids.forEach((id, i) => {
      const body = bodies[i];
      if (body) records.push({ nctId: id, form: body.form, study: body.study });
    });
    const before = new Set([...this.entries.values()].map((e) => e.pack));
    await this.writePack(`${runId}-compact`, records);
    this.dirty = true;
    await this.flush();
    for (const pack of before) if (pack) await fs.rm(this.packFile(pack), { force: true });
    await fs.rm(path.join(this.dir, 'records'), { recursive: true, force: true });
  }
}

async function writeSynced(file: string, data: Buffer): Promise<void> {
  const fh = await fs.open(file, 'wx');
  try {
    await fh.write(data);
    await fh.sync();
  } finally {
    await fh.close();
  }
}

function changeOf(base: string | null, hash: string): RecordChange {
  if (base === null) return 'new';
  return base === hash ? 'unchanged' : 'changed';
}

/** The last two characters of an NCT id are its most uniform part: 100 even shards. */
function shardOf(nctId: string): string {
  return safeName(nctId.slice(-2)).padStart(2, '_');
}

function safeName(s: string): string {
  return s.replace(/[^A-Za-z0-9_-]/g, '_');
}

const INDEX = 'index.json';
const META = 'meta.json';
const STAGED = 'staged';

function stagedDirOf(dir: string, runId: string): string {
  return path.join(dir, STAGED, safeName(runId));
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/** Where the registry's raw records live under DATA_DIR. */
export function registryRawStoreDir(dataDir: string): string {
  return path.join(dataDir, 'raw', 'ctgov');
}
