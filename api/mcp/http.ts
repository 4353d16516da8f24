/**
 * MCP over Streamable HTTP at /mcp, stateless: a POST holding one tools/call is answered
 * by the tool directly (fast-call.ts, the bytes the SDK would write); every other POST
 * gets its own SDK server and transport (the SDK's stateless mode). Either answers in one
 * JSON response and reads the snapshot current when the request arrived. Authenticated
 * like the REST API (the same keys and headers, 401/403); every `tools/call` in a request
 * is counted against the key's daily quota and burst like one REST request, and a refused
 * one answers 429 with the REST headers. Errors before the MCP layer are JSON-RPC error
 * bodies carrying the REST code.
 */
import * as webStandardHttp from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Logger } from '../../config/logger.js';
import { ApiError, type ErrorCode } from '../errors.js';
import type { Admission, RequestGate } from '../limits/gate.js';
import type { UsageDecision } from '../limits/types.js';
import {
  invalidKeyError,
  missingKeyError,
  presentedKey,
  revokedKeyError,
} from '../middleware/api-key.js';
import { earlyAdmission } from '../middleware/admission.js';
import { bodyLimit, bodyParserError, MCP_BODY_LIMIT_BYTES } from '../middleware/body-limit.js';
import { fromDependencyError, logRefusal } from '../middleware/error-handler.js';
import { limitRefusal, rateLimitHeaders } from '../middleware/rate-limit.js';
import type { LoadedSnapshot, SnapshotHolder } from '../live-snapshot.js';
import { chosenCoding } from '../routes/compressed-bodies.js';
import { MCP_PATH } from '../routes/paths.js';
import {
  CALL_CONTENT_TYPE,
  keptToolCallResponse,
  type CallResponse,
  singleToolCall,
  toolCallResponse,
} from './fast-call.js';
import { createMcpServer } from './server.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { callTool, type McpContext } from './tools.js';

export { MCP_PATH };

/**
 * JSON-RPC error codes for the REST codes an HTTP-level refusal can carry (the
 * implementation-defined server range -32000..-32099, and the spec's own for bad params
 * and internal errors). `error.data.code` keeps the REST code itself.
 */
export const MCP_ERROR_CODES: Readonly<Record<ErrorCode, number>> = {
  invalid_parameter: -32602,
  bad_request: -32600,
  headers_too_large: -32600,
  missing_api_key: -32001,
  invalid_api_key: -32001,
  key_revoked: -32003,
  not_found: -32004,
  method_not_allowed: -32005,
  not_acceptable: -32006,
  page_token_expired: -32010,
  changes_unavailable: -32010,
  payload_too_large: -32600,
  rate_limit_exceeded: -32029,
  quota_exceeded: -32029,
  internal_error: -32603,
  snapshot_unavailable: -32053,
  service_unavailable: -32054,
};

export interface McpHttpDeps {
  snapshots: SnapshotHolder;
  /** The REST routes' admission (one Redis round trip per counted call with RedisGate). */
  gate: RequestGate;
  logger: Logger;
}

interface JsonRpcMessage {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
}

function messagesOf(body: unknown): JsonRpcMessage[] {
  const list = Array.isArray(body) ? body : [body];
  return list.filter((m): m is JsonRpcMessage => typeof m === 'object' && m !== null);
}

/** The JSON body of a POST to /mcp (read before the chain for a kept call: ./kept-calls.ts). */
export const readMcpBody = express.json({ limit: MCP_BODY_LIMIT_BYTES });

const BODY_ERROR = Symbol('MCP body error');

/**
 * An error reading the body before the chain (./kept-calls.ts), handed to the router so it
 * is answered where the router's own parser would have raised it.
 */
export function handOverBodyError(res: Response, error: unknown): void {
  (res.locals as { [BODY_ERROR]?: unknown })[BODY_ERROR] = error;
}

function earlyBodyError(_req: Request, res: Response, next: NextFunction): void {
  next((res.locals as { [BODY_ERROR]?: unknown })[BODY_ERROR]);
}

/**
 * Checks the key and counts each tools/call (stopping at the first refusal); other
 * messages (initialize, tools/list, notifications) only check the key. Without a snapshot
 * nothing is counted, as a REST 503 is not. `first` is the first call's admission when it
 * was asked before the chain (./kept-calls.ts).
 */
async function admitCalls(
  gate: RequestGate,
  plaintext: string,
  calls: number,
  counted: boolean,
  first?: Promise<Admission>,
): Promise<UsageDecision | null> {
  let usage: UsageDecision | null = null;
  for (let i = 0; i < Math.max(1, calls); i++) {
    const admitted = await (i === 0 && first
      ? first
      : gate.admit(plaintext, calls > 0 && counted ? 'consume' : 'lookup'));
    if (admitted.status === 'unknown') throw invalidKeyError();
    if (admitted.status === 'revoked') throw revokedKeyError();
    usage = admitted.usage;
    if (usage && !usage.allowed) break;
  }
  return usage;
}

/** The request line and headers as a web Request (the body stays with Express, parsed). */
function webRequest(req: Request): globalThis.Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return new globalThis.Request(`http://${req.headers.host ?? 'localhost'}${req.originalUrl}`, {
    method: req.method,
    headers,
  });
}

function internalError(cause: unknown): ApiError {
  return new ApiError('internal_error', 'An internal error occurred.', { cause });
}

function onePart(result: CallToolResult | null, id: string | number): CallResponse | null {
  return result && { parts: [toolCallResponse(id, result)], coding: null };
}

/**
 * A fast-path response, its pieces written without joining them (the socket takes them in
 * one writev); a compressed one says so, and the `compression` middleware leaves it as it is.
 */
function sendParts(res: Response, { parts, coding }: CallResponse): void {
  res.status(200).setHeader('content-type', CALL_CONTENT_TYPE);
  if (coding) res.setHeader('Content-Encoding', coding);
  let length = 0;
  for (const part of parts) length += part.length;
  res.setHeader('Content-Length', length);
  for (let i = 0; i < parts.length - 1; i++) res.write(parts[i]);
  res.end(parts[parts.length - 1]);
}

export function mcpRouter(deps: McpHttpDeps): Router {
  const router = express.Router();
  const logger = deps.logger.child({ component: 'mcp' });

  router.post(
    MCP_PATH,
    earlyBodyError,
    bodyLimit(MCP_BODY_LIMIT_BYTES),
    readMcpBody,
    async function mcpAdmission(req: Request, res: Response, next: NextFunction) {
      try {
        const plaintext = presentedKey(req);
        if (plaintext === null) throw missingKeyError();
        const early = earlyAdmission(res);
        // Taken once per request: every call in it reads the same version.
        res.locals.snapshot = early?.snapshot ?? deps.snapshots.current();
        const calls = messagesOf(req.body).filter((m) => m.method === 'tools/call').length;
        const decision = await admitCalls(
          deps.gate,
          plaintext,
          calls,
          res.locals.snapshot !== null,
          early?.admitted,
        );
        if (decision) {
          res.set(rateLimitHeaders(decision));
          if (!decision.allowed) throw limitRefusal(decision);
        }
        res.locals.usage = decision;
        next();
      } catch (error) {
        next(error);
      }
    },
    async function mcpHandle(req: Request, res: Response, next: NextFunction) {
      const snapshot = res.locals.snapshot as LoadedSnapshot | null;
      const decision = res.locals.usage as UsageDecision | null;
      if (snapshot) res.set('X-Snapshot-Version', snapshot.manifest.version);
      const ctx: McpContext = {
        snapshot: () => snapshot,
        quota: () =>
          decision ? { quota_used: decision.quotaUsed, quota_limit: decision.quotaLimit } : null,
        logger,
      };
      const fast = singleToolCall(req);
      const quota = ctx.quota();
      const parts =
        fast &&
        (snapshot && quota
          ? keptToolCallResponse(snapshot.compressed, fast, quota, chosenCoding(req), res, () =>
              callTool(ctx, fast.name, fast.arguments),
            )
          : onePart(callTool(ctx, fast.name, fast.arguments), fast.id));
      if (parts) {
        sendParts(res, parts);
        return;
      }
      const server = createMcpServer(ctx);
      const transport = new webStandardHttp.WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      try {
        await server.connect(transport);
        // The web-standard transport with the body Express already parsed, and its one
        // JSON response written in one piece: the SDK's Node wrapper adapts every request
        // and streams the body out, which cost more CPU than the search itself.
        const response = await transport.handleRequest(webRequest(req), { parsedBody: req.body });
        const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
        res.status(response.status);
        response.headers.forEach((value, name) => res.setHeader(name, value));
        res.end(body);
      } catch (error) {
        next(error);
      } finally {
        await transport.close().catch(() => undefined);
        await server.close().catch(() => undefined);
      }
    },
  );

  // Stateless: no server-initiated stream to GET, no session to DELETE.
  router.all(MCP_PATH, (_req, _res, next) =>
    next(
      new ApiError(
        'method_not_allowed',
        'The MCP endpoint takes POST only (stateless Streamable HTTP).',
        { headers: { Allow: 'POST' } },
      ),
    ),
  );

  router.use(
    MCP_PATH,
    function mcpErrors(err: unknown, req: Request, res: Response, next: NextFunction) {
      if (res.headersSent) {
        next(err);
        return;
      }
      let apiError: ApiError;
      if (err instanceof ApiError) apiError = err;
      else apiError = bodyParserError(err) ?? fromDependencyError(err) ?? internalError(err);
      logRefusal(logger, apiError, req);
      const first = messagesOf(req.body)[0];
      const retryAfter = apiError.headers['Retry-After'];
      res
        .status(apiError.status)
        .set(apiError.headers)
        .json({
          jsonrpc: '2.0',
          id:
            first && (typeof first.id === 'string' || typeof first.id === 'number')
              ? first.id
              : null,
          error: {
            code: MCP_ERROR_CODES[apiError.code],
            message: apiError.message,
            data: {
              code: apiError.code,
              status: apiError.status,
              ...(retryAfter ? { retry_after_seconds: Number(retryAfter) } : {}),
            },
          },
        });
    },
  );
  return router;
}
