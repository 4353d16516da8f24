/**
 * The world of one queue test: a real Redis under the test's own prefix, temp DATA_DIR and
 * SNAPSHOT_DIR, the queues and a RefreshDeps over them; cleanup() closes and deletes it all.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Redis } from 'ioredis';
import { createLogger, type Logger } from '../../config/logger.js';
import { closeRedis } from '../../config/redis.js';
import type { PipelineOptions } from '../../pipeline/run/index.js';
import type { RefreshDeps } from '../../workers/flow.js';
import { bullPrefix, connectQueueRedis, openQueues, type QueueSet } from '../../workers/queues.js';
import {
  runWorkers,
  type RunningWorkers,
  type RunWorkersOptions,
} from '../../workers/run-workers.js';
import { requireCtgovData } from '../helpers/ctgov-replay-server.js';
import { ROOT } from '../helpers/processes.js';
import { testRedis, type TestRedis } from '../helpers/redis.js';

export const SPONSOR_FIXTURES = path.join(ROOT, 'test', 'fixtures', 'sponsors');

/** Real registry records plus the sponsor CSV fixtures; a fixed clock so runs compare byte for byte. */
export function realSources(over: Partial<PipelineOptions> = {}): PipelineOptions {
  return {
    registryDump: requireCtgovData(),
    sponsorCsvDir: SPONSOR_FIXTURES,
    now: '2026-10-01T00:00:00.000Z',
    ...over,
  };
}

export interface QueueWorld {
  redis: TestRedis;
  /** BullMQ prefix under the test's Redis prefix. */
  prefix: string;
  dir: string;
  dataDir: string;
  snapshotRoot: string;
  connection: Redis;
  queues: QueueSet;
  deps: RefreshDeps;
  logger: Logger;
  /** Environment for CLI child processes of this world. */
  env: Record<string, string>;
  /** Workers in this process, closed by cleanup(). */
  startWorkers(over?: Partial<RunWorkersOptions>): Promise<RunningWorkers>;
  cleanup(): Promise<void>;
}

export async function queueWorld(): Promise<QueueWorld> {
  const redis = await testRedis();
  const prefix = bullPrefix(redis.prefix);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lungtrials-workers-'));
  const dataDir = path.join(dir, 'data');
  const snapshotRoot = path.join(dir, 'snapshots');
  const logger = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
  const connection = await connectQueueRedis(redis.url);
  const queues = openQueues({ connection, prefix });
  const running: RunningWorkers[] = [];
  return {
    redis,
    prefix,
    dir,
    dataDir,
    snapshotRoot,
    connection,
    queues,
    logger,
    deps: { connection, prefix, queues, dataDir, snapshotRoot, logger },
    env: {
      REDIS_URL: redis.url,
      REDIS_PREFIX: redis.prefix,
      DATA_DIR: dataDir,
      SNAPSHOT_DIR: snapshotRoot,
      LOG_LEVEL: 'info',
    },
    async startWorkers(over = {}) {
      const workers = await runWorkers({
        redisUrl: redis.url,
        prefix,
        dataDir,
        snapshotRoot,
        logger,
        ...over,
      });
      running.push(workers);
      return workers;
    },
    async cleanup() {
      for (const w of running.splice(0)) await w.close().catch(() => undefined);
      await queues.close().catch(() => undefined);
      await closeRedis(connection);
      await redis.cleanup();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
