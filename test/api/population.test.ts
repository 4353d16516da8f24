/**
 * Who a trial is for (`population`) and the types its criteria rule out (`excluded_types`)
 * over HTTP: on the shared real records (../shared/data/ctgov, read at test time and run
 * through the pipeline's own mapping and enrichment; a missing folder fails with the path it
 * expected and SHARED_CTGOV_DIR): /match and the type searches keep the lung cancer and
 * pan-tumour trials that admit the type and drop the rest, and no trial excluding small cell
 * is returned for sclc; and on hand-built trials for an untyped basket that excludes small
 * cell.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MatchListResponseSchema,
  TrialDetailResponseSchema,
  TrialListResponseSchema,
} from '../../api/openapi/schemas.js';
import { TIER_LIMITS } from '../../domain/tiers.js';
import { realTables } from '../helpers/real-tables.js';
import { buildTables, trialRow } from '../helpers/trial-fixtures.js';
import { idsOf, startTestApi, type TestApi } from './http.js';

const EVERY_BUCKET = 'statusBuckets=recruiting,active,completed,unknown';

describe('population on the real registry records', () => {
  let api: TestApi;
  /** Every trial's detail view, read once: population, admitted and excluded types. */
  const details = new Map<string, any>();
  beforeAll(async () => {
    // Every trial's detail is read here: no burst limit in the way.
    const roomy = { dailyQuota: 100_000, burstPerMinute: 100_000 };
    api = await startTestApi(await realTables(), { limits: { ...TIER_LIMITS, partner: roomy } });
    const all = await api.json(`/api/v1/trials?${EVERY_BUCKET}&limit=200`);
    expect(all.body.meta.next).toBeNull();
    for (const t of all.body.data)
      details.set(t.nct_id, (await api.json(`/api/v1/trials/${t.nct_id}`)).body.data);
  });
  afterAll(() => api.close());

  async function everyTrial(query: string): Promise<{ nct_id: string; population: string }[]> {
    const out: { nct_id: string; population: string }[] = [];
    for (let offset = 0; ; offset += 200) {
      const res = await api.json(`/api/v1/trials?${query}&limit=200&offset=${offset}`);
      expect(res.status).toBe(200);
      expect(TrialListResponseSchema.safeParse(res.body).success).toBe(true);
      out.push(...res.body.data);
      if (res.body.meta.next === null) return out;
    }
  }

  it('lists every trial with its population, and a type search keeps only lung and pan-tumour trials', async () => {
    const all = await everyTrial(EVERY_BUCKET);
    const population = new Map(all.map((t) => [t.nct_id, t.population]));
    // Intrahepatic cholangiocarcinoma; grade 1/2 neuroendocrine tumours (lung carcinoid).
    expect(population.get('NCT06721286')).toBe('other_tumour');
    expect(population.get('NCT06472388')).toBe('other_tumour');
    expect(population.get('NCT07624487')).toBe('lung_cancer');
    expect(population.get('NCT05914116')).toBe('pan_tumour');
    for (const type of ['nsclc', 'sclc']) {
      const typed = await everyTrial(`${EVERY_BUCKET}&diagnosisType=${type}`);
      expect(typed.length).toBeGreaterThan(0);
      for (const t of typed) expect(['lung_cancer', 'pan_tumour']).toContain(t.population);
      const ids = typed.map((t) => t.nct_id);
      expect(ids).not.toContain('NCT06721286');
      expect(ids).not.toContain('NCT06472388');
    }
  });

  it('keeps pan-tumour trials that admit lung patients in /match and a type search, and drops the rest', async () => {
    const retrospective = new Set(['NCT07359586', 'NCT06745830']);
    const all = await everyTrial(EVERY_BUCKET);
    const details = new Map<string, any>();
    for (const t of all)
      details.set(t.nct_id, (await api.json(`/api/v1/trials/${t.nct_id}`)).body.data);
    const patient = new Set<string>();
    for (let offset = 0; ; offset += 200) {
      const res = await api.json(`/api/v1/match?${EVERY_BUCKET}&limit=200&offset=${offset}`);
      expect(res.status).toBe(200);
      expect(MatchListResponseSchema.safeParse(res.body).success).toBe(true);
      for (const t of res.body.data) patient.add(t.nct_id);
      if (res.body.meta.next === null) break;
    }
    // /match with no profile: exactly the trials that take some lung cancer type and enrol.
    const admitting = [...details.values()].filter(
      (d) => d.admitted_types.length > 0 && !retrospective.has(d.nct_id),
    );
    expect([...patient].sort()).toEqual(admitting.map((d) => d.nct_id).sort());
    for (const d of details.values())
      if (!['lung_cancer', 'pan_tumour'].includes(d.population))
        expect(patient).not.toContain(d.nct_id);
    const pan = admitting.filter((d) => d.population === 'pan_tumour');
    expect(pan.length).toBeGreaterThan(0);
    expect(patient).toContain('NCT05914116');
    // A pan-tumour trial whose criteria rule NSCLC out is dropped for NSCLC, kept for SCLC.
    expect(patient).toContain('NCT07124000');
    const nsclcMatch = await api.json(
      `/api/v1/match?${EVERY_BUCKET}&diagnosisType=nsclc&limit=200`,
    );
    expect(nsclcMatch.body.data.map((t: { nct_id: string }) => t.nct_id)).not.toContain(
      'NCT07124000',
    );
    const nsclc = await idsOf(api, `${EVERY_BUCKET}&diagnosisType=nsclc`);
    expect(nsclc).toContain('NCT05914116');
    for (const d of pan)
      expect(nsclc.includes(d.nct_id), d.nct_id).toBe(d.admitted_types.includes('nsclc'));
  });

  it('leaves out of /match the retrospective studies, which enrol no one', async () => {
    // The intubation injuries of past anaesthesias (conditions: five cancers, lung among them);
    // a lymph-node grading of resected adenocarcinomas. Both observational, both "recruiting".
    const retrospective = ['NCT07359586', 'NCT06745830'];
    const listed = await idsOf(api, `${EVERY_BUCKET}&diagnosisType=nsclc`);
    const matched = await api.json(
      `/api/v1/match?${EVERY_BUCKET}&limit=200&includeIneligible=true`,
    );
    expect(matched.status).toBe(200);
    const ids = matched.body.data.map((t: { nct_id: string }) => t.nct_id);
    for (const id of retrospective) {
      expect(details.get(id)).toMatchObject({ study_type: 'Observational' });
      expect(details.get(id).official_title).toMatch(/Retrospective/i);
      expect(listed).toContain(id);
      expect(ids).not.toContain(id);
    }
    // Observational studies that are not retrospective stay.
    const observational = [...details.values()].filter(
      (d) =>
        d.study_type === 'Observational' &&
        d.admitted_types.length > 0 &&
        !retrospective.includes(d.nct_id),
    );
    expect(observational.length).toBeGreaterThan(0);
    for (const d of observational) expect(ids).toContain(d.nct_id);
  });

  it('never returns a trial whose criteria exclude small cell for sclc', async () => {
    const excluding = [...details.values()]
      .filter((d) => d.excluded_types.includes('sclc'))
      .map((d) => d.nct_id);
    // "No undifferentiated small cell (oat cell or high-grade neuroendocrine) carcinoma";
    // "Pathological type is pulmonary squamous cell carcinoma or small cell lung cancer".
    expect(excluding).toEqual(expect.arrayContaining(['NCT00023673', 'NCT07314216']));
    const sclcSearches = [
      `/api/v1/trials?${EVERY_BUCKET}&diagnosisType=sclc&limit=200`,
      `/api/v1/trials?${EVERY_BUCKET}&stage=extensive&limit=200`,
      `/api/v1/trials?${EVERY_BUCKET}&cancerStage=limited&limit=200`,
      `/api/v1/match?${EVERY_BUCKET}&diagnosisType=sclc&stage=extensive&limit=200`,
    ];
    for (const url of sclcSearches) {
      const res = await api.json(url);
      expect(res.status, url).toBe(200);
      expect(res.body.meta.next, url).toBeNull();
      const ids = res.body.data.map((t: { nct_id: string }) => t.nct_id);
      expect(ids.length, url).toBeGreaterThan(0);
      for (const id of excluding) expect(ids, url).not.toContain(id);
    }
  });

  it('shows the text that decided the population and the excluded types on the detail view', async () => {
    const net = await api.json('/api/v1/trials/NCT06472388');
    expect(net.status).toBe(200);
    expect(TrialDetailResponseSchema.safeParse(net.body).success).toBe(true);
    expect(net.body.data.population).toBe('other_tumour');
    expect(net.body.data.evidence.population).toContainEqual({
      value: 'other_tumour',
      field: 'conditions',
      text: 'Neuroendocrine Tumor Grade 1',
    });
    // DESTINY-PANTUMOUR04 takes HER2-positive solid tumours but not primary NSCLC.
    const pantumour = await api.json('/api/v1/trials/NCT07124000');
    expect(pantumour.body.data.excluded_types).toEqual(['nsclc']);
    const line = pantumour.body.data.evidence.excluded_types[0];
    expect(line).toMatchObject({ value: 'nsclc', field: 'exclusion_criteria' });
    expect(line.text).toMatch(/NSCLC/);
    expect(await idsOf(api, `${EVERY_BUCKET}&diagnosisType=nsclc`)).not.toContain('NCT07124000');
  });
});

describe('an untyped basket that excludes small cell', () => {
  let api: TestApi;
  beforeAll(async () => {
    const basket = trialRow('NCT00000001', {
      conditions: ['Advanced Solid Tumors'],
      population: 'pan_tumour',
      excluded_types: ['sclc'],
      exclusion_criteria: '- Small cell, carcinoid or GIST tumours are excluded.',
    });
    const screening = trialRow('NCT00000002', {
      conditions: ['Lung Cancer Screening'],
      population: 'screening',
      lung_cancer: false,
    });
    api = await startTestApi(buildTables({ trials: [basket, screening] }));
  });
  afterAll(() => api.close());

  it('is found for NSCLC, not for SCLC, and says why', async () => {
    expect(await idsOf(api, 'diagnosisType=nsclc')).toEqual(['NCT00000001']);
    expect(await idsOf(api, 'diagnosisType=sclc')).toEqual([]);
    expect(await idsOf(api, 'cancerStage=extensive')).toEqual([]);
    const res = await api.json('/api/v1/trials/NCT00000001?diagnosisType=sclc');
    expect(res.status).toBe(200);
    const verdict = res.body.data.match.filters.find(
      (f: { parameter: string }) => f.parameter === 'diagnosisType',
    );
    expect(verdict).toMatchObject({ met: false });
    expect(verdict.reason).toMatch(/exclude SCLC/);
    const screening = await api.json('/api/v1/trials/NCT00000002?diagnosisType=nsclc');
    const type = screening.body.data.match.filters.find(
      (f: { parameter: string }) => f.parameter === 'diagnosisType',
    );
    expect(type).toMatchObject({ met: false });
    expect(type.reason).toMatch(/population screening/);
  });
});
