/**
 * Counters in this process: the fallback when Redis is unreachable (exact for one
 * process only) and what the HTTP tests use. Same rules as the Redis counter: quota per
 * UTC day checked first, then a sliding burst window; a refused request is not counted.
 */
import type { Tier } from '../../domain/tiers.js';
import {
  resolveLimits,
  resolveWindowMs,
  secondsToUtcMidnight,
  utcDay,
  type UsageCounterOptions,
} from './options.js';
import type { UsageCounter, UsageDecision } from './types.js';

interface KeyUsage {
  day: number;
  used: number;
  /** Times (ms) of the requests inside the burst window, oldest first. */
  window: number[];
}

export class MemoryUsageCounter implements UsageCounter {
  readonly backend = 'memory' as const;
  private readonly usage = new Map<string, KeyUsage>();
  private readonly limits;
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor(options: UsageCounterOptions = {}) {
    this.limits = resolveLimits(options);
    this.windowMs = resolveWindowMs(options);
    this.now = options.now ?? Date.now;
  }

  async consume(keyHash: string, tier: Tier): Promise<UsageDecision> {
    return this.decide(keyHash, tier, true);
  }

  async peek(keyHash: string, tier: Tier): Promise<UsageDecision> {
    return this.decide(keyHash, tier, false);
  }

  private decide(keyHash: string, tier: Tier, count: boolean): UsageDecision {
    const now = this.now();
    const { dailyQuota, burstPerMinute } = this.limits[tier];
    const usage = this.current(keyHash, now);
    const base = { quotaLimit: dailyQuota, burstLimit: burstPerMinute };

    if (usage.used >= dailyQuota) {
      return {
        ...base,
        allowed: false,
        reason: 'quota_exceeded',
        quotaUsed: usage.used,
        burstUsed: usage.window.length,
        retryAfterSeconds: secondsToUtcMidnight(now),
      };
    }
    if (usage.window.length >= burstPerMinute) {
      return {
        ...base,
        allowed: false,
        reason: 'rate_limit_exceeded',
        quotaUsed: usage.used,
        burstUsed: usage.window.length,
        retryAfterSeconds: Math.max(1, Math.ceil((usage.window[0] + this.windowMs - now) / 1000)),
      };
    }
    if (count) {
      usage.used += 1;
      usage.window.push(now);
    }
    return { ...base, allowed: true, quotaUsed: usage.used, burstUsed: usage.window.length };
  }

  private current(keyHash: string, now: number): KeyUsage {
    const day = utcDay(now);
    let usage = this.usage.get(keyHash);
    if (!usage) {
      usage = { day, used: 0, window: [] };
      this.usage.set(keyHash, usage);
    }
    if (usage.day !== day) {
      usage.day = day;
      usage.used = 0;
    }
    const cutoff = now - this.windowMs;
    let expired = 0;
    while (expired < usage.window.length && usage.window[expired] <= cutoff) expired += 1;
    if (expired > 0) usage.window.splice(0, expired);
    return usage;
  }
}
