/**
 * The operator's commands as processes: `lungtrials workers` serving the queues, and
 * `lungtrials refresh --wait` printing the published version last, or exiting 1 with the
 * failing stage while `latest` stays put; SIGTERM stops the workers cleanly.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LATEST_POINTER, resolveLatest } from '../../snapshot/index.js';
import { requireCtgovData } from '../helpers/ctgov-replay-server.js';
import { runCli, startCli, type RunningProcess } from '../helpers/processes.js';
import { queueWorld, SPONSOR_FIXTURES, type QueueWorld } from './world.js';

let world: QueueWorld;
const running: RunningProcess[] = [];
beforeEach(async () => {
  world = await queueWorld();
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop()));
  await world.cleanup();
});

const lastLine = (text: string): string => text.trimEnd().split('\n').at(-1) ?? '';

describe('lungtrials workers / refresh', () => {
  it('refresh --wait prints the new version last; a failing run exits 1 naming its stage and leaves latest alone', async () => {
    const workers = startCli(['workers', '--no-scheduler', '--concurrency', '2'], world.env);
    running.push(workers);
    await workers.waitFor(/"msg":"workers ready"/, 60_000);

    const ok = await runCli(
      [
        'refresh',
        '--wait',
        '--registry-dump',
        requireCtgovData(),
        '--sponsor-csv-dir',
        SPONSOR_FIXTURES,
      ],
      world.env,
      90_000,
    );
    expect(ok.code, ok.stderr).toBe(0);
    const latest = await resolveLatest(world.snapshotRoot);
    expect(lastLine(ok.stdout)).toBe(latest?.version);
    // stdout is results only: the logs (JSON in a pipe) are on stderr.
    expect(ok.stdout.split('\n').filter((l) => l.startsWith('{'))).toEqual([]);
    expect(ok.stdout).toMatch(/merge, biomarkers and diagnosis .*"trials":205/);
    // Not a terminal: one line per stage state change on stderr.
    expect(ok.stderr).toMatch(/snapshot publish\s+completed/);

    // A dump that exists but holds no record passes the up-front checks and fails its stage on a worker.
    const empty = path.join(world.dir, 'empty-dump.jsonl');
    await fs.writeFile(empty, '');
    const bad = await runCli(['refresh', '--wait', '--registry-dump', empty], world.env, 90_000);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/failed in stage registry \(registry sync\): .*empty/i);
    expect(bad.stderr).toContain('the serving snapshot is unchanged');
    expect(await fs.readlink(path.join(world.snapshotRoot, LATEST_POINTER))).toBe(latest?.version);

    // SIGTERM: workers close, then queues, then Redis, and the process exits 0.
    expect(await workers.stop()).toBe(0);
    expect(workers.output()).toMatch(/"msg":"workers stopped"/);
  }, 150_000);

  it('refresh --wait gives up when a queue has no worker; runs list/show/cancel see and drop the run', async () => {
    // Workers for every queue but scrape: the run can never finish.
    const workers = startCli(
      [
        'workers',
        '--no-scheduler',
        '--stages',
        'registry,sponsor-csv,enrich,geocode,flags,publish',
      ],
      world.env,
    );
    running.push(workers);
    await workers.waitFor(/"msg":"workers ready"/, 60_000);
    const stuck = await runCli(
      ['refresh', '--wait', '--worker-grace', '2', '--registry-dump', requireCtgovData()],
      world.env,
      90_000,
    );
    expect(stuck.code).toBe(1);
    expect(stuck.stderr).toMatch(/no worker has served scrape for 2 s; start `lungtrials workers`/);
    const runId = /refresh (\S+) started/.exec(stuck.stderr)?.[1];
    expect(runId).toBeTruthy();
    expect(stuck.stderr).toContain(`lungtrials runs cancel ${runId}`);

    const list = await runCli(['runs', 'list', '--json'], world.env);
    expect(list.code, list.stderr).toBe(0);
    expect((JSON.parse(list.stdout) as Array<{ run: string; state: string }>)[0]).toMatchObject({
      run: runId,
      state: 'waiting',
    });
    const show = await runCli(['runs', 'show', runId!], world.env);
    expect(show.code, show.stderr).toBe(0);
    expect(show.stdout).toMatch(/^sponsor web scraping\s+waiting\s+0/m);
    expect(show.stdout).toMatch(/^registry sync\s+completed\s+1\s+\d+\.\d/m);

    const cancel = await runCli(['runs', 'cancel', runId!], world.env);
    expect(cancel.code, cancel.stderr).toBe(0);
    expect(cancel.stdout).toMatch(
      /Cancelled run .*removed publish, flags, geocode, enrich, scrape/,
    );
    // Nothing of it is in flight any more: a new run may start.
    const again = await runCli(
      ['refresh', '--registry-dump', requireCtgovData()],
      world.env,
      60_000,
    );
    expect(again.code, again.stderr).toBe(0);
  }, 180_000);

  it('workers refuses an unknown stage name', async () => {
    const res = await runCli(['workers', '--stages', 'registry,nope'], world.env);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toMatch(
      /unknown stage\(s\) nope; stages are registry, sponsor-csv, scrape, enrich, geocode, flags, publish/,
    );
  });
});
