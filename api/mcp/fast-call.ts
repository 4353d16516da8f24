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
 * the busy time, bench/README.md). For a client taking gzip or br (Node's fetch, and so the
 * SDK's HTTP client, asks for gzip), the bytes before the counters are also kept compressed
 * once, as a REST body's head is, and the counters, the rest and the id follow as the
 * stream's last, stored block (`bodyEnd`): the `compression` middleware had deflated every
 * such response (0.81-0.98 ms of server CPU per call against 0.27 kept, bench/README.md).
 */
import {
  SUPPORTED_PROTOCOL_VERSIONS,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { Request } from 'express';
import type { QuotaMeta } from '../query/render.js';
import {
  bodyEnd,
  COMPRESSION_THRESHOLD_BYTES,
  type BodyCoding,
  type CompressedBodies,
} from '../routes/compressed-bodies.js';
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

/** Where a call's result is kept for `coding` (null: plain). */
export const codedCallKey = (call: SingleToolCall, coding: BodyCoding | null): string =>
  coding ? `${coding} ${callKey(call)}` : callKey(call);

/**
 * A tools/call response: its bytes in pieces written without joining them, and their
 * coding (null: plain, left to the `compression` middleware as any other response).
 */
export interface CallResponse {
  parts: Buffer[];
  coding: BodyCoding | null;
}

/** What follows the result's bytes before its counters: the counters, the rest and the id. */
const tailOf = (after: Buffer, quota: QuotaMeta, id: string | number): Buffer =>
  Buffer.concat([Buffer.from(counters(quota)), after, Buffer.from(idEnd(id))]);

/**
 * A compressed result ends with its counters, the bytes after them and the id framed as
 * the compressed stream's last block (`bodyEnd`, at most 65,535 bytes): kept only when the
 * `compression` middleware would have compressed the whole and the rest fits.
 */
const MAX_AFTER_BYTES = 60_000;

/**
 * The response to `call` from the bytes kept for the same tool and arguments in `coding`,
 * the key's counters and the call's id written in; held until `sending` closes. Undefined
 * when none are kept.
 */
export function keptCallParts(
  bodies: CompressedBodies,
  call: SingleToolCall,
  quota: QuotaMeta,
  coding: BodyCoding | null,
  sending: Sending,
): CallResponse | undefined {
  if (coding) {
    const packed = bodies.getPackedCall(codedCallKey(call, coding), sending);
    if (!packed) return undefined;
    const end = bodyEnd(packed.entry, tailOf(packed.after, quota, call.id));
    return { parts: [packed.entry.head, end], coding };
  }
  const kept = bodies.getCall(callKey(call), sending);
  if (!kept) return undefined;
  const parts = [kept.head, Buffer.from(counters(quota)), kept.after, Buffer.from(idEnd(call.id))];
  return { parts, coding: null };
}

/** A result's bytes before and after its counters, when it is one to keep. */
function splitResult(
  result: CallToolResult,
  bytes: Buffer,
  call: SingleToolCall,
  quota: QuotaMeta,
): { head: Buffer; after: Buffer } | null {
  if (result.isError !== undefined) return null;
  const mid = Buffer.from(counters(quota));
  const end = Buffer.from(idEnd(call.id));
  const at = bytes.indexOf(mid);
  const afterEnd = bytes.length - end.length;
  if (at < 0 || bytes.lastIndexOf(mid) !== at || !bytes.subarray(afterEnd).equals(end)) return null;
  return { head: bytes.subarray(0, at), after: bytes.subarray(at + mid.length, afterEnd) };
}

/**
 * The response to `call` as `toolCallResponse` writes it, in `coding` when the client takes
 * one (null: plain), from the bytes kept for the same tool and arguments on this snapshot
 * when there are some (`run` runs on a miss; null when it does, for a tool the fast path
 * leaves to the SDK); kept bytes are held until `sending` closes. Kept is a result that
 * holds the counters once: a JSON string cannot hold `"quota_used":` (its quotes are
 * escaped), so they are the `meta` members, and nothing else in the result depends on the
 * key. A compressed result is compressed once from the plain one (kept or rendered). Tool
 * errors and results without counters are rendered each time, and compressed, if at all,
 * by the middleware.
 */
export function keptToolCallResponse(
  bodies: CompressedBodies,
  call: SingleToolCall,
  quota: QuotaMeta,
  coding: BodyCoding | null,
  sending: Sending,
  run: () => CallToolResult | null,
): CallResponse | null {
  const kept = keptCallParts(bodies, call, quota, coding, sending);
  if (kept) return kept;
  let split = coding ? bodies.getCall(callKey(call), sending) : undefined;
  if (!split) {
    const result = run();
    if (!result) return null;
    const bytes = toolCallResponse(call.id, result);
    split = splitResult(result, bytes, call, quota) ?? undefined;
    if (split) bodies.putCall(callKey(call), split.head, split.after);
    if (!split || !coding) return { parts: [bytes], coding: null };
  }
  const tail = tailOf(split.after, quota, call.id);
  if (
    split.after.length > MAX_AFTER_BYTES ||
    split.head.length + tail.length < COMPRESSION_THRESHOLD_BYTES
  )
    return { parts: [split.head, tail], coding: null };
  const entry = bodies.putPackedCall(codedCallKey(call, coding!), coding!, split.head, split.after);
  return { parts: [entry.head, bodyEnd(entry, tail)], coding };
}
