/**
 * Crash safety with real processes: a `lungtrials workers` process is SIGKILLed while it
 * is inside the geocode stage; a second workers process recovers the stalled job (short
 * lock and stalled-check interval) and finishes the run. The snapshot is byte-identical,
 * table by table, to an uninterrupted run's over the same records and clock.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SnapshotManifest } from '../../domain/rows.js';
import { newPipelineRunId, runPipeline } from '../../pipeline/run/index.js';
import { readManifest } from '../../snapshot/index.js';
import { SERVING_INDEX_FILE, TABLE_SCHEMAS } from '../../snapshot/schema.js';
import { writeServingIndex } from '../../api/query/index-file.js';
import { startRefresh, waitForRefresh } from '../../workers/flow.js';
import { stageJobId } from '../../workers/queues.js';
import { startCli, type RunningProcess } from '../helpers/processes.js';
import { queueWorld, realSources, type QueueWorld } from './world.js';

let world: QueueWorld;
const running: RunningProcess[] = [];
beforeEach(async () => {
  world = await queueWorld();
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop()));
  await world.cleanup();
});

/**
 * A dead worker's lock lapses after 10 s; survivors look for such jobs every second. A 3 s
 * lock failed the run on a loaded machine (load average 16-20): the recovering worker's
 * geocode stage held its event loop past the lock, so the job stalled a second time.
 */
const WORKER_ARGS = [
  'workers',
  '--no-scheduler',
  '--lock-duration',
  '10000',
  '--stalled-interval',
  '1000',
];

function startWorkersProcess(): RunningProcess {
  const proc = startCli(WORKER_ARGS, world.env);
  running.push(proc);
  return proc;
}

/** tsx runs the program in a child of its own: the pid to kill is the one the workers log. */
async function workerPid(proc: RunningProcess): Promise<number> {
  const line = await proc.waitFor(/"msg":"workers ready"/, 60_000);
  return (JSON.parse(line) as { pid: number }).pid;
}

function checksums(manifest: SnapshotManifest): Record<string, string> {
  return manifest.checksums;
}

describe('a worker killed in the middle of a stage', () => {
  it('leaves a run that another worker process completes, with a snapshot identical to an uninterrupted run', async () => {
    const first = startWorkersProcess();
    const firstPid = await workerPid(first);
    const { runId } = await startRefresh(realSources(), world.deps);

    await first.waitFor(/"stage":"geocode".*"msg":"stage starting"/, 60_000);
    process.kill(firstPid, 'SIGKILL');
    await new Promise<void>((resolve) =>
      first.child.exitCode !== null || first.child.signalCode !== null
        ? resolve()
        : first.child.once('exit', () => resolve()),
    );

    // Killed inside the stage: its job is still active under the dead worker's lock, and the
    // stage left no artifact behind.
    const geocodeId = stageJobId(runId, 'geocode');
    expect(await (await world.queues.stages.geocode.getJob(geocodeId))!.getState()).toBe('active');
    await expect(
      fs.access(path.join(world.dataDir, 'runs', runId, 'geocode.v8')),
    ).rejects.toThrow();
    expect(await fs.readdir(world.snapshotRoot).catch(() => [])).toEqual([]);

    const second = startWorkersProcess();
    await workerPid(second);
    const result = await waitForRefresh(runId, world.queues, { pollMs: 200, timeoutMs: 90_000 });
    const geocode = (await world.queues.stages.geocode.getJob(geocodeId))!;
    expect(geocode.stalledCounter).toBe(1);
    expect(second.output()).toMatch(/"queue":"geocode".*"msg":"job stalled/);
    // Stages the first worker finished were not redone.
    expect(result.stages.registry.reused).toBe(false);
    expect(result.stages.enrich.reused).toBe(false);

    // The same records, sources and clock, run inline without interruption.
    const reference = await runPipeline(newPipelineRunId(), realSources(), {
      dataDir: path.join(world.dir, 'reference-data'),
      snapshotRoot: path.join(world.dir, 'reference-snapshots'),
      logger: world.logger,
      // As the CLI wires it for both paths: the publish writes the API's serving index.
      servingIndex: writeServingIndex,
    });
    const crashed = await readManifest(path.join(world.snapshotRoot, result.version));
    const uninterrupted = await readManifest(reference.dir);
    // Every file the snapshot format declares: one Parquet file per table and the serving index.
    expect(Object.keys(checksums(crashed)).sort()).toEqual(
      [...Object.keys(TABLE_SCHEMAS).map((t) => `${t}.parquet`), SERVING_INDEX_FILE].sort(),
    );
    expect(checksums(crashed)).toEqual(checksums(uninterrupted));
    expect(crashed.row_counts).toEqual(uninterrupted.row_counts);
  }, 150_000);
});
