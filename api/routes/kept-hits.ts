/**
 * A repeated GET /api/v1/trials answered before Express's chain. Once a list page is kept
 * (./compressed-bodies.ts), a request for the same URL and snapshot is that kept head, the
 * key's counters and headers that are a function of the snapshot, the URL and the counters;
 * the chain (compression, helmet, CORS, routing, content negotiation, query validation,
 * validators) ran for the request that put it there and would decide the same again. Here
 * the request is admitted (key and limits, one gate call) and, when it is live and allowed
 * and the head is still kept, answered with the same status, header lines in the same order
 * and body bytes. Anything else goes down the chain with its admission handed over
 * (middleware/admission.ts), so it is counted once and refused or answered as before: no
 * key, HEAD, conditional requests, an Accept other than none, `*\/*` or application/json,
 * deflate-only clients, other paths, a refusal, a head dropped meanwhile.
 *
 * Helmet's and CORS's headers are the same on every GET, so they are recorded once from
 * the middleware themselves (`recordedHeaders`). A kept-body hit cost ~0.48 ms of server CPU
 * in-process (0.55 with Redis) against the ceiling's 0.24, half of it in that chain
 * (bench/README.md, "Kept-body hits before the chain").
 */
import http from 'node:http';
import net from 'node:net';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { RequestGate } from '../limits/gate.js';
import type { UsageDecision } from '../limits/types.js';
import type { LoadedSnapshot, SnapshotHolder } from '../live-snapshot.js';
import { presentedKey } from '../middleware/api-key.js';
import { handOverAdmission } from '../middleware/admission.js';
import { rateLimitHeaders } from '../middleware/rate-limit.js';
import { dataValidators } from './caching.js';
import {
  bodyEnd,
  cachedCoding,
  JSON_CONTENT_TYPE,
  quotaTail,
  takesPlain,
} from './compressed-bodies.js';
import { ROUTE_PATHS } from './paths.js';
import { csvKey } from './trials.js';

/**
 * The header lines `handlers` set on a GET without Accept or Origin, in order: what helmet
 * and CORS (for any origin) set on every such response, whatever else it carries.
 */
export function recordedHeaders(handlers: readonly RequestHandler[]): string[] {
  const req = new http.IncomingMessage(new net.Socket());
  req.method = 'GET';
  req.url = ROUTE_PATHS.trials;
  const res = new http.ServerResponse(req);
  for (const handler of handlers) {
    let passed = false;
    void handler(req as Request, res as Response, () => (passed = true));
    if (!passed) throw new Error('recordedHeaders: a handler did not pass the request on');
  }
  // getRawHeaderNames (Node >= 15.13) keeps the names as set; @types/node lacks it.
  const names = (res as unknown as { getRawHeaderNames(): string[] }).getRawHeaderNames();
  return names.flatMap((name) => [name, String(res.getHeader(name))]);
}

/** A kept body that answers this request: its key and how it was kept. */
interface Hit {
  key: string;
  kind: 'gzip' | 'br' | 'plain' | 'csv';
}

/** The kept body the chain would send this request from, or null when it would not. */
function hitFor(req: Request, snapshot: LoadedSnapshot): Hit | null {
  const url = req.originalUrl;
  const path = ROUTE_PATHS.trials;
  if (req.method !== 'GET' || !url.startsWith(path)) return null;
  if (url.length !== path.length && url.charCodeAt(path.length) !== 0x3f /* ? */) return null;
  const { accept } = req.headers;
  const anyFormat = accept === undefined || accept === '*/*';
  if (!anyFormat && accept !== 'application/json') return null;
  if (req.headers['if-none-match'] !== undefined || req.headers['if-modified-since'] !== undefined)
    return null;
  const bodies = snapshot.compressed;
  const coding = cachedCoding(req);
  if (coding) {
    const key = `${coding} ${url}`;
    return bodies.has(key) ? { key, kind: coding } : null;
  }
  if (!takesPlain(req)) return null;
  // A JSON body is kept only for a URL that does not ask for CSV, so it answers any of
  // these Accepts; a URL asking for CSV gets it unless Accept excludes it.
  if (bodies.has(url)) return { key: url, kind: 'plain' };
  const csv = csvKey(url, true);
  return anyFormat && bodies.has(csv) ? { key: csv, kind: 'csv' } : null;
}

/**
 * Sends the kept body of `hit` as the chain would have, header line for header line;
 * false when it is no longer kept.
 */
function sendHit(
  req: Request,
  res: Response,
  snapshot: LoadedSnapshot,
  hit: Hit,
  usage: UsageDecision,
  constant: readonly string[],
): boolean {
  const bodies = snapshot.compressed;
  const packed = hit.kind === 'gzip' || hit.kind === 'br' ? bodies.get(hit.key, res) : undefined;
  const kept =
    packed ??
    (hit.kind === 'plain' || hit.kind === 'csv' ? bodies.getPlain(hit.key, res) : undefined);
  if (!kept) return false;
  const headers = [...constant, 'X-Snapshot-Version', snapshot.manifest.version];
  for (const [name, value] of Object.entries(rateLimitHeaders(usage))) headers.push(name, value);
  for (const [name, value] of dataValidators(
    snapshot,
    req.originalUrl,
    hit.kind === 'csv' ? 'csv' : 'json',
  ))
    // The compression middleware adds Accept-Encoding to the Vary of every JSON or CSV response.
    headers.push(name, name === 'Vary' ? `${value}, Accept-Encoding` : value);
  if (packed) headers.push('Content-Encoding', packed.coding);
  for (const [name, value] of Object.entries(kept.headers)) headers.push(name, value);
  const quota = { quota_used: usage.quotaUsed, quota_limit: usage.quotaLimit };
  const end =
    hit.kind === 'csv' ? null : packed ? bodyEnd(packed, quotaTail(quota)) : quotaTail(quota);
  if (hit.kind !== 'csv') headers.push('Content-Type', JSON_CONTENT_TYPE);
  headers.push('Content-Length', String(kept.head.length + (end?.length ?? 0)));
  res.writeHead(200, headers);
  if (end) {
    res.write(kept.head);
    res.end(end);
  } else res.end(kept.head);
  return true;
}

export interface KeptHitsDeps {
  snapshots: SnapshotHolder;
  gate: RequestGate;
  /** Header lines every API GET carries before the route's own (`recordedHeaders`). */
  constantHeaders: readonly string[];
}

/** Answers a GET /api/v1/trials from its kept body before the chain; see the file's comment. */
export function keptHits({ snapshots, gate, constantHeaders }: KeptHitsDeps): RequestHandler {
  return function keptHits(req: Request, res: Response, next: NextFunction): void {
    const plaintext = presentedKey(req);
    const snapshot = snapshots.current();
    const hit = plaintext !== null && snapshot ? hitFor(req, snapshot) : null;
    if (!hit) {
      next();
      return;
    }
    const admitted = gate.admit(plaintext!, 'consume');
    const toChain = () => {
      handOverAdmission(res, { snapshot: snapshot!, admitted });
      next();
    };
    admitted
      .then((a) => {
        const usage = a.status === 'live' ? a.usage : null;
        if (!usage?.allowed || !sendHit(req, res, snapshot!, hit, usage, constantHeaders))
          toChain();
      }, toChain)
      .catch(next);
  };
}
