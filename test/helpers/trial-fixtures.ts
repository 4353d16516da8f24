/**
 * Hand-built SnapshotTables for API tests: every row starts from a neutral default and a
 * test overrides only what its assertion depends on. Ids use the TEST- prefix so they can
 * never be mistaken for registry trials.
 */
import { DIAGNOSIS_TYPES } from '../../domain/diagnosis.js';
import { phaseLabel } from '../../domain/phase.js';
import { STATUS_TO_BUCKET } from '../../domain/status.js';
import {
  blankSite,
  type BiomarkerRow,
  type FlagRow,
  type SiteRow,
  type SnapshotTables,
  type SourceRow,
  type TrialRow,
} from '../../domain/rows.js';
import type { Gene, Requirement } from '../../domain/biomarkers.js';
import { sourceRows } from '../../pipeline/demo/generate.js';

/** A trial row that knows nothing: nulls and empty lists, for tests of what is missing. */
export function blankTrialRow(nct_id: string): TrialRow {
  return {
    nct_id,
    brief_title: null,
    official_title: null,
    brief_summary: null,
    detailed_description: null,
    plain_language_summary: null,
    phases: [],
    phase: null,
    study_type: null,
    overall_status: null,
    status: null,
    status_bucket: 'unknown',
    sponsor: null,
    conditions: [],
    keywords: [],
    mesh_terms: [],
    interventions: [],
    enrollment: null,
    age_min: null,
    age_max: null,
    sex: 'ALL',
    inclusion_criteria: null,
    exclusion_criteria: null,
    study_start: null,
    first_posted: null,
    primary_completion: null,
    study_completion: null,
    last_updated: null,
    primary_outcomes: [],
    secondary_outcomes: [],
    study_documents: [],
    publications: [],
    url: `https://clinicaltrials.gov/study/${nct_id}`,
    pharma_url: null,
    pharma_source_slug: null,
    source: 'ctgov',
    diagnosis_types: [],
    lung_cancer: true,
    sclc_stages: [],
    nsclc_stages: [],
    population: 'lung_cancer',
    excluded_types: [],
    admitted_types: ['nsclc', 'sclc'],
    location_count: 0,
    content_hash: 'x',
  };
}

/** A recruiting phase 2 trial with titles, sponsor and dates, for tests that need a plausible one. */
export function trialRow(nct_id: string, over: Partial<TrialRow> = {}): TrialRow {
  const status = over.status === undefined ? 'Recruiting' : over.status;
  const phases = over.phases ?? ['PHASE2'];
  return {
    ...blankTrialRow(nct_id),
    brief_title: `Test trial ${nct_id}`,
    official_title: `A synthetic test study ${nct_id}`,
    brief_summary: 'Synthetic summary.',
    phases,
    phase: phaseLabel(phases),
    study_type: 'Interventional',
    status,
    status_bucket: status ? STATUS_TO_BUCKET[status] : 'unknown',
    sponsor: 'Test Sponsor',
    conditions: ['Lung Cancer'],
    enrollment: 100,
    study_start: '2023-01-01',
    first_posted: '2023-01-01',
    last_updated: '2024-01-01',
    url: `https://example.org/test/${nct_id}`,
    content_hash: 'test',
    ...over,
    admitted_types: over.admitted_types ?? admittedTypes(over),
  };
}

/**
 * The types a fixture trial admits when the test does not say, as the classifier decides
 * them for a trial that is not a basket of all solid tumours: its types, or for a trial with
 * none that takes lung cancer patients every type it does not exclude.
 */
function admittedTypes(over: Partial<TrialRow>): TrialRow['admitted_types'] {
  if (over.lung_cancer === false) return [];
  const types = over.diagnosis_types ?? [];
  if (types.length > 0) return [...types];
  return DIAGNOSIS_TYPES.filter((t) => !(over.excluded_types ?? []).includes(t));
}

export function siteRow(nct_id: string, site_index: number, over: Partial<SiteRow> = {}): SiteRow {
  return blankSite({
    nct_id,
    site_index,
    facility: `Test Facility ${nct_id}-${site_index}`,
    country: 'United States',
    status: 'RECRUITING',
    ...over,
  });
}

export function biomarkerRow(
  nct_id: string,
  gene: Gene,
  alteration: string | null,
  requirement: Requirement = 'required',
  over: Partial<BiomarkerRow> = {},
): BiomarkerRow {
  return {
    nct_id,
    gene,
    alteration,
    requirement,
    metric: null,
    comparator: null,
    cutoff: null,
    cutoff_high: null,
    section: requirement === 'required' ? 'inclusion' : 'exclusion',
    source_text: `${gene} ${alteration ?? ''} ${requirement}`.trim(),
    scope: 'lung',
    group: requirement === 'required' ? 1 : null,
    ...over,
  };
}

export function flagRow(nct_id: string, over: Partial<FlagRow> = {}): FlagRow {
  return {
    nct_id,
    source: 'ctgov',
    kind: 'stale_record',
    severity: 'warning',
    message: 'Not updated for two years',
    details: null,
    ...over,
  };
}

/** Trial counts per source, counted as the demo dataset counts them. */
export const sourcesFor = sourceRows;

/** Tables from parts; location_count follows the sites given, as the pipeline's would. */
export function buildTables(parts: {
  trials: TrialRow[];
  sites?: SiteRow[];
  biomarkers?: BiomarkerRow[];
  flags?: FlagRow[];
  sources?: SourceRow[];
}): SnapshotTables {
  const sites = parts.sites ?? [];
  const trials = parts.trials.map((t) => ({
    ...t,
    location_count: sites.filter((s) => s.nct_id === t.nct_id).length,
  }));
  return {
    trials,
    sites,
    biomarkers: parts.biomarkers ?? [],
    flags: parts.flags ?? [],
    sources: parts.sources ?? sourcesFor(trials),
  };
}
