/**
 * A trial's list and detail JSON, serialised once per snapshot, with the byte spans a ZIP
 * search splices from: each site's location object and the `locations_sample` array inside
 * the list JSON. The list JSON is the detail JSON's head (the detail object starts with the
 * list's fields), so it is copied, not serialised again.
 *
 * The detail is kept only compressed, as the gzip head of its response body
 * (`{"data":<detail>,"meta":{`, ./gzip-head.ts): a gzip client is sent it as it is, any
 * other client gets it inflated (~20-45 µs). Held plain, the details were 159.5 of the
 * serving index's ~210 MB of bodies at full scale; compressed they are ~40 MB, and the
 * location objects a ZIP page copies (~82 MB, most of a detail's bytes) are kept plain
 * beside them (bench/README.md, "Details kept compressed").
 */
import zlib from 'node:zlib';
import { gunzipHead } from './gzip-head.js';
import type { DetailTrial } from '../present.js';
import { LOCATIONS_SAMPLE_SIZE } from '../present.js';

/** A detail response body before its per-key counters: DETAIL_OPEN, the detail JSON, DETAIL_META_OPEN. */
export const DETAIL_OPEN = Buffer.from('{"data":');
export const DETAIL_META_OPEN = Buffer.from(',"meta":{');

/** A trial's bodies and spans, but for its detail's compressed form. */
export interface TrialJsonParts {
  list: Buffer;
  /** CRC-32 and length of the detail body's head uncompressed (the gzip trailer's, and to size it). */
  detailCrc: number;
  detailBytes: number;
  /** The detail's location objects, comma-separated, as inside its `locations` array. */
  locations: Buffer;
  /** Byte offset of each location object (record order) inside `locations`, and its end. */
  siteStart: Int32Array;
  siteEnd: Int32Array;
  /** Byte span of the `locations_sample` array, brackets included, inside `list`. */
  sampleStart: number;
  sampleEnd: number;
}

export interface TrialJson extends TrialJsonParts {
  /** The detail body's head (DETAIL_OPEN + detail JSON + DETAIL_META_OPEN) as gzipHead packs it. */
  detailGzip: Buffer;
}

/** What buildTrialJson renders: the detail body's head plain, for a DetailPacker to pack. */
export interface BuiltTrialJson extends TrialJsonParts {
  /** DETAIL_OPEN + detail JSON + DETAIL_META_OPEN. */
  detailHead: Buffer;
}

/**
 * zlib level of the stored details. Every detail is compressed once per full build (14,534
 * at full scale, on the publish's critical path): level 3 took 1.24-1.30 s CPU for 40.3 MB,
 * level 6 1.76-1.88 s for 38.3 MB (5% smaller), with the same inflate cost (scratch loop over
 * the bench snapshot's details, bench/README.md "Full build, 2026-11-28"). Packed by
 * ./detail-packer.ts.
 */
export const DETAIL_GZIP_LEVEL = 3;

/** What the index keeps of each trial's detail (TrialIndex's fields of the same names). */
export interface PackedDetails {
  detailGzip: Buffer[];
  detailCrc: Uint32Array;
  detailBytes: Int32Array;
}

/** The detail body's head of `rank`, inflated: DETAIL_OPEN + detail JSON + DETAIL_META_OPEN. */
export function detailHead(details: PackedDetails, rank: number): Buffer {
  return gunzipHead(details.detailGzip[rank], details.detailBytes[rank]);
}

/** The detail JSON of `rank`, inflated. */
export function detailJsonOf(details: PackedDetails, rank: number): Buffer {
  const head = detailHead(details, rank);
  return head.subarray(DETAIL_OPEN.length, head.length - DETAIL_META_OPEN.length);
}

/**
 * Many small Buffers carved from a few large slabs: ~44,000 bodies in a handful of
 * allocations instead of one malloc block each, so the serving process's native heap is
 * not left fragmented by the garbage of the build between them.
 */
export class ByteArena {
  private slab: Buffer = Buffer.alloc(0);
  private used = 0;

  constructor(private readonly slabBytes = 8 * 2 ** 20) {}

  alloc(bytes: number): Buffer {
    if (bytes > this.slabBytes / 4) return Buffer.allocUnsafeSlow(bytes);
    if (this.used + bytes > this.slab.length) {
      this.slab = Buffer.allocUnsafeSlow(this.slabBytes);
      this.used = 0;
    }
    const out = this.slab.subarray(this.used, this.used + bytes);
    this.used += bytes;
    return out;
  }
}

const SAMPLE_KEY = Buffer.from('"locations_sample":[');
const LOCATIONS_KEY = Buffer.from('"locations":[');
const LOCATION_OPEN = Buffer.from('{"facility":');
const LAST_MEMBER = Buffer.from('"geo_precision":');

/**
 * Serialised in one JSON.stringify call; the spans are then found in the bytes. Searching
 * bytes for ASCII keys is exact in UTF-8 (no byte of a multi-byte character is ASCII), and
 * a key's text only occurs as a key (inside a string value its quotes are escaped). A
 * location object opens with `{"facility":` and ends at the brace after its last member,
 * `geo_precision`, whose values are a vocabulary; each span is checked against its
 * neighbours, so a change of the location's shape fails the build instead of the bodies.
 */
export function buildTrialJson(detail: DetailTrial, arena: ByteArena): BuiltTrialJson {
  const text = JSON.stringify(detail);
  const head = Buffer.allocUnsafe(
    DETAIL_OPEN.length + Buffer.byteLength(text) + DETAIL_META_OPEN.length,
  );
  head.set(DETAIL_OPEN, 0);
  const written = head.write(text, DETAIL_OPEN.length);
  head.set(DETAIL_META_OPEN, DETAIL_OPEN.length + written);
  const out = head.subarray(DETAIL_OPEN.length, DETAIL_OPEN.length + written);
  const fail = (what: string): never => {
    throw new Error(`trial ${detail.nct_id}: ${what} not where expected in its JSON`);
  };
  const sampleKey = out.indexOf(SAMPLE_KEY);
  if (sampleKey < 0) fail('locations_sample');
  const sampleStart = sampleKey + SAMPLE_KEY.length - 1;
  const locationsKey = out.indexOf(LOCATIONS_KEY, sampleStart);
  if (locationsKey < 0) fail('locations');
  const count = detail.locations.length;
  const siteStart = new Int32Array(count);
  const siteEnd = new Int32Array(count);
  const first = locationsKey + LOCATIONS_KEY.length;
  let at = first;
  for (let i = 0; i < count; i++) {
    if (i > 0 && out[at++] !== 0x2c) fail(`location ${i}`);
    if (out.indexOf(LOCATION_OPEN, at) !== at) fail(`location ${i}`);
    const last = out.indexOf(LAST_MEMBER, at);
    const close = last < 0 ? -1 : out.indexOf(0x7d, last);
    if (close < 0) fail(`location ${i}`);
    siteStart[i] = at - first;
    siteEnd[i] = (at = close + 1) - first;
  }
  if (out[at] !== 0x5d) fail('end of locations');
  const sampleCount = Math.min(LOCATIONS_SAMPLE_SIZE, count);
  // The sample is the first locations again, serialised the same way.
  const sampleEnd = sampleStart + 2 + (sampleCount > 0 ? siteEnd[sampleCount - 1] : 0);
  if (out[sampleEnd - 1] !== 0x5d) fail('end of locations_sample');
  const list = arena.alloc(sampleEnd + 1);
  list.set(out.subarray(0, sampleEnd), 0);
  list[sampleEnd] = 0x7d; // }
  const locations = arena.alloc(at - first);
  locations.set(out.subarray(first, at), 0);
  return {
    list,
    detailHead: head,
    detailCrc: zlib.crc32(head),
    detailBytes: head.length,
    locations,
    siteStart,
    siteEnd,
    sampleStart,
    sampleEnd,
  };
}
