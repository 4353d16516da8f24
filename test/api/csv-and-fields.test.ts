/**
 * Exports (issue 22): `format=csv` and `Accept: text/csv` give the trial list as CSV (one row
 * per trial, list fields flattened as documented, read back by csv-parse), an unsupported
 * Accept is still 406, and `fields=` projects list and detail bodies and chooses the CSV
 * columns; an unknown field is a 400 listing the valid ones.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETAIL_FIELDS, LIST_FIELDS } from '../../api/present.js';
import { buildTables, siteRow, trialRow } from '../helpers/trial-fixtures.js';
import { startTestApi, type TestApi } from './http.js';

const tables = buildTables({
  trials: [
    trialRow('CSV-1', {
      brief_title: 'Osimertinib, "first line", in EGFR NSCLC',
      conditions: ['Lung Cancer', 'NSCLC'],
      last_updated: '2025-06-01',
      // Long enough for a projected page over the 1 KB compression threshold.
      brief_summary: 'A long summary. '.repeat(80),
    }),
    trialRow('CSV-2', {
      brief_title: '=HYPERLINK("http://evil.example")',
      conditions: ['Small Cell Lung Cancer'],
      last_updated: '2025-05-01',
    }),
    trialRow('CSV-3', { brief_title: 'Line one\nline two', last_updated: '2025-04-01' }),
  ],
  sites: [
    siteRow('CSV-1', 0, {
      city: 'Boston',
      state: 'MA',
      zip: '02114',
      latitude: 42.3626,
      longitude: -71.0686,
    }),
    siteRow('CSV-1', 1, {
      city: 'New York',
      state: 'NY',
      zip: '10016',
      latitude: 40.7421,
      longitude: -73.9739,
    }),
  ],
});

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi(tables);
});
afterAll(async () => api.close());

const rows = (text: string): Record<string, string>[] =>
  parse(text, { columns: true, relax_column_count: false }) as Record<string, string>[];

describe('CSV', () => {
  it('format=csv: one row per trial, list fields flattened, RFC 4180', async () => {
    const res = await api.get('/api/v1/trials?format=csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers.get('x-total-count')).toBe('3');
    expect(res.headers.get('x-snapshot-version')).toBe('test-v1');
    expect(res.headers.get('x-ratelimit-remaining')).not.toBeNull();
    expect(res.headers.get('vary')).toContain('Accept');
    const text = await res.text();
    expect(text.split('\r\n')[0]).toBe(LIST_FIELDS.join(','));
    const parsed = rows(text);
    expect(parsed.map((r) => r.nct_id)).toEqual(['CSV-1', 'CSV-2', 'CSV-3']);
    const [one, two, three] = parsed;
    expect(one.brief_title).toBe('Osimertinib, "first line", in EGFR NSCLC');
    expect(one.conditions).toBe('Lung Cancer | NSCLC');
    expect(one.location_count).toBe('2');
    const sample = JSON.parse(one.locations_sample) as { city: string }[];
    expect(sample.map((s) => s.city)).toEqual(['Boston', 'New York']);
    expect(one.pharma_url).toBe('');
    // A formula is written as text.
    expect(two.brief_title).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(three.brief_title).toBe('Line one\nline two');
    expect(three.locations_sample).toBe('');
  });

  it('Accept: text/csv gets CSV; JSON-first or unsupported Accepts do not', async () => {
    const csv = await api.get('/api/v1/trials?fields=brief_title', {
      headers: { Accept: 'text/csv' },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(await csv.text()).toBe(
      'nct_id,brief_title\r\nCSV-1,"Osimertinib, ""first line"", in EGFR NSCLC"\r\n' +
        `CSV-2,"'=HYPERLINK(""http://evil.example"")"\r\nCSV-3,"Line one\nline two"\r\n`,
    );
    // Same URL, two representations: two validators.
    const json = await api.get('/api/v1/trials?fields=brief_title');
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(json.headers.get('etag')).not.toBe(csv.headers.get('etag'));

    const prefersCsv = await api.get('/api/v1/trials', {
      headers: { Accept: 'application/json;q=0.5, text/csv' },
    });
    expect(prefersCsv.headers.get('content-type')).toMatch(/^text\/csv/);

    const xml = await api.get('/api/v1/trials', { headers: { Accept: 'application/xml' } });
    expect(xml.status).toBe(406);
    expect(xml.headers.get('x-ratelimit-remaining')).toBeNull();
    const body = (await xml.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('not_acceptable');
    expect(body.error.message).toContain('application/json or text/csv');

    // format names the representation; an Accept that excludes it is 406.
    const conflict = await api.get('/api/v1/trials?format=csv', {
      headers: { Accept: 'application/json' },
    });
    expect(conflict.status).toBe(406);
    expect(((await conflict.json()) as { error: { code: string } }).error.code).toBe(
      'not_acceptable',
    );
    const asked = await api.get('/api/v1/trials?format=json', {
      headers: { Accept: 'text/csv, */*' },
    });
    expect(asked.headers.get('content-type')).toBe('application/json; charset=utf-8');
    // The detail is JSON only.
    const detail = await api.get('/api/v1/trials/CSV-1', { headers: { Accept: 'text/csv' } });
    expect(detail.status).toBe(406);
    const bad = await api.json('/api/v1/trials?format=xlsx');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'invalid_parameter', parameter: 'format' });
  });

  it('pages in the Link header by page token, an empty page keeps its header row', async () => {
    const first = await api.get('/api/v1/trials?format=csv&limit=2&fields=status');
    expect(first.status).toBe(200);
    const link = first.headers.get('link')!;
    expect(link).toMatch(
      /^<\/api\/v1\/trials\?format=csv&fields=status&limit=2&pageToken=[\w.-]+>; rel="next"$/,
    );
    expect(rows(await first.text()).map((r) => r.nct_id)).toEqual(['CSV-1', 'CSV-2']);
    const next = await api.get(link.slice(1, link.indexOf('>')));
    expect(next.status).toBe(200);
    expect(next.headers.get('x-total-count')).toBe('3');
    expect(rows(await next.text())).toEqual([{ nct_id: 'CSV-3', status: 'Recruiting' }]);
    expect(next.headers.get('link')).toMatch(/rel="prev"$/);
    const none = await api.get('/api/v1/trials?format=csv&q=nothingmatches&fields=status');
    expect(none.status).toBe(200);
    expect(none.headers.get('x-total-count')).toBe('0');
    expect(await none.text()).toBe('nct_id,status\r\n');
  });
});

describe('fields', () => {
  it('projects the list: nct_id first, then the named members in order', async () => {
    const res = await api.get('/api/v1/trials?fields=last_updated,conditions,nct_id,brief_summary');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = (await res.json()) as { data: Record<string, unknown>[]; meta: any };
    expect(body.data[0]).toEqual({
      nct_id: 'CSV-1',
      last_updated: '2025-06-01',
      conditions: ['Lung Cancer', 'NSCLC'],
      brief_summary: 'A long summary. '.repeat(80),
    });
    expect(body.data.every((t) => Object.keys(t).length === 4)).toBe(true);
    expect(body.meta).toMatchObject({ total: 3, offset: 0, limit: 50 });
    expect(body.meta.quota_used).toBeGreaterThan(0);
    // Compressed from the cache: the same projection, with this request's counters.
    for (const coding of ['gzip', 'br']) {
      const again = await api.get(
        '/api/v1/trials?fields=last_updated,conditions,nct_id,brief_summary',
        {
          headers: { 'Accept-Encoding': coding },
        },
      );
      expect(again.headers.get('content-encoding')).toBe(coding);
      const b = (await again.json()) as { data: unknown[]; meta: { quota_used: number } };
      expect(b.data).toEqual(body.data);
      expect(b.meta.quota_used).toBeGreaterThan(body.meta.quota_used);
    }
  });

  it('a ZIP search names nearest_site and distance_miles; a field it lacks is left out', async () => {
    const near = await api.json('/api/v1/trials?zip=02114&radius=50&fields=distance_miles');
    expect(near.status).toBe(200);
    expect(near.body.data).toEqual([{ nct_id: 'CSV-1', distance_miles: expect.any(Number) }]);
    const plain = await api.json('/api/v1/trials?fields=distance_miles&limit=1');
    expect(plain.body.data).toEqual([{ nct_id: 'CSV-1' }]);
  });

  it('projects the detail, and match stays null without filters', async () => {
    const res = await api.get('/api/v1/trials/CSV-1?fields=inclusion_criteria,match,locations');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: Record<string, unknown> };
    expect(Object.keys(body.data)).toEqual(['nct_id', 'inclusion_criteria', 'match', 'locations']);
    expect(body.data.match).toBeNull();
    expect(body.data.locations).toHaveLength(2);
    const filtered = await api.json('/api/v1/trials/CSV-1?fields=match&country=us');
    expect(filtered.body.data.match.filters[0]).toMatchObject({ parameter: 'country', met: true });
  });

  it('an unknown field is 400 listing the valid ones for that endpoint', async () => {
    const list = await api.json('/api/v1/trials?fields=nct_id,inclusion_criteria,bogus');
    expect(list.status).toBe(400);
    expect(list.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(list.body.error).toMatchObject({ code: 'invalid_parameter', parameter: 'fields' });
    expect(list.body.error.message).toContain("'inclusion_criteria', 'bogus'");
    expect(list.body.error.message).toContain(`valid: ${LIST_FIELDS.join(', ')}, nearest_site`);
    const detail = await api.json('/api/v1/trials/CSV-1?fields=bogus');
    expect(detail.status).toBe(400);
    expect(detail.body.error.message).toContain(`valid: ${DETAIL_FIELDS.join(', ')}`);
    const csv = await api.json('/api/v1/trials?format=csv&fields=Brief%20Title');
    expect(csv.status).toBe(400);
    expect(csv.body.error.parameter).toBe('fields');
  });
});
