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
import { Admitter } from './admit-command.js';
import type { UsageCounterOptions } from './options.js';
import type { UsageCounter, UsageDecision } from './types.js';

export class RedisUsageCounter implements UsageCounter {
  readonly backend = 'redis' as const;
  private readonly script: Admitter;

  constructor(redis: Redis, prefix: string, options: UsageCounterOptions = {}) {
    this.script = new Admitter(redis, prefix, options);
  }

  consume(keyHash: string, tier: Tier): Promise<UsageDecision> {
    return this.decide(keyHash, tier, true);
  }

  peek(keyHash: string, tier: Tier): Promise<UsageDecision> {
    return this.decide(keyHash, tier, false);
  }

  private async decide(keyHash: string, tier: Tier, count: boolean): Promise<UsageDecision> {
    const reply = await this.script.admit(keyHash, count ? 'consume' : 'peek', tier);
    if (reply.status !== 'live' || !reply.usage)
      throw new Error(`admission script answered ${reply.status} for a known tier`);
    return reply.usage;
  }
}
