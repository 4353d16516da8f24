/**
 * Raw registry records on disk, one JSON file per trial (`records/<last two id digits>/<id>.json`)
 * plus an index of content hashes. A run compares each incoming record with the hash the
 * index holds and reports it new, changed or unchanged; unchanged records are not rewritten
 * and later stages can skip them.
 *
 * Layout under `dir`: `index.json` (hash, form, run and change per id), `meta.json`
 * (last finished run, last successful live sync), `sync-state.json` (a live sync in progress).
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
}

export interface RawRecord {
  nctId: string;
  form: string;
  study: unknown;
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

  private constructor(readonly dir: string) {}

  static async open(dir: string): Promise<RawStore> {
    const store = new RawStore(dir);
    await fs.mkdir(path.join(dir, 'records'), { recursive: true });
    const index = await readJsonFile<{ entries: Record<string, RawEntry> }>(store.indexFile);
    if (index) store.entries = new Map(Object.entries(index.entries));
    const meta = await readJsonFile<RawStoreMeta>(store.metaFile);
    if (meta) store.meta = meta;
    return store;
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
  async putMany(runId: string, records: readonly RawRecord[]): Promise<PutResult[]> {
    const writes = new Map<string, RawRecord>();
    const results = records.map((record) => {
      const canonical = canonicalJson(record.study);
      const hash = createHash('sha256').update(canonical).digest('hex');
      const size = canonical.length;
      const prev = this.entries.get(record.nctId);
      if (prev && prev.run === runId) {
        const better =
          (FORM_RANK[record.form] ?? 0) - (FORM_RANK[prev.form] ?? 0) || size - prev.size;
        if (better > 0) {
          const change = changeOf(prev.base, hash);
          this.entries.set(record.nctId, { ...prev, hash, form: record.form, size, change });
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
      this.entries.set(record.nctId, { hash, form: record.form, size, run: runId, change, base });
      this.held.set(record.nctId, { form: record.form, study: record.study, hash });
      if (change !== 'unchanged') writes.set(record.nctId, record);
      this.dirty = true;
      return change;
    });
    const limit = pLimit(WRITE_CONCURRENCY);
    await Promise.all([...writes.values()].map((r) => limit(() => this.writeRecord(r))));
    return results;
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
    const body = await readJsonFile<{ form: string; study: unknown }>(this.recordFile(nctId));
    if (!body) return null;
    return { nctId, form: body.form, study: body.study, entry };
  }

  /** Persists the index; call after each stored page so a resumed run knows what it has. */
  async flush(): Promise<void> {
    if (!this.dirty) return;
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
    let removed = 0;
    const counts: RunCounts = { new: 0, changed: 0, unchanged: 0 };
    const limit = pLimit(WRITE_CONCURRENCY);
    const deletions: Promise<void>[] = [];
    for (const [id, e] of this.entries) {
      if (e.run === runId) counts[e.change]++;
      else if (kind === 'full') {
        this.entries.delete(id);
        removed++;
        deletions.push(limit(() => fs.rm(this.recordFile(id), { force: true })));
      }
    }
    await Promise.all(deletions);
    if (removed) this.dirty = true;
    await this.flush();
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
    await writeFileAtomic(this.metaFile, JSON.stringify(this.meta, null, 2));
    return run;
  }

  /** Small JSON documents kept beside the records (the live sync's resume state). */
  async readState<T>(name: string): Promise<T | null> {
    return readJsonFile<T>(path.join(this.dir, `${name}.json`));
  }

  async writeState(name: string, value: unknown): Promise<void> {
    await writeFileAtomic(path.join(this.dir, `${name}.json`), JSON.stringify(value, null, 2));
  }

  async clearState(name: string): Promise<void> {
    await fs.rm(path.join(this.dir, `${name}.json`), { force: true });
  }

  private get indexFile(): string {
    return path.join(this.dir, 'index.json');
  }

  private get metaFile(): string {
    return path.join(this.dir, 'meta.json');
  }

  private recordFile(nctId: string): string {
    return path.join(this.dir, 'records', shardOf(nctId), `${safeName(nctId)}.json`);
  }

  private async writeRecord(record: RawRecord): Promise<void> {
    const file = this.recordFile(record.nctId);
    const body = JSON.stringify({ form: record.form, study: record.study });
    try {
      await writeFileAtomic(file, body);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      await fs.mkdir(path.dirname(file), { recursive: true });
      await writeFileAtomic(file, body);
    }
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

/** Where the registry's raw records live under DATA_DIR. */
export function registryRawStoreDir(dataDir: string): string {
  return path.join(dataDir, 'raw', 'ctgov');
}
