/**
 * The usual MCP request, one `tools/call` of a known tool, answered without the SDK's
 * per-request server and transport: the bench's `mcp search_trials` mix spent more server
 * CPU in building them, the web Request and Response, the JSON-RPC schema checks and the
 * re-serialisation than in the search (bench/README.md, "MCP over HTTP"). The tool runs
 * through the same `callTool` as the SDK's handler, and the response is the one the SDK
 * writes: 200, `Content-Type: application/json`, `{"result":...,"jsonrpc":"2.0","id":...}`
 * with the result as `CallToolResultSchema` outputs it (content, structuredContent,
 * isError, in that order); test/api/response-bytes.test.ts holds the bytes equal.
 *
 * Only a request the SDK would accept as it is takes this path: a single JSON-RPC request
 * object with no members beyond jsonrpc, id, method and params (name, arguments), an
 * Accept naming both JSON and event streams, a JSON Content-Type, a supported (or absent)
 * protocol version header. Everything else (batches, initialize, tools/list,
 * notifications, an unknown tool, `_meta` or `task`, a refusal) goes to the SDK.
 *
 * A result is a function of the snapshot and the call's arguments but for the key's quota
 * counters in its `meta` and the JSON-RPC id at its end, so its bytes are kept once per
 * snapshot and call, with the REST bodies (routes/compressed-bodies.ts), and a repeated
 * call is those bytes with the counters and id written in: no argument check, search,
 * render, parse or serialisation (in a profile of the bench's MCP mix those were ~40% of
 * the busy time, bench/README.md).
 */
import {
  SUPPORTED_PROTOCOL_VERSIONS,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { Request } from 'express';
import type { QuotaMeta } from '../query/render.js';
import type { CompressedBodies } from '../routes/compressed-bodies.js';
import type { Sending } from '../routes/plain-ring.js';
import { isToolName } from './tools.js';

export interface SingleToolCall {
  id: string | number;
  name: string;
  arguments: Record<string, unknown> | undefined;
}

const MESSAGE_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);
const PARAMS_KEYS = new Set(['name', 'arguments']);
/** The Content-Type the SDK's transport gives a JSON response, as it writes it. */
export const CALL_CONTENT_TYPE = 'application/json';
/** Content-Type values the SDK's media-type check accepts (others: the SDK decides). */
const JSON_TYPES = new Set(['application/json', 'application/json; charset=utf-8']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function onlyKeys(value: Record<string, unknown>, allowed: ReadonlySet<string>): boolean {
  for (const key in value) if (!allowed.has(key)) return false;
  return true;
}

/**
 * Whether the request's headers are ones the SDK's transport accepts as they are for a
 * JSON response: an Accept naming both JSON and event streams, a JSON Content-Type, a
 * supported (or absent) protocol version.
 */
export function callHeadersAccepted(req: Request): boolean {
  const accept = req.headers.accept;
  if (!accept?.includes('application/json') || !accept.includes('text/event-stream')) return false;
  if (!JSON_TYPES.has(req.headers['content-type']?.toLowerCase() ?? '')) return false;
  const version = req.headers['mcp-protocol-version'];
  return version === undefined || SUPPORTED_PROTOCOL_VERSIONS.includes(String(version));
}

/** The call when a parsed body is one tools/call of a known tool the SDK would accept; null otherwise. */
export function toolCallOf(message: unknown): SingleToolCall | null {
  if (!isRecord(message) || !onlyKeys(message, MESSAGE_KEYS)) return null;
  const { jsonrpc, id, method, params } = message;
  if (jsonrpc !== '2.0' || method !== 'tools/call') return null;
  if (typeof id !== 'string' && !Number.isSafeInteger(id)) return null;
  if (!isRecord(params) || !onlyKeys(params, PARAMS_KEYS) || !isToolName(params.name)) return null;
  const args = params.arguments;
  if (args !== undefined && !isRecord(args)) return null;
  return { id: id as string | number, name: params.name as string, arguments: args };
}

/** The call when the POST is one the fast path answers exactly as the SDK would; null otherwise. */
export function singleToolCall(req: Request): SingleToolCall | null {
  return callHeadersAccepted(req) ? toolCallOf(req.body) : null;
}

/** The JSON-RPC response body the SDK's transport writes for this result. */
export function toolCallResponse(id: string | number, result: CallToolResult): Buffer {
  const wire: Record<string, unknown> = { content: result.content };
  if (result.structuredContent !== undefined) wire.structuredContent = result.structuredContent;
  if (result.isError !== undefined) wire.isError = result.isError;
  return Buffer.from(JSON.stringify({ result: wire, jsonrpc: '2.0', id }));
}

/** The members a result's `meta` carries for the key (api/query/render.ts writes them so). */
const counters = (quota: QuotaMeta): string =>
  `"quota_used":${quota.quota_used},"quota_limit":${quota.quota_limit}`;

/** The response's end after the result: the JSON-RPC version and the request's id. */
const idEnd = (id: string | number): string => `,"jsonrpc":"2.0","id":${JSON.stringify(id)}}`;

/** Where a call's result is kept: the tool and its arguments (the snapshot owns `bodies`). */
export const callKey = (call: SingleToolCall): string =>
  `mcp ${call.name} ${JSON.stringify(call.arguments ?? null)}`;

/**
 * The response to `call` from the bytes kept for the same tool and arguments, the key's
 * counters and the call's id written in; held until `sending` closes. Undefined when none
 * are kept.
 */
export function keptCallParts(
  bodies: CompressedBodies,
  call: SingleToolCall,
  quota: QuotaMeta,
  sending: Sending,
): Buffer[] | undefined {
  const kept = bodies.getCall(callKey(call), sending);
  if (!kept) return undefined;
  return [kept.head, Buffer.from(counters(quota)), kept.after, Buffer.from(idEnd(call.id))];
}

/**
 * The response to `call` as `toolCallResponse` writes it, from the bytes kept for the same
 * tool and arguments on this snapshot when there are some (`run` runs on a miss; null when
 * it does, for a tool the fast path leaves to the SDK); kept bytes are held until `sending`
 * closes. Kept is a result that holds the
 * counters once: a JSON string cannot hold `"quota_used":` (its quotes are escaped), so
 * they are the `meta` members, and nothing else in the result depends on the key. Tool
 * errors and results without counters are rendered each time.
 */
export function keptToolCallResponse(
  bodies: CompressedBodies,
  call: SingleToolCall,
  quota: QuotaMeta,
  sending: Sending,
  run: () => CallToolResult | null,
): Buffer[] | null {
  const kept = keptCallParts(bodies, call, quota, sending);
  if (kept) return kept;
  const result = run();
  if (!result) return null;
  const bytes = toolCallResponse(call.id, result);
  const mid = Buffer.from(counters(quota));
  const end = Buffer.from(idEnd(call.id));
  const at = bytes.indexOf(mid);
  const afterEnd = bytes.length - end.length;
  if (
    result.isError === undefined &&
    at >= 0 &&
    bytes.lastIndexOf(mid) === at &&
    bytes.subarray(afterEnd).equals(end)
  )
    bodies.putCall(callKey(call), bytes.subarray(0, at), bytes.subarray(at + mid.length, afterEnd));
  return [bytes];
}
