/**
 * Presenters: snapshot rows made into what a trial, site, source or flag looks like on the
 * wire. The shapes themselves are the response schemas (api/openapi/schemas.ts); the types
 * and field-name lists here are derived from them, and the query index serialises these
 * objects once per snapshot.
 */
import type { z } from 'zod';
import type { BiomarkerRow, FlagRow, SiteRow, SourceRow, TrialRow } from '../domain/rows.js';
import type { TrialEvidence } from './query/evidence.js';
import {
  BiomarkerSchema,
  CriterionRowSchema,
  DetailTrialSchema,
  EvidenceTextSchema,
  ExplainedNearestSiteSchema,
  ExplainedZipListTrialSchema,
  FilterExplanationSchema,
  FlagSchema,
  ListTrialSchema,
  LocationSchema,
  LOCATIONS_SAMPLE_SIZE,
  NearestSiteSchema,
  SourceSchema,
  TrialEvidenceSchema,
  TrialMatchSchema,
} from './openapi/schemas.js';

export { LOCATIONS_SAMPLE_SIZE };

// The wire shapes are declared once, as the response schemas; the presenters build them.
/** A site as the API shows it: as the source states it, plus where its state and point come from. */
export type PresentedLocation = z.output<typeof LocationSchema>;
export type ListTrial = z.output<typeof ListTrialSchema>;
export type PresentedBiomarker = z.output<typeof BiomarkerSchema>;
export type PresentedFlag = z.output<typeof FlagSchema>;
export type DetailTrial = z.output<typeof DetailTrialSchema>;
/** Added to each trial of a ZIP + radius search. */
export type NearestSite = z.output<typeof NearestSiteSchema>;
export type PresentedSource = z.output<typeof SourceSchema>;
/** Text behind a verdict: a field of the trial (or a biomarker row's section) and the text in it. */
export type Evidence = z.output<typeof EvidenceTextSchema>;
export type FilterExplanation = z.output<typeof FilterExplanationSchema>;
/** A biomarker row with the request criterion it answers (`KRAS:G12C`, `EGFR`, `PD-L1:TPS>=50`). */
export type CriterionRow = z.output<typeof CriterionRowSchema>;
export type ExplainedNearestSite = z.output<typeof ExplainedNearestSiteSchema>;
/** The detail's `match` and explain=true's, built by api/query/explain.ts. */
export type TrialMatch = z.output<typeof TrialMatchSchema>;

// Field-name lists for /docs and the tests, in the order the presenters write them.
export const LOCATION_FIELDS = LocationSchema.keyof().options;
export const LIST_FIELDS = ListTrialSchema.keyof().options;
export const DETAIL_FIELDS = DetailTrialSchema.keyof().options;
/** What `fields=` may name on /trials: the list fields, a ZIP search's two and explain's `match`. */
export const LIST_PROJECTION_FIELDS = ExplainedZipListTrialSchema.keyof().options;
export const MATCH_FIELDS = TrialMatchSchema.keyof().options;
export const FILTER_EXPLANATION_FIELDS = FilterExplanationSchema.keyof().options;
export const EXPLAINED_NEAREST_SITE_FIELDS = ExplainedNearestSiteSchema.keyof().options;
export const EVIDENCE_FIELDS = TrialEvidenceSchema.keyof().options;
export const BIOMARKER_FIELDS = BiomarkerSchema.keyof().options;
export const CRITERION_ROW_FIELDS = CriterionRowSchema.keyof().options;
export const FLAG_FIELDS = FlagSchema.keyof().options;
export const NEAREST_SITE_FIELDS = NearestSiteSchema.keyof().options;
export const SOURCE_FIELDS = SourceSchema.keyof().options;

export function presentLocation(s: SiteRow): PresentedLocation {
  return {
    facility: s.facility,
    city: s.city,
    state: s.state,
    state_source: s.state_source,
    zip: s.zip,
    country: s.country,
    status: s.status,
    latitude: s.latitude,
    longitude: s.longitude,
    geo_precision: s.geo_precision,
  };
}

/** `sites` in site_index order. */
export function presentListTrial(t: TrialRow, sites: readonly SiteRow[]): ListTrial {
  return {
    nct_id: t.nct_id,
    brief_title: t.brief_title,
    official_title: t.official_title,
    brief_summary: t.brief_summary,
    phase: t.phase,
    status: t.status,
    overall_status: t.overall_status,
    sponsor: t.sponsor,
    conditions: t.conditions,
    population: t.population,
    url: t.url,
    pharma_url: t.pharma_url,
    pharma_source_slug: t.pharma_source_slug,
    study_type: t.study_type,
    study_start: t.study_start,
    first_posted: t.first_posted,
    primary_completion: t.primary_completion,
    last_updated: t.last_updated,
    // The sites table is the truth for a count; the row's own count may predate dedup.
    location_count: sites.length,
    locations_sample: sites.slice(0, LOCATIONS_SAMPLE_SIZE).map(presentLocation),
  };
}

/** A row that several requirement groups share is written once per group in the snapshot, once here. */
function distinctRequirements(rows: readonly BiomarkerRow[]): PresentedBiomarker[] {
  const seen = new Set<string>();
  return rows.map(presentBiomarker).filter((b) => {
    const key = JSON.stringify(b);
    return !seen.has(key) && !!seen.add(key);
  });
}

export function presentBiomarker(b: BiomarkerRow): PresentedBiomarker {
  return {
    gene: b.gene,
    alteration: b.alteration,
    requirement: b.requirement,
    metric: b.metric,
    comparator: b.comparator,
    cutoff: b.cutoff,
    cutoff_high: b.cutoff_high,
    section: b.section,
    source_text: b.source_text,
    scope: b.scope,
  };
}

export function presentFlag(f: FlagRow): PresentedFlag {
  return { kind: f.kind, severity: f.severity, message: f.message };
}

export function presentDetailTrial(
  t: TrialRow,
  sites: readonly SiteRow[],
  biomarkers: readonly BiomarkerRow[],
  flags: readonly FlagRow[],
  evidence: TrialEvidence,
): DetailTrial {
  return {
    ...presentListTrial(t, sites),
    detailed_description: t.detailed_description,
    conditions_arr: t.conditions,
    intervention: t.interventions,
    enrollment: t.enrollment,
    age_min: t.age_min,
    age_max: t.age_max,
    sexes_eligible: t.sex,
    inclusion_criteria: t.inclusion_criteria,
    exclusion_criteria: t.exclusion_criteria,
    mesh_terms: t.mesh_terms,
    keywords: t.keywords,
    study_completion: t.study_completion,
    source: t.source,
    plain_language_summary: t.plain_language_summary,
    primary_outcomes: t.primary_outcomes,
    secondary_outcomes: t.secondary_outcomes,
    study_documents: t.study_documents,
    publications: t.publications,
    locations: sites.map(presentLocation),
    biomarkers: distinctRequirements(biomarkers.filter((b) => b.scope === 'lung')),
    other_cohort_biomarkers: distinctRequirements(
      biomarkers.filter((b) => b.scope === 'other_tumour'),
    ),
    diagnosis_types: t.diagnosis_types,
    sclc_stages: t.sclc_stages,
    nsclc_stages: t.nsclc_stages,
    excluded_types: t.excluded_types,
    admitted_types: t.admitted_types,
    flags: flags.map(presentFlag),
    evidence,
    match: null,
  };
}

export function presentSource(s: SourceRow): PresentedSource {
  return {
    slug: s.slug,
    name: s.name,
    kind: s.kind,
    home_url: s.home_url,
    ingest: s.ingest,
    trial_count: s.trial_count,
  };
}
