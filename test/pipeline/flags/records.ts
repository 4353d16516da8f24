import type { SiteRow, TrialRecord, TrialRow } from '../../../domain/rows.js';

/** A trial record with neutral defaults; tests override only what they exercise. */
export function trialRecord(trial: Partial<TrialRow> & { nct_id: string }, sites: Partial<SiteRow>[] = []): TrialRecord {
  const row: TrialRow = {
    brief_title: null, official_title: null, brief_summary: null, detailed_description: null,
    plain_language_summary: null, phases: [], phase: null, study_type: null, overall_status: null,
    status: null, status_bucket: 'unknown', sponsor: null, conditions: [], keywords: [], mesh_terms: [],
    interventions: [], enrollment: null, age_min: null, age_max: null, sex: 'ALL',
    inclusion_criteria: null, exclusion_criteria: null, study_start: null, first_posted: null,
    primary_completion: null, study_completion: null, last_updated: null, primary_outcomes: [],
    secondary_outcomes: [], study_documents: [], publications: [], url: `https://clinicaltrials.gov/study/${trial.nct_id}`,
    pharma_url: null, pharma_source_slug: null, source: 'ctgov', diagnosis_types: [], lung_cancer: true, sclc_stages: [],
    nsclc_stages: [], location_count: sites.length, content_hash: 'x',
    ...trial,
  };
  return {
    trial: row,
    sites: sites.map((s, i) => ({
      nct_id: trial.nct_id, site_index: i, facility: null, city: null, state: null, zip: null, country: null,
      status: null, latitude: null, longitude: null, geo_precision: 'none', h3_cell: null, ...s,
    }) as SiteRow),
  };
}
