/**
 * GET /changes (issue 22): the change feed over real published versions (publishSnapshot
 * writes each version's changes.parquet against the one it replaced): one version's
 * changes, the net changes across several (added then removed left out, changes folded,
 * removed and added back), paging with until pinned across a hot swap, the feed after
 * retention pruned versions, and the errors (since missing, malformed, unknown, too old).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../config/logger.js';
import { SnapshotHolder } from '../../api/live-snapshot.js';
import type { TrialRow } from '../../domain/rows.js';
import { publishSnapshot } from '../../pipeline/publish/publish.js';
import { changeFieldNames } from '../../snapshot/schema.js';
import { pruneVersions } from '../../snapshot/versions.js';
import { buildTables, trialRow } from '../helpers/trial-fixtures.js';
import { startTestApi, type TestApi } from './http.js';

let root: string;
let api: TestApi;
const v: string[] = [];

const completed = (id: string, over: Partial<TrialRow> = {}) =>
  trialRow(id, { status: 'Completed', status_bucket: 'completed', ...over });

async function publish(trials: TrialRow[], month: number, keep = 5): Promise<string> {
  const { version } = await publishSnapshot(buildTables({ trials }), {
    root,
    now: new Date(Date.UTC(2026, month - 1, 1)),
    keep,
  });
  v.push(version);
  return version;
}

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'api-changes-'));
  await publish([trialRow('CH-A'), trialRow('CH-B'), trialRow('CH-C'), trialRow('CH-D')], 1);
  // v2: B completed, C removed, E added; A and D as they were.
  await publish([trialRow('CH-A'), completed('CH-B'), trialRow('CH-D'), trialRow('CH-E')], 2);
  // v3: B updated again, C back, E removed, F added.
  await publish(
    [
      trialRow('CH-A'),
      completed('CH-B', { last_updated: '2026-02-15' }),
      trialRow('CH-C'),
      trialRow('CH-D'),
      trialRow('CH-F'),
    ],
    3,
  );
  const holder = await SnapshotHolder.open({
    root,
    logger: createLogger('silent'),
    pollMs: 3_600_000,
  });
  api = await startTestApi(holder);
});
afterAll(async () => {
  await api?.close();
  await fs.rm(root, { recursive: true, force: true });
});

describe('GET /changes', () => {
  it('one version: the changes its file records', async () => {
    const res = await api.get(`/api/v1/changes?since=${v[1]}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('x-snapshot-version')).toBe(v[2]);
    expect(res.headers.get('x-ratelimit-remaining')).not.toBeNull();
    const body = (await res.json()) as any;
    expect(body.data).toEqual([
      { nct_id: 'CH-B', change: 'changed', fields: ['last_updated'] },
      { nct_id: 'CH-C', change: 'added', fields: [] },
      { nct_id: 'CH-E', change: 'removed', fields: [] },
      { nct_id: 'CH-F', change: 'added', fields: [] },
    ]);
    expect(body.meta).toMatchObject({
      since: v[1],
      version: v[2],
      total: 4,
      limit: 50,
      offset: 0,
      next: null,
      prev: null,
    });
    expect(body.meta.quota_used).toBeGreaterThan(0);
  });

  it('several versions: one net change per trial', async () => {
    const { status, body } = await api.json(`/api/v1/changes?since=${v[0]}`);
    expect(status).toBe(200);
    expect(body.meta).toMatchObject({ since: v[0], version: v[2], total: 3 });
    const [b, c, f] = body.data;
    // B changed twice: every field that changed at either step, in the feed's column order.
    expect(b.nct_id).toBe('CH-B');
    expect(b.change).toBe('changed');
    expect(b.fields).toEqual(expect.arrayContaining(['status', 'status_bucket', 'last_updated']));
    const order = changeFieldNames();
    expect(
      [...b.fields].sort((x: string, y: string) => order.indexOf(x) - order.indexOf(y)),
    ).toEqual(b.fields);
    // C removed and added back: changed, every field possibly.
    expect(c).toEqual({ nct_id: 'CH-C', change: 'changed', fields: order });
    // E added and removed again is left out; F is new.
    expect(f).toEqual({ nct_id: 'CH-F', change: 'added', fields: [] });
    const none = await api.json(`/api/v1/changes?since=${v[2]}`);
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ data: [], meta: { since: v[2], version: v[2], total: 0 } });
  });

  it('pages with until pinned, across a hot swap; then the feed after pruning', async () => {
    const first = await api.get(`/api/v1/changes?since=${v[0]}&limit=2`);
    expect(first.status).toBe(200);
    const page1 = (await first.json()) as any;
    const next = `/api/v1/changes?since=${v[0]}&until=${v[2]}&limit=2&offset=2`;
    expect(page1.meta.next).toBe(next);
    expect(first.headers.get('link')).toBe(`<${next}>; rel="next"`);

    // v4 drops D; the served version moves.
    await publish(
      [
        trialRow('CH-A'),
        completed('CH-B', { last_updated: '2026-02-15' }),
        trialRow('CH-C'),
        trialRow('CH-F'),
      ],
      4,
    );
    await api.holder.refresh();
    expect(api.holder.current()!.manifest.version).toBe(v[3]);

    const p2 = await api.json(next);
    expect(p2.status).toBe(200);
    expect(p2.headers.get('x-snapshot-version')).toBe(v[3]);
    expect(p2.body.data).toEqual([{ nct_id: 'CH-F', change: 'added', fields: [] }]);
    expect(p2.body.meta).toMatchObject({ since: v[0], version: v[2], total: 3, next: null });

    // Retention keeps two versions: v1 and v2 go.
    expect(await pruneVersions(root, 2)).toEqual([v[0], v[1]]);
    // v3's file still says what changed since v2, though v2's folder is gone.
    const sinceV2 = await api.json(`/api/v1/changes?since=${v[1]}`);
    expect(sinceV2.status).toBe(200);
    expect(sinceV2.body.meta).toMatchObject({ since: v[1], version: v[3] });
    expect(
      sinceV2.body.data.map((r: { nct_id: string; change: string }) => `${r.nct_id} ${r.change}`),
    ).toEqual(['CH-B changed', 'CH-C added', 'CH-D removed', 'CH-E removed', 'CH-F added']);
    // v1 needs v2's file, pruned with its folder: 410 with the way forward.
    const gone = await api.json(`/api/v1/changes?since=${v[0]}`);
    expect(gone.status).toBe(410);
    expect(gone.headers.get('cache-control')).toBe('no-store');
    expect(gone.body.error.code).toBe('changes_unavailable');
    expect(gone.body.error.message).toContain(`oldest version it answers since is ${v[1]}`);
    expect(gone.body.error.message).toContain(`/changes?since=${v[3]}`);
  });

  it('refuses what it cannot answer', async () => {
    const cases: [string, number, string, string][] = [
      ['', 400, 'since', 'required'],
      ['since=last-month', 400, 'since', 'snapshot version'],
      ['since=20260315T000000Z', 400, 'since', 'no version 20260315T000000Z'],
      ['since=20990101T000000Z', 400, 'since', 'newer than the version served'],
      [`since=${v[0]}&until=20990101T000000Z`, 400, 'until', 'newer than the version served'],
      [`since=20250101T000000Z`, 410, '', 'does not reach back'],
      [`since=${v[0]}&q=x`, 400, 'q', 'not taken by /changes'],
      [`since=${v[0]}&sponsor_name=x`, 400, 'sponsor_name', 'unknown parameter'],
    ];
    for (const [query, status, parameter, text] of cases) {
      const res = await api.json(`/api/v1/changes?${query}`);
      expect(res.status, query).toBe(status);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      if (parameter) expect(res.body.error.parameter, query).toBe(parameter);
      expect(res.body.error.message, query).toContain(text);
    }
    const noKey = await api.get(`/api/v1/changes?since=${v[0]}`, { key: null });
    expect(noKey.status).toBe(401);
  });
});
