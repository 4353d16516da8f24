/**
 * The API as the operator runs it: `lungtrials serve` child processes on one snapshot and
 * one Redis prefix, the keys CLI acting on them while they run, and the no-Redis fallback.
 */
import { promises as fs } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RedisKeyStore } from '../../api/keys/redis-store.js';
import { secondsToUtcMidnight } from '../../api/limits/options.js';
import { RedisUsageCounter } from '../../api/limits/redis-counter.js';
import { generateDemoTables } from '../../pipeline/demo/index.js';
import { publishSnapshot } from '../../pipeline/publish/publish.js';
import { closedPort, runCli, startCli, type RunningProcess } from '../helpers/processes.js';
import { testRedis, type TestRedis } from '../helpers/redis.js';

let snapshotDir: string;

beforeAll(async () => {
  // One read-only snapshot for every server in this file; each test has its own Redis prefix and data dir.
  snapshotDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lungtrials-serve-snap-'));
  await publishSnapshot(generateDemoTables({ scale: 'demo' }), { root: snapshotDir });
});
afterAll(async () => {
  await fs.rm(snapshotDir, { recursive: true, force: true });
});

let world: TestRedis;
let dataDir: string;
let env: Record<string, string>;
const running: RunningProcess[] = [];

beforeEach(async () => {
  world = await testRedis();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lungtrials-serve-data-'));
  env = {
    REDIS_URL: world.url,
    REDIS_PREFIX: world.prefix,
    DATA_DIR: dataDir,
    SNAPSHOT_DIR: snapshotDir,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
  };
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop()));
  await world.cleanup();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Starts `lungtrials serve` and resolves with its base URL once it listens. */
async function serve(
  extraEnv: Record<string, string> = {},
): Promise<{ url: string; proc: RunningProcess }> {
  const proc = startCli(['serve'], { ...env, ...extraEnv });
  running.push(proc);
  const line = await proc.waitFor(/"msg":"API listening"/, 60_000);
  return { url: (JSON.parse(line) as { url: string }).url, proc };
}

const lastLine = (text: string): string => text.trimEnd().split('\n').at(-1) ?? '';

// Each case boots one or two servers and the CLI as child processes.
describe('lungtrials serve', { timeout: 180_000 }, () => {
  it('two API processes share one key’s quota exactly', async () => {
    const [a, b] = await Promise.all([serve(), serve()]);
    expect(a.url).not.toBe(b.url);
    const { record, plaintext } = await new RedisKeyStore(world.redis, world.prefix).create(
      'shared',
      'free',
    );
    // Spend 92 of the free tier's 100 quickly, with a burst limit out of the way, then clear the burst window.
    const filler = new RedisUsageCounter(world.redis, world.prefix, {
      limits: {
        free: { dailyQuota: 100, burstPerMinute: 1000 },
        standard: { dailyQuota: 1, burstPerMinute: 1 },
        partner: { dailyQuota: 1, burstPerMinute: 1 },
      },
    });
    for (let i = 0; i < 92; i += 1) await filler.consume(record.hash, 'free');
    await world.redis.del(`${world.prefix}usage:burst:${record.hash}`);

    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        fetch(`${i % 2 ? a.url : b.url}/api/v1/sources`, {
          headers: { Authorization: `Bearer ${plaintext}` },
        }),
      ),
    );
    const ok = responses.filter((r) => r.status === 200);
    const refused = responses.filter((r) => r.status === 429);
    expect(ok).toHaveLength(8);
    expect(refused).toHaveLength(4);
    expect(
      ok.map((r) => Number(r.headers.get('x-ratelimit-remaining'))).sort((x, y) => x - y),
    ).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    for (const r of refused) {
      expect(((await r.json()) as { error: { code: string } }).error.code).toBe('quota_exceeded');
      expect(
        Math.abs(Number(r.headers.get('retry-after')) - secondsToUtcMidnight(Date.now())),
      ).toBeLessThanOrEqual(5);
      expect(r.headers.get('x-ratelimit-remaining')).toBe('0');
    }
    for (const url of [a.url, b.url]) {
      const meta = await fetch(`${url}/api/v1/meta`, { headers: { 'X-API-Key': plaintext } });
      expect(meta.status).toBe(200);
      expect(((await meta.json()) as { meta: { quota_used: number } }).meta.quota_used).toBe(100);
    }
  });

  it('two API processes share one key’s burst window exactly', async () => {
    const [a, b] = await Promise.all([serve(), serve()]);
    const { plaintext } = await new RedisKeyStore(world.redis, world.prefix).create(
      'bursty',
      'standard',
    );
    const responses = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        fetch(`${i % 2 ? a.url : b.url}/api/v1/sources`, { headers: { 'X-API-Key': plaintext } }),
      ),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(60);
    const refused = responses.filter((r) => r.status === 429);
    expect(refused).toHaveLength(20);
    for (const r of refused) {
      expect(((await r.json()) as { error: { code: string } }).error.code).toBe(
        'rate_limit_exceeded',
      );
      const retryAfter = Number(r.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(r.headers.get('x-ratelimit-burst-remaining')).toBe('0');
      expect(r.headers.get('x-ratelimit-remaining')).toBe('940');
    }
  });

  it('accepts a key the CLI creates while it runs, and refuses it as soon as the CLI revokes it', async () => {
    const { url } = await serve();
    const created = await runCli(['keys', 'create', '--label', 'live', '--tier', 'standard'], env);
    expect(created.code).toBe(0);
    const plaintext = lastLine(created.stdout);
    const ok = await fetch(`${url}/api/v1/sources`, {
      headers: { Authorization: `Bearer ${plaintext}` },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-ratelimit-limit')).toBe('1000');

    expect((await runCli(['keys', 'revoke', 'live'], env)).code).toBe(0);
    const refused = await fetch(`${url}/api/v1/sources`, {
      headers: { Authorization: `Bearer ${plaintext}` },
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('key_revoked');
  });

  it('starts without Redis, says so, and serves keys from the DATA_DIR key file', async () => {
    const offline = { REDIS_URL: `redis://127.0.0.1:${await closedPort()}` };
    const { url, proc } = await serve(offline);
    expect(proc.output()).toMatch(/"level":40.*Redis is not reachable/);
    const created = await runCli(['keys', 'create', '--label', 'offline', '--tier', 'free'], {
      ...env,
      ...offline,
    });
    expect(created.code).toBe(0);
    const plaintext = lastLine(created.stdout);
    const res = await fetch(`${url}/api/v1/sources`, {
      headers: { Authorization: `Bearer ${plaintext}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-remaining')).toBe('99');
    expect((await runCli(['keys', 'revoke', 'offline'], { ...env, ...offline })).code).toBe(0);
    expect(
      (await fetch(`${url}/api/v1/sources`, { headers: { 'X-API-Key': plaintext } })).status,
    ).toBe(403);
  });

  it('shuts down cleanly on SIGTERM', async () => {
    const { proc } = await serve();
    expect(await proc.stop()).toBe(0);
    expect(proc.output()).toMatch(/"msg":"API stopped"/);
  });

  it('finishes its shutdown when a second SIGTERM arrives while it drains', async () => {
    const { url, proc } = await serve();
    // A request whose headers never end keeps the server draining (up to its 5 s limit).
    const { hostname, port } = new URL(url);
    const socket = net.connect(Number(port), hostname);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write('GET /api/v1/health HTTP/1.1\r\nHost: x\r\n');
    socket.on('error', () => {});
    proc.child.kill('SIGTERM');
    await proc.waitFor(/"msg":"shutting down"/);
    proc.child.kill('SIGTERM');
    expect(await proc.stop(15_000)).toBe(0);
    expect(proc.output()).toMatch(/"msg":"already shutting down"/);
    expect(proc.output()).toMatch(/"msg":"API stopped"/);
    socket.destroy();
  });
});

describe('lungtrials start', { timeout: 240_000 }, () => {
  it('builds the demo snapshot when none exists, prints a curl line that works, and reuses the key on restart', async () => {
    const emptySnapshots = await fs.mkdtemp(path.join(os.tmpdir(), 'lungtrials-start-snap-'));
    try {
      const startEnv = { ...env, SNAPSHOT_DIR: emptySnapshots };
      const first = startCli(['start'], startEnv);
      running.push(first);
      const curl = await first.waitFor(/^curl -H "Authorization: Bearer lt_/, 120_000);
      const [, key, url] = /Bearer (lt_[A-Za-z0-9_-]+)" "([^"]+)"/.exec(curl) ?? [];
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/trials\?limit=2$/);
      const res = await fetch(url, { headers: { Authorization: `Bearer ${key}` } });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: unknown[] }).data).toHaveLength(2);
      // The page printed for a person opens without a key.
      const page = /browse and try it: (\S+)\)/.exec(first.output())?.[1];
      expect(page).toBe(url.replace(/\/trials\?limit=2$/, '/reference'));
      const pageRes = await fetch(page!);
      expect(pageRes.status).toBe(200);
      expect(pageRes.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await fs.readdir(emptySnapshots)).toContain('latest');
      expect(await first.stop()).toBe(0);

      const second = startCli(['start'], startEnv);
      running.push(second);
      const again = await second.waitFor(/^curl -H/, 60_000);
      expect(again).toContain(key);
    } finally {
      await fs.rm(emptySnapshots, { recursive: true, force: true });
    }
  });
});
