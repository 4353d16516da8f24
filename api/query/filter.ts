/** Turns a TrialQuery's filters into the set of matching trial ranks (DESIGN.md "Filters"). */
import { rangesOverlap, type ExpressionRange } from '../../domain/biomarkers.js';
import { PHASE_FILTER_CODES, PHASE_FILTER_STUDY_TYPE } from '../../domain/phase.js';
import { DEFAULT_STATUS_BUCKETS } from '../../domain/status.js';
import { Bitset } from './bitset.js';
import { isoDay, type TrialIndex } from './trial-index.js';
import type { MutationCriterion, TrialQuery } from './types.js';

function union(size: number, sets: Iterable<Bitset | undefined>): Bitset {
  const out = new Bitset(size);
  for (const s of sets) if (s) out.or(s);
  return out;
}

/** Trials requiring an overlapping PD-L1 range (or PD-L1 with no cut-off) and not excluding it. */
function pdl1Matches(index: TrialIndex, range: ExpressionRange): Bitset {
  const required = new Bitset(index.size);
  const excluded = new Bitset(index.size);
  for (const row of index.pdl1) {
    if (row.range !== null && !rangesOverlap(row.range, range)) continue;
    (row.required ? required : excluded).set(row.rank);
  }
  return required.andNot(excluded);
}

function mutationMatches(index: TrialIndex, m: MutationCriterion): Bitset | undefined {
  if (m.range) return pdl1Matches(index, m.range);
  return index.sets.mutation.get(`${m.gene}:${m.alteration}`);
}

export function matchFilters(index: TrialIndex, q: TrialQuery): Bitset {
  const { sets, size } = index;
  // trialStatus without statusBuckets searches every bucket (docs/architecture.md).
  const buckets = q.statusBuckets ?? (q.trialStatus ? null : DEFAULT_STATUS_BUCKETS);
  const out = buckets ? union(size, buckets.map((b) => sets.bucket[b])) : Bitset.full(size);

  if (q.trialStatus) out.and(sets.status[q.trialStatus]);
  if (q.diagnosisType === 'nsclc') out.and(sets.nsclcEligible);
  if (q.diagnosisType === 'sclc') out.and(sets.sclcEligible);
  if (q.cancerStage) out.and(sets.sclcStage[q.cancerStage]);
  if (q.country === 'us') out.and(sets.usSite);
  if (q.country === 'international') out.and(sets.nonUsSite);
  if (q.state) out.and(sets.state.get(q.state) ?? new Bitset(size));
  if (q.gender === 'male') out.and(sets.acceptsMale);
  if (q.gender === 'female') out.and(sets.acceptsFemale);
  if (q.trialPhase) {
    const codes = PHASE_FILTER_CODES[q.trialPhase];
    const studyType = PHASE_FILTER_STUDY_TYPE[q.trialPhase];
    if (codes) out.and(union(size, codes.map((c) => sets.phase[c])));
    if (studyType) out.and(sets.studyType[studyType]);
  }
  if (q.biomarkers) out.and(union(size, q.biomarkers.map((g) => sets.gene[g])));
  if (q.mutations) out.and(union(size, q.mutations.map((m) => mutationMatches(index, m))));
  if (q.age !== null) {
    const age = q.age;
    const { ageMin, ageMax } = index;
    out.retain((r) => (ageMin[r] < 0 || ageMin[r] <= age) && (ageMax[r] < 0 || age <= ageMax[r]));
  }
  if (q.firstPostedAfter) {
    const day = isoDay(q.firstPostedAfter);
    const posted = index.firstPostedDay;
    out.retain((r) => posted[r] >= day);
  }
  return out;
}
