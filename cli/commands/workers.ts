/**
 * `lungtrials workers`: serve the refresh stage queues (all by default) and the monthly
 * schedule from this process. Start as many as you like, on as many machines as share
 * REDIS_URL/REDIS_PREFIX, DATA_DIR and SNAPSHOT_DIR (workers/README.md).
 */
import { Command, InvalidArgumentError } from 'commander';
import { loadEnv } from '../../config/env.js';
import { createLogger } from '../../config/logger.js';
import { STAGE_NAMES, type StageName } from '../../pipeline/run/stage-names.js';

interface WorkersFlags {
  concurrency: number;
  stages?: StageName[];
  scheduler: boolean;
  lockDuration?: number;
  stalledInterval?: number;
}

export function registerWorkersCommands(program: Command): void {
  program
    .command('workers')
    .description('run refresh stage workers (BullMQ) and the monthly schedule until SIGTERM/SIGINT')
    .option(
      '--concurrency <n>',
      'jobs each stage worker runs at once',
      (v) => wholeNumber(v, '--concurrency', 1),
      1,
    )
    .option(
      '--stages <list>',
      `comma-separated stage queues to serve (default: all of ${STAGE_NAMES.join(',')})`,
      stageList,
    )
    .option(
      '--no-scheduler',
      'neither register the monthly schedule nor start scheduled runs from this process',
    )
    .option(
      '--lock-duration <ms>',
      'job lock; a worker silent this long is presumed dead and its job runs again (default 30000)',
      (v) => wholeNumber(v, '--lock-duration', 1000),
    )
    .option(
      '--stalled-interval <ms>',
      'how often to look for jobs of dead workers (default 30000)',
      (v) => wholeNumber(v, '--stalled-interval', 100),
    )
    .action(async (flags: WorkersFlags) => {
      const env = loadEnv();
      const logger = createLogger(env.LOG_LEVEL);
      const { loadScheduledSources } = await import('../../workers/config.js');
      const { bullPrefix } = await import('../../workers/queues.js');
      const { closeOnSignals, runWorkers } = await import('../../workers/run-workers.js');
      const { writeServingIndex } = await import('../../api/query/index-file.js');
      let running;
      try {
        running = await runWorkers({
          redisUrl: env.REDIS_URL,
          prefix: bullPrefix(env.REDIS_PREFIX),
          dataDir: env.DATA_DIR,
          snapshotRoot: env.SNAPSHOT_DIR,
          logger,
          chromiumPath: env.CHROMIUM_PATH,
          servingIndex: writeServingIndex,
          stages: flags.stages,
          concurrency: flags.concurrency,
          schedule: flags.scheduler
            ? { pattern: env.REFRESH_CRON, options: await loadScheduledSources(env) }
            : null,
          workerOptions: {
            ...(flags.lockDuration !== undefined ? { lockDuration: flags.lockDuration } : {}),
            ...(flags.stalledInterval !== undefined
              ? { stalledInterval: flags.stalledInterval }
              : {}),
          },
        });
      } catch (err) {
        process.stderr.write(`workers: ${err instanceof Error ? err.message : String(err)}\n`);
        process.exitCode = 1;
        return;
      }
      closeOnSignals(running, logger);
    });
}

function wholeNumber(value: string, name: string, min: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new InvalidArgumentError(`${name} must be a whole number >= ${min}, got ${value}`);
  return n;
}

function stageList(value: string): StageName[] {
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !(STAGE_NAMES as readonly string[]).includes(n));
  if (unknown.length || names.length === 0)
    throw new InvalidArgumentError(
      `unknown stage(s) ${unknown.join(', ') || '(none given)'}; stages are ${STAGE_NAMES.join(', ')}`,
    );
  return names as StageName[];
}
