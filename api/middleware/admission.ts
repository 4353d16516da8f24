/**
 * Key, snapshot and limits of a request in one step, so a deployment with keys and
 * counters in Redis makes one round trip per request (RequestGate). The answers keep the
 * contract's order: 401 (no or unknown key), 403 (revoked), 503 (no snapshot), 429
 * (limits; refused requests are not counted). `count: false` only reads the usage (for
 * /meta, which needs no snapshot and is never refused for a spent quota). Every response
 * past the key check carries the quota and burst headers, 429s included.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Admission, RequestGate } from '../limits/gate.js';
import { invalidKeyError, missingKeyError, presentedKey, revokedKeyError } from './api-key.js';
import { limitRefusal, rateLimitHeaders } from './rate-limit.js';
import { snapshotUnavailableError, useSnapshot } from './require-snapshot.js';
import type { LoadedSnapshot, SnapshotHolder } from '../live-snapshot.js';

export interface AdmissionOptions {
  /** Whether this route counts against the quota; counted routes also need a snapshot. */
  count: boolean;
  snapshots?: SnapshotHolder;
}

/** A counted admission already asked for this request, and the snapshot it was asked with. */
export interface EarlyAdmission {
  snapshot: LoadedSnapshot;
  admitted: Promise<Admission>;
}

const EARLY = Symbol('early admission');

/**
 * Hands a counted admission to the route's admission step (api/routes/kept-hits.ts and
 * api/mcp/kept-calls.ts ask before Express's chain, and leave a request they do not answer
 * to the chain): the step
 * uses it instead of asking the gate again, so the request is counted once and answered
 * (401, 403, 429, 503 included) as if the chain had asked.
 */
export function handOverAdmission(res: Response, early: EarlyAdmission): void {
  (res.locals as { [EARLY]?: EarlyAdmission })[EARLY] = early;
}

/** The admission handed over for this request, if any (`handOverAdmission`). */
export function earlyAdmission(res: Response): EarlyAdmission | undefined {
  return (res.locals as { [EARLY]?: EarlyAdmission })[EARLY];
}

export function admission(gate: RequestGate, opts: AdmissionOptions): RequestHandler {
  return async function admission(req: Request, res: Response, next: NextFunction): Promise<void> {
    const plaintext = presentedKey(req);
    if (plaintext === null) {
      next(missingKeyError());
      return;
    }
    const early = opts.count ? earlyAdmission(res) : undefined;
    // Taken once per request, so a hot swap in the middle of a request cannot mix versions.
    const snapshot = early?.snapshot ?? opts.snapshots?.current() ?? null;
    const needsSnapshot = opts.snapshots !== undefined;
    try {
      // Without a snapshot the request is answered 503 after the key check, and not counted.
      const mode = !opts.count ? 'peek' : needsSnapshot && !snapshot ? 'lookup' : 'consume';
      const admitted = await (early?.admitted ?? gate.admit(plaintext, mode));
      if (admitted.status === 'unknown') {
        next(invalidKeyError());
        return;
      }
      if (admitted.status === 'revoked') {
        next(revokedKeyError());
        return;
      }
      res.locals.apiKey = admitted.record;
      if (needsSnapshot) {
        if (!snapshot) {
          next(snapshotUnavailableError());
          return;
        }
        useSnapshot(res, snapshot);
      }
      const usage = admitted.usage!;
      res.set(rateLimitHeaders(usage));
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
