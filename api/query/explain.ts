/**
 * "Why this trial": for one trial and one query, which filters it meets and how. Each
 * filter's verdict comes from the same constraint the search ANDs (filter.ts); this module
 * only gathers the rows and text behind it: the biomarker rows that satisfy the asked
 * markers (and those that would exclude a patient with them), the diagnosis and stage
 * signals with the text they come from, and the nearest site of a ZIP search.
 */
import {
  formatExpressionRange,
  positiveScore,
  rangesOverlap,
  type Gene,
} from '../../domain/biomarkers.js';
import {
  isSclcStage,
  LUNG_PATIENT_POPULATIONS,
  NSCLC_STAGE_ADMITTED_BY,
  type DiagnosisType,
  type NsclcStage,
  type SclcStage,
} from '../../domain/diagnosis.js';
import type { CountryFilter } from '../../domain/geo.js';
import type { BiomarkerRow, SiteRow } from '../../domain/rows.js';
import { STATUS_TO_BUCKET } from '../../domain/status.js';
import {
  presentBiomarker,
  type CriterionRow,
  type DetailTrial,
  type Evidence,
  type ExplainedNearestSite,
  type FilterExplanation,
  type NearestSite,
  type PresentedLocation,
  type TrialMatch,
} from '../present.js';
import type { EvidenceText, SignalEvidence } from './evidence.js';
import { termFields } from './text-index.js';
import { constraintHolds, constraintsOf, searchedBuckets } from './filter.js';
import type { SearchHit } from './search.js';
import { isUsSite, rowCovers, rowRange, siteUsState, type TrialIndex } from './trial-index.js';
import { FILTER_PARAMETERS, type FilterParameter, type TrialQuery } from '../params/parameters.js';
import type { MutationCriterion, NearQuery } from './types.js';
import { detailJsonOf } from './trial-json.js';

/** Rows written for another cohort (issue 9's `scope`) say nothing about a lung cancer patient. */
function isLungRow(b: BiomarkerRow): boolean {
  return b.scope === 'lung';
}

function criterionLabel(m: MutationCriterion): string {
  return m.range ? `PD-L1:${formatExpressionRange(m.range)}` : `${m.gene}:${m.alteration}`;
}

/** Rows of the trial that bear on one asked alteration or PD-L1 range, as the index reads them. */
function rowsFor(markers: readonly BiomarkerRow[], m: MutationCriterion): BiomarkerRow[] {
  if (m.range) {
    const asked = m.range;
    return markers.filter((b) => {
      if (b.gene !== 'PD-L1') return false;
      return rangesOverlap(rowRange(b) ?? positiveScore(asked.metric), asked);
    });
  }
  return markers.filter((b) => rowCovers(b, m.gene, m.alteration));
}

export function describeRow(b: BiomarkerRow): string {
  const range = rowRange(b);
  if (range) return `PD-L1 ${formatExpressionRange(range)}`;
  return b.alteration ? `${b.gene} ${b.alteration}` : `${b.gene} (gene level)`;
}

function mutationReason(
  m: MutationCriterion,
  required: BiomarkerRow[],
  excluded: BiomarkerRow[],
): string {
  const label = criterionLabel(m);
  if (excluded.length > 0) return `${label}: excluded (${excluded.map(describeRow).join(', ')})`;
  if (required.length === 0) return `${label}: not required`;
  const parts = required.map((b) => {
    if (m.range)
      return rowRange(b)
        ? `requires ${describeRow(b)}, which overlaps ${label}`
        : `requires PD-L1 with no cut-off (a positive score, 1 or more), which overlaps ${label}`;
    if (b.alteration === null)
      return `requires ${b.gene} at gene level, which covers ${m.alteration}`;
    return b.alteration === m.alteration
      ? `requires ${b.gene} ${b.alteration}`
      : `requires ${b.gene} ${b.alteration}, which covers ${m.alteration}`;
  });
  return `${label}: ${[...new Set(parts)].join('; ')}`;
}

function withCriterion(rows: BiomarkerRow[], criterion: string, into: CriterionRow[]): void {
  for (const b of rows) into.push({ ...presentBiomarker(b), criterion });
}

function rowEvidence(rows: readonly CriterionRow[]): Evidence[] {
  return rows.map((r) => ({ field: r.section, text: r.source_text }));
}

function signalEvidence<T extends string>(
  items: readonly SignalEvidence<T>[],
  value: T | null,
): Evidence[] {
  return items
    .filter((e) => value === null || e.value === value)
    .map(({ field, text }: EvidenceText) => ({ field, text }));
}

function siteLabel(s: PresentedLocation): string {
  return [s.facility, s.city, s.state, s.country].filter(Boolean).join(', ');
}

/** The trial's nearest indexed US site within the circle: the pair the search itself would pick. */
export function nearestPair(
  index: TrialIndex,
  near: NearQuery,
  rank: number,
): { pair: number; miles: number } | null {
  const { pairStart, pairRank } = index.geo;
  let best: { pair: number; miles: number } | null = null;
  index.geo.candidates.within(near.lat, near.lon, near.radiusMiles, (p, miles) => {
    for (let k = pairStart[p], end = pairStart[p + 1]; k < end; k++) {
      if (pairRank[k] !== rank) continue;
      if (!best || miles < best.miles || (miles === best.miles && k < best.pair))
        best = { pair: k, miles };
    }
  });
  return best
    ? {
        pair: (best as { pair: number }).pair,
        miles: Math.round((best as { miles: number }).miles * 10) / 10,
      }
    : null;
}

function explainedSite(index: TrialIndex, pair: number, miles: number): ExplainedNearestSite {
  const k = index.geo.pairSite[pair];
  const { siteJsonStart, siteJsonEnd } = index.siteSpans;
  const site = JSON.parse(
    index.locationsJson[index.geo.pairRank[pair]]
      .subarray(siteJsonStart[k], siteJsonEnd[k])
      .toString('utf8'),
  ) as NearestSite;
  return { ...site, distance_miles: miles };
}

/** What explainTrial knows about the trial while it words each filter's verdict. */
interface ExplainContext {
  q: TrialQuery;
  t: DetailTrial;
  /** The trial's lung-cohort biomarker rows. */
  markers: BiomarkerRow[];
  /** Rows that satisfy an asked marker, and rows that would exclude a patient with one. */
  matched: CriterionRow[];
  excluding: CriterionRow[];
}

type Worded = Pick<FilterExplanation, 'value' | 'reason'> & { evidence?: Evidence[] };

function explainBiomarkers(ctx: ExplainContext, genes: readonly Gene[]): Worded {
  const rows: CriterionRow[] = [];
  for (const gene of genes) {
    const ofGene = ctx.markers.filter((b) => b.gene === gene);
    withCriterion(
      ofGene.filter((b) => b.requirement === 'required'),
      gene,
      rows,
    );
    withCriterion(
      ofGene.filter((b) => b.requirement === 'excluded'),
      gene,
      ctx.excluding,
    );
  }
  ctx.matched.push(...rows);
  const found = [...new Set(rows.map((r) => r.gene))];
  return {
    value: genes.join(','),
    reason: found.length ? `requires ${found.join(', ')}` : `requires none of ${genes.join(', ')}`,
    evidence: rowEvidence(rows),
  };
}

function explainMutations(ctx: ExplainContext, criteria: readonly MutationCriterion[]): Worded {
  const rows: CriterionRow[] = [];
  const reasons: string[] = [];
  for (const m of criteria) {
    const bearing = rowsFor(ctx.markers, m);
    const required = bearing.filter((b) => b.requirement === 'required');
    const excluded = bearing.filter((b) => b.requirement === 'excluded');
    // A criterion the trial excludes matches nothing, so its required rows are not a match either.
    if (excluded.length === 0) withCriterion(required, criterionLabel(m), rows);
    withCriterion(excluded, criterionLabel(m), ctx.excluding);
    reasons.push(mutationReason(m, required, excluded));
  }
  ctx.matched.push(...rows);
  return {
    value: criteria.map(criterionLabel).join(','),
    reason: reasons.join('; '),
    evidence: rowEvidence(rows),
  };
}

/** Why a trial does or does not take a type: its population, classified types and excluded types. */
function typeReason(t: DetailTrial, type: DiagnosisType): string {
  if (!LUNG_PATIENT_POPULATIONS.includes(t.population))
    return `not a trial for lung cancer patients (population ${t.population})`;
  if (t.diagnosis_types.includes(type)) return `classified ${t.diagnosis_types.join(' and ')}`;
  if (t.excluded_types.includes(type)) return `its criteria exclude ${type.toUpperCase()}`;
  if (!t.admitted_types.includes(type)) return `classified ${t.diagnosis_types.join(' and ')}`;
  return t.diagnosis_types.length === 0
    ? `no diagnosis type signal: a ${t.population} trial with none is kept for either type`
    : `a basket of all solid tumours (classified ${t.diagnosis_types.join(' and ')}): it takes every type`;
}

function explainDiagnosisType({ q, t }: ExplainContext): Worded | undefined {
  if (q.diagnosisType !== 'nsclc' && q.diagnosisType !== 'sclc') return undefined;
  const type = q.diagnosisType;
  return {
    value: type,
    reason: typeReason(t, type),
    evidence: [
      ...signalEvidence(t.evidence.diagnosis_types, type),
      ...(t.diagnosis_types.includes(type) ? [] : signalEvidence(t.evidence.population, null)),
      ...signalEvidence(t.evidence.excluded_types, type),
    ],
  };
}

function explainCancerStage({ t }: ExplainContext, stage: SclcStage): Worded {
  return {
    value: stage,
    reason: !t.admitted_types.includes('sclc')
      ? `not an SCLC trial (${typeReason(t, 'sclc')})`
      : t.sclc_stages.length === 0
        ? 'no SCLC stage signal: a trial with none is kept for either stage'
        : `mentions ${t.sclc_stages.join(' and ')} stage`,
    evidence: signalEvidence(t.evidence.sclc_stages, stage),
  };
}

function explainNsclcStage({ t }: ExplainContext, stage: NsclcStage): Worded {
  const admittedBy = NSCLC_STAGE_ADMITTED_BY[stage];
  const signals = t.nsclc_stages;
  const admitting = signals.filter((s) => admittedBy.includes(s));
  return {
    value: stage,
    reason: !t.admitted_types.includes('nsclc')
      ? `not an NSCLC trial (${typeReason(t, 'nsclc')})`
      : signals.length === 0
        ? 'no NSCLC stage signal: a trial with none is kept for every stage'
        : admitting.length > 0
          ? `stage signals ${signals.join(', ')}: ${admitting.join(' and ')} admit ${stage}`
          : `stage signals ${signals.join(', ')}: none admits ${stage} (${admittedBy.join(' or ')} would)`,
    evidence: signalEvidence(t.evidence.nsclc_stages, null),
  };
}

function explainCountry({ t }: ExplainContext, country: CountryFilter): Worded {
  const want = country === 'us';
  const site = t.locations.find((s) =>
    isUsSite(s as SiteRow) ? want : !want && s.country !== null,
  );
  return {
    value: country,
    reason: site ? `site ${siteLabel(site)}` : `no ${want ? 'US' : 'non-US'} site`,
  };
}

function explainStatusBuckets({ q, t }: ExplainContext): Worded | undefined {
  const buckets = searchedBuckets(q);
  if (!buckets) return undefined;
  const bucket = t.status ? STATUS_TO_BUCKET[t.status] : 'unknown';
  return {
    value: buckets.join(','),
    reason:
      `status ${t.status ?? 'unknown'} is in the ${bucket} bucket` +
      (q.statusBuckets ? '' : ' (default buckets searched)'),
  };
}

/** A filter given with value `v`: how explain words it (`undefined`: not in effect). */
const when = <V, R>(v: V | null, word: (v: V) => R): R | undefined =>
  v === null ? undefined : word(v);

/**
 * How `explain` words each filter's verdict for one trial: the value asked, the reason, and
 * the text behind it. Keyed by FilterParameter like the constraints (filter.ts), so a
 * filter row added to the parameter table needs its wording here.
 */
const WORDING: { [K in FilterParameter]: (ctx: ExplainContext) => Worded | undefined } = {
  diagnosisType: explainDiagnosisType,
  cancerStage: (ctx) => when(ctx.q.cancerStage, (stage) => explainCancerStage(ctx, stage)),
  stage: (ctx) =>
    when(ctx.q.stage, (stage) =>
      isSclcStage(stage) ? explainCancerStage(ctx, stage) : explainNsclcStage(ctx, stage),
    ),
  country: (ctx) => when(ctx.q.country, (country) => explainCountry(ctx, country)),
  state: ({ q, t }) =>
    when(q.state, (state) => {
      const site = t.locations.find((s) => siteUsState(s as SiteRow) === state);
      return { value: state, reason: site ? `site ${siteLabel(site)}` : `no site in ${state}` };
    }),
  gender: ({ q, t }) =>
    when(q.gender, (g) => ({ value: g, reason: `sexes eligible: ${t.sexes_eligible}` })),
  age: ({ q, t }) =>
    when(q.age, (age) => ({
      value: String(age),
      reason: `ages ${t.age_min ?? 'no minimum'} to ${t.age_max ?? 'no maximum'}`,
    })),
  trialPhase: ({ q, t }) =>
    when(q.trialPhase, (phases) => ({
      value: phases.join(','),
      reason: `phase ${t.phase ?? 'not given'}, study type ${t.study_type ?? 'not given'}`,
    })),
  trialStatus: ({ q, t }) =>
    when(q.trialStatus, (s) => ({ value: s.join(','), reason: `status ${t.status ?? 'unknown'}` })),
  statusBuckets: explainStatusBuckets,
  biomarkers: (ctx) => when(ctx.q.biomarkers, (genes) => explainBiomarkers(ctx, genes)),
  mutations: (ctx) => when(ctx.q.mutations, (criteria) => explainMutations(ctx, criteria)),
  firstPostedAfter: ({ q, t }) =>
    when(q.firstPostedAfter, (day) => ({
      value: day,
      reason: `first posted ${t.first_posted ?? 'unknown'}`,
    })),
  lastUpdatedAfter: ({ q, t }) =>
    when(q.lastUpdatedAfter, (day) => ({
      value: day,
      reason: `last updated ${t.last_updated ?? 'unknown'}`,
    })),
  sponsor: ({ q, t }) =>
    when(q.sponsor, (names) => ({
      value: names.map((terms) => terms.join(' ')).join(', '),
      reason: `lead sponsor ${t.sponsor ?? 'unknown'}`,
    })),
  intervention: ({ q, t }) =>
    when(q.intervention, (names) => ({
      value: names.map((terms) => terms.join(' ')).join(', '),
      reason: t.intervention.length
        ? `interventions ${t.intervention.map((i) => i.name).join('; ')}`
        : 'no interventions listed',
    })),
  q: ({ q, t }) =>
    when(q.q, (terms) => ({
      value: terms.join(' '),
      reason: termFields(t, terms)
        .map((f) => (f.fields.length ? `'${f.term}' in ${f.fields.join(', ')}` : `no '${f.term}'`))
        .join('; '),
    })),
};

/** zip + radius: the nearest site within the circle, the search's own when `hit` has it. */
function explainNear(
  index: TrialIndex,
  rank: number,
  near: NearQuery,
  hit: SearchHit | undefined,
): { filter: FilterExplanation; site: ExplainedNearestSite | null } {
  const found =
    hit?.pair !== undefined && hit.miles !== undefined
      ? { pair: hit.pair, miles: hit.miles }
      : nearestPair(index, near, rank);
  const site = found ? explainedSite(index, found.pair, found.miles) : null;
  const reason = site
    ? `nearest site ${site.distance_miles} mi away ` +
      `(${[site.facility, site.city, site.state].filter(Boolean).join(', ')}); ` +
      `its coordinates are ${site.geo_precision}-level`
    : `no US site with coordinates within ${near.radiusMiles} mi`;
  return {
    filter: {
      parameter: 'zip',
      value: `${near.zip} within ${near.radiusMiles} mi`,
      met: site !== null,
      reason,
      evidence: [],
    },
    site,
  };
}

/**
 * The explanation of `rank` under `q`. `hit` is the search's own hit for a trial from a
 * ZIP search (its nearest pair and distance); without it the nearest site is looked up.
 */
export function explainTrial(
  index: TrialIndex,
  rank: number,
  q: TrialQuery,
  hit?: SearchHit,
): TrialMatch {
  const t = JSON.parse(detailJsonOf(index, rank).toString('utf8')) as DetailTrial;
  const ctx: ExplainContext = {
    q,
    t,
    markers: index.markers[rank].filter(isLungRow),
    matched: [],
    excluding: [],
  };
  const verdict = new Map<FilterParameter, boolean>();
  for (const c of constraintsOf(index, q))
    verdict.set(c.parameter, (verdict.get(c.parameter) ?? true) && constraintHolds(c, rank));
  const filters: FilterExplanation[] = [];
  for (const parameter of FILTER_PARAMETERS) {
    const worded = WORDING[parameter](ctx);
    if (worded)
      filters.push({
        parameter,
        value: worded.value,
        met: verdict.get(parameter) ?? true,
        reason: worded.reason,
        evidence: worded.evidence ?? [],
      });
  }
  let nearest: ExplainedNearestSite | null = null;
  if (q.near) {
    const near = explainNear(index, rank, q.near, hit);
    filters.push(near.filter);
    nearest = near.site;
  }
  return {
    filters,
    biomarkers: { matched: ctx.matched, excluding: ctx.excluding },
    nearest_site: nearest,
  };
}
