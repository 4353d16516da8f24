/**
 * The CLI's output contract: stdout carries only results (the key, the stage table, the
 * version, the curl line), so scripts can read the last line; logs go to stderr, as JSON
 * lines in a pipe and pretty-printed at a terminal, where no JSON reaches the screen.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireSharedCtgovDir } from '../../config/shared-data.js';
import { resolveLatest } from '../../snapshot/index.js';
import { closedPort, runCli, runCliInTerminal } from '../helpers/processes.js';

let work: string;
let dump: string;

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'lungtrials-stdout-'));
  dump = requireSharedCtgovDir();
});
afterAll(async () => {
  await fs.rm(work, { recursive: true, force: true });
});

const lines = (text: string): string[] => text.split('\n').filter((l) => l.trim());
const jsonLines = (text: string): string[] =>
  lines(text).filter((l) => l.trimStart().startsWith('{'));
const lastLine = (text: string): string => lines(text).at(-1) ?? '';

// Each case runs the CLI as a child process (tsx start-up plus a pipeline run on the ~200 real registry records).
describe('stdout carries results, stderr carries logs', { timeout: 180_000 }, () => {
  it('pipeline run in a pipe: the stage table and the version last on stdout, JSON logs on stderr', async () => {
    const env = {
      DATA_DIR: path.join(work, 'pipe-data'),
      SNAPSHOT_DIR: path.join(work, 'pipe-snap'),
      LOG_LEVEL: 'debug',
    };
    const run = await runCli(['pipeline', 'run', '--registry-dump', dump], env, 150_000);
    expect(run.code, run.stderr).toBe(0);
    expect(jsonLines(run.stdout)).toEqual([]);
    expect(lines(run.stdout)[0]).toMatch(/^registry sync\s+\d+\.\d s/);
    expect(lastLine(run.stdout)).toBe((await resolveLatest(env.SNAPSHOT_DIR))?.version);
    const logs = jsonLines(run.stderr).map((l) => JSON.parse(l) as { msg: string; stage?: string });
    expect(logs.filter((l) => l.msg === 'stage finished').map((l) => l.stage)).toEqual([
      'registry',
      'sponsor-csv',
      'scrape',
      'enrich',
      'geocode',
      'flags',
      'publish',
    ]);
  });

  it('pipeline run at a terminal: readable log lines, no JSON, the version last', async () => {
    const env = {
      DATA_DIR: path.join(work, 'tty-data'),
      SNAPSHOT_DIR: path.join(work, 'tty-snap'),
      LOG_LEVEL: 'info',
    };
    const run = await runCliInTerminal(['pipeline', 'run', '--registry-dump', dump], env, {
      timeoutMs: 150_000,
    });
    expect(run.code, run.output).toBe(0);
    expect(jsonLines(run.output)).toEqual([]);
    expect(run.output).toMatch(/INFO.*stage finished/);
    expect(lastLine(run.output).trim()).toBe((await resolveLatest(env.SNAPSHOT_DIR))?.version);
  });

  it('start at a terminal: the curl line and readable logs, no JSON', async () => {
    const snapshots = path.join(work, 'start-snap');
    const env = {
      DATA_DIR: path.join(work, 'start-data'),
      SNAPSHOT_DIR: snapshots,
      PORT: '0',
      LOG_LEVEL: 'info',
      REDIS_URL: `redis://127.0.0.1:${await closedPort()}`,
    };
    const run = await runCliInTerminal(['start'], env, {
      timeoutMs: 150_000,
      until: /^curl .*\n/m,
    });
    expect(run.output).toMatch(
      /^curl -H "Authorization: Bearer lt_[A-Za-z0-9_-]{43}" "http:\/\/127\.0\.0\.1:\d+\/api\/v1\/trials\?limit=2"$/m,
    );
    expect(run.output).toMatch(/INFO.*API listening/);
    expect(run.output).toMatch(/WARN.*Redis is not reachable/);
    expect(jsonLines(run.output)).toEqual([]);
  });

  it('keys create: the key is the last stdout line and stdout holds nothing else a script must skip', async () => {
    const env = {
      DATA_DIR: path.join(work, 'keys-data'),
      LOG_LEVEL: 'debug',
      REDIS_URL: `redis://127.0.0.1:${await closedPort()}`,
    };
    const created = await runCli(['keys', 'create', '--label', 'scripted', '--tier', 'free'], env);
    expect(created.code, created.stderr).toBe(0);
    expect(lastLine(created.stdout)).toMatch(/^lt_[A-Za-z0-9_-]{43}$/);
    expect(jsonLines(created.stdout)).toEqual([]);
    expect(created.stderr).toMatch(/Redis is not reachable/);
    expect(created.stdout).not.toMatch(/Redis is not reachable/);
  });
});
