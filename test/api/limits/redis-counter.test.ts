import { describe, expect, it } from 'vitest';
import { RedisUsageCounter } from '../../../api/limits/redis-counter.js';
import { testRedis } from '../../helpers/redis.js';
import { SMALL_LIMITS, usageCounterContract } from './counter-contract.js';

describe('RedisUsageCounter', () => {
  usageCounterContract(async (options) => {
    const world = await testRedis();
    return {
      counter: new RedisUsageCounter(world.redis, world.prefix, options),
      cleanup: world.cleanup,
    };
  });

  it('allows exactly the quota under 200 concurrent calls from several connections', async () => {
    const world = await testRedis();
    try {
      const limits = { ...SMALL_LIMITS, standard: { dailyQuota: 137, burstPerMinute: 1000 } };
      // Real Redis clock here: this is the production path.
      const counters = Array.from(
        { length: 5 },
        () => new RedisUsageCounter(world.connect(), world.prefix, { limits }),
      );
      const decisions = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          counters[i % counters.length].consume('shared-key', 'standard'),
        ),
      );
      const allowed = decisions.filter((d) => d.allowed);
      expect(allowed).toHaveLength(137);
      // Each allowed call saw a distinct count: none lost, none doubled.
      expect(new Set(allowed.map((d) => d.quotaUsed)).size).toBe(137);
      expect(Math.max(...allowed.map((d) => d.quotaUsed))).toBe(137);
      expect(decisions.filter((d) => d.reason === 'quota_exceeded')).toHaveLength(63);
      expect((await counters[0].peek('shared-key', 'standard')).quotaUsed).toBe(137);
    } finally {
      await world.cleanup();
    }
  });

  it('allows exactly the burst under 200 concurrent calls from several connections', async () => {
    const world = await testRedis();
    try {
      const limits = { ...SMALL_LIMITS, partner: { dailyQuota: 10_000, burstPerMinute: 60 } };
      const counters = Array.from(
        { length: 4 },
        () => new RedisUsageCounter(world.connect(), world.prefix, { limits }),
      );
      const decisions = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          counters[i % counters.length].consume('burst-key', 'partner'),
        ),
      );
      expect(decisions.filter((d) => d.allowed)).toHaveLength(60);
      const refused = decisions.filter((d) => !d.allowed);
      expect(refused.every((d) => d.reason === 'rate_limit_exceeded')).toBe(true);
      for (const d of refused) {
        expect(d.retryAfterSeconds).toBeGreaterThanOrEqual(1);
        expect(d.retryAfterSeconds).toBeLessThanOrEqual(60);
      }
      expect((await counters[1].peek('burst-key', 'partner')).quotaUsed).toBe(60);
    } finally {
      await world.cleanup();
    }
  });

  it('keeps its counters under the prefix and lets them expire', async () => {
    const world = await testRedis();
    try {
      const counter = new RedisUsageCounter(world.redis, world.prefix);
      await counter.consume('abc', 'free');
      const names = (await world.keys()).sort();
      expect(names).toEqual([`${world.prefix}usage:burst:abc`, `${world.prefix}usage:quota:abc`]);
      for (const name of names) {
        const ttl = await world.redis.pttl(name);
        expect(ttl).toBeGreaterThan(0);
        expect(ttl).toBeLessThanOrEqual(25 * 3600 * 1000);
      }
    } finally {
      await world.cleanup();
    }
  });
});
