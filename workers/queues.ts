/**
 * The one place BullMQ objects are made: the Redis connection, the key prefix, the default
 * job options, one queue per refresh stage (named after STAGE_NAMES) plus the schedule's
 * queue, and workers that log only a job's final failure. The CLI, the workers, the flow,
 * the scheduler and the operator dashboard all open their queues here, so they agree on
 * names, prefix and options.
 */
import {
  Queue,
  Worker,
  type ConnectionOptions,
  type DefaultJobOptions,
  type Job,
  type Processor,
  type WorkerOptions,
} from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from '../config/logger.js';
import { STAGE_NAMES, type StageName } from '../pipeline/run/index.js';
import { redactUrl } from '../config/redact-url.js';
import { createRedisClient, probeRedis } from '../config/redis.js';

/** Queue of the monthly job scheduler; its job starts a refresh flow. */
export const REFRESH_QUEUE = 'refresh';

export type QueueName = StageName | typeof REFRESH_QUEUE;

export const ALL_QUEUE_NAMES: readonly QueueName[] = [...STAGE_NAMES, REFRESH_QUEUE];

/** What every stage job carries: the run's options live in its run directory, not in Redis. */
export interface StageJobData {
  runId: string;
}

export interface StageProgress {
  stage: StageName;
  done: number;
  total: number | null;
}

/**
 * Every stage job, whether added by the flow or retried from the dashboard. The flow
 * producer does not read a queue's defaultJobOptions, so flow.ts spreads these into each
 * node itself.
 */
export const DEFAULT_JOB_OPTIONS = {
  /** A stage is idempotent per run id, so a retry after a crash or a network error is safe. */
  attempts: 3,
  /** 15 s, then 30 s: long enough for a registry hiccup or a restarted Redis to pass. */
  backoff: { type: 'exponential', delay: 15_000 },
  /** Enough history for the dashboard and for `refresh --wait` to read a finished run. */
  removeOnComplete: { age: 60 * 24 * 3600, count: 500 },
  removeOnFail: { age: 180 * 24 * 3600, count: 1000 },
} satisfies DefaultJobOptions;

/**
 * BullMQ keys live under the service's REDIS_PREFIX (`lungtrials:` -> `lungtrials:bull:<queue>:...`),
 * so one Redis can hold several deployments, and a test's prefix owns everything it creates.
 */
export function bullPrefix(redisPrefix: string): string {
  return `${redisPrefix.replace(/:+$/, '')}:bull`;
}

/** A stage job's id: one job per stage per run, so adding a flow twice cannot run a stage twice. */
export function stageJobId(runId: string, stage: StageName): string {
  // BullMQ refuses ':' in custom ids; run ids never contain one (runDirFor checks them).
  return `${runId}.${stage}`;
}

export interface ConnectQueueRedisOptions {
  /** How long the first connection may take. @defaultValue 3000 */
  connectTimeoutMs?: number;
  logger?: Logger;
}

/**
 * A connection BullMQ can use: `maxRetriesPerRequest: null`, because a worker's blocking
 * commands must wait through a Redis restart instead of failing. The first connect is
 * bounded, so a CLI pointed at a dead Redis says so instead of hanging. Close it with
 * closeRedis (config/redis.ts).
 */
export async function connectQueueRedis(
  url: string,
  options: ConnectQueueRedisOptions = {},
): Promise<Redis> {
  const timeout = options.connectTimeoutMs ?? 3000;
  const redis = createRedisClient(url, {
    logger: options.logger,
    name: 'queue redis',
    lazyConnect: true,
    connectTimeoutMs: timeout,
    maxRetriesPerRequest: null,
  });
  try {
    await probeRedis(redis, timeout);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(`Redis is not reachable at ${redactUrl(url)}: ${reason}`, { cause: err });
  }
  return redis;
}

export interface QueueSetOptions {
  /** A connection from connectQueueRedis; shared by every queue and closed by the caller. */
  connection: Redis;
  /** BullMQ prefix, e.g. bullPrefix(env.REDIS_PREFIX). */
  prefix: string;
}

export interface QueueSet {
  stages: Readonly<Record<StageName, Queue<StageJobData>>>;
  refresh: Queue;
  all(): Queue[];
  /** Closes every queue, each on its own, so one failure does not leave the others open. */
  close(logger?: Logger): Promise<void>;
}

export function openQueues(options: QueueSetOptions): QueueSet {
  const make = <D>(name: QueueName) =>
    new Queue<D>(name, {
      connection: options.connection,
      prefix: options.prefix,
      defaultJobOptions: DEFAULT_JOB_OPTIONS,
    });
  const stages = Object.fromEntries(
    STAGE_NAMES.map((stage) => [stage, make<StageJobData>(stage)]),
  ) as Record<StageName, Queue<StageJobData>>;
  const refresh = make<unknown>(REFRESH_QUEUE);
  const all = () => [...STAGE_NAMES.map((s) => stages[s] as Queue), refresh];
  return {
    stages,
    refresh,
    all,
    async close(logger) {
      for (const queue of all()) {
        try {
          await queue.close();
        } catch (err) {
          logger?.error({ err, queue: queue.name }, 'closing a queue failed');
        }
      }
    },
  };
}

export interface CreateWorkerOptions extends QueueSetOptions {
  logger: Logger;
  /** Jobs of this queue run at once in this process. @defaultValue 1 */
  concurrency?: number;
  /** Passed through (tests shorten lockDuration and stalledInterval to see stalled-job recovery quickly). */
  workerOptions?: Pick<WorkerOptions, 'lockDuration' | 'stalledInterval' | 'maxStalledCount'>;
}

export function createWorker<D, R>(
  name: QueueName,
  processor: Processor<D, R>,
  options: CreateWorkerOptions,
): Worker<D, R> {
  const log = options.logger.child({ queue: name });
  const worker = new Worker<D, R>(name, processor, {
    connection: options.connection as ConnectionOptions,
    prefix: options.prefix,
    concurrency: options.concurrency ?? 1,
    ...options.workerOptions,
  });
  worker.on('failed', (job: Job<D, R> | undefined, err: Error) => {
    // Report on the final attempt only; earlier ones are retried and would be noise.
    if (!job) return;
    // A parent failed by its failed child (failParentOnFailure) repeats a failure already logged.
    if (job.deferredFailure)
      log.info(
        { job: job.id, reason: job.deferredFailure },
        'job failed because a stage it waits for failed',
      );
    else if (err.name === 'UnrecoverableError' || job.attemptsMade >= (job.opts.attempts ?? 1))
      log.error({ job: job.id, attempts: job.attemptsMade, err: err.message }, 'job failed');
    else
      log.debug(
        { job: job.id, attempt: job.attemptsMade, err: err.message },
        'job attempt failed; will retry',
      );
  });
  worker.on('error', (err: Error) => log.error({ err }, 'worker error'));
  return worker;
}
