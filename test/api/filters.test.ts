/** Filter semantics of GET /trials (docs/product-rules.md, docs/architecture.md), each on a world built for it. */
import { afterEach, describe, expect, it } from 'vitest';
import type { SnapshotTables } from '../../domain/rows.js';
import { biomarkerRow, buildTables, siteRow, trialRow } from '../helpers/trial-fixtures.js';
import { idsOf, startTestApi, type TestApi } from './http.js';

const open: TestApi[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((a) => a.close()));
});

async function world(tables: SnapshotTables): Promise<(query: string) => Promise<string[]>> {
  const api = await startTestApi(tables);
  open.push(api);
  return async (query) => (await idsOf(api, query)).sort();
}

describe('diagnosisType keeps untyped trials only when they are lung cancer trials', () => {
  it('a non-lung trial with no type signal (cholangiocarcinoma) is not kept for nsclc or sclc', async () => {
    const ids = await world(
      buildTables({
        trials: [
          trialRow('LUNG-UNTYPED', { lung_cancer: true }),
          trialRow('BILIARY', {
            lung_cancer: false,
            conditions: ['Intrahepatic Cholangiocarcinoma'],
          }),
          trialRow('NSCLC', { diagnosis_types: ['nsclc'], lung_cancer: true }),
        ],
      }),
    );
    expect(await ids('diagnosisType=nsclc')).toEqual(['LUNG-UNTYPED', 'NSCLC']);
    expect(await ids('diagnosisType=sclc')).toEqual(['LUNG-UNTYPED']);
    expect(await ids('diagnosisType=unknown')).toEqual(['BILIARY', 'LUNG-UNTYPED', 'NSCLC']);
  });
});

describe('diagnosisType and cancerStage', () => {
  const tables = buildTables({
    trials: [
      trialRow('NSCLC', { diagnosis_types: ['nsclc'] }),
      trialRow('SCLC-LIM', { diagnosis_types: ['sclc'], sclc_stages: ['limited'] }),
      trialRow('SCLC-EXT', { diagnosis_types: ['sclc'], sclc_stages: ['extensive'] }),
      trialRow('SCLC-BOTH', { diagnosis_types: ['sclc'], sclc_stages: ['limited', 'extensive'] }),
      trialRow('SCLC-NOSTAGE', { diagnosis_types: ['sclc'] }),
      trialRow('BOTH-TYPES', { diagnosis_types: ['nsclc', 'sclc'] }),
      trialRow('UNTYPED', {}),
      trialRow('UNTYPED-EXT', { sclc_stages: ['extensive'] }),
    ],
  });

  it('nsclc/sclc keep that type and untyped trials; unknown restricts nothing', async () => {
    const ids = await world(tables);
    expect(await ids('diagnosisType=nsclc')).toEqual([
      'BOTH-TYPES',
      'NSCLC',
      'UNTYPED',
      'UNTYPED-EXT',
    ]);
    expect(await ids('diagnosisType=sclc')).toEqual([
      'BOTH-TYPES',
      'SCLC-BOTH',
      'SCLC-EXT',
      'SCLC-LIM',
      'SCLC-NOSTAGE',
      'UNTYPED',
      'UNTYPED-EXT',
    ]);
    expect(await ids('diagnosisType=unknown')).toHaveLength(8);
    expect(await ids('')).toHaveLength(8);
  });

  it('cancerStage is inclusive: the chosen stage, no stage signal, or both; never only the opposite', async () => {
    const ids = await world(tables);
    expect(await ids('cancerStage=limited')).toEqual([
      'BOTH-TYPES',
      'SCLC-BOTH',
      'SCLC-LIM',
      'SCLC-NOSTAGE',
      'UNTYPED',
    ]);
    expect(await ids('cancerStage=extensive')).toEqual([
      'BOTH-TYPES',
      'SCLC-BOTH',
      'SCLC-EXT',
      'SCLC-NOSTAGE',
      'UNTYPED',
      'UNTYPED-EXT',
    ]);
    expect(await ids('diagnosisType=nsclc&cancerStage=limited')).toEqual(['BOTH-TYPES', 'UNTYPED']);
  });
});

describe('country, state, gender, age, phase, status, firstPostedAfter', () => {
  const tables = buildTables({
    trials: [
      trialRow('US-ONLY', {
        sex: 'FEMALE',
        age_min: 18,
        age_max: 65,
        phases: ['PHASE1', 'PHASE2'],
        first_posted: '2024-05-01',
      }),
      trialRow('INTL-ONLY', {
        sex: 'MALE',
        age_min: 50,
        age_max: null,
        phases: ['PHASE3'],
        first_posted: '2024-04-30',
      }),
      trialRow('BOTH', {
        age_min: null,
        age_max: 40,
        phases: ['EARLY_PHASE1'],
        status: 'Enrolling',
      }),
      trialRow('NO-SITES', {
        phases: [],
        study_type: 'Observational',
        status: 'Active',
        first_posted: null,
      }),
      trialRow('DONE', { phases: ['PHASE4'], status: 'Completed' }),
      trialRow('CLOSED', { phases: ['PHASE2', 'PHASE3'], status: 'Closed' }),
      trialRow('UNKNOWN', { status: null, phases: ['NA'] }),
    ],
    sites: [
      siteRow('US-ONLY', 0, { state: 'CA', country: 'United States' }),
      siteRow('INTL-ONLY', 0, { state: 'Ontario', country: 'Canada' }),
      siteRow('INTL-ONLY', 1, { state: 'Tbilisi', country: 'Georgia' }),
      siteRow('BOTH', 0, { state: 'TX', country: 'United States' }),
      siteRow('BOTH', 1, { state: null, country: 'Germany' }),
      siteRow('DONE', 0, { state: null, country: 'Puerto Rico' }),
    ],
  });

  it('country: us = a US site, international = a non-US site', async () => {
    const ids = await world(tables);
    expect(await ids('country=us')).toEqual(['BOTH', 'US-ONLY']);
    expect(await ids('country=international')).toEqual(['BOTH', 'INTL-ONLY']);
    expect(await ids('country=us&statusBuckets=completed')).toEqual(['DONE']);
  });

  it('state: a site in that state (territories by name; the country Georgia is not GA)', async () => {
    const ids = await world(tables);
    expect(await ids('state=CA')).toEqual(['US-ONLY']);
    expect(await ids('state=texas')).toEqual(['BOTH']);
    expect(await ids('state=GA')).toEqual([]);
    expect(await ids('state=PR&statusBuckets=completed')).toEqual(['DONE']);
  });

  it('gender: the trial accepts that sex; ALL matches both', async () => {
    const ids = await world(tables);
    expect(await ids('gender=female')).toEqual(['BOTH', 'NO-SITES', 'UNKNOWN', 'US-ONLY']);
    expect(await ids('gender=male')).toEqual(['BOTH', 'INTL-ONLY', 'NO-SITES', 'UNKNOWN']);
  });

  it('age: closed bounds are inclusive, missing bounds are open', async () => {
    const ids = await world(tables);
    expect(await ids('age=18')).toEqual(['BOTH', 'NO-SITES', 'UNKNOWN', 'US-ONLY']);
    expect(await ids('age=65')).toEqual(['INTL-ONLY', 'NO-SITES', 'UNKNOWN', 'US-ONLY']);
    expect(await ids('age=66')).toEqual(['INTL-ONLY', 'NO-SITES', 'UNKNOWN']);
    expect(await ids('age=40')).toEqual(['BOTH', 'NO-SITES', 'UNKNOWN', 'US-ONLY']);
    expect(await ids('age=41')).toEqual(['NO-SITES', 'UNKNOWN', 'US-ONLY']);
    expect(await ids('age=0')).toEqual(['BOTH', 'NO-SITES', 'UNKNOWN']);
  });

  it('trialPhase: Phase I/II matches both; early phase 1 is Phase I; study types; All Phases', async () => {
    const ids = await world(tables);
    const all = 'statusBuckets=recruiting,active,completed,unknown';
    expect(await ids(`${all}&trialPhase=Phase I`)).toEqual(['BOTH', 'US-ONLY']);
    expect(await ids(`${all}&trialPhase=Phase II`)).toEqual(['CLOSED', 'US-ONLY']);
    expect(await ids(`${all}&trialPhase=Phase III`)).toEqual(['CLOSED', 'INTL-ONLY']);
    expect(await ids(`${all}&trialPhase=Phase IV`)).toEqual(['DONE']);
    expect(await ids(`${all}&trialPhase=Observational`)).toEqual(['NO-SITES']);
    expect(await ids(`${all}&trialPhase=Interventional`)).toHaveLength(6);
    expect(await ids(`${all}&trialPhase=All Phases`)).toHaveLength(7);
  });

  it('trialPhase: the stored codes name the same values; Early Phase I and Not Applicable filter', async () => {
    const ids = await world(tables);
    const all = 'statusBuckets=recruiting,active,completed,unknown';
    expect(await ids(`${all}&trialPhase=PHASE3`)).toEqual(['CLOSED', 'INTL-ONLY']);
    expect(await ids(`${all}&trialPhase=phase 3`)).toEqual(['CLOSED', 'INTL-ONLY']);
    expect(await ids(`${all}&trialPhase=PHASE1,PHASE4`)).toEqual(['BOTH', 'DONE', 'US-ONLY']);
    expect(await ids(`${all}&trialPhase=Early Phase I`)).toEqual(['BOTH']);
    expect(await ids(`${all}&trialPhase=EARLY_PHASE1`)).toEqual(['BOTH']);
    expect(await ids(`${all}&trialPhase=Not Applicable`)).toEqual(['UNKNOWN']);
    expect(await ids(`${all}&trialPhase=NA`)).toEqual(['UNKNOWN']);
    expect(await ids(`${all}&trialPhase=N/A`)).toEqual(['UNKNOWN']);
  });

  it('statusBuckets default to recruiting,active,unknown; explicit buckets; trialStatus alone searches all buckets', async () => {
    const ids = await world(tables);
    expect(await ids('')).toEqual(['BOTH', 'INTL-ONLY', 'NO-SITES', 'UNKNOWN', 'US-ONLY']);
    expect(await ids('statusBuckets=completed')).toEqual(['CLOSED', 'DONE']);
    expect(await ids('statusBuckets=recruiting')).toEqual(['BOTH', 'INTL-ONLY', 'US-ONLY']);
    expect(await ids('statusBuckets=unknown,active')).toEqual(['NO-SITES', 'UNKNOWN']);
    expect(await ids('trialStatus=Completed')).toEqual(['DONE']);
    expect(await ids('trialStatus=Closed')).toEqual(['CLOSED']);
    expect(await ids('trialStatus=Enrolling')).toEqual(['BOTH']);
    expect(await ids('trialStatus=Completed&statusBuckets=recruiting')).toEqual([]);
  });

  it('firstPostedAfter is inclusive and drops trials with no date', async () => {
    const ids = await world(tables);
    expect(await ids('firstPostedAfter=2024-05-01')).toEqual(['US-ONLY']);
    expect(await ids('firstPostedAfter=2024-04-30')).toEqual(['INTL-ONLY', 'US-ONLY']);
    expect(await ids('firstPostedAfter=2000-01-01')).not.toContain('NO-SITES');
  });
});

describe('biomarkers and mutations', () => {
  const tables = buildTables({
    trials: [
      'EGFR-ANY',
      'EGFR-L858R',
      'EGFR-EX20',
      'EGFR-EXCL',
      'EGFR-EXCL-T790M',
      'KRAS-G12X',
      'KRAS-G12C',
      'HER2-MUT',
      'PDL1-50',
      'PDL1-LT1',
      'PDL1-ANY',
      'PDL1-CPS10',
      'PDL1-1-49',
      'ALK-FUSION',
      'NONE',
    ].map((id) => trialRow(id)),
    biomarkers: [
      biomarkerRow('EGFR-ANY', 'EGFR', null),
      biomarkerRow('EGFR-L858R', 'EGFR', 'L858R'),
      biomarkerRow('EGFR-EX20', 'EGFR', 'EX20INS'),
      biomarkerRow('EGFR-EXCL', 'ALK', 'FUSION'),
      biomarkerRow('EGFR-EXCL', 'EGFR', null, 'excluded'),
      biomarkerRow('EGFR-EXCL-T790M', 'EGFR', null),
      biomarkerRow('EGFR-EXCL-T790M', 'EGFR', 'T790M', 'excluded'),
      biomarkerRow('KRAS-G12X', 'KRAS', 'G12X'),
      biomarkerRow('KRAS-G12C', 'KRAS', 'G12C'),
      biomarkerRow('HER2-MUT', 'HER2', 'MUT'),
      biomarkerRow('PDL1-50', 'PD-L1', null, 'required', {
        metric: 'TPS',
        comparator: '>=',
        cutoff: 50,
      }),
      biomarkerRow('PDL1-LT1', 'PD-L1', null, 'required', {
        metric: 'TPS',
        comparator: '<',
        cutoff: 1,
      }),
      biomarkerRow('PDL1-ANY', 'PD-L1', null),
      biomarkerRow('PDL1-CPS10', 'PD-L1', null, 'required', {
        metric: 'CPS',
        comparator: '>=',
        cutoff: 10,
      }),
      biomarkerRow('PDL1-1-49', 'PD-L1', null, 'required', {
        metric: 'TPS',
        comparator: 'between',
        cutoff: 1,
        cutoff_high: 49,
      }),
      biomarkerRow('ALK-FUSION', 'ALK', 'FUSION'),
    ],
  });

  it('biomarkers: a required gene matches; a trial excluding the gene never does; lists OR', async () => {
    const ids = await world(tables);
    expect(await ids('biomarkers=EGFR')).toEqual([
      'EGFR-ANY',
      'EGFR-EX20',
      'EGFR-EXCL-T790M',
      'EGFR-L858R',
    ]);
    expect(await ids('biomarkers=ALK')).toEqual(['ALK-FUSION', 'EGFR-EXCL']);
    expect(await ids('biomarkers=KRAS,HER2')).toEqual(['HER2-MUT', 'KRAS-G12C', 'KRAS-G12X']);
    expect(await ids('biomarkers=RET')).toEqual([]);
  });

  it('mutations: exact alteration or gene-level requirement; exon-20-only does not match L858R; exclusions never match', async () => {
    const ids = await world(tables);
    expect(await ids('mutations=EGFR:L858R')).toEqual([
      'EGFR-ANY',
      'EGFR-EXCL-T790M',
      'EGFR-L858R',
    ]);
    expect(await ids('mutations=EGFR:EX20INS')).toEqual([
      'EGFR-ANY',
      'EGFR-EX20',
      'EGFR-EXCL-T790M',
    ]);
    expect(await ids('mutations=EGFR:T790M')).toEqual(['EGFR-ANY']);
    expect(await ids('mutations=EGFR:L858R,ALK:FUSION')).toEqual([
      'ALK-FUSION',
      'EGFR-ANY',
      'EGFR-EXCL',
      'EGFR-EXCL-T790M',
      'EGFR-L858R',
    ]);
  });

  it('mutations: broad alterations cover narrow ones (KRAS G12X covers G12C, HER2 MUT covers EX20INS)', async () => {
    const ids = await world(tables);
    expect(await ids('mutations=KRAS:G12C')).toEqual(['KRAS-G12C', 'KRAS-G12X']);
    expect(await ids('mutations=KRAS:G12D')).toEqual(['KRAS-G12X']);
    expect(await ids('mutations=KRAS:G12X')).toEqual(['KRAS-G12X']);
    expect(await ids('mutations=HER2:EX20INS')).toEqual(['HER2-MUT']);
    expect(await ids('mutations=HER2:AMP')).toEqual([]);
  });

  it('mutations: PD-L1 ranges overlap the required range of the same metric; no cut-off is a positive score', async () => {
    const ids = await world(tables);
    const q = (r: string) => ids(`mutations=${encodeURIComponent(`PD-L1:${r}`)}`);
    expect(await q('TPS>=50')).toEqual(['PDL1-50', 'PDL1-ANY']);
    // "PD-L1 positive" (no cut-off) asks for a score of 1 or more: not for a TPS 0 patient.
    expect(await q('TPS<1')).toEqual(['PDL1-LT1']);
    expect(await q('TPS1-49')).toEqual(['PDL1-1-49', 'PDL1-ANY']);
    expect(await q('TPS>=49')).toEqual(['PDL1-1-49', 'PDL1-50', 'PDL1-ANY']);
    expect(await q('CPS>=10')).toEqual(['PDL1-ANY', 'PDL1-CPS10']);
    expect(await q('CPS<10')).toEqual(['PDL1-ANY']);
  });

  it('biomarkers and mutations AND together', async () => {
    const ids = await world(tables);
    expect(await ids('biomarkers=ALK&mutations=EGFR:L858R')).toEqual([]);
    expect(await ids('biomarkers=EGFR&mutations=EGFR:EX20INS')).toEqual([
      'EGFR-ANY',
      'EGFR-EX20',
      'EGFR-EXCL-T790M',
    ]);
  });
});

describe('biomarker rows of another tumour cohort', () => {
  it('never match the biomarker filters and are served apart from the lung requirements', async () => {
    const api = await startTestApi(
      buildTables({
        trials: [trialRow('BASKET'), trialRow('HER2-LUNG')],
        biomarkers: [
          biomarkerRow('BASKET', 'HER2', 'OVEREXP', 'required', {
            scope: 'other_tumour',
            source_text: 'Cohort C: HER2-positive breast carcinoma',
          }),
          biomarkerRow('BASKET', 'KRAS', 'G12C', 'required'),
          biomarkerRow('HER2-LUNG', 'HER2', 'MUT', 'required'),
        ],
      }),
    );
    open.push(api);
    expect((await idsOf(api, 'biomarkers=HER2')).sort()).toEqual(['HER2-LUNG']);
    expect(await idsOf(api, 'biomarkers=KRAS')).toEqual(['BASKET']);
    const res = await api.json('/api/v1/trials/BASKET');
    expect(res.status).toBe(200);
    expect(res.body.data.biomarkers).toEqual([
      expect.objectContaining({ gene: 'KRAS', alteration: 'G12C', scope: 'lung' }),
    ]);
    expect(res.body.data.other_cohort_biomarkers).toEqual([
      expect.objectContaining({
        gene: 'HER2',
        alteration: 'OVEREXP',
        scope: 'other_tumour',
        source_text: 'Cohort C: HER2-positive breast carcinoma',
      }),
    ]);
  });
});
