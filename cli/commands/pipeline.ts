/**
 * `lungtrials pipeline run`: every refresh stage in this process, without Redis. The
 * queue-driven equivalent is `lungtrials refresh`; both run the same stage functions.
 */
import { Command } from 'commander';
import { loadEnv } from '../../config/env.js';
import { createLogger } from '../../config/logger.js';
import type { PipelineDeps, PipelineOptions, PipelineResult } from '../../pipeline/run/index.js';
import { STAGE_NAMES, STAGE_TITLES, type StageName } from '../../pipeline/run/stage-names.js';
import { EXIT_RUN_LOCKED } from '../errors.js';
import { stageDisplay, type StageView } from '../stage-display.js';
import {
  addPipelineSourceOptions,
  pipelineOptionsFrom,
  type PipelineSourceFlags,
} from '../pipeline-options.js';

interface RunFlags extends PipelineSourceFlags {
  runId?: string;
  inline?: boolean;
}

export function registerPipelineCommands(program: Command): void {
  const pipeline = program.command('pipeline').description('the refresh pipeline');
  addPipelineSourceOptions(
    pipeline
      .command('run')
      .description(
        'run every stage in this process (no Redis) and publish a snapshot; prints the version last',
      )
      .option(
        '--inline',
        'run in this process (the default for this command; `refresh` uses the workers)',
      )
      .option('--run-id <id>', 'resume this run: finished stages are not redone'),
  ).action(async (flags: RunFlags) => {
    const env = loadEnv();
    // Checked before anything loads or runs: a bad path or sponsor exits 2 here.
    const options = pipelineOptionsFrom(flags, env);
    const logger = createLogger(env.LOG_LEVEL);
    const { newPipelineRunId, RunLockedError, StageError } =
      await import('../../pipeline/run/index.js');
    const { isPermanentStageError } = await import('../../pipeline/errors.js');
    const { writeServingIndex } = await import('../../api/query/index-file.js');
    const runId = flags.runId ?? newPipelineRunId();
    const started = performance.now();
    try {
      const result = await runWithDisplay(runId, options, {
        dataDir: env.DATA_DIR,
        snapshotRoot: env.SNAPSHOT_DIR,
        logger,
        chromiumPath: env.CHROMIUM_PATH,
        servingIndex: writeServingIndex,
      });
      for (const [stage, report] of Object.entries(result.stages)) {
        const title = STAGE_TITLES[stage as keyof typeof STAGE_TITLES];
        process.stdout.write(
          `${title.padEnd(32)} ${(report.duration_ms / 1000).toFixed(1).padStart(6)} s  ` +
            `${JSON.stringify(report.summary)}\n`,
        );
      }
      process.stdout.write(
        `run ${runId} published ${result.dir} in ` +
          `${((performance.now() - started) / 1000).toFixed(1)} s\n${result.version}\n`,
      );
    } catch (err) {
      if (err instanceof RunLockedError) {
        process.stderr.write(`pipeline run ${runId} not started: ${err.message}\n`);
        process.exitCode = EXIT_RUN_LOCKED;
        return;
      }
      const stage = err instanceof StageError ? err.stage : 'setup';
      const cause = err instanceof StageError ? err.cause : err;
      process.stderr.write(
        `pipeline run ${runId} failed in ${stage}: ${cause instanceof Error ? cause.message : String(cause)}\n`,
      );
      // A retry repeats the same stage on the same inputs: worth it only for causes outside the run.
      process.stderr.write(
        isPermanentStageError(err)
          ? 'the serving snapshot is unchanged; fix the input and start a new run\n'
          : `the serving snapshot is unchanged; rerun with --run-id ${runId} to resume from the finished stages\n`,
      );
      if ((env.LOG_LEVEL === 'debug' || env.LOG_LEVEL === 'trace') && cause instanceof Error)
        process.stderr.write(`${cause.stack}\n`);
      process.exitCode = 1;
    }
  });
}

/** runPipeline, showing each stage's state and progress on stderr as it goes. */
async function runWithDisplay(
  runId: string,
  options: PipelineOptions,
  deps: PipelineDeps,
): Promise<PipelineResult> {
  const { runPipeline } = await import('../../pipeline/run/index.js');
  const views = Object.fromEntries(
    STAGE_NAMES.map((s) => [s, { state: 'waiting', progress: null, attempts: 0 }]),
  ) as Record<StageName, StageView>;
  const display = stageDisplay();
  try {
    return await runPipeline(
      runId,
      options,
      {
        ...deps,
        onProgress: (stage, done, total) => {
          const view = views[stage as StageName];
          if (!view) return;
          view.progress = { done, total };
          display.update(views);
        },
      },
      {
        onStage: (stage, state) => {
          Object.assign(views[stage], { state, attempts: 1 });
          display.update(views);
        },
      },
    );
  } finally {
    display.stop();
  }
}
