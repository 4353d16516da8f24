/**
 * Bounded growth and rows that must make sense (the outside probe: 100,000 rows of random
 * cells under the right header of a sponsor export published 27,447 garbage trials with
 * exit 0, though 43,338 rows were rejected). A sponsor row needs an id, a title and a known
 * status; an export with more rejected rows than the limit fails the run naming the
 * sponsor with its counts; a snapshot that grows past --max-growth is refused like one that
 * shrinks, and the same run resumed with --allow-growth publishes.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import seedrandom from 'seedrandom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPipelineRunId, runPipeline, StageError } from '../../../pipeline/run/index.js';
import { PublishRefusedError } from '../../../pipeline/run/stages/publish.js';
import { RejectedRowsError } from '../../../pipeline/sponsors/csv-import.js';
import { readManifest, resolveLatest } from '../../../snapshot/index.js';
import { requireCtgovData } from '../../helpers/ctgov-replay-server.js';
import { pipelineDepsIn, RUN_CLOCK } from '../../helpers/pipeline-runs.js';
import { SPONSOR_FIXTURES } from '../sponsors/paths.js';

let dir: string;
let lines: string[];
let baseline: string;
const deps = () => pipelineDepsIn(dir);
const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: unknown) => err as StageError,
  );
const writeFile = async (name: string, text: string): Promise<string> => {
  const file = path.join(dir, name);
  await fs.writeFile(file, text);
  return file;
};
const dumpOf = (name: string, n: number) => writeFile(name, lines.slice(0, n).join('\n') + '\n');
const latestVersion = async () => (await resolveLatest(deps().snapshotRoot))?.version;
const trialsIn = async (version: string | undefined) =>
  (await readManifest(path.join(deps().snapshotRoot, version!))).row_counts.trials;

/** The Pfizer fixture export with `rows` more rows of random cells under its header. */
async function pfizerWithJunk(rows: number): Promise<string> {
  const fixture = await fs.readFile(
    path.join(SPONSOR_FIXTURES, 'pfizer', 'pfizer-lung-trials.csv'),
    'utf8',
  );
  const columns = fixture.split('\n')[0].split(';').length;
  const random = seedrandom('junk-rows');
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 -_/.,';
  const cell = () =>
    Array.from({ length: 1 + Math.floor(random() * 16) }, () =>
      alphabet.charAt(Math.floor(random() * alphabet.length)),
    ).join('');
  const junk = Array.from({ length: rows }, () => Array.from({ length: columns }, cell).join(';'));
  return writeFile('pfizer-junk.csv', `${fixture.trimEnd()}\n${junk.join('\n')}\n`);
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lungtrials-growth-'));
  lines = (await fs.readFile(path.join(requireCtgovData(), 'v2', 'studies.jsonl'), 'utf8'))
    .split('\n')
    .filter(Boolean);
  const first = await runPipeline(
    newPipelineRunId(),
    { registryDump: await dumpOf('forty.jsonl', 40), now: RUN_CLOCK },
    deps(),
  );
  baseline = first.version;
}, 120_000);
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('rows that must make sense', () => {
  it('junk rows under a real header fail the sponsor stage with per-sponsor counts; nothing is published', async () => {
    const csv = await pfizerWithJunk(2_000);
    const err = await failureOf(
      runPipeline(
        newPipelineRunId(),
        {
          registryDump: path.join(dir, 'forty.jsonl'),
          sponsorCsvFiles: { pfizer: csv },
          now: RUN_CLOCK,
        },
        deps(),
      ),
    );
    expect(err).toBeInstanceOf(StageError);
    expect(err!.stage).toBe('sponsor-csv');
    expect(err!.cause).toBeInstanceOf(RejectedRowsError);
    // Every junk row is rejected (no registry id or study code, no known status), plus the
    // fixture's own broken row.
    expect((err!.cause as RejectedRowsError).counts).toEqual({
      pfizer: { rejected: 2_001, rows: 2_005 },
    });
    expect(err!.message).toMatch(/pfizer 2001 of 2005 rows rejected \(99\.8%\)/);
    expect(await latestVersion()).toBe(baseline);
  }, 120_000);

  it('rows that pass the row checks still cannot grow the snapshot past the limit unnoticed', async () => {
    const header =
      'Study ID;NCT ID;Study Name;Status;Phase;Condition;Gender;Minimum Age;Maximum Age;Study Start;Last Update;Countries;Link';
    const rows = Array.from(
      { length: 30 },
      (_, i) =>
        `PF-PLAUSIBLE-${1000 + i};;Plausible study ${i};Recruiting;Phase 2;NSCLC;All;18;;01/02/2025;01/03/2025;Spain;`,
    );
    const csv = await writeFile('pfizer-plausible.csv', `${header}\n${rows.join('\n')}\n`);
    const runId = newPipelineRunId();
    const options = {
      registryDump: path.join(dir, 'forty.jsonl'),
      sponsorCsvFiles: { pfizer: csv },
      now: RUN_CLOCK,
    };
    const err = await failureOf(runPipeline(runId, options, deps()));
    expect(err!.stage).toBe('publish');
    expect(err!.cause).toBeInstanceOf(PublishRefusedError);
    expect(err!.message).toMatch(
      /refusing to publish 70 trials over 40 .*75\.0% more, limit 20%.*--allow-growth/,
    );
    expect(await latestVersion()).toBe(baseline);
  }, 120_000);
});

describe('bounded growth', () => {
  it('a registry dump 50% larger is refused; the same run resumed with allowGrowth publishes', async () => {
    const sixty = await dumpOf('sixty.jsonl', 60);
    const runId = newPipelineRunId();
    const err = await failureOf(
      runPipeline(runId, { registryDump: sixty, now: RUN_CLOCK }, deps()),
    );
    expect(err!.stage).toBe('publish');
    expect(err!.message).toMatch(/refusing to publish 60 trials over 40 .*50\.0% more, limit 20%/);
    expect(await latestVersion()).toBe(baseline);
    // 46 of 40 is 15% more: inside the default limit, refused under a 10% one.
    const small = await failureOf(
      runPipeline(
        newPipelineRunId(),
        { registryDump: await dumpOf('t46.jsonl', 46), now: RUN_CLOCK, maxGrowth: 0.1 },
        deps(),
      ),
    );
    expect(small!.cause).toBeInstanceOf(PublishRefusedError);
    const resumed = await runPipeline(
      runId,
      { registryDump: sixty, now: RUN_CLOCK, allowGrowth: true },
      deps(),
    );
    expect(resumed.stages.registry.reused).toBe(true);
    expect(await latestVersion()).toBe(resumed.version);
    expect(await trialsIn(resumed.version)).toBe(60);
  }, 180_000);
});
