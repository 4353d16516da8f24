/**
 * `lungtrials demo`: publishes the project's synthetic dataset as a snapshot, or with
 * `--dump` writes the same trials as a ClinicalTrials.gov v2 JSONL dump for the pipeline.
 */
import path from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { loadEnv } from '../../config/env.js';
import { TABLE_NAMES } from '../../domain/rows.js';
import type { DemoScale } from '../../pipeline/demo/index.js';
import { DEFAULT_DEMO_SEED } from '../../pipeline/demo/scale.js';

interface DemoCommandOptions {
  scale: DemoScale;
  seed: string;
  snapshots?: string;
  dump?: string;
  keep: number;
}

export function registerDemoCommands(program: Command): void {
  program
    .command('demo')
    .description(
      'publish a synthetic demo snapshot (or, with --dump, write it as a registry v2 JSONL dump)',
    )
    .addOption(
      new Option('--scale <scale>', 'demo: ~300 trials; full: 14,534 trials, ~376,000 sites')
        .choices(['demo', 'full'])
        .default('demo'),
    )
    .option('--seed <seed>', 'random seed; the same seed gives the same data', DEFAULT_DEMO_SEED)
    .option('--snapshots <dir>', 'snapshot root (default: SNAPSHOT_DIR)')
    .option(
      '--dump <file.jsonl>',
      'write ClinicalTrials.gov v2 study objects here instead of publishing',
    )
    .option('--keep <n>', 'snapshot versions to keep', (v) => parsePositiveInt(v, '--keep'), 5)
    .action(async (options: DemoCommandOptions) => {
      const started = Date.now();
      const { generateDemoTables, writeRegistryDump } =
        await import('../../pipeline/demo/index.js');
      const { publishSnapshot } = await import('../../pipeline/publish/publish.js');
      if (options.dump) {
        const out = path.resolve(options.dump);
        const { studies } = await writeRegistryDump({
          scale: options.scale,
          seed: options.seed,
          out,
        });
        process.stdout.write(
          `Wrote ${studies} demo studies (scale ${options.scale}, seed ${options.seed}) to ` +
            `${out} in ${seconds(started)} s\n`,
        );
        return;
      }
      const root = path.resolve(options.snapshots ?? loadEnv().SNAPSHOT_DIR);
      const tables = generateDemoTables({ scale: options.scale, seed: options.seed });
      const { writeServingIndex } = await import('../../api/query/index-file.js');
      const generated = Date.now();
      const { version, dir, manifest } = await publishSnapshot(tables, {
        root,
        keep: options.keep,
        servingIndex: writeServingIndex,
        inputSummary: { generator: 'demo', scale: options.scale, seed: options.seed },
      });
      const counts = TABLE_NAMES.map((t) => `${t} ${manifest.row_counts[t]}`).join(', ');
      process.stdout.write(
        `Published demo snapshot ${version} to ${dir}\n` +
          `Rows: ${counts}\n` +
          `Generated in ${seconds(started, generated)} s, published in ${seconds(generated)} s\n`,
      );
    });
}

function parsePositiveInt(value: string, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new InvalidArgumentError(`${name} must be a whole number >= 1, got ${value}`);
  return n;
}

function seconds(from: number, to = Date.now()): string {
  return ((to - from) / 1000).toFixed(1);
}
