/**
 * In a ZIP search, `locations_sample` holds the trial's sites nearest the ZIP centroid,
 * nearest first, instead of the first five in record order. The list and detail JSON are
 * built once per snapshot; this module records, at that time, where each site's JSON sits
 * inside the trial's detail JSON and where the sample sits inside its list JSON, so a
 * request only measures distances and copies bytes.
 */
import type { SiteRow } from '../../domain/rows.js';
import { LOCATIONS_SAMPLE_SIZE, presentLocation } from '../present.js';
import { milesBetween } from './geo-candidates.js';

export interface SiteSpans {
  /** Sites of rank r are siteStart[r] .. siteStart[r+1]-1, in record order. */
  siteStart: Int32Array;
  /** NaN without coordinates. */
  siteLat: Float64Array;
  siteLon: Float64Array;
  /** Byte span of each site's location JSON inside its trial's detail JSON; -1 when not found. */
  siteJsonStart: Int32Array;
  siteJsonEnd: Int32Array;
  /** Byte span of the `locations_sample` array inside each trial's list JSON; -1 when not found. */
  sampleStart: Int32Array;
  sampleEnd: Int32Array;
}

export class SiteSpanBuilder {
  private readonly starts: number[] = [0];
  private readonly lat: number[] = [];
  private readonly lon: number[] = [];
  private readonly jsonStart: number[] = [];
  private readonly jsonEnd: number[] = [];
  private readonly sampleStart: number[] = [];
  private readonly sampleEnd: number[] = [];

  /** Call once per rank, in rank order, with the JSON text just built for the trial. */
  add(sites: readonly SiteRow[], listText: string, detailText: string): void {
    for (const s of sites) {
      this.lat.push(s.latitude ?? NaN);
      this.lon.push(s.longitude ?? NaN);
    }
    this.starts.push(this.lat.length);
    // A key is the only place `"name":` can occur: inside a string value the quotes are escaped.
    const locations = detailText.indexOf('"locations":[');
    let at = locations < 0 ? -1 : Buffer.byteLength(detailText.slice(0, locations + '"locations":['.length));
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
      siteLat: Float64Array.from(this.lat),
      siteLon: Float64Array.from(this.lon),
      siteJsonStart: Int32Array.from(this.jsonStart),
      siteJsonEnd: Int32Array.from(this.jsonEnd),
      sampleStart: Int32Array.from(this.sampleStart),
      sampleEnd: Int32Array.from(this.sampleEnd),
    };
  }
}

/**
 * The trial's list JSON with `locations_sample` holding its sites nearest (lat, lon),
 * nearest first (equal distances in record order), sites without coordinates after them
 * in record order. Undefined when the spans were not found (the record-order JSON stands).
 */
export function nearestSampleJson(spans: SiteSpans, listJson: Buffer, detailJson: Buffer, rank: number, lat: number, lon: number): Buffer | undefined {
  const { siteStart, siteLat, siteLon, siteJsonStart, siteJsonEnd, sampleStart, sampleEnd } = spans;
  if (sampleStart[rank] < 0) return undefined;
  const first = siteStart[rank];
  const count = siteStart[rank + 1] - first;
  const order = Array.from({ length: count }, (_, i) => first + i);
  const miles = order.map((k) => (Number.isNaN(siteLat[k]) ? Infinity : milesBetween(lat, lon, siteLat[k], siteLon[k])));
  const byDistance = order.map((k, i) => [k, miles[i]] as const).sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  const chosen = byDistance.slice(0, LOCATIONS_SAMPLE_SIZE).map(([k]) => k);
  if (chosen.some((k) => siteJsonStart[k] < 0)) return undefined;
  const parts: Buffer[] = [listJson.subarray(0, sampleStart[rank]), Buffer.from('[')];
  chosen.forEach((k, i) => {
    if (i > 0) parts.push(Buffer.from(','));
    parts.push(detailJson.subarray(siteJsonStart[k], siteJsonEnd[k]));
  });
  parts.push(Buffer.from(']'), listJson.subarray(sampleEnd[rank]));
  return Buffer.concat(parts);
}
