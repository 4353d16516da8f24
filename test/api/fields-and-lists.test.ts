/** Titles and statuses as app developers expect them, and comma lists for trialStatus / trialPhase (issue 10). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTables, trialRow } from '../helpers/trial-fixtures.js';
import { idsOf, startTestApi, type TestApi } from './http.js';

const tables = buildTables({
  trials: [
    trialRow('TEST-OPEN', {
      overall_status: 'RECRUITING',
      phases: ['PHASE1'],
      last_updated: '2025-06-01',
    }),
    trialRow('TEST-SOON', {
      overall_status: 'NOT_YET_RECRUITING',
      status: 'Not yet recruiting',
      phases: ['PHASE2'],
      last_updated: '2025-05-01',
    }),
    trialRow('TEST-STOP', {
      overall_status: 'SUSPENDED',
      status: 'Closed',
      phases: ['PHASE3'],
      last_updated: '2025-04-01',
    }),
    trialRow('TEST-OBS', {
      overall_status: 'ACTIVE_NOT_RECRUITING',
      status: 'Active',
      phases: [],
      study_type: 'Observational',
      official_title: null,
      brief_title: 'Short title only',
      last_updated: '2025-03-01',
    }),
  ],
  sites: [],
});

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi(tables);
});
afterAll(async () => api.close());

describe('brief_title and overall_status', () => {
  it('are served in the list and in the detail, so a trial without official_title still has a title', async () => {
    const { body } = await api.json(
      '/api/v1/trials?statusBuckets=recruiting,active,completed,unknown',
    );
    const obs = body.data.find((t: { nct_id: string }) => t.nct_id === 'TEST-OBS');
    expect(obs).toMatchObject({
      brief_title: 'Short title only',
      official_title: null,
      status: 'Active',
      overall_status: 'ACTIVE_NOT_RECRUITING',
    });
    const detail = await api.json('/api/v1/trials/TEST-STOP');
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      brief_title: 'Test trial TEST-STOP',
      status: 'Closed',
      overall_status: 'SUSPENDED',
    });
  });
});

describe('Not yet recruiting', () => {
  it('is its own status label and filter value, inside the recruiting bucket', async () => {
    const { body } = await api.json('/api/v1/trials/TEST-SOON');
    expect(body.data).toMatchObject({
      status: 'Not yet recruiting',
      overall_status: 'NOT_YET_RECRUITING',
    });
    expect(await idsOf(api, 'trialStatus=Recruiting')).toEqual(['TEST-OPEN']);
    expect(await idsOf(api, 'trialStatus=Not yet recruiting')).toEqual(['TEST-SOON']);
    expect(await idsOf(api, 'trialStatus=not%20YET%20recruiting')).toEqual(['TEST-SOON']);
    expect(await idsOf(api, 'statusBuckets=recruiting')).toEqual(['TEST-OPEN', 'TEST-SOON']);
  });
});

describe('comma lists', () => {
  it('trialStatus takes any of several labels; one value keeps working', async () => {
    expect(await idsOf(api, 'trialStatus=Recruiting,Not yet recruiting')).toEqual([
      'TEST-OPEN',
      'TEST-SOON',
    ]);
    expect(await idsOf(api, 'trialStatus=Closed,Active')).toEqual(['TEST-STOP', 'TEST-OBS']);
    expect(await idsOf(api, 'trialStatus=Closed')).toEqual(['TEST-STOP']);
  });

  it('trialPhase takes any of several values; All Phases in the list lifts the filter', async () => {
    const all = 'statusBuckets=recruiting,active,completed,unknown';
    expect(await idsOf(api, `${all}&trialPhase=Phase I,Phase III`)).toEqual([
      'TEST-OPEN',
      'TEST-STOP',
    ]);
    expect(await idsOf(api, `${all}&trialPhase=Phase II,Observational`)).toEqual([
      'TEST-SOON',
      'TEST-OBS',
    ]);
    expect(await idsOf(api, `${all}&trialPhase=Phase I,All Phases`)).toHaveLength(4);
  });

  it('a list parameter may be repeated, as generated clients and forms send arrays, or both', async () => {
    const all = 'statusBuckets=recruiting&statusBuckets=active&statusBuckets=completed';
    expect(await idsOf(api, 'trialStatus=Recruiting&trialStatus=Not yet recruiting')).toEqual([
      'TEST-OPEN',
      'TEST-SOON',
    ]);
    expect(await idsOf(api, `${all}&trialPhase=Phase I&trialPhase=Phase II,Phase III`)).toEqual([
      'TEST-OPEN',
      'TEST-SOON',
      'TEST-STOP',
    ]);
    // A blank repeat is no value, like a blank form field.
    expect(await idsOf(api, 'trialStatus=Closed&trialStatus=')).toEqual(['TEST-STOP']);
    // The page links repeat what was asked, so the next page asks the same.
    const res = await api.json('/api/v1/trials?trialStatus=Recruiting&trialStatus=Active&limit=1');
    expect(res.status).toBe(200);
    expect(res.body.meta.total).toBe(2);
    const next = new URL(res.body.meta.next, 'http://x').searchParams;
    expect(next.getAll('trialStatus')).toEqual(['Recruiting', 'Active']);
    expect(
      (await api.json(res.body.meta.next)).body.data.map((t: { nct_id: string }) => t.nct_id),
    ).toEqual(['TEST-OBS']);
  });

  it('a parameter that takes one value is still refused when repeated', async () => {
    const res = await api.json('/api/v1/trials?sort=last_updated&sort=start_date');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_parameter', parameter: 'sort' });
    expect(res.body.error.message).toMatch(/given more than once; it takes one value/);
  });

  it('an unknown item in the list is a 400 naming the parameter', async () => {
    const res = await api.json('/api/v1/trials?trialStatus=Recruiting,Paused');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_parameter', parameter: 'trialStatus' });
    expect(res.body.error.message).toMatch(/Paused.*allowed: Recruiting, Not yet recruiting/);
  });
});
