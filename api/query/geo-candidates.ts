/**
 * The geo-candidate step of a ZIP + radius search: which indexed points lie within a
 * radius of a centre, and how far. Two implementations behind one interface so the
 * benchmark and the tests can hold the H3 prefilter to the brute-force answer.
 */
import { MILES_PER_RADIAN, milesBetween } from '../../geo/distance.js';
import { cellToParent, getHexagonEdgeLengthAvg, gridDisk, latLngToCell, UNITS } from 'h3-js';
import { runToEnd, type Steps } from './slices.js';

/** Unique coordinates; many sites share one (same hospital, same city centroid). */
export interface GeoPoints {
  readonly count: number;
  readonly lat: Float64Array;
  readonly lon: Float64Array;
}

export interface GeoCandidates {
  /** Calls `visit(point, miles)` once for every point within `miles` of (lat, lon), in no set order. */
  within(
    lat: number,
    lon: number,
    miles: number,
    visit: (point: number, miles: number) => void,
  ): void;
}

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
    const a =
      Math.pow(Math.sin(dLat / 2), 2) + Math.pow(Math.sin(dLon / 2), 2) * cosLat0 * this.cosLat[p];
    return 2 * Math.atan2(Math.sqrt(a), Math.sqrt(1 - a)) * MILES_PER_RADIAN;
  }
}

/** Points on the unit sphere, so an angle test is a dot product. */
export class UnitVectors {
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly z: Float64Array;

  constructor(points: GeoPoints) {
    this.x = new Float64Array(points.count);
    this.y = new Float64Array(points.count);
    this.z = new Float64Array(points.count);
    for (let p = 0; p < points.count; p++) {
      const [x, y, z] = unitVector(points.lat[p], points.lon[p]);
      this.x[p] = x;
      this.y[p] = y;
      this.z[p] = z;
    }
  }
}

export function unitVector(lat: number, lon: number): [number, number, number] {
  const phi = (lat * Math.PI) / 180;
  const lambda = (lon * Math.PI) / 180;
  return [Math.cos(phi) * Math.cos(lambda), Math.cos(phi) * Math.sin(lambda), Math.sin(phi)];
}

/**
 * Angular slack around the radius (about 6 m). The dot product of two computed unit
 * vectors is within ~1e-15 of the true cosine, which moves the angle by at most ~5e-8
 * radians (near zero) and far less elsewhere; turf's own error is smaller still. So a
 * point whose dot product clears the radius by this slack is inside (or outside) by
 * turf's reckoning too, and only points in the thin band between need the haversine.
 */
export const CAP_SLACK_RADIANS = 1e-6;

/** Dot-product bounds of a circle: at least `inside` is surely within it, below `outside` surely not. */
export interface Cap {
  cx: number;
  cy: number;
  cz: number;
  inside: number;
  outside: number;
}

export function capOf(lat: number, lon: number, miles: number): Cap {
  const [cx, cy, cz] = unitVector(lat, lon);
  const angle = miles / MILES_PER_RADIAN;
  return {
    cx,
    cy,
    cz,
    // A radius within the slack of zero has no sure inside: every point there gets the haversine.
    inside: angle > CAP_SLACK_RADIANS ? Math.cos(angle - CAP_SLACK_RADIANS) : Infinity,
    outside: angle + CAP_SLACK_RADIANS < Math.PI ? Math.cos(angle + CAP_SLACK_RADIANS) : -Infinity,
  };
}

export class BruteForceGeoCandidates implements GeoCandidates {
  constructor(private readonly points: GeoPoints) {}

  within(
    lat: number,
    lon: number,
    miles: number,
    visit: (point: number, miles: number) => void,
  ): void {
    const { lat: plat, lon: plon, count } = this.points;
    for (let p = 0; p < count; p++) {
      const d = milesBetween(lat, lon, plat[p], plon[p]);
      if (d <= miles) visit(p, d);
    }
  }
}

/** Bucket resolutions and the largest ring count we accept before going coarser. */
const RESOLUTIONS = [6, 5, 4, 3, 2, 1] as const;
export type Resolution = (typeof RESOLUTIONS)[number];
const MAX_RINGS = 8;

/**
 * Each point's H3 cell at every bucket resolution (`get(res)[p]`): the parents of its
 * resolution-7 cell, computed once for both geo structures (H3GeoCandidates, TrialCells).
 */
export type PointCells = ReadonlyMap<Resolution, readonly string[]>;

/** Cells an earlier index computed, for the points it held. */
export interface KnownCells {
  points: GeoPoints;
  cells: PointCells;
}

/**
 * The cells of `points`; a point at a coordinate `known` holds takes its cells from there
 * (an incremental publish carries most points over, and H3 is most of the geo build).
 * `knownOf` (by point: its index in `known.points`, or -1) says which point that is when
 * the caller knows; without it the coordinates are looked up.
 */
export function* pointCells(
  points: GeoPoints,
  known?: KnownCells,
  knownOf?: Int32Array,
): Steps<PointCells> {
  const knownAt = new Map<number, Map<number, number>>();
  for (let k = 0; known && !knownOf && k < known.points.count; k++) {
    if ((k & 4095) === 0) yield;
    const lat = known.points.lat[k];
    let byLon = knownAt.get(lat);
    if (!byLon) knownAt.set(lat, (byLon = new Map()));
    byLon.set(known.points.lon[k], k);
  }
  const out = new Map(RESOLUTIONS.map((res) => [res, new Array<string>(points.count)]));
  for (let p = 0; p < points.count; p++) {
    if ((p & 511) === 0) yield;
    const k = knownOf
      ? knownOf[p] >= 0
        ? knownOf[p]
        : undefined
      : knownAt.get(points.lat[p])?.get(points.lon[p]);
    if (known && k !== undefined) {
      for (const [res, cells] of out) cells[p] = known.cells.get(res)![k];
      continue;
    }
    const cell7 = latLngToCell(points.lat[p], points.lon[p], 7);
    for (const [res, cells] of out) cells[p] = cellToParent(cell7, res);
  }
  return out;
}
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
  /**
   * Popular ZIPs repeat: remember each covering disk as the bucket slots it holds
   * (a few hundred integers), which also saves a Map lookup per cell of the disk.
   */
  private readonly diskCache = new Map<string, Int32Array>();
  private readonly distances: PointDistances;
  private readonly unit: UnitVectors;

  /** `later`: the caller runs `fill()` itself, in steps (see build()). */
  constructor(
    private readonly points: GeoPoints,
    when: 'now' | 'later' = 'now',
  ) {
    this.distances = new PointDistances(points);
    this.unit = new UnitVectors(points);
    if (when === 'now') runToEnd(this.fill());
  }

  /** The same index, built in steps (see slices.ts), from the points' cells when given. */
  static *build(points: GeoPoints, cells?: PointCells): Steps<H3GeoCandidates> {
    const index = new H3GeoCandidates(points, 'later');
    yield* index.fill(cells);
    return index;
  }

  private *fill(given?: PointCells): Steps<void> {
    const cells = given ?? (yield* pointCells(this.points));
    for (const res of RESOLUTIONS) this.buckets.set(res, yield* this.bucket(cells.get(res)!, res));
  }

  /** Each point's cells, read back from the buckets (pointCells' `known`). */
  knownCells(): KnownCells {
    const cells = new Map<Resolution, string[]>();
    for (const res of RESOLUTIONS) {
      const b = this.buckets.get(res)!;
      const byPoint = new Array<string>(this.points.count);
      for (const [cell, slot] of b.ranges)
        for (let i = b.starts[slot]; i < b.ends[slot]; i++) byPoint[b.order[i]] = cell;
      cells.set(res, byPoint);
    }
    return { points: this.points, cells };
  }

  private *bucket(cells: readonly string[], res: number): Steps<Buckets> {
    const byCell = new Map<string, number[]>();
    for (let p = 0; p < cells.length; p++) {
      if ((p & 1023) === 0) yield;
      const cell = cells[p];
      let list = byCell.get(cell);
      if (!list) byCell.set(cell, (list = []));
      list.push(p);
    }
    const order = new Int32Array(cells.length);
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
    return {
      res: coarsest,
      rings: Math.ceil(miles / this.buckets.get(coarsest)!.ringMiles) + EXTRA_RINGS,
    };
  }

  /** Slots of `b` (cells with points) in the disk of `rings` rings around the centre's cell. */
  private diskSlots(lat: number, lon: number, res: number, rings: number, b: Buckets): Int32Array {
    const centre = latLngToCell(lat, lon, res);
    const key = `${centre}:${rings}`;
    let slots = this.diskCache.get(key);
    if (!slots) {
      const found: number[] = [];
      for (const cell of gridDisk(centre, rings)) {
        const slot = b.ranges.get(cell);
        if (slot !== undefined) found.push(slot);
      }
      slots = Int32Array.from(found);
      if (this.diskCache.size >= 2048) this.diskCache.delete(this.diskCache.keys().next().value!);
      this.diskCache.set(key, slots);
    }
    return slots;
  }

  within(
    lat: number,
    lon: number,
    miles: number,
    visit: (point: number, miles: number) => void,
  ): void {
    const { res, rings } = this.plan(miles);
    const b = this.buckets.get(res)!;
    const cap = capOf(lat, lon, miles);
    const { x, y, z } = this.unit;
    const cosLat0 = Math.cos(toRadians(lat));
    for (const slot of this.diskSlots(lat, lon, res, rings, b)) {
      for (let i = b.starts[slot], end = b.ends[slot]; i < end; i++) {
        const p = b.order[i];
        // A dot product rejects the disk's corners; what is left is held to turf's distance.
        if (x[p] * cap.cx + y[p] * cap.cy + z[p] * cap.cz < cap.outside) continue;
        const d = this.distances.miles(lat, lon, cosLat0, p);
        if (d <= miles) visit(p, d);
      }
    }
  }
}
