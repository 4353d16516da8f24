/**
 * Content negotiation (issue 22): the JSON endpoints answer 406 not_acceptable when the
 * Accept header admits no JSON (the trial list: no JSON and no CSV, test/api/csv-and-fields.test.ts), before the key is checked and without counting; every
 * usual Accept (none, browsers', *\/*, application/*, application/json with parameters)
 * still gets JSON.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTables, trialRow } from '../helpers/trial-fixtures.js';
import { startTestApi, type TestApi } from './http.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi(buildTables({ trials: [trialRow('TEST-NEG')], sites: [] }));
});
afterAll(async () => api.close());

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('Accept', () => {
  it.each([
    ['/api/v1/trials', 'application/xml'],
    ['/api/v1/trials/TEST-NEG', 'text/csv'],
    ['/api/v1/sources', 'text/html'],
    ['/api/v1/meta', 'image/png, text/plain;q=0.5'],
    ['/api/v1/openapi.json', 'application/yaml'],
    ['/api/v1/trials', 'application/json;q=0, text/plain'],
  ])('%s with Accept: %s is 406 with the error envelope, not counted', async (path, accept) => {
    const res = await api.get(path, { headers: { Accept: accept } });
    expect(res.status).toBe(406);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-ratelimit-remaining')).toBeNull();
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('not_acceptable');
    expect(body.error.message).toContain(`Accept: ${accept}`);
    // Refused before the key: a request without one is 406 too, not 401.
    expect((await api.get(path, { key: null, headers: { Accept: accept } })).status).toBe(406);
  });

  it.each([
    [null],
    [BROWSER],
    ['*/*'],
    ['application/*'],
    ['application/json'],
    ['application/json; charset=utf-8'],
    ['text/csv;q=0.5, application/json'],
  ])('Accept: %s gets JSON', async (accept) => {
    const res = await api.get(
      '/api/v1/trials?statusBuckets=recruiting,active,completed,unknown',
      accept === null ? {} : { headers: { Accept: accept } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = (await res.json()) as { data: { nct_id: string }[] };
    expect(body.data.map((t) => t.nct_id)).toEqual(['TEST-NEG']);
  });

  it('the browsable reference page (HTML) is not a JSON route', async () => {
    const res = await api.get('/api/v1/reference', { key: null, headers: { Accept: BROWSER } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  });
});
