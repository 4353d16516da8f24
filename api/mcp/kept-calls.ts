/**
 * A kept MCP `tools/call` answered before Express's chain, as api/routes/kept-hits.ts
 * answers a kept list page. Once a call's result is kept (./fast-call.ts, per snapshot,
 * tool and arguments), a POST of the same call is those bytes with the key's counters and
 * the call's id written in, and its headers are a function of the snapshot and the counters:
 * the chain (compression, helmet, CORS, routing, the router's body parser) ran for the
 * request that kept it and would decide the same again. Here the body is read with the
 * router's own parser (`readMcpBody`), the request admitted (one gate call) and, when it is
 * live and allowed and the result still kept, answered with the same status, header lines
 * in the same order and body bytes. Anything else goes down the chain with its admission
 * and any body error handed over, so it is counted once and refused or answered as before:
 * no key or snapshot, a declared length over the limit or none (chunked), headers the
 * SDK would negotiate, a deflate-only client, a body that is not one call of a known tool,
 * a result not kept in the coding the client takes (plain, gzip or br), a refusal.
 *
 * In a profile of the bench's MCP mix (bench/README.md, "MCP calls before the chain"),
 * helmet's middlewares, compression's wrapping, CORS, Express's routing and the router's
 * body parser were most of what a kept call cost beyond a kept REST page; server CPU per
 * call 0.36-0.46 -> 0.30 ms in-process, 0.47-0.68 -> 0.29-0.36 with Redis.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { RequestGate } from '../limits/gate.js';
import type { UsageDecision } from '../limits/types.js';
import type { LoadedSnapshot, SnapshotHolder } from '../live-snapshot.js';
import { handOverAdmission } from '../middleware/admission.js';
import { presentedKey } from '../middleware/api-key.js';
import { MCP_BODY_LIMIT_BYTES } from '../middleware/body-limit.js';
import { rateLimitHeaders } from '../middleware/rate-limit.js';
import { acceptsPlain, chosenCoding, type BodyCoding } from '../routes/compressed-bodies.js';
import { MCP_PATH } from '../routes/paths.js';
import { quotaOf } from '../routes/send.js';
import {
  CALL_CONTENT_TYPE,
  callHeadersAccepted,
  codedCallKey,
  keptCallParts,
  toolCallOf,
  type SingleToolCall,
} from './fast-call.js';
import { handOverBodyError, readMcpBody } from './http.js';

/** A POST to /mcp whose body this path may read: a declared length within the limit, headers the fast path takes. */
function readable(req: Request): boolean {
  const url = req.url;
  if (url !== MCP_PATH && !url.startsWith(`${MCP_PATH}?`)) return false;
  const declared = req.headers['content-length'];
  if (declared === undefined || !(Number(declared) <= MCP_BODY_LIMIT_BYTES)) return false;
  return callHeadersAccepted(req);
}

/** Sends the kept result of `call` as the chain would have; false when it is no longer kept. */
function sendCall(
  res: Response,
  snapshot: LoadedSnapshot,
  call: SingleToolCall,
  coding: BodyCoding | null,
  usage: UsageDecision,
  constant: readonly string[],
): boolean {
  const kept = keptCallParts(snapshot.compressed, call, quotaOf(usage), coding, res);
  if (!kept) return false;
  const { parts } = kept;
  let length = 0;
  for (const part of parts) length += part.length;
  const headers = [...constant];
  for (const [name, value] of Object.entries(rateLimitHeaders(usage))) headers.push(name, value);
  headers.push('X-Snapshot-Version', snapshot.manifest.version, 'content-type', CALL_CONTENT_TYPE);
  if (coding) headers.push('Content-Encoding', coding);
  headers.push('Content-Length', String(length));
  // The compression middleware adds it to every JSON response.
  headers.push('Vary', 'Accept-Encoding');
  res.writeHead(200, headers);
  for (let i = 0; i < parts.length - 1; i++) res.write(parts[i]);
  res.end(parts[parts.length - 1]);
  return true;
}

export interface KeptCallsDeps {
  snapshots: SnapshotHolder;
  gate: RequestGate;
  /** Header lines every API response carries before the route's own (`recordedHeaders`). */
  constantHeaders: readonly string[];
}

/** Answers a POST /mcp of a kept call before the chain (see the file's comment). */
export function keptCalls({ snapshots, gate, constantHeaders }: KeptCallsDeps): RequestHandler {
  return function keptCalls(req: Request, res: Response, next: NextFunction): void {
    if (req.method !== 'POST') {
      next();
      return;
    }
    const plaintext = presentedKey(req);
    const snapshot = snapshots.current();
    if (plaintext === null || !snapshot || !readable(req)) {
      next();
      return;
    }
    // The coding the middleware would choose: a deflate-only client's is the chain's.
    const coding = chosenCoding(req);
    if (!coding && !acceptsPlain(req)) {
      next();
      return;
    }
    readMcpBody(req, res, (error?: unknown) => {
      if (error) handOverBodyError(res, error);
      const call = error ? null : toolCallOf(req.body);
      if (!call || !snapshot.compressed.has(codedCallKey(call, coding))) {
        next();
        return;
      }
      const admitted = gate.admit(plaintext, 'consume');
      const toChain = () => {
        handOverAdmission(res, { snapshot, admitted });
        next();
      };
      admitted
        .then((a) => {
          const usage = a.status === 'live' ? a.usage : null;
          if (!usage?.allowed || !sendCall(res, snapshot, call, coding, usage, constantHeaders))
            toChain();
        }, toChain)
        .catch(next);
    });
  };
}
