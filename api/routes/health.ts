/**
 * GET /healthz: for load balancers and operators; no key, never counted. 200 while a
 * snapshot is served, 503 before one is loaded. Reports the snapshot's version and age and
 * whether the counters' Redis answers a PING (or that the process runs on the fallback
 * stores: file keys and in-process counters).
 */
import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import type { SnapshotHolder } from '../live-snapshot.js';

/** A PING slower than this counts as unreachable: a health check must answer promptly. */
const REDIS_PING_TIMEOUT_MS = 1_000;

export type RedisHealth = 'reachable' | 'unreachable' | 'fallback';

async function pingRedis(redis: Redis | null): Promise<RedisHealth> {
  if (!redis) return 'fallback';
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), REDIS_PING_TIMEOUT_MS);
  });
  try {
    const answer = await Promise.race([redis.ping(), timeout]);
    return answer === 'PONG' ? 'reachable' : 'unreachable';
  } catch {
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}

/** A getter follows a server that started on the fallback stores and moved to Redis later. */
export function healthHandler(holder: SnapshotHolder, redis: Redis | null | (() => Redis | null)) {
  return async function health(_req: Request, res: Response): Promise<void> {
    const snapshot = holder.current();
    const redisState = await pingRedis(typeof redis === 'function' ? redis() : redis);
    const createdAt = snapshot ? Date.parse(snapshot.manifest.created_at) : NaN;
    res
      .status(snapshot ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({
        status: snapshot ? 'ok' : 'snapshot_unavailable',
        snapshot: snapshot
          ? {
              version: snapshot.manifest.version,
              created_at: snapshot.manifest.created_at,
              age_seconds: Number.isNaN(createdAt)
                ? null
                : Math.max(0, Math.round((Date.now() - createdAt) / 1000)),
            }
          : null,
        redis: redisState,
        uptime_seconds: Math.round(process.uptime()),
      });
  };
}
