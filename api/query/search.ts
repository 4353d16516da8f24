/**
 * GET /trials over the index: filter to a bitset, then either page through it in the
 * default order or, for ZIP + radius, order by distance to the nearest site.
 *
 * A ZIP search's page usually lies close to the centre, so it is looked for in a small
 * circle first and the circle is widened only when that cannot hold the page; the full
 * circle is then only counted, which needs no distances. Profiling `npm run bench` showed
 * a 500-mile search spending ~60% of the server's time on the haversine and per-trial
 * minimum of every site in the circle, for a page of 50 trials from the nearest few miles.
 */
import { MAX_RADIUS_MILES } from '../../domain/geo.js';
import { Bitset } from './bitset.js';
import { matchFilters } from './filter.js';
import type { TrialIndex } from './trial-index.js';
import { matchText, type TextMatch } from './text-index.js';
import type { TrialQuery } from '../params/parameters.js';
import type { NearQuery, SortSpec } from './types.js';

export interface SearchHit {
  rank: number;
  /** ZIP searches only: pair index of the nearest site, and its distance rounded to 0.1 mile. */
  pair?: number;
  miles?: number;
}

export interface SearchResult {
  total: number;
  hits: SearchHit[];
  /** A ZIP page's nearest sites per hit, once rendered (render.ts). */
  samples?: PageSamples;
}

/** Hit i's nearest sites are sites[i * LOCATIONS_SAMPLE_SIZE ..] (count[i] of them), nearest first. */
export interface PageSamples {
  sites: Int32Array;
  count: Int32Array;
}

/** Distances are ordered at the precision they are shown (0.1 mile), ties in the default order. */
const MAX_KEY = MAX_RADIUS_MILES * 10;

/**
 * Circles tried before the asked one: most pages fill within 25 miles, sparse places within
 * 50 or 100. A circle costs about its area, so the 50-mile step keeps the ~1 in 5 bench
 * ZIPs whose page does not fill within 25 miles from paying for 100 (zip 100 mi: search
 * ~25% cheaper per request).
 */
const PAGE_RADII = [25, 50, 100];

/** The order a query's results come in; null is the default order (rank order). */
export function effectiveSort(q: TrialQuery): SortSpec | null {
  if (q.sort) return q.sort;
  if (q.near) return { by: 'distance', ascending: false };
  return q.q ? { by: 'relevance', ascending: false } : null;
}

export function searchTrials(index: TrialIndex, q: TrialQuery): SearchResult {
  const text = q.q ? matchText(index.text, index.size, q.q) : undefined;
  const matches = matchFilters(index, q, text);
  const sort = effectiveSort(q);
  if (!q.near) {
    const total = matches.count();
    // distance without a ZIP is refused by the validator; it would mean the default order.
    if (sort === null || sort.by === 'distance')
      return { total, hits: matches.slice(q.offset, q.limit).map((rank) => ({ rank })) };
    const ordered = orderedRanks(index, matches, sort, text, q.offset + q.limit);
    return {
      total,
      hits: Array.from(ordered.subarray(q.offset, q.offset + q.limit), (rank) => ({ rank })),
    };
  }
  if (sort?.by !== 'distance') {
    // Another order over the circle: every trial within it, each still with its nearest site.
    const found = nearestSites(index, q.near, q.near.radiusMiles, matches);
    return {
      total: found.count(),
      hits: page(index, orderedRanks(index, found, sort, text, Infinity), q.offset, q.limit),
    };
  }
  const want = q.offset + q.limit;
  const radius = q.near.radiusMiles;
  for (const r of [...PAGE_RADII.filter((r) => r < radius), radius]) {
    const full = r === radius;
    const found = nearestSites(index, q.near, r, matches);
    const ordered = orderByDistance(index, found, full ? Math.round(r * 10) : trustedKeys(r));
    if (full || ordered.length >= want) {
      const total = full ? ordered.length : countWithin(index, q.near, matches);
      return { total, hits: page(index, ordered, q.offset, q.limit) };
    }
  }
  throw new Error('unreachable: the last radius tried is the one asked for');
}

/**
 * Ranks of `set` in a non-distance order, at least the first `want` of them (a date order
 * stops there; relevance sorts them all). Ties keep the default order.
 */
function orderedRanks(
  index: TrialIndex,
  set: Bitset,
  sort: SortSpec | null,
  text: TextMatch | undefined,
  want: number,
): Int32Array {
  if (sort === null || sort.by === 'distance') return Int32Array.from(set.slice(0, set.count()));
  if (sort.by === 'relevance') {
    const score = text!.score;
    return Int32Array.from(set.slice(0, set.count())).sort((a, b) => score[b] - score[a] || a - b);
  }
  const order = (sort.ascending ? index.oldestFirst : index.orders)[sort.by];
  const out: number[] = [];
  for (let i = 0; i < order.length && out.length < want; i++)
    if (set.has(order[i])) out.push(order[i]);
  return Int32Array.from(out);
}

/**
 * The largest 0.1-mile key that only a trial whose nearest site is within `r` can have.
 * Math.round(x) <= k holds exactly when x < k + 0.5, and k + 0.5 <= fl(10 r) here, so
 * fl(10 d) < fl(10 r), which needs d < r. Every trial of the full circle with such a key
 * is therefore in the small circle, at the same distance, with the same nearest site: the
 * small circle's order up to this key is the full circle's.
 */
function trustedKeys(r: number): number {
  return Math.floor(r * 10 - 0.5);
}

/**
 * Matching trials with a site within `r`, each trial's nearest distance and site left in
 * the index's scratch arrays (equal distances: the lower pair wins, so the answer does
 * not depend on the order points arrive in).
 */
function nearestSites(index: TrialIndex, near: NearQuery, r: number, matches: Bitset): Bitset {
  const { best, bestPair } = index.scratch;
  const { pairStart, pairRank } = index.geo;
  const found = new Bitset(index.size);
  const seen = found.words;
  index.geo.candidates.within(near.lat, near.lon, r, (p, miles) => {
    for (let k = pairStart[p], end = pairStart[p + 1]; k < end; k++) {
      const rank = pairRank[k];
      const bit = 1 << (rank & 31);
      if ((seen[rank >>> 5] & bit) === 0) {
        seen[rank >>> 5] |= bit;
        best[rank] = miles;
        bestPair[rank] = k;
      } else if (miles < best[rank] || (miles === best[rank] && k < bestPair[rank])) {
        best[rank] = miles;
        bestPair[rank] = k;
      }
    }
  });
  return found.and(matches);
}

/**
 * Ranks by 0.1-mile key, then rank (counting sort; walking ranks upward keeps ties in the default
 * order), keys above `maxKey` left out.
 */
function orderByDistance(index: TrialIndex, found: Bitset, maxKey: number): Int32Array {
  const { best } = index.scratch;
  // Only as many buckets as keys can occur: a 25-mile circle has 251, not 5,000.
  const buckets = Math.max(0, Math.min(maxKey, MAX_KEY)) + 1;
  const counts = new Int32Array(buckets + 1);
  let n = 0;
  found.forEach((rank) => {
    const key = Math.round(best[rank] * 10);
    if (key <= maxKey) {
      counts[key + 1]++;
      n++;
    }
  });
  for (let i = 1; i <= buckets; i++) counts[i] += counts[i - 1];
  const ordered = new Int32Array(n);
  found.forEach((rank) => {
    const key = Math.round(best[rank] * 10);
    if (key <= maxKey) ordered[counts[key]++] = rank;
  });
  return ordered;
}

/** How many matching trials have a site within the asked radius. */
function countWithin(index: TrialIndex, near: NearQuery, matches: Bitset): number {
  const { pairStart, pairRank, trialCells } = index.geo;
  const within = new Bitset(index.size);
  if (trialCells) {
    trialCells.markWithin(near.lat, near.lon, near.radiusMiles, within);
  } else {
    index.geo.candidates.within(near.lat, near.lon, near.radiusMiles, (p) => {
      for (let k = pairStart[p], end = pairStart[p + 1]; k < end; k++) within.set(pairRank[k]);
    });
  }
  return within.and(matches).count();
}

function page(index: TrialIndex, ordered: Int32Array, offset: number, limit: number): SearchHit[] {
  const { best, bestPair } = index.scratch;
  const hits: SearchHit[] = [];
  for (let i = offset, end = Math.min(ordered.length, offset + limit); i < end; i++) {
    const r = ordered[i];
    hits.push({ rank: r, pair: bestPair[r], miles: Math.round(best[r] * 10) / 10 });
  }
  return hits;
}
