/** Per-key usage counting: the daily quota and the per-minute burst window. */
import type { Tier } from '../../domain/tiers.js';

export interface UsageDecision {
  allowed: boolean;
  /** Why a request was refused; absent when allowed. */
  reason?: 'rate_limit_exceeded' | 'quota_exceeded';
  /** Requests counted today, this one included when allowed. */
  quotaUsed: number;
  quotaLimit: number;
  burstUsed: number;
  burstLimit: number;
  /** Seconds until the request could succeed (429 only). */
  retryAfterSeconds?: number;
}

export interface UsageCounter {
  /** Atomically checks both limits and, when allowed, counts one request. */
  consume(keyHash: string, tier: Tier): Promise<UsageDecision>;
  /** Reads today's usage without counting (for /meta). */
  peek(keyHash: string, tier: Tier): Promise<UsageDecision>;
  /** Where the counters live, for logs and /meta: "redis" or "memory". */
  readonly backend: 'redis' | 'memory';
}

/** What the key and limit middleware leave in `res.locals` for the routes. */
export interface AuthLocals {
  apiKey: import('../keys/types.js').ApiKeyRecord;
  usage: UsageDecision;
}
