/**
 * One writer per data directory, stage then commit (the outside probe: two `pipeline run`
 * on one data directory both exited 0, `latest` went to whichever finished last, and 2,000
 * of 14,534 raw-store index entries pointed at packs the other run had deleted, so every
 * rebuild failed with ENOENT; a refused publish still dropped 7,267 trials from the raw
 * store). A second run exits 3 naming the run in the way; a lease left by a killed run does
 * not block; `latest` never goes back to older input; a refused or failed run leaves the raw
 * store's committed index as it was, and its packs stay where the index says.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acquireRunLock,
  newPipelineRunId,
  runPipeline,
  RunLockedError,
  StageError,
  type PipelineDeps,
} from '../../../pipeline/run/index.js';
import { RawStore, registryRawStoreDir } from '../../../pipeline/raw-store/raw-store.js';
import { RUN_LOCK_FILE } from '../../../pipeline/run/run-lock.js';
import { PublishRefusedError } from '../../../pipeline/run/stages/publish.js';
import { resolveLatest } from '../../../snapshot/index.js';
import { requireCtgovData } from '../../helpers/ctgov-replay-server.js';
import { pipelineDepsIn, RUN_CLOCK } from '../../helpers/pipeline-runs.js';
import { runCli } from '../../helpers/processes.js';

let dir: string;
let deps: PipelineDeps;
let lines: string[];
let baseline: string;

const writeDump = async (name: string, n: number, from = 0): Promise<string> => {
  const file = path.join(dir, name);
  await fs.writeFile(file, lines.slice(from, from + n).join('\n') + '\n');
  return file;
};
const latestVersion = async (root = deps.snapshotRoot) => (await resolveLatest(root))?.version;
const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: unknown) => err as Error,
  );
const storeDir = () => registryRawStoreDir(deps.dataDir);
/** The committed index and meta, byte for byte. */
const committed = async () => ({
  index: await fs.readFile(path.join(storeDir(), 'index.json'), 'utf8'),
  meta: await fs.readFile(path.join(storeDir(), 'meta.json'), 'utf8'),
});

/** Index entries whose pack is missing: what made every rebuild fail with ENOENT. */
async function danglingEntries(): Promise<string[]> {
  const index = JSON.parse(await fs.readFile(path.join(storeDir(), 'index.json'), 'utf8')) as {
    entries: Record<string, { pack?: string }>;
  };
  const packs = new Set(await fs.readdir(path.join(storeDir(), 'packs')));
  return Object.entries(index.entries)
    .filter(([, e]) => e.pack !== undefined && !packs.has(e.pack))
    .map(([id]) => id);
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lungtrials-one-writer-'));
  deps = pipelineDepsIn(dir);
  lines = (await fs.readFile(path.join(requireCtgovData(), 'v2', 'studies.jsonl'), 'utf8'))
    .split('\n')
    .filter(Boolean);
  const first = await runPipeline(
    newPipelineRunId(),
    { registryDump: await writeDump('forty.jsonl', 40), now: RUN_CLOCK },
    deps,
  );
  baseline = first.version;
}, 120_000);
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('one writer per data directory', () => {
  it('`pipeline run` on a data directory another run holds exits 3 naming it; nothing changes; once released a run goes', async () => {
    const before = await committed();
    const held = await acquireRunLock(deps.dataDir, 'run-held-by-the-test', 'inline');
    const env = { DATA_DIR: deps.dataDir, SNAPSHOT_DIR: deps.snapshotRoot, LOG_LEVEL: 'silent' };
    const dump = await writeDump('forty-two.jsonl', 42);
    try {
      const res = await runCli(['pipeline', 'run', '--registry-dump', dump], env, 120_000);
      expect(res.code).toBe(3);
      expect(res.stderr).toMatch(
        /not started: data directory .* is in use by run run-held-by-the-test \(pipeline run on .*, pid \d+, since /,
      );
      expect(res.stdout).toBe('');
      expect(await latestVersion()).toBe(baseline);
      expect(await committed()).toEqual(before);
    } finally {
      await held.release();
    }
    // (At the fixed clock: the CLI's would be today, and `latest` never goes back from it.)
    const run = await runPipeline(newPipelineRunId(), { registryDump: dump, now: RUN_CLOCK }, deps);
    baseline = run.version;
    expect(await latestVersion()).toBe(baseline);
    await expect(fs.access(path.join(deps.dataDir, RUN_LOCK_FILE))).rejects.toThrow();
  }, 240_000);

  it('two runs started together: one publishes, the other is refused before writing; a rebuild from the raw store then succeeds', async () => {
    const [a, b] = await Promise.allSettled([
      runPipeline(
        newPipelineRunId(),
        { registryDump: await writeDump('a.jsonl', 44), now: RUN_CLOCK },
        deps,
      ),
      runPipeline(
        newPipelineRunId(),
        { registryDump: await writeDump('b.jsonl', 43), now: RUN_CLOCK },
        deps,
      ),
    ]);
    const settled = [a, b];
    const refused = settled.filter((r) => r.status === 'rejected');
    const published = settled.filter((r) => r.status === 'fulfilled');
    expect(refused).toHaveLength(1);
    expect(published).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(RunLockedError);
    const winner = (published[0] as PromiseFulfilledResult<{ version: string }>).value;
    expect(await latestVersion()).toBe(winner.version);
    baseline = winner.version;
    expect(await danglingEntries()).toEqual([]);

    // What failed twice in a row for the probe: a run building every trial from the raw store.
    const rebuildRoot = path.join(dir, 'rebuild-snapshots');
    const rebuild = await runPipeline(
      newPipelineRunId(),
      {
        registryDump: path.join(dir, a.status === 'fulfilled' ? 'a.jsonl' : 'b.jsonl'),
        now: RUN_CLOCK,
      },
      { ...deps, snapshotRoot: rebuildRoot },
    );
    expect(rebuild.stages.enrich.summary).toMatchObject({ carried_over: 0 });
    expect(await latestVersion(rebuildRoot)).toBe(rebuild.version);
  }, 240_000);

  it('a lease left by a killed run does not block; a live refresh flow does', async () => {
    const lease = (over: object) =>
      fs.writeFile(
        path.join(deps.dataDir, RUN_LOCK_FILE),
        JSON.stringify({
          run: 'run-gone',
          mode: 'inline',
          host: os.hostname(),
          // Above the kernel's pid_max: no process has it.
          pid: 4194305,
          acquired_at: new Date().toISOString(),
          renewed_at: new Date().toISOString(),
          ...over,
        }),
      );
    const dump = path.join(dir, 'a.jsonl');
    await lease({});
    await runPipeline(newPipelineRunId(), { registryDump: dump, now: RUN_CLOCK }, deps);
    // A flow's lease outlives its jobs (nothing renews it between two of them) ...
    await lease({ mode: 'flow', pid: process.pid });
    const err = await failureOf(
      runPipeline(newPipelineRunId(), { registryDump: dump, now: RUN_CLOCK }, deps),
    );
    expect(err).toBeInstanceOf(RunLockedError);
    expect(err!.message).toMatch(/in use by run run-gone \(refresh flow .*runs cancel run-gone/);
    // ... until it has not been renewed for 15 minutes.
    await lease({ mode: 'flow', renewed_at: new Date(Date.now() - 16 * 60_000).toISOString() });
    const run = await runPipeline(newPipelineRunId(), { registryDump: dump, now: RUN_CLOCK }, deps);
    baseline = run.version;
  }, 240_000);
});

describe('stage, then commit', () => {
  it('a refused publish (shrink) and a run failing after its registry stage leave the raw store as it was', async () => {
    const before = await committed();
    const size = (await RawStore.open(storeDir())).size;
    const refused = await failureOf(
      runPipeline(
        newPipelineRunId(),
        { registryDump: await writeDump('half.jsonl', 20), now: RUN_CLOCK },
        deps,
      ),
    );
    expect((refused as StageError).stage).toBe('publish');
    expect((refused as StageError).cause).toBeInstanceOf(PublishRefusedError);
    const failed = await failureOf(
      runPipeline(
        newPipelineRunId(),
        {
          registryDump: path.join(dir, 'half.jsonl'),
          sponsorCsvFiles: { pfizer: path.join(dir, 'no-such-export.csv') },
          now: RUN_CLOCK,
        },
        deps,
      ),
    );
    expect((failed as StageError).stage).toBe('sponsor-csv');
    expect(await committed()).toEqual(before);
    expect((await RawStore.open(storeDir())).size).toBe(size);
    expect(await danglingEntries()).toEqual([]);
    expect(await latestVersion()).toBe(baseline);
  }, 240_000);

  it('`latest` only moves forward: a run whose input is older than the serving snapshot is refused, the store untouched', async () => {
    const before = await committed();
    const older = await failureOf(
      runPipeline(
        newPipelineRunId(),
        { registryDump: path.join(dir, 'a.jsonl'), now: '2026-09-01T00:00:00.000Z' },
        deps,
      ),
    );
    expect((older as StageError).cause).toBeInstanceOf(PublishRefusedError);
    expect(older!.message).toMatch(
      /was built from newer input \(run clock 2026-10-01T00:00:00\.000Z\)/,
    );
    expect(await latestVersion()).toBe(baseline);
    expect(await committed()).toEqual(before);
  }, 240_000);
});
