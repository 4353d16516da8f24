/**
 * The publish guard: an empty input (empty .jsonl, empty folder, a folder of broken
 * links) fails the run with `latest` untouched; a link to a file of the dump is read through;
 * a snapshot that shrinks past the limit is refused unless --allow-shrink; a publish
 * killed between the version rename and the `latest` switch is completed by its retry;
 * temp dirs of killed publishers are removed by the next publish.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../config/logger.js';
import {
  newPipelineRunId,
  runPipeline,
  StageError,
  type PipelineDeps,
} from '../../../pipeline/run/index.js';
import { PublishRefusedError } from '../../../pipeline/run/stages/publish.js';
import { readManifest, resolveLatest, switchLatest } from '../../../snapshot/index.js';
import { requireCtgovData } from '../../helpers/ctgov-replay-server.js';
import { runCli } from '../../helpers/processes.js';
import { SPONSOR_FIXTURES } from '../sponsors/paths.js';

let dir: string;
let deps: PipelineDeps;
let lines: string[];
let baseline: string;
const NOW = '2026-10-01T00:00:00.000Z';

const writeDump = async (name: string, rows: string[]): Promise<string> => {
  const file = path.join(dir, name);
  await fs.writeFile(file, rows.join('\n') + (rows.length ? '\n' : ''));
  return file;
};
const latestVersion = async () => (await resolveLatest(deps.snapshotRoot))?.version;
const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: unknown) => err as StageError,
  );

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lungtrials-guard-'));
  deps = {
    dataDir: path.join(dir, 'data'),
    snapshotRoot: path.join(dir, 'snapshots'),
    logger: createLogger('silent'),
  };
  lines = (await fs.readFile(path.join(requireCtgovData(), 'v2', 'studies.jsonl'), 'utf8'))
    .split('\n')
    .filter(Boolean);
  const first = await runPipeline(
    newPipelineRunId(),
    { registryDump: await writeDump('forty.jsonl', lines.slice(0, 40)), now: NOW },
    deps,
  );
  baseline = first.version;
}, 120_000);
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('publish guard', () => {
  it('an empty .jsonl, an empty folder and a folder of dangling links fail the registry stage; latest stays', async () => {
    const empty = await writeDump('empty.jsonl', []);
    const emptyDir = path.join(dir, 'empty-dir');
    await fs.mkdir(emptyDir);
    const dangling = path.join(dir, 'dangling');
    await fs.mkdir(dangling);
    await fs.symlink(path.join(dir, 'nowhere.jsonl'), path.join(dangling, 'studies.jsonl'));
    for (const dump of [empty, emptyDir, dangling]) {
      const err = await failureOf(
        runPipeline(newPipelineRunId(), { registryDump: dump, now: NOW }, deps),
      );
      expect(err, dump).toBeInstanceOf(StageError);
      expect(err!.stage).toBe('registry');
      expect(err!.message).toMatch(/holds no valid registry record/);
      expect(await latestVersion()).toBe(baseline);
    }
  }, 60_000);

  it('`pipeline run` on an empty dump exits 1 and leaves latest alone', async () => {
    const env = { DATA_DIR: deps.dataDir, SNAPSHOT_DIR: deps.snapshotRoot, LOG_LEVEL: 'silent' };
    const res = await runCli(
      ['pipeline', 'run', '--registry-dump', await writeDump('empty2.jsonl', [])],
      env,
      60_000,
    );
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/failed in registry: .*holds no valid registry record/);
    expect(await latestVersion()).toBe(baseline);
  }, 60_000);

  it('a sponsor CSV missing its NCT column fails the run in the sponsor stage instead of publishing duplicates', async () => {
    const csv = path.join(dir, 'pfizer-no-nct.csv');
    await fs.writeFile(
      csv,
      (
        await fs.readFile(path.join(SPONSOR_FIXTURES, 'pfizer', 'pfizer-lung-trials.csv'), 'utf8')
      ).replace('NCT ID;', 'Registry;'),
    );
    const err = await failureOf(
      runPipeline(
        newPipelineRunId(),
        { registryDump: path.join(dir, 'forty.jsonl'), sponsorCsvFiles: { pfizer: csv }, now: NOW },
        deps,
      ),
    );
    expect(err).toBeInstanceOf(StageError);
    expect(err!.stage).toBe('sponsor-csv');
    expect(err!.message).toMatch(/has no "NCT ID" column/);
    expect(await latestVersion()).toBe(baseline);
  }, 60_000);

  it('a dump folder whose file is a link to a file inside the folder is read through the link', async () => {
    const linked = path.join(dir, 'linked');
    await fs.mkdir(path.join(linked, 'files'), { recursive: true });
    await fs.copyFile(path.join(dir, 'forty.jsonl'), path.join(linked, 'files', 'forty.jsonl'));
    await fs.symlink(path.join('files', 'forty.jsonl'), path.join(linked, 'studies.jsonl'));
    const run = await runPipeline(newPipelineRunId(), { registryDump: linked, now: NOW }, deps);
    // The file is read once, through the folder or the link.
    expect(run.stages.registry.summary).toMatchObject({ fetched: 40, removed: 0 });
    expect((await readManifest(run.dir)).row_counts.trials).toBe(40);
    baseline = run.version;
    expect(await latestVersion()).toBe(baseline);
  }, 60_000);

  it('a snapshot with more than 20% fewer trials is refused; the same run resumed with allowShrink publishes', async () => {
    const half = await writeDump('twenty.jsonl', lines.slice(0, 20));
    const runId = newPipelineRunId();
    const err = await failureOf(runPipeline(runId, { registryDump: half, now: NOW }, deps));
    expect(err).toBeInstanceOf(StageError);
    expect(err!.stage).toBe('publish');
    expect(err!.cause).toBeInstanceOf(PublishRefusedError);
    expect(err!.message).toMatch(/refusing to publish 20 trials over 40 .*50\.0% fewer, limit 20%/);
    expect(await latestVersion()).toBe(baseline);

    // 33 of 40 is 17.5% fewer: inside the default limit, refused under a 10% one.
    const small = await failureOf(
      runPipeline(
        newPipelineRunId(),
        {
          registryDump: await writeDump('t33.jsonl', lines.slice(0, 33)),
          now: NOW,
          maxShrink: 0.1,
        },
        deps,
      ),
    );
    expect(small!.cause).toBeInstanceOf(PublishRefusedError);

    const resumed = await runPipeline(
      runId,
      { registryDump: half, now: NOW, allowShrink: true },
      deps,
    );
    expect(resumed.stages.registry.reused).toBe(true);
    expect((await readManifest(resumed.dir)).row_counts.trials).toBe(20);
    expect(await latestVersion()).toBe(resumed.version);
    baseline = resumed.version;
  }, 120_000);

  it('a publish killed between the version rename and the latest switch is completed by its retry', async () => {
    const runId = newPipelineRunId();
    const dump = await writeDump('twenty-two.jsonl', lines.slice(0, 22));
    const run = await runPipeline(runId, { registryDump: dump, now: NOW }, deps);
    // What the kill leaves: the version dir in place, latest still on the old version, no stage record.
    await switchLatest(deps.snapshotRoot, baseline);
    await fs.rm(path.join(deps.dataDir, 'runs', runId, 'publish.v8'));
    const retried = await runPipeline(runId, { registryDump: dump, now: NOW }, deps);
    expect(retried.version).toBe(run.version);
    expect(retried.stages.publish.summary).toMatchObject({
      version: run.version,
      reused_publish: true,
      latest_switched: true,
    });
    expect(await latestVersion()).toBe(run.version);
    baseline = run.version;
  }, 120_000);

  it('temp dirs of a killed publisher are removed by the next publish; a live one is kept', async () => {
    // A pid that cannot be running: above the kernel's pid_max.
    const dead = path.join(
      deps.snapshotRoot,
      `.tmp-4194305@${os.hostname()}-00000000-0000-4000-8000-000000000000`,
    );
    const live = path.join(
      deps.snapshotRoot,
      `.tmp-${process.ppid}@${os.hostname()}-00000000-0000-4000-8000-000000000001`,
    );
    for (const d of [dead, live]) {
      await fs.mkdir(d);
      await fs.writeFile(path.join(d, 'trials.parquet'), 'partial');
    }
    await runPipeline(
      newPipelineRunId(),
      { registryDump: await writeDump('again.jsonl', lines.slice(0, 22)), now: NOW },
      deps,
    );
    await expect(fs.stat(dead)).rejects.toThrow(/ENOENT/);
    expect((await fs.stat(live)).isDirectory()).toBe(true);
  }, 120_000);
});
