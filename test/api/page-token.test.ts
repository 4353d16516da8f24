/**
 * pageToken: a paging run pinned to the snapshot version it started on. A run crosses a
 * real hot swap of the SnapshotHolder (a second version published into the watched root)
 * and sees every trial of its version exactly once, where the same run by offset misses and
 * repeats trials; the replaced version stays readable for the holder's retention, then the
 * token gets 410 page_token_expired; edited tokens and tokens sent with another query are 400.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../config/logger.js';
import { SnapshotHolder } from '../../api/live-snapshot.js';
import { publishSnapshot } from '../../pipeline/publish/publish.js';
import { buildTables, trialRow } from '../helpers/trial-fixtures.js';
import { startTestApi, type TestApi } from './http.js';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

const id = (n: number) => `PT-${String(n).padStart(3, '0')}`;
/** Newest first in the default order: trial n was last updated n days into 2024. */
const updated = (n: number) =>
  new Date(Date.UTC(2024, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);

/** Version 1: trials 1-30. */
const v1Trials = () =>
  Array.from({ length: 30 }, (_, i) => trialRow(id(i + 1), { last_updated: updated(i + 1) }));
/**
 * Version 2: trials 1-10 removed, 40-47 added and updated most recently (they sort first),
 * trial 20 updated (it moves to the front): every later offset page shifts.
 */
const v2Trials = () => [
  ...Array.from({ length: 20 }, (_, i) =>
    trialRow(id(i + 11), { last_updated: updated(i + 11 === 20 ? 300 : i + 11) }),
  ),
  ...Array.from({ length: 8 }, (_, i) => trialRow(id(i + 40), { last_updated: updated(200 + i) })),
];

interface Page {
  status: number;
  headers: Headers;
  body: any;
}

async function page(api: TestApi, pathAndQuery: string): Promise<Page> {
  const res = await api.get(pathAndQuery);
  return { status: res.status, headers: res.headers, body: await res.json() };
}

const ids = (p: Page): string[] => p.body.data.map((t: { nct_id: string }) => t.nct_id);

async function world(): Promise<{ api: TestApi; root: string; clock: { now: number } }> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'api-page-token-'));
  cleanup.push(() => fs.rm(root, { recursive: true, force: true }));
  await publishSnapshot(buildTables({ trials: v1Trials() }), {
    root,
    now: new Date('2026-01-01T00:00:00Z'),
  });
  const clock = { now: Date.UTC(2026, 0, 1) };
  const holder = await SnapshotHolder.open({
    root,
    logger: createLogger('silent'),
    // The test swaps by calling refresh() itself; no poll in between.
    pollMs: 3_600_000,
    retainPreviousMs: 10 * 60_000,
    now: () => clock.now,
  });
  const api = await startTestApi(holder);
  cleanup.push(() => api.close());
  return { api, root, clock };
}

async function swapToV2(api: TestApi, root: string): Promise<string> {
  const v2 = await publishSnapshot(buildTables({ trials: v2Trials() }), {
    root,
    now: new Date('2026-02-01T00:00:00Z'),
  });
  await api.holder.refresh();
  expect(api.holder.current()?.manifest.version).toBe(v2.version);
  return v2.version;
}

describe('pageToken', () => {
  it('pages through a hot swap from the version the run started on: every trial once', async () => {
    const { api, root } = await world();
    const v1 = api.holder.current()!.manifest.version;
    const first = await page(api, '/api/v1/trials?limit=7');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(first.headers.get('x-snapshot-version')).toBe(v1);
    expect(first.body.meta).toMatchObject({ total: 30, limit: 7, offset: 0 });
    // The first page keeps the contract's offset links; the token is beside them.
    expect(first.body.meta.next).toBe('/api/v1/trials?limit=7&offset=7');
    expect(first.body.meta.next_page_token).toMatch(/^[\w-]+\.[\w-]{16}$/);

    // The same run by offset, for comparison, started on the same version.
    const offsetFirst = ids(first);

    const v2 = await swapToV2(api, root);
    expect(v2).not.toBe(v1);

    const seen = [...ids(first)];
    let token: string | null = first.body.meta.next_page_token;
    const tokens: string[] = [];
    while (token) {
      tokens.push(token);
      const p = await page(api, `/api/v1/trials?limit=7&pageToken=${token}`);
      expect(p.status).toBe(200);
      expect(p.headers.get('x-snapshot-version')).toBe(v1);
      expect(p.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(p.body.meta.total).toBe(30);
      expect(p.body.meta.quota_limit).toBeGreaterThan(0);
      // A token run's links name pages by token, not offset.
      if (p.body.meta.next_page_token) {
        expect(p.body.meta.next).toBe(
          `/api/v1/trials?limit=7&pageToken=${p.body.meta.next_page_token}`,
        );
        expect(p.headers.get('link')).toContain(`pageToken=${p.body.meta.next_page_token}`);
      } else expect(p.body.meta.next).toBeNull();
      expect(p.body.meta.prev).toContain('pageToken=');
      seen.push(...ids(p));
      token = p.body.meta.next_page_token;
    }
    expect(tokens).toHaveLength(4);
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
    expect([...seen].sort()).toEqual(v1Trials().map((t) => t.nct_id));
    // Newest first, as the run's first page ordered them.
    expect(seen.slice(0, 3)).toEqual([id(30), id(29), id(28)]);

    // The same run by offset crosses the swap: it repeats and misses trials.
    const byOffset = [...offsetFirst];
    for (let offset = 7; ; offset += 7) {
      const p = await page(api, `/api/v1/trials?limit=7&offset=${offset}`);
      expect(p.headers.get('x-snapshot-version')).toBe(v2);
      if (p.body.data.length === 0) break;
      byOffset.push(...ids(p));
    }
    const everyTrialSeen = new Set([...v1Trials(), ...v2Trials()].map((t) => t.nct_id));
    expect(new Set(byOffset).size).toBeLessThan(byOffset.length);
    expect([...everyTrialSeen].filter((t) => !byOffset.includes(t)).length).toBeGreaterThan(0);

    // A run started now reads the new version.
    const fresh = await page(api, '/api/v1/trials?limit=7');
    expect(fresh.headers.get('x-snapshot-version')).toBe(v2);
    const next = await page(
      api,
      `/api/v1/trials?limit=7&pageToken=${fresh.body.meta.next_page_token}`,
    );
    expect(next.status).toBe(200);
    expect(next.headers.get('x-snapshot-version')).toBe(v2);
    expect(next.body.meta.offset).toBe(7);
  });

  it('gives 410 page_token_expired once the replaced version is let go, with the way forward', async () => {
    const { api, root, clock } = await world();
    const v1 = api.holder.current()!.manifest.version;
    const first = await page(
      api,
      '/api/v1/trials?limit=5&trialStatus=Recruiting&trialStatus=Active',
    );
    expect(first.status).toBe(200);
    const token = first.body.meta.next_page_token as string;
    expect(token).toBeTruthy();
    const v2 = await swapToV2(api, root);

    // Within the retention: still the pinned version (the list form may change too).
    clock.now += 9 * 60_000;
    const kept = await page(
      api,
      `/api/v1/trials?limit=5&trialStatus=active,RECRUITING&pageToken=${token}`,
    );
    expect(kept.status).toBe(200);
    expect(kept.headers.get('x-snapshot-version')).toBe(v1);

    clock.now += 2 * 60_000;
    const gone = await page(
      api,
      `/api/v1/trials?limit=5&trialStatus=Recruiting&trialStatus=Active&pageToken=${token}`,
    );
    expect(gone.status).toBe(410);
    expect(gone.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(gone.headers.get('cache-control')).toBe('no-store');
    expect(gone.body.error.code).toBe('page_token_expired');
    expect(gone.body.error.message).toContain(v1);
    expect(gone.body.error.message).toContain(v2);
    expect(gone.body.error.message).toContain('10 minutes');
    expect(gone.body.error.message).toContain(
      '/api/v1/trials?trialStatus=Recruiting&trialStatus=Active&limit=5&offset=0',
    );
  });

  it('refuses edited tokens, a token with offset and a token sent with another query (400)', async () => {
    const { api } = await world();
    const first = await page(api, '/api/v1/trials?limit=5&q=test');
    const token = first.body.meta.next_page_token as string;
    expect(first.body.meta.next_page_token).toBeTruthy();
    const flip = (s: string, i: number) =>
      s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    for (const bad of [flip(token, 3), flip(token, token.length - 1), token.slice(0, -2), 'abc']) {
      const p = await page(api, `/api/v1/trials?limit=5&q=test&pageToken=${bad}`);
      expect(p.status).toBe(400);
      expect(p.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(p.body.error).toMatchObject({ code: 'invalid_parameter', parameter: 'pageToken' });
      expect(p.body.error.message).toContain('meta.next_page_token');
    }
    const withOffset = await page(api, `/api/v1/trials?limit=5&q=test&offset=5&pageToken=${token}`);
    expect(withOffset.status).toBe(400);
    expect(withOffset.body.error).toMatchObject({ code: 'invalid_parameter', parameter: 'offset' });
    const other = await page(api, `/api/v1/trials?limit=5&q=trial&pageToken=${token}`);
    expect(other.status).toBe(400);
    expect(other.body.error).toMatchObject({ code: 'invalid_parameter', parameter: 'pageToken' });
    expect(other.body.error.message).toContain('another query');
    // The detail endpoint does not take it.
    const detail = await page(api, `/api/v1/trials/${id(1)}?pageToken=${token}`);
    expect(detail.status).toBe(400);
    expect(detail.body.error.parameter).toBe('pageToken');
    // Limit may change between pages.
    const wider = await page(api, `/api/v1/trials?limit=25&q=test&pageToken=${token}`);
    expect(wider.status).toBe(200);
    expect(wider.body.meta).toMatchObject({ offset: 5, limit: 25, next_page_token: null });
    expect(ids(wider)).toHaveLength(25);
  });
});
