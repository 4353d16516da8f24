/**
 * TrialCells counts a circle's trials cell by cell; its answer must be the set of trials
 * with a point within the radius by turf's distance, point by point.
 */
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { Bitset } from '../../api/query/bitset.js';
import { milesBetween } from '../../geo/distance.js';
import { type GeoPoints } from '../../api/query/geo-candidates.js';
import { TrialCells, type TrialPairs } from '../../api/query/geo-trial-cells.js';

/** Points clustered around "cities" across the US; each point carries one to four of `trials` trials. */
function world(seed: string, n: number, trials: number): { points: GeoPoints; pairs: TrialPairs } {
  const rng = seedrandom(seed);
  const cities = Array.from({ length: 200 }, () => [25 + rng() * 24, -124 + rng() * 57]);
  const lat = new Float64Array(n);
  const lon = new Float64Array(n);
  const pairStart = new Int32Array(n + 1);
  const ranks: number[] = [];
  for (let i = 0; i < n; i++) {
    const [clat, clon] = cities[Math.floor(rng() * cities.length)];
    lat[i] = clat + (rng() - 0.5) * 0.8;
    lon[i] = clon + (rng() - 0.5) * 0.8;
    const here = new Set(
      Array.from({ length: 1 + Math.floor(rng() * 4) }, () => Math.floor(rng() * trials)),
    );
    ranks.push(...[...here].sort((a, b) => a - b));
    pairStart[i + 1] = ranks.length;
  }
  return {
    points: { count: n, lat, lon },
    pairs: { pairStart, pairRank: Int32Array.from(ranks), trialCount: trials },
  };
}

function bruteForce(
  { points, pairs }: ReturnType<typeof world>,
  lat: number,
  lon: number,
  miles: number,
): number[] {
  const out = new Set<number>();
  for (let p = 0; p < points.count; p++) {
    if (milesBetween(lat, lon, points.lat[p], points.lon[p]) > miles) continue;
    for (let k = pairs.pairStart[p]; k < pairs.pairStart[p + 1]; k++) out.add(pairs.pairRank[k]);
  }
  return [...out].sort((a, b) => a - b);
}

function marked(
  cells: TrialCells,
  trials: number,
  lat: number,
  lon: number,
  miles: number,
): number[] {
  const out = new Bitset(trials);
  cells.markWithin(lat, lon, miles, out);
  return out.slice(0, trials);
}

describe('TrialCells', () => {
  const w = world('cells', 15_000, 3_000);
  const cells = new TrialCells(w.points, w.pairs);

  it('marks exactly the trials with a point within the radius, for many centres and radii', () => {
    const rng = seedrandom('centres');
    for (let i = 0; i < 120; i++) {
      const p = Math.floor(rng() * w.points.count);
      const onPoint = i % 2 === 0;
      const lat = onPoint ? w.points.lat[p] : 20 + rng() * 35;
      const lon = onPoint ? w.points.lon[p] : -130 + rng() * 70;
      const miles = [0.1, 5, 25, 60, 100, 250, 400, 500][i % 8];
      expect(marked(cells, 3_000, lat, lon, miles)).toEqual(bruteForce(w, lat, lon, miles));
    }
  });

  it('holds points on the radius to turf: exactly on it is in, a hair short is out', () => {
    const small = world('edge', 2, 2);
    small.points.lat.set([40, 41]);
    small.points.lon.set([-100, -100]);
    const edge = new TrialCells(small.points, small.pairs);
    for (const centre of [40.5, 40.9, 35]) {
      const d = milesBetween(centre, -100, 41, -100);
      expect(marked(edge, 2, centre, -100, d)).toEqual(bruteForce(small, centre, -100, d));
      expect(marked(edge, 2, centre, -100, d - 1e-9)).toEqual(
        bruteForce(small, centre, -100, d - 1e-9),
      );
    }
  });
});
