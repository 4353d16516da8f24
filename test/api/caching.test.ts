/** HTTP caching, compression and /healthz (issue 10), over HTTP: status, headers and body. */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SnapshotHolder } from '../../api/live-snapshot.js';
import { buildTables, siteRow, trialRow } from '../helpers/trial-fixtures.js';
import { testRedis, type TestRedis } from '../helpers/redis.js';
import { jsonOf, startTestApi, type TestApi } from './http.js';

const tables = buildTables({
  trials: Array.from({ length: 60 }, (_, i) =>
    trialRow(`TEST-${String(i).padStart(3, '0')}`, {
      brief_summary: 'Synthetic summary. '.repeat(20),
    }),
  ),
  sites: [
    siteRow('TEST-000', 0, {
      latitude: 40.75,
      longitude: -73.99,
      zip: '10001',
      state: 'NY',
      geo_precision: 'site',
    }),
  ],
});

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi(
    SnapshotHolder.fromTables(tables, {
      version: 'v-cache-1',
      created_at: '2026-11-01T00:00:00.000Z',
    }),
  );
});
afterAll(async () => api.close());

const remaining = (res: Response) => Number(res.headers.get('x-ratelimit-remaining'));

describe('ETag, 304 and Cache-Control on data endpoints', () => {
  it('a list carries a validator from the snapshot version and the request; a matching If-None-Match gets 304, still counted', async () => {
    const first = await api.get('/api/v1/trials?limit=5');
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"v-cache-1-[A-Za-z0-9_-]+"$/);
    expect(first.headers.get('cache-control')).toBe('private, max-age=300');
    expect(first.headers.get('vary')).toMatch(/Authorization, X-API-Key/);
    expect(first.headers.get('last-modified')).toBe('Sun, 01 Nov 2026 00:00:00 GMT');

    const again = await api.get('/api/v1/trials?limit=5', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('private, max-age=300');
    expect(remaining(again)).toBe(remaining(first) - 1);

    expect(
      (
        await api.get('/api/v1/trials?limit=5', {
          headers: { 'If-None-Match': `"other", ${etag}` },
        })
      ).status,
    ).toBe(304);
    expect(
      (await api.get('/api/v1/trials?limit=5', { headers: { 'If-None-Match': '*' } })).status,
    ).toBe(304);
    const changed = await api.get('/api/v1/trials?limit=6', { headers: { 'If-None-Match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    // fetch() sends Cache-Control: no-cache with a hand-set If-None-Match; the origin still evaluates it.
    const revalidate = await api.get('/api/v1/trials?limit=5', {
      headers: { 'If-None-Match': etag, 'Cache-Control': 'no-cache' },
    });
    expect(revalidate.status).toBe(304);
  });

  it('If-Modified-Since at or after the snapshot is 304; detail and sources behave alike', async () => {
    expect(
      (
        await api.get('/api/v1/trials/TEST-001', {
          headers: { 'If-Modified-Since': 'Mon, 02 Nov 2026 00:00:00 GMT' },
        })
      ).status,
    ).toBe(304);
    expect(
      (
        await api.get('/api/v1/trials/TEST-001', {
          headers: { 'If-Modified-Since': 'Sat, 31 Oct 2026 00:00:00 GMT' },
        })
      ).status,
    ).toBe(200);
    const sources = await api.get('/api/v1/sources');
    expect(
      (
        await api.get('/api/v1/sources', {
          headers: { 'If-None-Match': sources.headers.get('etag')! },
        })
      ).status,
    ).toBe(304);
  });

  it('another snapshot version gives another validator for the same request', async () => {
    const other = await startTestApi(SnapshotHolder.fromTables(tables, { version: 'v-cache-2' }));
    try {
      const etag = (await api.get('/api/v1/trials/TEST-001')).headers.get('etag')!;
      const res = await other.get('/api/v1/trials/TEST-001', {
        headers: { 'If-None-Match': etag },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('etag')).toMatch(/^W\/"v-cache-2-/);
    } finally {
      await other.close();
    }
  });

  it('errors carry no validator and are not stored; /meta is not stored', async () => {
    const bad = await api.get('/api/v1/trials?limit=0', { headers: { 'If-None-Match': '*' } });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('etag')).toBeNull();
    expect(bad.headers.get('cache-control')).toBe('no-store');
    const missing = await api.get('/api/v1/trials/TEST-999', { headers: { 'If-None-Match': '*' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('etag')).toBeNull();
    expect((await api.get('/api/v1/meta')).headers.get('cache-control')).toBe('no-store');
  });

  it('/docs and /openapi.json: strong validator of the body, a long public max-age', async () => {
    for (const path of ['/api/v1/docs', '/api/v1/openapi.json']) {
      const res = await api.get(path, { key: null });
      expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
      const etag = res.headers.get('etag')!;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect((await api.get(path, { key: null, headers: { 'If-None-Match': etag } })).status).toBe(
        304,
      );
    }
  });
});

describe('compression', () => {
  it('gzip and br above 1 KB for clients that accept them; identity otherwise', async () => {
    for (const encoding of ['gzip', 'br']) {
      const res = await api.get('/api/v1/trials?limit=50', {
        headers: { 'Accept-Encoding': encoding },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
      expect((await jsonOf(res)).data).toHaveLength(50);
    }
    const plain = await api.get('/api/v1/trials?limit=50', {
      headers: { 'Accept-Encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const small = await api.get('/api/v1/trials?limit=0', {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(small.headers.get('content-encoding')).toBeNull();
  });
});

describe('GET /healthz', () => {
  it('needs no key, is not counted, reports the snapshot and its age, and the fallback stores', async () => {
    const before = (await api.json('/api/v1/meta')).body.data.usage.quota_used;
    const res = await api.get('/healthz', { key: null });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await jsonOf(res);
    expect(body).toMatchObject({
      status: 'ok',
      snapshot: { version: 'v-cache-1', created_at: '2026-11-01T00:00:00.000Z' },
      redis: 'fallback',
    });
    expect(body.snapshot.age_seconds).toBeGreaterThan(0);
    expect((await api.json('/api/v1/meta')).body.data.usage.quota_used).toBe(before);
  });

  it('503 without a snapshot', async () => {
    const empty = await startTestApi(SnapshotHolder.empty());
    try {
      const res = await empty.get('/healthz', { key: null });
      expect(res.status).toBe(503);
      expect(await jsonOf(res)).toMatchObject({ status: 'snapshot_unavailable', snapshot: null });
    } finally {
      await empty.close();
    }
  });

  describe('with Redis', () => {
    let redis: TestRedis;
    beforeAll(async () => {
      redis = await testRedis();
    });
    afterAll(async () => redis.cleanup());

    it('reachable when it answers PING, unreachable when it does not', async () => {
      const up = await startTestApi(tables, { redis: redis.redis });
      // Nothing listens on port 1; no offline queue, so the PING fails at once.
      const deadConnection = new Redis({
        port: 1,
        lazyConnect: true,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
      });
      const down = await startTestApi(tables, { redis: deadConnection });
      try {
        expect((await jsonOf(await up.get('/healthz'))).redis).toBe('reachable');
        const res = await down.get('/healthz');
        expect(res.status).toBe(200);
        expect((await jsonOf(res)).redis).toBe('unreachable');
      } finally {
        await up.close();
        await down.close();
        deadConnection.disconnect();
      }
    });
  });
});
