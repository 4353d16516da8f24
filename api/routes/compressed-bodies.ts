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
 * compression gets the plain head, kept in a ring (./plain-ring.ts), and the counters.
 */
import zlib from 'node:zlib';
import type { Request, Response } from 'express';
import Negotiator from 'negotiator';
import type { QuotaMeta } from '../query/render.js';
import { PlainRing, type KeptPlain, type Sending } from './plain-ring.js';

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

/** The coding the middleware would choose, when it is one this cache serves. */
export function cachedCoding(req: Request): BodyCoding | null {
  if (req.method !== 'GET' || !req.headers['accept-encoding']) return null;
  const chosen = new Negotiator(req).encoding(SUPPORTED, { preferred: PREFERRED });
  return chosen === 'gzip' || chosen === 'br' ? chosen : null;
}

/** The per-key end of every data body (list, detail, sources). */
export function quotaTail(quota: QuotaMeta): Buffer {
  return Buffer.from(`"quota_used":${quota.quota_used},"quota_limit":${quota.quota_limit}}}`);
}

interface Entry {
  coding: BodyCoding | 'identity';
  /** The compressed head (gzip header and sync-flushed deflate, or flushed brotli), or the plain head. */
  head: Buffer;
  /** Plain bytes after the counters, where the body goes on past them (a kept MCP result). */
  after?: Buffer;
  /** CRC-32 and length of the uncompressed head (gzip trailer). */
  crc: number;
  headBytes: number;
  /** Response headers that belong to the body (a list's Link). */
  headers: Record<string, string>;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

/**
 * The head compressed, in a memory block of its own: zlib's sync result is a slice of its
 * 16 KiB output chunk, and a joined buffer under 4 KiB a slice of Node's shared pool, either
 * of which a kept ~4 KiB detail would hold whole.
 */
function compressHead(coding: BodyCoding, head: Buffer): Buffer {
  if (coding === 'br') {
    const packed = zlib.brotliCompressSync(head, {
      params: { ...BROTLI_PARAMS, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: head.length },
      finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
    });
    return ownCopy(packed);
  }
  const deflated = zlib.deflateRawSync(head, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
  const out = Buffer.allocUnsafeSlow(GZIP_HEADER.length + deflated.length);
  out.set(GZIP_HEADER, 0);
  out.set(deflated, GZIP_HEADER.length);
  return out;
}

/** `bytes`, or a copy of them when they are a slice of a larger block that keeping them would hold. */
function ownCopy(bytes: Buffer): Buffer {
  if (bytes.buffer.byteLength <= bytes.length + 64) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  own.set(bytes, 0);
  return own;
}

/**
 * What follows the compressed head to end the stream with `tail` (1 to 65,535 bytes) as
 * its last block, and for gzip the trailer. Both heads end byte-aligned after their flush.
 */
export function bodyEnd(entry: Entry, tail: Buffer): Buffer {
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

/** What an entry holds: its key and its bytes. */
function entryBytes(key: string, entry: Entry): number {
  return key.length + entry.head.length + (entry.after?.length ?? 0);
}

/** Entries by key, least recently used evicted first, bounded in the bytes of their keys and bodies. */
class LruHeads {
  readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(readonly maxBytes: number) {}

  get(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // Map order is insertion order: re-inserting marks it the most recently used.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  put(key: string, entry: Entry): Entry {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= entryBytes(key, old);
    }
    this.entries.set(key, entry);
    this.bytes += entryBytes(key, entry);
    for (const [oldKey, oldEntry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldKey);
      this.bytes -= entryBytes(oldKey, oldEntry);
    }
    return entry;
  }
}

/**
 * One snapshot's data-body heads by coding and URL: compressed ones, and plain ones for
 * clients that take no compression (each LoadedSnapshot has its own, dropped with it at a
 * swap). A plain hit costs no search and no render: a ZIP page's search and render were
 * ~45% of a zip 100 mi server's busy time (profile of 2026-11-27, bench/README.md). The
 * plain heads live in one ring (./plain-ring.ts), so a miss that evicts one frees nothing
 * that only a mark-compact could. Kept MCP results (api/mcp/fast-call.ts: plain bytes with
 * the counters inside, not at the end) share the compressed heads' LRU and budget.
 */
export class CompressedBodies {
  private readonly packed: LruHeads;
  private readonly plain: PlainRing;

  /**
   * @param maxBytes compressed heads and MCP results kept (32 MiB: ~2,700 gzip list pages,
   *   ~8,000 gzip details or ~1,400 MCP results of 10 trials)
   * @param plainMaxBytes plain bytes kept (32 MiB: ~300 list pages of 95-120 KiB)
   */
  constructor(maxBytes = 32 * 2 ** 20, plainMaxBytes = 32 * 2 ** 20) {
    this.packed = new LruHeads(maxBytes);
    this.plain = new PlainRing(plainMaxBytes);
  }

  /** Compressed heads and MCP results kept. */
  get size(): number {
    return this.packed.entries.size;
  }

  /** Plain heads kept. */
  get plainSize(): number {
    return this.plain.size;
  }

  get(key: string): Entry | undefined {
    return this.packed.get(key);
  }

  /** Compresses `head` (the body without its tail) and keeps it under `key`. */
  put(key: string, coding: BodyCoding, head: Buffer, headers: Record<string, string>): Entry {
    return this.packed.put(key, {
      coding,
      head: compressHead(coding, head),
      crc: coding === 'gzip' ? zlib.crc32(head) : 0,
      headBytes: head.length,
      headers,
    });
  }

  /** The plain head kept under `key`, its bytes held until `sending` closes (null: not sent). */
  getPlain(key: string, sending: Sending | null): KeptPlain | undefined {
    return this.plain.get(key, sending);
  }

  /** Keeps a copy of `head` (the body without its tail) under `key`, unless it exceeds the budget. */
  putPlain(key: string, head: Buffer, headers: Record<string, string>): void {
    this.plain.put(key, head, headers);
  }

  /** A kept MCP result: its bytes before the counters (`head`) and after them (`after`). */
  getCall(key: string): { head: Buffer; after: Buffer } | undefined {
    const entry = this.packed.get(key);
    return entry?.after && { head: entry.head, after: entry.after };
  }

  /** Keeps copies of an MCP result's bytes before and after its counters under `key`. */
  putCall(key: string, head: Buffer, after: Buffer): void {
    if (head.length + after.length > this.packed.maxBytes) return;
    this.packed.put(key, {
      coding: 'identity',
      head: ownCopy(head),
      after: ownCopy(after),
      crc: 0,
      headBytes: head.length,
      headers: {},
    });
  }
}

/** A data body and the headers that go with it, rendered for one key's quota. */
export interface RenderedBody {
  body: Buffer;
  headers?: Record<string, string>;
}

function sendJson(res: Response, body: Buffer, headers: Record<string, string> | undefined): void {
  if (headers) res.set(headers);
  res.set('Content-Type', 'application/json; charset=utf-8').send(body);
}

/**
 * A kept head and its end as one body without joining them: what `res.send` would have
 * sent (the routes have answered conditional requests and set the validators before; ETags
 * are the routes', not Express's), with no per-response copy of the head. The two writes
 * go out in one `writev` (the socket is corked until the response ends).
 */
function sendHead(res: Response, entry: KeptPlain, end: Buffer): void {
  res.set(entry.headers);
  res.set('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', entry.head.length + end.length);
  res.write(entry.head);
  res.end(end);
}

/**
 * Sends a data body, kept once per snapshot and URL: compressed when the client takes
 * gzip or br, plain when it takes no compression (a GET without Accept-Encoding or with
 * only identity); `render` runs only on a miss (or for what neither serves: HEAD,
 * deflate-only clients). The body must end with `quotaTail(quota)`, and apart from it
 * depend only on the snapshot and the URL. `keepPlain: false` for a body that costs less to
 * render than to keep (a detail is its prebuilt JSON and the counters).
 */
export function sendDataBody(
  req: Request,
  res: Response,
  bodies: CompressedBodies,
  quota: QuotaMeta,
  render: () => RenderedBody,
  { keepPlain = true }: { keepPlain?: boolean } = {},
): void {
  const coding = cachedCoding(req);
  if (!coding) {
    if (keepPlain && takesPlain(req)) sendPlain(req, res, bodies, quota, render);
    else {
      const { body, headers } = render();
      sendJson(res, body, headers);
    }
    return;
  }
  const tail = quotaTail(quota);
  const key = `${coding} ${req.originalUrl}`;
  let entry = bodies.get(key);
  if (!entry) {
    const { body, headers = {} } = render();
    const headBytes = body.length - tail.length;
    // Small bodies are the middleware's to judge (as before); a body without the tail is not cached.
    if (headBytes < COMPRESSION_THRESHOLD_BYTES || !body.subarray(headBytes).equals(tail)) {
      sendJson(res, body, headers);
      return;
    }
    entry = bodies.put(key, coding, body.subarray(0, headBytes), headers);
  }
  res.set('Content-Encoding', coding);
  sendHead(res, entry, bodyEnd(entry, tail));
}

/** A GET the `compression` middleware would answer uncompressed whatever the body's size. */
function takesPlain(req: Request): boolean {
  if (req.method !== 'GET') return false;
  if (!req.headers['accept-encoding']) return true;
  return new Negotiator(req).encoding(SUPPORTED, { preferred: PREFERRED }) === 'identity';
}

function sendPlain(
  req: Request,
  res: Response,
  bodies: CompressedBodies,
  quota: QuotaMeta,
  render: () => RenderedBody,
): void {
  const tail = quotaTail(quota);
  const key = req.originalUrl;
  const entry = bodies.getPlain(key, res);
  if (entry) {
    sendHead(res, entry, tail);
    return;
  }
  const { body, headers = {} } = render();
  const headBytes = body.length - tail.length;
  if (headBytes > 0 && body.subarray(headBytes).equals(tail))
    bodies.putPlain(key, body.subarray(0, headBytes), headers);
  sendJson(res, body, headers);
}
