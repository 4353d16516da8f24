/** Retry timing for HTTP requests: exponential backoff, overridden by Retry-After. */
import { setTimeout as sleep } from 'node:timers/promises';
import pRetry from 'p-retry';

/** Statuses worth another attempt: rate limiting and server-side failures. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 408 || (status >= 500 && status <= 599);
}

/**
 * Retry-After as milliseconds: delta-seconds ("1") or an HTTP date. Null when absent or
 * unreadable, so the caller falls back to its own backoff.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (!value) return null;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Delay before retry `attempt` (0-based): base * 2^attempt with up to 25% jitter, capped. */
export function backoffDelay(
  attempt: number,
  baseMs: number,
  maxMs: number,
  random: () => number = Math.random,
): number {
  const exp = Math.min(maxMs, baseMs * 2 ** attempt);
  return Math.round(exp * (0.75 + 0.25 * random()));
}

export interface RetryPolicy {
  /** Attempts after the first one. */
  retries: number;
  /** First backoff delay; doubles per attempt. */
  baseMs: number;
  /** Cap of the computed backoff. @defaultValue Infinity */
  maxMs?: number;
  /** Whether this failure is worth another attempt. */
  isRetryable: (err: Error) => boolean;
  /** The server's Retry-After for this failure, in ms, or null. */
  retryAfterMs?: (err: Error) => number | null;
  /** A longer Retry-After than this is not waited for: the failure is final. @defaultValue Infinity */
  maxRetryAfterMs?: number;
  /** Called before each wait. */
  onRetry?: (err: Error, attempt: number, delayMs: number) => void;
  signal?: AbortSignal;
}

/**
 * Runs `work` with p-retry, waiting Retry-After when the server sent one and the jittered
 * backoff otherwise. Shared by the registry client and the sponsor page scraper.
 */
export function withRetries<T>(
  work: (attempt: number) => Promise<T>,
  policy: RetryPolicy,
): Promise<T> {
  return pRetry(work, {
    retries: policy.retries,
    // p-retry's own timer is off (it knows nothing of Retry-After); shouldRetry does the waiting.
    minTimeout: 0,
    signal: policy.signal,
    shouldRetry: async ({ error, attemptNumber }) => {
      if (!policy.isRetryable(error)) return false;
      const retryAfter = policy.retryAfterMs?.(error) ?? null;
      if (retryAfter !== null && retryAfter > (policy.maxRetryAfterMs ?? Infinity)) return false;
      const delay =
        retryAfter ?? backoffDelay(attemptNumber - 1, policy.baseMs, policy.maxMs ?? Infinity);
      policy.onRetry?.(error, attemptNumber, delay);
      await sleep(delay, undefined, { signal: policy.signal });
      return true;
    },
  });
}
