/**
 * The processor of every stage queue: it unpacks `{ runId }`, reopens the run (whose
 * options were saved when the run was created), runs the one stage through `runStage` and
 * returns its report. All work is in pipeline/: a stage says a retry cannot help by throwing
 * PermanentStageError, which this adapter turns into BullMQ's UnrecoverableError. Each job
 * takes up its run's lease on DATA_DIR (a job of another run meanwhile fails for good with
 * RunLockedError), and the publish job, or the run's last failure, ends it.
 */
import { UnrecoverableError, type Job } from 'bullmq';
import { isPermanentStageError } from '../../pipeline/errors.js';
import {
  acquireRunLock,
  FINAL_STAGE,
  openRunContext,
  runStage,
  type HeldRunLock,
  type PipelineDeps,
  type RunContext,
  type StageName,
  type StageReport,
} from '../../pipeline/run/index.js';
import type { StageJobData, StageProgress } from '../queues.js';

export type StageProcessorDeps = Omit<PipelineDeps, 'onProgress'>;

/** Progress writes go to Redis; a stage reporting every site would flood it. */
const PROGRESS_EVERY_MS = 250;

export function stageProcessor(stage: StageName, deps: StageProcessorDeps) {
  return async function processStage(job: Job<StageJobData, StageReport>): Promise<StageReport> {
    const runId = job.data?.runId;
    if (typeof runId !== 'string' || !runId)
      throw new UnrecoverableError(`job ${job.id} has no runId`);
    // runStage adds run and stage to its own log lines.
    const logger = deps.logger.child({ job: job.id, attempt: job.attemptsMade + 1 });

    let ctx: RunContext;
    try {
      ctx = await openRunContext(runId, null, {
        ...deps,
        logger,
        onProgress: progressReporter(job, stage),
      });
    } catch (err) {
      const message = `stage ${stage}: cannot open run ${runId}: ${err instanceof Error ? err.message : String(err)}`;
      if (isPermanentStageError(err)) throw new UnrecoverableError(message);
      throw new Error(message, { cause: err });
    }

    // The run's lease on DATA_DIR, taken up by each of its jobs (pipeline/run/run-lock.ts).
    let lock: HeldRunLock;
    try {
      lock = await acquireRunLock(deps.dataDir, runId, 'flow', logger);
    } catch (err) {
      if (isPermanentStageError(err)) throw new UnrecoverableError((err as Error).message);
      throw err;
    }
    try {
      const report = await runStage(stage, ctx);
      if (stage === FINAL_STAGE) await lock.release();
      return report;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const permanent = isPermanentStageError(err);
      // The run is over when this failure is its last: let the next run have the directory.
      if (permanent || job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) await lock.release();
      if (permanent) throw new UnrecoverableError(message);
      throw err;
    } finally {
      lock.stop();
    }
  };
}

function progressReporter(job: Job, stage: StageName): PipelineDeps['onProgress'] {
  let last = 0;
  return (_name, done, total) => {
    const now = Date.now();
    if (now - last < PROGRESS_EVERY_MS && done !== total) return;
    last = now;
    // Progress is advisory: a lost update must never fail the stage.
    job.updateProgress({ stage, done, total } satisfies StageProgress).catch(() => undefined);
  };
}
