/** Key tiers and their limits (contract section 8). */

export const TIERS = ['free', 'standard', 'partner'] as const;
export type Tier = (typeof TIERS)[number];

export interface TierLimits {
  /** Requests per UTC day. */
  dailyQuota: number;
  /** Requests per sliding 60-second window. */
  burstPerMinute: number;
}

export const TIER_LIMITS: Readonly<Record<Tier, TierLimits>> = {
  free: { dailyQuota: 100, burstPerMinute: 10 },
  standard: { dailyQuota: 1_000, burstPerMinute: 60 },
  partner: { dailyQuota: 10_000, burstPerMinute: 300 },
};

export const BURST_WINDOW_SECONDS = 60;
