import type { Response } from 'express';
import type { LoadedSnapshot } from '../live-snapshot.js';
import type { UsageDecision } from '../limits/types.js';
import type { ApiKeyRecord } from '../keys/types.js';
import { JSON_CONTENT_TYPE } from './compressed-bodies.js';

/** Bodies are assembled as bytes from prebuilt JSON; only the header is set here. */
export function sendJsonBytes(res: Response, body: Buffer): void {
  res.set('Content-Type', JSON_CONTENT_TYPE).send(body);
}

/** What the middleware chain leaves for the handlers (admission). */
export interface RouteLocals {
  apiKey: ApiKeyRecord;
  usage: UsageDecision;
  snapshot: LoadedSnapshot;
}

export function routeLocals(res: Response): RouteLocals {
  return res.locals as RouteLocals;
}

export function quotaOf(usage: UsageDecision): { quota_used: number; quota_limit: number } {
  return { quota_used: usage.quotaUsed, quota_limit: usage.quotaLimit };
}
