/**
 * GET /match over the index: the /trials filters it takes select and order the trials (the
 * default order, or nearest first with a ZIP), then each trial is judged against the
 * patient (match.ts) and the page is cut from eligible trials first, then those that need a
 * test, then (includeIneligible) the rest, each group in the search's order.
 */
import { judgeTrial, MATCH_STATUSES, type MatchStatus, type TrialVerdict } from './match.js';
import { searchTrials, type SearchHit } from './search.js';
import type { TrialIndex } from './trial-index.js';
import type { TrialQuery } from '../params/parameters.js';
import type { PatientProfile } from './types.js';

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
  const byStatus = Object.fromEntries(MATCH_STATUSES.map((s) => [s, [] as MatchHit[]])) as Record<
    MatchStatus,
    MatchHit[]
  >;
  for (const hit of found.hits) {
    // Only trials for lung cancer patients (lung cancer or pan-tumour), typed or not.
    if (!index.sets.lungPatients.has(hit.rank)) continue;
    const verdict = judgeTrial(index.markers[hit.rank], profile);
    if (verdict.status === 'ineligible' && !q.includeIneligible) continue;
    byStatus[verdict.status].push({ ...hit, verdict });
  }
  const ordered = MATCH_STATUSES.flatMap((s) => byStatus[s]);
  return { total: ordered.length, hits: ordered.slice(q.offset, q.offset + q.limit) };
}
