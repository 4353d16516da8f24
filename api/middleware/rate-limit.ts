/**
 * Daily quota and per-minute burst per key. Runs after apiKey(). With `count: true` it
 * consumes one request (refused requests are not counted); with `count: false` it only
 * reads the usage, for endpoints that must not count (/meta). Either way the response
 * carries the quota and burst headers, 429s included.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ApiError } from '../errors.js';
import type { ApiKeyRecord } from '../keys/types.js';
import type { UsageCounter, UsageDecision } from '../limits/types.js';

export interface RateLimitOptions {
  /** Whether this route counts against the quota. */
  count: boolean;
}

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

export function rateLimit(counter: UsageCounter, opts: RateLimitOptions): RequestHandler {
  return async function rateLimit(req: Request, res: Response, next: NextFunction): Promise<void> {
    const key = res.locals.apiKey as ApiKeyRecord | undefined;
    if (!key) {
      next(new Error('rateLimit() must run after apiKey()'));
      return;
    }
    try {
      const usage = opts.count ? await counter.consume(key.hash, key.tier) : await counter.peek(key.hash, key.tier);
      const headers = rateLimitHeaders(usage);
      res.set(headers);
      res.locals.usage = usage;
      // A peek only reports; refusing /meta because the quota is spent would hide the usage.
      if (usage.allowed || !opts.count) {
        next();
        return;
      }
      next(limitRefusal(usage));
    } catch (error) {
      next(error);
    }
  };
}
