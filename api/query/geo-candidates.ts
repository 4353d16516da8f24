/**
 * The geo-candidate step of a ZIP + radius search: which indexed points lie within a
 * radius of a centre, and how far. Two implementations behind one interface so the
 * benchmark and the tests can hold the H3 prefilter to the brute-force answer.
 */
import turfDistance from '@turf/distance';
import { cellToParent, getHexagonEdgeLengthAvg, gridDisk, latLngToCell, UNITS } from 'h3-js';

/** Unique coordinates; many sites share one (same hospital, same city centroid). */
export interface GeoPoints {
  readonly count: number;
  readonly lat: Float64Array;
  readonly lon: Float64Array;
}

export interface GeoCandidates {
  /** Calls `visit(point, miles)` once for every point within `miles` of (lat, lon), in no set order. */
  within(lat: number, lon: number, miles: number, visit: (point: number, miles: number) => void): void;
}


/** Great-circle miles, by @turf/distance so every path reports the same number. */
export function milesBetween(lat1: number, lon1: number, lat2: number, lon2: number): number {
  return turfDistance([lon1, lat1], [lon2, lat2], { units: 'miles' });
}

const MILES_PER_RADIAN = 6371008.8 / 1609.344; // turf: earthRadius / metres per mile

function toRadians(degrees: number): number {
  return ((degrees % 360) * Math.PI) / 180;
}

/**
 * @turf/distance's haversine, step for step, with each point's cos(latitude) computed
 * once instead of per call (and no coordinate arrays): the same operations on the same
 * values, so the same bits as `milesBetween` (the tests hold every result to turf's).
 */
export class PointDistances {
  private readonly cosLat: Float64Array;

  constructor(private readonly points: GeoPoints) {
    this.cosLat = new Float64Array(points.count);
    for (let p = 0; p < points.count; p++) this.cosLat[p] = Math.cos(toRadians(points.lat[p]));
  }

  /** Miles from (lat, lon), whose cosine of latitude is `cosLat0`, to point p. */
  miles(lat: number, lon: number, cosLat0: number, p: number): number {
    const dLat = toRadians(this.points.lat[p] - lat);
    const dLon = toRadians(this.points.lon[p] - lon);
    const a = Math.pow(Math.sin(dLat / 2), 2) + Math.pow(Math.sin(dLon / 2), 2) * cosLat0 * this.cosLat[p];
    return 2 * Math.atan2(Math.sqrt(a), Math.sqrt(1 - a)) * MILES_PER_RADIAN;
  }
}

/**
 * Cheap exact rejection before the haversine: a point farther north/south than the
 * radius, or outside the cap's longitude span, cannot be within it.
 */
function boundingBox(lat: number, lon: number, miles: number): { minLat: number; maxLat: number; dLon: number } {
  const angular = miles / MILES_PER_RADIAN;
  const dLat = (angular * 180) / Math.PI;
  const latRad = (lat * Math.PI) / 180;
  const s = Math.sin(angular) / Math.cos(latRad);
  // Near a pole (or a huge radius) the cap spans every longitude.
  const dLon = s >= 1 || lat + dLat >= 90 || lat - dLat <= -90 ? 360 : (Math.asin(s) * 180) / Math.PI;
  // A hair of slack so rounding in the box never rejects a point turf would accept.
  return { minLat: lat - dLat - 1e-9, maxLat: lat + dLat + 1e-9, dLon: dLon + 1e-9 };
}

function lonDelta(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}

export class BruteForceGeoCandidates implements GeoCandidates {
  constructor(private readonly points: GeoPoints) {}

  within(lat: number, lon: number, miles: number, visit: (point: number, miles: number) => void): void {
    const { lat: plat, lon: plon, count } = this.points;
    for (let p = 0; p < count; p++) {
      const d = milesBetween(lat, lon, plat[p], plon[p]);
      if (d <= miles) visit(p, d);
    }
  }
}

/** Bucket resolutions and the largest ring count we accept before going coarser. */
const RESOLUTIONS = [6, 5, 4, 3, 2, 1] as const;
const MAX_RINGS = 8;
/**
 * Cells far from the icosahedron-face centres are smaller than the average; 0.6 of the
 * average edge is below the smallest hexagon edge H3 has at these resolutions, so the
 * ring count never undershoots the circle (the tests compare with brute force).
 */
const EDGE_SAFETY = 0.6;
/** Rings beyond the radius: the centre and the point each sit up to a cell's radius off their cell centres. */
const EXTRA_RINGS = 2;

interface Buckets {
  /** Point ids grouped by cell. */
  order: Int32Array;
  /** cell -> [start, end) into `order`. */
  ranges: Map<string, number>;
  starts: Int32Array;
  ends: Int32Array;
  ringMiles: number;
}

export class H3GeoCandidates implements GeoCandidates {
  private readonly buckets = new Map<number, Buckets>();
  /** Popular ZIPs repeat: remember the covering disks (cell lists are small). */
  private readonly diskCache = new Map<string, string[]>();
  private readonly distances: PointDistances;

  constructor(private readonly points: GeoPoints) {
    this.distances = new PointDistances(points);
    const cells7 = new Array<string>(points.count);
    for (let p = 0; p < points.count; p++) cells7[p] = latLngToCell(points.lat[p], points.lon[p], 7);
    for (const res of RESOLUTIONS) this.buckets.set(res, this.bucket(cells7, res));
  }

  private bucket(cells7: string[], res: number): Buckets {
    const byCell = new Map<string, number[]>();
    for (let p = 0; p < cells7.length; p++) {
      const cell = cellToParent(cells7[p], res);
      let list = byCell.get(cell);
      if (!list) byCell.set(cell, (list = []));
      list.push(p);
    }
    const order = new Int32Array(cells7.length);
    const starts = new Int32Array(byCell.size);
    const ends = new Int32Array(byCell.size);
    const ranges = new Map<string, number>();
    let at = 0;
    let i = 0;
    for (const [cell, list] of byCell) {
      starts[i] = at;
      for (const p of list) order[at++] = p;
      ends[i] = at;
      ranges.set(cell, i++);
    }
    const edgeMiles = getHexagonEdgeLengthAvg(res, UNITS.km) / 1.609344;
    return { order, ranges, starts, ends, ringMiles: Math.sqrt(3) * edgeMiles * EDGE_SAFETY };
  }

  /** Finest resolution whose covering disk stays within MAX_RINGS rings. */
  private plan(miles: number): { res: number; rings: number } {
    for (const res of RESOLUTIONS) {
      const rings = Math.ceil(miles / this.buckets.get(res)!.ringMiles) + EXTRA_RINGS;
      if (rings <= MAX_RINGS) return { res, rings };
    }
    const coarsest = RESOLUTIONS[RESOLUTIONS.length - 1];
    return { res: coarsest, rings: Math.ceil(miles / this.buckets.get(coarsest)!.ringMiles) + EXTRA_RINGS };
  }

  private disk(lat: number, lon: number, res: number, rings: number): string[] {
    const centre = latLngToCell(lat, lon, res);
    const key = `${centre}:${rings}`;
    let cells = this.diskCache.get(key);
    if (!cells) {
      cells = gridDisk(centre, rings);
      if (this.diskCache.size >= 2048) this.diskCache.delete(this.diskCache.keys().next().value!);
      this.diskCache.set(key, cells);
    }
    return cells;
  }

  within(lat: number, lon: number, miles: number, visit: (point: number, miles: number) => void): void {
    const { res, rings } = this.plan(miles);
    const b = this.buckets.get(res)!;
    const box = boundingBox(lat, lon, miles);
    const { lat: plat, lon: plon } = this.points;
    const cosLat0 = Math.cos(toRadians(lat));
    for (const cell of this.disk(lat, lon, res, rings)) {
      const slot = b.ranges.get(cell);
      if (slot === undefined) continue;
      for (let i = b.starts[slot], end = b.ends[slot]; i < end; i++) {
        const p = b.order[i];
        const y = plat[p];
        if (y < box.minLat || y > box.maxLat || lonDelta(plon[p], lon) > box.dLon) continue;
        const d = this.distances.miles(lat, lon, cosLat0, p);
        if (d <= miles) visit(p, d);
      }
    }
  }
}
