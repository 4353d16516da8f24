/**
 * Process configuration, parsed from the environment. The only reader of process.env in
 * the service's source (a lint rule; bench/ and test/ read their own knobs): a module
 * takes its settings from `loadEnv()` (or from its caller), and code that runs without a
 * parsed config (the logger's default level, the CLI's last error line, tests and
 * evaluations finding the shared records) reads one setting through `envSetting`, by the
 * same rule and default.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const EnvSchema = z.object({
  /** Port the API listens on. @defaultValue 3000 */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface the API binds. @defaultValue 127.0.0.1 */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Redis for keys, counters and queues. @defaultValue redis://127.0.0.1:6379 */
  REDIS_URL: z.string().min(1).default('redis://127.0.0.1:6379'),
  /** Prefix of every Redis key this service writes (tests use their own). */
  REDIS_PREFIX: z.string().min(1).default('lungtrials:'),
  /** Directory holding `<version>/` snapshot folders and the `latest` pointer. */
  SNAPSHOT_DIR: z.string().min(1).default(path.join(PROJECT_ROOT, 'snapshots')),
  /** Local state: key file when Redis is down, demo key, geocode cache, raw store. */
  DATA_DIR: z.string().min(1).default(path.join(PROJECT_ROOT, '.data')),
  /**
   * Minutes a replaced snapshot version stays readable after a hot swap, for page tokens
   * pinned to it (api/live-snapshot.ts). @defaultValue 30
   */
  SNAPSHOT_RETAIN_PREVIOUS_MINUTES: z.coerce.number().min(0).max(1440).default(30),
  /** Bearer token for operator-only routes (queue dashboard); unset disables them. */
  OPERATOR_TOKEN: z.string().min(16).optional(),
  /** pino level. @defaultValue info */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Operator contact shown in /docs. */
  OPERATOR_CONTACT_EMAIL: z.string().default('trials-api@lungtrials.example'),
  /** ClinicalTrials.gov API base; tests point it at a replay server. */
  CTGOV_BASE_URL: z.string().url().default('https://clinicaltrials.gov'),
  /** Chromium used by Playwright scraping. */
  CHROMIUM_PATH: z.string().default('/usr/bin/chromium'),
  /** Monthly refresh: cron pattern, evaluated in UTC. @defaultValue 0 3 1 * * (03:00 UTC on the 1st) */
  REFRESH_CRON: z
    .string()
    .trim()
    .regex(/^\S+( \S+){4,5}$/, 'a cron pattern of 5 or 6 fields, e.g. "0 3 1 * *"')
    .default('0 3 1 * *'),
  /** JSON file with the scheduled runs' source options; relative paths in it are relative to the file. */
  REFRESH_SOURCES_FILE: z.string().min(1).optional(),
  /** Real ClinicalTrials.gov records for tests and evaluations (never copied into the project). */
  SHARED_CTGOV_DIR: z.string().min(1).default(path.join(PROJECT_ROOT, '../shared/data/ctgov')),
});

export type Env = z.infer<typeof EnvSchema>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid environment: ${issue.path.join('.')}: ${issue.message}`);
  }
  return parsed.data;
}

/**
 * One setting by its rule, without parsing the others: an invalid value gives the default
 * here (loadEnv is where a bad setting is reported), so a logger or an error report never
 * fails over a setting it does not need.
 */
export function envSetting<K extends keyof Env>(
  name: K,
  source: NodeJS.ProcessEnv = process.env,
): Env[K] {
  const rule = EnvSchema.shape[name];
  const parsed = rule.safeParse(source[name]);
  return (parsed.success ? parsed.data : rule.parse(undefined)) as Env[K];
}
