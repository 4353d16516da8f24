/**
 * Redis faults as the API sees them: a frozen Redis answers nothing (each request must
 * still end quickly, with 503 service_unavailable and Retry-After); a stopped one is a
 * 503 too, not a 500; and an API started while Redis was down serves the key file, refuses
 * keys it cannot check with 503 instead of 401, and moves to Redis once it answers.
 */
import { promises as fs } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../api/app.js';
import { openStores, type ServiceStores } from '../../../api/keys/open.js';
import { RedisKeyStore } from '../../../api/keys/redis-store.js';
import { connectRedis } from '../../../api/redis.js';
import { closeRedis } from '../../../config/redis.js';
import { SnapshotHolder } from '../../../api/live-snapshot.js';
import { generateDemoTables } from '../../../pipeline/demo/index.js';
import { capturingLogger } from '../../helpers/processes.js';
import { ownRedis, type OwnRedis } from '../../helpers/own-redis.js';

let dir: string;
let redis: OwnRedis;
let stores: ServiceStores | null = null;
let server: Server | null = null;
const holder = SnapshotHolder.fromTables(generateDemoTables({ scale: 'demo' }), {
  version: 'faults-v1',
});

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lungtrials-redis-faults-'));
  redis = await ownRedis(dir);
});
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
  await stores?.close();
  stores = null;
  await redis.kill();
  await fs.rm(dir, { recursive: true, force: true });
});

const env = () => ({
  REDIS_URL: redis.url,
  REDIS_PREFIX: 'faults:',
  DATA_DIR: path.join(dir, 'data'),
});

async function serve(logger = capturingLogger().logger): Promise<string> {
  stores = await openStores(env(), logger, { returnToRedis: true, retryIntervalMs: 200 });
  const app = createApp({
    snapshots: holder,
    keys: stores.keys,
    usage: stores.usage,
    gate: stores.gate,
    redis: () => stores!.redis,
    logger,
    contactEmail: 'ops@test.invalid',
  });
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/sources`;
}

/** A key created straight in this test's Redis. */
async function redisKey(label: string): Promise<string> {
  const connection = (await connectRedis(redis.url, { logger: capturingLogger().logger }))!;
  try {
    return (await new RedisKeyStore(connection, 'faults:').create(label, 'standard')).plaintext;
  } finally {
    await closeRedis(connection);
  }
}

const call = async (url: string, key: string) => {
  const res = await fetch(url, { headers: { Authorization: `Bearer ${key}` } });
  const body = (await res.json()) as { error?: { code: string } };
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    code: body.error?.code,
  };
};

describe('Redis faults', () => {
  it('a frozen Redis: 503 service_unavailable with Retry-After from the command timeout, then 200 once it answers again', async () => {
    await redis.start();
    const key = await redisKey('frozen');
    const url = await serve();
    expect((await call(url, key)).status).toBe(200);
    redis.freeze();
    const during = await Promise.all([call(url, key), call(url, key), call(url, key)]);
    // Redis answers nothing while frozen, so a 503 can only come from the command timeout
    // firing (a missing timeout would hang here until the test's own bound).
    for (const r of during) {
      expect(r).toMatchObject({ status: 503, code: 'service_unavailable', retryAfter: '5' });
    }
    redis.thaw();
    await expect
      .poll(async () => (await call(url, key)).status, { timeout: 15_000, interval: 200 })
      .toBe(200);
  }, 60_000);

  it('a stopped Redis: 503 service_unavailable with Retry-After, not 500; back to 200 after a restart', async () => {
    await redis.start();
    const key = await redisKey('stopped');
    const url = await serve();
    expect((await call(url, key)).status).toBe(200);
    await redis.kill();
    const down = await call(url, key);
    expect(down).toMatchObject({ status: 503, code: 'service_unavailable', retryAfter: '5' });
    // AOF kept the key across the restart.
    await redis.start();
    await expect
      .poll(async () => (await call(url, key)).status, { timeout: 15_000, interval: 200 })
      .toBe(200);
  }, 60_000);

  it('an API started while Redis is down serves key-file keys, answers 503 for others, and moves to Redis when it comes back', async () => {
    await redis.start();
    const inRedis = await redisKey('in-redis');
    await redis.kill();
    const { logger, lines } = capturingLogger();
    const url = await serve(logger);
    expect(stores!.keyBackend).toBe('file');
    expect(stores!.health()).toEqual({ backend: 'file', redis: 'unreachable' });
    const { plaintext: inFile } = await stores!.keys.create('in-file', 'free');
    expect((await call(url, inFile)).status).toBe(200);
    expect(await call(url, inRedis)).toMatchObject({ status: 503, code: 'service_unavailable' });
    const healthz = url.replace('/api/v1/sources', '/healthz');
    expect(((await (await fetch(healthz)).json()) as { redis: string }).redis).toBe('fallback');

    await redis.start();
    await expect.poll(() => stores!.keyBackend, { timeout: 15_000, interval: 100 }).toBe('redis');
    expect(
      lines().some((l) => /keys and usage counters are now in Redis/.test(String(l.msg))),
    ).toBe(true);
    expect(stores!.health()).toEqual({ backend: 'redis', redis: 'ready' });
    expect(stores!.usage.backend).toBe('redis');
    expect(((await (await fetch(healthz)).json()) as { redis: string }).redis).toBe('reachable');
    expect((await call(url, inRedis)).status).toBe(200);
    // The key file's key was copied into Redis, so it keeps working.
    expect((await call(url, inFile)).status).toBe(200);
    expect((await call(url, 'lt_not_a_key')).status).toBe(401);
  }, 60_000);
});
