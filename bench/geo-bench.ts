/**
 * Child: the H3 prefilter against a brute-force distance over every indexed US point, on
 * the full snapshot, for the same random ZIP centres at each radius. Both the candidate
 * step alone and the whole search (filters, nearest site per trial, distance order) are
 * compared: the answers must be identical (points, distances to the bit, result order),
 * or the run fails. So must each page's nearest-first locations_sample from the trials' k-d
 * trees against measuring every site (nearestSample with the trees left out), for the
 * first 50 trials of every search, whose time per page of 50 both ways is reported too.
 * Timing passes use a visitor that only sums, so collecting results
 * costs neither side.
 */
import { parseArgs } from 'node:util';
import { parseTrialsQuery } from '../api/params/trials-query.js';
import {
  BruteForceGeoCandidates,
  unitVector,
  type GeoCandidates,
} from '../api/query/geo-candidates.js';
import { nearestSample, type SiteSpans } from '../api/query/nearest-sample.js';
import { LOCATIONS_SAMPLE_SIZE } from '../api/present.js';
import { searchTrials, type SearchResult } from '../api/query/search.js';
import { buildTrialIndex, type TrialIndex } from '../api/query/trial-index.js';
import type { TrialQuery } from '../api/params/parameters.js';
import { readSnapshot, resolveLatest } from '../snapshot/index.js';
import { failChild, sendToParent } from './child.js';
import { randomZips, ZIP_RADII } from './http-mixes.js';

export interface GeoRadiusResult {
  radius: number;
  queries: number;
  /** Mean points within the radius per query, and trials matched by the search. */
  mean_points: number;
  mean_trials: number;
  h3_ms: number;
  brute_ms: number;
  /** brute / h3 for the candidate step. */
  speedup: number;
  search_h3_ms: number;
  search_brute_ms: number;
  search_speedup: number;
  /** nearestSample for a page's 50 trials: from the k-d trees, and measuring every site. */
  sample_kd_us: number;
  sample_scan_us: number;
}

export interface GeoResult {
  type: 'result';
  points: number;
  radii: GeoRadiusResult[];
}

/** H3 passes repeat until this much time has passed, so a sub-millisecond query still gets a stable mean. */
const MIN_TIMED_MS = 500;

function sameSearch(a: SearchResult, b: SearchResult): boolean {
  if (a.total !== b.total || a.hits.length !== b.hits.length) return false;
  return a.hits.every(
    (h, i) => h.rank === b.hits[i].rank && h.pair === b.hits[i].pair && h.miles === b.hits[i].miles,
  );
}

function collect(c: GeoCandidates, q: TrialQuery['near'] & object): Map<number, number> {
  const out = new Map<number, number>();
  c.within(q.lat, q.lon, q.radiusMiles, (p, d) => {
    if (out.has(p)) throw new Error(`point ${p} visited twice for ZIP ${q.zip}`);
    out.set(p, d);
  });
  return out;
}

function assertSameCandidates(
  h3: Map<number, number>,
  brute: Map<number, number>,
  q: TrialQuery['near'] & object,
): void {
  const where = `ZIP ${q.zip} at ${q.radiusMiles} mi`;
  if (h3.size !== brute.size)
    throw new Error(`${where}: H3 found ${h3.size} points, brute force ${brute.size}`);
  for (const [p, d] of brute) {
    if (h3.get(p) !== d)
      throw new Error(`${where}: point ${p} at ${d} mi by brute force, ${h3.get(p)} by H3`);
  }
}

/** Mean ms per call of `run(i)` over all i, repeating whole passes until MIN_TIMED_MS (at least once). */
function timePerCall(
  n: number,
  run: (i: number) => number,
  minMs: number,
): { ms: number; sink: number } {
  let calls = 0;
  let sink = 0;
  const started = performance.now();
  do {
    for (let i = 0; i < n; i++) sink += run(i);
    calls += n;
  } while (performance.now() - started < minMs);
  return { ms: (performance.now() - started) / calls, sink };
}

const PAGE = 50;

/** nearestSample over each page's trials; returns a checksum so the work is not dropped. */
function samplePages(
  spans: SiteSpans,
  pages: readonly { centre: [number, number, number]; ranks: readonly number[] }[],
  check?: (page: number, rank: number, sample: number[]) => void,
): number {
  const out = new Int32Array(LOCATIONS_SAMPLE_SIZE);
  const dots = new Float64Array(LOCATIONS_SAMPLE_SIZE);
  let sink = 0;
  pages.forEach((p, i) => {
    for (const rank of p.ranks) {
      const n = nearestSample(spans, rank, p.centre, out, dots);
      sink += n ? out[0] : 0;
      check?.(i, rank, Array.from(out.subarray(0, n)));
    }
  });
  return sink;
}

/** The k-d trees against measuring every site: identical samples, and the time per page. */
function benchSamples(
  index: TrialIndex,
  pages: { centre: [number, number, number]; ranks: number[] }[],
  radius: number,
): { kd: number; scan: number } {
  const trees = index.siteSpans;
  const scan: SiteSpans = { ...trees, kdStart: new Int32Array(trees.kdStart.length) };
  const expected = new Map<string, number[]>();
  samplePages(scan, pages, (i, rank, s) => expected.set(`${i}:${rank}`, s));
  samplePages(trees, pages, (i, rank, s) => {
    if (s.join() !== expected.get(`${i}:${rank}`)!.join())
      throw new Error(`${radius} mi, page ${i}, rank ${rank}: the k-d tree sample differs`);
  });
  const time = (spans: SiteSpans) =>
    timePerCall(1, () => samplePages(spans, pages), MIN_TIMED_MS).ms * 1000;
  return { kd: time(trees) / pages.length, scan: time(scan) / pages.length };
}

function benchRadius(
  index: TrialIndex,
  bruteIndex: TrialIndex,
  zips: string[],
  radius: number,
): GeoRadiusResult {
  const queries = zips.map((zip) => parseTrialsQuery({ zip, radius: String(radius) }));
  const near = queries.map((q) => q.near!);
  const h3 = index.geo.candidates;
  const brute = bruteIndex.geo.candidates;

  // Equality over every query; this pass also warms both paths up.
  let points = 0;
  let trials = 0;
  const pages: { centre: [number, number, number]; ranks: number[] }[] = [];
  for (let i = 0; i < queries.length; i++) {
    const expected = collect(brute, near[i]);
    assertSameCandidates(collect(h3, near[i]), expected, near[i]);
    const everything = { ...queries[i], limit: index.size };
    const a = searchTrials(index, everything);
    const b = searchTrials(bruteIndex, everything);
    if (!sameSearch(a, b))
      throw new Error(
        `ZIP ${near[i].zip} at ${radius} mi: the H3 search and the brute-force search differ`,
      );
    points += expected.size;
    trials += a.total;
    const centre = unitVector(near[i].lat, near[i].lon);
    pages.push({ centre, ranks: a.hits.slice(0, PAGE).map((h) => h.rank) });
  }
  const samples = benchSamples(index, pages, radius);

  const sumWithin = (c: GeoCandidates) => (i: number) => {
    let s = 0;
    c.within(near[i].lat, near[i].lon, radius, (_p, d) => {
      s += d;
    });
    return s;
  };
  const h3Time = timePerCall(queries.length, sumWithin(h3), MIN_TIMED_MS);
  const bruteTime = timePerCall(queries.length, sumWithin(brute), 0);
  const searchH3 = timePerCall(
    queries.length,
    (i) => searchTrials(index, queries[i]).total,
    MIN_TIMED_MS,
  );
  const searchBrute = timePerCall(
    queries.length,
    (i) => searchTrials(bruteIndex, queries[i]).total,
    0,
  );

  return {
    radius,
    queries: queries.length,
    mean_points: points / queries.length,
    mean_trials: trials / queries.length,
    h3_ms: h3Time.ms,
    brute_ms: bruteTime.ms,
    speedup: bruteTime.ms / h3Time.ms,
    search_h3_ms: searchH3.ms,
    search_brute_ms: searchBrute.ms,
    search_speedup: searchBrute.ms / searchH3.ms,
    sample_kd_us: samples.kd,
    sample_scan_us: samples.scan,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { 'snapshot-root': { type: 'string' }, queries: { type: 'string', default: '300' } },
  });
  const latest = await resolveLatest(values['snapshot-root']!);
  if (!latest) throw new Error(`no snapshot under ${values['snapshot-root']}`);
  const index = buildTrialIndex((await readSnapshot(latest.dir)).tables);
  // The same index with only the candidate step swapped, so everything else is shared.
  const bruteIndex: TrialIndex = {
    ...index,
    geo: { ...index.geo, candidates: new BruteForceGeoCandidates(index.geo.points) },
  };
  const zips = randomZips(Number(values.queries), 'bench-geo-zips');
  const radii = ZIP_RADII.map((radius) => benchRadius(index, bruteIndex, zips, radius));
  await sendToParent({ type: 'result', points: index.geo.points.count, radii } satisfies GeoResult);
  process.exit(0);
}

main().catch(failChild);
