/**
 * Counters in Redis, exact across API processes: the admission script (admit.lua) checks
 * the daily quota (first) and the sliding burst window and, when both allow, counts the
 * request, all atomically and on Redis's own clock (TIME), so processes on skewed clocks
 * still agree. The request path reaches the same script through RedisGate, which also
 * reads the key record in that one call; this class is the counter on its own (/meta's
 * peek outside the gate, MCP tool calls, tests).
 * Layout under the prefix, both expiring on their own:
 *   usage:quota:<sha256>  HASH  day (days since epoch, UTC), used
 *   usage:burst:<sha256>  ZSET  one member per counted request, scored by its time in ms
 */
import type { Redis } from 'ioredis';
import type { Tier } from '../../domain/tiers.js';
import { runAdmit } from './admit-command.js';
import { resolveLimits, resolveWindowMs, type UsageCounterOptions } from './options.js';
import type { UsageCounter, UsageDecision } from './types.js';

export class RedisUsageCounter implements UsageCounter {
  readonly backend = 'redis' as const;
  private readonly limits;
  private readonly windowMs: number;
  private readonly now?: () => number;

  constructor(
    private readonly redis: Redis,
    /** REDIS_PREFIX (config/env.ts); every key name starts with it. */
    private readonly prefix: string,
    options: UsageCounterOptions = {},
  ) {
    this.limits = resolveLimits(options);
    this.windowMs = resolveWindowMs(options);
    this.now = options.now;
  }

  consume(keyHash: string, tier: Tier): Promise<UsageDecision> {
    return this.decide(keyHash, tier, true);
  }

  peek(keyHash: string, tier: Tier): Promise<UsageDecision> {
    return this.decide(keyHash, tier, false);
  }

  private async decide(keyHash: string, tier: Tier, count: boolean): Promise<UsageDecision> {
    const reply = await runAdmit(this.redis, usageKeys(this.prefix, keyHash), {
      mode: count ? 'consume' : 'peek',
      tier,
      limits: this.limits,
      windowMs: this.windowMs,
      nowMs: this.now?.(),
    });
    if (reply.status !== 'live' || !reply.usage)
      throw new Error(`admission script answered ${reply.status} for a known tier`);
    return reply.usage;
  }
}

/** Key names of one key's record and counters (the record name is RedisKeyStore's layout). */
export function usageKeys(
  prefix: string,
  keyHash: string,
): { record: string; quota: string; burst: string } {
  return {
    record: `${prefix}keys:hash:${keyHash}`,
    quota: `${prefix}usage:quota:${keyHash}`,
    burst: `${prefix}usage:burst:${keyHash}`,
  };
}
