/**
 * Turns a TrialQuery's filters into the set of matching trial ranks (docs/product-rules.md).
 * Each filter is one named constraint; the search ANDs them, and the explanation
 * (explain.ts) asks each of the same constraints about one trial, so the two cannot
 * disagree about why a trial is in or out.
 */
import { positiveScore, rangesOverlap, type ExpressionRange } from '../../domain/biomarkers.js';
import { isSclcStage } from '../../domain/diagnosis.js';
import { PHASE_FILTER_CODES, PHASE_FILTER_STUDY_TYPE } from '../../domain/phase.js';
import { DEFAULT_STATUS_BUCKETS } from '../../domain/status.js';
import { Bitset } from './bitset.js';
import { isoDay, type TrialIndex } from './trial-index.js';
import { holdsWords, matchText, type TextMatch } from './text-index.js';
import { FILTER_PARAMETERS, type FilterParameter, type TrialQuery } from '../params/parameters.js';
import type { MutationCriterion } from './types.js';

export interface Constraint {
  parameter: FilterParameter;
  /** A set of ranks, or a per-rank test for the numeric filters. */
  test: Bitset | ((rank: number) => boolean);
}

function union(size: number, sets: Iterable<Bitset | undefined>): Bitset {
  const out = new Bitset(size);
  for (const s of sets) if (s) out.or(s);
  return out;
}

/**
 * PD-L1 answers per index and range: queries name a handful of ranges (TPS>=50, TPS<1 ...),
 * and walking every PD-L1 row per request was ~10% of the server's time in the biomarker
 * bench mix. The index is immutable, so an answer never goes stale; the map dies with its
 * snapshot, and holds at most PDL1_ANSWERS ranges (any number parses, so keys are unbounded).
 */
const pdl1Answers = new WeakMap<TrialIndex, Map<string, Bitset>>();
const PDL1_ANSWERS = 256;

/** Trials requiring an overlapping PD-L1 range (no cut-off: a positive score) and not excluding it. */
function pdl1Matches(index: TrialIndex, range: ExpressionRange): Bitset {
  let answers = pdl1Answers.get(index);
  if (!answers) pdl1Answers.set(index, (answers = new Map()));
  const key = `${range.metric}|${range.low}|${range.lowExclusive}|${range.high}|${range.highExclusive}`;
  let answer = answers.get(key);
  if (!answer) {
    if (answers.size >= PDL1_ANSWERS) answers.delete(answers.keys().next().value!);
    answers.set(key, (answer = pdl1Scan(index, range)));
  }
  return answer;
}

function pdl1Scan(index: TrialIndex, range: ExpressionRange): Bitset {
  const required = new Bitset(index.size);
  const excluded = new Bitset(index.size);
  for (const row of index.pdl1) {
    if (!rangesOverlap(row.range ?? positiveScore(range.metric), range)) continue;
    (row.required ? required : excluded).set(row.rank);
  }
  return required.andNot(excluded);
}

export function mutationMatches(index: TrialIndex, m: MutationCriterion): Bitset | undefined {
  if (m.range) return pdl1Matches(index, m.range);
  return index.sets.mutation.get(`${m.gene}:${m.alteration}`);
}

/** The buckets a query searches: trialStatus without statusBuckets searches every bucket (docs/architecture.md). */
export function searchedBuckets(q: TrialQuery): TrialQuery['statusBuckets'] {
  return q.statusBuckets ?? (q.trialStatus ? null : [...DEFAULT_STATUS_BUCKETS]);
}

type ConstraintTest = Constraint['test'];

/**
 * How each filter parameter selects trials: a set of ranks, a per-rank test, or undefined
 * when the value asks for no restriction. Keyed by FilterParameter, so a filter row added
 * to the parameter table (api/params/parameters.ts) is a type error until it has its entry.
 * `text`: the query's free-text match when the caller already has it (search.ts needs its scores).
 */
const CONSTRAINTS: {
  [K in FilterParameter]: (
    index: TrialIndex,
    q: TrialQuery,
    text?: TextMatch,
  ) => ConstraintTest | undefined;
} = {
  diagnosisType: ({ sets }, q) =>
    q.diagnosisType === 'nsclc'
      ? sets.nsclcEligible
      : q.diagnosisType === 'sclc'
        ? sets.sclcEligible
        : undefined,
  cancerStage: ({ sets }, q) => (q.cancerStage ? sets.sclcStage[q.cancerStage] : undefined),
  stage: ({ sets }, { stage }) =>
    stage === null
      ? undefined
      : isSclcStage(stage)
        ? sets.sclcStage[stage]
        : sets.nsclcStage[stage],
  country: ({ sets }, q) =>
    q.country === 'us' ? sets.usSite : q.country === 'international' ? sets.nonUsSite : undefined,
  state: ({ sets, size }, q) =>
    q.state ? (sets.state.get(q.state) ?? new Bitset(size)) : undefined,
  gender: ({ sets }, q) =>
    q.gender === 'male' ? sets.acceptsMale : q.gender === 'female' ? sets.acceptsFemale : undefined,
  age: ({ ageMin, ageMax }, { age }) =>
    age === null
      ? undefined
      : (r) => (ageMin[r] < 0 || ageMin[r] <= age) && (ageMax[r] < 0 || age <= ageMax[r]),
  trialPhase: ({ sets, size }, q) =>
    // Any of the listed values; 'All Phases' anywhere in the list means no phase restriction.
    q.trialPhase && !q.trialPhase.some((f) => !PHASE_FILTER_CODES[f] && !PHASE_FILTER_STUDY_TYPE[f])
      ? union(
          size,
          q.trialPhase.flatMap((f) => [
            ...(PHASE_FILTER_CODES[f] ?? []).map((c) => sets.phase[c]),
            ...(PHASE_FILTER_STUDY_TYPE[f] ? [sets.studyType[PHASE_FILTER_STUDY_TYPE[f]!]] : []),
          ]),
        )
      : undefined,
  trialStatus: ({ sets, size }, q) =>
    q.trialStatus
      ? union(
          size,
          q.trialStatus.map((s) => sets.status[s]),
        )
      : undefined,
  statusBuckets: ({ sets, size }, q) => {
    const buckets = searchedBuckets(q);
    return buckets
      ? union(
          size,
          buckets.map((b) => sets.bucket[b]),
        )
      : undefined;
  },
  biomarkers: ({ sets, size }, q) =>
    q.biomarkers
      ? union(
          size,
          q.biomarkers.map((g) => sets.gene[g]),
        )
      : undefined,
  mutations: (index, q) =>
    q.mutations
      ? union(
          index.size,
          q.mutations.map((m) => mutationMatches(index, m)),
        )
      : undefined,
  firstPostedAfter: ({ firstPostedDay }, q) => {
    if (!q.firstPostedAfter) return undefined;
    const day = isoDay(q.firstPostedAfter);
    return (r) => firstPostedDay[r] >= day;
  },
  lastUpdatedAfter: ({ lastUpdatedDay }, q) => {
    if (!q.lastUpdatedAfter) return undefined;
    const day = isoDay(q.lastUpdatedAfter);
    return (r) => lastUpdatedDay[r] >= day;
  },
  sponsor: ({ sponsorWords }, q) => {
    const names = q.sponsor;
    return names ? (r) => names.some((terms) => holdsWords(sponsorWords[r], terms)) : undefined;
  },
  intervention: ({ interventionWords }, q) => {
    const names = q.intervention;
    return names
      ? (r) =>
          interventionWords[r].some((tokens) => names.some((terms) => holdsWords(tokens, terms)))
      : undefined;
  },
  q: (index, q, text) =>
    q.q ? (text ?? matchText(index.text, index.size, q.q)).matches : undefined,
};

/** The constraints of a query, in the parameter table's order. */
export function constraintsOf(index: TrialIndex, q: TrialQuery, text?: TextMatch): Constraint[] {
  const out: Constraint[] = [];
  for (const parameter of FILTER_PARAMETERS) {
    const test = CONSTRAINTS[parameter](index, q, text);
    if (test) out.push({ parameter, test });
  }
  return out;
}

export function constraintHolds(c: Constraint, rank: number): boolean {
  return typeof c.test === 'function' ? c.test(rank) : c.test.has(rank);
}

export function matchFilters(index: TrialIndex, q: TrialQuery, text?: TextMatch): Bitset {
  const constraints = constraintsOf(index, q, text);
  // Bitsets first, word-wide; the per-rank tests then only visit what is left.
  const out = Bitset.full(index.size);
  for (const c of constraints) if (typeof c.test !== 'function') out.and(c.test);
  for (const c of constraints) if (typeof c.test === 'function') out.retain(c.test);
  return out;
}
