import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { demoKeyPath, ensureDemoKey } from '../../../api/keys/demo-key.js';
import { MemoryKeyStore } from '../../../api/keys/memory-store.js';
import { RedisKeyStore } from '../../../api/keys/redis-store.js';
import { testRedis, type TestRedis } from '../../helpers/redis.js';

let dataDir: string;
let world: TestRedis;

beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lungtrials-demo-key-'));
  world = await testRedis();
});
afterEach(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
  await world.cleanup();
});

describe('ensureDemoKey', () => {
  it('creates a partner key labelled demo once and reuses it on the next start', async () => {
    const store = new RedisKeyStore(world.redis, world.prefix);
    const first = await ensureDemoKey(store, dataDir);
    expect(first.created).toBe(true);
    expect(await store.findByPlaintext(first.plaintext)).toMatchObject({ label: 'demo', tier: 'partner', revoked_at: null });
    expect((await fs.readFile(demoKeyPath(dataDir), 'utf8')).trim()).toBe(first.plaintext);
    expect((await fs.stat(demoKeyPath(dataDir))).mode & 0o077).toBe(0);

    const second = await ensureDemoKey(new RedisKeyStore(world.connect(), world.prefix), dataDir);
    expect(second).toEqual({ plaintext: first.plaintext, created: false });
  });

  it('replaces the key when the stored one is revoked or unknown to the store', async () => {
    const store = new RedisKeyStore(world.redis, world.prefix);
    const first = await ensureDemoKey(store, dataDir);
    await store.revoke('demo');
    const replaced = await ensureDemoKey(store, dataDir);
    expect(replaced.created).toBe(true);
    expect(replaced.plaintext).not.toBe(first.plaintext);
    expect(await store.findByPlaintext(first.plaintext)).toBeNull();
    expect((await store.findByPlaintext(replaced.plaintext))?.revoked_at).toBeNull();

    // A store that never saw it (e.g. Redis came back after a start on the key file).
    const other = new MemoryKeyStore();
    const fresh = await ensureDemoKey(other, dataDir);
    expect(fresh.created).toBe(true);
    expect((await other.findByPlaintext(fresh.plaintext))?.label).toBe('demo');
  });
});
