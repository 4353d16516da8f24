/**
 * A refresh through real Redis and real BullMQ workers (in this process) on the real
 * registry records, then the API serving the version it published; a failed run; a second
 * run refused while one is in flight; the operator dashboard behind its token.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RedisKeyStore } from '../../api/keys/redis-store.js';
import { startServer, type RunningServer } from '../../api/server.js';
import { loadEnv } from '../../config/env.js';
import { STAGE_NAMES } from '../../pipeline/run/index.js';
import { LATEST_POINTER, listVersions, resolveLatest } from '../../snapshot/index.js';
import {
  buildRefreshFlow,
  RefreshFailedError,
  RefreshInFlightError,
  startRefresh,
  waitForRefresh,
  type RefreshStatus,
} from '../../workers/flow.js';
import { stageJobId } from '../../workers/queues.js';
import { queueWorld, realSources, type QueueWorld } from './world.js';

let world: QueueWorld;
const servers: RunningServer[] = [];
beforeEach(async () => {
  world = await queueWorld();
});
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
  await world.cleanup();
});

const OPERATOR_TOKEN = 'operator-token-for-tests-0123456789';

describe('refresh flow', () => {
  it('is one job tree built from STAGE_WAITS_FOR: publish <- flags <- geocode <- enrich <- three sources', () => {
    const flow = buildRefreshFlow('run-x');
    const shape = (node: typeof flow): unknown => ({
      [node.queueName]: (node.children ?? []).map(shape),
    });
    expect(shape(flow)).toEqual({
      publish: [
        {
          flags: [
            { geocode: [{ enrich: [{ registry: [] }, { 'sponsor-csv': [] }, { scrape: [] }] }] },
          ],
        },
      ],
    });
    const ids: string[] = [];
    const walk = (node: typeof flow): void => {
      ids.push(node.opts!.jobId!);
      expect(node.data).toEqual({ runId: 'run-x' });
      expect(node.opts).toMatchObject({
        attempts: 3,
        failParentOnFailure: true,
        backoff: { type: 'exponential' },
      });
      node.children?.forEach(walk);
    };
    walk(flow);
    expect(ids.sort()).toEqual(STAGE_NAMES.map((s) => `run-x.${s}`).sort());
  });

  it('runs every stage on the workers over the real records, and the API then serves the new version', async () => {
    await world.startWorkers({ concurrency: 2 });
    const { runId, jobId } = await startRefresh(realSources(), world.deps);
    expect(jobId).toBe(stageJobId(runId, 'publish'));
    const updates: RefreshStatus[] = [];
    const result = await waitForRefresh(runId, world.queues, {
      pollMs: 100,
      onUpdate: (s) => updates.push(s),
    });

    expect((await resolveLatest(world.snapshotRoot))?.version).toBe(result.version);
    expect(result.stages.registry.summary).toMatchObject({ mode: 'dump', fetched: 197, new: 194 });
    expect(result.stages.enrich.summary).toMatchObject({ trials: 205, extracted: 205 });
    expect(result.stages.publish.summary).toMatchObject({
      version: result.version,
      row_counts: { trials: 205 },
    });
    // Each stage was seen in flight, and the geocoder's progress reached Redis.
    expect(
      updates.some(
        (u) => u.stages.registry.state === 'active' || u.stages.enrich.state === 'waiting-children',
      ),
    ).toBe(true);
    const geocode = await world.queues.stages.geocode.getJob(stageJobId(runId, 'geocode'));
    expect(geocode?.progress).toEqual({ stage: 'geocode', done: 3218, total: 3218 });

    const api = await startServer({
      env: loadEnv({ ...world.env, PORT: '0', LOG_LEVEL: 'silent', OPERATOR_TOKEN }),
      logger: world.logger,
      handleSignals: false,
    });
    servers.push(api);
    const { plaintext } = await new RedisKeyStore(world.redis.redis, world.redis.prefix).create(
      'refresh-test',
      'partner',
    );
    const auth = { Authorization: `Bearer ${plaintext}` };
    const meta = (await (await fetch(`${api.url}/api/v1/meta`, { headers: auth })).json()) as {
      data: { snapshot: { version: string; row_counts: { trials: number } } };
    };
    expect(meta.data.snapshot).toMatchObject({
      version: result.version,
      row_counts: { trials: 205 },
    });
    const trial = await fetch(`${api.url}/api/v1/trials/NCT02576665`, { headers: auth });
    expect(trial.status).toBe(200);
    expect(trial.headers.get('x-snapshot-version')).toBe(result.version);
    expect(((await trial.json()) as { data: { nct_id: string } }).data.nct_id).toBe('NCT02576665');

    // The queue dashboard: token required, wrong token refused, right token (Bearer or Basic) served.
    const board = `${api.url}/operator/queues`;
    const none = await fetch(board);
    expect(none.status).toBe(401);
    expect(((await none.json()) as { error: { code: string } }).error.code).toBe(
      'operator_token_required',
    );
    const wrong = await fetch(board, {
      headers: { Authorization: 'Bearer not-the-operator-token-at-all' },
    });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe(
      'invalid_operator_token',
    );
    const page = await fetch(board, { headers: { Authorization: `Bearer ${OPERATOR_TOKEN}` } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const basic = `Basic ${Buffer.from(`ops:${OPERATOR_TOKEN}`).toString('base64')}`;
    const listed = await fetch(`${board}/api/queues`, { headers: { Authorization: basic } });
    expect(listed.status).toBe(200);
    const body = (await listed.json()) as {
      queues: Array<{ name: string; counts: Record<string, number> }>;
    };
    expect(body.queues.map((q) => q.name).sort()).toEqual([...STAGE_NAMES, 'refresh'].sort());
    expect(body.queues.find((q) => q.name === 'publish')?.counts.completed).toBe(1);

    // Without OPERATOR_TOKEN the dashboard is not there at all.
    const plain = await startServer({
      env: loadEnv({ ...world.env, PORT: '0', LOG_LEVEL: 'silent' }),
      logger: world.logger,
      handleSignals: false,
    });
    servers.push(plain);
    const absent = await fetch(`${plain.url}/operator/queues`, {
      headers: { Authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(absent.status).toBe(404);
    expect(((await absent.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });

  it('a failed run names its stage and reason, and leaves `latest` where it was', async () => {
    await world.startWorkers();
    const first = await startRefresh(realSources(), world.deps);
    const good = await waitForRefresh(first.runId, world.queues, { pollMs: 100 });
    const pointerBefore = await fs.readlink(path.join(world.snapshotRoot, LATEST_POINTER));

    const missing = path.join(world.dir, 'no-such-dump');
    const { runId } = await startRefresh(realSources({ registryDump: missing }), world.deps);
    const failure = await waitForRefresh(runId, world.queues, { pollMs: 100 }).catch(
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(RefreshFailedError);
    expect(failure).toMatchObject({ runId, stage: 'registry' });
    expect((failure as RefreshFailedError).reason).toContain(`registry dump not found: ${missing}`);
    // Unrecoverable: one attempt, no backoff retries.
    const registry = await world.queues.stages.registry.getJob(stageJobId(runId, 'registry'));
    expect(registry?.attemptsMade).toBe(1);

    expect(await fs.readlink(path.join(world.snapshotRoot, LATEST_POINTER))).toBe(pointerBefore);
    expect((await resolveLatest(world.snapshotRoot))?.version).toBe(good.version);
    // The folder also holds the pointer and the served-versions record: compare versions only.
    expect(await listVersions(world.snapshotRoot)).toEqual([good.version]);
  });

  it('fails at once, without retries, what a retry cannot fix: a missing sponsor CSV file, an unknown run', async () => {
    await world.startWorkers();
    const missing = path.join(world.dir, 'pfizer-export.csv');
    const { runId } = await startRefresh(
      realSources({ sponsorCsvDir: undefined, sponsorCsvFiles: { pfizer: missing } }),
      world.deps,
    );
    const failure = (await waitForRefresh(runId, world.queues, { pollMs: 100 }).catch(
      (err: unknown) => err,
    )) as RefreshFailedError;
    expect(failure).toMatchObject({ stage: 'sponsor-csv' });
    expect(failure.reason).toContain(missing);
    expect(
      (await world.queues.stages['sponsor-csv'].getJob(stageJobId(runId, 'sponsor-csv')))
        ?.attemptsMade,
    ).toBe(1);

    const stray = await world.queues.stages.geocode.add('geocode', {
      runId: 'run-that-was-never-created',
    });
    for (let i = 0; i < 100 && !(await stray.isFailed()); i++)
      await new Promise((r) => setTimeout(r, 50));
    const failed = (await world.queues.stages.geocode.getJob(stray.id!))!;
    expect(failed.failedReason).toMatch(/cannot open run run-that-was-never-created/);
    expect(failed.attemptsMade).toBe(1);
  });

  it('refuses a second run while one is in flight, naming it', async () => {
    // No workers yet: the first run stays in flight.
    const first = await startRefresh(realSources(), world.deps);
    const second = await startRefresh(realSources(), world.deps).catch((err: unknown) => err);
    expect(second).toBeInstanceOf(RefreshInFlightError);
    expect((second as Error).message).toContain(first.runId);
    // Only the first run's flow exists.
    expect(await world.queues.stages.publish.getJobCounts('waiting-children')).toEqual({
      'waiting-children': 1,
    });

    await world.startWorkers();
    await waitForRefresh(first.runId, world.queues, { pollMs: 100 });
    const third = await startRefresh(realSources(), world.deps);
    expect(third.runId).not.toBe(first.runId);
    await waitForRefresh(third.runId, world.queues, { pollMs: 100 });
  });

  it('refuses invalid options before creating anything', async () => {
    await expect(startRefresh({ sponsorCsvDir: '/x' }, world.deps)).rejects.toThrow(
      /registry dump|live registry/,
    );
    expect(await world.queues.stages.publish.count()).toBe(0);
  });
});
