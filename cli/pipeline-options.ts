/**
 * Source options shared by `pipeline run` and `refresh`, so both commands accept the same
 * flags and build the same PipelineOptions.
 */
import path from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import type { Env } from '../config/env.js';
import type { PipelineOptions } from '../pipeline/run/options.js';
import { UsageError } from './errors.js';
import { existingPath, knownSponsors } from './inputs.js';

export interface PipelineSourceFlags {
  registryDump?: string;
  registryUrl?: string;
  full?: boolean;
  sponsorCsvDir?: string;
  sponsorCsv?: string[];
  optionalSponsors?: string;
  scrape?: boolean;
  scrapeBaseUrl?: string[];
  scrapeSponsors?: string;
  keep: number;
  allowShrink?: boolean;
  maxShrink?: number;
  allowGrowth?: boolean;
  maxGrowth?: number;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

export function addPipelineSourceOptions(cmd: Command): Command {
  return cmd
    .option(
      '--registry-dump <path>',
      'registry records offline: a directory, .zip, .json or .jsonl of v2/classic records',
    )
    .option(
      '--registry-url <url>',
      'live ClinicalTrials.gov base URL when no dump is given (default: CTGOV_BASE_URL)',
    )
    .option(
      '--full',
      'live sync: fetch every lung cancer trial, not only those updated since the last run',
    )
    .option('--sponsor-csv-dir <dir>', 'sponsor CSV exports: <slug>.csv or <slug>/*.csv')
    .option('--sponsor-csv <slug=file>', 'one sponsor CSV export (repeatable)', collect)
    .option(
      '--optional-sponsors <slugs>',
      'comma-separated sponsors whose unusable CSV export keeps their previous trials instead of failing the run',
    )
    .option('--scrape', 'scrape the web sponsor registries with Chromium')
    .option(
      '--scrape-base-url <slug=url>',
      'scrape this URL instead of the sponsor home page (repeatable)',
      collect,
    )
    .option(
      '--scrape-sponsors <slugs>',
      'comma-separated web sponsors to scrape (default: all nine)',
    )
    .option('--keep <n>', 'snapshot versions to keep', (v) => positiveInt(v, '--keep'), 5)
    .option(
      '--max-shrink <percent>',
      'refuse to publish a snapshot with more than this % fewer trials than the current one (default 20)',
      (v) => percent(v, '--max-shrink', 100),
    )
    .option('--allow-shrink', 'publish even when the trial count drops by more than --max-shrink')
    .option(
      '--max-growth <percent>',
      'refuse to publish a snapshot with more than this % more trials than the current one (default 20)',
      (v) => percent(v, '--max-growth', 10_000),
    )
    .option('--allow-growth', 'publish even when the trial count grows by more than --max-growth');
}

/**
 * The run's options from the flags, after checking every path and sponsor name they give:
 * a UsageError here stops the command before any stage runs.
 */
export function pipelineOptionsFrom(flags: PipelineSourceFlags, env: Env): PipelineOptions {
  checkSourceFlags(flags);
  const scrapeBaseUrls = pairs(flags.scrapeBaseUrl, '--scrape-base-url');
  const scrape = flags.scrape || flags.scrapeBaseUrl?.length || flags.scrapeSponsors;
  return {
    registryDump: flags.registryDump ? path.resolve(flags.registryDump) : undefined,
    registryLive: flags.registryDump
      ? undefined
      : { baseUrl: flags.registryUrl ?? env.CTGOV_BASE_URL, full: Boolean(flags.full) },
    sponsorCsvDir: flags.sponsorCsvDir ? path.resolve(flags.sponsorCsvDir) : undefined,
    sponsorCsvFiles: flags.sponsorCsv?.length
      ? Object.fromEntries(
          Object.entries(pairs(flags.sponsorCsv, '--sponsor-csv')).map(([k, v]) => [
            k,
            path.resolve(v),
          ]),
        )
      : undefined,
    optionalSponsors: flags.optionalSponsors
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    scrape: scrape
      ? {
          baseUrls: Object.keys(scrapeBaseUrls).length ? scrapeBaseUrls : undefined,
          slugs: flags.scrapeSponsors
            ?.split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        }
      : undefined,
    keep: flags.keep,
    allowShrink: flags.allowShrink,
    maxShrink: flags.maxShrink,
    allowGrowth: flags.allowGrowth,
    maxGrowth: flags.maxGrowth,
  };
}

function checkSourceFlags(flags: PipelineSourceFlags): void {
  if (flags.registryDump) existingPath(path.resolve(flags.registryDump), '--registry-dump');
  if (flags.registryDump && (flags.registryUrl || flags.full))
    throw new UsageError(
      '--registry-dump reads a dump; --registry-url and --full are for a live sync',
    );
  if (flags.registryUrl && !URL.canParse(flags.registryUrl))
    throw new UsageError(`--registry-url: not a URL: ${flags.registryUrl}`);
  if (flags.sponsorCsvDir)
    existingPath(path.resolve(flags.sponsorCsvDir), '--sponsor-csv-dir', 'dir');
  const files = pairs(flags.sponsorCsv, '--sponsor-csv');
  knownSponsors(Object.keys(files), '--sponsor-csv', 'csv');
  for (const file of Object.values(files))
    existingPath(path.resolve(file), '--sponsor-csv', 'file');
  knownSponsors(list(flags.optionalSponsors), '--optional-sponsors', 'csv');
  knownSponsors(list(flags.scrapeSponsors), '--scrape-sponsors', 'web');
  knownSponsors(
    Object.keys(pairs(flags.scrapeBaseUrl, '--scrape-base-url')),
    '--scrape-base-url',
    'web',
  );
}

function list(value: string | undefined): string[] {
  return (
    value
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean) ?? []
  );
}

function pairs(values: string[] | undefined, flag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const v of values ?? []) {
    const eq = v.indexOf('=');
    if (eq <= 0) throw new UsageError(`${flag} expects slug=value, got ${JSON.stringify(v)}`);
    out[v.slice(0, eq)] = v.slice(eq + 1);
  }
  return out;
}

function positiveInt(value: string, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new InvalidArgumentError(`${name} must be a whole number >= 1, got ${value}`);
  return n;
}

function percent(value: string, name: string, max: number): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > max)
    throw new InvalidArgumentError(`${name} must be a percentage 0-${max}, got ${value}`);
  return n / 100;
}
