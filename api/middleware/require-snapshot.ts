/**
 * Takes the snapshot reference once per request (res.locals.snapshot), so a hot swap in
 * the middle of a request cannot mix versions; 503 when none is loaded.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ApiError } from '../errors.js';
import type { SnapshotHolder } from '../snapshot-holder.js';

export function requireSnapshot(holder: SnapshotHolder): RequestHandler {
  return function requireSnapshot(_req: Request, res: Response, next: NextFunction): void {
    const snapshot = holder.current();
    if (!snapshot) {
      next(new ApiError('snapshot_unavailable', 'No data snapshot is loaded yet; try again shortly.', { headers: { 'Retry-After': '30' } }));
      return;
    }
    res.locals.snapshot = snapshot;
    // Names the one version this response is built from (clients, caches and the hot-swap test read it).
    res.set('X-Snapshot-Version', snapshot.manifest.version);
    next();
  };
}
