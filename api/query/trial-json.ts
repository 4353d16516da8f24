/**
 * A trial's list and detail JSON, serialised once per snapshot, with the byte spans a ZIP
 * search splices from: each site's location object inside the detail JSON and the
 * `locations_sample` array inside the list JSON. The list JSON is the detail JSON's head
 * (the detail object starts with the list's fields), so it is copied, not serialised
 * again.
 */
import type { DetailTrial } from '../present.js';
import { LOCATIONS_SAMPLE_SIZE } from '../present.js';

export interface TrialJson {
  list: Buffer;
  detail: Buffer;
  /** Byte offset of each location object (record order) inside `detail`, and its end. */
  siteStart: Int32Array;
  siteEnd: Int32Array;
  /** Byte span of the `locations_sample` array, brackets included, inside `list`. */
  sampleStart: number;
  sampleEnd: number;
}

/**
 * Many small Buffers carved from a few large slabs: ~29,000 JSON bodies in a handful of
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
export function buildTrialJson(detail: DetailTrial, arena: ByteArena): TrialJson {
  const text = JSON.stringify(detail);
  const out = arena.alloc(Buffer.byteLength(text));
  out.write(text, 0);
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
  let at = locationsKey + LOCATIONS_KEY.length;
  for (let i = 0; i < count; i++) {
    if (i > 0 && out[at++] !== 0x2c) fail(`location ${i}`);
    if (out.indexOf(LOCATION_OPEN, at) !== at) fail(`location ${i}`);
    const last = out.indexOf(LAST_MEMBER, at);
    const close = last < 0 ? -1 : out.indexOf(0x7d, last);
    if (close < 0) fail(`location ${i}`);
    siteStart[i] = at;
    siteEnd[i] = at = close + 1;
  }
  if (out[at] !== 0x5d) fail('end of locations');
  const sampleCount = Math.min(LOCATIONS_SAMPLE_SIZE, count);
  // The sample is the first locations again, serialised the same way.
  const sampleEnd =
    sampleStart + 2 + (sampleCount > 0 ? siteEnd[sampleCount - 1] - siteStart[0] : 0);
  if (out[sampleEnd - 1] !== 0x5d) fail('end of locations_sample');
  const list = arena.alloc(sampleEnd + 1);
  list.set(out.subarray(0, sampleEnd), 0);
  list[sampleEnd] = 0x7d; // }
  return { list, detail: out, siteStart, siteEnd, sampleStart, sampleEnd };
}
