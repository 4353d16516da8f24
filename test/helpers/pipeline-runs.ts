/**
 * What the pipeline tests over the shared real registry records set up alike: a data dir
 * and snapshot root per run under a temp dir, and a run's options over those records and
 * the fixture sponsor CSVs at a fixed clock.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '../../config/logger.js';
import type { PipelineDeps, PipelineOptions } from '../../pipeline/run/index.js';
import { requireCtgovData } from './ctgov-replay-server.js';
import { ROOT } from './processes.js';

export const FIXTURE_SPONSORS = path.join(ROOT, 'test', 'fixtures', 'sponsors');

/** The clock of these runs: after every fixture date, so no record is in the future. */
export const RUN_CLOCK = '2026-10-01T00:00:00.000Z';

/** `dir/data` and `dir/snapshots` (or under `dir/name`), logging nothing. */
export function pipelineDepsIn(dir: string, name?: string): PipelineDeps {
  const base = name === undefined ? dir : path.join(dir, name);
  return {
    dataDir: path.join(base, 'data'),
    snapshotRoot: path.join(base, 'snapshots'),
    logger: createLogger('silent'),
  };
}

/** A run over the shared real records (or a copy: `registryDump`) and the fixture sponsors. */
export function realRecordsRun(overrides: Partial<PipelineOptions> = {}): PipelineOptions {
  return {
    registryDump: requireCtgovData(),
    sponsorCsvDir: FIXTURE_SPONSORS,
    now: RUN_CLOCK,
    ...overrides,
  };
}

/** A temp dir holding a copy of the shared real records at `dump`, for tests that edit them. */
export async function copyRealRecords(prefix: string): Promise<{ dir: string; dump: string }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  const dump = path.join(dir, 'ctgov');
  await fs.cp(requireCtgovData(), dump, { recursive: true });
  return { dir, dump };
}
