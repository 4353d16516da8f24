/**
 * Carry-over across a code change inside one run: a run whose stages ran under different
 * pipeline code (a worker deployed between stages, a run resumed after an upgrade) must
 * not publish a snapshot that claims the newer code, or the next run carries the older
 * code's rows over as if the new code had made them.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  newPipelineRunId,
  openRunContext,
  runPipeline,
  runStage,
  type PipelineDeps,
  type PipelineOptions,
} from '../../../pipeline/run/index.js';
import { isPermanentStageError } from '../../../pipeline/errors.js';
import { PIPELINE_CODE_KEY } from '../../../pipeline/publish/base.js';
import { readManifest } from '../../../snapshot/index.js';
import { pipelineDepsIn, realRecordsRun } from '../../helpers/pipeline-runs.js';

const code = vi.hoisted(() => ({ current: 'code-A' }));

vi.mock('../../../pipeline/run/code-fingerprint.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../pipeline/run/code-fingerprint.js')>();
  return {
    ...real,
    codeFingerprint: (scope: unknown) =>
      scope === real.PIPELINE_CODE
        ? Promise.resolve(code.current)
        : real.codeFingerprint(scope as never),
  };
});

let dir: string;
let deps: PipelineDeps;
const options = (): PipelineOptions => realRecordsRun();

beforeEach(async () => {
  code.current = 'code-A';
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lungtrials-carry-code-'));
  deps = pipelineDepsIn(dir);
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('carry-over and the code a run ran under', () => {
  it('a run whose enrich ran under older code publishes a snapshot no later run carries from', async () => {
    const first = await runPipeline(newPipelineRunId(), options(), deps);
    expect((await readManifest(first.dir)).input_summary[PIPELINE_CODE_KEY]).toBe('code-A');

    // Enrich (carrying trials over from the first snapshot) runs under code A ...
    const runId = newPipelineRunId();
    const ctx = await openRunContext(runId, options(), deps);
    for (const stage of ['registry', 'sponsor-csv', 'scrape', 'enrich'] as const)
      await runStage(stage, ctx);
    // ... then the worker is upgraded and the run resumes under code B.
    code.current = 'code-B';
    const resumed = await runPipeline(runId, options(), deps);
    expect(resumed.stages.enrich).toMatchObject({ reused: true });
    expect(
      (resumed.stages.enrich.summary as { carried_over: number }).carried_over,
    ).toBeGreaterThan(0);
    expect((await readManifest(resumed.dir)).input_summary[PIPELINE_CODE_KEY]).not.toBe('code-B');

    // The next run under code B builds every trial instead of keeping code A's rows.
    const next = await runPipeline(newPipelineRunId(), options(), deps);
    expect(next.stages.enrich.summary).toMatchObject({ carried_over: 0 });
  }, 120_000);

  it('a run wholly under one code stamps it, and the next run carries from it', async () => {
    await runPipeline(newPipelineRunId(), options(), deps);
    const second = await runPipeline(newPipelineRunId(), options(), deps);
    expect((await readManifest(second.dir)).input_summary[PIPELINE_CODE_KEY]).toBe('code-A');
    expect((second.stages.enrich.summary as { carried_over: number }).carried_over).toBeGreaterThan(
      0,
    );
  }, 120_000);

  it('a run whose base snapshot was removed before flags stops for good (no retry can help)', async () => {
    const first = await runPipeline(newPipelineRunId(), options(), deps);
    const ctx = await openRunContext(newPipelineRunId(), options(), deps);
    for (const stage of ['registry', 'sponsor-csv', 'scrape', 'enrich', 'geocode'] as const)
      await runStage(stage, ctx);
    // Another run's retention removes the snapshot this run carries trials over from.
    await fs.rm(first.dir, { recursive: true });
    const failure = await runStage('flags', ctx).catch((err: unknown) => err);
    expect(isPermanentStageError(failure)).toBe(true);
    expect(String(failure)).toMatch(/is gone; start a new run/);
  }, 120_000);
});
