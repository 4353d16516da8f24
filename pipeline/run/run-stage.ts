/**
 * Runs one stage at most once per run: a finished stage's artifact holds its summary and
 * data, and a repeated call returns it. Errors name the stage so a failed run says where.
 */
import { readArtifact, writeArtifact } from './artifacts.js';
import type { RunContext } from './context.js';
import type { StageName } from './stage-names.js';

export interface StageReport {
  summary: Record<string, unknown>;
  duration_ms: number;
  /** True when an earlier attempt had already finished the stage. */
  reused: boolean;
}

export interface StageOutput<D> {
  summary: Record<string, unknown>;
  data: D;
}

export class StageError extends Error {
  constructor(
    readonly stage: StageName,
    override readonly cause: unknown,
  ) {
    super(`stage ${stage} failed: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'StageError';
  }
}

export async function runStageOnce<D>(
  ctx: RunContext,
  stage: StageName,
  work: () => Promise<StageOutput<D>>,
): Promise<StageReport> {
  const done = await readArtifact<StageOutput<D> & { duration_ms: number }>(ctx.runDir, stage);
  if (done) return { summary: done.summary, duration_ms: done.duration_ms, reused: true };
  const log = ctx.deps.logger.child({ run: ctx.runId, stage });
  const started = performance.now();
  log.info('stage starting');
  let output: StageOutput<D>;
  try {
    output = await work();
  } catch (err) {
    log.error({ err }, 'stage failed');
    throw err instanceof StageError ? err : new StageError(stage, err);
  }
  const duration_ms = Math.round(performance.now() - started);
  await writeArtifact(ctx.runDir, stage, { ...output, duration_ms });
  ctx.memo.set(stage, output.data);
  log.info({ summary: output.summary, duration_ms }, 'stage finished');
  return { summary: output.summary, duration_ms, reused: false };
}

/** The data a finished stage stored, for the stages after it. */
export async function stageData<D>(ctx: RunContext, stage: StageName): Promise<D> {
  if (ctx.memo.has(stage)) return ctx.memo.get(stage) as D;
  const done = await readArtifact<StageOutput<D>>(ctx.runDir, stage);
  if (!done) throw new Error(`stage ${stage} has not finished in run ${ctx.runId}`);
  ctx.memo.set(stage, done.data);
  return done.data;
}
