/**
 * A dump is what lies inside its folder (the outside probe: `parent -> ..` and `self -> .`
 * in a dump folder made one run read 123,541 records of neighbouring dumps and publish
 * 651,307 sites, exit 0). Links to folders are not followed; a link to a file outside the
 * folder fails the run naming the link, `latest` and the raw store unchanged; a record
 * read twice is stored once and counted as a duplicate in the run report.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPipelineRunId, runPipeline, StageError } from '../../../pipeline/run/index.js';
import { readManifest, resolveLatest } from '../../../snapshot/index.js';
import { requireCtgovData } from '../../helpers/ctgov-replay-server.js';
import { pipelineDepsIn, RUN_CLOCK } from '../../helpers/pipeline-runs.js';

let dir: string;
let lines: string[];

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lungtrials-dump-links-'));
  lines = (await fs.readFile(path.join(requireCtgovData(), 'v2', 'studies.jsonl'), 'utf8'))
    .split('\n')
    .filter(Boolean);
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** `<dir>/<name>/dump/studies.jsonl` with `rows`, and a neighbouring dump beside it. */
async function dumpWithNeighbour(name: string, rows: string[]): Promise<string> {
  const base = path.join(dir, name);
  await fs.mkdir(path.join(base, 'dump'), { recursive: true });
  await fs.writeFile(path.join(base, 'dump', 'studies.jsonl'), rows.join('\n') + '\n');
  await fs.writeFile(path.join(base, 'neighbour.jsonl'), lines.slice(100, 400).join('\n') + '\n');
  return path.join(base, 'dump');
}

const rawIndexOf = async (dataDir: string) =>
  fs.readFile(path.join(dataDir, 'raw', 'ctgov', 'index.json'), 'utf8');

describe('dump input stays inside the dump', () => {
  it('`parent -> ..` and `self -> .` are not followed: only the dump folder is read', async () => {
    const dump = await dumpWithNeighbour('folder-links', lines.slice(0, 40));
    await fs.symlink('..', path.join(dump, 'parent'));
    await fs.symlink('.', path.join(dump, 'self'));
    const deps = pipelineDepsIn(dir, 'folder-links');
    const run = await runPipeline(newPipelineRunId(), { registryDump: dump, now: RUN_CLOCK }, deps);
    expect(run.stages.registry.summary).toMatchObject({
      fetched: 40,
      duplicates: 0,
      skip_reasons: { 'a link to a folder is not followed': 2 },
    });
    expect((await readManifest(run.dir)).row_counts.trials).toBe(40);
  }, 120_000);

  it('a link to a file outside the dump fails the run with its name; latest and the raw store stay', async () => {
    const dump = await dumpWithNeighbour('file-link', lines.slice(0, 40));
    const deps = pipelineDepsIn(dir, 'file-link');
    const first = await runPipeline(
      newPipelineRunId(),
      { registryDump: dump, now: RUN_CLOCK },
      deps,
    );
    const index = await rawIndexOf(deps.dataDir);
    await fs.symlink(path.join('..', 'neighbour.jsonl'), path.join(dump, 'more.jsonl'));
    const err = await runPipeline(
      newPipelineRunId(),
      { registryDump: dump, now: RUN_CLOCK },
      deps,
    ).then(
      () => null,
      (e: unknown) => e as StageError,
    );
    expect(err).toBeInstanceOf(StageError);
    expect(err!.stage).toBe('registry');
    expect(err!.message).toMatch(
      /more\.jsonl links to .*neighbour\.jsonl, outside the dump folder/,
    );
    expect((await resolveLatest(deps.snapshotRoot))?.version).toBe(first.version);
    expect(await rawIndexOf(deps.dataDir)).toBe(index);
  }, 120_000);

  it('a record read twice (two files of the dump) is stored once and counted as a duplicate', async () => {
    const dump = await dumpWithNeighbour('twice', lines.slice(0, 40));
    await fs.writeFile(path.join(dump, 'again.jsonl'), lines.slice(30, 40).join('\n') + '\n');
    const deps = pipelineDepsIn(dir, 'twice');
    const run = await runPipeline(newPipelineRunId(), { registryDump: dump, now: RUN_CLOCK }, deps);
    expect(run.stages.registry.summary).toMatchObject({ fetched: 50, duplicates: 10 });
    expect((await readManifest(run.dir)).row_counts.trials).toBe(40);
  }, 120_000);
});
