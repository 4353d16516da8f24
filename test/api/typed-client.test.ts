/**
 * Typed client proof: openapi-typescript turns the served OpenAPI document into types,
 * test/typed-client/client.ts (an openapi-fetch client) must type-check against them, and
 * then runs against the live API.
 */
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoTables } from '../../pipeline/demo/generate.js';
import { startTestApi, type TestApi } from './http.js';

const run = promisify(execFile);
const root = path.join(import.meta.dirname, '../..');
const clientDir = path.join(root, 'test/typed-client');

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi(generateDemoTables({ scale: 'demo' }));
});
afterAll(async () => api.close());

describe('a client generated from /api/v1/openapi.json', () => {
  it('generates, type-checks (misuse refused) and calls the running API', async () => {
    const doc = await (await api.get('/api/v1/openapi.json', { key: null })).text();
    await mkdir(path.join(clientDir, 'generated'), { recursive: true });
    const docFile = path.join(clientDir, 'generated/openapi.json');
    await writeFile(docFile, doc);
    // openapi-typescript needs TypeScript 5's compiler API: it lives in its own workspace.
    const cli = path.join(clientDir, 'node_modules/openapi-typescript/bin/cli.js');
    await run(
      process.execPath,
      [cli, docFile, '--output', path.join(clientDir, 'generated/api.d.ts')],
      { cwd: clientDir },
    );

    const tsc = path.join(root, 'node_modules/.bin/tsc');
    const checked = await run(tsc, ['--noEmit', '-p', path.join(clientDir, 'tsconfig.json')], {
      cwd: root,
    }).then(
      () => '',
      (e: { stdout?: string }) => e.stdout ?? String(e),
    );
    expect(checked).toBe('');

    // A computed specifier: the project's own type-check must not follow it into a client
    // whose types exist only once this test has generated them.
    const client = pathToFileURL(path.join(clientDir, 'client.ts')).href;
    const { findTrials } = (await import(client)) as {
      findTrials: (base: string, key: string) => Promise<Record<string, any>>;
    };
    const out = await findTrials(`${api.base}/api/v1`, api.key);
    expect(out.total).toBeGreaterThan(0);
    expect(out.titles.length).toBeGreaterThan(0);
    expect(out.detailStatus).toBe(200);
    expect(out.refusedStatus).toBe(400);
    expect(out.errorCode).toBe('invalid_parameter');
    if (out.total > 3) expect(out.next).toMatch(/offset=3/);
  });
});
