/**
 * The admission script (admit.lua) as an ioredis custom command (luaCommand in
 * api/redis.ts), so a request costs one round trip.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { TIERS, type Tier, type TierLimits } from '../../domain/tiers.js';
import type { ApiKeyRecord } from '../keys/types.js';
import { luaCommand } from '../redis.js';
import { resolveLimits, resolveWindowMs, type UsageCounterOptions } from './options.js';
import type { UsageDecision } from './types.js';

export type AdmitMode = 'lookup' | 'peek' | 'consume';

export interface AdmitKeys {
  record: string;
  quota: string;
  burst: string;
}

export interface AdmitRequest {
  mode: AdmitMode;
  /** Known tier: the record is not read (the usage counter's path). */
  tier?: Tier;
  limits: Readonly<Record<Tier, TierLimits>>;
  windowMs: number;
  /** Pinned clock (tests); the Redis server's TIME otherwise. */
  nowMs?: number;
}

export type AdmitReply =
  | { status: 'unknown' }
  | { status: 'revoked'; record: ApiKeyRecord }
  | { status: 'live'; record: ApiKeyRecord | null; usage: UsageDecision | null };

type Raw = [
  number,
  string?,
  string?,
  string?,
  string?,
  string?,
  number?,
  number?,
  number?,
  number?,
  number?,
];

const REASONS = [undefined, 'quota_exceeded', 'rate_limit_exceeded'] as const;

const ADMIT = luaCommand<Raw>(new URL('./admit.lua', import.meta.url), 3);

export async function runAdmit(
  redis: Redis,
  keys: AdmitKeys,
  request: AdmitRequest,
): Promise<AdmitReply> {
  const limitArgs = TIERS.flatMap((tier) => [
    tier,
    request.limits[tier].dailyQuota,
    request.limits[tier].burstPerMinute,
  ]);
  // A Redis that is down or frozen becomes RedisUnavailableError (503), like every store call.
  const raw = await ADMIT(
    redis,
    [keys.record, keys.quota, keys.burst],
    [
      request.mode,
      request.tier ?? '',
      request.windowMs,
      randomUUID(),
      request.nowMs === undefined ? '' : String(request.nowMs),
      ...limitArgs,
    ],
  );
  if (raw[0] === 0) return { status: 'unknown' };
  const [
    ,
    label,
    tierName,
    hash,
    createdAt,
    revokedAt,
    allowed,
    reason,
    used,
    inWindow,
    retryAfter,
  ] = raw;
  const tier = tierName as Tier;
  const record: ApiKeyRecord | null = label
    ? { label, tier, hash: hash!, created_at: createdAt!, revoked_at: revokedAt ? revokedAt : null }
    : null;
  if (raw[0] === 1) return { status: 'revoked', record: record! };
  if (raw.length <= 6) return { status: 'live', record, usage: null };
  const { dailyQuota, burstPerMinute } = request.limits[tier];
  const usage: UsageDecision = {
    allowed: allowed === 1,
    quotaUsed: used!,
    quotaLimit: dailyQuota,
    burstUsed: inWindow!,
    burstLimit: burstPerMinute,
  };
  if (allowed !== 1) {
    usage.reason = REASONS[reason!];
    usage.retryAfterSeconds = retryAfter;
  }
  return { status: 'live', record, usage };
}

/** Key names of one key's record and counters (the record name is RedisKeyStore's layout). */
export function usageKeys(prefix: string, keyHash: string): AdmitKeys {
  return {
    record: `${prefix}keys:hash:${keyHash}`,
    quota: `${prefix}usage:quota:${keyHash}`,
    burst: `${prefix}usage:burst:${keyHash}`,
  };
}

/**
 * The admission script bound to one connection, key prefix and set of limits: what the
 * request gate (RedisGate) and the counter on its own (RedisUsageCounter) both call.
 */
export class Admitter {
  private readonly limits: Readonly<Record<Tier, TierLimits>>;
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

  admit(keyHash: string, mode: AdmitMode, tier?: Tier): Promise<AdmitReply> {
    return runAdmit(this.redis, usageKeys(this.prefix, keyHash), {
      mode,
      tier,
      limits: this.limits,
      windowMs: this.windowMs,
      nowMs: this.now?.(),
    });
  }
}
