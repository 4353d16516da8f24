/**
 * Incremental runs of the inline runner over the real registry records: a second run on
 * the same dump re-extracts nothing and geocodes nothing anew; a change to one study's
 * criteria re-extracts exactly that trial; every snapshot still has every trial.
 * The records are copied to a temp dir at test time so one study can be edited there.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newPipelineRunId,
  runPipeline,
  type PipelineDeps,
  type PipelineOptions,
} from '../../../pipeline/run/index.js';
import { changesSql } from '../../../pipeline/publish/changes.js';
import { withDuckDB } from '../../../snapshot/duckdb.js';
import { readChanges, readSnapshot } from '../../../snapshot/index.js';
import { copyRealRecords, pipelineDepsIn, realRecordsRun } from '../../helpers/pipeline-runs.js';

let dir: string;
let dump: string;
let deps: PipelineDeps;
let options: PipelineOptions;

beforeAll(async () => {
  ({ dir, dump } = await copyRealRecords('lungtrials-incremental-'));
  deps = pipelineDepsIn(dir);
  options = realRecordsRun({ registryDump: dump });
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const EDITED = 'NCT06830694';

/** Rewrites one study's criteria in the copied v2 JSONL, leaving every other line byte-identical. */
async function editCriteria(nctId: string, from: string, to: string): Promise<void> {
  const file = path.join(dump, 'v2', 'studies.jsonl');
  const lines = (await fs.readFile(file, 'utf8')).split('\n');
  let edited = 0;
  const out = lines.map((line) => {
    if (!line.includes(`"nctId":"${nctId}"`)) return line;
    const study = JSON.parse(line) as {
      protocolSection: { eligibilityModule: { eligibilityCriteria: string } };
    };
    const criteria = study.protocolSection.eligibilityModule.eligibilityCriteria;
    if (!criteria.includes(from))
      throw new Error(`${nctId}'s criteria no longer contain ${JSON.stringify(from)}`);
    study.protocolSection.eligibilityModule.eligibilityCriteria = criteria.replace(from, to);
    edited++;
    return JSON.stringify(study);
  });
  expect(edited).toBe(1);
  await fs.writeFile(file, out.join('\n'));
}

describe('incremental inline runs', () => {
  it('re-extracts and re-geocodes only what changed, and every snapshot keeps every trial', async () => {
    const first = await runPipeline(newPipelineRunId(), options, deps);
    const trials = first.stages.enrich.summary.trials as number;
    expect(trials).toBe(205);
    expect(first.stages.enrich.summary).toMatchObject({ extracted: trials, reused: 0 });
    expect(first.stages.geocode.summary.cacheMisses).toBeGreaterThan(0);

    const second = await runPipeline(newPipelineRunId(), options, deps);
    expect(second.stages.registry.summary).toMatchObject({ new: 0, changed: 0, unchanged: 194 });
    expect(second.stages.enrich.summary).toMatchObject({
      trials,
      registry_changed: 0,
      extracted: 0,
      reused: trials,
    });
    expect(second.stages.geocode.summary).toMatchObject({ cacheMisses: 0 });
    const secondSnap = await readSnapshot(second.dir);
    expect(secondSnap.manifest.row_counts.trials).toBe(trials);
    // Nothing changed, so nothing in the tables changed either.
    expect(secondSnap.manifest.checksums).toEqual(
      (await readSnapshot(first.dir)).manifest.checksums,
    );

    await editCriteria(EDITED, '4. Age ≥19 years', '4. Age ≥18 years');
    const third = await runPipeline(newPipelineRunId(), options, deps);
    expect(third.stages.registry.summary).toMatchObject({ new: 0, changed: 1, unchanged: 193 });
    expect(third.stages.enrich.summary).toMatchObject({
      trials,
      registry_changed: 1,
      extracted: 1,
      reused: trials - 1,
    });
    expect(third.stages.geocode.summary).toMatchObject({ cacheMisses: 0 });
    const { manifest, tables } = await readSnapshot(third.dir);
    expect(manifest.row_counts.trials).toBe(trials);
    expect(new Set(tables.trials.map((t) => t.nct_id))).toEqual(
      new Set(secondSnap.tables.trials.map((t) => t.nct_id)),
    );
    const edited = tables.trials.find((t) => t.nct_id === EDITED)!;
    expect(edited.inclusion_criteria).toContain('Age ≥18 years');
    expect(edited.inclusion_criteria).not.toContain('Age ≥19 years');

    // The change feed names the one edited trial. It skipped comparing the carried-over
    // trials' rows; comparing everything finds the same.
    expect(manifest.changes_since).toBe(second.version);
    const changes = await readChanges(third.dir, manifest);
    expect(changes).toEqual([
      { nct_id: EDITED, change: 'changed', fields: ['inclusion_criteria'] },
    ]);
    const everything = await withDuckDB(async (con) =>
      (await con.runAndReadAll(changesSql(second.dir, third.dir, null))).getRowObjectsJson(),
    );
    expect(everything).toEqual(changes);
  }, 120_000);
});
