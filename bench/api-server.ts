/**
 * Child: the server under load. `--mode api` is the real app (createApp over the full
 * snapshot, a real key store and usage counter); `--mode ceiling` is the same Express
 * setup answering every request with one prebuilt body, the most this stack can serve.
 *
 * The key is a partner key whose limits are raised through the counter's options, so no
 * request is ever refused; every request still goes through key lookup and counting.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { createApp } from '../api/app.js';
import { MemoryKeyStore } from '../api/keys/memory-store.js';
import { RedisKeyStore } from '../api/keys/redis-store.js';
import type { KeyStore } from '../api/keys/types.js';
import { RedisGate, StoreGate, type RequestGate } from '../api/limits/gate.js';
import { MemoryUsageCounter } from '../api/limits/memory-counter.js';
import { RedisUsageCounter } from '../api/limits/redis-counter.js';
import type { UsageCounterOptions } from '../api/limits/options.js';
import type { UsageCounter } from '../api/limits/types.js';
import { connectRedis } from '../api/redis.js';
import { closeRedis } from '../config/redis.js';
import { SnapshotHolder } from '../api/live-snapshot.js';
import { createLogger } from '../config/logger.js';
import { TIER_LIMITS } from '../domain/tiers.js';
import { resolveLatest } from '../snapshot/index.js';
import { openSnapshotIndex } from '../api/query/index-file.js';
import { buildTrialIndex } from '../api/query/trial-index.js';
import { ceilingApp } from './ceiling-app.js';
import { boundHeapGrowth } from '../api/heap.js';
import { failChild, maxRssMb, rssMb, sendToParent, untilStopped } from './child.js';

export type ServerMode = 'api' | 'ceiling';
export type StoreKind = 'memory' | 'redis';

export interface ServerReady {
  type: 'ready';
  url: string;
  /** Plaintext partner key (api mode). */
  key: string;
  /** Every trial id in default order (api mode). */
  ids: string[];
  store: StoreKind | null;
  /** Opening the snapshot: Parquet read + checksum, then the index build (api mode). */
  /**
   * Time to open the snapshot: reading its serving index (index_ms 0), or reading the
   * Parquet tables (read_ms) and building the index (index_ms) when it has none.
   */
  read_ms: number;
  index_ms: number;
  /** Why the index was built from the tables; null when the serving index was read. */
  built: string | null;
  /** After the open, and once the row tables are dropped: a full GC, 2 s idle, another GC. */
  rss_after_open_mb: number;
  rss_after_gc_mb: number;
  heap_after_gc_mb: number;
  max_rss_mb: number;
}

export interface ServerStats {
  type: 'stats';
  rss_mb: number;
  max_rss_mb: number;
  heap_mb: number;
  /** CPU time (user + system) this process has used so far, in ms. */
  cpu_ms: number;
  /** Highest RSS seen (sampled every 50 ms) since the previous stats message. */
  window_peak_rss_mb: number;
  /** What that RSS was made of when it was seen. */
  window_peak: RssParts;
}

/**
 * An RSS sample taken apart: the JS heap V8 has reserved, the Buffers and typed arrays
 * outside it, and the rest (code, mapped libraries, malloc'd native memory: zlib streams,
 * sockets, fragmentation).
 */
export interface RssParts {
  rss_mb: number;
  heap_total_mb: number;
  array_buffers_mb: number;
  other_mb: number;
}

const MB = 2 ** 20;

function rssParts(): RssParts {
  const m = process.memoryUsage();
  const rss_mb = m.rss / MB;
  const heap_total_mb = m.heapTotal / MB;
  const array_buffers_mb = m.arrayBuffers / MB;
  return {
    rss_mb,
    heap_total_mb,
    array_buffers_mb,
    other_mb: rss_mb - heap_total_mb - array_buffers_mb,
  };
}

/**
 * RSS sampled between stats messages: the peak of each load run, not only of the whole
 * process, with what it was made of at that sample.
 */
function rssWindow(): { take(): RssParts } {
  let peak = rssParts();
  setInterval(() => {
    const now = rssParts();
    if (now.rss_mb > peak.rss_mb) peak = now;
  }, 50).unref();
  return {
    take() {
      const now = rssParts();
      const seen = now.rss_mb > peak.rss_mb ? now : peak;
      peak = now;
      return seen;
    },
  };
}

const UNLIMITED = { dailyQuota: Number.MAX_SAFE_INTEGER, burstPerMinute: Number.MAX_SAFE_INTEGER };

/**
 * The in-process counter keeps one timestamp per request in its burst window; with the
 * window at 60 s and thousands of requests a second that list grows to ~10^5 entries,
 * which a real partner key (300 a minute) never has. A 0.1 s window keeps it near that size.
 */
const COUNTER_OPTIONS: UsageCounterOptions = {
  limits: { ...TIER_LIMITS, partner: UNLIMITED },
  burstWindowSeconds: 0.1,
};

function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

interface Stores {
  keys: KeyStore;
  usage: UsageCounter;
  gate: RequestGate;
  close(): Promise<void>;
}

async function openStores(kind: StoreKind, redisUrl: string): Promise<Stores> {
  if (kind === 'memory') {
    const keys = new MemoryKeyStore();
    const usage = new MemoryUsageCounter(COUNTER_OPTIONS);
    return { keys, usage, gate: new StoreGate(keys, usage), close: async () => {} };
  }
  const logger = createLogger('warn');
  const redis = await connectRedis(redisUrl, { logger });
  if (!redis) throw new Error(`Redis is not reachable at ${redisUrl}`);
  const prefix = `bench:${randomUUID()}:`;
  return {
    keys: new RedisKeyStore(redis, prefix),
    usage: new RedisUsageCounter(redis, prefix, COUNTER_OPTIONS),
    gate: new RedisGate(redis, prefix, COUNTER_OPTIONS),
    async close() {
      // Leave nothing behind in a Redis others use.
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
        if (keys.length > 0) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
      await closeRedis(redis);
    },
  };
}

/**
 * The holder's own load path (openSnapshotIndex: the serving index, else the tables and a
 * build, whose two halves are timed apart); the row tables die with this frame.
 */
async function openSnapshot(root: string): Promise<{
  holder: SnapshotHolder;
  read_ms: number;
  index_ms: number;
  built: string | null;
}> {
  const latest = await resolveLatest(root);
  if (!latest) throw new Error(`no snapshot under ${root}`);
  const t0 = performance.now();
  let index_ms = 0;
  const opened = await openSnapshotIndex(latest.dir, {}, (tables) => {
    const t1 = performance.now();
    const index = buildTrialIndex(tables);
    index_ms = performance.now() - t1;
    return Promise.resolve(index);
  });
  const read_ms = performance.now() - t0 - index_ms;
  const holder = SnapshotHolder.fixed(
    opened.manifest,
    opened.index,
    opened.built === null ? 'read' : 'built',
  );
  return { holder, read_ms, index_ms, built: opened.built };
}

function listen(app: { listen: (port: number, host: string) => Server }): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(0, '127.0.0.1');
    server.once('listening', () => resolve(server));
    server.once('error', reject);
  });
}

async function main(): Promise<void> {
  // The serving process's heap setting (api/server.ts), for the ceiling's process too.
  boundHeapGrowth();
  const { values } = parseArgs({
    options: {
      mode: { type: 'string', default: 'api' },
      'snapshot-root': { type: 'string' },
      'body-file': { type: 'string' },
      store: { type: 'string', default: 'memory' },
      'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379' },
    },
  });
  const mode = values.mode as ServerMode;
  let server: Server;
  let stores: Stores | null = null;
  let ready: ServerReady;

  if (mode === 'ceiling') {
    const body = await fs.readFile(values['body-file']!);
    server = await listen(ceilingApp(body));
    gc();
    ready = {
      type: 'ready',
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      key: '',
      ids: [],
      store: null,
      read_ms: 0,
      index_ms: 0,
      built: null,
      rss_after_open_mb: rssMb(),
      rss_after_gc_mb: rssMb(),
      heap_after_gc_mb: process.memoryUsage().heapUsed / 2 ** 20,
      max_rss_mb: maxRssMb(),
    };
  } else {
    const { holder, read_ms, index_ms, built } = await openSnapshot(values['snapshot-root']!);
    const rssAfterOpen = rssMb();
    gc();
    // V8 hands the pages of the dropped row tables back over its next idle ticks, not at
    // the GC: the serving figure is taken once that has happened.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    gc();
    const storeKind = values.store as StoreKind;
    stores = await openStores(storeKind, values['redis-url']!);
    const { plaintext } = await stores.keys.create('bench-partner', 'partner');
    const app = createApp({
      snapshots: holder,
      keys: stores.keys,
      usage: stores.usage,
      gate: stores.gate,
      logger: createLogger('silent'),
      contactEmail: 'bench@lungtrials.example',
    });
    server = await listen(app);
    ready = {
      type: 'ready',
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      key: plaintext,
      ids: holder.current()!.index.nctIds,
      store: storeKind,
      read_ms,
      index_ms,
      built,
      rss_after_open_mb: rssAfterOpen,
      rss_after_gc_mb: rssMb(),
      heap_after_gc_mb: process.memoryUsage().heapUsed / 2 ** 20,
      max_rss_mb: maxRssMb(),
    };
  }

  const window = rssWindow();
  process.on('message', (m: { type: string }) => {
    if (m.type !== 'stats') return;
    const cpu = process.cpuUsage();
    const peak = window.take();
    const stats: ServerStats = {
      type: 'stats',
      rss_mb: rssMb(),
      max_rss_mb: maxRssMb(),
      heap_mb: process.memoryUsage().heapUsed / 2 ** 20,
      cpu_ms: (cpu.user + cpu.system) / 1000,
      window_peak_rss_mb: peak.rss_mb,
      window_peak: peak,
    };
    void sendToParent(stats);
  });
  await sendToParent(ready);
  await untilStopped();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await stores?.close();
  // Leaves --cpu-prof time to write its profile.
  process.exit(0);
}

main().catch(failChild);
