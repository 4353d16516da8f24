import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { milesBetween } from '../../geo/distance.js';
import { cellToParent, latLngToCell } from 'h3-js';
import {
  BruteForceGeoCandidates,
  H3GeoCandidates,
  PointDistances,
  pointCells,
  type GeoPoints,
} from '../../api/query/geo-candidates.js';
import { runToEnd } from '../../api/query/slices.js';

/** Points clustered like trial sites: around a few hundred "cities" across the US, Alaska and Hawaii. */
function randomPoints(seed: string, n: number): GeoPoints {
  const rng = seedrandom(seed);
  const cities = Array.from({ length: 300 }, (_, i) =>
    i < 10
      ? [19 + rng() * 3, -160 + rng() * 5]
      : i < 20
        ? [55 + rng() * 10, -165 + rng() * 25]
        : [25 + rng() * 24, -124 + rng() * 57],
  );
  const lat = new Float64Array(n);
  const lon = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const [clat, clon] = cities[Math.floor(rng() * cities.length)];
    lat[i] = clat + (rng() - 0.5) * 0.6;
    lon[i] = clon + (rng() - 0.5) * 0.6;
  }
  return { count: n, lat, lon };
}

function collect(
  c: { within: H3GeoCandidates['within'] },
  lat: number,
  lon: number,
  miles: number,
): Map<number, number> {
  const out = new Map<number, number>();
  c.within(lat, lon, miles, (p, d) => {
    expect(out.has(p)).toBe(false);
    out.set(p, d);
  });
  return out;
}

describe('geo candidates', () => {
  it('PointDistances gives the same bits as @turf/distance', () => {
    const pts = randomPoints('bits', 2000);
    const dist = new PointDistances(pts);
    const rng = seedrandom('centres');
    for (let i = 0; i < 200; i++) {
      const lat = 18 + rng() * 50;
      const lon = -170 + rng() * 110;
      const cos0 = Math.cos(((lat % 360) * Math.PI) / 180);
      for (let p = 0; p < pts.count; p += 7) {
        expect(dist.miles(lat, lon, cos0, p)).toBe(milesBetween(lat, lon, pts.lat[p], pts.lon[p]));
      }
    }
  });

  it('H3 buckets return exactly the brute-force set and distances for many centres and radii', () => {
    const pts = randomPoints('sites', 20_000);
    const h3 = new H3GeoCandidates(pts);
    const brute = new BruteForceGeoCandidates(pts);
    const rng = seedrandom('queries');
    const radii = [0.5, 1, 5, 10, 25, 50, 100, 180, 250, 400, 500];
    let nonEmpty = 0;
    for (let i = 0; i < 150; i++) {
      // Half the centres sit on a point (dense neighbourhoods), half anywhere in the box.
      const onPoint = i % 2 === 0;
      const p = Math.floor(rng() * pts.count);
      const lat = onPoint ? pts.lat[p] + (rng() - 0.5) * 0.05 : 18 + rng() * 50;
      const lon = onPoint ? pts.lon[p] + (rng() - 0.5) * 0.05 : -170 + rng() * 110;
      const miles = radii[i % radii.length];
      const expected = collect(brute, lat, lon, miles);
      const actual = collect(h3, lat, lon, miles);
      expect([...actual.keys()].sort((a, b) => a - b)).toEqual(
        [...expected.keys()].sort((a, b) => a - b),
      );
      for (const [k, d] of expected) expect(actual.get(k)).toBe(d);
      if (expected.size > 0) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(50);
  });

  it("takes an earlier index's cells for the points it held and computes the rest: the same cells", () => {
    const pts = randomPoints('cells', 3000);
    // The earlier index held every other point of the first 2,000, in another order.
    const held = Array.from({ length: 1000 }, (_, i) => 1998 - 2 * i);
    const earlier: GeoPoints = {
      count: held.length,
      lat: Float64Array.from(held, (p) => pts.lat[p]),
      lon: Float64Array.from(held, (p) => pts.lon[p]),
    };
    const known = new H3GeoCandidates(earlier).knownCells();
    const copied = runToEnd(pointCells(pts, known));
    const computed = runToEnd(pointCells(pts));
    expect([...copied.keys()]).toEqual([6, 5, 4, 3, 2, 1]);
    for (const [res, cells] of computed) {
      expect(copied.get(res)).toEqual(cells);
      for (let p = 0; p < pts.count; p += 97)
        expect(cells[p]).toBe(cellToParent(latLngToCell(pts.lat[p], pts.lon[p], 7), res));
    }
  });

  it('includes a point exactly on the radius and excludes one just beyond', () => {
    const pts: GeoPoints = {
      count: 2,
      lat: Float64Array.from([40, 41]),
      lon: Float64Array.from([-100, -100]),
    };
    const d = milesBetween(40.5, -100, 41, -100);
    const h3 = new H3GeoCandidates(pts);
    expect([...collect(h3, 40.5, -100, d).keys()].sort()).toEqual([0, 1]);
    expect([...collect(h3, 40.5, -100, d - 1e-9).keys()]).toEqual([]);
  });
});
