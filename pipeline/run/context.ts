/**
 * Everything a stage needs: the run's id and directory, its saved options, and the I/O it
 * may use. The options are written once, when the run is created; every later attempt of
 * every stage, on any worker, reads that saved copy.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import type { Logger } from '../../config/logger.js';
import { PermanentStageError } from '../errors.js';
import { runDirFor } from './artifacts.js';
import {
  resolvePipelineOptions,
  type PipelineOptions,
  type ResolvedPipelineOptions,
} from './options.js';
import type { StageName } from './stage-names.js';
import type { HeldOutputs } from './stage-outputs.js';
import type { ServingIndexWriter } from '../../snapshot/serving-index.js';

export interface PipelineDeps {
  /** Raw store, caches and run directories live here. */
  dataDir: string;
  /** Snapshot root with `<version>/` folders and the `latest` pointer. */
  snapshotRoot: string;
  logger: Logger;
  /** @defaultValue globalThis.fetch */
  fetch?: typeof fetch;
  /** @defaultValue /usr/bin/chromium */
  chromiumPath?: string;
  /** The API's serving-index writer for the publish (pipeline/publish/publish.ts, PublishOptions). */
  servingIndex?: ServingIndexWriter;
  /** Progress of the running stage, for progress bars and `job.updateProgress`. */
  onProgress?: (stage: StageName, done: number, total: number | null) => void;
}

export interface RunContext {
  runId: string;
  runDir: string;
  options: ResolvedPipelineOptions;
  /** The run's clock, fixed at creation. */
  now: Date;
  deps: PipelineDeps;
  /**
   * Stage data produced or read in this process. The artifacts on disk stay the record a
   * retry or another worker resumes from; the inline runner need not re-read them.
   */
  held: HeldOutputs;
  /**
   * The pipeline code each stage of `held` ran under (its artifact's `code`), so asking
   * for it (sameCodeOf) does not deserialise the artifact's data again.
   */
  heldCode: Partial<Record<StageName, string | null>>;
}

/**
 * Creates the run directory with its options, or reopens it: a run id names one run, so
 * options given again for an existing run must be the ones it was created with.
 */
export async function openRunContext(
  runId: string,
  options: PipelineOptions | null,
  deps: PipelineDeps,
): Promise<RunContext> {
  let runDir: string;
  try {
    runDir = runDirFor(deps.dataDir, runId);
  } catch (err) {
    throw new PermanentStageError((err as Error).message, { cause: err });
  }
  const file = path.join(runDir, 'options.json');
  let saved: ResolvedPipelineOptions | null = null;
  let text: string | null = null;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  try {
    if (text !== null) saved = JSON.parse(text) as ResolvedPipelineOptions;
  } catch (err) {
    // Options are written whole (temp file, then rename): unparsable ones stay unparsable.
    throw new PermanentStageError(
      `run ${runId}: options.json does not parse: ${(err as Error).message}`,
      { cause: err },
    );
  }
  if (saved && options) {
    // The publish guard is the one setting an operator changes when resuming: a run refused
    // for shrinking or growing is resumed with --allow-shrink / --allow-growth instead of
    // being redone from scratch.
    const guard = {
      allowShrink: options.allowShrink ?? saved.allowShrink,
      maxShrink: options.maxShrink ?? saved.maxShrink,
      allowGrowth: options.allowGrowth ?? saved.allowGrowth,
      maxGrowth: options.maxGrowth ?? saved.maxGrowth,
    };
    if (Object.entries(guard).some(([k, v]) => saved![k as keyof typeof guard] !== v)) {
      saved = { ...saved, ...guard };
      await writeOptions(file, saved);
    }
  }
  if (!saved) {
    // Most likely this worker's DATA_DIR is not the one the run was created in.
    if (!options) throw new PermanentStageError(`run ${runId} does not exist in ${deps.dataDir}`);
    const resolved = resolvePipelineOptions({
      ...options,
      now: options.now ?? new Date().toISOString(),
    });
    await fs.mkdir(runDir, { recursive: true });
    await writeOptions(file, resolved);
    saved = resolved;
  }
  return { runId, runDir, options: saved, now: new Date(saved.now!), deps, held: {}, heldCode: {} };
}

async function writeOptions(file: string, options: ResolvedPipelineOptions): Promise<void> {
  await writeFileAtomic(file, JSON.stringify(options, null, 2));
}
