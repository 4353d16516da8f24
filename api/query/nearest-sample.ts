/**
 * In a ZIP search, `locations_sample` holds the trial's sites nearest the ZIP centroid,
 * nearest first, instead of the first five in record order. The list and detail JSON are
 * built once per snapshot; this module records, at that time, where each site's JSON sits
 * among the trial's location objects (kept plain beside its compressed detail) and where
 * the sample sits inside its list JSON, so a request only measures distances and copies
 * bytes.
 */
import type { SiteRow } from '../../domain/rows.js';
import { LOCATIONS_SAMPLE_SIZE } from '../present.js';
import { unitVector } from './geo-candidates.js';
import type { TrialJsonParts } from './trial-json.js';

export interface SiteSpans {
  /** Sites of rank r are siteStart[r] .. siteStart[r+1]-1, in record order. */
  siteStart: Int32Array;
  /**
   * Unit vector of each site on the sphere (NaN without coordinates): the nearer site has
   * the larger dot product with the centre's, so ordering needs no trigonometry per site.
   */
  siteX: Float64Array;
  siteY: Float64Array;
  siteZ: Float64Array;
  /** Byte span of each site's location JSON inside its trial's locationsJson. */
  siteJsonStart: Int32Array;
  siteJsonEnd: Int32Array;
  /** Byte span of the `locations_sample` array inside each trial's list JSON. */
  sampleStart: Int32Array;
  sampleEnd: Int32Array;
  /**
   * Sites in spatial order: for a trial with at least KD_MIN_SITES sites with coordinates,
   * kdOrder[kdStart[r] .. kdStart[r+1]-1] are those sites as an implicit k-d tree over their
   * unit vectors (the median of each range splits it, on x, y, z by depth), so its nearest
   * five are found without measuring every site; other trials have an empty range.
   */
  kdStart: Int32Array;
  kdOrder: Int32Array;
}

/** A trial's sites as an earlier index holds them: what the index reads of its site rows. */
export interface IndexedSites {
  count: number;
  /** Unit vectors in site order (SiteSpans.siteX...). */
  x: Float64Array;
  y: Float64Array;
  z: Float64Array;
  /** The US states of its sites (siteUsState), a US site (isUsSite), a site of another country. */
  states: readonly string[];
  us: boolean;
  nonUs: boolean;
  /**
   * Its geo index pairs: the first site at each US point with coordinates, by index among
   * the trial's sites, ascending, and the point.
   */
  geoSite: Int32Array;
  geoLat: Float64Array;
  geoLon: Float64Array;
  /**
   * Each pair's point in the earlier index these sites come from (the points of
   * BuildIndexOptions.knownCells), so the point is found without hashing its coordinates
   * once per pair.
   */
  geoKnownPoint?: Int32Array;
}

/** Below this many placed sites a trial's sites are simply all measured. */
export const KD_MIN_SITES = 32;
/** Ranges this small are measured whole rather than split further. */
const KD_LEAF = 8;
/**
 * Slack on the far side's bound: it is visited unless it certainly holds no site as near
 * as the fifth (ties included), whatever the rounding of the stored unit vectors.
 */
const KD_SLACK = 1e-9;

export class SiteSpanBuilder {
  private readonly spans: Omit<SiteSpans, 'kdStart' | 'kdOrder'>;
  private sites = 0;
  private rank = 0;

  /** `trials` and `sites`: upper bounds, for sizing the arrays once. */
  constructor(trials: number, sites: number) {
    this.spans = {
      siteStart: new Int32Array(trials + 1),
      siteX: new Float64Array(sites),
      siteY: new Float64Array(sites),
      siteZ: new Float64Array(sites),
      siteJsonStart: new Int32Array(sites),
      siteJsonEnd: new Int32Array(sites),
      sampleStart: new Int32Array(trials),
      sampleEnd: new Int32Array(trials),
    };
  }

  /** Call once per rank, in rank order, with the JSON just built for the trial; returns the index of its first site. */
  add(sites: readonly SiteRow[], json: TrialJsonParts): number {
    const { spans } = this;
    const first = this.sites;
    for (let i = 0; i < sites.length; i++) {
      const s = sites[i];
      const k = first + i;
      if (s.latitude === null || s.longitude === null) {
        spans.siteX[k] = spans.siteY[k] = spans.siteZ[k] = NaN;
      } else {
        const [x, y, z] = unitVector(s.latitude, s.longitude);
        spans.siteX[k] = x;
        spans.siteY[k] = y;
        spans.siteZ[k] = z;
      }
      spans.siteJsonStart[k] = json.siteStart[i];
      spans.siteJsonEnd[k] = json.siteEnd[i];
    }
    spans.sampleStart[this.rank] = json.sampleStart;
    spans.sampleEnd[this.rank] = json.sampleEnd;
    this.sites += sites.length;
    spans.siteStart[++this.rank] = this.sites;
    return first;
  }

  /** add() for a trial whose sites an earlier index holds: their unit vectors copied. */
  addIndexed(sites: IndexedSites, json: TrialJsonParts): number {
    const { spans } = this;
    const first = this.sites;
    spans.siteX.set(sites.x, first);
    spans.siteY.set(sites.y, first);
    spans.siteZ.set(sites.z, first);
    spans.siteJsonStart.set(json.siteStart, first);
    spans.siteJsonEnd.set(json.siteEnd, first);
    spans.sampleStart[this.rank] = json.sampleStart;
    spans.sampleEnd[this.rank] = json.sampleEnd;
    this.sites += sites.count;
    spans.siteStart[++this.rank] = this.sites;
    return first;
  }

  build(): SiteSpans {
    const { spans } = this;
    const n = this.sites;
    const siteX = spans.siteX.slice(0, n);
    const siteY = spans.siteY.slice(0, n);
    const siteZ = spans.siteZ.slice(0, n);
    const siteStart = spans.siteStart.slice(0, this.rank + 1);
    return {
      ...spans,
      ...kdTrees(siteStart, [siteX, siteY, siteZ]),
      siteStart,
      siteX,
      siteY,
      siteZ,
      siteJsonStart: spans.siteJsonStart.slice(0, n),
      siteJsonEnd: spans.siteJsonEnd.slice(0, n),
      sampleStart: spans.sampleStart.slice(0, this.rank),
      sampleEnd: spans.sampleEnd.slice(0, this.rank),
    };
  }
}

/** Each trial's placed sites as an implicit k-d tree (SiteSpans.kdOrder), when it has enough. */
function kdTrees(
  siteStart: Int32Array,
  axes: readonly [Float64Array, Float64Array, Float64Array],
): { kdStart: Int32Array; kdOrder: Int32Array } {
  const trials = siteStart.length - 1;
  const kdStart = new Int32Array(trials + 1);
  const order: number[] = [];
  for (let r = 0; r < trials; r++) {
    const placed: number[] = [];
    for (let k = siteStart[r]; k < siteStart[r + 1]; k++)
      if (!Number.isNaN(axes[0][k])) placed.push(k);
    if (placed.length >= KD_MIN_SITES) {
      const ids = Int32Array.from(placed);
      splitRange(ids, 0, ids.length, 0, axes);
      for (const k of ids) order.push(k);
    }
    kdStart[r + 1] = order.length;
  }
  return { kdStart, kdOrder: Int32Array.from(order) };
}

/** Puts the median of ids[lo, hi) on `axis` (depth mod 3) in the middle, smaller before, larger after; recurses. */
function splitRange(
  ids: Int32Array,
  lo: number,
  hi: number,
  depth: number,
  axes: readonly [Float64Array, Float64Array, Float64Array],
): void {
  if (hi - lo <= KD_LEAF) return;
  const m = (lo + hi) >> 1;
  const v = axes[depth % 3];
  // Quickselect (Hoare partition) of the median on this axis.
  let left = lo;
  let right = hi - 1;
  while (right > left) {
    const pivot = v[ids[(left + right) >> 1]];
    let i = left;
    let j = right;
    while (i <= j) {
      while (v[ids[i]] < pivot) i++;
      while (v[ids[j]] > pivot) j--;
      if (i <= j) {
        const t = ids[i];
        ids[i++] = ids[j];
        ids[j--] = t;
      }
    }
    if (m <= j) right = j;
    else if (m >= i) left = i;
    else break;
  }
  splitRange(ids, lo, m, depth + 1, axes);
  splitRange(ids, m + 1, hi, depth + 1, axes);
}

/** The best `out` so far: site indices by dot product, larger first, equal dots lower index first. */
class Best {
  n = 0;
  constructor(
    readonly out: Int32Array,
    readonly dots: Float64Array,
  ) {}

  offer(k: number, dot: number): void {
    const { out, dots } = this;
    let n = this.n;
    if (n === LOCATIONS_SAMPLE_SIZE) {
      const worst = dots[n - 1];
      if (dot < worst || (dot === worst && k > out[n - 1])) return;
    }
    let i = n < LOCATIONS_SAMPLE_SIZE ? n++ : n - 1;
    while (i > 0 && (dots[i - 1] < dot || (dots[i - 1] === dot && out[i - 1] > k))) {
      out[i] = out[i - 1];
      dots[i] = dots[i - 1];
      i--;
    }
    out[i] = k;
    dots[i] = dot;
    this.n = n;
  }
}

/**
 * The sites of `rank` for its `locations_sample` in a ZIP search: nearest the centre (a
 * unit vector, see unitVector) first, equal distances in record order, sites without
 * coordinates after them in record order. Writes up to LOCATIONS_SAMPLE_SIZE site
 * indices into `out` and returns how many. A trial with a k-d tree (kdStart) is searched
 * in it; the answer is the one measuring every site gives (test/api/nearest-sample.test.ts).
 */
export function nearestSample(
  spans: SiteSpans,
  rank: number,
  centre: readonly [number, number, number],
  out: Int32Array,
  outDot: Float64Array,
): number {
  const { kdStart } = spans;
  const best = new Best(out, outDot);
  if (kdStart[rank + 1] > kdStart[rank]) {
    searchTree(spans, kdStart[rank], kdStart[rank + 1], centre, best);
    return best.n;
  }
  const { siteStart, siteX, siteY, siteZ } = spans;
  const [cx, cy, cz] = centre;
  for (let k = siteStart[rank], end = siteStart[rank + 1]; k < end; k++) {
    const x = siteX[k];
    // Without coordinates: below every real dot product (>= -1), still above an empty slot.
    best.offer(k, Number.isNaN(x) ? -2 : x * cx + siteY[k] * cy + siteZ[k] * cz);
  }
  return best.n;
}

/**
 * Ranges of the tree still to visit (lo, hi, depth) and the largest dot a site in each can
 * have; requests run one at a time, and a tree of 2^31 sites is 31 levels deep.
 */
const rangeStack = new Int32Array(3 * 96);
const boundStack = new Float64Array(96);

function searchTree(
  spans: SiteSpans,
  from: number,
  to: number,
  centre: readonly [number, number, number],
  best: Best,
): void {
  const { kdOrder, siteX, siteY, siteZ } = spans;
  const [cx, cy, cz] = centre;
  const { dots } = best;
  const last = LOCATIONS_SAMPLE_SIZE - 1;
  rangeStack[0] = from;
  rangeStack[1] = to;
  rangeStack[2] = 0;
  boundStack[0] = Infinity;
  let top = 1;
  while (top > 0) {
    top--;
    if (best.n > last && boundStack[top] < dots[last]) continue;
    const lo = rangeStack[3 * top];
    const hi = rangeStack[3 * top + 1];
    const depth = rangeStack[3 * top + 2];
    if (hi - lo <= KD_LEAF) {
      for (let i = lo; i < hi; i++) {
        const k = kdOrder[i];
        best.offer(k, siteX[k] * cx + siteY[k] * cy + siteZ[k] * cz);
      }
      continue;
    }
    const m = (lo + hi) >> 1;
    const k = kdOrder[m];
    best.offer(k, siteX[k] * cx + siteY[k] * cy + siteZ[k] * cz);
    const axis = depth % 3;
    const diff = axis === 0 ? cx - siteX[k] : axis === 1 ? cy - siteY[k] : cz - siteZ[k];
    const nearFirst = diff < 0;
    // A site across the plane is at least |diff| away (chord), so its dot is at most
    // 1 - diff²/2: the far side waits below the near one and is skipped if by then it
    // cannot hold a site as near as the fifth (ties included).
    rangeStack[3 * top] = nearFirst ? m + 1 : lo;
    rangeStack[3 * top + 1] = nearFirst ? hi : m;
    rangeStack[3 * top + 2] = depth + 1;
    boundStack[top++] = 1 - (diff * diff) / 2 + KD_SLACK;
    rangeStack[3 * top] = nearFirst ? lo : m + 1;
    rangeStack[3 * top + 1] = nearFirst ? m : hi;
    rangeStack[3 * top + 2] = depth + 1;
    boundStack[top++] = Infinity;
  }
}
