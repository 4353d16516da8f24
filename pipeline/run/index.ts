/**
 * The refresh run in one process (`lungtrials pipeline run`): every stage in dependency
 * order, each at most once per run id. The BullMQ workers call `runStage` for one stage
 * at a time; both paths share the stage functions and artifacts.
 */
import { openRunContext, type PipelineDeps, type RunContext } from './context.js';
import type { PipelineOptions } from './options.js';
import { acquireRunLock } from './run-lock.js';
import { finishedStageData, runStageOnce, type StageReport } from './run-stage.js';
import { STAGES } from './stages/index.js';
import { STAGE_NAMES, type StageName } from './stage-names.js';

export { openRunContext, type PipelineDeps, type RunContext } from './context.js';
export { PipelineOptionsSchema, resolvePipelineOptions, type PipelineOptions } from './options.js';
export { StageError, type StageReport } from './run-stage.js';
export {
  acquireRunLock,
  currentRunLock,
  releaseRunLock,
  RunLockedError,
  type HeldRunLock,
  type RunLease,
} from './run-lock.js';
export {
  FINAL_STAGE,
  STAGE_DEPENDS_ON,
  STAGE_NAMES,
  STAGE_TITLES,
  STAGE_WAITS_FOR,
  type StageName,
} from './stage-names.js';

export interface PipelineResult {
  runId: string;
  version: string;
  dir: string;
  stages: Record<StageName, StageReport>;
}

/** Runs one stage of an existing (or, with options, new) run. */
export async function runStage<N extends StageName>(
  stage: N,
  ctx: RunContext,
): Promise<StageReport> {
  return runStageOnce(ctx, stage, STAGES[stage]);
}

export interface PipelineHooks {
  /** Each stage as it starts, finishes or fails (for the operator's progress display). */
  onStage?: (stage: StageName, state: 'active' | 'completed' | 'failed') => void;
}

export async function runPipeline(
  runId: string,
  options: PipelineOptions,
  deps: PipelineDeps,
  hooks: PipelineHooks = {},
): Promise<PipelineResult> {
  // Before anything is written: a second run on the data directory stops here (run-lock.ts).
  const lock = await acquireRunLock(deps.dataDir, runId, 'inline', deps.logger);
  try {
    const ctx = await openRunContext(runId, options, deps);
    const stages = {} as Record<StageName, StageReport>;
    for (const stage of STAGE_NAMES) {
      hooks.onStage?.(stage, 'active');
      try {
        stages[stage] = await runStage(stage, ctx);
      } catch (err) {
        hooks.onStage?.(stage, 'failed');
        throw err;
      }
      hooks.onStage?.(stage, 'completed');
    }
    const { version, dir } = await finishedStageData(ctx, 'publish');
    return { runId, version, dir, stages };
  } finally {
    await lock.release();
  }
}

/** Run ids sort by creation time and are safe as directory and job names. */
export function newPipelineRunId(now: Date = new Date()): string {
  return `run-${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}-${Math.random().toString(36).slice(2, 8)}`;
}
