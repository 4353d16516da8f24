/**
 * A repeated GET /api/v1/trials or /api/v1/match, and any GET of a trial's detail,
 * answered before Express's chain. Once a list or /match page is kept
 * (./compressed-bodies.ts), a request for the same URL and snapshot is that kept head, the
 * key's counters and headers that are a function of the snapshot, the URL and the counters;
 * the chain (compression, helmet, CORS, routing, content negotiation, query validation,
 * validators) ran for the request that put it there and would decide the same again. A
 * detail without a query is its prebuilt JSON and the counters whatever came before, so it
 * is rendered here as `getTrial` would (gzip: its stored compressed head; br: compressed once
 * and kept). Here
 * the request is admitted (key and limits, one gate call) and, when it is live and allowed
 * and the head is still kept, answered with the same status, header lines in the same order
 * and body bytes. Anything else goes down the chain with its admission handed over
 * (middleware/admission.ts), so it is counted once and refused or answered as before: no
 * key, HEAD, conditional requests, an Accept other than none, `*\/*` or application/json,
 * deflate-only clients, other paths, unknown ids, a refusal, a head dropped meanwhile.
 *
 * Helmet's and CORS's headers are the same on every GET, so they are recorded once from
 * the middleware themselves (`recordedHeaders`). A kept-body hit cost ~0.48 ms of server CPU
 * in-process (0.55 with Redis) against the ceiling's 0.24, half of it in that chain
 * (bench/README.md, "Kept-body hits before the chain"); a /match page, whose 200 bench
 * patients fit the ring, 0.79-0.82 ms in-process and 1.07-1.49 with Redis before it was
 * answered here, 0.44-0.54 and 0.61-0.73 after; a detail 0.62-0.84 -> 0.41-0.44 with Redis,
 * gzip 0.75-0.98 -> 0.38-0.61 (bench/README.md, "/match pages and details before the chain").
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
  endKept,
  keptBodyFor,
  keptResponse,
  renderedKept,
  type KeptRef,
  type PackedBody,
  type RenderedBody,
} from './compressed-bodies.js';
import { renderFromRecipe, useRecipe } from './list-recipes.js';
import { ROUTE_PATHS } from './paths.js';
import { quotaOf } from './send.js';
import { findRank, packedDetail, trialDetailBody } from './trials.js';
import type { QuotaMeta } from '../query/render.js';

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
 * The list routes answered here, and whether their validators name the representation (the
 * `format` of `notModified`): /trials answers JSON or CSV by negotiation, /match JSON only.
 * Both send their pages with `sendDataBody`, and are answered here only when kept.
 */
const KEPT_ROUTES: readonly { path: string; negotiated: boolean }[] = [
  { path: ROUTE_PATHS.trials, negotiated: true },
  { path: ROUTE_PATHS.match, negotiated: false },
];

/** A trial's detail (`getTrial`): `/trials/` and an id of these characters, no query. */
const DETAIL_PREFIX = `${ROUTE_PATHS.trials}/`;
const PLAIN_ID = /^[A-Za-z0-9._-]+$/;

/**
 * A body the chain would send: kept, or (a detail) rendered as `getTrial` renders it, and the
 * `format` its validators were set with.
 */
interface Hit {
  ref: KeptRef;
  format: 'json' | 'csv' | undefined;
  /** A detail's body for a key's counters (a plain detail is not kept: `getTrial`). */
  render?: (quota: QuotaMeta) => RenderedBody;
  /** A detail's stored gzip head, for a gzip client (`getTrial`'s `packed`). */
  packed?: PackedBody;
}

/** Whether `url` is `path` itself, with or without a query. */
const isPath = (url: string, path: string): boolean =>
  url.startsWith(path) && (url.length === path.length || url.charCodeAt(path.length) === 0x3f); // ?

/** The GET this path may answer: no conditional header, an Accept every data route takes. */
function answerable(req: Request): { anyFormat: boolean } | null {
  if (req.method !== 'GET') return null;
  const { accept } = req.headers;
  const anyFormat = accept === undefined || accept === '*/*';
  if (!anyFormat && accept !== 'application/json') return null;
  if (req.headers['if-none-match'] !== undefined || req.headers['if-modified-since'] !== undefined)
    return null;
  return { anyFormat };
}

/**
 * A trial's detail without a query: every GET of it is its prebuilt JSON and the counters
 * (`getTrial`), so it is rendered here too (plain, or compressed once and kept), and a miss
 * no longer pays the chain. An id the index does not hold, or one needing decoding, is the
 * chain's (404, 400).
 */
function detailHit(req: Request, snapshot: LoadedSnapshot): Hit | null {
  const url = req.originalUrl;
  if (!url.startsWith(DETAIL_PREFIX)) return null;
  const id = url.slice(DETAIL_PREFIX.length);
  if (!PLAIN_ID.test(id) || findRank(snapshot.index, id) === undefined) return null;
  const ref = keptBodyFor(req);
  if (!ref) return null;
  const { index } = snapshot;
  return {
    ref,
    format: undefined,
    packed: ref.kind === 'gzip' ? packedDetail(index, findRank(index, id)!) : undefined,
    render: (quota) => ({ body: trialDetailBody(index, id, null, quota) }),
  };
}

/** The body the chain would send this request from, or null when this path leaves it. */
function hitFor(req: Request, snapshot: LoadedSnapshot): Hit | null {
  const url = req.originalUrl;
  const asked = answerable(req);
  if (!asked) return null;
  const route = KEPT_ROUTES.find(({ path }) => isPath(url, path));
  if (!route) return detailHit(req, snapshot);
  const bodies = snapshot.compressed;
  const json = keptBodyFor(req);
  if (!json) return null;
  // A plain page out of the ring whose recipe is kept is rendered when sent; its requests
  // are counted, kept or not, for the ring's admission (./list-recipes.ts).
  const recipe = json.kind === 'plain' && useRecipe(snapshot.index, json.key);
  if (recipe || bodies.has(json.key))
    return { ref: json, format: route.negotiated ? 'json' : undefined };
  // A JSON body is kept only for a URL that does not ask for CSV, so it answers any of
  // these Accepts; a URL asking for CSV gets it unless Accept excludes it. The middleware
  // compresses a CSV per response, so only a client that takes it plain is answered here.
  if (!route.negotiated || json.kind !== 'plain' || !asked.anyFormat) return null;
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
  { ref, format, render, packed }: Hit,
  usage: UsageDecision,
  constant: readonly string[],
): boolean {
  const bodies = snapshot.compressed;
  const quota = quotaOf(usage);
  const kept =
    packed ??
    bodies.getKept(ref, res) ??
    (render
      ? renderedKept(ref, bodies, quota, render(quota), false)
      : ref.kind === 'plain'
        ? renderFromRecipe(snapshot.index, bodies, ref.key, res)
        : undefined);
  if (!kept) return false;
  const headers = [...constant, 'X-Snapshot-Version', snapshot.manifest.version];
  for (const [name, value] of Object.entries(rateLimitHeaders(usage))) headers.push(name, value);
  for (const [name, value] of dataValidators(snapshot, req.originalUrl, format))
    // The compression middleware adds Accept-Encoding to the Vary of every JSON or CSV response.
    headers.push(name, name === 'Vary' ? `${value}, Accept-Encoding` : value);
  const { lines, end } = keptResponse(kept, ref.kind, quota);
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
