/** What both usage counters take, and the UTC-day arithmetic they share. */
import {
  BURST_WINDOW_SECONDS,
  TIER_LIMITS,
  type Tier,
  type TierLimits,
} from '../../domain/tiers.js';

export interface UsageCounterOptions {
  /**
   * Limits per tier; tests pass small numbers so exhausting a quota takes milliseconds.
   * @defaultValue TIER_LIMITS (domain/tiers.ts)
   */
  limits?: Readonly<Record<Tier, TierLimits>>;
  /**
   * Clock in epoch milliseconds; tests pin it (e.g. just before UTC midnight).
   * @defaultValue Date.now for the memory counter, the Redis server's TIME for the Redis one
   */
  now?: () => number;
  /** @defaultValue BURST_WINDOW_SECONDS (60) */
  burstWindowSeconds?: number;
}

export const DAY_MS = 86_400_000;

export function resolveLimits(options: UsageCounterOptions): Readonly<Record<Tier, TierLimits>> {
  return options.limits ?? TIER_LIMITS;
}

export function resolveWindowMs(options: UsageCounterOptions): number {
  const seconds = options.burstWindowSeconds ?? BURST_WINDOW_SECONDS;
  if (!(seconds > 0)) throw new Error('burstWindowSeconds must be greater than 0');
  return seconds * 1000;
}

/** Whole days since the epoch in UTC: the quota's bucket. */
export function utcDay(nowMs: number): number {
  return Math.floor(nowMs / DAY_MS);
}

/** Seconds until the next UTC midnight, rounded up so a client never retries too early. */
export function secondsToUtcMidnight(nowMs: number): number {
  return Math.max(1, Math.ceil(((utcDay(nowMs) + 1) * DAY_MS - nowMs) / 1000));
}
