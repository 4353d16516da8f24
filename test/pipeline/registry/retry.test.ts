import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  isRetryableStatus,
  parseRetryAfter,
  withRetries,
} from '../../../pipeline/registry/retry.js';
import { studiesSearchParams } from '../../../pipeline/registry/client.js';

describe('registry retry timing', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('1', now)).toBe(1000);
    expect(parseRetryAfter('2.5', now)).toBe(2500);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it('backs off exponentially with bounded jitter and a cap', () => {
    expect(backoffDelay(0, 1000, 60_000, () => 1)).toBe(1000);
    expect(backoffDelay(3, 1000, 60_000, () => 1)).toBe(8000);
    expect(backoffDelay(3, 1000, 60_000, () => 0)).toBe(6000);
    expect(backoffDelay(10, 1000, 60_000, () => 1)).toBe(60_000);
  });

  it('retries rate limiting and server errors only', () => {
    expect([429, 500, 502, 503, 504].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404].some(isRetryableStatus)).toBe(false);
  });

  it('builds the lung cancer query with the incremental range', () => {
    const p = studiesSearchParams({ since: '2026-01-31' }, { countTotal: true });
    expect(p.get('pageSize')).toBe('1000');
    expect(p.get('countTotal')).toBe('true');
    expect(p.get('filter.advanced')).toBe('AREA[LastUpdatePostDate]RANGE[2026-01-31,MAX]');
    expect(p.get('query.cond')).toMatch(/NOT mesothelioma/);
    expect(studiesSearchParams({}, { pageToken: 'abc' }).get('countTotal')).toBeNull();
  });
});

describe('withRetries', () => {
  class Answer extends Error {
    constructor(
      readonly retryable: boolean,
      readonly retryAfterMs: number | null = null,
    ) {
      super(retryable ? 'try again' : 'final answer');
    }
  }
  const policy = {
    retries: 3,
    baseMs: 10,
    isRetryable: (err: Error) => !(err instanceof Answer) || err.retryable,
    retryAfterMs: (err: Error) => (err instanceof Answer ? err.retryAfterMs : null),
    maxRetryAfterMs: 5_000,
  };

  it('waits the Retry-After the failure carried before the next attempt', async () => {
    const at: number[] = [];
    const result = await withRetries(async (attempt) => {
      at.push(performance.now());
      if (attempt === 1) throw new Answer(true, 1000);
      return 'ok';
    }, policy);
    expect(result).toBe('ok');
    expect(at).toHaveLength(2);
    expect(at[1] - at[0]).toBeGreaterThanOrEqual(950);
  });

  it('gives up at once on a final answer or a Retry-After past the limit, and after the last retry otherwise', async () => {
    for (const err of [new Answer(false), new Answer(true, 60_000)]) {
      let calls = 0;
      await expect(
        withRetries(async () => {
          calls++;
          throw err;
        }, policy),
      ).rejects.toBe(err);
      expect(calls).toBe(1);
    }
    let calls = 0;
    const retried: number[] = [];
    const failing = withRetries(
      async () => {
        calls++;
        throw new Error('ECONNRESET');
      },
      { ...policy, onRetry: (_e, attempt) => retried.push(attempt) },
    );
    await expect(failing).rejects.toThrow('ECONNRESET');
    expect(calls).toBe(4);
    expect(retried).toEqual([1, 2, 3]);
  });
});
