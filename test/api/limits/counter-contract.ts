/** The rules every UsageCounter must follow; each counter's test file runs them on its own world. */
import { afterEach, expect, it } from 'vitest';
import type { Tier, TierLimits } from '../../../domain/tiers.js';
import type { UsageCounterOptions } from '../../../api/limits/options.js';
import type { UsageCounter } from '../../../api/limits/types.js';

export interface CounterWorld {
  counter: UsageCounter;
  cleanup(): Promise<void>;
}

/** Small limits so exhausting a quota takes a few calls; the rules are the same as the real tiers. */
export const SMALL_LIMITS: Record<Tier, TierLimits> = {
  free: { dailyQuota: 7, burstPerMinute: 3 },
  standard: { dailyQuota: 20, burstPerMinute: 5 },
  partner: { dailyQuota: 50, burstPerMinute: 40 },
};

/** A clock the test moves by hand. */
export function manualClock(startIso: string): {
  now: () => number;
  advance(ms: number): void;
  set(iso: string): void;
} {
  let t = Date.parse(startIso);
  return {
    now: () => t,
    advance: (ms) => void (t += ms),
    set: (iso) => void (t = Date.parse(iso)),
  };
}

export function usageCounterContract(
  makeWorld: (options: UsageCounterOptions) => Promise<CounterWorld>,
): void {
  const worlds: CounterWorld[] = [];
  const make = async (options: UsageCounterOptions): Promise<UsageCounter> => {
    const world = await makeWorld(options);
    worlds.push(world);
    return world.counter;
  };
  afterEach(async () => {
    await Promise.all(worlds.splice(0).map((w) => w.cleanup()));
  });

  it('allows exactly the daily quota, then refuses with quota_exceeded until UTC midnight', async () => {
    const clock = manualClock('2025-03-04T12:00:00.000Z');
    const counter = await make({ limits: SMALL_LIMITS, now: clock.now });
    for (let i = 1; i <= 7; i += 1) {
      const decision = await counter.consume('k1', 'free');
      expect(decision).toMatchObject({ allowed: true, quotaUsed: i, quotaLimit: 7, burstLimit: 3 });
      // Stay inside the burst limit: 3 per 60 s.
      clock.advance(21_000);
    }
    clock.set('2025-03-04T23:59:30.250Z');
    const refused = await counter.consume('k1', 'free');
    expect(refused).toMatchObject({
      allowed: false,
      reason: 'quota_exceeded',
      quotaUsed: 7,
      quotaLimit: 7,
    });
    expect(refused.retryAfterSeconds).toBe(30);
    // A refused request is not counted, and other keys are untouched.
    expect((await counter.peek('k1', 'free')).quotaUsed).toBe(7);
    expect(await counter.consume('k2', 'free')).toMatchObject({ allowed: true, quotaUsed: 1 });

    clock.set('2025-03-05T00:00:00.000Z');
    expect(await counter.consume('k1', 'free')).toMatchObject({ allowed: true, quotaUsed: 1 });
  });

  it('reports the seconds to UTC midnight from any time of day', async () => {
    const clock = manualClock('2025-06-30T00:00:00.000Z');
    const counter = await make({
      limits: { ...SMALL_LIMITS, free: { dailyQuota: 1, burstPerMinute: 3 } },
      now: clock.now,
    });
    await counter.consume('k', 'free');
    expect((await counter.consume('k', 'free')).retryAfterSeconds).toBe(86_400);
    clock.set('2025-06-30T18:30:00.000Z');
    expect((await counter.consume('k', 'free')).retryAfterSeconds).toBe(5.5 * 3600);
  });

  it('refuses the burst limit + 1st request in a sliding window with a short Retry-After', async () => {
    const clock = manualClock('2025-03-04T10:00:00.000Z');
    const counter = await make({ limits: SMALL_LIMITS, now: clock.now });
    await counter.consume('k', 'standard');
    clock.advance(10_000);
    for (let i = 0; i < 4; i += 1)
      expect((await counter.consume('k', 'standard')).allowed).toBe(true);
    clock.advance(5_000);
    const refused = await counter.consume('k', 'standard');
    expect(refused).toMatchObject({
      allowed: false,
      reason: 'rate_limit_exceeded',
      burstUsed: 5,
      burstLimit: 5,
      quotaUsed: 5,
    });
    // The oldest request (t=0) leaves the window at t=60 s; now is t=15 s.
    expect(refused.retryAfterSeconds).toBe(45);

    clock.advance(44_999);
    expect((await counter.consume('k', 'standard')).allowed).toBe(false);
    clock.advance(1);
    expect(await counter.consume('k', 'standard')).toMatchObject({
      allowed: true,
      burstUsed: 5,
      quotaUsed: 6,
    });
    clock.advance(10_000);
    // All four from t=10 s are now out of the window.
    expect(await counter.consume('k', 'standard')).toMatchObject({
      allowed: true,
      burstUsed: 2,
      quotaUsed: 7,
    });
  });

  it('never gives a Retry-After below one second', async () => {
    const clock = manualClock('2025-03-04T10:00:00.000Z');
    const counter = await make({ limits: SMALL_LIMITS, now: clock.now });
    for (let i = 0; i < 3; i += 1) await counter.consume('k', 'free');
    clock.advance(59_900);
    expect((await counter.consume('k', 'free')).retryAfterSeconds).toBe(1);
  });

  it('checks the quota before the burst', async () => {
    const clock = manualClock('2025-03-04T10:00:00.000Z');
    const counter = await make({
      limits: { ...SMALL_LIMITS, free: { dailyQuota: 2, burstPerMinute: 2 } },
      now: clock.now,
    });
    await counter.consume('k', 'free');
    await counter.consume('k', 'free');
    expect((await counter.consume('k', 'free')).reason).toBe('quota_exceeded');
  });

  it('peek reports usage without counting', async () => {
    const clock = manualClock('2025-03-04T10:00:00.000Z');
    const counter = await make({ limits: SMALL_LIMITS, now: clock.now });
    expect(await counter.peek('k', 'partner')).toMatchObject({
      allowed: true,
      quotaUsed: 0,
      burstUsed: 0,
      quotaLimit: 50,
    });
    await counter.consume('k', 'partner');
    await counter.consume('k', 'partner');
    for (let i = 0; i < 5; i += 1)
      expect(await counter.peek('k', 'partner')).toMatchObject({ quotaUsed: 2, burstUsed: 2 });
  });

  it('uses the real tier limits by default', async () => {
    const counter = await make({});
    expect(await counter.consume('k', 'free')).toMatchObject({
      allowed: true,
      quotaLimit: 100,
      burstLimit: 10,
      quotaUsed: 1,
    });
    expect(await counter.peek('k', 'standard')).toMatchObject({ quotaLimit: 1000, burstLimit: 60 });
    expect(await counter.peek('k', 'partner')).toMatchObject({
      quotaLimit: 10_000,
      burstLimit: 300,
    });
  });
}
