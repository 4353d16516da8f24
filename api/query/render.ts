/**
 * Response bodies assembled from the per-trial JSON prepared at index time; only the
 * envelope's numbers and a ZIP search's distance are serialised per request. A list body
 * is sized first and then written into one buffer: no intermediate buffers per trial.
 */
import { LOCATIONS_SAMPLE_SIZE } from '../present.js';
import { nearestSample } from './nearest-sample.js';
import type { TrialIndex } from './trial-index.js';
import type { PageSamples, SearchResult } from './search.js';

export interface QuotaMeta {
  quota_used: number;
  quota_limit: number;
}

/** URLs of the neighbouring pages (path and query, percent-encoded, so ASCII). */
export interface PageLinks {
  next: string | null;
  prev: string | null;
}

/** The next and previous page of `limit` from `offset` among `total`, as URLs from `urlFor(offset)`. */
export function pageLinks(
  total: number,
  limit: number,
  offset: number,
  urlFor: (offset: number) => string,
): PageLinks {
  return {
    next: offset + limit < total ? urlFor(offset + limit) : null,
    // From past the end, "previous" is the last full page rather than another empty one.
    prev: offset > 0 ? urlFor(Math.max(0, Math.min(offset, total) - limit)) : null,
  };
}

const DATA_OPEN = Buffer.from('{"data":');
const LIST_OPEN = Buffer.from('{"data":[');
const COMMA = 0x2c;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const NEAREST_SITE = Buffer.from(',"nearest_site":');

/** A list page's place in its results: renderTrialList's `page`. */
export interface ListPage {
  limit: number;
  offset: number;
  links?: PageLinks;
  nextPageToken?: string | null;
}

/**
 * `extras[i]`, when given, holds more members for hit i's object as JSON text starting
 * with a comma (`,"match":{...}`); it is UTF-8 encoded, unlike the ASCII-only numbers.
 * `centre`, a ZIP search's centre as a unit vector, puts each trial's nearest sites in its
 * `locations_sample`, spliced from the prebuilt JSON into the body as it is written.
 * `alloc` gives the bytes the sized body is written into (a place in the kept bodies' ring,
 * api/routes/compressed-bodies.ts), a Buffer of its own by default.
 */
export function renderTrialList(
  index: TrialIndex,
  result: SearchResult,
  page: ListPage,
  quota: QuotaMeta | null,
  extras?: readonly Buffer[],
  centre?: readonly [number, number, number] | null,
  alloc: (bytes: number) => Buffer = Buffer.allocUnsafe,
): Buffer {
  const { listJson, locationsJson } = index;
  const { pairSite } = index.geo;
  const spans = index.siteSpans;
  const { siteJsonStart, siteJsonEnd, sampleStart, sampleEnd } = spans;
  const { hits } = result;
  // Numbers and fixed keys only, so these strings are ASCII: one byte per character.
  const close =
    `],"meta":{"total":${result.total},"limit":${page.limit},"offset":${page.offset}` +
    `${page.links ? `,"next":${JSON.stringify(page.links.next)},"prev":${JSON.stringify(page.links.prev)}` : ''}` +
    `${page.nextPageToken !== undefined ? `,"next_page_token":${JSON.stringify(page.nextPageToken)}` : ''}` +
    `${quotaMembers(quota)}}}`;
  const distances: string[] = new Array(hits.length);
  // A result kept for a repeated query (search-memo.ts) keeps its samples too.
  const samples = centre ? (result.samples ??= pageSamples(index, result, centre)) : null;
  const sample = samples?.sites ?? null;
  const sampleCount = samples?.count ?? null;
  let size = LIST_OPEN.length + Math.max(0, hits.length - 1) + close.length;
  for (let i = 0; i < hits.length; i++) {
    const { rank, pair } = hits[i];
    size += listJson[rank].length;
    if (sample && sampleCount) {
      const base = i * LOCATIONS_SAMPLE_SIZE;
      const n = sampleCount[i];
      size -= sampleEnd[rank] - sampleStart[rank];
      size += 2 + Math.max(0, n - 1);
      for (let j = base; j < base + n; j++)
        size += siteJsonEnd[sample[j]] - siteJsonStart[sample[j]];
    }
    if (pair !== undefined) {
      distances[i] = `,"distance_miles":${hits[i].miles}`;
      const k = pairSite[pair];
      // The trial object's closing brace moves after the two ZIP-search fields.
      size += NEAREST_SITE.length + siteJsonEnd[k] - siteJsonStart[k] + distances[i].length;
    }
    if (extras?.[i]) size += extras[i].length;
  }

  // TypedArray#set and a char loop: Buffer#copy and #write cross into C++ per call, which
  // costs more than the copy itself at these sizes.
  const out = alloc(size);
  out.set(LIST_OPEN, 0);
  let at = LIST_OPEN.length;
  for (let i = 0; i < hits.length; i++) {
    if (i > 0) out[at++] = COMMA;
    const { rank, pair } = hits[i];
    const json = listJson[rank];
    const extra = extras?.[i];
    // Without members to add, the trial's own closing brace is copied too.
    const end = pair === undefined && !extra ? json.length : json.length - 1;
    if (sample && sampleCount) {
      const locations = locationsJson[rank];
      at = copySpan(out, at, json, 0, sampleStart[rank]);
      out[at++] = OPEN_BRACKET;
      for (let j = i * LOCATIONS_SAMPLE_SIZE, last = j + sampleCount[i]; j < last; j++) {
        if (j > i * LOCATIONS_SAMPLE_SIZE) out[at++] = COMMA;
        at = copySpan(out, at, locations, siteJsonStart[sample[j]], siteJsonEnd[sample[j]]);
      }
      out[at++] = CLOSE_BRACKET;
      at = copySpan(out, at, json, sampleEnd[rank], end);
    } else {
      at = copySpan(out, at, json, 0, end);
    }
    if (end === json.length) continue;
    if (pair !== undefined) {
      const k = pairSite[pair];
      out.set(NEAREST_SITE, at);
      at += NEAREST_SITE.length;
      at = copySpan(out, at, locationsJson[rank], siteJsonStart[k], siteJsonEnd[k]);
      at = writeAscii(out, at, distances[i]);
    }
    if (extra) {
      out.set(extra, at);
      at += extra.length;
    }
    out[at++] = CLOSE_BRACE;
  }
  at = writeAscii(out, at, close);
  if (at !== size) throw new Error(`renderTrialList: wrote ${at} bytes into ${size}`);
  return out;
}

/** Each hit's nearest sites to `centre`, LOCATIONS_SAMPLE_SIZE slots a hit. */
function pageSamples(
  index: TrialIndex,
  result: SearchResult,
  centre: readonly [number, number, number],
): PageSamples {
  const { hits } = result;
  const sites = new Int32Array(hits.length * LOCATIONS_SAMPLE_SIZE);
  const count = new Int32Array(hits.length);
  const dots = new Float64Array(LOCATIONS_SAMPLE_SIZE);
  for (let i = 0; i < hits.length; i++) {
    const base = i * LOCATIONS_SAMPLE_SIZE;
    const slots = sites.subarray(base, base + LOCATIONS_SAMPLE_SIZE);
    count[i] = nearestSample(index.siteSpans, hits[i].rank, centre, slots, dots);
  }
  return { sites, count };
}

/** `,"quota_used":N,"quota_limit":N`, or nothing where no key is counted (MCP over stdio). */
function quotaMembers(quota: QuotaMeta | null): string {
  return quota ? `,"quota_used":${quota.quota_used},"quota_limit":${quota.quota_limit}` : '';
}

/**
 * Copies src[from, to) to out at `at`; returns the end. Through a plain Uint8Array view:
 * Buffer#subarray constructs a Buffer (a Uint8Array subclass), which costs more than the
 * copy of a site's ~250 bytes (bench/README.md, "ZIP pages rendered from kept recipes").
 */
function copySpan(out: Buffer, at: number, src: Buffer, from: number, to: number): number {
  out.set(new Uint8Array(src.buffer, src.byteOffset + from, to - from), at);
  return at + to - from;
}

function writeAscii(out: Buffer, at: number, text: string): number {
  for (let i = 0; i < text.length; i++) out[at++] = text.charCodeAt(i);
  return at;
}

/** `{ data: <prebuilt JSON>, meta: { quota_used, quota_limit } }` */
export function renderWithQuota(dataJson: Buffer, quota: QuotaMeta | null): Buffer {
  return Buffer.concat([
    DATA_OPEN,
    dataJson,
    Buffer.from(`,"meta":{${quotaMembers(quota).slice(1)}}}`),
  ]);
}
