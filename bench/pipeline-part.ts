/**
 * The pipeline part: a full build from the full-scale dump into a fresh data dir, then
 * an incremental run over the same data dir with 5% of the studies changed. Wall time is
 * taken here, from spawning the run's process to its answer, so it includes start-up.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { runChild } from './child.js';
import { PIPELINE_DIR, PROFILE_DIR } from './paths.js';
import type { PipelineRunResult } from './pipeline-run.js';
import type { BenchSettings } from './settings.js';

export interface PipelineMeasure extends PipelineRunResult {
  name: string;
  /** Spawn to answer, as seen from here. */
  wall_s: number;
  /** Inside the child, runPipeline alone. */
  run_s: number;
}

export async function runPipelinePart(
  settings: BenchSettings,
  dumps: { full: string; changed: string; changedCount: number },
): Promise<PipelineMeasure[]> {
  await fs.rm(PIPELINE_DIR, { recursive: true, force: true });
  const dataDir = path.join(PIPELINE_DIR, 'data');
  const snapshotRoot = path.join(PIPELINE_DIR, 'snapshots');
  const run = async (name: string, runId: string, dump: string): Promise<PipelineMeasure> => {
    settings.log(`  ${name}: runPipeline from ${path.basename(dump)} ...`);
    const started = performance.now();
    const nodeFlags = settings.profile
      ? ['--cpu-prof', `--cpu-prof-dir=${path.join(PROFILE_DIR, `${runId}-${Date.now()}`)}`]
      : [];
    const result = await runChild<PipelineRunResult>(
      'pipeline-run.ts',
      ['--run-id', runId, '--dump', dump, '--data-dir', dataDir, '--snapshot-root', snapshotRoot],
      { nodeFlags },
    );
    const wall_s = (performance.now() - started) / 1000;
    const stages = Object.entries(result.stages)
      .map(([stage, s]) => `${stage} ${s.seconds.toFixed(1)} s`)
      .join(', ');
    settings.log(
      `    ${wall_s.toFixed(1)} s wall, ${result.cpu_s.toFixed(1)} s CPU, ` +
        `peak RSS ${result.peak_rss_mb.toFixed(0)} MB; ${stages}`,
    );
    return { ...result, name, wall_s, run_s: result.wall_s };
  };
  const full = await run('pipeline full build', 'bench-full', dumps.full);
  const incremental = await run(
    `pipeline incremental (${dumps.changedCount} studies changed)`,
    'bench-incremental',
    dumps.changed,
  );
  return [full, incremental];
}
