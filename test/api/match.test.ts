/**
 * GET /api/v1/match over HTTP: each status, requirement groups, negativeFor, the order,
 * paging and errors, on hand-built trials whose biomarker rows and groups are known; and the
 * no-driver PD-L1 patient and the stage filter (every NSCLC and SCLC value) on the shared real
 * records; the stage filter on /trials in both vocabularies on hand-built trials.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchListResponseSchema } from '../../api/openapi/schemas.js';
import {
  isSclcStage,
  NSCLC_STAGE_ADMITTED_BY,
  STAGES,
  type NsclcStage,
} from '../../domain/diagnosis.js';
import type { BiomarkerRow, TrialRow } from '../../domain/rows.js';
import { TIER_LIMITS } from '../../domain/tiers.js';
import { realTables } from '../helpers/real-tables.js';
import { biomarkerRow, buildTables, siteRow, trialRow } from '../helpers/trial-fixtures.js';
import { idsOf, startTestApi, type TestApi } from './http.js';

const EVERY_BUCKET = 'statusBuckets=recruiting,active,completed,unknown';

const nsclc = (id: string, over: Partial<TrialRow> = {}) =>
  trialRow(id, { diagnosis_types: ['nsclc'], admitted_types: ['nsclc'], ...over });

/** Trial ids say what each holds. */
const TRIALS = [
  // One way in: KRAS G12C.
  nsclc('NCT00000001', { last_updated: '2024-06-01' }),
  // KRAS G12C with PD-L1 TPS >= 50, required together (one group).
  nsclc('NCT00000002', { last_updated: '2024-05-01' }),
  // Two cohorts: EGFR exon 19 deletion or L858R (group 1), ALK fusion (group 2).
  nsclc('NCT00000003', { last_updated: '2024-04-01' }),
  // No requirement; excludes any EGFR alteration.
  nsclc('NCT00000004', { last_updated: '2024-03-01' }),
  // EGFR protein expression (IHC), which sequencing does not answer.
  trialRow('NCT00000005', { last_updated: '2024-02-01' }),
  // Lung cancer screening of people without cancer: never a /match result.
  trialRow('NCT00000006', {
    population: 'screening',
    lung_cancer: false,
    admitted_types: [],
    last_updated: '2024-01-01',
  }),
  // Early-stage NSCLC only.
  nsclc('NCT00000007', { nsclc_stages: ['early'], last_updated: '2023-12-01' }),
];

const tpsAtLeast50: Partial<BiomarkerRow> = { metric: 'TPS', comparator: '>=', cutoff: 50 };
const MARKERS: BiomarkerRow[] = [
  biomarkerRow('NCT00000001', 'KRAS', 'G12C', 'required', { group: null }),
  biomarkerRow('NCT00000002', 'KRAS', 'G12C', 'required', { group: 1 }),
  biomarkerRow('NCT00000002', 'PD-L1', null, 'required', { group: 1, ...tpsAtLeast50 }),
  biomarkerRow('NCT00000003', 'EGFR', 'EX19DEL', 'required', { group: 1 }),
  biomarkerRow('NCT00000003', 'EGFR', 'L858R', 'required', { group: 1 }),
  biomarkerRow('NCT00000003', 'ALK', 'FUSION', 'required', { group: 2 }),
  biomarkerRow('NCT00000004', 'EGFR', null, 'excluded'),
  biomarkerRow('NCT00000005', 'EGFR', 'OVEREXP', 'required', { group: null }),
];

// Sites: NCT00000004 near Manhattan (10016), NCT00000001 in Philadelphia, the rest in Boston.
const at = (lat: number, lon: number) => ({
  latitude: lat,
  longitude: lon,
  geo_precision: 'site' as const,
});
const SITES = TRIALS.map((t) =>
  siteRow(
    t.nct_id,
    0,
    t.nct_id === 'NCT00000004'
      ? { ...at(40.7456, -73.9781), state: 'NY' }
      : t.nct_id === 'NCT00000001'
        ? { ...at(39.9526, -75.1652), state: 'PA' }
        : { ...at(42.3601, -71.0589), state: 'MA' },
  ),
);

interface Item {
  nct_id: string;
  match: {
    status: string;
    reason: string;
    tests: string[];
    group: number | null;
    biomarkers: any[];
    filters: any[];
  };
}

describe('GET /match on hand-built trials', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(buildTables({ trials: TRIALS, sites: SITES, biomarkers: MARKERS }));
  });
  afterAll(() => api.close());

  async function match(query: string): Promise<{ items: Item[]; body: any; headers: Headers }> {
    const res = await api.get(`/api/v1/match?${query}`);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
    expect(res.headers.get('etag')).toBeTruthy();
    const body = (await res.json()) as any;
    expect(MatchListResponseSchema.safeParse(body).success).toBe(true);
    return { items: body.data, body, headers: res.headers };
  }
  const byId = (items: Item[]) => new Map(items.map((t) => [t.nct_id, t.match]));

  it('answers each status, eligible first, and leaves out ineligible trials unless asked', async () => {
    const { items, body } = await match('markers=EGFR:L858R');
    const m = byId(items);
    expect(m.get('NCT00000003')).toMatchObject({ status: 'eligible', group: 1, tests: [] });
    expect(m.get('NCT00000003')!.biomarkers).toEqual([
      expect.objectContaining({ gene: 'EGFR', alteration: 'L858R', role: 'met' }),
    ]);
    // Needs a test: KRAS, or EGFR protein expression.
    expect(m.get('NCT00000001')).toMatchObject({ status: 'needs_testing', tests: ['KRAS G12C'] });
    expect(m.get('NCT00000005')).toMatchObject({
      status: 'needs_testing',
      tests: ['EGFR OVEREXP'],
    });
    expect(m.get('NCT00000002')!.tests.sort()).toEqual(['KRAS G12C', 'PD-L1 TPS>=50']);
    // Excludes any EGFR alteration; screening is never a result.
    expect(m.has('NCT00000004')).toBe(false);
    expect(m.has('NCT00000006')).toBe(false);
    const statuses = items.map((t) => t.match.status);
    expect(statuses).toEqual(['eligible', 'eligible', ...statuses.slice(2)]);
    expect(statuses.slice(2).every((s) => s === 'needs_testing')).toBe(true);
    expect(body.meta.total).toBe(items.length);

    const all = byId((await match('markers=EGFR:L858R&includeIneligible=true')).items);
    expect(all.get('NCT00000004')).toMatchObject({ status: 'ineligible', tests: [] });
    expect(all.get('NCT00000004')!.reason).toMatch(/excludes EGFR/);
    expect(all.get('NCT00000004')!.biomarkers[0]).toMatchObject({ gene: 'EGFR', role: 'excludes' });
    expect(all.has('NCT00000006')).toBe(false);
  });

  it('reads requirement groups: markers of one group are needed together, groups are alternatives', async () => {
    // PD-L1 60% alone: the KRAS G12C + PD-L1 cohort still needs a KRAS test.
    expect(byId((await match('markers=PD-L1:TPS=60')).items).get('NCT00000002')).toMatchObject({
      status: 'needs_testing',
      tests: ['KRAS G12C'],
    });
    // Both: eligible through the one group.
    const both = byId((await match('markers=KRAS:G12C,PD-L1:TPS=60')).items);
    expect(both.get('NCT00000002')).toMatchObject({ status: 'eligible', group: 1 });
    // PD-L1 below the cut-off rules the group out even with KRAS G12C.
    const low = await match('markers=KRAS:G12C,PD-L1:TPS=10&includeIneligible=true');
    expect(byId(low.items).get('NCT00000002')).toMatchObject({ status: 'ineligible' });
    // Either cohort of NCT00000003 opens it.
    expect(byId((await match('markers=ALK:FUSION')).items).get('NCT00000003')).toMatchObject({
      status: 'eligible',
      group: 2,
    });
    const untested = byId((await match('diagnosisType=nsclc')).items).get('NCT00000003')!;
    expect(untested.status).toBe('needs_testing');
    expect(untested.tests.sort()).toEqual(['ALK FUSION', 'EGFR EX19DEL', 'EGFR L858R']);
  });

  it('reads negativeFor: a requirement on a negative gene is ruled out, an exclusion of it is not', async () => {
    // The no-driver PD-L1 patient: the KRAS cohort is out, the EGFR-excluding trial is in.
    const noDriver = await match(
      'markers=PD-L1:TPS=60&negativeFor=EGFR,ALK,ROS1,KRAS,BRAF,MET,RET,NTRK,HER2&includeIneligible=true',
    );
    const m = byId(noDriver.items);
    expect(m.get('NCT00000002')).toMatchObject({ status: 'ineligible' });
    expect(m.get('NCT00000002')!.reason).toMatch(/KRAS G12C/);
    expect(m.get('NCT00000002')!.biomarkers).toEqual([
      expect.objectContaining({ gene: 'KRAS', role: 'contradicted' }),
    ]);
    expect(m.get('NCT00000001')).toMatchObject({ status: 'ineligible' });
    expect(m.get('NCT00000003')).toMatchObject({ status: 'ineligible' });
    expect(m.get('NCT00000004')).toMatchObject({ status: 'eligible' });
    // Expression is another test: EGFR negative by sequencing leaves EGFR IHC open.
    expect(m.get('NCT00000005')).toMatchObject({ status: 'needs_testing' });
    // One cohort ruled out, the other still open.
    expect(
      byId((await match('negativeFor=ALK')).items)
        .get('NCT00000003')!
        .tests.sort(),
    ).toEqual(['EGFR EX19DEL', 'EGFR L858R']);
  });

  it('keeps an NSCLC stage to the trials whose stage signals admit it', async () => {
    expect(await idsOf(api, 'stage=metastatic')).not.toContain('NCT00000007');
    expect(await idsOf(api, 'stage=resectable')).toContain('NCT00000007');
    expect(await idsOf(api, 'stage=early')).toContain('NCT00000001');
    const m = byId((await match('stage=metastatic&explain=true')).items);
    expect(m.has('NCT00000007')).toBe(false);
    expect(m.get('NCT00000001')!.filters).toContainEqual(
      expect.objectContaining({ parameter: 'stage', value: 'metastatic', met: true }),
    );
  });

  it('orders each status nearest first with a ZIP, and pages like /trials', async () => {
    const near = await match('markers=EGFR:L858R&zip=10016&radius=500&includeIneligible=true');
    // eligible: both in Boston, so in the default order.
    expect(near.items.map((t) => t.nct_id).slice(0, 2)).toEqual(['NCT00000003', 'NCT00000007']);
    // needs_testing: Philadelphia before Boston; ineligible last.
    const rest = near.items.slice(2).map((t) => [t.nct_id, t.match.status]);
    expect(rest[0]).toEqual(['NCT00000001', 'needs_testing']);
    expect(rest.at(-1)).toEqual(['NCT00000004', 'ineligible']);
    expect(near.body.data[0].distance_miles).toBeGreaterThan(0);
    const page = await match('markers=EGFR:L858R&limit=1');
    expect(page.body.meta).toMatchObject({ limit: 1, offset: 0, prev: null });
    expect(page.body.meta.next).toBe('/api/v1/match?markers=EGFR%3AL858R&limit=1&offset=1');
    expect(page.headers.get('link')).toBe(`<${page.body.meta.next}>; rel="next"`);
  });

  it('counts against the quota like /trials and answers 304 to its own ETag', async () => {
    const first = await match('markers=ALK:FUSION');
    const second = await match('markers=ALK:FUSION');
    expect(second.body.meta.quota_used).toBe(first.body.meta.quota_used + 1);
    expect(second.headers.get('cache-control')).toBe('private, max-age=300');
    expect(second.headers.get('vary')).toMatch(/Authorization/);
    const etag = second.headers.get('etag')!;
    const again = await api.get('/api/v1/match?markers=ALK:FUSION', {
      headers: { 'If-None-Match': etag },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // Another profile is another resource.
    expect((await match('markers=ALK:FUSION&negativeFor=EGFR')).headers.get('etag')).not.toBe(etag);
  });

  it('refuses bad profiles with 400 invalid_parameter naming the parameter', async () => {
    const cases: [string, string][] = [
      ['markers=EGFR:NOPE', 'markers'],
      ['negativeFor=PD-L1', 'negativeFor'],
      ['markers=KRAS:G12C&negativeFor=KRAS', 'negativeFor'],
      ['mutations=KRAS:G12C', 'mutations'],
      ['stage=stage4', 'stage'],
      ['zip=10016', 'radius'],
    ];
    for (const [query, parameter] of cases) {
      const res = await api.get(`/api/v1/match?${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as any).error).toMatchObject({
        code: 'invalid_parameter',
        parameter,
      });
    }
    expect((await api.get('/api/v1/match', { key: null })).status).toBe(401);
  });
});

describe('stage on /trials in both vocabularies, on hand-built trials', () => {
  let api: TestApi;
  beforeAll(async () => {
    const sclc = (id: string, stages: TrialRow['sclc_stages']) =>
      trialRow(id, { diagnosis_types: ['sclc'], sclc_stages: stages });
    const trials = [
      sclc('NCT00000011', ['limited']),
      sclc('NCT00000012', ['extensive']),
      sclc('NCT00000013', []),
      nsclc('NCT00000014', { nsclc_stages: ['metastatic'] }),
      nsclc('NCT00000015', { nsclc_stages: ['stage_iii_unresectable'] }),
      nsclc('NCT00000016'),
      // A lung cancer trial naming no type and no stage takes every type at every stage.
      trialRow('NCT00000017'),
    ];
    api = await startTestApi(buildTables({ trials }));
  });
  afterAll(() => api.close());
  const sorted = async (query: string) => (await idsOf(api, query)).sort();

  it('takes the SCLC stages as cancerStage does, and keeps trials without a stage signal', async () => {
    expect(await sorted('stage=extensive')).toEqual(['NCT00000012', 'NCT00000013', 'NCT00000017']);
    expect(await sorted('stage=limited')).toEqual(['NCT00000011', 'NCT00000013', 'NCT00000017']);
    for (const stage of ['limited', 'extensive'])
      expect(await sorted(`stage=${stage}`)).toEqual(await sorted(`cancerStage=${stage}`));
  });

  it('takes the NSCLC stages: neighbouring settings admit each other, no signal admits every stage', async () => {
    expect(await sorted('stage=metastatic')).toEqual(['NCT00000014', 'NCT00000016', 'NCT00000017']);
    expect(await sorted('stage=locally_advanced')).toEqual([
      'NCT00000015',
      'NCT00000016',
      'NCT00000017',
    ]);
    expect(await sorted('stage=early')).toEqual(['NCT00000016', 'NCT00000017']);
    // An SCLC patient's stage never admits an NSCLC-only trial, and the reverse.
    expect(await sorted('stage=extensive&diagnosisType=nsclc')).toEqual(['NCT00000017']);
    const res = await api.json('/api/v1/trials?stage=early&explain=true');
    expect(res.status).toBe(200);
    const verdict = res.body.data
      .find((t: { nct_id: string }) => t.nct_id === 'NCT00000016')
      .match.filters.find((f: { parameter: string }) => f.parameter === 'stage');
    expect(verdict).toMatchObject({ value: 'early', met: true });
    const refused = await api.json('/api/v1/trials?stage=stage_iv');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'invalid_parameter', parameter: 'stage' });
  });
});

describe('GET /match and the stage filter on the shared real records', () => {
  let api: TestApi;
  beforeAll(async () => {
    // The stage test reads every trial's detail: no burst limit in the way.
    const roomy = { dailyQuota: 100_000, burstPerMinute: 100_000 };
    api = await startTestApi(await realTables(), { limits: { ...TIER_LIMITS, partner: roomy } });
  });
  afterAll(() => api.close());

  it('never offers the no-driver PD-L1 patient a cohort that needs a driver', async () => {
    const res = await api.json(
      `/api/v1/match?${EVERY_BUCKET}&diagnosisType=nsclc&limit=200&markers=PD-L1:TPS=60` +
        '&negativeFor=EGFR,ALK,ROS1,KRAS,BRAF,MET,RET,NTRK,HER2',
    );
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    for (const t of res.body.data) {
      // Whatever a returned trial still needs is PD-L1 or a protein (IHC) test, never a driver.
      const needs = t.match.biomarkers.filter((b: any) => b.requirement === 'required');
      for (const b of needs)
        expect(b.gene === 'PD-L1' || b.alteration === 'OVEREXP', `${t.nct_id} ${b.gene}`).toBe(
          true,
        );
      expect(['eligible', 'needs_testing']).toContain(t.match.status);
    }
  });

  it('keeps, for each stage, the trials whose signals admit it and those without a stage signal', async () => {
    const all = await api.json(`/api/v1/trials?${EVERY_BUCKET}&limit=200`);
    expect(all.body.meta.next).toBeNull();
    const details = [];
    for (const t of all.body.data)
      details.push((await api.json(`/api/v1/trials/${t.nct_id}`)).body.data);
    for (const stage of STAGES) {
      const found = new Set(await idsOf(api, `${EVERY_BUCKET}&stage=${stage}`));
      const expected = details.filter((d) =>
        isSclcStage(stage)
          ? d.admitted_types.includes('sclc') &&
            (d.sclc_stages.length === 0 || d.sclc_stages.includes(stage))
          : d.admitted_types.includes('nsclc') &&
            (d.nsclc_stages.length === 0 ||
              d.nsclc_stages.some((s: NsclcStage) => NSCLC_STAGE_ADMITTED_BY[stage].includes(s))),
      );
      expect([...found].sort(), stage).toEqual(expected.map((d) => d.nct_id).sort());
      // Trials with no stage signal are kept, and trials whose signals name another stage only are not.
      expect(expected.some((d) => d.nsclc_stages.length + d.sclc_stages.length === 0)).toBe(true);
      expect(found.size, stage).toBeLessThan(details.length);
    }
    // The real records hold trials for early or resectable NSCLC only (left out for metastatic).
    const earlyOnly = details.filter(
      (d) =>
        d.nsclc_stages.length > 0 &&
        d.nsclc_stages.every((s: string) => s === 'early' || s === 'resectable'),
    );
    expect(earlyOnly.length).toBeGreaterThan(0);
    const metastatic = await idsOf(api, `${EVERY_BUCKET}&stage=metastatic`);
    for (const d of earlyOnly) expect(metastatic).not.toContain(d.nct_id);
    // stage=extensive is cancerStage=extensive.
    expect((await idsOf(api, `${EVERY_BUCKET}&stage=extensive`)).sort()).toEqual(
      (await idsOf(api, `${EVERY_BUCKET}&cancerStage=extensive`)).sort(),
    );
  });
});
