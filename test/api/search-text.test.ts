/** Free text (`q`), `sort` and page links of GET /trials (issue 10), over HTTP. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTables, siteRow, trialRow } from '../helpers/trial-fixtures.js';
import { idsOf, jsonOf, startTestApi, type TestApi } from './http.js';

const drug = (name: string) => [{ type: 'DRUG', name, description: null }];
const tables = buildTables({
  trials: [
    trialRow('TEST-OSI', {
      brief_title: 'Osimertinib After Surgery',
      interventions: drug('Osimertinib'),
      sponsor: 'Acme Pharma',
      last_updated: '2025-01-01',
      study_start: '2021-01-01',
    }),
    trialRow('TEST-COMBO', {
      brief_title: 'Chemotherapy With or Without a New Drug',
      interventions: drug('Osimertinib plus chemotherapy'),
      sponsor: 'Beta Oncology',
      last_updated: '2025-03-01',
      study_start: '2024-06-01',
    }),
    trialRow('TEST-KEY', {
      brief_title: 'Pembrolizumab Before Surgery (KEYNOTE-789)',
      official_title: null,
      interventions: drug('Pembrolizumab'),
      sponsor: 'Acme Pharma',
      last_updated: '2024-06-01',
      study_start: null,
    }),
    trialRow('TEST-CLOSED', {
      status: 'Completed',
      brief_title: 'Osimertinib Long-term Follow-up',
      interventions: drug('Osimertinib'),
      last_updated: '2025-05-01',
    }),
    trialRow('TEST-CAFÉ', {
      brief_title: 'Étude de Sotorasib',
      conditions: ['Non-small Cell Lung Cancer'],
      last_updated: '2023-01-01',
    }),
  ],
  sites: [
    siteRow('TEST-OSI', 0, {
      city: 'Far',
      state: 'NY',
      zip: '12901',
      latitude: 44.69,
      longitude: -73.45,
      geo_precision: 'site',
    }),
    siteRow('TEST-COMBO', 0, {
      city: 'Near',
      state: 'NY',
      zip: '10001',
      latitude: 40.75,
      longitude: -73.99,
      geo_precision: 'site',
    }),
  ],
});

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi(tables);
});
afterAll(async () => api.close());

describe('q: free text', () => {
  it('finds a drug in interventions and titles, most relevant first (title and intervention before intervention only)', async () => {
    expect(await idsOf(api, 'q=osimertinib')).toEqual(['TEST-OSI', 'TEST-COMBO']);
  });

  it('ANDs the terms, the last one a prefix; case, accents and punctuation do not matter', async () => {
    expect(await idsOf(api, 'q=osimertinib%20chemo')).toEqual(['TEST-COMBO']);
    expect(await idsOf(api, 'q=OSIMERT')).toEqual(['TEST-OSI', 'TEST-COMBO']);
    expect(await idsOf(api, 'q=keynote-789')).toEqual(['TEST-KEY']);
    expect(await idsOf(api, 'q=KEYNOTE-78')).toEqual(['TEST-KEY']);
    expect(await idsOf(api, 'q=etude%20sotorasib')).toEqual(['TEST-CAFÉ']);
    expect(await idsOf(api, 'q=osimertinib%20pembro')).toEqual([]);
  });

  it('matches the id, the sponsor and conditions', async () => {
    expect(await idsOf(api, 'q=test-key')).toEqual(['TEST-KEY']);
    expect(await idsOf(api, 'q=acme')).toEqual(['TEST-OSI', 'TEST-KEY']);
    expect(await idsOf(api, 'q=non-small%20cell')).toEqual(['TEST-CAFÉ']);
  });

  it('combines with every other filter (default buckets, trialStatus, zip)', async () => {
    expect(await idsOf(api, 'q=osimertinib&statusBuckets=completed')).toEqual(['TEST-CLOSED']);
    expect(await idsOf(api, 'q=osimertinib&trialStatus=Completed,Recruiting')).toEqual([
      'TEST-OSI',
      'TEST-CLOSED',
      'TEST-COMBO',
    ]);
    expect(await idsOf(api, 'q=osimertinib&zip=10001&radius=500')).toEqual([
      'TEST-COMBO',
      'TEST-OSI',
    ]);
    expect(await idsOf(api, 'q=osimertinib&zip=10001&radius=50')).toEqual(['TEST-COMBO']);
  });
});

describe('sort', () => {
  it('last_updated and start_date: newest first, missing dates last', async () => {
    const all = 'statusBuckets=recruiting,active,completed,unknown';
    expect(await idsOf(api, `${all}&sort=last_updated`)).toEqual([
      'TEST-CLOSED',
      'TEST-COMBO',
      'TEST-OSI',
      'TEST-KEY',
      'TEST-CAFÉ',
    ]);
    expect((await idsOf(api, 'sort=start_date')).slice(0, 3)).toEqual([
      'TEST-COMBO',
      'TEST-CAFÉ',
      'TEST-OSI',
    ]);
    expect((await idsOf(api, 'sort=start_date')).at(-1)).toBe('TEST-KEY');
  });

  it('relevance needs q; q with another sort takes that order', async () => {
    expect(await idsOf(api, 'q=osimertinib&sort=relevance')).toEqual(['TEST-OSI', 'TEST-COMBO']);
    expect(await idsOf(api, 'q=osimertinib&sort=last_updated')).toEqual(['TEST-COMBO', 'TEST-OSI']);
    expect((await api.json('/api/v1/trials?sort=relevance')).status).toBe(400);
  });

  it("a ZIP search in another order still reports each trial's nearest site and distance", async () => {
    const { body } = await api.json('/api/v1/trials?zip=10001&radius=500&sort=last_updated');
    expect(body.data.map((t: { nct_id: string }) => t.nct_id)).toEqual(['TEST-COMBO', 'TEST-OSI']);
    expect(body.data[1].nearest_site.city).toBe('Far');
    expect(body.data[1].distance_miles).toBeGreaterThan(200);
    expect(body.meta.total).toBe(2);
  });
});

describe('page links', () => {
  it('meta.next / meta.prev and the Link header walk the whole list, keeping the other parameters', async () => {
    const all = 'statusBuckets=recruiting,active,completed,unknown';
    const seen: string[] = [];
    let url: string | null = `/api/v1/trials?${all}&sort=last_updated&limit=2`;
    const prevs: (string | null)[] = [];
    for (let guard = 0; url && guard < 10; guard++) {
      const res = await api.get(url);
      expect(res.status).toBe(200);
      const body = await jsonOf(res);
      seen.push(...body.data.map((t: { nct_id: string }) => t.nct_id));
      const link = res.headers.get('link');
      if (body.meta.next) expect(link).toContain(`<${body.meta.next}>; rel="next"`);
      else expect(link ?? '').not.toContain('rel="next"');
      prevs.push(body.meta.prev);
      url = body.meta.next;
    }
    expect(seen).toEqual(await idsOf(api, `${all}&sort=last_updated`));
    expect(prevs[0]).toBeNull();
    expect(prevs[1]).toBe(
      '/api/v1/trials?statusBuckets=recruiting%2Cactive%2Ccompleted%2Cunknown&sort=last_updated&limit=2&offset=0',
    );
    const exposed = (
      await api.get('/api/v1/trials', { headers: { Origin: 'https://app.example' } })
    ).headers.get('access-control-expose-headers');
    expect(exposed).toContain('Link');
  });

  it('a single page has no links; past the end, prev is the last page', async () => {
    const one = await api.get('/api/v1/trials?limit=50');
    expect(one.headers.get('link')).toBeNull();
    expect((await jsonOf(one)).meta).toMatchObject({ next: null, prev: null });
    const past = await jsonOf(await api.get('/api/v1/trials?limit=2&offset=10'));
    expect(past.meta).toMatchObject({ next: null, prev: '/api/v1/trials?limit=2&offset=2' });
  });
});

const sorted = (ids: string[]) => [...ids].sort();

describe('sort direction, lastUpdatedAfter, sponsor and intervention (issue 22)', () => {
  const all = 'statusBuckets=recruiting,active,completed,unknown';

  it('-last_updated and last_updated:desc are newest first, last_updated:asc oldest first; missing dates last', async () => {
    const newest = ['TEST-CLOSED', 'TEST-COMBO', 'TEST-OSI', 'TEST-KEY', 'TEST-CAFÉ'];
    expect(await idsOf(api, `${all}&sort=-last_updated`)).toEqual(newest);
    expect(await idsOf(api, `${all}&sort=last_updated:desc`)).toEqual(newest);
    expect(await idsOf(api, `${all}&sort=LAST_UPDATED:ASC`)).toEqual([...newest].reverse());
    const oldest = await idsOf(api, `${all}&sort=start_date:asc`);
    expect(oldest.at(-1)).toBe('TEST-KEY');
    expect(oldest.indexOf('TEST-OSI')).toBeLessThan(oldest.indexOf('TEST-COMBO'));
    const refused = await api.json('/api/v1/trials?sort=-relevance&q=osimertinib');
    expect(refused.status).toBe(400);
    expect(refused.body.error.parameter).toBe('sort');
    expect(refused.body.error.message).toMatch(/allowed: relevance, last_updated, -last_updated/);
  });

  it('lastUpdatedAfter is inclusive; with last_updated:asc it reads an incremental sync in order', async () => {
    expect(await idsOf(api, `${all}&lastUpdatedAfter=2025-01-01&sort=last_updated:asc`)).toEqual([
      'TEST-OSI',
      'TEST-COMBO',
      'TEST-CLOSED',
    ]);
    expect(await idsOf(api, `${all}&lastUpdatedAfter=2025-05-02`)).toEqual([]);
    const bad = await api.json('/api/v1/trials?lastUpdatedAfter=2025-02-30');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ parameter: 'lastUpdatedAfter' });
  });

  it('sponsor: every word of any name, case and accents ignored, the last word a prefix', async () => {
    expect(sorted(await idsOf(api, `${all}&sponsor=acme`))).toEqual(['TEST-KEY', 'TEST-OSI']);
    expect(sorted(await idsOf(api, `${all}&sponsor=ACME pharma`))).toEqual([
      'TEST-KEY',
      'TEST-OSI',
    ]);
    expect(sorted(await idsOf(api, `${all}&sponsor=beta onc`))).toEqual(['TEST-COMBO']);
    expect(sorted(await idsOf(api, `${all}&sponsor=beta&sponsor=acme`))).toEqual([
      'TEST-COMBO',
      'TEST-KEY',
      'TEST-OSI',
    ]);
    expect(sorted(await idsOf(api, `${all}&sponsor=pharma acme oncology`))).toEqual([]);
  });

  it('intervention: one intervention named with every word of any name; explain says which', async () => {
    expect(sorted(await idsOf(api, `${all}&intervention=osimertinib`))).toEqual([
      'TEST-CLOSED',
      'TEST-COMBO',
      'TEST-OSI',
    ]);
    expect(sorted(await idsOf(api, `${all}&intervention=osimertinib chemo`))).toEqual([
      'TEST-COMBO',
    ]);
    expect(sorted(await idsOf(api, `${all}&intervention=pembro,sotorasib`))).toEqual(['TEST-KEY']);
    const { status, body } = await api.json(
      `/api/v1/trials?intervention=pembrolizumab&sponsor=acme&explain=true`,
    );
    expect(status).toBe(200);
    expect(body.data[0].match.filters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          parameter: 'intervention',
          value: 'pembrolizumab',
          reason: 'interventions Pembrolizumab',
        }),
        expect.objectContaining({ parameter: 'sponsor', reason: 'lead sponsor Acme Pharma' }),
      ]),
    );
  });
});
