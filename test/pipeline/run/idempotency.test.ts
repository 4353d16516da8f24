/**
 * The inline runner is idempotent per run id: a finished run re-run returns the same
 * version without redoing a stage, a run that failed in publish resumes from there, and a
 * publish that switched `latest` but was killed before recording it is found, not repeated.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  newPipelineRunId,
  runPipeline,
  StageError,
  STAGE_NAMES,
  type PipelineDeps,
  type PipelineOptions,
} from '../../../pipeline/run/index.js';
import { LATEST_POINTER, resolveLatest } from '../../../snapshot/index.js';
import { SERVED_FILE } from '../../../snapshot/versions.js';
import { pipelineDepsIn, realRecordsRun } from '../../helpers/pipeline-runs.js';

let dir: string;
let deps: PipelineDeps;
const options = (): PipelineOptions => realRecordsRun();

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lungtrials-idempotent-'));
  deps = pipelineDepsIn(dir);
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

// Every entry of the root that is not the pointer, a temp dir or the served record.
const versionDirs = async (root: string) =>
  (await fs.readdir(root))
    .filter((n) => n !== LATEST_POINTER && n !== SERVED_FILE && !n.startsWith('.'))
    .sort();

describe('inline runner idempotency per run id', () => {
  it('re-running a finished run reuses every stage and publishes nothing new', async () => {
    const runId = newPipelineRunId();
    const first = await runPipeline(runId, options(), deps);
    const again = await runPipeline(runId, options(), deps);
    expect(again.version).toBe(first.version);
    for (const stage of STAGE_NAMES)
      expect(again.stages[stage]).toEqual({ ...first.stages[stage], reused: true });
    expect(await versionDirs(deps.snapshotRoot)).toEqual([first.version]);
  }, 60_000);

  it('a run that failed in publish resumes there, reusing the stages before it', async () => {
    const runId = newPipelineRunId();
    // A file where the snapshot root should be: publish cannot create its temp dir.
    const blocked = path.join(dir, 'not-a-dir');
    await fs.writeFile(blocked, '');
    const failure = await runPipeline(runId, options(), { ...deps, snapshotRoot: blocked }).catch(
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(StageError);
    expect((failure as StageError).stage).toBe('publish');

    const resumed = await runPipeline(runId, options(), deps);
    for (const stage of STAGE_NAMES.filter((s) => s !== 'publish'))
      expect(resumed.stages[stage].reused).toBe(true);
    expect(resumed.stages.publish.reused).toBe(false);
    expect((await resolveLatest(deps.snapshotRoot))?.version).toBe(resumed.version);
  }, 60_000);

  it('a publish killed after switching latest (before recording it) is found on retry, not repeated', async () => {
    const runId = newPipelineRunId();
    const first = await runPipeline(runId, options(), deps);
    // What a kill between the pointer switch and the artifact write leaves behind.
    await fs.rm(path.join(deps.dataDir, 'runs', runId, 'publish.v8'));
    const retried = await runPipeline(runId, options(), deps);
    expect(retried.version).toBe(first.version);
    expect(retried.stages.publish.summary).toMatchObject({
      version: first.version,
      reused_publish: true,
    });
    expect(await versionDirs(deps.snapshotRoot)).toEqual([first.version]);
  }, 60_000);
});
