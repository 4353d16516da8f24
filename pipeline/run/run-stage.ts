/**
 * Runs one stage at most once per run: a finished stage's artifact holds its summary and
 * data, and a repeated call returns it. Errors name the stage so a failed run says where.
 */
import { decodeStageData, encodeStageData } from './artifact-codecs.js';
import { readArtifact, writeArtifact } from './artifacts.js';
import { codeFingerprint, PIPELINE_CODE } from './code-fingerprint.js';
import type { RunContext } from './context.js';
import { stageInputs, type StageInput, type StageName } from './stage-names.js';
import type { StageOutput, StageOutputs } from './stage-outputs.js';

export interface StageReport {
  summary: Record<string, unknown>;
  duration_ms: number;
  /** True when an earlier attempt had already finished the stage. */
  reused: boolean;
}

/** What a stage sees: the run, and which stage it is (so it reads only its own inputs). */
export interface StageContext<N extends StageName> extends RunContext {
  readonly stage: N;
}

export type StageFunction<N extends StageName> = (ctx: StageContext<N>) => Promise<StageOutput<N>>;

/** A finished stage's artifact: its data as stored (see artifact-codecs.ts). */
interface StageArtifact {
  summary: Record<string, unknown>;
  data: unknown;
  duration_ms: number;
  /**
   * Fingerprint of the pipeline code the stage ran under (code-fingerprint.ts): a run's
   * stages may run in processes of different deploys (a resumed run, a rolling upgrade).
   */
  code?: string;
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

export async function runStageOnce<N extends StageName>(
  ctx: RunContext,
  stage: N,
  work: StageFunction<N>,
): Promise<StageReport> {
  const done = await readArtifact<StageArtifact>(ctx.runDir, stage);
  if (done) return { summary: done.summary, duration_ms: done.duration_ms, reused: true };
  const log = ctx.deps.logger.child({ run: ctx.runId, stage });
  const started = performance.now();
  log.info('stage starting');
  let output: StageOutput<N>;
  try {
    output = await work({ ...ctx, stage });
  } catch (err) {
    log.error({ err }, 'stage failed');
    throw err instanceof StageError ? err : new StageError(stage, err);
  }
  const duration_ms = Math.round(performance.now() - started);
  const artifact: StageArtifact = {
    summary: output.summary,
    data: encodeStageData(stage, output.data),
    duration_ms,
    code: await codeFingerprint(PIPELINE_CODE),
  };
  await writeArtifact(ctx.runDir, stage, artifact);
  ctx.held[stage] = output.data;
  ctx.heldCode[stage] = artifact.code ?? null;
  log.info({ summary: output.summary, duration_ms }, 'stage finished');
  return { summary: output.summary, duration_ms, reused: false };
}

/** The data of one of the stage's inputs (STAGE_DEPENDS_ON), which has finished. */
export async function stageData<N extends StageName, S extends StageInput<N>>(
  ctx: StageContext<N>,
  input: S,
): Promise<StageOutputs[S]> {
  if (!stageInputs(ctx.stage).includes(input)) {
    throw new Error(
      `stage ${ctx.stage} reads the data of ${input}, which STAGE_DEPENDS_ON does not list as its input`,
    );
  }
  return finishedStageData(ctx, input);
}

/** The data a finished stage stored: held in this process, or read from its artifact. */
export async function finishedStageData<S extends StageName>(
  ctx: RunContext,
  stage: S,
): Promise<StageOutputs[S]> {
  const held = ctx.held[stage];
  if (held !== undefined) return held;
  const done = await readArtifact<StageArtifact>(ctx.runDir, stage);
  if (!done) throw new Error(`stage ${stage} has not finished in run ${ctx.runId}`);
  const data = await decodeStageData(stage, done.data, {
    ctx,
    input: (s) => stageData({ ...ctx, stage }, s),
  });
  ctx.held[stage] = data;
  ctx.heldCode[stage] = done.code ?? null;
  return data;
}

/**
 * Lets this process's copy of a finished stage's data go, for a stage whose data no later
 * stage of the run reads (asked for again, it is read from its artifact). The code it ran
 * under stays known (sameCodeOf).
 */
export function releaseHeldData(ctx: RunContext, stage: StageName): void {
  delete ctx.held[stage];
}

/**
 * The pipeline code every one of `stages` ran under, or null when they ran under different
 * code (or an artifact predates the record): their rows are then what no single version of
 * the code makes.
 */
export async function sameCodeOf(
  ctx: RunContext,
  stages: readonly StageName[],
): Promise<string | null> {
  const codes = new Set<string | null>();
  for (const stage of stages) {
    // A whole artifact read for its code held a second copy of the run's rows (~0.5 GB at full scale).
    const held = ctx.heldCode[stage];
    codes.add(
      held !== undefined
        ? held
        : ((await readArtifact<StageArtifact>(ctx.runDir, stage))?.code ?? null),
    );
  }
  const [only] = codes;
  return codes.size === 1 && only !== null ? only : null;
}
