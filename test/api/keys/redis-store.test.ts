import { describe, expect, it } from 'vitest';
import { RedisKeyStore } from '../../../api/keys/redis-store.js';
import { hashKey } from '../../../api/keys/secret.js';
import { testRedis } from '../../helpers/redis.js';
import { keyStoreContract } from './store-contract.js';

describe('RedisKeyStore', () => {
  keyStoreContract(async () => {
    const world = await testRedis();
    return { store: new RedisKeyStore(world.redis, world.prefix), cleanup: world.cleanup };
  });

  it('keeps only hashes in Redis, every key name under the prefix', async () => {
    const world = await testRedis();
    try {
      const store = new RedisKeyStore(world.redis, world.prefix);
      const created = [await store.create('one', 'free'), await store.create('two', 'partner')];
      await store.revoke('two');
      const names = await world.keys();
      expect(names.length).toBeGreaterThan(0);
      let everything = names.join('\n');
      for (const name of names) {
        const type = await world.redis.type(name);
        if (type === 'hash') everything += JSON.stringify(await world.redis.hgetall(name));
        else if (type === 'set') everything += (await world.redis.smembers(name)).join(',');
        else if (type === 'string') everything += await world.redis.get(name);
        else throw new Error(`unexpected ${type} at ${name}`);
      }
      for (const { plaintext, record } of created) {
        expect(everything).not.toContain(plaintext);
        expect(everything).not.toContain(plaintext.slice(3));
        expect(everything).toContain(hashKey(plaintext));
        expect(record.hash).toBe(hashKey(plaintext));
      }
      // Nothing outside the prefix: a second prefix sees none of it.
      const other = new RedisKeyStore(world.redis, `${world.prefix}other:`);
      expect(await other.list()).toEqual([]);
      expect(await other.findByPlaintext(created[0].plaintext)).toBeNull();
    } finally {
      await world.cleanup();
    }
  });

  it('sees what another connection (another process) created or revoked, at once', async () => {
    const world = await testRedis();
    try {
      const writer = new RedisKeyStore(world.connect(), world.prefix);
      const reader = new RedisKeyStore(world.redis, world.prefix);
      const { plaintext } = await writer.create('shared', 'standard');
      expect((await reader.findByPlaintext(plaintext))?.revoked_at).toBeNull();
      await writer.revoke('shared');
      expect((await reader.findByPlaintext(plaintext))?.revoked_at).not.toBeNull();
    } finally {
      await world.cleanup();
    }
  });
});
