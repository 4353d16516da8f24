/**
 * Where the real ClinicalTrials.gov records used by tests, the evaluation and examples
 * live: `../shared/data/ctgov` beside the clone (never copied into the project).
 * SHARED_CTGOV_DIR points elsewhere when the clone sits somewhere else.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { envSetting } from './env.js';

export function sharedCtgovDir(): string {
  return path.resolve(envSetting('SHARED_CTGOV_DIR'));
}

/** The directory, or an error that says what is missing and how to point at it. */
export function requireSharedCtgovDir(): string {
  const dir = sharedCtgovDir();
  if (!existsSync(dir)) {
    throw new Error(
      `real trial records are missing: expected ${dir} (the shared data folder beside the clone); ` +
        'set SHARED_CTGOV_DIR to its location',
    );
  }
  return dir;
}
