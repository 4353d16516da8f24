/**
 * `lungtrials registry sync|import|status`: brings ClinicalTrials.gov records into the raw
 * store (DATA_DIR/raw/ctgov) from the live API or from an offline dump. Ctrl-C stops a
 * sync after the page in flight; the next `sync` resumes from there.
 */
import path from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { loadEnv } from '../../config/env.js';
import { createLogger } from '../../config/logger.js';
import type { RegistrySyncSummary } from '../../pipeline/registry/summary.js';
import { UsageError } from '../errors.js';
import { existingPath } from '../inputs.js';

interface StoreOption {
  rawDir?: string;
}

export function registerRegistryCommands(program: Command): void {
  const registry = program
    .command('registry')
    .description('ClinicalTrials.gov records: live sync, offline dump import, raw store status');
  registerRegistrySync(registry);
  registerRegistryImport(registry);
  registerRegistryStatus(registry);
}

function registerRegistrySync(registry: Command): void {
  registry
    .command('sync')
    .description(
      'fetch lung cancer studies from the ClinicalTrials.gov v2 API (incremental after the first successful run)',
    )
    .option('--full', 'fetch everything, ignoring the last successful sync')
    .option(
      '--since <date>',
      'only studies updated on or after this date (YYYY-MM-DD)',
      parseIsoDate,
    )
    .option('--base-url <url>', 'API base URL (default: CTGOV_BASE_URL)')
    .option('--page-size <n>', 'studies per page, 1..1000', parsePageSize, 1000)
    .option('--raw-dir <dir>', 'raw store directory (default: DATA_DIR/raw/ctgov)')
    .action(
      async (
        options: StoreOption & {
          full?: boolean;
          since?: string;
          baseUrl?: string;
          pageSize: number;
        },
      ) => {
        if (options.full && options.since)
          throw new UsageError('--full and --since exclude each other');
        const env = loadEnv();
        const { RawStore } = await import('../../pipeline/raw-store/raw-store.js');
        const { syncRegistry } = await import('../../pipeline/registry/sync.js');
        const lock = await holdDataDir(env.DATA_DIR, 'registry-sync');
        const rawStore = await RawStore.open(await storeDir(options, env.DATA_DIR));
        const controller = new AbortController();
        const stop = () =>
          controller.abort(
            new Error('interrupted by the operator; run `registry sync` again to resume'),
          );
        process.once('SIGINT', stop);
        try {
          const summary = await syncRegistry(
            {
              baseUrl: options.baseUrl ?? env.CTGOV_BASE_URL,
              since: options.full ? null : options.since,
              pageSize: options.pageSize,
              signal: controller.signal,
            },
            { fetch, rawStore, logger: createLogger(env.LOG_LEVEL) },
          );
          printSummary(summary);
        } finally {
          process.off('SIGINT', stop);
          await lock.release();
        }
      },
    );
}

function registerRegistryImport(registry: Command): void {
  registry
    .command('import')
    .description(
      'read an offline dump: a directory or .zip of v2 study JSON / classic XML, or a .jsonl of v2 studies',
    )
    .argument('<path>', 'dump file or directory')
    .option('--raw-dir <dir>', 'raw store directory (default: DATA_DIR/raw/ctgov)')
    .action(async (dumpPath: string, options: StoreOption) => {
      const dump = existingPath(path.resolve(dumpPath), 'registry import <path>');
      const env = loadEnv();
      const { RawStore } = await import('../../pipeline/raw-store/raw-store.js');
      const { importRegistryDump } = await import('../../pipeline/registry/import-dump.js');
      const lock = await holdDataDir(env.DATA_DIR, 'registry-import');
      try {
        const rawStore = await RawStore.open(await storeDir(options, env.DATA_DIR));
        const summary = await importRegistryDump(
          { path: dump },
          { rawStore, logger: createLogger(env.LOG_LEVEL) },
        );
        printSummary(summary);
      } finally {
        await lock.release();
      }
    });
}

function registerRegistryStatus(registry: Command): void {
  registry
    .command('status')
    .description(
      'what the raw store holds: trial count, last run, last successful sync, an interrupted sync',
    )
    .option('--raw-dir <dir>', 'raw store directory (default: DATA_DIR/raw/ctgov)')
    .action(async (options: StoreOption) => {
      const dir = await storeDir(options, loadEnv().DATA_DIR);
      const { RawStore } = await import('../../pipeline/raw-store/raw-store.js');
      const rawStore = await RawStore.open(dir);
      const pending = await rawStore.readState<{ run_id: string; pages: number; fetched: number }>(
        'sync-state',
      );
      const run = rawStore.lastRun;
      const lastRun = run
        ? `${run.kind} ${run.id} finished ${run.finished_at} (new ${run.new}, ` +
          `changed ${run.changed}, unchanged ${run.unchanged}, removed ${run.removed})`
        : 'none';
      process.stdout.write(
        `Raw store ${dir}: ${rawStore.size} trials\n` +
          `Last run: ${lastRun}\n` +
          `Last successful sync: ${rawStore.lastSuccessfulSync ?? 'never'}\n` +
          (pending
            ? `Interrupted sync ${pending.run_id}: ${pending.pages} pages, ${pending.fetched} ` +
              `studies stored; \`registry sync\` resumes it\n`
            : ''),
      );
    });
}

async function storeDir(options: StoreOption, dataDir: string): Promise<string> {
  const { registryRawStoreDir } = await import('../../pipeline/raw-store/raw-store.js');
  return path.resolve(options.rawDir ?? registryRawStoreDir(dataDir));
}

function printSummary(s: RegistrySyncSummary): void {
  process.stdout.write(
    `Registry ${s.mode} run ${s.run_id}: fetched ${s.fetched}${s.total !== undefined ? ` of ${s.total}` : ''}, ` +
      `new ${s.new}, changed ${s.changed}, unchanged ${s.unchanged}, failed ${s.failed}, removed ${s.removed}` +
      (s.duplicates ? `, duplicates ${s.duplicates}` : '') +
      (s.skipped ? `, skipped (not registry records) ${s.skipped}` : '') +
      ` in ${(s.duration_ms / 1000).toFixed(1)} s\n`,
  );
}

function parseIsoDate(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)))
    throw new InvalidArgumentError(`--since must be a date YYYY-MM-DD, got ${value}`);
  return value;
}

function parsePageSize(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 1000)
    throw new InvalidArgumentError(`--page-size must be 1..1000, got ${value}`);
  return n;
}

/**
 * These commands write the raw store's committed index (and delete packs) directly, so
 * they hold the data directory's run lock like a refresh run (pipeline/run/run-lock.ts).
 */
async function holdDataDir(dataDir: string, kind: string) {
  const { acquireRunLock } = await import('../../pipeline/run/run-lock.js');
  const { newRunId } = await import('../../pipeline/raw-store/raw-store.js');
  return acquireRunLock(dataDir, `${kind}-${newRunId()}`, 'inline');
}
