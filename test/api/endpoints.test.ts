import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../api/errors.js';
import { DETAIL_FIELDS, LIST_FIELDS } from '../../api/present.js';
import { PARAMETERS } from '../../api/params/parameters.js';
import { SnapshotHolder } from '../../api/live-snapshot.js';
import { ALL_SOURCES } from '../../domain/sources.js';
import { TIER_LIMITS } from '../../domain/tiers.js';
import {
  biomarkerRow,
  buildTables,
  flagRow,
  siteRow,
  trialRow,
} from '../helpers/trial-fixtures.js';
import { jsonOf, startTestApi, type TestApi } from './http.js';

const tables = buildTables({
  trials: [
    trialRow('TEST-A', {
      last_updated: '2025-03-01',
      diagnosis_types: ['sclc'],
      sclc_stages: ['limited'],
      age_min: 18,
      age_max: 75,
    }),
    trialRow('TEST-B', { status: 'Completed', last_updated: '2025-04-01' }),
  ],
  sites: Array.from({ length: 7 }, (_, i) =>
    siteRow('TEST-A', i, {
      city: `City ${i}`,
      state: 'NY',
      zip: '10001',
      latitude: 40.75 + i / 100,
      longitude: -73.99,
      geo_precision: 'site',
    }),
  ),
  biomarkers: [biomarkerRow('TEST-A', 'EGFR', 'L858R')],
  flags: [flagRow('TEST-A')],
});

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi(tables, { tier: 'standard' });
});
afterAll(async () => api.close());

describe('GET /api/v1/trials', () => {
  it('answers the list envelope with total/limit/offset/quota and rate-limit headers', async () => {
    // identity: the Content-Length check below is of the uncompressed body.
    const res = await api.get('/api/v1/trials', { headers: { 'Accept-Encoding': 'identity' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('x-ratelimit-limit')).toBe(String(TIER_LIMITS.standard.dailyQuota));
    const remaining = Number(res.headers.get('x-ratelimit-remaining'));
    const body = await jsonOf(res);
    expect(Object.keys(body)).toEqual(['data', 'meta']);
    expect(body.meta).toEqual({
      total: 1,
      limit: 50,
      offset: 0,
      next: null,
      prev: null,
      next_page_token: null,
      quota_used: body.meta.quota_used,
      quota_limit: 1000,
    });
    expect(remaining).toBe(1000 - body.meta.quota_used);
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(JSON.stringify(body)));
    const [t] = body.data;
    expect(Object.keys(t)).toEqual([...LIST_FIELDS]);
    expect(t.nct_id).toBe('TEST-A');
    expect(t.conditions).toEqual(['Lung Cancer']);
    expect(t.location_count).toBe(7);
    expect(t.locations_sample).toHaveLength(5);
    expect(t.locations_sample[0]).toEqual({
      facility: 'Test Facility TEST-A-0',
      city: 'City 0',
      state: 'NY',
      state_source: 'record',
      zip: '10001',
      country: 'United States',
      status: 'RECRUITING',
      latitude: 40.75,
      longitude: -73.99,
      geo_precision: 'site',
    });
  });

  it('counts each request: quota_used grows by one per call', async () => {
    const a = await api.json('/api/v1/trials');
    const b = await api.json('/api/v1/trials');
    expect(b.body.meta.quota_used).toBe(a.body.meta.quota_used + 1);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await api.get('/api/v1/trials', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.text()).toBe('');
  });
});

describe('GET /api/v1/trials/:nct_id', () => {
  it('answers the detail representation in the single envelope', async () => {
    const { status, headers, body } = await api.json('/api/v1/trials/TEST-A');
    expect(status).toBe(200);
    expect(headers.get('x-ratelimit-remaining')).not.toBeNull();
    expect(Object.keys(body)).toEqual(['data', 'meta']);
    expect(Object.keys(body.meta)).toEqual(['quota_used', 'quota_limit']);
    expect(Object.keys(body.data)).toEqual([...DETAIL_FIELDS]);
    expect(body.data.conditions_arr).toEqual(body.data.conditions);
    expect(body.data.locations).toHaveLength(7);
    expect(body.data.locations[6]).toMatchObject({ latitude: 40.81, longitude: -73.99 });
    expect(body.data.biomarkers).toEqual([
      expect.objectContaining({ gene: 'EGFR', alteration: 'L858R', requirement: 'required' }),
    ]);
    expect(body.data.flags).toEqual([
      { kind: 'stale_record', severity: 'warning', message: 'Not updated for two years' },
    ]);
    expect(body.data).toMatchObject({
      age_min: 18,
      age_max: 75,
      sexes_eligible: 'ALL',
      diagnosis_types: ['sclc'],
      sclc_stages: ['limited'],
      nsclc_stages: [],
    });
  });

  it('finds ids case-insensitively and answers 404 not_found for unknown ones', async () => {
    expect((await api.json('/api/v1/trials/test-a')).body.data.nct_id).toBe('TEST-A');
    const { status, body } = await api.json('/api/v1/trials/NCT99999999');
    expect(status).toBe(404);
    expect(body.error.code).toBe('not_found');
  });
});

describe('GET /api/v1/sources, /meta, /docs', () => {
  it('lists the registry and the 19 sponsors with counts', async () => {
    const { status, body } = await api.json('/api/v1/sources');
    expect(status).toBe(200);
    expect(body.data.map((s: { slug: string }) => s.slug)).toEqual(ALL_SOURCES.map((s) => s.slug));
    expect(body.data[0]).toEqual({
      slug: 'ctgov',
      name: 'ClinicalTrials.gov',
      kind: 'registry',
      home_url: 'https://clinicaltrials.gov',
      ingest: 'api',
      trial_count: 2,
    });
    expect(Object.keys(body.meta)).toEqual(['quota_used', 'quota_limit']);
  });

  it('/meta reports key, tier, usage and snapshot without counting', async () => {
    const before = await api.json('/api/v1/meta');
    const after = await api.json('/api/v1/meta');
    expect(before.status).toBe(200);
    expect(after.body.data.usage.quota_used).toBe(before.body.data.usage.quota_used);
    expect(after.body.data.key).toEqual({ label: 'test-client', tier: 'standard' });
    expect(after.body.data.usage).toMatchObject({ quota_limit: 1000, burst_limit: 60 });
    expect(after.body.data.snapshot).toMatchObject({
      version: 'test-v1',
      row_counts: { trials: 2, sites: 7, biomarkers: 1, flags: 1, sources: 20 },
    });
    expect(after.headers.get('x-ratelimit-limit')).toBe('1000');
    await api.json('/api/v1/sources');
    const counted = await api.json('/api/v1/meta');
    expect(counted.body.meta.quota_used).toBe(after.body.meta.quota_used + 1);
  });

  it('/docs needs no key and describes parameters, fields and errors from the same sources', async () => {
    const res = await api.get('/api/v1/docs', { key: null });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    const docs = await jsonOf(res);
    expect(docs).toMatchObject({
      version: 'v1',
      base_path: '/api/v1',
      contact: { email: 'ops@test.invalid' },
    });
    const trials = docs.endpoints.find((e: { path: string }) => e.path === '/api/v1/trials');
    expect(trials.parameters.map((p: { name: string }) => p.name).sort()).toEqual(
      PARAMETERS.filter((p) => p.on.includes('trials'))
        .map((p) => p.name)
        .sort(),
    );
    expect(trials.parameters).toHaveLength(26);
    // /match: its own rows of the parameter table (the patient's profile, no /trials-only filter).
    const match = docs.endpoints.find((e: { path: string }) => e.path === '/api/v1/match');
    expect(match.parameters.map((p: { name: string }) => p.name).sort()).toEqual(
      PARAMETERS.filter((p) => p.on.includes('match'))
        .map((p) => p.name)
        .sort(),
    );
    expect(match.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['markers', 'negativeFor', 'includeIneligible', 'stage']),
    );
    expect(
      trials.parameters.find((p: { name: string }) => p.name === 'trialPhase').allowed,
    ).toContain('All Phases');
    expect(docs.fields.trial_list).toEqual([...LIST_FIELDS]);
    expect(docs.fields.trial_detail).toEqual([...DETAIL_FIELDS]);
    expect(docs.errors.map((e: { code: string }) => e.code)).toEqual(ERROR_CODES);
    expect(docs.rate_limits.tiers.free).toEqual({ daily_quota: 100, burst_per_minute: 10 });
  });
});

describe('errors', () => {
  it('401 missing_api_key, 401 invalid_api_key, 403 key_revoked', async () => {
    const missing = await api.get('/api/v1/trials', { key: null });
    expect(missing.status).toBe(401);
    expect((await jsonOf(missing)).error.code).toBe('missing_api_key');
    const invalid = await api.get('/api/v1/trials', { key: 'not-a-key' });
    expect((await jsonOf(invalid)).error.code).toBe('invalid_api_key');
    const { plaintext } = await api.keys.create('revoked-client', 'free');
    await api.keys.revoke('revoked-client');
    const revoked = await api.get('/api/v1/trials', { headers: { 'X-API-Key': plaintext } });
    expect(revoked.status).toBe(403);
    expect((await jsonOf(revoked)).error.code).toBe('key_revoked');
  });

  it('404 for unknown paths, 405 with Allow for other methods, before authentication', async () => {
    const notFound = await api.get('/api/v2/trials', { key: null });
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await jsonOf(notFound)).toEqual({
      error: { code: 'not_found', message: expect.any(String) },
    });
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const res = await api.get('/api/v1/trials/TEST-A', {
        method,
        key: null,
        body: method === 'DELETE' ? undefined : '{bad json',
      });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
      expect((await jsonOf(res)).error.code).toBe('method_not_allowed');
    }
    const post = await api.get('/api/v1/match', { method: 'POST', key: null, body: '{}' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('answers CORS preflight allowing the key headers and exposing the rate-limit headers', async () => {
    const res = await api.get('/api/v1/trials', {
      method: 'OPTIONS',
      key: null,
      headers: {
        Origin: 'https://app.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization,x-api-key',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    expect(res.headers.get('access-control-allow-headers')).toMatch(/X-API-Key/);
    const get = await api.get('/api/v1/trials', { headers: { Origin: 'https://app.example' } });
    expect(get.headers.get('access-control-expose-headers')).toMatch(/X-RateLimit-Remaining/);
    expect(get.headers.get('access-control-expose-headers')).toMatch(/Retry-After/);
  });

  it('429 rate_limit_exceeded with Retry-After once the burst is spent', async () => {
    const limited = await startTestApi(tables, {
      tier: 'free',
      limits: { ...TIER_LIMITS, free: { dailyQuota: 100, burstPerMinute: 2 } },
    });
    try {
      expect((await limited.get('/api/v1/sources')).status).toBe(200);
      expect((await limited.get('/api/v1/sources')).status).toBe(200);
      const res = await limited.get('/api/v1/sources');
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await jsonOf(res)).error.code).toBe('rate_limit_exceeded');
    } finally {
      await limited.close();
    }
  });

  it('429 quota_exceeded once the daily quota is spent', async () => {
    const limited = await startTestApi(tables, {
      tier: 'free',
      limits: { ...TIER_LIMITS, free: { dailyQuota: 1, burstPerMinute: 10 } },
    });
    try {
      expect((await limited.get('/api/v1/trials/TEST-A')).status).toBe(200);
      const res = await limited.get('/api/v1/trials/TEST-A');
      expect(res.status).toBe(429);
      expect((await jsonOf(res)).error.code).toBe('quota_exceeded');
      expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(86_400);
    } finally {
      await limited.close();
    }
  });

  it('503 snapshot_unavailable when no snapshot is loaded; /docs and /meta still answer', async () => {
    const empty = await startTestApi(SnapshotHolder.empty());
    try {
      for (const path of ['/api/v1/trials', '/api/v1/trials/TEST-A', '/api/v1/sources']) {
        const res = await empty.get(path);
        expect(res.status).toBe(503);
        expect((await jsonOf(res)).error.code).toBe('snapshot_unavailable');
      }
      expect((await empty.get('/api/v1/docs')).status).toBe(200);
      const meta = await empty.json('/api/v1/meta');
      expect(meta.status).toBe(200);
      expect(meta.body.data.snapshot).toBeNull();
      // 503s are not counted.
      expect(meta.body.data.usage.quota_used).toBe(0);
    } finally {
      await empty.close();
    }
  });

  it('500 internal_error without a stack trace when a handler fails', async () => {
    const broken = SnapshotHolder.fromTables(tables);
    // A damaged index: the detail body of every trial is gone.
    broken.current()!.index.detailGzip.length = 0;
    const api2 = await startTestApi(broken);
    try {
      const res = await api2.get('/api/v1/trials/TEST-A');
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({
        error: { code: 'internal_error', message: 'An internal error occurred.' },
      });
      expect(text).not.toMatch(/at |\.ts|Error:/);
    } finally {
      await api2.close();
    }
  });

  it('400 invalid_parameter for a malformed percent-encoding in the path', async () => {
    const res = await api.get('/api/v1/trials/%E0%A4%A');
    expect(res.status).toBe(400);
    expect((await jsonOf(res)).error.code).toBe('invalid_parameter');
  });
});
