/**
 * Example bodies for the OpenAPI document. Typed with the presenter types, so they keep
 * the shape the API serves; test/api/openapi.test.ts also parses them with the response
 * schemas. The ids are the demo generator's kind (DEMO-...), never a real registry id.
 */
import type { DetailTrial, ListTrial, NearestSite, PresentedSource } from '../present.js';
import type { TrialMatch } from '../present.js';
import type { PatientMatch } from './schemas.js';

export const EXAMPLE_LIST_TRIAL: ListTrial = {
  nct_id: 'DEMO-000123',
  brief_title: 'Oral EGFR Inhibitor in EGFR-Mutant NSCLC',
  official_title:
    'A Phase II Study of an Oral EGFR Inhibitor in Previously Treated EGFR-Mutant Non-Small Cell Lung Cancer',
  brief_summary:
    'This study tests whether an oral EGFR inhibitor shrinks tumours in people whose lung ' +
    'cancer has an EGFR exon 19 deletion or L858R mutation.',
  phase: 'Phase II',
  status: 'Recruiting',
  overall_status: 'RECRUITING',
  sponsor: 'Demo Oncology Group',
  conditions: ['Non-Small Cell Lung Cancer', 'EGFR Mutation'],
  population: 'lung_cancer',
  url: 'https://demo.lungtrials.invalid/trials/DEMO-000123',
  pharma_url: null,
  pharma_source_slug: null,
  study_type: 'Interventional',
  study_start: '2025-03-01',
  first_posted: '2025-01-15',
  primary_completion: '2027-06-30',
  last_updated: '2026-10-02',
  location_count: 2,
  locations_sample: [
    {
      facility: 'Demo Cancer Center',
      city: 'New York',
      state: 'NY',
      state_source: 'record',
      zip: '10016',
      country: 'United States',
      status: 'RECRUITING',
      latitude: 40.7456,
      longitude: -73.9781,
      geo_precision: 'site',
    },
    {
      facility: 'Demo University Hospital',
      city: 'Boston',
      state: 'MA',
      state_source: 'geocode',
      zip: null,
      country: 'United States',
      status: 'NOT_YET_RECRUITING',
      latitude: 42.3584,
      longitude: -71.0598,
      geo_precision: 'city',
    },
  ],
};

export const EXAMPLE_NEAREST_SITE: NearestSite = {
  facility: 'Demo Cancer Center',
  city: 'New York',
  state: 'NY',
  state_source: 'record',
  zip: '10016',
  country: 'United States',
  status: 'RECRUITING',
  latitude: 40.7456,
  longitude: -73.9781,
  geo_precision: 'site',
};

export const EXAMPLE_ZIP_LIST_TRIAL = {
  ...EXAMPLE_LIST_TRIAL,
  nearest_site: EXAMPLE_NEAREST_SITE,
  distance_miles: 0.9,
};

export const EXAMPLE_DETAIL_TRIAL: DetailTrial = {
  ...EXAMPLE_LIST_TRIAL,
  detailed_description: null,
  conditions_arr: EXAMPLE_LIST_TRIAL.conditions,
  intervention: [{ type: 'DRUG', name: 'Demo-EGFR-01', description: 'Oral tablet once daily' }],
  enrollment: 120,
  age_min: 18,
  age_max: null,
  sexes_eligible: 'ALL',
  inclusion_criteria:
    '- Histologically confirmed NSCLC\n' +
    '- Metastatic (stage IV) disease\n' +
    '- Documented EGFR exon 19 deletion or L858R mutation',
  exclusion_criteria: '- Known EGFR T790M mutation\n- Mixed small cell histology',
  mesh_terms: ['Carcinoma, Non-Small-Cell Lung'],
  keywords: ['EGFR'],
  study_completion: '2028-01-31',
  source: 'ctgov',
  plain_language_summary: null,
  primary_outcomes: [
    { measure: 'Objective response rate', time_frame: '24 months', description: null },
  ],
  secondary_outcomes: [],
  study_documents: [],
  publications: [],
  locations: EXAMPLE_LIST_TRIAL.locations_sample,
  biomarkers: [
    {
      gene: 'EGFR',
      alteration: 'EX19DEL',
      requirement: 'required',
      metric: null,
      comparator: null,
      cutoff: null,
      cutoff_high: null,
      section: 'inclusion',
      source_text: 'Documented EGFR exon 19 deletion or L858R mutation',
      scope: 'lung',
    },
    {
      gene: 'EGFR',
      alteration: 'L858R',
      requirement: 'required',
      metric: null,
      comparator: null,
      cutoff: null,
      cutoff_high: null,
      section: 'inclusion',
      source_text: 'Documented EGFR exon 19 deletion or L858R mutation',
      scope: 'lung',
    },
    {
      gene: 'EGFR',
      alteration: 'T790M',
      requirement: 'excluded',
      metric: null,
      comparator: null,
      cutoff: null,
      cutoff_high: null,
      section: 'exclusion',
      source_text: 'Known EGFR T790M mutation',
      scope: 'lung',
    },
  ],
  other_cohort_biomarkers: [],
  diagnosis_types: ['nsclc'],
  sclc_stages: [],
  nsclc_stages: ['metastatic'],
  excluded_types: ['sclc'],
  admitted_types: ['nsclc'],
  flags: [],
  evidence: {
    diagnosis_types: [{ value: 'nsclc', field: 'conditions', text: 'Non-Small Cell Lung Cancer' }],
    sclc_stages: [],
    nsclc_stages: [
      { value: 'metastatic', field: 'inclusion_criteria', text: '- Metastatic (stage IV) disease' },
    ],
    population: [{ value: 'lung_cancer', field: 'conditions', text: 'Non-Small Cell Lung Cancer' }],
    excluded_types: [
      { value: 'sclc', field: 'exclusion_criteria', text: '- Mixed small cell histology' },
    ],
  },
  match: null,
};

/** `match` of the example trial for `mutations=EGFR:L858R&zip=10016&radius=25`. */
export const EXAMPLE_MATCH: TrialMatch = {
  filters: [
    {
      parameter: 'statusBuckets',
      value: 'recruiting,active,unknown',
      met: true,
      reason: 'status Recruiting is in the recruiting bucket (default buckets searched)',
      evidence: [],
    },
    {
      parameter: 'mutations',
      value: 'EGFR:L858R',
      met: true,
      reason: 'EGFR:L858R: requires EGFR L858R',
      evidence: [
        { field: 'inclusion', text: 'Documented EGFR exon 19 deletion or L858R mutation' },
      ],
    },
    {
      parameter: 'zip',
      value: '10016 within 25 mi',
      met: true,
      reason:
        'nearest site 0.9 mi away (Demo Cancer Center, New York, NY); its coordinates are site-level',
      evidence: [],
    },
  ],
  biomarkers: {
    matched: [{ ...EXAMPLE_DETAIL_TRIAL.biomarkers[1], criterion: 'EGFR:L858R' }],
    excluding: [],
  },
  nearest_site: { ...EXAMPLE_NEAREST_SITE, distance_miles: 0.9 },
};

export const EXAMPLE_EXPLAINED_ZIP_LIST_TRIAL = { ...EXAMPLE_ZIP_LIST_TRIAL, match: EXAMPLE_MATCH };

export const EXAMPLE_SOURCES: PresentedSource[] = [
  {
    slug: 'ctgov',
    name: 'ClinicalTrials.gov',
    kind: 'registry',
    home_url: 'https://clinicaltrials.gov',
    ingest: 'api',
    trial_count: 14203,
  },
];

/** `match` of the example trial on /match?markers=EGFR:L858R,MET:AMP&negativeFor=ALK. */
export const EXAMPLE_PATIENT_MATCH: PatientMatch = {
  status: 'eligible',
  reason: 'requires EGFR L858R, which the patient has',
  tests: [],
  group: null,
  biomarkers: [
    {
      gene: 'EGFR',
      alteration: 'L858R',
      requirement: 'required',
      metric: null,
      comparator: null,
      cutoff: null,
      cutoff_high: null,
      section: 'inclusion',
      source_text: 'Documented EGFR exon 19 deletion or L858R mutation',
      scope: 'lung',
      role: 'met',
    },
  ],
  filters: [],
  nearest_site: null,
};
