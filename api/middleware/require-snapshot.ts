/**
 * A request works on one snapshot reference (res.locals.snapshot), taken once by the
 * admission step, so a hot swap in the middle of a request cannot mix versions; 503 when
 * none is loaded.
 */
import type { Response } from 'express';
import { ApiError } from '../errors.js';
import type { LoadedSnapshot } from '../live-snapshot.js';

export const snapshotUnavailableError = (): ApiError =>
  new ApiError('snapshot_unavailable', 'No data snapshot is loaded yet; try again shortly.', {
    headers: { 'Retry-After': '30' },
  });

/** Pins the request to one snapshot version. */
export function useSnapshot(res: Response, snapshot: LoadedSnapshot): void {
  res.locals.snapshot = snapshot;
  // Names the one version this response is built from (clients, caches and the hot-swap test read it).
  res.set('X-Snapshot-Version', snapshot.manifest.version);
}
