import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTables, trialRow } from '../helpers/trial-fixtures.js';
import { jsonOf, startTestApi, type TestApi } from './http.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi(buildTables({ trials: [trialRow('TEST-P')] }));
});
afterAll(async () => api.close());

async function rejected(query: string): Promise<{ parameter: string; message: string }> {
  const res = await api.get(`/api/v1/trials?${query}`);
  const body = await jsonOf(res);
  expect(res.status, `${query} -> ${JSON.stringify(body)}`).toBe(400);
  expect(body.error.code).toBe('invalid_parameter');
  // A rejected request still counts (architecture: validation runs after limits).
  expect(res.headers.get('x-ratelimit-remaining')).not.toBeNull();
  return body.error;
}

describe('GET /trials parameter validation', () => {
  it.each([
    ['zip=10001', 'radius', /required when zip/],
    ['radius=25', 'zip', /required when radius/],
    ['zip=1000&radius=25', 'zip', /5-digit/],
    ['zip=00000&radius=25', 'zip', /unknown US ZIP/],
    ['zip=10001&radius=501', 'radius', /at most 500/],
    ['zip=10001&radius=0', 'radius', /greater than 0/],
    ['zip=10001&radius=-5', 'radius', /greater than 0/],
    ['limit=0', 'limit', /1 to 200/],
    ['limit=201', 'limit', /1 to 200/],
    ['limit=abc', 'limit', /1 to 200/],
    ['offset=-1', 'offset', />= 0/],
    ['offset=1.5', 'offset', />= 0/],
    ['age=-3', 'age', /whole number/],
    ['age=forty', 'age', /whole number/],
    ['diagnosisType=adenocarcinoma', 'diagnosisType', /allowed: nsclc, sclc, unknown/],
    ['cancerStage=early', 'cancerStage', /allowed: limited, extensive/],
    ['country=canada', 'country', /allowed: us, international/],
    ['state=ZZ', 'state', /two-letter US state/],
    ['gender=other', 'gender', /allowed: male, female/],
    ['trialPhase=Phase%20V', 'trialPhase', /allowed: Early Phase I, Phase I/],
    ['trialStatus=Paused', 'trialStatus', /allowed: Recruiting/],
    ['statusBuckets=recruiting,closed', 'statusBuckets', /unknown value 'closed'/],
    ['statusBuckets=recruiting,,active', 'statusBuckets', /empty item/],
    ['biomarkers=EGFR,TP53', 'biomarkers', /unknown value 'TP53'/],
    ['mutations=EGFR', 'mutations', /GENE:ALTERATION/],
    ['mutations=TP53:R175H', 'mutations', /unknown biomarker 'TP53'/],
    ['mutations=EGFR:G12C', 'mutations', /unknown alteration 'G12C' for EGFR/],
    ['mutations=PD-L1:high', 'mutations', /expression range/],
    ['mutations=PD-L1:TPS%3E%3D150', 'mutations', /PD-L1 'TPS>=150': TPS runs from 0 to 100/],
    [
      'mutations=PD-L1:TPS%3C0',
      'mutations',
      /PD-L1 'TPS<0': no TPS value \(0-100\) is in that range/,
    ],
    ['mutations=PD-L1:TPS%3E100', 'mutations', /no TPS value/],
    ['mutations=PD-L1:CPS20-120', 'mutations', /CPS runs from 0 to 100/],
    ['firstPostedAfter=2024-13-01', 'firstPostedAfter', /YYYY-MM-DD/],
    ['firstPostedAfter=2023-02-29', 'firstPostedAfter', /YYYY-MM-DD/],
    ['firstPostedAfter=yesterday', 'firstPostedAfter', /YYYY-MM-DD/],
    ['sort=distance', 'sort', /distance needs zip/],
    ['sort=relevance', 'sort', /relevance needs q/],
    [
      'sort=nearest',
      'sort',
      /allowed: relevance, last_updated, -last_updated, last_updated:desc, last_updated:asc, start_date/,
    ],
    ['q=%20-%20', 'q', /words/],
    ['order=asc', 'order', /unknown parameter/],
    ['__proto__=1', '__proto__', /unknown parameter/],
    ['limit=10&limit=20', 'limit', /more than once/],
  ])('%s -> 400 naming %s', async (query, parameter, rule) => {
    const error = await rejected(query);
    expect(error.parameter).toBe(parameter);
    expect(error.message.startsWith(`${parameter}: `)).toBe(true);
    expect(error.message).toMatch(rule);
  });

  it('rejects query parameters on endpoints that take none', async () => {
    const res = await api.get('/api/v1/trials/TEST-P?verbose=1');
    expect(res.status).toBe(400);
    expect((await jsonOf(res)).error).toMatchObject({
      code: 'invalid_parameter',
      parameter: 'verbose',
    });
  });

  it('accepts values case-insensitively, synonyms for genes and state names, and blank values as absent', async () => {
    for (const q of [
      'diagnosisType=NSCLC',
      'trialPhase=phase%20ii',
      'trialStatus=recruiting',
      'statusBuckets=RECRUITING,Active',
      'biomarkers=erbb2,pdl1',
      'mutations=egfr:l858r,PD-L1:TPS%3E%3D50,kras:g12x',
      'state=new%20york',
      'state=ca',
      'zip=10001&radius=12.5',
      'limit=200&offset=0',
      'age=',
      'gender=',
      'firstPostedAfter=2024-02-29',
    ]) {
      const res = await api.get(`/api/v1/trials?${q}`);
      expect(res.status, q).toBe(200);
    }
  });
});
