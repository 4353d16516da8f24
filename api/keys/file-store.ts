/**
 * Keys in a JSON file under DATA_DIR: what the server and the CLI use when Redis is
 * unreachable, so `npm start` and `keys create` still work without it. Hashes only.
 * The server re-reads the file whenever it changes, so the CLI's edits apply at once;
 * writes hold a lock (proper-lockfile: `<file>.lock`, stale after a crash) and rename a
 * fsynced temp file (write-file-atomic), so writers never lose each other's keys and a
 * reader never sees half a file.
 */
import { promises as fs, type Stats } from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import writeFileAtomic from 'write-file-atomic';
import { TIERS, type Tier } from '../../domain/tiers.js';
import { MemoryKeyStore } from './memory-store.js';
import type { ApiKeyRecord, KeyStore } from './types.js';

interface KeyFile {
  version: 1;
  keys: ApiKeyRecord[];
}

const LOCK_OPTIONS = {
  // The key file need not exist yet: lock the path as given.
  realpath: false,
  /** The holder refreshes the lock's mtime every stale/2; older means its process died. */
  stale: 10_000,
  /** Up to about 10 s of waiting for other writers, with jitter so waiters do not collide. */
  retries: { retries: 60, factor: 1.5, minTimeout: 20, maxTimeout: 150, randomize: true },
};

export class FileKeyStore implements KeyStore {
  private cache = new MemoryKeyStore();
  private loadedFrom: string | null = null;

  constructor(
    /** e.g. `<DATA_DIR>/keys.json`; created on the first write. */
    readonly file: string,
  ) {}

  async create(label: string, tier: Tier): Promise<{ record: ApiKeyRecord; plaintext: string }> {
    return this.mutate((store) => store.create(label, tier));
  }

  async importRecord(record: ApiKeyRecord): Promise<boolean> {
    return this.mutate((store) => store.importRecord(record));
  }

  async findByPlaintext(plaintext: string): Promise<ApiKeyRecord | null> {
    return (await this.current()).findByPlaintext(plaintext);
  }

  async findByLabel(label: string): Promise<ApiKeyRecord | null> {
    return (await this.current()).findByLabel(label);
  }

  async revoke(label: string): Promise<boolean> {
    return this.mutate((store) => store.revoke(label));
  }

  async remove(label: string): Promise<boolean> {
    return this.mutate((store) => store.remove(label));
  }

  async list(): Promise<ApiKeyRecord[]> {
    return (await this.current()).list();
  }

  /** The records as the file holds them now, re-read only when the file changed. */
  private async current(): Promise<MemoryKeyStore> {
    let stats: Stats;
    try {
      stats = await fs.stat(this.file);
    } catch (error) {
      if (isMissing(error)) {
        this.cache = new MemoryKeyStore();
        this.loadedFrom = null;
        return this.cache;
      }
      throw error;
    }
    // Every write is a rename, so a new inode (or mtime/size) means new content.
    const signature = `${stats.ino}:${stats.mtimeMs}:${stats.size}`;
    if (signature !== this.loadedFrom) {
      this.cache = new MemoryKeyStore(
        parseKeyFile(await fs.readFile(this.file, 'utf8'), this.file),
      );
      this.loadedFrom = signature;
    }
    return this.cache;
  }

  private async mutate<T>(change: (store: MemoryKeyStore) => Promise<T>): Promise<T> {
    await fs.mkdir(path.dirname(this.file), { recursive: true });
    await removeStaleLockFile(`${this.file}.lock`);
    let compromised: Error | null = null;
    const release = await lockfile
      .lock(this.file, {
        ...LOCK_OPTIONS,
        // The default throws from a timer (the process dies); the write below refuses instead.
        onCompromised: (error) => {
          compromised = error;
        },
      })
      .catch((error: unknown) => {
        throw new Error(`key file is locked by another process: ${this.file}.lock`, {
          cause: error,
        });
      });
    try {
      this.loadedFrom = null;
      const store = await this.current();
      const result = await change(store);
      const body: KeyFile = {
        version: 1,
        keys: store.snapshot().sort((a, b) => a.label.localeCompare(b.label)),
      };
      if (compromised) throw new Error(`lost the lock on ${this.file}`, { cause: compromised });
      await writeFileAtomic(this.file, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
      return result;
    } finally {
      // After a compromise the lock is no longer ours to release; the error above says so.
      await release().catch((error: unknown) => {
        if (!compromised) throw error;
      });
    }
  }
}

/**
 * The lock before proper-lockfile was a plain file of the same name. One a crashed writer
 * left would block every write for good: proper-lockfile takes a stale lock over with
 * rmdir, which fails on a file. Once stale like any lock, it is removed here.
 */
async function removeStaleLockFile(lock: string): Promise<void> {
  const stats = await fs.lstat(lock).catch(() => null);
  if (!stats?.isFile() || Date.now() - stats.mtimeMs <= LOCK_OPTIONS.stale) return;
  // Another writer may have removed it first (and locked since: rm refuses a directory).
  await fs.rm(lock, { force: true }).catch(() => undefined);
}

function parseKeyFile(text: string, file: string): ApiKeyRecord[] {
  const parsed = JSON.parse(text) as Partial<KeyFile>;
  if (parsed.version !== 1 || !Array.isArray(parsed.keys))
    throw new Error(`${file} is not a version 1 key file`);
  return parsed.keys.filter((record) => TIERS.includes(record.tier));
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}
