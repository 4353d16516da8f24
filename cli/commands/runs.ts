/**
 * `lungtrials runs list|show|cancel`: the refresh runs the queues know about, read from
 * the stage jobs (one per stage per run) under this REDIS_PREFIX, so they see runs started
 * by `refresh` or by the monthly schedule on any machine.
 */
import { Command, InvalidArgumentError } from 'commander';
import type { Job } from 'bullmq';
import { loadEnv } from '../../config/env.js';
import { createLogger } from '../../config/logger.js';
import { STAGE_NAMES, STAGE_TITLES, type StageName } from '../../pipeline/run/stage-names.js';
import type { RefreshStatus } from '../../workers/flow.js';
import type { QueueSet, StageJobData } from '../../workers/queues.js';
import { OperatorError } from '../errors.js';

/** The stage no other waits for: its job is the root of a run's flow. */
const FINAL_STAGE: StageName = STAGE_NAMES.at(-1)!;

export function registerRunsCommands(program: Command): void {
  const runs = program
    .command('runs')
    .description('refresh runs on the queues: list, show one, cancel one');
  registerRunsList(runs);
  registerRunsShow(runs);
  registerRunsCancel(runs);
}

function registerRunsList(runs: Command): void {
  runs
    .command('list')
    .description(
      'recent runs, newest first: id, created, state, published version or failing stage',
    )
    .option('--limit <n>', 'how many runs', positiveInt, 20)
    .option('--json', 'one JSON array instead of a table')
    .action(async (o: { limit: number; json?: boolean }) => {
      await withQueues(async (queues, flow) => {
        const roots = (await queues.stages[FINAL_STAGE].getJobs(
          ['waiting-children', 'wait', 'active', 'delayed', 'prioritized', 'completed', 'failed'],
          0,
          -1,
        )) as Array<Job<StageJobData>>;
        roots.sort((a, b) => b.timestamp - a.timestamp);
        const rows = [];
        for (const job of roots.slice(0, o.limit)) {
          const status = await flow.refreshStatus(job.data.runId, queues);
          rows.push({
            run: job.data.runId,
            created: new Date(job.timestamp).toISOString(),
            ...summarize(status),
          });
        }
        if (o.json) {
          process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
          return;
        }
        if (!rows.length) {
          process.stdout.write('No refresh runs on these queues.\n');
          return;
        }
        process.stdout.write(
          table(
            ['RUN', 'CREATED', 'STATE', 'DETAIL'],
            rows.map((r) => [r.run, r.created, r.state, r.detail]),
          ),
        );
      });
    });
}

function registerRunsShow(runs: Command): void {
  runs
    .command('show')
    .description("one run's stages: state, attempts, duration, summary or failure")
    .argument('<run-id>', 'id printed by `refresh` or `runs list`')
    .option('--json', 'the status as JSON')
    .action(async (runId: string, o: { json?: boolean }) => {
      await withQueues(async (queues, flow) => {
        const status = await flow.refreshStatus(runId, queues);
        if (STAGE_NAMES.every((s) => status.stages[s].state === 'missing'))
          throw new OperatorError(`no run ${runId} on these queues (REDIS_PREFIX)`);
        if (o.json) {
          process.stdout.write(
            `${JSON.stringify({ run: runId, ...summarize(status), stages: status.stages }, null, 2)}\n`,
          );
          return;
        }
        const { state, detail } = summarize(status);
        process.stdout.write(`run ${runId}: ${state}${detail ? ` (${detail})` : ''}\n`);
        process.stdout.write(
          table(
            ['STAGE', 'STATE', 'ATTEMPTS', 'SECONDS', 'RESULT'],
            STAGE_NAMES.map((s) => {
              const st = status.stages[s];
              const progress = st.progress
                ? `${st.progress.done}${st.progress.total !== null ? `/${st.progress.total}` : ''} done`
                : '';
              return [
                STAGE_TITLES[s],
                st.state,
                String(st.attempts),
                st.report ? (st.report.duration_ms / 1000).toFixed(1) : '-',
                st.failedReason ?? (st.report ? JSON.stringify(st.report.summary) : progress),
              ];
            }),
          ),
        );
      });
    });
}

function registerRunsCancel(runs: Command): void {
  runs
    .command('cancel')
    .description(
      'drop a run that has not finished: its waiting stages are removed, so it never ' +
        'publishes; a stage already running finishes its own work',
    )
    .argument('<run-id>', 'id printed by `refresh` or `runs list`')
    .action(async (runId: string) => {
      await withQueues(async (queues, flow) => {
        const status = await flow.refreshStatus(runId, queues);
        if (STAGE_NAMES.every((s) => status.stages[s].state === 'missing'))
          throw new OperatorError(`no run ${runId} on these queues (REDIS_PREFIX)`);
        const final = status.stages[FINAL_STAGE].state;
        if (final === 'completed')
          throw new OperatorError(`run ${runId} has already published; nothing to cancel`);
        const removed: StageName[] = [];
        const running: StageName[] = [];
        // The final stage first: once it is gone the run can never publish, whatever runs below it.
        for (const stage of [...STAGE_NAMES].reverse()) {
          const { state } = status.stages[stage];
          if (state === 'active') running.push(stage);
          if (['completed', 'failed', 'missing', 'active'].includes(state)) continue;
          await queues.stages[stage].remove(flow.stageJobId(runId, stage), {
            removeChildren: false,
          });
          removed.push(stage);
        }
        // Nothing of the run works any more: the data directory is free for the next run.
        if (!running.length) {
          const { releaseRunLock } = await import('../../pipeline/run/run-lock.js');
          await releaseRunLock(loadEnv().DATA_DIR, runId);
        }
        process.stdout.write(
          `Cancelled run ${runId}: removed ${removed.length ? removed.join(', ') : 'no waiting stage'}` +
            (running.length
              ? `; ${running.join(', ')} is running on a worker and finishes its own work, nothing after it runs`
              : '') +
            '. The serving snapshot is unchanged.\n',
        );
      });
    });
}

interface FlowApi {
  refreshStatus: (runId: string, queues: QueueSet) => Promise<RefreshStatus>;
  stageJobId: (runId: string, stage: StageName) => string;
}

async function withQueues(work: (queues: QueueSet, flow: FlowApi) => Promise<void>): Promise<void> {
  const env = loadEnv();
  const logger = createLogger(env.LOG_LEVEL);
  const { refreshStatus } = await import('../../workers/flow.js');
  const { bullPrefix, connectQueueRedis, openQueues, stageJobId } =
    await import('../../workers/queues.js');
  const { closeRedis } = await import('../../config/redis.js');
  let connection;
  try {
    connection = await connectQueueRedis(env.REDIS_URL);
  } catch (err) {
    throw new OperatorError(`runs: ${err instanceof Error ? err.message : String(err)}`);
  }
  const queues = openQueues({ connection, prefix: bullPrefix(env.REDIS_PREFIX) });
  try {
    await work(queues, { refreshStatus, stageJobId });
  } finally {
    await queues.close(logger);
    await closeRedis(connection);
  }
}

/** One word for the run and the detail an operator looks for next. */
function summarize(status: RefreshStatus): { state: string; detail: string } {
  const stages = status.stages;
  const failed = STAGE_NAMES.find(
    (s) =>
      stages[s].state === 'failed' &&
      stages[s].failedReason &&
      !/child|parent/i.test(stages[s].failedReason ?? ''),
  );
  const final = stages[FINAL_STAGE];
  if (final.state === 'completed')
    return { state: 'published', detail: String(final.report?.summary.version ?? '') };
  if (failed) return { state: 'failed', detail: `${failed}: ${stages[failed].failedReason}` };
  if (STAGE_NAMES.some((s) => stages[s].state === 'failed'))
    return {
      state: 'failed',
      detail: STAGE_NAMES.filter((s) => stages[s].state === 'failed').join(', '),
    };
  if (final.state === 'missing')
    return { state: 'cancelled', detail: 'its final stage was removed' };
  const active = STAGE_NAMES.filter((s) => stages[s].state === 'active');
  if (active.length) return { state: 'running', detail: active.join(', ') };
  const done = STAGE_NAMES.filter((s) => stages[s].state === 'completed').length;
  return {
    state: 'waiting',
    detail: `${done} of ${STAGE_NAMES.length} stages done, waiting for a worker`,
  };
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return `${[line(header), ...rows.map(line)].join('\n')}\n`;
}

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new InvalidArgumentError(`expected a whole number >= 1, got ${value}`);
  return n;
}
