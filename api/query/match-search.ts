/**
 * GET /match over the index: the /trials filters it takes select and order the trials (the
 * default order, or nearest first with a ZIP), then each trial is judged against the
 * patient (match.ts) and the page is cut from eligible trials first, then those that need a
 * test, then (includeIneligible) the rest, each group in the search's order.
 */
import {
  judgeTrial,
  lungRows,
  MATCH_STATUSES,
  matchStatus,
  trialWays,
  type RowVerdict,
  type TrialWays,
  type MatchStatus,
  type TrialVerdict,
} from './match.js';
import { searchTrials, type SearchHit } from './search.js';
import type { TrialIndex } from './trial-index.js';
import type { TrialQuery } from '../params/parameters.js';
import type { PatientProfile } from './types.js';

/** Each trial's ways in (match.ts trialWays), once per index; null without a lung row (eligible). */
const waysOf = new WeakMap<TrialIndex, readonly (TrialWays | null)[]>();

function waysByRank(index: TrialIndex): readonly (TrialWays | null)[] {
  let ways = waysOf.get(index);
  if (!ways) {
    ways = index.markers.map((m) => {
      const lung = lungRows(m);
      return lung.length ? trialWays(lung) : null;
    });
    waysOf.set(index, ways);
  }
  return ways;
}

export interface MatchHit extends SearchHit {
  verdict: TrialVerdict;
}

export interface MatchResult {
  total: number;
  hits: MatchHit[];
}

/** The patient as /match's parameters give them. */
export function profileOf(q: TrialQuery): PatientProfile {
  return { positives: q.markers ?? [], negativeFor: q.negativeFor ?? [] };
}

export function searchMatches(index: TrialIndex, q: TrialQuery): MatchResult {
  const profile = profileOf(q);
  const found = searchTrials(index, { ...q, offset: 0, limit: index.size, sort: null });
  // Every kept trial's status decides the order and the total; only the page's trials get
  // their full verdict (reason, tests, rows), which costs several times the status.
  const byStatus = Object.fromEntries(MATCH_STATUSES.map((s) => [s, [] as SearchHit[]])) as Record<
    MatchStatus,
    SearchHit[]
  >;
  const ways = waysByRank(index);
  const memo = new Map<string, RowVerdict>();
  for (const hit of found.hits) {
    // Only trials for lung cancer patients (lung cancer or pan-tumour), typed or not.
    if (!index.sets.lungPatients.has(hit.rank)) continue;
    const trial = ways[hit.rank];
    const status = trial ? matchStatus(trial, profile, memo) : 'eligible';
    if (status === 'ineligible' && !q.includeIneligible) continue;
    byStatus[status].push(hit);
  }
  const ordered = MATCH_STATUSES.flatMap((s) => byStatus[s]);
  const hits = ordered.slice(q.offset, q.offset + q.limit).map((hit): MatchHit => {
    const verdict: TrialVerdict = judgeTrial(index.markers[hit.rank], profile);
    return { ...hit, verdict };
  });
  return { total: ordered.length, hits };
}
