import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../config/logger.js';
import { SnapshotHolder } from '../../api/live-snapshot.js';
import { publishSnapshot } from '../../pipeline/publish/publish.js';
import { buildTables, trialRow } from '../helpers/trial-fixtures.js';
import { idsOf, startTestApi, type TestApi } from './http.js';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('snapshot hot swap', () => {
  it('serves a newly published snapshot without a restart, and keeps the old one when the new one is broken', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'api-swap-'));
    cleanup.push(() => fs.rm(root, { recursive: true, force: true }));
    const v1 = await publishSnapshot(buildTables({ trials: [trialRow('SWAP-1')] }), {
      root,
      now: new Date('2026-01-01T00:00:00Z'),
    });

    const logLines: string[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk, _enc, done) {
          logLines.push(String(chunk));
          done();
        },
      }),
    );
    const holder = await SnapshotHolder.open({ root, logger, pollMs: 250 });
    const api: TestApi = await startTestApi(holder);
    cleanup.push(() => api.close());
    expect((await api.json('/api/v1/meta')).body.data.snapshot.version).toBe(v1.version);
    expect(await idsOf(api, '')).toEqual(['SWAP-1']);

    const v2 = await publishSnapshot(
      buildTables({ trials: [trialRow('SWAP-2'), trialRow('SWAP-3')] }),
      {
        root,
        now: new Date('2026-02-01T00:00:00Z'),
      },
    );
    const meta = await until(
      () => api.json('/api/v1/meta'),
      (m) => m.body.data.snapshot.version === v2.version,
    );
    expect(meta.body.data.snapshot).toMatchObject({
      version: v2.version,
      row_counts: { trials: 2 },
    });
    expect(await idsOf(api, '')).toEqual(['SWAP-2', 'SWAP-3']);
    expect((await api.get('/api/v1/trials/SWAP-1')).status).toBe(404);

    // A third version, damaged before `latest` points at it: built in another root, its
    // trials file overwritten, then moved in and the pointer switched the way publish does.
    const staging = await fs.mkdtemp(path.join(os.tmpdir(), 'api-swap-staging-'));
    cleanup.push(() => fs.rm(staging, { recursive: true, force: true }));
    const v3 = await publishSnapshot(buildTables({ trials: [trialRow('SWAP-4')] }), {
      root: staging,
      now: new Date('2026-03-01T00:00:00Z'),
    });
    const parquet = (await fs.readdir(v3.dir)).find((f) => f.startsWith('trials'))!;
    await fs.writeFile(path.join(v3.dir, parquet), 'not parquet');
    await fs.rename(v3.dir, path.join(root, v3.version));
    await fs.symlink(v3.version, path.join(root, 'latest.tmp'));
    await fs.rename(path.join(root, 'latest.tmp'), path.join(root, 'latest'));
    await holder.refresh();
    expect(holder.current()!.manifest.version).toBe(v2.version);
    expect(logLines.some((l) => l.includes('failed to load') && l.includes(v3.version))).toBe(true);
    expect(await idsOf(api, '')).toEqual(['SWAP-2', 'SWAP-3']);
  });

  it('starts with no snapshot (503) and picks up the first one published', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'api-swap-'));
    cleanup.push(() => fs.rm(root, { recursive: true, force: true }));
    const holder = await SnapshotHolder.open({ root, logger: createLogger('silent'), pollMs: 250 });
    const api = await startTestApi(holder);
    cleanup.push(() => api.close());
    expect((await api.get('/api/v1/trials')).status).toBe(503);
    await publishSnapshot(buildTables({ trials: [trialRow('FIRST-1')] }), { root });
    const res = await until(
      () => api.get('/api/v1/trials'),
      (r) => r.status === 200,
    );
    expect(res.status).toBe(200);
    expect(await idsOf(api, '')).toEqual(['FIRST-1']);
  });
});
