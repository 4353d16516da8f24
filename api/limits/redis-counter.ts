/**
 * Counters in Redis, exact across API processes: one Lua script checks the daily quota
 * (first) and the sliding burst window and, when both allow, counts the request, all
 * atomically and on Redis's own clock (TIME), so processes on skewed clocks still agree.
 * Layout under the prefix, both expiring on their own:
 *   usage:quota:<sha256>  HASH  day (days since epoch, UTC), used
 *   usage:burst:<sha256>  ZSET  one member per counted request, scored by its time in ms
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Tier } from '../../domain/tiers.js';
import { LuaScript } from '../redis.js';
import { resolveLimits, resolveWindowMs, type UsageCounterOptions } from './options.js';
import type { UsageCounter, UsageDecision } from './types.js';

const DECIDE = new LuaScript(`
local quota = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local windowMs = tonumber(ARGV[3])
local count = ARGV[4] == '1'
local now
if ARGV[6] ~= '' then
  now = tonumber(ARGV[6])
else
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local day = math.floor(now / 86400000)
local untilMidnight = (day + 1) * 86400000 - now

local used = 0
local stored = redis.call('HMGET', KEYS[1], 'day', 'used')
if stored[1] and tonumber(stored[1]) == day then used = tonumber(stored[2]) or 0 end

redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - windowMs)
local inWindow = redis.call('ZCARD', KEYS[2])

if used >= quota then
  return {0, 1, used, inWindow, math.max(1, math.ceil(untilMidnight / 1000))}
end
if inWindow >= burst then
  local oldest = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
  return {0, 2, used, inWindow, math.max(1, math.ceil((tonumber(oldest[2]) + windowMs - now) / 1000))}
end
if count then
  used = used + 1
  redis.call('HSET', KEYS[1], 'day', day, 'used', used)
  -- Relative expiry, so a test clock in the past does not delete the counter at once.
  redis.call('PEXPIRE', KEYS[1], untilMidnight + 3600000)
  redis.call('ZADD', KEYS[2], now, ARGV[5])
  redis.call('PEXPIRE', KEYS[2], windowMs + 1000)
  inWindow = inWindow + 1
end
return {1, 0, used, inWindow, 0}
`);

const REASONS = [undefined, 'quota_exceeded', 'rate_limit_exceeded'] as const;

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
    const { dailyQuota, burstPerMinute } = this.limits[tier];
    const reply = (await DECIDE.run(
      this.redis,
      [`${this.prefix}usage:quota:${keyHash}`, `${this.prefix}usage:burst:${keyHash}`],
      [dailyQuota, burstPerMinute, this.windowMs, count ? '1' : '0', randomUUID(), this.now ? String(this.now()) : ''],
    )) as [number, number, number, number, number];
    const [allowed, reason, quotaUsed, burstUsed, retryAfter] = reply;
    const decision: UsageDecision = {
      allowed: allowed === 1,
      quotaUsed,
      quotaLimit: dailyQuota,
      burstUsed,
      burstLimit: burstPerMinute,
    };
    if (allowed !== 1) {
      decision.reason = REASONS[reason];
      decision.retryAfterSeconds = retryAfter;
    }
    return decision;
  }
}
