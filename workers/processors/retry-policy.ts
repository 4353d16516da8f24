/**
 * Which stage failures are worth another attempt. A retry repeats the same stage on the
 * same saved options, so it can only help when the cause was outside the run: a network
 * error, a 429/5xx, a restarted Redis, a killed worker. A missing input path or a 4xx from
 * the registry stays the same however often it is retried.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { runDirFor } from '../../pipeline/run/artifacts.js';
import { CtgovHttpError } from '../../pipeline/registry/client.js';
import { EmptyRegistryInputError } from '../../pipeline/registry/errors.js';
import { SponsorInputError } from '../../pipeline/sponsors/csv-import.js';
import { PublishRefusedError } from '../../pipeline/run/stages/publish.js';
import { StageError, type StageName } from '../../pipeline/run/index.js';
import type { RunContext } from '../../pipeline/run/index.js';

/** The input files a stage reads, from the run's saved options. */
function stageInputs(stage: StageName, options: RunContext['options']): Array<{ what: string; path: string }> {
  switch (stage) {
    case 'registry':
      return options.registryDump ? [{ what: 'registry dump', path: options.registryDump }] : [];
    case 'sponsor-csv':
      if (options.sponsorCsvFiles) return Object.entries(options.sponsorCsvFiles).map(([slug, file]) => ({ what: `sponsor CSV for ${slug}`, path: file }));
      return options.sponsorCsvDir ? [{ what: 'sponsor CSV directory', path: options.sponsorCsvDir }] : [];
    default:
      return [];
  }
}

/** True when this worker's DATA_DIR has no such run (or the id is not a run id at all). */
export async function runIsMissing(dataDir: string, runId: string): Promise<boolean> {
  let dir: string;
  try {
    dir = runDirFor(dataDir, runId);
  } catch {
    return true;
  }
  try {
    await fs.stat(path.join(dir, 'options.json'));
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

/** A message naming the first input path that does not exist on this worker, or null. */
export async function missingStageInput(stage: StageName, options: RunContext['options']): Promise<string | null> {
  for (const input of stageInputs(stage, options)) {
    try {
      await fs.stat(input.path);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return `${input.what} not found: ${input.path}`;
      throw err;
    }
  }
  return null;
}

export function isPermanentStageError(err: unknown): boolean {
  const cause = err instanceof StageError ? err.cause : err;
  // The registry client has already retried 429/5xx with backoff; any other status is an answer.
  if (cause instanceof CtgovHttpError) return !cause.retryable;
  // The same inputs give the same count: only the operator (--allow-shrink, new inputs) can change it.
  return cause instanceof PublishRefusedError || cause instanceof EmptyRegistryInputError || cause instanceof SponsorInputError;
}
