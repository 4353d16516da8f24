/**
 * `lungtrials refresh`: start a refresh run now, as a BullMQ flow the workers execute.
 * Takes the same source options as `pipeline run`. With --wait it shows each stage's
 * progress (on stderr) and prints the published version as the last line of stdout, or
 * exits 1 naming the stage that failed, or naming the queues no worker serves.
 */
import { Command, InvalidArgumentError } from 'commander';
import { loadEnv } from '../../config/env.js';
import { createLogger } from '../../config/logger.js';
import { STAGE_NAMES, STAGE_TITLES, type StageName } from '../../pipeline/run/stage-names.js';
import type { RefreshStatus } from '../../workers/flow.js';
import type { QueueSet } from '../../workers/queues.js';
import { EXIT_RUN_LOCKED, OperatorError } from '../errors.js';
import {
  addPipelineSourceOptions,
  pipelineOptionsFrom,
  type PipelineSourceFlags,
} from '../pipeline-options.js';
import { stageDisplay } from '../stage-display.js';

interface RefreshFlags extends PipelineSourceFlags {
  wait?: boolean;
  timeout?: number;
  workerGrace: number;
  runId?: string;
}

export function registerRefreshCommands(program: Command): void {
  addPipelineSourceOptions(
    program
      .command('refresh')
      .description(
        'start a refresh run on the workers now; with --wait, print the published version last',
      )
      .option(
        '--wait',
        'wait until the run is published (exit 0) or fails (exit 1, naming the stage)',
      )
      .option(
        '--timeout <minutes>',
        'with --wait: stop waiting after this long (the run goes on)',
        minutes,
      )
      .option(
        '--worker-grace <seconds>',
        'with --wait: give up when a stage still to run has had no worker for this long',
        seconds,
        30_000,
      )
      .option('--run-id <id>', 'id of the new run (default: run-<UTC time>-<random>)'),
  ).action(refresh);
}

/** `lungtrials refresh`: start a run on the queues and, with --wait, follow it to its end. */
async function refresh(flags: RefreshFlags): Promise<void> {
  const env = loadEnv();
  // Checked before Redis is touched: a bad path or sponsor exits 2 and starts nothing.
  const options = pipelineOptionsFrom(flags, env);
  const logger = createLogger(env.LOG_LEVEL);
  const { RefreshFailedError, startRefresh, waitForRefresh } =
    await import('../../workers/flow.js');
  const { bullPrefix, connectQueueRedis, openQueues } = await import('../../workers/queues.js');
  const { closeRedis } = await import('../../config/redis.js');
  const { RunLockedError } = await import('../../pipeline/run/run-lock.js');
  let connection;
  try {
    connection = await connectQueueRedis(env.REDIS_URL);
  } catch (err) {
    throw new OperatorError(`refresh: ${err instanceof Error ? err.message : String(err)}`);
  }
  const queues = openQueues({ connection, prefix: bullPrefix(env.REDIS_PREFIX) });
  let runId: string | null = null;
  try {
    ({ runId } = await startRefresh(
      options,
      {
        connection,
        prefix: bullPrefix(env.REDIS_PREFIX),
        queues,
        dataDir: env.DATA_DIR,
        snapshotRoot: env.SNAPSHOT_DIR,
        logger,
      },
      { runId: flags.runId },
    ));
    process.stderr.write(`refresh ${runId} started\n`);
    if (!flags.wait) {
      process.stdout.write(`${runId}\n`);
      return;
    }
    const watch = watchWorkers(queues, flags.workerGrace);
    const display = stageDisplay();
    const started = performance.now();
    let result;
    try {
      result = await waitForRefresh(runId, queues, {
        onUpdate: (status) => {
          watch.check(status);
          display.update(status.stages);
        },
        timeoutMs: flags.timeout,
      });
    } finally {
      watch.stop();
      display.stop();
    }
    printPublished(runId, result, started);
  } catch (err) {
    reportFailure(err, runId, RefreshFailedError);
    // Another run holds DATA_DIR (pipeline/run/run-lock.ts): nothing was started.
    process.exitCode = err instanceof RunLockedError ? EXIT_RUN_LOCKED : 1;
  } finally {
    await queues.close(logger);
    await closeRedis(connection);
  }
}

type RefreshResult = Awaited<
  ReturnType<(typeof import('../../workers/flow.js'))['waitForRefresh']>
>;

/** Each stage's time and summary, then the published version as the last stdout line. */
function printPublished(runId: string, result: RefreshResult, started: number): void {
  for (const stage of STAGE_NAMES) {
    const report = result.stages[stage];
    process.stdout.write(
      `${STAGE_TITLES[stage].padEnd(32)} ` +
        `${(report.duration_ms / 1000).toFixed(1).padStart(6)} s  ` +
        `${JSON.stringify(report.summary)}\n`,
    );
  }
  process.stdout.write(
    `run ${runId} published in ${((performance.now() - started) / 1000).toFixed(1)} s\n${result.version}\n`,
  );
}

/** Why a run did not publish, and what the operator can do, on stderr. */
function reportFailure(
  err: unknown,
  runId: string | null,
  RefreshFailedError: (typeof import('../../workers/flow.js'))['RefreshFailedError'],
): void {
  if (err instanceof RefreshFailedError) {
    process.stderr.write(
      `refresh ${err.runId} failed in stage ${err.stage} (${STAGE_TITLES[err.stage]}): ${err.reason}\n`,
    );
    process.stderr.write('the serving snapshot is unchanged\n');
  } else if (err instanceof NoWorkerError) {
    process.stderr.write(`refresh ${runId}: ${err.message}\n`);
    process.stderr.write(
      `the run stays queued: start the workers and it goes on (\`lungtrials runs show ` +
        `${runId}\`), or drop it with \`lungtrials runs cancel ${runId}\`\n`,
    );
  } else {
    process.stderr.write(
      `refresh${runId ? ` ${runId}` : ''}: ${err instanceof Error ? err.message : String(err)}\n`,
    );
  }
}

class NoWorkerError extends Error {}

/**
 * Watches the worker count of every queue whose stage has not finished. A queue with no
 * worker gets a warning at once and, once it has had none for the grace period, makes
 * `check` throw a NoWorkerError: waiting longer would only hang.
 */
function watchWorkers(
  queues: QueueSet,
  graceMs: number,
): { check(status: RefreshStatus): void; stop(): void } {
  const idleSince = new Map<StageName, number>();
  const warned = new Set<StageName>();
  let pending: StageName[] = [...STAGE_NAMES];
  let stopped = false;
  let failure: NoWorkerError | null = null;
  const poll = async (): Promise<void> => {
    while (!stopped) {
      const now = Date.now();
      const idle: StageName[] = [];
      for (const stage of pending) {
        if ((await queues.stages[stage].getWorkersCount()) > 0) idleSince.delete(stage);
        else {
          if (!idleSince.has(stage)) idleSince.set(stage, now);
          idle.push(stage);
        }
      }
      const fresh = idle.filter((s) => !warned.has(s));
      if (fresh.length) {
        fresh.forEach((s) => warned.add(s));
        process.stderr.write(
          `no worker serves ${fresh.join(', ')} yet: start \`lungtrials workers\` (waiting ` +
            `${graceMs / 1000} s for one)\n`,
        );
      }
      const lost = idle.filter((s) => now - idleSince.get(s)! >= graceMs);
      if (lost.length) {
        failure = new NoWorkerError(
          `no worker has served ${lost.join(', ')} for ${Math.round(graceMs / 1000)} s; start ` +
            `\`lungtrials workers\` (with --stages to serve these queues)`,
        );
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(1000, graceMs / 4)));
    }
  };
  const running = poll().catch(() => undefined);
  return {
    check(status) {
      pending = STAGE_NAMES.filter(
        (s) => !['completed', 'failed'].includes(status.stages[s].state),
      );
      if (failure) throw failure;
    },
    stop() {
      stopped = true;
      void running;
    },
  };
}

function minutes(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0)
    throw new InvalidArgumentError(`--timeout must be a positive number of minutes, got ${value}`);
  return n * 60_000;
}

function seconds(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0)
    throw new InvalidArgumentError(
      `--worker-grace must be a positive number of seconds, got ${value}`,
    );
  return n * 1000;
}
