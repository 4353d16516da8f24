/**
 * GET /trials over the index: filter to a bitset, then either page through it in the
 * default order or, for ZIP + radius, order by distance to the nearest site.
 */
import { MAX_RADIUS_MILES } from '../../domain/geo.js';
import { matchFilters } from './filter.js';
import type { TrialIndex } from './trial-index.js';
import type { TrialQuery } from './types.js';

export interface SearchHit {
  rank: number;
  /** ZIP searches only: pair index of the nearest site, and its distance rounded to 0.1 mile. */
  pair?: number;
  miles?: number;
}

export interface SearchResult {
  total: number;
  hits: SearchHit[];
}

/** Distances are ordered at the precision they are shown (0.1 mile), ties in the default order. */
const DECI_BUCKETS = MAX_RADIUS_MILES * 10 + 2;

export function searchTrials(index: TrialIndex, q: TrialQuery): SearchResult {
  const matches = matchFilters(index, q);
  if (!q.near) {
    return { total: matches.count(), hits: matches.slice(q.offset, q.limit).map((rank) => ({ rank })) };
  }

  const { best, bestPair } = index.scratch;
  best.fill(Infinity);
  const { pairStart, pairRank } = index.geo;
  index.geo.candidates.within(q.near.lat, q.near.lon, q.near.radiusMiles, (p, miles) => {
    for (let k = pairStart[p], end = pairStart[p + 1]; k < end; k++) {
      const r = pairRank[k];
      // Equal distances: the lower pair wins, so the answer is the same whatever order points arrive in.
      if (miles < best[r] || (miles === best[r] && k < bestPair[r])) {
        best[r] = miles;
        bestPair[r] = k;
      }
    }
  });
  matches.retain((r) => best[r] !== Infinity);

  // Counting sort on deci-miles; walking ranks upward keeps ties in the default order.
  const counts = new Int32Array(DECI_BUCKETS + 1);
  let total = 0;
  matches.forEach((r) => {
    counts[Math.round(best[r] * 10) + 1]++;
    total++;
  });
  for (let i = 1; i <= DECI_BUCKETS; i++) counts[i] += counts[i - 1];
  const ordered = new Int32Array(total);
  matches.forEach((r) => {
    ordered[counts[Math.round(best[r] * 10)]++] = r;
  });
  const hits: SearchHit[] = [];
  for (let i = q.offset, end = Math.min(total, q.offset + q.limit); i < end; i++) {
    const r = ordered[i];
    hits.push({ rank: r, pair: bestPair[r], miles: Math.round(best[r] * 10) / 10 });
  }
  return { total, hits };
}
