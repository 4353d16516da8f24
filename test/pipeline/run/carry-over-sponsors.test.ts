/**
 * Carry-over when the sponsors change and the registry does not: a sponsor that stops
 * exporting, and a sponsor row dropped for a registry trial, leave the incremental run's
 * rows equal to those of a run that builds every trial from the same input.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_NAMES } from '../../../domain/rows.js';
import {
  newPipelineRunId,
  runPipeline,
  type PipelineDeps,
  type PipelineOptions,
} from '../../../pipeline/run/index.js';
import { readSnapshot } from '../../../snapshot/index.js';
import { pipelineDepsIn, realRecordsRun } from '../../helpers/pipeline-runs.js';
import { ROOT } from '../../helpers/processes.js';

let dir: string;
let sponsors: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lungtrials-carry-sponsors-'));
  sponsors = path.join(dir, 'sponsors');
  await fs.cp(path.join(ROOT, 'test', 'fixtures', 'sponsors'), sponsors, { recursive: true });
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const depsIn = (name: string): PipelineDeps => pipelineDepsIn(dir, name);
const options = (): PipelineOptions => realRecordsRun({ sponsorCsvDir: sponsors });

/** A registry trial only Bayer lists; Pfizer lists one AstraZeneca lists first. */
const BAYER_ONLY = 'NCT06914128';
const PFIZER_DUPLICATE = 'NCT07124000';

describe('carry-over and sponsor changes', () => {
  it('a dropped sponsor listing rebuilds its trial: rows equal a run that builds every trial', async () => {
    const incremental = depsIn('incremental');
    const first = await runPipeline(newPipelineRunId(), options(), incremental);
    const before = await readSnapshot(first.dir);
    expect(before.tables.trials.find((t) => t.nct_id === BAYER_ONLY)?.pharma_source_slug).toBe(
      'bayer',
    );
    expect(
      before.tables.flags.some((f) => f.nct_id === PFIZER_DUPLICATE && f.source === 'pfizer'),
    ).toBe(true);

    await fs.rm(path.join(sponsors, 'pfizer'), { recursive: true });
    const bayer = path.join(sponsors, 'bayer', 'bayer-export.csv');
    const lines = (await fs.readFile(bayer, 'utf8')).split('\n');
    const kept = lines.filter((l) => !l.includes(BAYER_ONLY));
    expect(kept.length).toBe(lines.length - 1);
    await fs.writeFile(bayer, kept.join('\n'));

    const second = await runPipeline(newPipelineRunId(), options(), incremental);
    expect((second.stages.enrich.summary as { carried_over: number }).carried_over).toBeGreaterThan(
      0,
    );
    const full = await runPipeline(newPipelineRunId(), options(), depsIn('full'));

    const got = await readSnapshot(second.dir);
    const want = await readSnapshot(full.dir);
    for (const table of TABLE_NAMES)
      expect({ table, rows: got.tables[table] }).toEqual({ table, rows: want.tables[table] });
    const trial = got.tables.trials.find((t) => t.nct_id === BAYER_ONLY);
    expect(trial?.pharma_source_slug).toBeNull();
    expect(got.tables.flags.some((f) => f.source === 'pfizer')).toBe(false);
  }, 180_000);
});
