/**
 * Carry-over: an incremental run over the real registry records (one study edited, one
 * dropped, one added, sponsor CSVs merged, a later clock) publishes exactly the rows a run
 * that builds every trial from the same input publishes, table by table, while building
 * only the trials that changed or that a sponsor touches.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_NAMES, tableRowCounts } from '../../../domain/rows.js';
import { changesSql } from '../../../pipeline/publish/changes.js';
import { withDuckDB } from '../../../snapshot/duckdb.js';
import {
  newPipelineRunId,
  runPipeline,
  type PipelineDeps,
  type PipelineOptions,
} from '../../../pipeline/run/index.js';
import { readChanges, readSnapshot } from '../../../snapshot/index.js';
import { copyRealRecords, pipelineDepsIn, realRecordsRun } from '../../helpers/pipeline-runs.js';

let dir: string;
let dump: string;

beforeAll(async () => {
  ({ dir, dump } = await copyRealRecords('lungtrials-carry-over-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const depsIn = (name: string): PipelineDeps => pipelineDepsIn(dir, name);

const options = (now: string): PipelineOptions => realRecordsRun({ registryDump: dump, now });

const EDITED = 'NCT06830694';
const ADDED = 'NCT09999901';

/** Edits one study's criteria, drops the last study and adds a copy of the first under a new id. */
async function changeDump(): Promise<void> {
  const file = path.join(dump, 'v2', 'studies.jsonl');
  const lines = (await fs.readFile(file, 'utf8')).split('\n').filter((l) => l.trim());
  const edited = lines.map((line) =>
    line.includes(`"nctId":"${EDITED}"`)
      ? line.replace('4. Age ≥19 years', '4. Age ≥18 years (amended)')
      : line,
  );
  expect(edited).not.toEqual(lines);
  const added = edited[0].replace(/"nctId":"NCT\d{8}"/, `"nctId":"${ADDED}"`);
  expect(added).not.toBe(edited[0]);
  await fs.writeFile(file, [...edited.slice(0, -1), added].join('\n') + '\n');
}

describe('carry-over', () => {
  it('an incremental run publishes the rows of a run that builds every trial', async () => {
    const incremental = depsIn('incremental');
    const first = await runPipeline(
      newPipelineRunId(),
      options('2026-10-01T00:00:00.000Z'),
      incremental,
    );
    expect(first.stages.enrich.summary).toMatchObject({ carried_over: 0 });

    await changeDump();
    // A later clock: the clock rules (stale records) must run again on carried-over trials.
    const later = options('2028-06-01T00:00:00.000Z');
    const second = await runPipeline(newPipelineRunId(), later, incremental);
    const summary = second.stages.enrich.summary as {
      trials: number;
      built: number;
      carried_over: number;
    };
    expect(summary.carried_over).toBeGreaterThan(summary.trials / 2);
    expect(summary.built + summary.carried_over).toBe(summary.trials);

    const full = await runPipeline(newPipelineRunId(), later, depsIn('full'));
    expect(full.stages.enrich.summary).toMatchObject({ carried_over: 0, built: summary.trials });

    const got = await readSnapshot(second.dir);
    const want = await readSnapshot(full.dir);
    expect(tableRowCounts(got.manifest)).toEqual(tableRowCounts(want.manifest));
    for (const table of TABLE_NAMES)
      expect({ table, rows: got.tables[table] }).toEqual({ table, rows: want.tables[table] });

    const ids = new Set(got.tables.trials.map((t) => t.nct_id));
    expect(ids.has(ADDED)).toBe(true);
    expect(got.tables.trials.find((t) => t.nct_id === EDITED)?.inclusion_criteria).toContain(
      '(amended)',
    );
    const stale = got.tables.flags.filter((f) => f.kind === 'stale_record');
    expect(stale.length).toBeGreaterThan(0);
    for (const f of stale)
      expect(JSON.parse(f.details!)).toMatchObject({ checked_on: '2028-06-01' });
    expect(got.tables.sites.length).toBeGreaterThan(0);
    expect(got.tables.biomarkers.length).toBeGreaterThan(0);

    // The change feed against the first snapshot: the added and the edited trial, and the
    // carried-over trials whose clock flags changed. It skipped their site and biomarker
    // rows; comparing every row of both folders finds the same.
    const changes = (await readChanges(second.dir, got.manifest))!;
    expect(got.manifest.changes_since).toBe(first.version);
    expect(changes).toContainEqual({ nct_id: ADDED, change: 'added', fields: [] });
    expect(changes.find((c) => c.nct_id === EDITED)?.fields).toContain('inclusion_criteria');
    expect(changes.some((c) => c.fields.length === 1 && c.fields[0] === 'flags')).toBe(true);
    const everything = await withDuckDB(async (con) =>
      (await con.runAndReadAll(changesSql(first.dir, second.dir, null))).getRowObjectsJson(),
    );
    expect(everything).toEqual(changes);
  }, 180_000);
});
