/**
 * Process configuration, parsed once from the environment. Every module that needs a
 * setting takes it from here (or from its caller), never from process.env directly; the two
 * exceptions are defaults for code that runs without a parsed config: the logger's level
 * (`logger.ts`) and where the shared registry records are (`shared-data.ts`, tests and evals).
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
