/**
 * Settings of the refresh schedule, parsed once with the rest of a workers process's
 * startup. The cron pattern comes from REFRESH_CRON; the sources a scheduled run reads come
 * from the JSON file named by REFRESH_SOURCES_FILE (PipelineOptions: the same fields as
 * `refresh`'s flags), or, without one, a live incremental sync of ClinicalTrials.gov.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Env } from '../config/env.js';
import { PipelineOptionsSchema, type PipelineOptions } from '../pipeline/run/index.js';

const RefreshEnvSchema = z.object({
  /** Cron pattern (minute hour day-of-month month day-of-week), evaluated in UTC. @defaultValue 0 3 1 * * (03:00 UTC on the 1st) */
  REFRESH_CRON: z
    .string()
    .trim()
    .regex(/^\S+( \S+){4,5}$/, 'a cron pattern of 5 or 6 fields, e.g. "0 3 1 * *"')
    .default('0 3 1 * *'),
  /** JSON file with the scheduled run's source options; relative paths in it are relative to the file. */
  REFRESH_SOURCES_FILE: z.string().min(1).optional(),
});

export type RefreshEnv = z.infer<typeof RefreshEnvSchema>;

export function loadRefreshEnv(source: NodeJS.ProcessEnv = process.env): RefreshEnv {
  const parsed = RefreshEnvSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid environment: ${issue.path.join('.')}: ${issue.message}`);
  }
  return parsed.data;
}

/** Keys of the sources file whose values are paths. */
const PATH_KEYS = ['registryDump', 'sponsorCsvDir'] as const;

/**
 * The source options of scheduled runs. `now` is refused: each scheduled run takes its own
 * clock when it starts.
 */
export async function loadScheduledSources(refreshEnv: RefreshEnv, env: Pick<Env, 'CTGOV_BASE_URL'>): Promise<PipelineOptions> {
  const file = refreshEnv.REFRESH_SOURCES_FILE;
  if (!file) return { registryLive: { baseUrl: env.CTGOV_BASE_URL, full: false } };
  let raw: unknown;
  try {
    raw = JSON.parse(await fs.readFile(file, 'utf8'));
  } catch (err) {
    throw new Error(`REFRESH_SOURCES_FILE ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const parsed = PipelineOptionsSchema.omit({ now: true }).strict().safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`REFRESH_SOURCES_FILE ${file}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  const base = path.dirname(path.resolve(file));
  const options: PipelineOptions = { ...parsed.data };
  for (const key of PATH_KEYS) if (options[key]) options[key] = path.resolve(base, options[key]);
  if (options.sponsorCsvFiles) {
    options.sponsorCsvFiles = Object.fromEntries(Object.entries(options.sponsorCsvFiles).map(([slug, f]) => [slug, path.resolve(base, f)]));
  }
  if (!options.registryDump && !options.registryLive) options.registryLive = { baseUrl: env.CTGOV_BASE_URL, full: false };
  return options;
}
