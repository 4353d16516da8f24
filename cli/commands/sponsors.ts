/**
 * `lungtrials sponsors`: run the sponsor stages on their own (the pipeline runs them too):
 * `list` the catalog, `import` sponsor CSV exports, `scrape` the web sponsors. Each prints
 * the stage summary; `--out` also writes the sponsor trials and flags as JSON lines.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { loadEnv } from '../../config/env.js';
import { createLogger } from '../../config/logger.js';
import { SPONSOR_SOURCES } from '../../domain/sources.js';
import { UsageError } from '../errors.js';
import { existingPath, knownSponsors } from '../inputs.js';
import type { SponsorStageResult } from '../../pipeline/sponsors/types.js';

/** Collects repeated `slug=value` options into a record. */
function pairs(value: string, acc: Record<string, string> = {}): Record<string, string> {
  const i = value.indexOf('=');
  if (i < 1) throw new InvalidArgumentError(`expected slug=value, got ${value}`);
  return { ...acc, [value.slice(0, i)]: value.slice(i + 1) };
}

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new InvalidArgumentError(`expected a whole number >= 1, got ${value}`);
  return n;
}

function list(value: string, acc: string[] = []): string[] {
  return [...acc, ...value.split(',').filter(Boolean)];
}

async function report(result: SponsorStageResult, out: string | undefined): Promise<void> {
  const rows = Object.entries(result.summary.bySponsor).map(([slug, c]) => ({ slug, ...c }));
  process.stdout.write(
    `${JSON.stringify({ ...result.summary.total, changeTracked: result.summary.changeTracked })}\n`,
  );
  for (const r of rows)
    process.stdout.write(
      `  ${r.slug.padEnd(22)} fetched ${r.fetched}  new ${r.new}  changed ${r.changed}  ` +
        `unchanged ${r.unchanged}  failed ${r.failed}\n`,
    );
  if (out) {
    const lines = [
      ...result.trials.map((t) => JSON.stringify({ type: 'trial', ...t })),
      ...result.flags.map((f) => JSON.stringify({ type: 'flag', ...f })),
    ];
    await fs.mkdir(path.dirname(path.resolve(out)), { recursive: true });
    await fs.writeFile(out, lines.join('\n') + '\n');
    process.stdout.write(
      `Wrote ${result.trials.length} trials and ${result.flags.length} flags to ${out}\n`,
    );
  }
}

export function registerSponsorsCommands(program: Command): void {
  const sponsors = program
    .command('sponsors')
    .description(`the ${SPONSOR_SOURCES.length} sponsor registries: catalog, CSV import, scraping`);
  registerSponsorsList(sponsors);
  registerSponsorsImport(sponsors);
  registerSponsorsScrape(sponsors);
}

function registerSponsorsList(sponsors: Command): void {
  sponsors
    .command('list')
    .description('list the sponsor catalog (slug, how data arrives, home page)')
    .action(() => {
      for (const s of SPONSOR_SOURCES)
        process.stdout.write(`${s.slug.padEnd(22)} ${s.ingest.padEnd(4)} ${s.home_url}\n`);
    });
}

function registerSponsorsImport(sponsors: Command): void {
  sponsors
    .command('import')
    .description(
      'import sponsor CSV exports: --dir holding <slug>.csv or <slug>/*.csv, or --file slug=path',
    )
    .option('--dir <dir>', 'directory of sponsor exports')
    .option('--file <slug=path>', 'one sponsor export (repeatable)', pairs)
    .option(
      '--state <file>',
      'previous-run state for new/changed counts (default: DATA_DIR/sponsors/csv-state.json)',
    )
    .option('--out <file.jsonl>', 'also write the trials and flags here')
    .action(
      async (o: { dir?: string; file?: Record<string, string>; state?: string; out?: string }) => {
        if (!o.dir === !o.file)
          throw new UsageError('sponsors import: give exactly one of --dir or --file');
        if (o.dir) existingPath(path.resolve(o.dir), '--dir', 'dir');
        if (o.file) {
          knownSponsors(Object.keys(o.file), '--file', 'csv');
          for (const file of Object.values(o.file))
            existingPath(path.resolve(file), '--file', 'file');
        }
        const env = loadEnv();
        const { importSponsorCsvs } = await import('../../pipeline/sponsors/csv-import.js');
        const result = await importSponsorCsvs(o.dir ? { dir: o.dir } : { files: o.file! }, {
          logger: createLogger(env.LOG_LEVEL),
          stateFile: o.state ?? path.join(env.DATA_DIR, 'sponsors', 'csv-state.json'),
          lastGoodDir: path.join(env.DATA_DIR, 'sponsors', 'csv-last-good'),
        });
        await report(result, o.out);
      },
    );
}

function registerSponsorsScrape(sponsors: Command): void {
  sponsors
    .command('scrape')
    .description('scrape the web sponsors with Chromium')
    .option('--slug <slugs>', 'only these web sponsors (comma list, repeatable)', list)
    .option(
      '--base-url <slug=url>',
      'replace a sponsor home page, e.g. a mirror (repeatable)',
      pairs,
    )
    .option('--concurrency <n>', 'pages open at once', positiveInt, 2)
    .option(
      '--state <file>',
      'previous-run state for new/changed counts (default: DATA_DIR/sponsors/scrape-state.json)',
    )
    .option('--out <file.jsonl>', 'also write the trials and flags here')
    .action(
      async (o: {
        slug?: string[];
        baseUrl?: Record<string, string>;
        concurrency: number;
        state?: string;
        out?: string;
      }) => {
        knownSponsors(o.slug ?? [], '--slug', 'web');
        knownSponsors(Object.keys(o.baseUrl ?? {}), '--base-url', 'web');
        const env = loadEnv();
        const { scrapeSponsors } = await import('../../pipeline/sponsors/scrape.js');
        const result = await scrapeSponsors(
          { slugs: o.slug, baseUrls: o.baseUrl },
          {
            chromiumPath: env.CHROMIUM_PATH,
            logger: createLogger(env.LOG_LEVEL),
            concurrency: o.concurrency,
            stateFile: o.state ?? path.join(env.DATA_DIR, 'sponsors', 'scrape-state.json'),
          },
        );
        await report(result, o.out);
      },
    );
}
