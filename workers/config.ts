/**
 * Sources of the scheduled refresh. The cron pattern is REFRESH_CRON (config/env.ts); the
 * sources a scheduled run reads come from the JSON file named by REFRESH_SOURCES_FILE
 * (PipelineOptions: the same fields as `refresh`'s flags), or, without one, a live
 * incremental sync of ClinicalTrials.gov.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Env } from '../config/env.js';
import { PipelineOptionsSchema, type PipelineOptions } from '../pipeline/run/index.js';

/** Keys of the sources file whose values are paths. */
const PATH_KEYS = ['registryDump', 'sponsorCsvDir'] as const;

/**
 * The source options of scheduled runs. `now` is refused: each scheduled run takes its own
 * clock when it starts.
 */
export async function loadScheduledSources(
  env: Pick<Env, 'CTGOV_BASE_URL' | 'REFRESH_SOURCES_FILE'>,
): Promise<PipelineOptions> {
  const file = env.REFRESH_SOURCES_FILE;
  if (!file) return { registryLive: { baseUrl: env.CTGOV_BASE_URL, full: false } };
  let raw: unknown;
  try {
    raw = JSON.parse(await fs.readFile(file, 'utf8'));
  } catch (err) {
    throw new Error(
      `REFRESH_SOURCES_FILE ${file}: ${err instanceof Error ? err.message : String(err)}`,
      { cause: err },
    );
  }
  const parsed = PipelineOptionsSchema.omit({ now: true }).strict().safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `REFRESH_SOURCES_FILE ${file}: ${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
  }
  const base = path.dirname(path.resolve(file));
  const options: PipelineOptions = { ...parsed.data };
  for (const key of PATH_KEYS) if (options[key]) options[key] = path.resolve(base, options[key]);
  if (options.sponsorCsvFiles) {
    options.sponsorCsvFiles = Object.fromEntries(
      Object.entries(options.sponsorCsvFiles).map(([slug, f]) => [slug, path.resolve(base, f)]),
    );
  }
  if (!options.registryDump && !options.registryLive)
    options.registryLive = { baseUrl: env.CTGOV_BASE_URL, full: false };
  return options;
}
