/**
 * Artifacts read by another process: the data a later stage decodes from a finished
 * stage's artifact (which stores only what the stage decided) equals the data the stage
 * handed on in the process that ran it, over the real registry records and sponsor CSVs.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../config/logger.js';
import { openRunContext, runStage, STAGE_NAMES } from '../../../pipeline/run/index.js';
import { finishedStageData } from '../../../pipeline/run/run-stage.js';
import { requireCtgovData } from '../../helpers/ctgov-replay-server.js';
import { ROOT } from '../../helpers/processes.js';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lungtrials-codecs-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('stage artifacts', () => {
  it('decode to the data the stages handed on', async () => {
    const deps = {
      dataDir: path.join(dir, 'data'),
      snapshotRoot: path.join(dir, 'snapshots'),
      logger: createLogger('silent'),
    };
    const options = {
      registryDump: requireCtgovData(),
      sponsorCsvDir: path.join(ROOT, 'test', 'fixtures', 'sponsors'),
      now: '2026-10-01T00:00:00.000Z',
    };
    const ctx = await openRunContext('run-codecs', options, deps);
    for (const stage of STAGE_NAMES.filter((s) => s !== 'publish')) await runStage(stage, ctx);
    // Another worker: nothing held, every stage's data read back from its artifact.
    const other = await openRunContext('run-codecs', null, deps);
    const enrich = await finishedStageData(other, 'enrich');
    expect(enrich.records.length).toBeGreaterThan(100);
    expect(enrich).toEqual(ctx.held.enrich);
    expect(await finishedStageData(other, 'geocode')).toEqual(ctx.held.geocode);
    expect(await finishedStageData(other, 'flags')).toEqual(ctx.held.flags);
  }, 120_000);
});
