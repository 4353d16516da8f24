/**
 * A refresh run as one BullMQ flow. The job tree is STAGE_WAITS_FOR (derived from
 * STAGE_DEPENDS_ON, the table the inline runner walks): publish <- flags <- geocode <-
 * enrich <- {registry, sponsor-csv, scrape}, the three sources running in parallel. A child
 * that fails for good fails its parent, so a broken source stops the run before publish and
 * `latest` stays put.
 */
import { randomUUID } from 'node:crypto';
import { FlowProducer, type FlowJob, type Job, type JobState } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from '../config/logger.js';
import {
  acquireRunLock,
  FINAL_STAGE,
  newPipelineRunId,
  openRunContext,
  resolvePipelineOptions,
  STAGE_NAMES,
  STAGE_WAITS_FOR,
  type PipelineOptions,
  type StageName,
  type StageReport,
} from '../pipeline/run/index.js';
import {
  DEFAULT_JOB_OPTIONS,
  stageJobId,
  type QueueSet,
  type StageJobData,
  type StageProgress,
} from './queues.js';

export interface RefreshDeps {
  /** From connectQueueRedis; not closed here. */
  connection: Redis;
  /** BullMQ prefix (bullPrefix(env.REDIS_PREFIX)). */
  prefix: string;
  queues: QueueSet;
  /** Shared by every worker machine: the run directory with the saved options lives here. */
  dataDir: string;
  snapshotRoot: string;
  logger: Logger;
}

export interface StartRefreshOptions {
  /** @defaultValue newPipelineRunId() */
  runId?: string;
}

/** Thrown when a run is still in flight; names it. */
export class RefreshInFlightError extends Error {
  override readonly name = 'RefreshInFlightError';
  constructor(
    readonly runId: string | null,
    readonly detail: string,
  ) {
    super(
      runId
        ? `refresh ${runId} is still in flight (${detail}); wait for it to finish or fail`
        : detail,
    );
  }
}

export class InvalidRefreshOptionsError extends Error {
  override readonly name = 'InvalidRefreshOptionsError';
}

/** A run that cannot publish: the stage where it broke and why. */
export class RefreshFailedError extends Error {
  override readonly name = 'RefreshFailedError';
  constructor(
    readonly runId: string,
    readonly stage: StageName,
    readonly reason: string,
  ) {
    super(`refresh ${runId} failed in stage ${stage}: ${reason}`);
  }
}

/** States in which a root job means its run has not finished. */
const IN_FLIGHT_STATES = ['waiting-children', 'wait', 'active', 'delayed', 'prioritized'] as const;

/** The job tree of one run. */
export function buildRefreshFlow(runId: string): FlowJob {
  const placed = new Set<StageName>();
  const node = (stage: StageName): FlowJob => {
    // A BullMQ flow is a tree: a stage two stages wait for would need two jobs.
    if (placed.has(stage))
      throw new Error(`stage ${stage} is needed by two stages; a refresh flow must be a tree`);
    placed.add(stage);
    return {
      name: stage,
      queueName: stage,
      data: { runId } satisfies StageJobData,
      opts: { ...DEFAULT_JOB_OPTIONS, jobId: stageJobId(runId, stage), failParentOnFailure: true },
      children: STAGE_WAITS_FOR[stage].map(node),
    };
  };
  return node(FINAL_STAGE);
}

/**
 * Creates the run (its options are saved once, in its run directory, for every later
 * attempt on any worker) and adds its flow. Refuses while another run is in flight.
 */
export async function startRefresh(
  options: PipelineOptions,
  deps: RefreshDeps,
  start: StartRefreshOptions = {},
): Promise<{ runId: string; jobId: string }> {
  try {
    resolvePipelineOptions(options);
  } catch (err) {
    throw new InvalidRefreshOptionsError(err instanceof Error ? err.message : String(err));
  }
  const lockKey = `${deps.prefix}:refresh:start-lock`;
  const token = randomUUID();
  // Two starters at once would both see no run in flight; the lock makes check-and-add one step.
  const locked = await deps.connection.set(lockKey, token, 'PX', 30_000, 'NX');
  if (locked !== 'OK')
    throw new RefreshInFlightError(null, 'another refresh is being started right now');
  try {
    const running = await runInFlight(deps.queues);
    if (running) throw running;
    const runId = start.runId ?? newPipelineRunId();
    // The run holds DATA_DIR from now on; a `pipeline run` (or a flow of another prefix) on it
    // refuses this one with RunLockedError before a job exists.
    const lease = await acquireRunLock(deps.dataDir, runId, 'flow', deps.logger);
    lease.stop();
    const producer = new FlowProducer({ connection: deps.connection, prefix: deps.prefix });
    try {
      await openRunContext(runId, options, {
        dataDir: deps.dataDir,
        snapshotRoot: deps.snapshotRoot,
        logger: deps.logger,
      });
      const tree = await producer.add(buildRefreshFlow(runId));
      deps.logger.info({ run: runId, job: tree.job.id }, 'refresh flow added');
      return { runId, jobId: tree.job.id! };
    } catch (err) {
      await lease.release();
      throw err;
    } finally {
      await producer.close();
    }
  } finally {
    await deps.connection
      .eval(
        "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0",
        1,
        lockKey,
        token,
      )
      .catch(() => undefined);
  }
}

async function runInFlight(queues: QueueSet): Promise<RefreshInFlightError | null> {
  const root = queues.stages[FINAL_STAGE];
  for (const state of IN_FLIGHT_STATES) {
    const [job] = await root.getJobs([state], 0, 0);
    if (job)
      return new RefreshInFlightError(
        job.data?.runId ?? String(job.id),
        `its ${FINAL_STAGE} job is ${state}`,
      );
  }
  return null;
}

export type StageState = JobState | 'unknown' | 'missing';

export interface StageStatus {
  state: StageState;
  progress: { done: number; total: number | null } | null;
  /** Attempts started so far (a crashed worker's attempt included). */
  attempts: number;
  report: StageReport | null;
  failedReason: string | null;
}

export interface RefreshStatus {
  runId: string;
  stages: Record<StageName, StageStatus>;
}

export async function refreshStatus(runId: string, queues: QueueSet): Promise<RefreshStatus> {
  const entries = await Promise.all(
    STAGE_NAMES.map(async (stage): Promise<[StageName, StageStatus]> => {
      const id = stageJobId(runId, stage);
      // State first: a job read before its state could predate the failure the state reports.
      const state = await queues.stages[stage].getJobState(id);
      const job = (await queues.stages[stage].getJob(id)) as
        Job<StageJobData, StageReport> | undefined;
      if (!job || state === 'unknown')
        return [
          stage,
          { state: 'missing', progress: null, attempts: 0, report: null, failedReason: null },
        ];
      const progress = isProgress(job.progress)
        ? { done: job.progress.done, total: job.progress.total }
        : null;
      return [
        stage,
        {
          state,
          progress,
          attempts: job.attemptsStarted ?? job.attemptsMade,
          report: state === 'completed' ? (job.returnvalue ?? null) : null,
          failedReason: job.failedReason || null,
        },
      ];
    }),
  );
  return { runId, stages: Object.fromEntries(entries) as Record<StageName, StageStatus> };
}

function isProgress(value: unknown): value is StageProgress {
  return (
    typeof value === 'object' && value !== null && typeof (value as StageProgress).done === 'number'
  );
}

export interface WaitForRefreshOptions {
  /** Called after every poll with every stage's state and progress. */
  onUpdate?: (status: RefreshStatus) => void;
  /** @defaultValue 300 */
  pollMs?: number;
  /** Give up (reject) after this long; the run itself keeps going. @defaultValue no limit */
  timeoutMs?: number;
}

export interface RefreshResult {
  runId: string;
  version: string;
  stages: Record<StageName, StageReport>;
}

/**
 * Resolves with the published version once the run's publish job completes; rejects with
 * a RefreshFailedError naming the stage where the run broke. Reads the jobs by their ids
 * (one per stage per run), so it works from any process, for a run started anywhere.
 */
export async function waitForRefresh(
  runId: string,
  queues: QueueSet,
  options: WaitForRefreshOptions = {},
): Promise<RefreshResult> {
  const pollMs = options.pollMs ?? 300;
  const deadline = options.timeoutMs === undefined ? Infinity : Date.now() + options.timeoutMs;
  for (;;) {
    const status = await refreshStatus(runId, queues);
    options.onUpdate?.(status);
    const failed = originOfFailure(status);
    if (failed)
      throw new RefreshFailedError(
        runId,
        failed,
        status.stages[failed].failedReason ?? 'unknown reason',
      );
    const root = status.stages[FINAL_STAGE];
    if (root.state === 'completed' && root.report) {
      const version = root.report.summary.version;
      if (typeof version !== 'string')
        throw new Error(`refresh ${runId}: publish finished without a version`);
      const stages = Object.fromEntries(
        STAGE_NAMES.map((s) => [s, status.stages[s].report]),
      ) as Record<StageName, StageReport>;
      return { runId, version, stages };
    }
    if (root.state === 'missing') {
      throw new Error(
        `refresh ${runId} has no ${FINAL_STAGE} job under this Redis prefix (unknown run, or its jobs were removed)`,
      );
    }
    if (Date.now() > deadline)
      throw new Error(
        `refresh ${runId} did not finish within ${options.timeoutMs} ms; it is still running`,
      );
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/**
 * The stage where the run broke: a failed stage none of whose inputs failed. Its parents
 * fail too (failParentOnFailure), with a reason that only names the child.
 */
function originOfFailure(status: RefreshStatus): StageName | null {
  const failed = (s: StageName) => status.stages[s].state === 'failed';
  return STAGE_NAMES.find((s) => failed(s) && !STAGE_WAITS_FOR[s].some(failed)) ?? null;
}
