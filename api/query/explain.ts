/**
 * "Why this trial": for one trial and one query, which filters it meets and how. Each
 * filter's verdict comes from the same constraint the search ANDs (filter.ts); this module
 * only gathers the rows and text behind it: the biomarker rows that satisfy the asked
 * markers (and those that would exclude a patient with them), the diagnosis and stage
 * signals with the text they come from, and the nearest site of a ZIP search.
 */
import { formatExpressionRange, rangesOverlap } from '../../domain/biomarkers.js';
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
import type { FilterParameter, MutationCriterion, NearQuery, TrialQuery } from './types.js';

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
      const r = rowRange(b);
      return r === null || rangesOverlap(r, asked);
    });
  }
  return markers.filter((b) => rowCovers(b, m.gene, m.alteration));
}

function describeRow(b: BiomarkerRow): string {
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
        : 'requires PD-L1 with no cut-off';
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
    index.detailJson[index.geo.pairRank[pair]]
      .subarray(siteJsonStart[k], siteJsonEnd[k])
      .toString('utf8'),
  ) as NearestSite;
  return { ...site, distance_miles: miles };
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
  const t = JSON.parse(index.detailJson[rank].toString('utf8')) as DetailTrial;
  const markers = index.markers[rank].filter(isLungRow);
  const filters: FilterExplanation[] = [];
  const matched: CriterionRow[] = [];
  const excluding: CriterionRow[] = [];
  const verdict = new Map<FilterParameter, boolean>();
  for (const c of constraintsOf(index, q))
    verdict.set(c.parameter, (verdict.get(c.parameter) ?? true) && constraintHolds(c, rank));
  const add = (
    parameter: FilterParameter,
    value: string,
    reason: string,
    evidence: Evidence[] = [],
  ) => filters.push({ parameter, value, met: verdict.get(parameter) ?? true, reason, evidence });

  const buckets = searchedBuckets(q);
  const bucket = t.status ? STATUS_TO_BUCKET[t.status] : 'unknown';
  if (buckets)
    add(
      'statusBuckets',
      buckets.join(','),
      `status ${t.status ?? 'unknown'} is in the ${bucket} bucket` +
        (q.statusBuckets ? '' : ' (default buckets searched)'),
    );
  if (q.text) {
    const found = termFields(t, q.text);
    add(
      'q',
      q.text.join(' '),
      found
        .map((f) => (f.fields.length ? `'${f.term}' in ${f.fields.join(', ')}` : `no '${f.term}'`))
        .join('; '),
    );
  }
  if (q.trialStatus) add('trialStatus', q.trialStatus.join(','), `status ${t.status ?? 'unknown'}`);

  const { evidence } = t;
  if (q.diagnosisType === 'nsclc' || q.diagnosisType === 'sclc') {
    const type = q.diagnosisType;
    const reason =
      t.diagnosis_types.length === 0
        ? 'no diagnosis type signal: a trial with none is kept for either type'
        : `classified ${t.diagnosis_types.join(' and ')}`;
    add('diagnosisType', type, reason, signalEvidence(evidence.diagnosis_types, type));
  }
  if (q.cancerStage) {
    const stage = q.cancerStage;
    const sclc = t.diagnosis_types.length === 0 || t.diagnosis_types.includes('sclc');
    const reason = !sclc
      ? 'not an SCLC trial'
      : t.sclc_stages.length === 0
        ? 'no SCLC stage signal: a trial with none is kept for either stage'
        : `mentions ${t.sclc_stages.join(' and ')} stage`;
    add('cancerStage', stage, reason, signalEvidence(evidence.sclc_stages, stage));
  }

  if (q.country) {
    const want = q.country === 'us';
    const site = t.locations.find((s) =>
      isUsSite(s as SiteRow) ? want : !want && s.country !== null,
    );
    add(
      'country',
      q.country,
      site ? `site ${siteLabel(site)}` : `no ${want ? 'US' : 'non-US'} site`,
    );
  }
  if (q.state) {
    const site = t.locations.find((s) => siteUsState(s as SiteRow) === q.state);
    add('state', q.state, site ? `site ${siteLabel(site)}` : `no site in ${q.state}`);
  }
  if (q.gender) add('gender', q.gender, `sexes eligible: ${t.sexes_eligible}`);
  if (q.age !== null)
    add('age', String(q.age), `ages ${t.age_min ?? 'no minimum'} to ${t.age_max ?? 'no maximum'}`);
  if (q.trialPhase)
    add(
      'trialPhase',
      q.trialPhase.join(','),
      `phase ${t.phase ?? 'not given'}, study type ${t.study_type ?? 'not given'}`,
    );

  if (q.biomarkers) {
    const rows: CriterionRow[] = [];
    for (const gene of q.biomarkers) {
      withCriterion(
        markers.filter((b) => b.gene === gene && b.requirement === 'required'),
        gene,
        rows,
      );
      withCriterion(
        markers.filter((b) => b.gene === gene && b.requirement === 'excluded'),
        gene,
        excluding,
      );
    }
    matched.push(...rows);
    const genes = [...new Set(rows.map((r) => r.gene))];
    add(
      'biomarkers',
      q.biomarkers.join(','),
      genes.length ? `requires ${genes.join(', ')}` : `requires none of ${q.biomarkers.join(', ')}`,
      rowEvidence(rows),
    );
  }
  if (q.mutations) {
    const rows: CriterionRow[] = [];
    const reasons: string[] = [];
    for (const m of q.mutations) {
      const bearing = rowsFor(markers, m);
      const required = bearing.filter((b) => b.requirement === 'required');
      const excluded = bearing.filter((b) => b.requirement === 'excluded');
      // A criterion the trial excludes matches nothing, so its required rows are not a match either.
      if (excluded.length === 0) withCriterion(required, criterionLabel(m), rows);
      withCriterion(excluded, criterionLabel(m), excluding);
      reasons.push(mutationReason(m, required, excluded));
    }
    matched.push(...rows);
    add(
      'mutations',
      q.mutations.map(criterionLabel).join(','),
      reasons.join('; '),
      rowEvidence(rows),
    );
  }
  if (q.firstPostedAfter)
    add('firstPostedAfter', q.firstPostedAfter, `first posted ${t.first_posted ?? 'unknown'}`);

  let nearest: ExplainedNearestSite | null = null;
  if (q.near) {
    const found =
      hit?.pair !== undefined && hit.miles !== undefined
        ? { pair: hit.pair, miles: hit.miles }
        : nearestPair(index, q.near, rank);
    nearest = found ? explainedSite(index, found.pair, found.miles) : null;
    filters.push({
      parameter: 'zip',
      value: `${q.near.zip} within ${q.near.radiusMiles} mi`,
      met: nearest !== null,
      reason: nearest
        ? `nearest site ${nearest.distance_miles} mi away ` +
          `(${[nearest.facility, nearest.city, nearest.state].filter(Boolean).join(', ')}); ` +
          `its coordinates are ${nearest.geo_precision}-level`
        : `no US site with coordinates within ${q.near.radiusMiles} mi`,
      evidence: [],
    });
  }
  return { filters, biomarkers: { matched, excluding }, nearest_site: nearest };
}
