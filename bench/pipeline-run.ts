/**
 * Child: one refresh run (runPipeline) from a registry dump into a data dir and snapshot
 * root, in a process of its own so its peak RSS is the run's alone.
 */
import { parseArgs } from 'node:util';
import { createLogger } from '../config/logger.js';
import { runPipeline } from '../pipeline/run/index.js';
import { writeServingIndex } from '../api/query/index-file.js';
import { failChild, maxRssMb, sendToParent } from './child.js';

function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

export interface PipelineRunResult {
  type: 'result';
  version: string;
  wall_s: number;
  peak_rss_mb: number;
  /**
   * CPU time of the whole process (user + system, every thread, start-up included): less
   * disturbed by other load than wall time.
   */
  cpu_s: number;
  stages: Record<string, { seconds: number; summary: unknown }>;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'run-id': { type: 'string' },
      dump: { type: 'string' },
      'data-dir': { type: 'string' },
      'snapshot-root': { type: 'string' },
    },
  });
  const started = performance.now();
  const result = await runPipeline(
    values['run-id']!,
    { registryDump: values.dump!, keep: 2 },
    {
      dataDir: values['data-dir']!,
      snapshotRoot: values['snapshot-root']!,
      logger: createLogger(process.env.BENCH_PIPELINE_LOG ?? 'warn'),
      servingIndex: writeServingIndex,
    },
  );
  const wall_s = (performance.now() - started) / 1000;
  const stages = Object.fromEntries(
    Object.entries(result.stages).map(([name, report]) => [
      name,
      { seconds: report.duration_ms / 1000, summary: report.summary },
    ]),
  );
  await sendToParent<PipelineRunResult>({
    type: 'result',
    version: result.version,
    wall_s,
    peak_rss_mb: maxRssMb(),
    cpu_s: cpuSeconds(),
    stages,
  });
  process.exit(0);
}

main().catch(failChild);
