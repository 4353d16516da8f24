/** GET /api/v1/meta: the caller's key, today's usage (peeked, not counted) and the snapshot served. */
import type { Request, Response } from 'express';
import { tableRowCounts } from '../../domain/rows.js';
import { BURST_WINDOW_SECONDS } from '../../domain/tiers.js';
import { assertNoParameters } from '../params/no-params.js';
import type { SnapshotHolder } from '../live-snapshot.js';
import { quotaOf, routeLocals } from './send.js';

export function metaHandler(holder: SnapshotHolder) {
  return function meta(req: Request, res: Response): void {
    const { apiKey, usage } = routeLocals(res);
    assertNoParameters(req.query as Record<string, unknown>);
    const snapshot = holder.current();
    const now = new Date();
    const midnight = new Date(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1),
    );
    // Usage changes with every counted request: never serve it from a cache.
    res.set('Cache-Control', 'no-store').json({
      data: {
        key: { label: apiKey.label, tier: apiKey.tier },
        usage: {
          day: now.toISOString().slice(0, 10),
          quota_used: usage.quotaUsed,
          quota_limit: usage.quotaLimit,
          quota_remaining: Math.max(0, usage.quotaLimit - usage.quotaUsed),
          quota_resets_at: midnight.toISOString(),
          burst_used: usage.burstUsed,
          burst_limit: usage.burstLimit,
          burst_window_seconds: BURST_WINDOW_SECONDS,
        },
        snapshot: snapshot
          ? {
              version: snapshot.manifest.version,
              created_at: snapshot.manifest.created_at,
              schema_version: snapshot.manifest.schema_version,
              row_counts: tableRowCounts(snapshot.manifest),
            }
          : null,
      },
      meta: quotaOf(usage),
    });
  };
}
