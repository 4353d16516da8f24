/**
 * `lungtrials mcp` over stdio, driven by the SDK's own Client: every tool answers as the
 * REST API does for the same query on the same snapshot (the real registry records), and
 * a newly published snapshot is used by the next call.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../config/logger.js';
import { SnapshotHolder } from '../../../api/live-snapshot.js';
import { publishSnapshot } from '../../../pipeline/publish/publish.js';
import { ROOT } from '../../helpers/processes.js';
import { realTables } from '../../helpers/real-tables.js';
import { buildTables, trialRow } from '../../helpers/trial-fixtures.js';
import { startTestApi, type TestApi } from '../http.js';
import { checkToolsAgainstRest, structured } from './checks.js';

describe('MCP over stdio (lungtrials mcp)', () => {
  let root: string;
  let api: TestApi;
  let client: Client;
  let stderr = '';

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'mcp-stdio-'));
    await publishSnapshot(await realTables(), { root, now: new Date('2026-11-01T00:00:00Z') });
    api = await startTestApi(await SnapshotHolder.open({ root, logger: createLogger('silent') }));
    const transport = new StdioClientTransport({
      command: path.join(ROOT, 'node_modules', '.bin', 'tsx'),
      args: [path.join(ROOT, 'cli', 'main.ts'), 'mcp'],
      cwd: ROOT,
      env: { ...(process.env as Record<string, string>), SNAPSHOT_DIR: root, LOG_LEVEL: 'warn' },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    client = new Client({ name: 'stdio-test', version: '1.0.0' });
    await client.connect(transport);
  }, 120_000);

  afterAll(async () => {
    await client?.close();
    await api?.close();
    if (root) await fs.rm(root, { recursive: true, force: true });
  });

  it('lists the tools and answers each one as the REST API does', async () => {
    expect(client.getServerVersion()?.name).toBe('lungtrials');
    await checkToolsAgainstRest(client, api);
    expect(stderr).not.toMatch(/"level":50/);
  });

  it('uses a newly published snapshot on the next call', async () => {
    const before = await structured(client, 'snapshot_info');
    const next = await publishSnapshot(buildTables({ trials: [trialRow('SWAP-MCP-1')] }), {
      root,
      now: new Date('2026-12-01T00:00:00Z'),
    });
    const deadline = Date.now() + 30_000;
    let info = before;
    while (info.version === before.version && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      info = await structured(client, 'snapshot_info');
    }
    expect(info.version).toBe(next.version);
    const { data } = await structured(client, 'search_trials', {});
    expect(data.map((t: { nct_id: string }) => t.nct_id)).toEqual(['SWAP-MCP-1']);
  }, 60_000);
});
