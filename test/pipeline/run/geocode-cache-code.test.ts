/**
 * The place cache outlives runs, not the geocoder: places cached by other geocoding code
 * are geocoded again. Otherwise a run after a geocoder change (which builds every trial,
 * its snapshot being of other code) publishes the older code's places for every place it
 * had seen, and an incremental run after the cache is cleared keeps them while a run
 * building every trial does not.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GEOCODE_CACHE_FILE } from '../../../pipeline/geocode/cache.js';
import {
  newPipelineRunId,
  runPipeline,
  type PipelineDeps,
  type PipelineOptions,
} from '../../../pipeline/run/index.js';
import { readSnapshot } from '../../../snapshot/index.js';
import { pipelineDepsIn, realRecordsRun } from '../../helpers/pipeline-runs.js';

let dir: string;
const depsIn = (name: string): PipelineDeps => pipelineDepsIn(dir, name);
const options = (): PipelineOptions => realRecordsRun();

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lungtrials-geocode-code-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('place cache and geocoder code', () => {
  it('places cached by other geocoding code are not published', async () => {
    const deps = depsIn('run');
    const first = await runPipeline(newPipelineRunId(), options(), deps);
    const want = (await readSnapshot(first.dir)).tables.sites;
    expect(want.some((s) => s.geo_precision === 'city' || s.geo_precision === 'zip')).toBe(true);

    // What an older geocoder left: every cached place a degree off, under its own code.
    const file = path.join(deps.dataDir, GEOCODE_CACHE_FILE);
    const cached = JSON.parse(await fs.readFile(file, 'utf8')) as {
      entries: Record<string, [number | null, number | null, string, string | null]>;
    };
    for (const entry of Object.values(cached.entries))
      if (entry[0] !== null) entry[0] = Math.min(entry[0] + 1, 89);
    await fs.writeFile(file, JSON.stringify({ ...cached, code: 'an-older-geocoder' }));
    // A snapshot of other code: the next run builds (and geocodes) every trial.
    await fs.rm(deps.snapshotRoot, { recursive: true });

    const second = await runPipeline(newPipelineRunId(), options(), deps);
    expect(second.stages.enrich.summary).toMatchObject({ carried_over: 0 });
    expect((await readSnapshot(second.dir)).tables.sites).toEqual(want);
  }, 120_000);
});
