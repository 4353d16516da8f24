/**
 * A ZIP page's locations_sample from a trial's k-d tree (api/query/nearest-sample.ts) is
 * exactly what measuring every site gives: the same five sites in the same order, equal
 * distances in record order (sites placed at one ZIP or city centroid share coordinates,
 * so ties are common), sites without coordinates last. Checked against a reference that
 * measures every site, over trials above and below the tree's threshold.
 */
import { describe, expect, it } from 'vitest';
import { blankSite, type SiteRow } from '../../domain/rows.js';
import { LOCATIONS_SAMPLE_SIZE } from '../../api/present.js';
import { unitVector } from '../../api/query/geo-candidates.js';
import {
  KD_MIN_SITES,
  nearestSample,
  SiteSpanBuilder,
  type SiteSpans,
} from '../../api/query/nearest-sample.js';
import type { TrialJson } from '../../api/query/trial-json.js';

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Trials of 0..400 sites around US-like places, many sharing a centroid, some unplaced. */
function trialSites(rand: () => number, trials: number): SiteRow[][] {
  const centroids = Array.from({ length: 60 }, () => [25 + rand() * 24, -124 + rand() * 57]);
  return Array.from({ length: trials }, (_t, t) => {
    const count = t % 5 === 0 ? Math.floor(rand() * 12) : Math.floor(rand() * 400);
    return Array.from({ length: count }, (_s, i): SiteRow => {
      const r = rand();
      const [lat, lon] =
        r < 0.1
          ? [null, null]
          : r < 0.6
            ? centroids[Math.floor(rand() * centroids.length)]
            : [25 + rand() * 24, -124 + rand() * 57];
      return blankSite({ nct_id: `T${t}`, site_index: i, latitude: lat, longitude: lon });
    });
  });
}

function spansOf(trials: SiteRow[][]): SiteSpans {
  const total = trials.reduce((n, s) => n + s.length, 0);
  const builder = new SiteSpanBuilder(trials.length, total);
  for (const sites of trials) {
    // Only the byte spans of the bodies, which this search does not read.
    const json = {
      siteStart: new Int32Array(sites.length),
      siteEnd: new Int32Array(sites.length),
      sampleStart: 0,
      sampleEnd: 0,
    } as unknown as TrialJson;
    builder.add(sites, json);
  }
  return builder.build();
}

/** Every site measured: larger dot first, equal dots and unplaced sites in record order. */
function reference(spans: SiteSpans, rank: number, centre: readonly number[]): number[] {
  const ks: [number, number][] = [];
  for (let k = spans.siteStart[rank]; k < spans.siteStart[rank + 1]; k++) {
    const x = spans.siteX[k];
    const dot = Number.isNaN(x)
      ? -2
      : x * centre[0] + spans.siteY[k] * centre[1] + spans.siteZ[k] * centre[2];
    ks.push([k, dot]);
  }
  ks.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  return ks.slice(0, LOCATIONS_SAMPLE_SIZE).map(([k]) => k);
}

describe('nearest sample', () => {
  it('from the k-d tree is the five sites measuring every site gives, in its order', () => {
    const rand = random(24);
    const trials = trialSites(rand, 120);
    const spans = spansOf(trials);
    const withTree = trials.filter(
      (_s, r) => spans.kdStart[r + 1] - spans.kdStart[r] >= KD_MIN_SITES,
    ).length;
    expect(withTree).toBeGreaterThan(60);
    const out = new Int32Array(LOCATIONS_SAMPLE_SIZE);
    const dots = new Float64Array(LOCATIONS_SAMPLE_SIZE);
    let compared = 0;
    for (let q = 0; q < 300; q++) {
      // Random centres, and centres exactly on a site (a tie at the nearest distance).
      const site = trials[q % trials.length][0];
      const [lat, lon] =
        q % 3 === 0 && site?.latitude != null
          ? [site.latitude, site.longitude!]
          : [24 + rand() * 26, -125 + rand() * 59];
      const centre = unitVector(lat, lon);
      for (let r = 0; r < trials.length; r++) {
        const n = nearestSample(spans, r, centre, out, dots);
        expect(Array.from(out.subarray(0, n)), `trial ${r}, centre ${lat},${lon}`).toEqual(
          reference(spans, r, centre),
        );
        compared++;
      }
    }
    expect(compared).toBe(300 * 120);
  });
});
