/**
 * `lungtrials refresh`: start a refresh run now, as a BullMQ flow the workers execute.
 * Takes the same source options as `pipeline run`. With --wait it shows each stage's
 * progress (on stderr) and prints the published version as the last line of stdout, or
 * exits 1 naming the stage that failed.
 */
import { Command, InvalidArgumentError } from 'commander';
import cliProgress from 'cli-progress';
import { loadEnv } from '../../config/env.js';
import { createLogger } from '../../config/logger.js';
import { STAGE_NAMES, STAGE_TITLES, type StageName } from '../../pipeline/run/index.js';
import { RefreshFailedError, startRefresh, waitForRefresh, type RefreshStatus, type StageState } from '../../workers/flow.js';
import { bullPrefix, closeQueueRedis, connectQueueRedis, openQueues, type QueueSet } from '../../workers/queues.js';
import { addPipelineSourceOptions, pipelineOptionsFrom, type PipelineSourceFlags } from '../pipeline-options.js';

interface RefreshFlags extends PipelineSourceFlags {
  wait?: boolean;
  timeout?: number;
  runId?: string;
}

export function registerRefreshCommands(program: Command): void {
  addPipelineSourceOptions(
    program
      .command('refresh')
      .description('start a refresh run on the workers now; with --wait, print the published version last')
      .option('--wait', 'wait until the run is published (exit 0) or fails (exit 1, naming the stage)')
      .option('--timeout <minutes>', 'with --wait: stop waiting after this long (the run goes on)', minutes)
      .option('--run-id <id>', 'id of the new run (default: run-<UTC time>-<random>)'),
  ).action(async (flags: RefreshFlags) => {
    const env = loadEnv();
    // stdout carries the result (the version last); logs go to stderr.
    const logger = createLogger(env.LOG_LEVEL);
    const options = pipelineOptionsFrom(flags, env);
    let connection;
    try {
      connection = await connectQueueRedis(env.REDIS_URL);
    } catch (err) {
      process.stderr.write(`refresh: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
      return;
    }
    const queues = openQueues({ connection, prefix: bullPrefix(env.REDIS_PREFIX) });
    let runId: string | null = null;
    try {
      ({ runId } = await startRefresh(
        options,
        { connection, prefix: bullPrefix(env.REDIS_PREFIX), queues, dataDir: env.DATA_DIR, snapshotRoot: env.SNAPSHOT_DIR, logger },
        { runId: flags.runId },
      ));
      process.stderr.write(`refresh ${runId} started\n`);
      if (!flags.wait) {
        process.stdout.write(`${runId}\n`);
        return;
      }
      await warnIfNoWorkers(queues);
      const display = stageDisplay();
      const started = performance.now();
      let result;
      try {
        result = await waitForRefresh(runId, queues, { onUpdate: display.update, timeoutMs: flags.timeout });
      } finally {
        display.stop();
      }
      for (const stage of STAGE_NAMES) {
        const report = result.stages[stage];
        process.stdout.write(`${STAGE_TITLES[stage].padEnd(32)} ${(report.duration_ms / 1000).toFixed(1).padStart(6)} s  ${JSON.stringify(report.summary)}\n`);
      }
      process.stdout.write(`run ${runId} published in ${((performance.now() - started) / 1000).toFixed(1)} s\n${result.version}\n`);
    } catch (err) {
      if (err instanceof RefreshFailedError) {
        process.stderr.write(`refresh ${err.runId} failed in stage ${err.stage} (${STAGE_TITLES[err.stage]}): ${err.reason}\n`);
        process.stderr.write('the serving snapshot is unchanged\n');
      } else {
        process.stderr.write(`refresh${runId ? ` ${runId}` : ''}: ${err instanceof Error ? err.message : String(err)}\n`);
      }
      process.exitCode = 1;
    } finally {
      await queues.close(logger);
      await closeQueueRedis(connection);
    }
  });
}

async function warnIfNoWorkers(queues: QueueSet): Promise<void> {
  const idle: string[] = [];
  for (const stage of STAGE_NAMES) if ((await queues.stages[stage].getWorkersCount()) === 0) idle.push(stage);
  if (idle.length) process.stderr.write(`no worker serves ${idle.join(', ')} yet: start \`lungtrials workers\` (the run waits for them)\n`);
}

interface StageDisplay {
  update(status: RefreshStatus): void;
  stop(): void;
}

/** A bar per stage at a terminal; elsewhere (CI, pipes) one line per stage state change. */
function stageDisplay(): StageDisplay {
  const width = Math.max(...STAGE_NAMES.map((s) => STAGE_TITLES[s].length));
  if (!process.stderr.isTTY) {
    const seen = new Map<StageName, StageState>();
    return {
      update(status) {
        for (const stage of STAGE_NAMES) {
          const { state, attempts } = status.stages[stage];
          if (seen.get(stage) === state) continue;
          seen.set(stage, state);
          process.stderr.write(`${STAGE_TITLES[stage].padEnd(width)}  ${state}${attempts > 1 ? ` (attempt ${attempts})` : ''}\n`);
        }
      },
      stop() {},
    };
  }
  const multi = new cliProgress.MultiBar(
    { format: '{title} [{bar}] {state} {value}/{total}', hideCursor: true, stream: process.stderr, clearOnComplete: false },
    cliProgress.Presets.shades_classic,
  );
  const bars = new Map(STAGE_NAMES.map((s) => [s, multi.create(1, 0, { title: STAGE_TITLES[s].padEnd(width), state: 'waiting' })]));
  return {
    update(status) {
      for (const stage of STAGE_NAMES) {
        const { state, progress } = status.stages[stage];
        const bar = bars.get(stage)!;
        if (state === 'completed') {
          bar.setTotal(Math.max(bar.getTotal(), 1));
          bar.update(bar.getTotal(), { state });
        } else if (progress) {
          // Without a total (a dump being read) the count itself is the best the bar can show.
          bar.setTotal(progress.total ?? Math.max(progress.done, 1));
          bar.update(progress.done, { state });
        } else bar.update({ state });
      }
    },
    stop() {
      multi.stop();
    },
  };
}

function minutes(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError(`--timeout must be a positive number of minutes, got ${value}`);
  return n * 60_000;
}
