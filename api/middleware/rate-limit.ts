/**
 * What a usage decision looks like on the wire: the quota and burst headers every counted
 * or peeked response carries, and the 429 of a refusal (REST admission and MCP alike).
 */
import { ApiError } from '../errors.js';
import type { UsageDecision } from '../limits/types.js';

export function rateLimitHeaders(usage: UsageDecision): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(usage.quotaLimit),
    'X-RateLimit-Remaining': String(Math.max(0, usage.quotaLimit - usage.quotaUsed)),
    'X-RateLimit-Burst-Limit': String(usage.burstLimit),
    'X-RateLimit-Burst-Remaining': String(Math.max(0, usage.burstLimit - usage.burstUsed)),
  };
}

/** The 429 of a refused decision: quota_exceeded or rate_limit_exceeded, with Retry-After (REST and MCP alike). */
export function limitRefusal(usage: UsageDecision): ApiError {
  const retryAfter = String(usage.retryAfterSeconds ?? 1);
  const message =
    usage.reason === 'quota_exceeded'
      ? `Daily quota of ${usage.quotaLimit} requests is used up; it resets at 00:00 UTC.`
      : `Burst limit of ${usage.burstLimit} requests per minute exceeded; retry in ${retryAfter} s.`;
  return new ApiError(usage.reason ?? 'rate_limit_exceeded', message, {
    headers: { ...rateLimitHeaders(usage), 'Retry-After': retryAfter },
  });
}
