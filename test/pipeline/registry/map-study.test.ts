import fs from 'node:fs';
import path from 'node:path';
import { latLngToCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { SITE_H3_RESOLUTION } from '../../../domain/geo.js';
import { contentHash } from '../../../pipeline/raw-store/content-hash.js';
import { InvalidStudyError } from '../../../pipeline/registry/errors.js';
import {
  mapClassicXmlToRecord,
  parseClassicXml,
} from '../../../pipeline/registry/map-classic-xml.js';
import { mapStudyToRecord } from '../../../pipeline/registry/map-study.js';
import { mapV1StudyToRecord } from '../../../pipeline/registry/map-v1.js';
import { requireCtgovData } from '../../helpers/ctgov-replay-server.js';

const data = requireCtgovData();
const readJson = (rel: string) =>
  JSON.parse(fs.readFileSync(path.join(data, rel), 'utf8')) as unknown;

describe('mapStudyToRecord (API v2)', () => {
  it('maps NCT02576665 from the biomcp get capture field by field', () => {
    const { trial, sites } = mapStudyToRecord(
      readJson('original/ctgov_v2_biomcp/get_nct02576665_20260811.json'),
    );
    expect(trial).toMatchObject({
      nct_id: 'NCT02576665',
      brief_title: expect.stringMatching(/^A Study of Toca 511/),
      official_title: null,
      overall_status: 'TERMINATED',
      status: 'Closed',
      status_bucket: 'completed',
      phases: ['PHASE1'],
      phase: 'Phase I',
      study_type: 'Interventional',
      sponsor: 'Tocagen Inc.',
      enrollment: 21,
      sex: 'ALL',
      age_min: 18,
      age_max: 75,
      study_start: '2016-07-01',
      study_completion: '2019-12-20',
      primary_completion: null,
      last_updated: null,
      url: 'https://clinicaltrials.gov/study/NCT02576665',
      source: 'ctgov',
      location_count: 3,
      diagnosis_types: [],
      sclc_stages: [],
      nsclc_stages: [],
    });
    expect(trial.conditions).toHaveLength(12);
    expect(trial.conditions).toContain('Non-Small Cell Lung Cancer');
    expect(trial.interventions.map((i) => i.name)).toEqual(['Toca 511', 'Toca FC']);
    expect(trial.inclusion_criteria).toMatch(/^1\. Patient has given written informed consent/);
    expect(trial.inclusion_criteria).not.toMatch(/Exclusion Criteria/i);
    expect(trial.exclusion_criteria).toMatch(/^1\. Patient has a history of other malignancy/);
    expect(
      sites.map((s) => [
        s.facility,
        s.city,
        s.state,
        s.zip,
        s.latitude,
        s.longitude,
        s.geo_precision,
      ]),
    ).toEqual([
      ['Sarah Cannon Research Institute', 'Denver', 'CO', '80218', 39.73915, -104.9847, 'site'],
      ['University of Miami', 'Miami', 'FL', '33136', 25.77427, -80.19366, 'site'],
      ['MD Anderson Cancer Center', 'Houston', 'TX', '77030', 29.76328, -95.36327, 'site'],
    ]);
    expect(sites[0].h3_cell).toBe(latLngToCell(39.73915, -104.9847, SITE_H3_RESOLUTION));
    expect(sites.map((s) => s.site_index)).toEqual([0, 1, 2]);
  });

  it('maps a trimmed studies.jsonl trial (NCT06830694)', () => {
    const line = fs.readFileSync(path.join(data, 'v2/studies.jsonl'), 'utf8').split('\n')[0];
    const { trial, sites } = mapStudyToRecord(JSON.parse(line));
    expect(trial).toMatchObject({
      nct_id: 'NCT06830694',
      status: 'Recruiting',
      status_bucket: 'recruiting',
      phases: ['PHASE2'],
      phase: 'Phase II',
      study_type: 'Interventional',
      // Trimmed records name the organisation, not the lead sponsor.
      sponsor: 'Samsung Medical Center',
      conditions: ['Small Cell Carcinoma of Lung'],
      study_start: '2025-05-13',
      primary_completion: '2027-03-31',
      last_updated: '2026-09-10',
      enrollment: null,
      location_count: 1,
    });
    expect(trial.interventions).toEqual([
      { type: 'DRUG', name: 'Atezolizumab, Etoposide, Carboplatin, Tarlatamab', description: null },
    ]);
    expect(sites[0]).toMatchObject({
      city: 'Seoul',
      country: 'South Korea',
      facility: null,
      latitude: null,
      geo_precision: 'none',
      h3_cell: null,
    });
  });

  it('reads the v2 modules the captures leave out (keywords, MeSH, outcomes, documents, references)', () => {
    const { trial } = mapStudyToRecord({
      protocolSection: {
        identificationModule: { nctId: 'NCT00000001' },
        statusModule: {
          studyFirstPostDateStruct: { date: '2020-02' },
          lastUpdatePostDateStruct: { date: '2024' },
        },
        conditionsModule: { keywords: ['EGFR', ' '] },
        designModule: { phases: ['PHASE2', 'PHASE3'], enrollmentInfo: { count: 120 } },
        eligibilityModule: { minimumAge: '6 Months', sex: 'FEMALE' },
        outcomesModule: {
          primaryOutcomes: [{ measure: 'PFS', timeFrame: '2 years' }],
          secondaryOutcomes: [{ description: 'no measure' }],
        },
        referencesModule: { references: [{ pmid: '123', type: 'RESULT', citation: 'A paper.' }] },
      },
      derivedSection: {
        conditionBrowseModule: { meshes: [{ id: 'D008175', term: 'Lung Neoplasms' }] },
      },
      documentSection: {
        largeDocumentModule: {
          largeDocs: [
            {
              typeAbbrev: 'Prot',
              label: 'Study Protocol',
              date: '2019-07-29',
              filename: 'Prot_000.pdf',
            },
          ],
        },
      },
    });
    expect(trial).toMatchObject({
      keywords: ['EGFR'],
      mesh_terms: ['Lung Neoplasms'],
      phases: ['PHASE2', 'PHASE3'],
      phase: 'Phase II/III',
      enrollment: 120,
      age_min: 0,
      sex: 'FEMALE',
      first_posted: '2020-02-01',
      last_updated: '2024-01-01',
      primary_outcomes: [{ measure: 'PFS', time_frame: '2 years', description: null }],
      secondary_outcomes: [],
      publications: [{ pmid: '123', citation: 'A paper.', type: 'RESULT' }],
      study_documents: [
        {
          type: 'Study Protocol',
          url: 'https://cdn.clinicaltrials.gov/large-docs/01/NCT00000001/Prot_000.pdf',
          date: '2019-07-29',
        },
      ],
    });
  });

  it('gives nulls and empties for missing modules, and throws InvalidStudyError without an id', () => {
    const { trial, sites } = mapStudyToRecord({
      protocolSection: { identificationModule: { nctId: 'nct00000002' } },
    });
    expect(trial).toMatchObject({
      nct_id: 'NCT00000002',
      status: null,
      status_bucket: 'unknown',
      phases: [],
      phase: null,
      sex: 'ALL',
      age_min: null,
      conditions: [],
      location_count: 0,
    });
    expect(sites).toEqual([]);
    for (const bad of [
      null,
      42,
      {},
      { protocolSection: { identificationModule: { nctId: '  ' } } },
      { protocolSection: 'x' },
    ]) {
      expect(() => mapStudyToRecord(bad)).toThrow(InvalidStudyError);
    }
  });

  it('hashes the raw study independently of key order', () => {
    const a = {
      protocolSection: { identificationModule: { nctId: 'NCT00000003', briefTitle: 'T' } },
    };
    const b = {
      protocolSection: { identificationModule: { briefTitle: 'T', nctId: 'NCT00000003' } },
    };
    expect(mapStudyToRecord(a).trial.content_hash).toBe(mapStudyToRecord(b).trial.content_hash);
    expect(mapStudyToRecord(a).trial.content_hash).toBe(contentHash(b));
  });
});

describe('classic forms', () => {
  it('maps the classic XML NCT01642004 (CheckMate 017)', () => {
    const study = parseClassicXml(
      fs.readFileSync(path.join(data, 'original/ctgov_xml_aact/NCT01642004.xml'), 'utf8'),
    );
    const { trial, sites } = mapClassicXmlToRecord(study);
    expect(trial).toMatchObject({
      nct_id: 'NCT01642004',
      overall_status: 'ACTIVE_NOT_RECRUITING',
      status: 'Active',
      status_bucket: 'active',
      phases: ['PHASE3'],
      phase: 'Phase III',
      study_type: 'Interventional',
      sponsor: 'Bristol-Myers Squibb',
      enrollment: 352,
      sex: 'ALL',
      age_min: 18,
      age_max: null,
      study_start: '2012-09-26',
      first_posted: '2012-07-17',
      primary_completion: '2014-11-17',
      study_completion: '2018-12-29',
      last_updated: '2018-04-10',
      conditions: ['Squamous Cell Non-small Cell Lung Cancer'],
      mesh_terms: ['Lung Neoplasms', 'Carcinoma, Non-Small-Cell Lung'],
      location_count: 106,
    });
    expect(trial.interventions).toEqual([
      { type: 'BIOLOGICAL', name: 'Nivolumab', description: null },
      { type: 'DRUG', name: 'Docetaxel', description: null },
    ]);
    expect(trial.primary_outcomes).toHaveLength(3);
    expect(trial.secondary_outcomes).toHaveLength(9);
    expect(trial.inclusion_criteria).toMatch(/Men and women ≥18 years of age/);
    expect(trial.exclusion_criteria).toMatch(/untreated central nervous system \(CNS\) metastases/);
    expect(sites[0]).toMatchObject({
      facility: 'Mayo Clinic Arizona',
      city: 'Scottsdale',
      state: 'AZ',
      zip: '85259',
      country: 'United States',
      geo_precision: 'none',
      h3_cell: null,
    });
    expect(sites.at(-1)).toMatchObject({
      city: 'Sheffield',
      state: 'Yorkshire',
      zip: 'S10 2SJ',
      country: 'United Kingdom',
    });
  });

  it('maps the v1 FullStudiesResponse NCT00023673 and agrees with its classic XML twin', () => {
    const v1 = readJson('original/ctgov_v1_aact/NCT00023673.json') as {
      FullStudiesResponse: { FullStudies: Array<{ Study: unknown }> };
    };
    const { trial, sites } = mapV1StudyToRecord(v1.FullStudiesResponse.FullStudies[0].Study);
    expect(trial).toMatchObject({
      nct_id: 'NCT00023673',
      overall_status: 'COMPLETED',
      status: 'Completed',
      status_bucket: 'completed',
      phases: ['PHASE1', 'PHASE2'],
      phase: 'Phase I/II',
      study_type: 'Interventional',
      sponsor: 'Radiation Therapy Oncology Group',
      enrollment: 63,
      sex: 'ALL',
      age_min: null,
      age_max: null,
      study_start: '2001-07-01',
      first_posted: '2003-04-09',
      primary_completion: '2009-01-01',
      study_completion: '2013-11-01',
      last_updated: '2017-12-22',
      mesh_terms: ['Lung Neoplasms', 'Carcinoma, Non-Small-Cell Lung'],
      location_count: 41,
    });
    expect(trial.keywords).toHaveLength(6);
    expect(trial.publications[0]).toMatchObject({ pmid: '20368547', type: 'RESULT' });
    expect(trial.inclusion_criteria).toMatch(/^DISEASE CHARACTERISTICS:/);
    expect(sites[0]).toMatchObject({
      facility: 'Mobile Infirmary Medical Center',
      city: 'Mobile',
      state: 'AL',
      zip: '36652-2144',
    });
    expect(sites.at(-1)).toMatchObject({ city: 'Calgary', state: 'Alberta', country: 'Canada' });

    const xml = mapClassicXmlToRecord(
      parseClassicXml(
        fs.readFileSync(path.join(data, 'original/ctgov_xml_aact/NCT00023673.xml'), 'utf8'),
      ),
    );
    for (const key of [
      'status',
      'phases',
      'sex',
      'age_min',
      'age_max',
      'study_start',
      'first_posted',
      'primary_completion',
      'study_completion',
      'last_updated',
      'location_count',
      'enrollment',
    ] as const) {
      expect(xml.trial[key], key).toEqual(trial[key]);
    }
    expect(xml.sites.map((s) => s.city)).toEqual(sites.map((s) => s.city));
  });

  it('returns null for XML that is not a <clinical_study>', () => {
    expect(parseClassicXml('<other><a>1</a></other>')).toBeNull();
  });
});
