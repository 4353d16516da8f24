import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureDemoSnapshot } from '../../../pipeline/demo/index.js';
import { listVersions, readSnapshot, resolveLatest } from '../../../snapshot/index.js';

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const roots: string[] = [];

afterEach(async () => {
  for (const r of roots.splice(0)) await fs.rm(r, { recursive: true, force: true });
});

async function tempDir(): Promise<string> {
  const d = await fs.mkdtemp(path.join(os.tmpdir(), 'demo-ensure-'));
  roots.push(d);
  return d;
}

describe('ensureDemoSnapshot', () => {
  it('publishes a demo snapshot into an empty root, then leaves it alone', async () => {
    const root = path.join(await tempDir(), 'snapshots');
    const first = await ensureDemoSnapshot(root, { now: new Date('2026-11-22T00:00:00Z') });
    expect(first.created).toBe(true);
    expect(await resolveLatest(root)).toEqual({ version: first.version, dir: first.dir });
    const { manifest, tables } = await readSnapshot(first.dir);
    expect(tables.trials.length).toBeGreaterThan(250);
    expect(manifest.input_summary).toEqual({
      generator: 'demo',
      scale: 'demo',
      seed: 'lungtrials-demo',
    });

    const second = await ensureDemoSnapshot(root);
    expect(second).toEqual({ version: first.version, dir: first.dir, created: false });
    expect(await listVersions(root)).toEqual([first.version]);
  });
});

describe('lungtrials demo', () => {
  it('publishes a snapshot and prints its version and row counts', async () => {
    const root = path.join(await tempDir(), 'snaps');
    const { stdout } = await run(
      'npx',
      ['tsx', 'cli/main.ts', 'demo', '--snapshots', root, '--seed', 'cli-test'],
      { cwd: repoRoot },
    );
    const latest = await resolveLatest(root);
    expect(latest).not.toBeNull();
    expect(stdout).toContain(`Published demo snapshot ${latest!.version}`);
    expect(stdout).toMatch(/Rows: trials 300, sites \d+, biomarkers \d+, flags \d+, sources 20/);
    expect((await readSnapshot(latest!.dir)).manifest.input_summary).toMatchObject({
      seed: 'cli-test',
    });
  });

  it('writes a registry dump with --dump', async () => {
    const out = path.join(await tempDir(), 'dump.jsonl');
    const { stdout } = await run('npx', ['tsx', 'cli/main.ts', 'demo', '--dump', out], {
      cwd: repoRoot,
    });
    expect(stdout).toMatch(/Wrote 300 demo studies/);
    const lines = (await fs.readFile(out, 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(300);
    expect(JSON.parse(lines[0]).protocolSection.identificationModule.nctId).toBe('DEMO-000001');
  });

  it('rejects an unknown scale', async () => {
    await expect(
      run('npx', ['tsx', 'cli/main.ts', 'demo', '--scale', 'huge', '--dump', '/dev/null'], {
        cwd: repoRoot,
      }),
    ).rejects.toMatchObject({
      stderr: expect.stringMatching(/--scale.*huge|Allowed choices are demo, full/),
    });
  });
});
