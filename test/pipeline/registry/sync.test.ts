import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../config/logger.js';
import { RawStore } from '../../../pipeline/raw-store/raw-store.js';
import { CtgovHttpError } from '../../../pipeline/registry/client.js';
import { loadRegistryRecordArray } from '../../../pipeline/registry/load-records.js';
import { syncRegistry, type SyncRegistryOptions } from '../../../pipeline/registry/sync.js';
import type { RegistryProgress } from '../../../pipeline/registry/summary.js';
import {
  loadRealV2Studies,
  startCtgovReplayServer,
  studyId,
  type CtgovReplayOptions,
  type CtgovReplayServer,
} from '../../helpers/ctgov-replay-server.js';

const logger = createLogger('silent');
const FAST = { minIntervalMs: 0, retryBaseMs: 20 };

describe('syncRegistry against a replay of real v2 records', () => {
  let studies: unknown[];
  let allIds: string[];
  let dir: string;
  let server: CtgovReplayServer | null = null;

  beforeEach(async () => {
    studies = loadRealV2Studies();
    allIds = studies.map(studyId).sort();
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'registry-sync-'));
  });

  afterEach(async () => {
    await server?.close();
    server = null;
    await fs.rm(dir, { recursive: true, force: true });
  });

  async function serve(opts: Partial<CtgovReplayOptions> = {}) {
    server = await startCtgovReplayServer({ studies, ...opts });
    return server;
  }

  async function run(
    opts: Partial<SyncRegistryOptions> = {},
    onProgress?: (p: RegistryProgress) => void,
  ) {
    const rawStore = await RawStore.open(dir);
    const summary = await syncRegistry(
      { baseUrl: server!.baseUrl, pageSize: 50, client: FAST, ...opts },
      { fetch, rawStore, logger, onProgress, tty: false },
    );
    return { summary, rawStore };
  }

  it('fetches every record exactly once through a 429 with Retry-After and a 503, up to the empty last page', async () => {
    const srv = await serve({
      faults: { 2: [{ status: 429, headers: { 'retry-after': '1' } }], 3: [{ status: 503 }] },
    });
    const { summary, rawStore } = await run();

    expect(allIds.length).toBe(186);
    expect(summary).toMatchObject({
      mode: 'full',
      fetched: 186,
      new: 186,
      changed: 0,
      unchanged: 0,
      failed: 0,
      removed: 0,
      total: 186,
      pages: 5,
    });
    expect(srv.served.size).toBe(186);
    expect([...srv.served.values()].every((n) => n === 1)).toBe(true);
    expect(rawStore.ids()).toEqual(allIds);

    const statuses = srv.requests.map((r) => r.status);
    expect(statuses).toEqual([200, 429, 200, 503, 200, 200, 200]);
    const i429 = statuses.indexOf(429);
    expect(srv.requests[i429 + 1].at - srv.requests[i429].at).toBeGreaterThanOrEqual(950);

    const [first, ...rest] = srv.requests;
    expect(first.params).toMatchObject({ pageSize: '50', countTotal: 'true' });
    expect(first.params['query.cond']).toMatch(/lung cancer/i);
    expect(first.params['query.cond']).toMatch(/NSCLC/);
    expect(first.params['query.cond']).toMatch(/SCLC/);
    expect(first.params['query.cond']).toMatch(/NOT mesothelioma/);
    expect(first.params.pageToken).toBeUndefined();
    expect(first.params['filter.advanced']).toBeUndefined();
    for (const r of rest) {
      expect(r.params.pageToken).toBeTruthy();
      expect(r.params.countTotal).toBeUndefined();
    }
    expect(srv.requests.at(-1)).toMatchObject({ status: 200, studies: 0 });

    expect(rawStore.lastSuccessfulSync).not.toBeNull();
    await expect(fs.access(path.join(dir, 'sync-state.json'))).rejects.toThrow();
  });

  it('reports a second run unchanged, and a record edited at the source as changed', async () => {
    const srv = await serve();
    await run({ since: null });

    const second = await run({ since: null });
    expect(second.summary).toMatchObject({ fetched: 186, new: 0, changed: 0, unchanged: 186 });
    expect((await loadRegistryRecordArray(second.rawStore)).filter((r) => r.changed)).toEqual([]);

    const edited = structuredClone(studies) as Array<{
      protocolSection: { statusModule: { overallStatus: string } };
    }>;
    const target = edited.find((s) => studyId(s) === 'NCT06830694')!;
    target.protocolSection.statusModule.overallStatus = 'COMPLETED';
    srv.setStudies(edited);

    const third = await run({ since: null });
    expect(third.summary).toMatchObject({ fetched: 186, new: 0, changed: 1, unchanged: 185 });
    const changed = (await loadRegistryRecordArray(third.rawStore)).filter((r) => r.changed);
    expect(changed.map((r) => r.trial.nct_id)).toEqual(['NCT06830694']);
    expect(changed[0].trial).toMatchObject({
      overall_status: 'COMPLETED',
      status: 'Completed',
      status_bucket: 'completed',
    });
  });

  it('resumes an interrupted run from the page after the last stored one', async () => {
    const srv = await serve();
    const controller = new AbortController();
    const firstAttempt = run({ signal: controller.signal }, (p) => {
      if (p.pages === 1) controller.abort();
    });
    await expect(firstAttempt).rejects.toThrow(/abort/i);
    const afterAbort = await RawStore.open(dir);
    expect(afterAbort.size).toBe(50);
    expect(srv.requests).toHaveLength(1);

    const { summary, rawStore } = await run();
    expect(summary).toMatchObject({ resumed: true, fetched: 186, new: 186, pages: 5, total: 186 });
    const resumedFirst = srv.requests[1];
    expect(resumedFirst.page).toBe(2);
    expect(resumedFirst.params.pageToken).toBeTruthy();
    expect(resumedFirst.params.countTotal).toBeUndefined();
    expect([...srv.served.values()].every((n) => n === 1)).toBe(true);
    expect(rawStore.ids()).toEqual(allIds);
  });

  it('resumes an interrupted full run as full even after an earlier successful sync', async () => {
    const srv = await serve();
    await run();
    const controller = new AbortController();
    await expect(
      run({ since: null, signal: controller.signal }, (p) => p.pages === 2 && controller.abort()),
    ).rejects.toThrow(/abort/i);
    const before = srv.requests.length;
    const { summary } = await run();
    expect(summary).toMatchObject({
      mode: 'full',
      resumed: true,
      fetched: 186,
      unchanged: 186,
      pages: 5,
    });
    expect(srv.requests[before].params['filter.advanced']).toBeUndefined();
    expect(srv.requests[before].page).toBe(3);
  });

  it('asks only for records updated since a date on an incremental run', async () => {
    const srv = await serve();
    const full = await run();
    expect(full.summary.mode).toBe('full');

    const explicit = await run({ since: '2026-09-01' });
    const req = srv.requests.find((r) => r.params['filter.advanced']);
    expect(req?.params['filter.advanced']).toBe('AREA[LastUpdatePostDate]RANGE[2026-09-01,MAX]');
    expect(explicit.summary).toMatchObject({
      mode: 'incremental',
      since: '2026-09-01',
      fetched: 40,
      unchanged: 40,
      new: 0,
      removed: 0,
    });
    // An incremental run keeps the records it did not see.
    expect(explicit.rawStore.size).toBe(186);

    const before = srv.requests.length;
    const lastSync = explicit.rawStore.lastSuccessfulSync!;
    const implicit = await run();
    expect(srv.requests[before].params['filter.advanced']).toBe(
      `AREA[LastUpdatePostDate]RANGE[${lastSync.slice(0, 10)},MAX]`,
    );
    expect(implicit.summary.mode).toBe('incremental');
  });

  it('asks for 1000 studies a page by default', async () => {
    const srv = await serve();
    const { summary } = await run({ pageSize: undefined });
    expect(srv.requests[0].params.pageSize).toBe('1000');
    expect(summary).toMatchObject({ fetched: 186, pages: 2 });
  });

  it('fails at once on a 400 and after the last retry on repeated 503s', async () => {
    const srv = await serve({ faults: { 1: [{ status: 400 }] } });
    await expect(run()).rejects.toBeInstanceOf(CtgovHttpError);
    expect(srv.requests).toHaveLength(1);

    srv.addFaults({ 1: [{ status: 503 }, { status: 503 }, { status: 503 }] });
    await expect(run({ client: { ...FAST, maxRetries: 2 } })).rejects.toMatchObject({
      status: 503,
    });
    expect(srv.requests).toHaveLength(4);
  });
});
