/**
 * Child of bench/swap.ts: the real app over a watched snapshot root (SnapshotHolder.open,
 * as `lungtrials serve` runs it), in-process key store and counter with room for every
 * request. Prints one JSON line `{url, key}` on stdout when listening.
 */
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createApp } from '../api/app.js';
import { boundHeapGrowth } from '../api/heap.js';
import { MemoryKeyStore } from '../api/keys/memory-store.js';
import { MemoryUsageCounter } from '../api/limits/memory-counter.js';
import { SnapshotHolder } from '../api/live-snapshot.js';
import { createLogger } from '../config/logger.js';
import { TIER_LIMITS } from '../domain/tiers.js';

const { values } = parseArgs({ options: { root: { type: 'string' } } });
boundHeapGrowth();
const logger = createLogger('info');
const holder = await SnapshotHolder.open({ root: values.root!, logger, pollMs: 250 });
const keys = new MemoryKeyStore();
const { plaintext } = await keys.create('swap-bench', 'partner');
const usage = new MemoryUsageCounter({
  limits: {
    ...TIER_LIMITS,
    partner: { dailyQuota: Number.MAX_SAFE_INTEGER, burstPerMinute: Number.MAX_SAFE_INTEGER },
  },
  burstWindowSeconds: 0.1,
});
const app = createApp({
  snapshots: holder,
  keys,
  usage,
  logger: createLogger('silent'),
  contactEmail: 'bench@lungtrials.example',
});
const server = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(
    `${JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, key: plaintext })}\n`,
  );
});
// Where a slow response came from: garbage collection or code holding the event loop.
const gc = { count: 0, over_100ms: 0, max_ms: 0 };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    gc.count++;
    if (e.duration > 100) gc.over_100ms++;
    gc.max_ms = Math.max(gc.max_ms, Math.round(e.duration));
  }
}).observe({ entryTypes: ['gc'] });
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
process.on('SIGTERM', () => {
  const stats = {
    msg: 'swap server stats',
    gc,
    loop_delay_max_ms: Math.round(loopDelay.max / 1e6),
    loop_delay_p99_ms: Math.round(loopDelay.percentile(99) / 1e6),
  };
  process.stderr.write(`${JSON.stringify(stats)}\n`);
  server.closeAllConnections();
  server.close(() => void holder.close().then(() => process.exit(0)));
});
