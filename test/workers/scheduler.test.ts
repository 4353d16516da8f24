/**
 * The monthly schedule: a BullMQ job scheduler (cron, UTC) read back from Redis, registered
 * once however often workers start, whose job starts a refresh flow, or skips while a run
 * is in flight; and the settings it is built from.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Job } from 'bullmq';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadEnv } from '../../config/env.js';
import { loadScheduledSources } from '../../workers/config.js';
import { refreshStatus, startRefresh } from '../../workers/flow.js';
import {
  REFRESH_SCHEDULER_ID,
  SCHEDULED_REFRESH_JOB,
  upsertRefreshSchedule,
} from '../../workers/scheduler.js';
import { queueWorld, realSources, type QueueWorld } from './world.js';

let world: QueueWorld;
beforeEach(async () => {
  world = await queueWorld();
});
afterEach(async () => {
  await world.cleanup();
});

/** The next 1st of a month, 03:00 UTC, strictly after `now`. */
function nextFirstOfMonth(now: Date): number {
  const thisMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1, 3);
  return thisMonth > now.getTime()
    ? thisMonth
    : Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 3);
}

async function finished(job: Job, ms = 20_000): Promise<unknown> {
  const deadline = Date.now() + ms;
  for (;;) {
    const state = await job.getState();
    if (state === 'completed') return (await world.queues.refresh.getJob(job.id!))!.returnvalue;
    if (state === 'failed' || Date.now() > deadline)
      throw new Error(`scheduled job ${job.id} is ${state}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('monthly refresh schedule', () => {
  it('registers one monthly UTC job scheduler with the configured sources, however often workers start', async () => {
    const options = realSources({ now: undefined });
    const workers = await world.startWorkers({
      stages: [],
      schedule: { pattern: '0 3 1 * *', options },
    });
    expect(workers.schedule).toMatchObject({
      id: REFRESH_SCHEDULER_ID,
      pattern: '0 3 1 * *',
      tz: 'UTC',
    });
    await world.startWorkers({ stages: [], schedule: { pattern: '0 3 1 * *', options } });

    const schedulers = await world.queues.refresh.getJobSchedulers();
    expect(schedulers).toHaveLength(1);
    expect(schedulers[0]).toMatchObject({
      key: REFRESH_SCHEDULER_ID,
      name: SCHEDULED_REFRESH_JOB,
      pattern: '0 3 1 * *',
      tz: 'UTC',
    });
    expect(schedulers[0].next).toBe(nextFirstOfMonth(new Date()));
    expect(schedulers[0].template?.data).toEqual({ options });
    // Its first job waits, delayed, for that moment.
    const [delayed] = await world.queues.refresh.getJobs(['delayed']);
    expect(delayed.name).toBe(SCHEDULED_REFRESH_JOB);
    expect(delayed.timestamp + delayed.opts.delay!).toBe(schedulers[0].next);

    // A changed pattern replaces the scheduler rather than adding one.
    await upsertRefreshSchedule(world.queues, { pattern: '30 2 1 * *', options });
    expect((await world.queues.refresh.getJobSchedulers()).map((s) => s.pattern)).toEqual([
      '30 2 1 * *',
    ]);
  });

  it("the schedule's job starts a refresh flow, and skips (saying why) while a run is in flight", async () => {
    // Only the schedule's queue is served: the started run stays in flight.
    await world.startWorkers({
      stages: [],
      schedule: { pattern: '0 3 1 * *', options: realSources({ now: undefined }) },
    });
    const started = (await finished(
      await world.queues.refresh.add(SCHEDULED_REFRESH_JOB, { options: realSources() }),
    )) as { started: string };
    expect(started.started).toMatch(/^run-/);
    const status = await refreshStatus(started.started, world.queues);
    expect(status.stages.publish.state).toBe('waiting-children');
    expect(status.stages.registry.state).toBe('waiting');

    const skipped = (await finished(
      await world.queues.refresh.add(SCHEDULED_REFRESH_JOB, { options: realSources() }),
    )) as { skipped: string };
    expect(skipped.skipped).toContain(`refresh ${started.started} is still in flight`);
    await expect(startRefresh(realSources(), world.deps)).rejects.toThrow(started.started);
  });

  it('reads the cron pattern and the sources file, resolving paths against the file', async () => {
    expect(loadEnv({}).REFRESH_CRON).toBe('0 3 1 * *');
    expect(() => loadEnv({ REFRESH_CRON: 'monthly' })).toThrow(/REFRESH_CRON/);
    expect(await loadScheduledSources(loadEnv({}))).toEqual({
      registryLive: { baseUrl: 'https://clinicaltrials.gov', full: false },
    });

    const file = path.join(world.dir, 'conf', 'sources.json');
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(
      file,
      JSON.stringify({
        registryDump: '../dumps/ctgov.zip',
        sponsorCsvDir: '/srv/sponsors',
        keep: 3,
      }),
    );
    const env = loadEnv({ REFRESH_SOURCES_FILE: file });
    expect(await loadScheduledSources(env)).toEqual({
      registryDump: path.join(world.dir, 'dumps', 'ctgov.zip'),
      sponsorCsvDir: '/srv/sponsors',
      keep: 3,
      // The publish guard's defaults: a scheduled run never shrinks or grows the snapshot by
      // more than 20%.
      allowShrink: false,
      maxShrink: 0.2,
      allowGrowth: false,
      maxGrowth: 0.2,
    });

    await fs.writeFile(file, JSON.stringify({ registryDump: 'x', now: '2026-01-01T00:00:00Z' }));
    await expect(loadScheduledSources(env)).rejects.toThrow(/REFRESH_SOURCES_FILE .*now/);
  });
});
