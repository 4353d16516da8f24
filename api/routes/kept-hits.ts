/**
 * A repeated GET /api/v1/trials or /api/v1/match answered before Express's chain. Once a
 * list or /match page is kept
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
 * (bench/README.md, "Kept-body hits before the chain"); a /match page, whose 200 bench
 * patients fit the ring, 0.79-0.82 ms in-process and 1.07-1.49 with Redis before it was
 * answered here, 0.44-0.54 and 0.61-0.73 after (bench/README.md, "/match pages before the chain").
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
import { endKept, keptBodyFor, keptResponse, type KeptRef } from './compressed-bodies.js';
import { hasRecipe, renderFromRecipe } from './list-recipes.js';
import { ROUTE_PATHS } from './paths.js';
import { quotaOf } from './send.js';

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

/**
 * The routes answered here, and whether their validators name the representation (the
 * `format` of `notModified`): /trials answers JSON or CSV by negotiation, /match JSON only.
 * Both send their pages with `sendDataBody`; a detail is not kept plain and a compressed
 * detail mix cycles more bodies than the ring holds, so details stay with the chain.
 */
const KEPT_ROUTES: readonly { path: string; negotiated: boolean }[] = [
  { path: ROUTE_PATHS.trials, negotiated: true },
  { path: ROUTE_PATHS.match, negotiated: false },
];

/** A kept body the chain would send, and the `format` its validators were set with. */
interface Hit {
  ref: KeptRef;
  format: 'json' | 'csv' | undefined;
}

/** Whether `url` is `path` itself, with or without a query. */
const isPath = (url: string, path: string): boolean =>
  url.startsWith(path) && (url.length === path.length || url.charCodeAt(path.length) === 0x3f); // ?

/** The kept body the chain would send this request from, or null when it would not. */
function hitFor(req: Request, snapshot: LoadedSnapshot): Hit | null {
  const url = req.originalUrl;
  if (req.method !== 'GET') return null;
  const route = KEPT_ROUTES.find(({ path }) => isPath(url, path));
  if (!route) return null;
  const { accept } = req.headers;
  const anyFormat = accept === undefined || accept === '*/*';
  if (!anyFormat && accept !== 'application/json') return null;
  if (req.headers['if-none-match'] !== undefined || req.headers['if-modified-since'] !== undefined)
    return null;
  const bodies = snapshot.compressed;
  const json = keptBodyFor(req);
  if (!json) return null;
  // A plain page out of the ring whose recipe is kept is rendered there when sent.
  if (bodies.has(json.key) || (json.kind === 'plain' && hasRecipe(snapshot.index, json.key)))
    return { ref: json, format: route.negotiated ? 'json' : undefined };
  // A JSON body is kept only for a URL that does not ask for CSV, so it answers any of
  // these Accepts; a URL asking for CSV gets it unless Accept excludes it. The middleware
  // compresses a CSV per response, so only a client that takes it plain is answered here.
  if (!route.negotiated || json.kind !== 'plain' || !anyFormat) return null;
  const csv = keptBodyFor(req, 'csv')!;
  return bodies.has(csv.key) ? { ref: csv, format: 'csv' } : null;
}

/**
 * Sends the kept body of `hit` as the chain would have, header line for header line;
 * false when it is no longer kept.
 */
function sendHit(
  req: Request,
  res: Response,
  snapshot: LoadedSnapshot,
  { ref, format }: Hit,
  usage: UsageDecision,
  constant: readonly string[],
): boolean {
  const bodies = snapshot.compressed;
  const kept =
    bodies.getKept(ref, res) ??
    (ref.kind === 'plain' ? renderFromRecipe(snapshot.index, bodies, ref.key, res) : undefined);
  if (!kept) return false;
  const headers = [...constant, 'X-Snapshot-Version', snapshot.manifest.version];
  for (const [name, value] of Object.entries(rateLimitHeaders(usage))) headers.push(name, value);
  for (const [name, value] of dataValidators(snapshot, req.originalUrl, format))
    // The compression middleware adds Accept-Encoding to the Vary of every JSON or CSV response.
    headers.push(name, name === 'Vary' ? `${value}, Accept-Encoding` : value);
  const { lines, end } = keptResponse(kept, ref.kind, quotaOf(usage));
  for (const [name, value] of lines) headers.push(name, value);
  res.writeHead(200, headers);
  endKept(res, kept, end);
  return true;
}

export interface KeptHitsDeps {
  snapshots: SnapshotHolder;
  gate: RequestGate;
  /** Header lines every API GET carries before the route's own (`recordedHeaders`). */
  constantHeaders: readonly string[];
}

/** Answers a GET /trials or /match from its kept body before the chain (see the file's comment). */
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
