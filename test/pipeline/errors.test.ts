/**
 * Which stage failures are permanent: the stage says so with PermanentStageError, and the
 * queue side only looks for that type (through the runner's StageError wrapper).
 */
import { promises as fs } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../config/logger.js';
import { isPermanentStageError, PermanentStageError } from '../../pipeline/errors.js';
import {
  newPipelineRunId,
  openRunContext,
  runStage,
  StageError,
  type PipelineDeps,
} from '../../pipeline/run/index.js';

let dir: string;
let deps: PipelineDeps;
let server: http.Server;
let baseUrl: string;
const NOW = '2026-10-01T00:00:00.000Z';

const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: unknown) => err,
  );

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lungtrials-errors-'));
  deps = {
    dataDir: path.join(dir, 'data'),
    snapshotRoot: path.join(dir, 'snapshots'),
    logger: createLogger('silent'),
  };
  // A registry that answers every request with 404: an answer, not an outage.
  server = http.createServer((_req, res) =>
    res.writeHead(404, { 'content-type': 'text/plain' }).end('no such endpoint'),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await fs.rm(dir, { recursive: true, force: true });
});

describe('isPermanentStageError', () => {
  it('finds the permanent error through the cause chain, and nothing else', () => {
    const permanent = new PermanentStageError('bad input');
    expect(isPermanentStageError(permanent)).toBe(true);
    expect(isPermanentStageError(new StageError('registry', permanent))).toBe(true);
    expect(
      isPermanentStageError(new Error('outer', { cause: new StageError('flags', permanent) })),
    ).toBe(true);
    expect(isPermanentStageError(new StageError('registry', new Error('ECONNRESET')))).toBe(false);
    expect(isPermanentStageError('a string')).toBe(false);
    const loop = new Error('a');
    (loop as { cause?: unknown }).cause = loop;
    expect(isPermanentStageError(loop)).toBe(false);
  });
});

describe('stages throw PermanentStageError for what a retry cannot fix', () => {
  it('a missing registry dump', async () => {
    const missing = path.join(dir, 'no-such-dump.jsonl');
    const ctx = await openRunContext(newPipelineRunId(), { registryDump: missing, now: NOW }, deps);
    const err = await failureOf(runStage('registry', ctx));
    expect(err).toBeInstanceOf(StageError);
    expect((err as StageError).message).toContain(`registry dump not found: ${missing}`);
    expect(isPermanentStageError(err)).toBe(true);
  });

  it('a 404 from the registry', async () => {
    const ctx = await openRunContext(
      newPipelineRunId(),
      { registryLive: { baseUrl }, now: NOW },
      deps,
    );
    const err = await failureOf(runStage('registry', ctx));
    expect((err as StageError).message).toMatch(/answered 404/);
    expect(isPermanentStageError(err)).toBe(true);
  });

  it('a missing sponsor CSV file', async () => {
    const missing = path.join(dir, 'pfizer-export.csv');
    const options = {
      registryDump: path.join(dir, 'unused.jsonl'),
      sponsorCsvFiles: { pfizer: missing },
      now: NOW,
    };
    const ctx = await openRunContext(newPipelineRunId(), options, deps);
    const err = await failureOf(runStage('sponsor-csv', ctx));
    expect((err as StageError).message).toContain(missing);
    expect(isPermanentStageError(err)).toBe(true);
  });

  it('a run that does not exist here, an invalid run id, options that do not parse', async () => {
    expect(
      isPermanentStageError(await failureOf(openRunContext('run-never-created', null, deps))),
    ).toBe(true);
    expect(isPermanentStageError(await failureOf(openRunContext('../escape', null, deps)))).toBe(
      true,
    );
    const runId = newPipelineRunId();
    const runDir = path.join(deps.dataDir, 'runs', runId);
    await fs.mkdir(runDir, { recursive: true });
    await fs.writeFile(path.join(runDir, 'options.json'), '{"registryDump": ');
    const err = await failureOf(openRunContext(runId, null, deps));
    expect((err as Error).message).toMatch(/does not parse/);
    expect(isPermanentStageError(err)).toBe(true);
  });

  it('an I/O failure that may pass is not permanent', async () => {
    // A run directory that is a file: reading options.json fails with ENOTDIR, not ENOENT.
    const runId = newPipelineRunId();
    await fs.mkdir(path.join(deps.dataDir, 'runs'), { recursive: true });
    await fs.writeFile(path.join(deps.dataDir, 'runs', runId), 'not a directory');
    const err = await failureOf(openRunContext(runId, null, deps));
    expect(err).toBeInstanceOf(Error);
    expect(isPermanentStageError(err)).toBe(false);
  });
});
