/**
 * In a ZIP search, `locations_sample` holds the trial's sites nearest the ZIP centroid,
 * nearest first, instead of the first five in record order. The list and detail JSON are
 * built once per snapshot; this module records, at that time, where each site's JSON sits
 * inside the trial's detail JSON and where the sample sits inside its list JSON, so a
 * request only measures distances and copies bytes.
 */
import type { SiteRow } from '../../domain/rows.js';
import { LOCATIONS_SAMPLE_SIZE } from '../present.js';
import { unitVector } from './geo-candidates.js';
import type { TrialJson } from './trial-json.js';

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
  /** Byte span of each site's location JSON inside its trial's detail JSON. */
  siteJsonStart: Int32Array;
  siteJsonEnd: Int32Array;
  /** Byte span of the `locations_sample` array inside each trial's list JSON. */
  sampleStart: Int32Array;
  sampleEnd: Int32Array;
}

export class SiteSpanBuilder {
  private readonly spans: SiteSpans;
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
  add(sites: readonly SiteRow[], json: TrialJson): number {
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

  build(): SiteSpans {
    const { spans } = this;
    const n = this.sites;
    return {
      ...spans,
      siteStart: spans.siteStart.slice(0, this.rank + 1),
      siteX: spans.siteX.slice(0, n),
      siteY: spans.siteY.slice(0, n),
      siteZ: spans.siteZ.slice(0, n),
      siteJsonStart: spans.siteJsonStart.slice(0, n),
      siteJsonEnd: spans.siteJsonEnd.slice(0, n),
      sampleStart: spans.sampleStart.slice(0, this.rank),
      sampleEnd: spans.sampleEnd.slice(0, this.rank),
    };
  }
}

/**
 * The sites of `rank` for its `locations_sample` in a ZIP search: nearest the centre (a
 * unit vector, see unitVector) first, equal distances in record order, sites without
 * coordinates after them in record order. Writes up to LOCATIONS_SAMPLE_SIZE site
 * indices into `out` and returns how many.
 */
export function nearestSample(
  spans: SiteSpans,
  rank: number,
  centre: readonly [number, number, number],
  out: Int32Array,
  outDot: Float64Array,
): number {
  const { siteStart, siteX, siteY, siteZ } = spans;
  const [cx, cy, cz] = centre;
  // The best LOCATIONS_SAMPLE_SIZE so far, by insertion: trials have up to a thousand sites, the sample five.
  let n = 0;
  for (let k = siteStart[rank], end = siteStart[rank + 1]; k < end; k++) {
    const x = siteX[k];
    // Without coordinates: below every real dot product (>= -1), still above an empty slot.
    const dot = Number.isNaN(x) ? -2 : x * cx + siteY[k] * cy + siteZ[k] * cz;
    if (n === LOCATIONS_SAMPLE_SIZE && dot <= outDot[n - 1]) continue;
    let i = n < LOCATIONS_SAMPLE_SIZE ? n++ : n - 1;
    while (i > 0 && outDot[i - 1] < dot) {
      out[i] = out[i - 1];
      outDot[i] = outDot[i - 1];
      i--;
    }
    out[i] = k;
    outDot[i] = dot;
  }
  return n;
}
