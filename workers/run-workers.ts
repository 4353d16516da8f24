/**
 * A workers process: one BullMQ worker per stage queue it serves (all by default), the
 * worker of the schedule's queue, and the monthly schedule registered at startup. Any
 * number of such processes, on any machines, may share one Redis, one DATA_DIR and one
 * SNAPSHOT_DIR: a job runs on one of them, and a stage's artifacts make every attempt,
 * anywhere, idempotent.
 */
import type { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from '../config/logger.js';
import { closeRedis } from '../config/redis.js';
import { STAGE_NAMES, type StageName } from '../pipeline/run/index.js';
import type { RefreshDeps } from './flow.js';
import { scheduledRefreshProcessor } from './processors/scheduled-refresh.js';
import { stageProcessor } from './processors/stage.js';
import {
  connectQueueRedis,
  createWorker,
  openQueues,
  REFRESH_QUEUE,
  type CreateWorkerOptions,
  type QueueSet,
} from './queues.js';
import {
  upsertRefreshSchedule,
  type RefreshScheduleInfo,
  type ScheduledRefreshData,
} from './scheduler.js';
import type { ServingIndexWriter } from '../snapshot/serving-index.js';

export interface RunWorkersOptions {
  redisUrl: string;
  /** BullMQ prefix (bullPrefix(env.REDIS_PREFIX)). */
  prefix: string;
  /** Shared storage: run directories, raw store and caches. */
  dataDir: string;
  /** Shared storage: snapshot versions and the `latest` pointer. */
  snapshotRoot: string;
  logger: Logger;
  chromiumPath?: string;
  fetch?: typeof fetch;
  /** The API's serving-index writer, for the publish stage (PipelineDeps.servingIndex). */
  servingIndex?: ServingIndexWriter;
  /** Stage queues this process serves. @defaultValue every stage */
  stages?: readonly StageName[];
  /** Jobs each stage worker runs at once. @defaultValue 1 */
  concurrency?: number;
  /** Register the monthly schedule and serve its queue; null serves neither. @defaultValue null */
  schedule?: { pattern: string; options: ScheduledRefreshData['options'] } | null;
  workerOptions?: CreateWorkerOptions['workerOptions'];
}

export interface RunningWorkers {
  connection: Redis;
  queues: QueueSet;
  workers: Worker[];
  /** The registered schedule, when this process registered one. */
  schedule: RefreshScheduleInfo | null;
  /** Workers first (running jobs finish), then queues, then Redis; each step on its own. Idempotent. */
  close(): Promise<void>;
}

export async function runWorkers(opts: RunWorkersOptions): Promise<RunningWorkers> {
  const stages = opts.stages ?? STAGE_NAMES;
  const concurrency = opts.concurrency ?? 1;
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new Error(`concurrency must be a whole number >= 1, got ${concurrency}`);
  for (const s of stages)
    if (!STAGE_NAMES.includes(s))
      throw new Error(`unknown stage ${JSON.stringify(s)} (stages: ${STAGE_NAMES.join(', ')})`);
  const logger = opts.logger.child({ component: 'workers' });

  const connection = await connectQueueRedis(opts.redisUrl, { logger });
  const queues = openQueues({ connection, prefix: opts.prefix });
  const workers: Worker[] = [];
  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      for (const worker of workers) {
        try {
          await worker.close();
        } catch (err) {
          logger.error({ err, queue: worker.name }, 'closing a worker failed');
        }
      }
      await queues.close(logger);
      try {
        await closeRedis(connection);
      } catch (err) {
        logger.error({ err }, 'closing Redis failed');
      }
      logger.info('workers stopped');
    })();
    return closing;
  };

  try {
    const base: CreateWorkerOptions = {
      connection,
      prefix: opts.prefix,
      logger,
      concurrency,
      workerOptions: opts.workerOptions,
    };
    const deps = {
      dataDir: opts.dataDir,
      snapshotRoot: opts.snapshotRoot,
      logger,
      chromiumPath: opts.chromiumPath,
      fetch: opts.fetch,
      servingIndex: opts.servingIndex,
    };
    for (const stage of stages) {
      const worker = createWorker(stage, stageProcessor(stage, deps), base);
      worker.on('stalled', (jobId: string) =>
        logger.warn(
          { queue: stage, job: jobId },
          'job stalled (its worker stopped renewing the lock); it runs again',
        ),
      );
      workers.push(worker);
    }
    let schedule: RefreshScheduleInfo | null = null;
    if (opts.schedule) {
      const refreshDeps: RefreshDeps = {
        connection,
        prefix: opts.prefix,
        queues,
        dataDir: opts.dataDir,
        snapshotRoot: opts.snapshotRoot,
        logger,
      };
      // One scheduled start at a time is plenty; startRefresh refuses overlapping runs anyway.
      workers.push(
        createWorker(REFRESH_QUEUE, scheduledRefreshProcessor(refreshDeps), {
          ...base,
          concurrency: 1,
        }),
      );
      schedule = await upsertRefreshSchedule(queues, opts.schedule);
    }
    await Promise.all(workers.map((w) => w.waitUntilReady()));
    logger.info(
      {
        queues: workers.map((w) => w.name),
        concurrency,
        prefix: opts.prefix,
        schedule: schedule && {
          pattern: schedule.pattern,
          tz: schedule.tz,
          next: schedule.next && new Date(schedule.next).toISOString(),
        },
      },
      'workers ready',
    );
    return { connection, queues, workers, schedule, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * SIGTERM/SIGINT: close in order and exit. Closing waits for running jobs; a second signal
 * exits at once, and the interrupted job's lock expires so another worker takes it over.
 */
export function closeOnSignals(running: Pick<RunningWorkers, 'close'>, logger: Logger): void {
  let signalled = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (signalled) {
      logger.warn({ signal }, 'second signal: exiting without waiting for running jobs');
      process.exit(1);
    }
    signalled = true;
    logger.info({ signal }, 'shutting down: waiting for running jobs to finish');
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
