/**
 * In a ZIP search, `locations_sample` holds the trial's sites nearest the ZIP centroid,
 * nearest first, instead of the first five in record order. The list and detail JSON are
 * built once per snapshot; this module records, at that time, where each site's JSON sits
 * inside the trial's detail JSON and where the sample sits inside its list JSON, so a
 * request only measures distances and copies bytes.
 */
import type { SiteRow } from '../../domain/rows.js';
import { LOCATIONS_SAMPLE_SIZE, presentLocation } from '../present.js';
import { unitVector } from './geo-candidates.js';

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
  /** Byte span of each site's location JSON inside its trial's detail JSON; -1 when not found. */
  siteJsonStart: Int32Array;
  siteJsonEnd: Int32Array;
  /** Byte span of the `locations_sample` array inside each trial's list JSON; -1 when not found. */
  sampleStart: Int32Array;
  sampleEnd: Int32Array;
}

export class SiteSpanBuilder {
  private readonly starts: number[] = [0];
  private readonly x: number[] = [];
  private readonly y: number[] = [];
  private readonly z: number[] = [];
  private readonly jsonStart: number[] = [];
  private readonly jsonEnd: number[] = [];
  private readonly sampleStart: number[] = [];
  private readonly sampleEnd: number[] = [];

  /** Call once per rank, in rank order, with the JSON text just built for the trial. */
  add(sites: readonly SiteRow[], listText: string, detailText: string): void {
    for (const s of sites) {
      const [x, y, z] =
        s.latitude === null || s.longitude === null
          ? [NaN, NaN, NaN]
          : unitVector(s.latitude, s.longitude);
      this.x.push(x);
      this.y.push(y);
      this.z.push(z);
    }
    this.starts.push(this.x.length);
    // A key is the only place `"name":` can occur: inside a string value the quotes are escaped.
    const locations = detailText.indexOf('"locations":[');
    let at =
      locations < 0
        ? -1
        : Buffer.byteLength(detailText.slice(0, locations + '"locations":['.length));
    let charAt = locations + '"locations":['.length;
    for (const s of sites) {
      const json = JSON.stringify(presentLocation(s));
      if (at < 0 || !detailText.startsWith(json, charAt)) at = -1;
      const bytes = Buffer.byteLength(json);
      this.jsonStart.push(at);
      this.jsonEnd.push(at < 0 ? -1 : at + bytes);
      if (at >= 0) {
        at += bytes + 1;
        charAt += json.length + 1;
      }
    }
    const sample = listText.indexOf('"locations_sample":[');
    if (sample < 0) {
      this.sampleStart.push(-1);
      this.sampleEnd.push(-1);
      return;
    }
    const open = sample + '"locations_sample":'.length;
    const sampleText = JSON.stringify(sites.slice(0, LOCATIONS_SAMPLE_SIZE).map(presentLocation));
    const ok = listText.startsWith(sampleText, open);
    const start = Buffer.byteLength(listText.slice(0, open));
    this.sampleStart.push(ok ? start : -1);
    this.sampleEnd.push(ok ? start + Buffer.byteLength(sampleText) : -1);
  }

  build(): SiteSpans {
    return {
      siteStart: Int32Array.from(this.starts),
      siteX: Float64Array.from(this.x),
      siteY: Float64Array.from(this.y),
      siteZ: Float64Array.from(this.z),
      siteJsonStart: Int32Array.from(this.jsonStart),
      siteJsonEnd: Int32Array.from(this.jsonEnd),
      sampleStart: Int32Array.from(this.sampleStart),
      sampleEnd: Int32Array.from(this.sampleEnd),
    };
  }
}

/**
 * The trial's list JSON with `locations_sample` holding its sites nearest the centre (a
 * unit vector, see unitVector), nearest first (equal distances in record order), sites
 * without coordinates after them in record order. Undefined when the spans were not found
 * (the record-order JSON stands).
 */
export function nearestSampleJson(
  spans: SiteSpans,
  listJson: Buffer,
  detailJson: Buffer,
  rank: number,
  centre: readonly [number, number, number],
): Buffer | undefined {
  const { siteStart, siteX, siteY, siteZ, siteJsonStart, siteJsonEnd, sampleStart, sampleEnd } =
    spans;
  if (sampleStart[rank] < 0) return undefined;
  const [cx, cy, cz] = centre;
  // The best LOCATIONS_SAMPLE_SIZE so far, by insertion: trials have up to a thousand sites, the sample five.
  const best = new Int32Array(LOCATIONS_SAMPLE_SIZE);
  const bestDot = new Float64Array(LOCATIONS_SAMPLE_SIZE);
  let n = 0;
  for (let k = siteStart[rank], end = siteStart[rank + 1]; k < end; k++) {
    const x = siteX[k];
    // Without coordinates: below every real dot product (>= -1), still above an empty slot.
    const dot = Number.isNaN(x) ? -2 : x * cx + siteY[k] * cy + siteZ[k] * cz;
    if (n === LOCATIONS_SAMPLE_SIZE && dot <= bestDot[n - 1]) continue;
    let i = n < LOCATIONS_SAMPLE_SIZE ? n++ : n - 1;
    while (i > 0 && bestDot[i - 1] < dot) {
      best[i] = best[i - 1];
      bestDot[i] = bestDot[i - 1];
      i--;
    }
    best[i] = k;
    bestDot[i] = dot;
  }
  let size = sampleStart[rank] + 2 + Math.max(0, n - 1) + (listJson.length - sampleEnd[rank]);
  for (let i = 0; i < n; i++) {
    if (siteJsonStart[best[i]] < 0) return undefined;
    size += siteJsonEnd[best[i]] - siteJsonStart[best[i]];
  }
  const out = Buffer.allocUnsafe(size);
  out.set(listJson.subarray(0, sampleStart[rank]), 0);
  let at = sampleStart[rank];
  out[at++] = 0x5b; // [
  for (let i = 0; i < n; i++) {
    if (i > 0) out[at++] = 0x2c; // ,
    const piece = detailJson.subarray(siteJsonStart[best[i]], siteJsonEnd[best[i]]);
    out.set(piece, at);
    at += piece.length;
  }
  out[at++] = 0x5d; // ]
  out.set(listJson.subarray(sampleEnd[rank]), at);
  return out;
}
