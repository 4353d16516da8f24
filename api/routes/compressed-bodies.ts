/**
 * Compression done once per body: a data response's bytes are a function of the snapshot
 * and the request URL, except its last bytes, the key's quota counters
 * (`"quota_used":N,"quota_limit":N}}`). The part before them is compressed once per
 * snapshot, URL and coding, kept (least recently used first out, bounded in
 * bytes), and each response is that compressed head followed by the counters framed by
 * hand: for gzip, a stored deflate block after the head's sync flush and the gzip trailer
 * (CRC-32 continued over the counters); for br, an uncompressed meta-block after the
 * head's flush, then the last, empty meta-block. The decoded body is byte for byte the
 * one the `compression` middleware would have sent, and a repeated query costs no
 * compression and no search. gzip at 92 KB per list page had cost ~1 ms of CPU per
 * request, 2-3x the request itself (bench/README.md).
 *
 * Negotiation is the middleware's (same Negotiator call and preferences), so a client
 * gets the coding it got before; deflate-only clients, HEAD requests and bodies the
 * middleware would not compress go through the middleware as before. A GET that takes no
 * compression gets the plain head and the counters. Compressed and plain heads are kept
 * in one ring (./plain-ring.ts) with one byte budget, so what the process holds for them is
 * bounded whatever the clients ask (two budgets of 32 MiB had let 14,534 gzip details fill
 * one on top of the other full of plain pages: RSS 603-667 MB under load, bench/README.md),
 * and an eviction frees no Buffer that only a mark-compact could.
 */
import zlib from 'node:zlib';
import type { Request, Response } from 'express';
import Negotiator from 'negotiator';
import { gzipHead } from '../query/gzip-head.js';
import type { QuotaMeta } from '../query/render.js';
import { PlainRing, type Claim, type KeptPlain, type Sending } from './plain-ring.js';

/** The Content-Type of every JSON body. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Bodies below this go uncompressed (the `compression` middleware's threshold too). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Brotli quality 5 with a 1 MB window: 10.6 KB for a 92 KB list page against gzip's (level
 * 6) 11.3 KB, for about gzip's CPU (1.1 against 1.0 ms); quality 4 is cheaper (0.8 ms) but
 * larger than gzip (11.8 KB), quality 1 much larger (13.5 KB). Measured on the bench
 * snapshot's pages, 2026-11-27 (bench/README.md, "Compression").
 */
export const BROTLI_PARAMS: Readonly<Record<number, number>> = {
  [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
  [zlib.constants.BROTLI_PARAM_LGWIN]: 20,
};

export type BodyCoding = 'gzip' | 'br';

/** The `compression` middleware's supported and preferred codings, asked the same way. */
const SUPPORTED = ['br', 'gzip', 'deflate', 'identity'];
const PREFERRED = ['br', 'gzip'];

/** The coding the middleware would choose for a GET, when it is one this cache serves. */
export function cachedCoding(req: Request): BodyCoding | null {
  return req.method === 'GET' ? chosenCoding(req) : null;
}

/** The coding the middleware would choose for any request, when it is one this cache serves. */
export function chosenCoding(req: Request): BodyCoding | null {
  if (!req.headers['accept-encoding']) return null;
  const chosen = new Negotiator(req).encoding(SUPPORTED, { preferred: PREFERRED });
  return chosen === 'gzip' || chosen === 'br' ? chosen : null;
}

/** The per-key end of every data body (list, detail, sources). */
export function quotaTail(quota: QuotaMeta): Buffer {
  return Buffer.from(`"quota_used":${quota.quota_used},"quota_limit":${quota.quota_limit}}}`);
}

/** A compressed head and what completing it needs (`bodyEnd`). */
export interface PackedBody {
  coding: BodyCoding;
  /** The compressed head: gzip header and sync-flushed deflate, or flushed brotli. */
  head: Buffer;
  /** CRC-32 and length of the uncompressed head (gzip trailer). */
  crc: number;
  headBytes: number;
  /** Response headers that belong to the body (a list's Link). */
  headers: Record<string, string>;
}

/** What the ring keeps beside a compressed head or an MCP result (a plain head: nothing). */
type HeadInfo =
  | { kind: 'packed'; coding: BodyCoding; crc: number; headBytes: number }
  | { kind: 'call'; split: number }
  | { kind: 'packed call'; coding: BodyCoding; crc: number; headBytes: number; split: number };

function compressHead(coding: BodyCoding, head: Buffer): Buffer {
  if (coding === 'br')
    return zlib.brotliCompressSync(head, {
      params: { ...BROTLI_PARAMS, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: head.length },
      finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
    });
  return gzipHead(head);
}

/**
 * What follows the compressed head to end the stream with `tail` (1 to 65,535 bytes) as
 * its last block, and for gzip the trailer. Both heads end byte-aligned after their flush.
 */
export function bodyEnd(entry: PackedBody, tail: Buffer): Buffer {
  const n = tail.length;
  if (n === 0 || n > 65_535) throw new RangeError(`bodyEnd: a tail of ${n} bytes`);
  if (entry.coding === 'br') {
    // Meta-block header, bits from the lowest: ISLAST 0, MNIBBLES 0 (four nibbles),
    // MLEN-1 (16 bits), ISUNCOMPRESSED 1, padding to the byte. Then ISLAST 1, ISLASTEMPTY 1.
    const bits = ((n - 1) << 3) | (1 << 19);
    const end = Buffer.allocUnsafe(3 + n + 1);
    end.set([bits & 0xff, (bits >>> 8) & 0xff, bits >>> 16], 0);
    end.set(tail, 3);
    end[3 + n] = 0x03;
    return end;
  }
  // Stored block: BFINAL 1, BTYPE 00, then LEN and its complement (little-endian).
  const end = Buffer.allocUnsafe(5 + n + 8);
  end.set([1, n & 0xff, n >>> 8, ~n & 0xff, (~n >>> 8) & 0xff], 0);
  end.set(tail, 5);
  end.writeUInt32LE(zlib.crc32(tail, entry.crc), 5 + n);
  end.writeUInt32LE((entry.headBytes + n) >>> 0, 9 + n);
  return end;
}

/**
 * One snapshot's data-body heads by coding and URL: compressed ones, plain ones for
 * clients that take no compression, and MCP results (api/mcp/fast-call.ts: bytes with
 * the counters inside, not at the end, plain or with the part before them compressed),
 * all in one ring (each LoadedSnapshot has its own, dropped with it at a swap). Compressed
 * keys start with their coding, MCP ones with `mcp ` (after the coding when compressed),
 * plain ones with `/` (a URL) or `csv `. A plain hit costs no search and no render: a ZIP
 * page's search and render were ~45% of a zip 100 mi server's busy time (profile of
 * 2026-11-27, bench/README.md).
 */
export class CompressedBodies {
  private readonly ring: PlainRing<HeadInfo>;

  /**
   * @param maxBytes bytes kept, of every kind together (32 MiB: ~300 plain list pages of
   *   95-120 KiB, ~2,700 gzip list pages or ~8,000 gzip details)
   * @param worth uses counted for a plain page's key (PlainRing: admission by frequency)
   */
  constructor(maxBytes = 32 * 2 ** 20, worth?: (key: string) => number | undefined) {
    this.ring = new PlainRing(maxBytes, worth);
  }

  /** Compressed heads and MCP results kept (a count for tests and reports: it walks them). */
  get size(): number {
    return this.ring.count((info) => info !== undefined);
  }

  /** Plain heads kept (a count for tests and reports: it walks them). */
  get plainSize(): number {
    return this.ring.count((info) => info === undefined);
  }

  /** Whether anything is kept under `key` (it moves and holds nothing: see `get`). */
  has(key: string): boolean {
    return this.ring.has(key);
  }

  /** The compressed head kept under `key`, its bytes held until `sending` closes (null: not sent). */
  get(key: string, sending: Sending | null): PackedBody | undefined {
    const kept = this.ring.get(key, sending);
    const info = kept?.info;
    if (info?.kind !== 'packed') return undefined;
    const { coding, crc, headBytes } = info;
    return { coding, head: kept!.head, crc, headBytes, headers: kept!.headers };
  }

  /** Compresses `head` (the body without its tail) and keeps a copy under `key`. */
  put(key: string, coding: BodyCoding, head: Buffer, headers: Record<string, string>): PackedBody {
    const crc = coding === 'gzip' ? zlib.crc32(head) : 0;
    const entry = {
      coding,
      head: compressHead(coding, head),
      crc,
      headBytes: head.length,
      headers,
    };
    this.ring.put(key, entry.head, headers, {
      kind: 'packed',
      coding,
      crc,
      headBytes: head.length,
    });
    return entry;
  }

  /** The body `ref` names, if kept, its bytes held until `sending` closes (null: not sent). */
  getKept(ref: KeptRef, sending: Sending | null): KeptBody | undefined {
    return ref.kind === 'gzip' || ref.kind === 'br'
      ? this.get(ref.key, sending)
      : this.getPlain(ref.key, sending);
  }

  /** The plain head kept under `key`, its bytes held until `sending` closes (null: not sent). */
  getPlain(key: string, sending: Sending | null): KeptPlain | undefined {
    const kept = this.ring.get(key, sending);
    return kept && kept.info === undefined ? { head: kept.head, headers: kept.headers } : undefined;
  }

  /** Keeps a copy of `head` (the body without its tail) under `key`, unless it exceeds the budget. */
  putPlain(key: string, head: Buffer, headers: Record<string, string>): void {
    this.ring.put(key, head, headers);
  }

  /**
   * Room in the ring for a plain body of `n` bytes written in place (PlainRing.claim);
   * given its `key`, only if admitted over what it would write over.
   */
  claimPlain(n: number, key?: string): Claim | null {
    return this.ring.claim(n, key);
  }

  /**
   * Keeps the first `headBytes` of the body written into `claim` under `key`, held for
   * `sending` until it closes (PlainRing.keep); false when nothing was kept.
   */
  keepPlain(
    key: string,
    claim: Claim,
    headBytes: number,
    headers: Record<string, string>,
    sending: Sending,
  ): boolean {
    return this.ring.keep(key, claim, headBytes, headers, sending);
  }

  /** A kept MCP result: its bytes before the counters (`head`) and after them (`after`). */
  getCall(key: string, sending: Sending | null): { head: Buffer; after: Buffer } | undefined {
    const kept = this.ring.get(key, sending);
    const info = kept?.info;
    if (info?.kind !== 'call') return undefined;
    return { head: kept!.head.subarray(0, info.split), after: kept!.head.subarray(info.split) };
  }

  /** Keeps a copy of an MCP result's bytes before and after its counters under `key`. */
  putCall(key: string, head: Buffer, after: Buffer): void {
    this.ring.put(key, Buffer.concat([head, after]), {}, { kind: 'call', split: head.length });
  }

  /** A kept compressed MCP result: its compressed head (`entry`) and the bytes after its counters. */
  getPackedCall(
    key: string,
    sending: Sending | null,
  ): { entry: PackedBody; after: Buffer } | undefined {
    const kept = this.ring.get(key, sending);
    const info = kept?.info;
    if (info?.kind !== 'packed call') return undefined;
    const { coding, crc, headBytes, split } = info;
    const head = kept!.head.subarray(0, split);
    return {
      entry: { coding, head, crc, headBytes, headers: {} },
      after: kept!.head.subarray(split),
    };
  }

  /**
   * Compresses an MCP result's bytes before its counters (`head`) and keeps them with the
   * bytes after the counters under `key`: a response is the compressed head and its end
   * (`bodyEnd`) holding the counters, `after` and the id.
   */
  putPackedCall(key: string, coding: BodyCoding, head: Buffer, after: Buffer): PackedBody {
    const crc = coding === 'gzip' ? zlib.crc32(head) : 0;
    const packed = compressHead(coding, head);
    const info = { kind: 'packed call' as const, coding, crc, headBytes: head.length };
    this.ring.put(key, Buffer.concat([packed, after]), {}, { ...info, split: packed.length });
    return { coding, head: packed, crc, headBytes: head.length, headers: {} };
  }
}

/** A data body and the headers that go with it, rendered for one key's quota. */
export interface RenderedBody {
  body: Buffer;
  headers?: Record<string, string>;
}

/**
 * Where a renderer that sizes its body first gets the bytes to write it into: given to
 * `render` on a plain miss, so the body is written straight into the ring that keeps it.
 * A renderer that transforms the body afterwards should not take it (the room would be
 * wasted).
 */
export type BodyAlloc = (bytes: number) => Buffer;

function sendJson(res: Response, body: Buffer, headers: Record<string, string> | undefined): void {
  if (headers) res.set(headers);
  res.set('Content-Type', JSON_CONTENT_TYPE).send(body);
}

/**
 * How a kept body is sent: compressed in a coding with the counters framed after it,
 * plain JSON with the counters after it, or a CSV export as kept (CSV has no counters).
 */
export type KeptKind = BodyCoding | 'plain' | 'csv';

/** Where the body that answers a request is kept in the ring, and how it is sent. */
export interface KeptRef {
  key: string;
  kind: KeptKind;
}

/**
 * What a data route sends for a URL: JSON ending with the counters, or a CSV export asked
 * for by the URL (`format=csv`) or chosen by Accept. CSV bodies are kept under a key saying
 * which, so a request without Accept knows which one it would be sent (./kept-hits.ts).
 */
export type KeptFormat = 'json' | 'csv' | 'csv accept';

/**
 * The kept body that answers a request for `format`, whether or not it is kept yet: the
 * coding the `compression` middleware would choose (gzip or br), else plain JSON for a GET
 * that takes no compression, else null (deflate-only clients, HEAD: rendered each time).
 * A CSV export is one body whatever the client takes (the middleware compresses it per
 * response). The one rule for the chain (`sendDataBody`, the CSV export) and the kept-hit
 * path before it (./kept-hits.ts).
 */
export function keptBodyFor(req: Request, format: KeptFormat = 'json'): KeptRef | null {
  const url = req.originalUrl;
  if (format !== 'json') return { key: `${format} ${url}`, kind: 'csv' };
  const coding = cachedCoding(req);
  if (coding) return { key: `${coding} ${url}`, kind: coding };
  return takesPlain(req) ? { key: url, kind: 'plain' } : null;
}

/** A kept body: a compressed head (`PackedBody`) or a plain JSON head or CSV export. */
export type KeptBody = PackedBody | KeptPlain;

/**
 * A kept body's response after the route's validators: the header lines in the order the
 * chain sets them (Content-Encoding, the body's own, Content-Type, Content-Length) and the
 * bytes that follow the head (the counters, framed for its coding; null for CSV).
 */
export function keptResponse(
  kept: KeptBody,
  kind: KeptKind,
  quota: QuotaMeta,
): { lines: [string, string][]; end: Buffer | null } {
  const packed = kind === 'gzip' || kind === 'br' ? (kept as PackedBody) : null;
  const lines: [string, string][] = packed ? [['Content-Encoding', packed.coding]] : [];
  lines.push(...Object.entries(kept.headers));
  const end = kind === 'csv' ? null : packed ? bodyEnd(packed, quotaTail(quota)) : quotaTail(quota);
  // A CSV body's Content-Type is among its own headers.
  if (kind !== 'csv') lines.push(['Content-Type', JSON_CONTENT_TYPE]);
  lines.push(['Content-Length', String(kept.head.length + (end?.length ?? 0))]);
  return { lines, end };
}

/**
 * Sends a kept body as `keptResponse` frames it, head and end without joining them (the
 * routes have answered conditional requests and set the validators before; ETags are the
 * routes', not Express's), with no per-response copy of the head. The two writes go out in
 * one `writev` (the socket is corked until the response ends).
 */
export function sendKept(res: Response, kept: KeptBody, kind: KeptKind, quota: QuotaMeta): void {
  const { lines, end } = keptResponse(kept, kind, quota);
  for (const [name, value] of lines) res.setHeader(name, value);
  endKept(res, kept, end);
}

/** Ends a response whose headers are set with a kept head and its end, in one `writev`. */
export function endKept(res: Response, kept: KeptBody, end: Buffer | null): void {
  if (end) {
    res.write(kept.head);
    res.end(end);
  } else res.end(kept.head);
}

/**
 * Sends a data body, kept once per snapshot and URL: compressed when the client takes
 * gzip or br, plain when it takes no compression (a GET without Accept-Encoding or with
 * only identity); `render` runs only on a miss (or for what neither serves: HEAD,
 * deflate-only clients). The body must end with `quotaTail(quota)`, and apart from it
 * depend only on the snapshot and the URL. `keepPlain: false` for a body that costs less to
 * render than to keep (a detail is its prebuilt JSON and the counters). `packed`: the body's
 * head stored compressed elsewhere (a detail's, query/trial-json.ts), sent to a client of
 * its coding instead of anything kept or rendered.
 */
export function sendDataBody(
  req: Request,
  res: Response,
  bodies: CompressedBodies,
  quota: QuotaMeta,
  render: (alloc?: BodyAlloc) => RenderedBody,
  { keepPlain = true, packed }: { keepPlain?: boolean; packed?: PackedBody } = {},
): void {
  const ref = keptBodyFor(req);
  if (!ref) {
    const { body, headers } = render();
    sendJson(res, body, headers);
    return;
  }
  const kept = packed?.coding === ref.kind ? packed : bodies.getKept(ref, res);
  if (kept) sendKept(res, kept, ref.kind, quota);
  else if (ref.kind === 'plain' && keepPlain) sendPlain(ref.key, res, bodies, quota, render);
  else {
    const rendered = render();
    const fresh = renderedKept(ref, bodies, quota, rendered, keepPlain);
    if (fresh) sendKept(res, fresh, ref.kind, quota);
    else sendJson(res, rendered.body, rendered.headers);
  }
}

/**
 * A body rendered on a miss of `ref`, as a kept body to send: compressed once and kept
 * (gzip, br), or as rendered for a plain body not worth keeping (`keepPlain: false`: a
 * detail is its prebuilt JSON and the counters). Undefined when it is not one to keep (a
 * small body is the `compression` middleware's to judge; a body without the counters at its
 * end is sent as it is). Sent by the chain (`sendDataBody`) and the kept-hit path alike.
 */
export function renderedKept(
  ref: KeptRef,
  bodies: CompressedBodies,
  quota: QuotaMeta,
  { body, headers = {} }: RenderedBody,
  keepPlain: boolean,
): KeptBody | undefined {
  const tail = quotaTail(quota);
  const headBytes = body.length - tail.length;
  if (headBytes < 0 || !body.subarray(headBytes).equals(tail)) return undefined;
  if (ref.kind === 'plain' && !keepPlain) return { head: body.subarray(0, headBytes), headers };
  if (ref.kind !== 'gzip' && ref.kind !== 'br') return undefined;
  if (headBytes < COMPRESSION_THRESHOLD_BYTES) return undefined;
  return bodies.put(ref.key, ref.kind, body.subarray(0, headBytes), headers);
}

/** A GET the `compression` middleware would answer uncompressed whatever the body's size. */
export function takesPlain(req: Request): boolean {
  return req.method === 'GET' && acceptsPlain(req);
}

/** A request whose Accept-Encoding the `compression` middleware answers uncompressed. */
export function acceptsPlain(req: Request): boolean {
  if (!req.headers['accept-encoding']) return true;
  return new Negotiator(req).encoding(SUPPORTED, { preferred: PREFERRED }) === 'identity';
}

/** A plain body's miss: rendered into room claimed in the ring, kept there and sent. */
function sendPlain(
  key: string,
  res: Response,
  bodies: CompressedBodies,
  quota: QuotaMeta,
  render: (alloc?: BodyAlloc) => RenderedBody,
): void {
  const tail = quotaTail(quota);
  // A miss renders into room claimed in the ring (no Buffer of ~100 KiB allocated and
  // copied into the ring per miss) and is sent from there, held until the response closes.
  let claim = null as Claim | null;
  const rendered = render((n) => (claim = bodies.claimPlain(n))?.bytes ?? Buffer.allocUnsafe(n));
  const { headers = {} } = rendered;
  let { body } = rendered;
  const headBytes = body.length - tail.length;
  const keepable = headBytes > 0 && body.subarray(headBytes).equals(tail);
  if (keepable) body = keepRendered(bodies, key, claim, body, headBytes, headers, res);
  // Unkept room in the ring is written over by the next claim: send a copy.
  else if (claim?.bytes === body) body = Buffer.from(body);
  sendJson(res, body, headers);
}

/**
 * A plain body rendered on a miss (its first `headBytes` the head) kept under `key`: in the
 * room `claim` took in the ring, held for `sending`, or as a copy when it was rendered
 * elsewhere. Returns the bytes to send: the rendered ones, or a copy when the claimed room
 * was claimed over since (the next claim writes over it). The chain's miss (`sendPlain`) and
 * a page rendered from its recipe (./list-recipes.ts) keep alike.
 */
export function keepRendered(
  bodies: CompressedBodies,
  key: string,
  claim: Claim | null,
  body: Buffer,
  headBytes: number,
  headers: Record<string, string>,
  sending: Sending,
): Buffer {
  if (claim?.bytes !== body) {
    bodies.putPlain(key, body.subarray(0, headBytes), headers);
    return body;
  }
  return bodies.keepPlain(key, claim, headBytes, headers, sending) ? body : Buffer.from(body);
}
