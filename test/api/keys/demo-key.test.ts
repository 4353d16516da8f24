import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { demoKeyPath, ensureDemoKey, type KeyStoreIdentity } from '../../../api/keys/demo-key.js';
import { MemoryKeyStore } from '../../../api/keys/memory-store.js';
import { RedisKeyStore } from '../../../api/keys/redis-store.js';
import { testRedis, type TestRedis } from '../../helpers/redis.js';

let dataDir: string;
let world: TestRedis;
let redisId: KeyStoreIdentity;

beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lungtrials-demo-key-'));
  world = await testRedis();
  redisId = { backend: 'redis', location: `${world.url} (prefix ${world.prefix})` };
});
afterEach(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
  await world.cleanup();
});

const saved = async () =>
  JSON.parse(await fs.readFile(demoKeyPath(dataDir), 'utf8')) as {
    key: string;
    backend: string;
    location: string;
  };

describe('ensureDemoKey', () => {
  it('creates a partner key labelled demo once, records its store, and reuses it on the next start', async () => {
    const store = new RedisKeyStore(world.redis, world.prefix);
    const first = await ensureDemoKey(store, dataDir, redisId);
    expect(first).toMatchObject({ created: true, reason: null });
    expect(await store.findByPlaintext(first.plaintext)).toMatchObject({
      label: 'demo',
      tier: 'partner',
      revoked_at: null,
    });
    expect(await saved()).toMatchObject({
      key: first.plaintext,
      backend: 'redis',
      location: redisId.location,
    });
    expect((await fs.stat(demoKeyPath(dataDir))).mode & 0o077).toBe(0);

    const second = await ensureDemoKey(
      new RedisKeyStore(world.connect(), world.prefix),
      dataDir,
      redisId,
    );
    expect(second).toEqual({ plaintext: first.plaintext, created: false, reason: null });
  });

  it('replaces a revoked key and says so', async () => {
    const store = new RedisKeyStore(world.redis, world.prefix);
    const first = await ensureDemoKey(store, dataDir, redisId);
    await store.revoke('demo');
    const replaced = await ensureDemoKey(store, dataDir, redisId);
    expect(replaced.created).toBe(true);
    expect(replaced.reason).toMatch(/revoked or removed from Redis at/);
    expect(replaced.plaintext).not.toBe(first.plaintext);
    expect(await store.findByPlaintext(first.plaintext)).toBeNull();
    expect((await store.findByPlaintext(replaced.plaintext))?.revoked_at).toBeNull();
  });

  it('a start on another store re-creates the key there, naming both stores', async () => {
    const fileId: KeyStoreIdentity = { backend: 'file', location: path.join(dataDir, 'keys.json') };
    const offline = await ensureDemoKey(new MemoryKeyStore(), dataDir, fileId);
    expect(await saved()).toMatchObject({ key: offline.plaintext, backend: 'file' });
    // Redis is back: it never saw the key-file key.
    const store = new RedisKeyStore(world.redis, world.prefix);
    const back = await ensureDemoKey(store, dataDir, redisId);
    expect(back.created).toBe(true);
    expect(back.reason).toBe(
      `the saved demo key was held by the key file ${fileId.location}, but this start uses Redis at ${redisId.location}, which does not know it, ` +
        'so a new one was created there; the key printed before no longer works',
    );
    expect((await store.findByPlaintext(back.plaintext))?.label).toBe('demo');
    expect(await saved()).toMatchObject({ key: back.plaintext, backend: 'redis' });
  });

  it('reads the plain-text demo-key.txt of earlier versions and replaces it', async () => {
    const store = new RedisKeyStore(world.redis, world.prefix);
    const { plaintext } = await store.create('demo', 'partner');
    await fs.writeFile(path.join(dataDir, 'demo-key.txt'), `${plaintext}\n`);
    expect(await ensureDemoKey(store, dataDir, redisId)).toEqual({
      plaintext,
      created: false,
      reason: null,
    });
    expect(await saved()).toMatchObject({ key: plaintext, backend: 'redis' });
  });
});
