/**
 * A key created while Redis is down (the outside probe: `keys create` exited 0 and printed
 * the key, written to the key file, but an API that started with Redis up answered 401 for
 * it after Redis came back, 20 of 20, and `keys list` did not show it). Both ways round:
 * an API on Redis before the outage, and an API started during it; in both the key works
 * once Redis is back, and `keys list` shows it.
 */
import { promises as fs } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../api/app.js';
import { openStores, type ServiceStores } from '../../../api/keys/open.js';
import { SnapshotHolder } from '../../../api/live-snapshot.js';
import { generateDemoTables } from '../../../pipeline/demo/index.js';
import { capturingLogger, runCli } from '../../helpers/processes.js';
import { ownRedis, type OwnRedis } from '../../helpers/own-redis.js';

let dir: string;
let redis: OwnRedis;
let stores: ServiceStores | null = null;
let server: Server | null = null;
const holder = SnapshotHolder.fromTables(generateDemoTables({ scale: 'demo' }), {
  version: 'outage-v1',
});

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lungtrials-keys-outage-'));
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
  REDIS_PREFIX: 'outage:',
  DATA_DIR: path.join(dir, 'data'),
  LOG_LEVEL: 'info',
});

/** The API as `lungtrials serve` opens it (stores that return to Redis), in this process. */
async function serve(): Promise<string> {
  const { logger } = capturingLogger();
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

const status = async (url: string, key: string) =>
  (await fetch(url, { headers: { Authorization: `Bearer ${key}` } })).status;

/** `keys create` as the operator runs it; the key is the last stdout line. */
async function createKey(label: string): Promise<{ key: string; stderr: string }> {
  const res = await runCli(['keys', 'create', '--label', label, '--tier', 'standard'], env());
  expect(res.code, res.stderr).toBe(0);
  return { key: res.stdout.trim().split('\n').at(-1)!, stderr: res.stderr };
}

async function listedLabels(): Promise<string[]> {
  const res = await runCli(['keys', 'list', '--json'], env());
  expect(res.code, res.stderr).toBe(0);
  return (JSON.parse(res.stdout) as Array<{ label: string }>).map((r) => r.label);
}

describe('a key created while Redis is down', () => {
  it('an API on Redis before the outage accepts it once Redis is back; keys list shows it', async () => {
    await redis.start();
    const url = await serve();
    expect(stores!.keyBackend).toBe('redis');
    await redis.kill();
    const { key, stderr } = await createKey('during-outage');
    expect(key).toMatch(/^lt_/);
    expect(stderr).toMatch(/Redis is unreachable, so the key is in the key file/);
    expect(await status(url, key)).toBe(503);
    await redis.start();
    // The API's connection comes back by itself and copies the key file into Redis.
    await expect.poll(() => status(url, key), { timeout: 30_000, interval: 200 }).toBe(200);
    expect(await listedLabels()).toContain('during-outage');
  }, 120_000);

  it('an API started during the outage serves it from the key file, and keeps serving it from Redis', async () => {
    await redis.start();
    await redis.kill();
    const url = await serve();
    expect(stores!.keyBackend).toBe('file');
    const { key } = await createKey('made-offline');
    expect(await status(url, key)).toBe(200);
    await redis.start();
    await expect.poll(() => stores!.keyBackend, { timeout: 30_000, interval: 100 }).toBe('redis');
    expect(await status(url, key)).toBe(200);
    expect(await listedLabels()).toContain('made-offline');
  }, 120_000);

  it('with no API running, the next keys command that reaches Redis brings it in', async () => {
    await redis.start();
    await redis.kill();
    const { key } = await createKey('no-server');
    await redis.start();
    expect(await listedLabels()).toContain('no-server');
    // A server started now finds it in Redis.
    const url = await serve();
    expect(stores!.keyBackend).toBe('redis');
    expect(await status(url, key)).toBe(200);
  }, 120_000);
});
