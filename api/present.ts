/**
 * Presenters: the only place that decides what a trial, site, source or flag looks like
 * on the wire. Every output field is listed here by name; the field-name arrays feed
 * /api/v1/docs, and the query index serialises these objects once per snapshot.
 */
import type { DiagnosisType, NsclcStage, SclcStage } from '../domain/diagnosis.js';
import type { FlagKind, FlagSeverity } from '../domain/flags.js';
import type { GeoPrecision, StateSource } from '../domain/geo.js';
import type { StudyType } from '../domain/phase.js';
import type {
  BiomarkerRow,
  FlagRow,
  Intervention,
  IsoDate,
  Outcome,
  Publication,
  SiteRow,
  SourceRow,
  StudyDocument,
  TrialRow,
} from '../domain/rows.js';
import type { Sex } from '../domain/sex.js';
import type { TrialStatus } from '../domain/status.js';
import type { TrialEvidence } from './query/evidence.js';
import type { FilterParameter } from './params/parameters.js';

/** Locations shown in `locations_sample`; the contract caps it at five. */
export const LOCATIONS_SAMPLE_SIZE = 5;

/** A site as the API shows it: as the source states it, plus where its state and point come from. */
export type PresentedLocation = Pick<
  SiteRow,
  | 'facility'
  | 'city'
  | 'state'
  | 'state_source'
  | 'zip'
  | 'country'
  | 'status'
  | 'latitude'
  | 'longitude'
  | 'geo_precision'
>;

export interface ListTrial {
  nct_id: string;
  /** The registry's short title; present where official_title is missing. */
  brief_title: string | null;
  official_title: string | null;
  brief_summary: string | null;
  phase: string | null;
  status: TrialStatus | null;
  /** The source's own status value (registry enum such as NOT_YET_RECRUITING, or the sponsor's text). */
  overall_status: string | null;
  sponsor: string | null;
  conditions: string[];
  url: string;
  pharma_url: string | null;
  pharma_source_slug: string | null;
  study_type: StudyType | null;
  study_start: IsoDate | null;
  first_posted: IsoDate | null;
  primary_completion: IsoDate | null;
  last_updated: IsoDate | null;
  location_count: number;
  locations_sample: PresentedLocation[];
}

// `group` is snapshot-only for now: /match (issue 21) decides how the wire shows requirement groups.
export type PresentedBiomarker = Omit<BiomarkerRow, 'nct_id' | 'group'>;

export interface PresentedFlag {
  kind: FlagKind;
  severity: FlagSeverity;
  message: string;
}

export interface DetailTrial extends ListTrial {
  detailed_description: string | null;
  /** The same array as `conditions`, under the contract's detail name. */
  conditions_arr: string[];
  intervention: Intervention[];
  enrollment: number | null;
  age_min: number | null;
  age_max: number | null;
  sexes_eligible: Sex;
  inclusion_criteria: string | null;
  exclusion_criteria: string | null;
  mesh_terms: string[];
  keywords: string[];
  study_completion: IsoDate | null;
  source: string;
  plain_language_summary: string | null;
  primary_outcomes: Outcome[];
  secondary_outcomes: Outcome[];
  study_documents: StudyDocument[];
  publications: Publication[];
  locations: PresentedLocation[];
  /** Requirements for a lung cancer patient (scope lung). */
  biomarkers: PresentedBiomarker[];
  /**
   * Markers that qualify another tumour type's cohort of a basket trial: shown, never requirements
   * for lung patients.
   */
  other_cohort_biomarkers: PresentedBiomarker[];
  diagnosis_types: DiagnosisType[];
  sclc_stages: SclcStage[];
  nsclc_stages: NsclcStage[];
  flags: PresentedFlag[];
  /** The text behind the diagnosis and stage signals (api/query/evidence.ts). */
  evidence: TrialEvidence;
  /**
   * The trial against the filters given to the detail request (api/query/explain.ts);
   * prebuilt as null and replaced per request. Kept last so the splice is a suffix.
   */
  match: TrialMatch | null;
}

/** Added to each trial of a ZIP + radius search. */
export interface NearestSite {
  facility: string | null;
  city: string | null;
  state: string | null;
  state_source: StateSource | null;
  zip: string | null;
  country: string | null;
  /** The site's own recruitment status as the registry gives it (RECRUITING, NOT_YET_RECRUITING ...). */
  status: string | null;
  latitude: number;
  longitude: number;
  /** Never 'none': a site without a point is never the nearest. */
  geo_precision: GeoPrecision;
}

export interface PresentedSource {
  slug: string;
  name: string;
  kind: 'registry' | 'sponsor';
  home_url: string;
  ingest: 'api' | 'csv' | 'web';
  trial_count: number;
}

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
    other_cohort_biomarkers: distinctRequirements(biomarkers.filter((b) => b.scope !== 'lung')),
    diagnosis_types: t.diagnosis_types,
    sclc_stages: t.sclc_stages,
    nsclc_stages: t.nsclc_stages,
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

// Field-name lists for /docs. `satisfies` plus the Exact check keep them equal to the types.
type Exact<T, K extends readonly PropertyKey[]> =
  Exclude<keyof T, K[number]> extends never ? K : never;
const keys =
  <T>() =>
  <const K extends readonly (keyof T)[]>(k: Exact<T, K>): K =>
    k;

export const LOCATION_FIELDS = keys<PresentedLocation>()([
  'facility',
  'city',
  'state',
  'state_source',
  'zip',
  'country',
  'status',
  'latitude',
  'longitude',
  'geo_precision',
]);
export const LIST_FIELDS = keys<ListTrial>()([
  'nct_id',
  'brief_title',
  'official_title',
  'brief_summary',
  'phase',
  'status',
  'overall_status',
  'sponsor',
  'conditions',
  'url',
  'pharma_url',
  'pharma_source_slug',
  'study_type',
  'study_start',
  'first_posted',
  'primary_completion',
  'last_updated',
  'location_count',
  'locations_sample',
]);
export const DETAIL_FIELDS = keys<DetailTrial>()([
  ...LIST_FIELDS,
  'detailed_description',
  'conditions_arr',
  'intervention',
  'enrollment',
  'age_min',
  'age_max',
  'sexes_eligible',
  'inclusion_criteria',
  'exclusion_criteria',
  'mesh_terms',
  'keywords',
  'study_completion',
  'source',
  'plain_language_summary',
  'primary_outcomes',
  'secondary_outcomes',
  'study_documents',
  'publications',
  'locations',
  'biomarkers',
  'other_cohort_biomarkers',
  'diagnosis_types',
  'sclc_stages',
  'nsclc_stages',
  'flags',
  'evidence',
  'match',
]);
export const MATCH_FIELDS = keys<TrialMatch>()(['filters', 'biomarkers', 'nearest_site']);
export const FILTER_EXPLANATION_FIELDS = keys<FilterExplanation>()([
  'parameter',
  'value',
  'met',
  'reason',
  'evidence',
]);
export const EXPLAINED_NEAREST_SITE_FIELDS = keys<ExplainedNearestSite>()([
  'facility',
  'city',
  'state',
  'state_source',
  'zip',
  'country',
  'status',
  'latitude',
  'longitude',
  'geo_precision',
  'distance_miles',
]);
export const EVIDENCE_FIELDS = keys<TrialEvidence>()([
  'diagnosis_types',
  'sclc_stages',
  'nsclc_stages',
]);
export const BIOMARKER_FIELDS = keys<PresentedBiomarker>()([
  'gene',
  'alteration',
  'requirement',
  'metric',
  'comparator',
  'cutoff',
  'cutoff_high',
  'section',
  'source_text',
  'scope',
]);
export const CRITERION_ROW_FIELDS = keys<CriterionRow>()([...BIOMARKER_FIELDS, 'criterion']);
export const FLAG_FIELDS = keys<PresentedFlag>()(['kind', 'severity', 'message']);
export const NEAREST_SITE_FIELDS = keys<NearestSite>()([
  'facility',
  'city',
  'state',
  'state_source',
  'zip',
  'country',
  'status',
  'latitude',
  'longitude',
  'geo_precision',
]);
export const SOURCE_FIELDS = keys<PresentedSource>()([
  'slug',
  'name',
  'kind',
  'home_url',
  'ingest',
  'trial_count',
]);

// The detail's `match`, built by api/query/explain.ts and declared here with the other
// response shapes: explain.ts imports this file (through filter.ts and trial-index.ts too),
// so declaring them there made an import cycle.

/** Text behind a verdict: a field of the trial (or a biomarker row's section) and the text in it. */
export interface Evidence {
  field: string;
  text: string;
}

export interface FilterExplanation {
  /** The query parameter; `zip` stands for the zip + radius pair. */
  parameter: FilterParameter | 'zip';
  /** The value searched, in canonical spelling. */
  value: string;
  met: boolean;
  reason: string;
  evidence: Evidence[];
}

/** A biomarker row with the request criterion it answers (`KRAS:G12C`, `EGFR`, `PD-L1:TPS>=50`). */
export interface CriterionRow extends PresentedBiomarker {
  criterion: string;
}

export interface ExplainedNearestSite extends NearestSite {
  distance_miles: number;
}

export interface TrialMatch {
  filters: FilterExplanation[];
  biomarkers: {
    /** Required rows that satisfy an asked marker. */
    matched: CriterionRow[];
    /** Rows that would exclude a patient who has an asked marker; never counted as a match. */
    excluding: CriterionRow[];
  };
  nearest_site: ExplainedNearestSite | null;
}
