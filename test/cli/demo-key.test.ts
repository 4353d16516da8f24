/**
 * `lungtrials start` across a Redis outage: the start without Redis makes a key-file demo
 * key; the next start with Redis copies it there and prints the same working key, unless
 * Redis already holds another demo key: then it makes a new one, prints the new curl line
 * and says why.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RedisKeyStore } from '../../api/keys/redis-store.js';
import { connectRedis } from '../../api/redis.js';
import { createLogger } from '../../config/logger.js';
import { closeRedis } from '../../config/redis.js';
import { closedPort, startCli } from '../helpers/processes.js';
import { testRedis, type TestRedis } from '../helpers/redis.js';

let world: TestRedis;
let work: string;
beforeEach(async () => {
  world = await testRedis();
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'lungtrials-demo-start-'));
});
afterEach(async () => {
  await world.cleanup();
  await fs.rm(work, { recursive: true, force: true });
});

async function start(
  env: Record<string, string>,
): Promise<{ output: string; key: string; url: string }> {
  const proc = startCli(['start'], {
    DATA_DIR: path.join(work, 'data'),
    SNAPSHOT_DIR: path.join(work, 'snapshots'),
    PORT: '0',
    LOG_LEVEL: 'info',
    ...env,
  });
  try {
    const line = await proc.waitFor(/^curl /, 120_000);
    const [, key, url] = /Bearer (\S+)" "(http:\/\/[^/]+)\//.exec(line)!;
    const res = await fetch(`${url}/api/v1/meta`, { headers: { Authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    return { output: proc.output(), key, url };
  } finally {
    await proc.stop();
  }
}

describe('lungtrials start and the demo key', { timeout: 240_000 }, () => {
  it('a start on Redis after a start without it keeps the demo key: the key file is copied into Redis', async () => {
    const offline = await start({
      REDIS_URL: `redis://127.0.0.1:${await closedPort()}`,
      REDIS_PREFIX: world.prefix,
    });
    expect(offline.output).toMatch(/in the key file store/);
    const online = await start({ REDIS_URL: world.url, REDIS_PREFIX: world.prefix });
    // A key made while Redis was unreachable reaches Redis (api/keys/open.ts), the demo key too.
    expect(online.key).toBe(offline.key);
    expect(online.output).not.toMatch(/New demo key/);
    expect(online.output).toMatch(/in the Redis store/);
    expect(await world.keys()).toContain(`${world.prefix}keys:label:demo`);
  });

  it('a start on Redis whose Redis holds another demo key replaces it and says why', async () => {
    const offline = await start({
      REDIS_URL: `redis://127.0.0.1:${await closedPort()}`,
      REDIS_PREFIX: world.prefix,
    });
    // Redis already has a `demo` label (another clone's): the key file's record is not copied over it.
    const connection = (await connectRedis(world.url, { logger: createLogger('silent') }))!;
    try {
      await new RedisKeyStore(connection, world.prefix).create('demo', 'partner');
    } finally {
      await closeRedis(connection);
    }
    const online = await start({ REDIS_URL: world.url, REDIS_PREFIX: world.prefix });
    expect(online.key).not.toBe(offline.key);
    expect(online.output).toMatch(
      /^New demo key: the saved demo key was held by the key file .*keys\.json, but this start uses Redis at .*, so a new one was created there/m,
    );
    const again = await start({ REDIS_URL: world.url, REDIS_PREFIX: world.prefix });
    expect(again.key).toBe(online.key);
    expect(again.output).not.toMatch(/New demo key/);
  });
});
