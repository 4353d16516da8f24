import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { RedisKeyStore } from '../../../api/keys/redis-store.js';
import { RedisGate } from '../../../api/limits/gate.js';
import { RedisUsageCounter } from '../../../api/limits/redis-counter.js';
import { testRedis } from '../../helpers/redis.js';
import { SMALL_LIMITS } from './counter-contract.js';

describe('RedisGate', () => {
  it('admits a counted request with one command from the client (the script), whatever the answer', async () => {
    const world = await testRedis();
    const monitor = await world.connect().monitor();
    try {
      const client = world.connect();
      await client.ping();
      const gate = new RedisGate(client, world.prefix, { limits: SMALL_LIMITS });
      const store = new RedisKeyStore(world.redis, world.prefix);
      const { plaintext } = await store.create('one-trip', 'free');
      const source = `127.0.0.1:${(client as unknown as { stream: Socket }).stream.localPort}`;
      const seen: string[] = [];
      monitor.on('monitor', (_time: string, args: string[], from: string) => {
        if (from === source) seen.push(args.join(' ').toLowerCase());
      });
      // The first call may load the script (NOSCRIPT, then EVAL); from then on EVALSHA alone.
      // MONITOR relays a command after running it: two ECHOs mark the start and the end of the calls counted.
      await gate.admit(plaintext, 'consume');
      await client.echo('counted-from-here');
      const answers = [];
      for (let i = 0; i < 4; i += 1) answers.push(await gate.admit(plaintext, 'consume'));
      await store.revoke('one-trip');
      answers.push(await gate.admit(plaintext, 'consume'));
      answers.push(await gate.admit('lt_unknown', 'consume'));
      await client.echo('counted-to-here');
      await expect
        .poll(() => seen.includes('echo counted-to-here'), { timeout: 10_000 })
        .toBe(true);

      const counted = seen.slice(
        seen.indexOf('echo counted-from-here') + 1,
        seen.indexOf('echo counted-to-here'),
      );
      expect(counted.map((command) => command.split(' ')[0])).toEqual(Array(6).fill('evalsha'));
      expect(
        answers.map((a) =>
          a.status === 'live' ? (a.usage!.allowed ? 'allowed' : a.usage!.reason) : a.status,
        ),
      ).toEqual([
        'allowed',
        'allowed',
        'rate_limit_exceeded',
        'rate_limit_exceeded',
        'revoked',
        'unknown',
      ]);
    } finally {
      monitor.disconnect();
      await world.cleanup();
    }
  });

  it('returns the record, its tier limits and the counted usage', async () => {
    const world = await testRedis();
    try {
      const { record, plaintext } = await new RedisKeyStore(world.redis, world.prefix).create(
        'reader',
        'standard',
      );
      const gate = new RedisGate(world.redis, world.prefix, { limits: SMALL_LIMITS });
      expect(await gate.admit(plaintext, 'lookup')).toEqual({
        status: 'live',
        record,
        usage: null,
      });
      const counted = await gate.admit(plaintext, 'consume');
      expect(counted).toEqual({
        status: 'live',
        record,
        usage: { allowed: true, quotaUsed: 1, quotaLimit: 20, burstUsed: 1, burstLimit: 5 },
      });
      // The usage counter reads the same counters.
      expect(
        (
          await new RedisUsageCounter(world.redis, world.prefix, { limits: SMALL_LIMITS }).peek(
            record.hash,
            'standard',
          )
        ).quotaUsed,
      ).toBe(1);
      const peeked = await gate.admit(plaintext, 'peek');
      expect(peeked.status === 'live' && peeked.usage?.quotaUsed).toBe(1);
    } finally {
      await world.cleanup();
    }
  });

  it('allows exactly the quota under 200 concurrent requests through five connections', async () => {
    const world = await testRedis();
    try {
      const limits = { ...SMALL_LIMITS, standard: { dailyQuota: 137, burstPerMinute: 1000 } };
      const { plaintext } = await new RedisKeyStore(world.redis, world.prefix).create(
        'shared',
        'standard',
      );
      const gates = Array.from(
        { length: 5 },
        () => new RedisGate(world.connect(), world.prefix, { limits }),
      );
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => gates[i % gates.length].admit(plaintext, 'consume')),
      );
      const usages = answers.map((a) => (a.status === 'live' ? a.usage! : null));
      const allowed = usages.filter((u) => u?.allowed);
      expect(allowed).toHaveLength(137);
      expect(new Set(allowed.map((u) => u!.quotaUsed)).size).toBe(137);
      expect(usages.filter((u) => u?.reason === 'quota_exceeded')).toHaveLength(63);
    } finally {
      await world.cleanup();
    }
  });

  it('keeps admitting and revoking after Redis lost its scripts (a restart: NOSCRIPT)', async () => {
    const world = await testRedis();
    try {
      const store = new RedisKeyStore(world.redis, world.prefix);
      const gate = new RedisGate(world.redis, world.prefix, { limits: SMALL_LIMITS });
      const { record, plaintext } = await store.create('restarted', 'free');
      expect((await gate.admit(plaintext, 'consume')).status).toBe('live');
      // A restarted Redis holds no scripts; the clients' connections and definitions survive.
      await world.redis.script('FLUSH');
      const again = await gate.admit(plaintext, 'consume');
      expect(again.status === 'live' && again.usage).toMatchObject({ allowed: true, quotaUsed: 2 });
      await world.redis.script('FLUSH');
      expect(await store.revoke(record.label)).toBe(true);
      expect(await gate.admit(plaintext, 'consume')).toMatchObject({ status: 'revoked' });
    } finally {
      await world.cleanup();
    }
  });

  it('treats a record of a tier this version does not know as an unknown key', async () => {
    const world = await testRedis();
    try {
      const { record, plaintext } = await new RedisKeyStore(world.redis, world.prefix).create(
        'odd',
        'free',
      );
      await world.redis.hset(`${world.prefix}keys:hash:${record.hash}`, 'tier', 'platinum');
      expect(await new RedisGate(world.redis, world.prefix).admit(plaintext, 'consume')).toEqual({
        status: 'unknown',
      });
    } finally {
      await world.cleanup();
    }
  });
});
