/**
 * `lungtrials pipeline run`: every refresh stage in this process, without Redis. The
 * queue-driven equivalent is `lungtrials refresh`; both run the same stage functions.
 */
import { Command } from 'commander';
import { loadEnv } from '../../config/env.js';
import { createLogger } from '../../config/logger.js';
import { newPipelineRunId, runPipeline, STAGE_TITLES, StageError } from '../../pipeline/run/index.js';
import { addPipelineSourceOptions, pipelineOptionsFrom, type PipelineSourceFlags } from '../pipeline-options.js';

interface RunFlags extends PipelineSourceFlags {
  runId?: string;
  inline?: boolean;
}

export function registerPipelineCommands(program: Command): void {
  const pipeline = program.command('pipeline').description('the refresh pipeline');
  addPipelineSourceOptions(
    pipeline
      .command('run')
      .description('run every stage in this process (no Redis) and publish a snapshot; prints the version last')
      .option('--inline', 'run in this process (the default for this command; `refresh` uses the workers)')
      .option('--run-id <id>', 'resume this run: finished stages are not redone'),
  ).action(async (flags: RunFlags) => {
    const env = loadEnv();
    const logger = createLogger(env.LOG_LEVEL);
    const runId = flags.runId ?? newPipelineRunId();
    const started = performance.now();
    try {
      const result = await runPipeline(runId, pipelineOptionsFrom(flags, env), {
        dataDir: env.DATA_DIR,
        snapshotRoot: env.SNAPSHOT_DIR,
        logger,
        chromiumPath: env.CHROMIUM_PATH,
      });
      for (const [stage, report] of Object.entries(result.stages)) {
        const title = STAGE_TITLES[stage as keyof typeof STAGE_TITLES];
        process.stdout.write(`${title.padEnd(32)} ${(report.duration_ms / 1000).toFixed(1).padStart(6)} s  ${JSON.stringify(report.summary)}\n`);
      }
      process.stdout.write(`run ${runId} published ${result.dir} in ${((performance.now() - started) / 1000).toFixed(1)} s\n${result.version}\n`);
    } catch (err) {
      const stage = err instanceof StageError ? err.stage : 'setup';
      process.stderr.write(`pipeline run ${runId} failed in ${stage}: ${err instanceof Error ? err.message : String(err)}\n`);
      process.stderr.write(`the serving snapshot is unchanged; rerun with --run-id ${runId} to resume\n`);
      process.exitCode = 1;
    }
  });
}
