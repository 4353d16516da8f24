/**
 * Which trials have a site inside a large circle, without the distance of each site:
 * the trials of every H3 cell at resolutions 2 (~33,000 sq mi) and 3 (~4,800 sq mi) kept
 * as bitsets, so a cell wholly inside the circle adds its trials with one word-wide OR,
 * a cell wholly outside is skipped, and only the sites of resolution-3 cells the circle's
 * edge crosses are tested one by one. A 500-mile circle holds ~9,000 of the ~38,000 US
 * points; most of them sit in cells wholly inside it.
 */
import { MILES_PER_RADIAN, milesBetween } from '../../geo/distance.js';
import { Bitset } from './bitset.js';
import { runToEnd, type Steps } from './slices.js';
import {
  CAP_SLACK_RADIANS,
  capOf,
  pointCells,
  UnitVectors,
  type Cap,
  type GeoPoints,
  type PointCells,
} from './geo-candidates.js';

export interface TrialPairs {
  /** Pairs of point p are pairStart[p] .. pairStart[p+1]-1. */
  pairStart: Int32Array;
  pairRank: Int32Array;
  trialCount: number;
}

/** One resolution's cells: each with a spherical cap holding all its points, its trials, and its children's range. */
export class CellLevel {
  readonly cx: Float64Array;
  readonly cy: Float64Array;
  readonly cz: Float64Array;
  /** Largest angle (radians) from the cell's mean point to any of its points, plus slack. */
  readonly spread: Float64Array;
  /** Cell c's trials are the bitset words [c * wordsPerCell, (c + 1) * wordsPerCell). */
  readonly trialWords: Uint32Array;
  /** Cell c's children (next level's cells, or points) are first[c] .. first[c+1]-1. */
  readonly first: Int32Array;

  constructor(
    readonly count: number,
    readonly wordsPerCell: number,
  ) {
    this.cx = new Float64Array(count);
    this.cy = new Float64Array(count);
    this.cz = new Float64Array(count);
    this.spread = new Float64Array(count);
    this.trialWords = new Uint32Array(count * wordsPerCell);
    this.first = new Int32Array(count + 1);
  }

  /** Angle from a unit vector to the cell's mean point; acos near 1 is off by up to ~5e-8 rad, inside the slack. */
  angleTo(c: number, x: number, y: number, z: number): number {
    return Math.acos(Math.min(1, Math.max(-1, x * this.cx[c] + y * this.cy[c] + z * this.cz[c])));
  }

  orInto(c: number, words: Uint32Array): void {
    const own = this.trialWords;
    const n = this.wordsPerCell;
    for (let w = 0, base = c * n; w < n; w++) words[w] |= own[base + w];
  }
}

const OUTSIDE = 0;
const INSIDE = 1;
const CROSSED = 2;

export class TrialCells {
  private readonly unit: UnitVectors;
  // Set by fill(), which the constructor or build() runs.
  /** Resolution 2, whose children are resolution-3 cells. */
  private coarse!: CellLevel;
  /** Resolution 3, whose children are points (indices into `order`). */
  private fine!: CellLevel;
  /** Points grouped by resolution-3 cell, those cells grouped by resolution-2 parent. */
  private order!: Int32Array;
  /** Unit vectors and trial ranks in `order`'s sequence, so an edge cell is read in one sweep. */
  private ox!: Float64Array;
  private oy!: Float64Array;
  private oz!: Float64Array;
  /** Ranks of the point at order[i] are oRank[oStart[i] .. oStart[i+1]). */
  private oStart!: Int32Array;
  private oRank!: Int32Array;

  /** `later`: the caller runs `fill()` itself, in steps (see build()). */
  constructor(
    private readonly points: GeoPoints,
    private readonly pairs: TrialPairs,
    when: 'now' | 'later' = 'now',
  ) {
    this.unit = new UnitVectors(points);
    if (when === 'now') runToEnd(this.fill());
  }

  /** The same index, built in steps (see slices.ts), from the points' cells when given. */
  static *build(points: GeoPoints, pairs: TrialPairs, cells?: PointCells): Steps<TrialCells> {
    const index = new TrialCells(points, pairs, 'later');
    yield* index.fill(cells);
    return index;
  }

  private *fill(given?: PointCells): Steps<void> {
    const { points, pairs } = this;
    const cells = given ?? (yield* pointCells(points));
    const fineOf = cells.get(3)!;
    const coarseOf = cells.get(2)!;
    // parent -> child -> points, in first-seen order.
    const tree = new Map<string, Map<string, number[]>>();
    for (let p = 0; p < points.count; p++) {
      if ((p & 255) === 0) yield;
      const fine = fineOf[p];
      const coarse = coarseOf[p];
      let children = tree.get(coarse);
      if (!children) tree.set(coarse, (children = new Map()));
      let list = children.get(fine);
      if (!list) children.set(fine, (list = []));
      list.push(p);
    }
    const wordsPerCell = new Bitset(pairs.trialCount).words.length;
    const fineCount = [...tree.values()].reduce((n, children) => n + children.size, 0);
    this.coarse = new CellLevel(tree.size, wordsPerCell);
    this.fine = new CellLevel(fineCount, wordsPerCell);
    this.order = new Int32Array(points.count);

    let c2 = 0;
    let c3 = 0;
    let at = 0;
    for (const children of tree.values()) {
      this.coarse.first[c2] = c3;
      const coarsePoints: number[] = [];
      for (const list of children.values()) {
        yield;
        this.fine.first[c3] = at;
        for (const p of list) this.order[at++] = p;
        this.describe(this.fine, c3, list);
        for (const p of list) coarsePoints.push(p);
        c3++;
      }
      yield;
      this.describe(this.coarse, c2, coarsePoints);
      c2++;
    }
    this.coarse.first[c2] = c3;
    this.fine.first[c3] = at;
    const { x, y, z } = this.unit;
    this.ox = Float64Array.from(this.order, (p) => x[p]);
    this.oy = Float64Array.from(this.order, (p) => y[p]);
    this.oz = Float64Array.from(this.order, (p) => z[p]);
    yield;
    this.oStart = new Int32Array(points.count + 1);
    this.oRank = new Int32Array(pairs.pairRank.length);
    for (let i = 0, k = 0; i < points.count; i++) {
      if ((i & 1023) === 0) yield;
      const p = this.order[i];
      for (let j = pairs.pairStart[p]; j < pairs.pairStart[p + 1]; j++)
        this.oRank[k++] = pairs.pairRank[j];
      this.oStart[i + 1] = k;
    }
  }

  /** Sets cell c's cap and trials from its points. */
  private describe(level: CellLevel, c: number, list: readonly number[]): void {
    const { x, y, z } = this.unit;
    const { pairStart, pairRank } = this.pairs;
    let sx = 0;
    let sy = 0;
    let sz = 0;
    const base = c * level.wordsPerCell;
    for (const p of list) {
      sx += x[p];
      sy += y[p];
      sz += z[p];
      for (let k = pairStart[p]; k < pairStart[p + 1]; k++) {
        const rank = pairRank[k];
        level.trialWords[base + (rank >>> 5)] |= 1 << (rank & 31);
      }
    }
    const norm = Math.hypot(sx, sy, sz);
    level.cx[c] = sx / norm;
    level.cy[c] = sy / norm;
    level.cz[c] = sz / norm;
    let spread = 0;
    for (const p of list) spread = Math.max(spread, level.angleTo(c, x[p], y[p], z[p]));
    level.spread[c] = spread + CAP_SLACK_RADIANS;
  }

  /**
   * Sets in `out` every trial with a point within `miles` of (lat, lon) by turf's distance,
   * the same set the points of GeoCandidates.within() lead to.
   */
  markWithin(lat: number, lon: number, miles: number, out: Bitset): void {
    const angle = miles / MILES_PER_RADIAN;
    const cap = capOf(lat, lon, miles);
    const words = out.words;
    // Every point of a cell is between (angle to its mean point - spread) and (angle + spread) away.
    const classify = (level: CellLevel, c: number): number => {
      const toCentre = level.angleTo(c, cap.cx, cap.cy, cap.cz);
      if (toCentre - level.spread[c] > angle + CAP_SLACK_RADIANS) return OUTSIDE;
      if (toCentre + level.spread[c] < angle - CAP_SLACK_RADIANS) return INSIDE;
      return CROSSED;
    };
    const { coarse, fine, order } = this;
    for (let c2 = 0; c2 < coarse.count; c2++) {
      const outer = classify(coarse, c2);
      if (outer === OUTSIDE) continue;
      if (outer === INSIDE) {
        coarse.orInto(c2, words);
        continue;
      }
      for (let c3 = coarse.first[c2]; c3 < coarse.first[c2 + 1]; c3++) {
        const inner = classify(fine, c3);
        if (inner === OUTSIDE) continue;
        if (inner === INSIDE) fine.orInto(c3, words);
        else
          this.markPoints(order, fine.first[c3], fine.first[c3 + 1], lat, lon, miles, cap, words);
      }
    }
  }

  private markPoints(
    order: Int32Array,
    from: number,
    to: number,
    lat: number,
    lon: number,
    miles: number,
    cap: Cap,
    words: Uint32Array,
  ): void {
    const { ox, oy, oz, oStart, oRank } = this;
    for (let i = from; i < to; i++) {
      const dot = ox[i] * cap.cx + oy[i] * cap.cy + oz[i] * cap.cz;
      if (dot < cap.outside) continue;
      if (dot < cap.inside) {
        const p = order[i];
        if (milesBetween(lat, lon, this.points.lat[p], this.points.lon[p]) > miles) continue;
      }
      for (let k = oStart[i], e = oStart[i + 1]; k < e; k++) {
        const rank = oRank[k];
        words[rank >>> 5] |= 1 << (rank & 31);
      }
    }
  }
}
