/**
 * Holds the snapshot the API serves. It loads the version `latest` points at, watches the
 * pointer (fs.watch for promptness, a poll because watch events can be missed), and swaps
 * to a new version by building its index fully first and then replacing one reference.
 * A request reads `current()` once, so a response never mixes two versions; a broken new
 * snapshot is logged and the old one keeps serving. The version a swap replaces stays
 * readable through `at(version)` for `retainPreviousMs` (a page token pins the version its
 * paging run started on, api/params/page-token.ts), then its reference is dropped.
 */
import fs from 'node:fs';
import type { Logger } from '../config/logger.js';
import {
  SNAPSHOT_SCHEMA_VERSION,
  TABLE_NAMES,
  type SnapshotManifest,
  type SnapshotTables,
  type TableName,
} from '../domain/rows.js';
import { CompressedBodies } from './routes/compressed-bodies.js';
import { recipeUses } from './routes/list-recipes.js';
import { LATEST_POINTER, resolveLatest } from '../snapshot/index.js';
import { openSnapshotIndex } from './query/index-file.js';
import {
  buildTrialIndex,
  buildTrialIndexInSlices,
  type BuildIndexOptions,
  type TrialIndex,
} from './query/trial-index.js';

export interface LoadedSnapshot {
  manifest: SnapshotManifest;
  index: TrialIndex;
  /** Compressed data bodies of this snapshot (routes/compressed-bodies.ts). */
  compressed: CompressedBodies;
  /** `read` from the snapshot's serving index, or `built` from its tables at open. */
  opened: 'read' | 'built';
}

export interface SnapshotHolderOptions {
  /** Directory with `<version>/` folders and the `latest` pointer. */
  root: string;
  logger: Logger;
  /** How often the pointer is re-read besides fs.watch. @defaultValue 3000 */
  pollMs?: number;
  index?: BuildIndexOptions;
  /**
   * How long the version a swap replaces stays readable by `at()` (page tokens pinned to
   * it). @defaultValue DEFAULT_RETAIN_PREVIOUS_MS
   */
  retainPreviousMs?: number;
  /** Clock for the retention (tests move it). @defaultValue Date.now */
  now?: () => number;
}

/** A paging run of every trial at 200 a page is ~75 requests (the env's default). */
export const DEFAULT_RETAIN_PREVIOUS_MS = 30 * 60_000;

export class SnapshotHolder {
  private loaded: LoadedSnapshot | null;
  private readonly opts: SnapshotHolderOptions | null;
  private watcher: fs.FSWatcher | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<boolean> | null = null;
  private again = false;
  /** A version that failed to load is not retried until the pointer moves. */
  private failedVersion: string | null = null;
  private closed = false;
  /** The version the last swap replaced, readable until `until` (the holder's clock). */
  private previous: { snapshot: LoadedSnapshot; until: number } | null = null;
  private previousTimer: NodeJS.Timeout | null = null;

  private constructor(loaded: LoadedSnapshot | null, opts: SnapshotHolderOptions | null) {
    this.loaded = loaded;
    this.opts = opts;
  }

  /** Loads `latest` (if any) and starts watching; with no snapshot yet, current() is null until one is published. */
  static async open(opts: SnapshotHolderOptions): Promise<SnapshotHolder> {
    const holder = new SnapshotHolder(null, opts);
    await holder.refresh();
    holder.watch();
    return holder;
  }

  /** A fixed snapshot from in-memory tables (tests, benchmarks); never reloads. */
  static fromTables(
    tables: SnapshotTables,
    manifest: Partial<SnapshotManifest> = {},
    index: BuildIndexOptions = {},
  ): SnapshotHolder {
    const row_counts = Object.fromEntries(TABLE_NAMES.map((t) => [t, tables[t].length])) as Record<
      TableName,
      number
    >;
    const full: SnapshotManifest = {
      version: 'in-memory',
      created_at: new Date().toISOString(),
      schema_version: SNAPSHOT_SCHEMA_VERSION,
      row_counts,
      checksums: {},
      input_summary: {},
      ...manifest,
    };
    return SnapshotHolder.fixed(full, buildTrialIndex(tables, index), 'built');
  }

  /** A fixed snapshot from an index already loaded (tests); never reloads. */
  static fixed(
    manifest: SnapshotManifest,
    index: TrialIndex,
    opened: LoadedSnapshot['opened'],
  ): SnapshotHolder {
    return new SnapshotHolder({ manifest, index, compressed: keptBodies(index), opened }, null);
  }

  /** A holder with nothing loaded: every data endpoint answers 503. */
  static empty(): SnapshotHolder {
    return new SnapshotHolder(null, null);
  }

  current(): LoadedSnapshot | null {
    return this.loaded;
  }

  /** The snapshot root this holder watches; null for a fixed in-memory snapshot. */
  get root(): string | null {
    return this.opts?.root ?? null;
  }

  /**
   * The snapshot of `version`: the one serving, or the one the last swap replaced while its
   * retention lasts; null otherwise.
   */
  at(version: string): LoadedSnapshot | null {
    if (this.loaded?.manifest.version === version) return this.loaded;
    const prev = this.previous;
    if (prev?.snapshot.manifest.version !== version) return null;
    if (this.clock() < prev.until) return prev.snapshot;
    this.dropPrevious();
    return null;
  }

  /** How long a replaced version stays readable, in milliseconds. */
  get retainPreviousMs(): number {
    return this.opts?.retainPreviousMs ?? DEFAULT_RETAIN_PREVIOUS_MS;
  }

  private clock(): number {
    return (this.opts?.now ?? Date.now)();
  }

  /** Keeps the replaced snapshot for the retention, then lets it go (its memory with it). */
  private retire(old: LoadedSnapshot | null): void {
    this.dropPrevious();
    if (!old) return;
    this.previous = { snapshot: old, until: this.clock() + this.retainPreviousMs };
    this.previousTimer = setTimeout(() => this.dropPrevious(), this.retainPreviousMs);
    this.previousTimer.unref();
  }

  private dropPrevious(): void {
    if (this.previousTimer) clearTimeout(this.previousTimer);
    this.previousTimer = null;
    this.previous = null;
  }

  /**
   * Re-reads the pointer and loads a new version if it moved. Resolves true when a new
   * version was swapped in. Calls during a load coalesce into one more pass after it.
   */
  async refresh(): Promise<boolean> {
    if (!this.opts || this.closed) return false;
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let swapped = false;
      do {
        this.again = false;
        swapped = (await this.loadIfMoved()) || swapped;
      } while (this.again && !this.closed);
      return swapped;
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async loadIfMoved(): Promise<boolean> {
    const { root, logger } = this.opts!;
    let latest: { version: string; dir: string } | null;
    try {
      latest = await resolveLatest(root);
    } catch (err) {
      logger.error({ err, root }, 'cannot read the latest snapshot pointer');
      return false;
    }
    if (
      !latest ||
      latest.version === this.loaded?.manifest.version ||
      latest.version === this.failedVersion
    )
      return false;
    const started = performance.now();
    try {
      // Read from its serving index, or built in slices: either way the current snapshot
      // keeps answering while the next one is loaded.
      const opts = this.opts!.index ?? {};
      const { manifest, index, built } = await openSnapshotIndex(latest.dir, opts, (tables) =>
        buildTrialIndexInSlices(tables, opts),
      );
      if (this.closed) return false;
      const previous = this.loaded?.manifest.version ?? null;
      this.retire(this.loaded);
      const opened = built === null ? 'read' : 'built';
      this.loaded = { manifest, index, compressed: keptBodies(index), opened };
      this.failedVersion = null;
      logger.info(
        {
          version: manifest.version,
          previous,
          trials: index.size,
          index: built === null ? 'read' : `built from the tables (${built})`,
          ms: Math.round(performance.now() - started),
        },
        'snapshot loaded',
      );
      return true;
    } catch (err) {
      this.failedVersion = latest.version;
      logger.error(
        { err, version: latest.version, serving: this.loaded?.manifest.version ?? null },
        'new snapshot failed to load; still serving the previous one',
      );
      return false;
    }
  }

  private watch(): void {
    const { root, logger, pollMs = 3000 } = this.opts!;
    const trigger = () => {
      this.refresh().catch((err) => logger.error({ err }, 'snapshot refresh failed'));
    };
    this.timer = setInterval(() => {
      if (!this.watcher) this.startWatcher(root, trigger);
      trigger();
    }, pollMs);
    this.timer.unref();
    this.startWatcher(root, trigger);
  }

  private startWatcher(root: string, trigger: () => void): void {
    try {
      this.watcher = fs.watch(root, (_event, file) => {
        if (file === null || String(file) === LATEST_POINTER) trigger();
      });
      this.watcher.on('error', () => {
        // The root can vanish (tests, an operator's cleanup); the poll restarts the watch.
        this.watcher?.close();
        this.watcher = null;
      });
      this.watcher.unref();
    } catch {
      // No root yet: the poll keeps trying.
      this.watcher = null;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.dropPrevious();
    if (this.timer) clearInterval(this.timer);
    this.watcher?.close();
    this.watcher = null;
    await this.running?.catch(() => undefined);
  }
}

/** The kept bodies of a snapshot's index, admitted by the uses its list recipes count. */
function keptBodies(index: TrialIndex): CompressedBodies {
  return new CompressedBodies(undefined, recipeUses(index));
}
