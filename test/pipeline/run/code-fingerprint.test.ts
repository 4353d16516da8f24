/**
 * A process's code fingerprint names the code it loaded, not what is on disk when a run
 * first asks: a worker started on one version and asked weeks later, after a `git pull`
 * without a restart, must not stamp its rows (snapshot, caches) with the newer code.
 */
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROOT } from '../../helpers/processes.js';

let dir: string;

beforeEach(async () => {
  // A project of its own (PROJECT_ROOT is config/'s parent), so its files can change.
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lungtrials-fingerprint-'));
  await fs.cp(path.join(ROOT, 'config'), path.join(dir, 'config'), { recursive: true });
  await fs.mkdir(path.join(dir, 'pipeline', 'run'), { recursive: true });
  await fs.copyFile(
    path.join(ROOT, 'pipeline', 'run', 'code-fingerprint.ts'),
    path.join(dir, 'pipeline', 'run', 'code-fingerprint.ts'),
  );
  for (const d of ['domain', 'diagnosis', 'text', 'geo', 'snapshot'])
    await fs.mkdir(path.join(dir, d));
  await fs.writeFile(path.join(dir, 'package-lock.json'), '{}');
  await fs.writeFile(path.join(dir, 'package.json'), '{"type":"module"}');
  await fs.writeFile(path.join(dir, 'pipeline', 'stage.ts'), 'export const rule = 1;\n');
  await fs.symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** The fingerprint a process reports when `stage.ts` changes on disk after it loaded. */
function fingerprintOfProcess(changeAfterLoad: string | null): string {
  const script = `
    import { writeFileSync } from 'node:fs';
    const m = await import(${JSON.stringify(path.join(dir, 'pipeline/run/code-fingerprint.ts'))});
    const change = ${JSON.stringify(changeAfterLoad)};
    if (change !== null) writeFileSync(${JSON.stringify(path.join(dir, 'pipeline/stage.ts'))}, change);
    console.log(await m.codeFingerprint(m.PIPELINE_CODE));
  `;
  return execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: dir,
    encoding: 'utf8',
  }).trim();
}

describe('code fingerprint', () => {
  it('is the code the process loaded, whatever changes on disk before a run asks', () => {
    const loadedOld = fingerprintOfProcess('export const rule = 2;\n');
    const loadedNew = fingerprintOfProcess(null);
    expect(loadedOld).toMatch(/^[0-9a-f]{64}$/);
    expect(loadedNew).not.toBe(loadedOld);
  });
});
