/**
 * MCP over Streamable HTTP at /mcp, driven by the SDK's own Client: the same tools and
 * answers as stdio, the API keys (401/403), each tool call counted against the key's
 * quota and burst like one REST request (429 with the REST headers), and JSON-RPC
 * error bodies carrying the REST codes.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SnapshotHolder } from '../../../api/live-snapshot.js';
import { realTables } from '../../helpers/real-tables.js';
import { buildTables, trialRow } from '../../helpers/trial-fixtures.js';
import { jsonOf, startTestApi, type TestApi } from '../http.js';
import { checkToolsAgainstRest, structured, toolError } from './checks.js';

const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close().catch(() => undefined);
});

async function connect(api: TestApi, key: string | null): Promise<Client> {
  const headers: Record<string, string> = key === null ? {} : { Authorization: `Bearer ${key}` };
  const transport = new StreamableHTTPClientTransport(new URL(`${api.base}/mcp`), {
    requestInit: { headers },
  });
  const client = new Client({ name: 'http-test', version: '1.0.0' });
  clients.push(client);
  await client.connect(transport);
  return client;
}

/** A raw JSON-RPC POST, as a client without the SDK would send it. */
function post(
  api: TestApi,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${api.base}/mcp`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

const CALL = {
  jsonrpc: '2.0',
  id: 7,
  method: 'tools/call',
  params: { name: 'snapshot_info', arguments: {} },
};

describe('MCP over HTTP on the real records', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(await realTables());
  }, 120_000);
  afterAll(async () => api?.close());

  it('lists the tools and answers each one as the REST API does', async () => {
    await checkToolsAgainstRest(await connect(api, api.key), api);
  });

  it('counts each tool call like one REST request, and nothing else', async () => {
    const quota = async () => (await api.json('/api/v1/meta')).body.data.usage.quota_used as number;
    const client = await connect(api, api.key);
    const before = await quota();
    await client.listTools();
    expect(await quota()).toBe(before);
    const out = await structured(client, 'search_trials', { limit: 3 });
    expect(out.meta.quota_used).toBe(before + 1);
    expect(out.meta.quota_limit).toBe(10_000);
    await client.callTool({ name: 'search_trials', arguments: { mutations: ['EGFR:NOPE'] } });
    // A refused argument still counts, as a REST 400 does.
    expect(await quota()).toBe(before + 2);
    const res = await post(api, CALL, { Authorization: `Bearer ${api.key}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-remaining')).toBe(String(10_000 - before - 3));
    expect(res.headers.get('x-snapshot-version')).toBe('test-v1');
  });
});

describe('MCP over HTTP: keys and limits', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(buildTables({ trials: [trialRow('TEST-1'), trialRow('TEST-2')] }), {
      tier: 'free',
      limits: {
        free: { dailyQuota: 4, burstPerMinute: 100 },
        standard: { dailyQuota: 100, burstPerMinute: 2 },
        partner: { dailyQuota: 1000, burstPerMinute: 1000 },
      },
    });
  });
  afterAll(async () => api?.close());

  it('401 without a key or with an unknown one, as a JSON-RPC error with the REST code', async () => {
    await expect(connect(api, null)).rejects.toMatchObject({ code: 401 });
    const res = await post(api, CALL);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(await jsonOf(res)).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: {
        code: -32001,
        message: expect.stringContaining('API key is required'),
        data: { code: 'missing_api_key', status: 401 },
      },
    });
    const wrong = await post(api, CALL, { 'X-API-Key': 'not-a-key' });
    expect(wrong.status).toBe(401);
    expect((await jsonOf(wrong)).error.data.code).toBe('invalid_api_key');
  });

  it('403 once the key is revoked, on the very next call', async () => {
    const { plaintext } = await api.keys.create('to-revoke', 'partner');
    const client = await connect(api, plaintext);
    await structured(client, 'snapshot_info');
    await api.keys.revoke('to-revoke');
    await expect(client.callTool({ name: 'snapshot_info', arguments: {} })).rejects.toMatchObject({
      code: 403,
    });
    const res = await post(api, CALL, { Authorization: `Bearer ${plaintext}` });
    expect(res.status).toBe(403);
    expect((await jsonOf(res)).error).toMatchObject({
      code: -32003,
      data: { code: 'key_revoked', status: 403 },
    });
  });

  it('429 quota_exceeded when the daily quota is used up; listing tools still works', async () => {
    const client = await connect(api, api.key);
    for (let i = 1; i <= 4; i++)
      expect((await structured(client, 'search_trials', {})).meta.quota_used).toBe(i);
    await expect(client.callTool({ name: 'search_trials', arguments: {} })).rejects.toMatchObject({
      code: 429,
    });
    const res = await post(api, CALL, { Authorization: `Bearer ${api.key}` });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
    expect((await jsonOf(res)).error).toMatchObject({
      code: -32029,
      data: { code: 'quota_exceeded', status: 429, retry_after_seconds: expect.any(Number) },
    });
    expect((await client.listTools()).tools).toHaveLength(5);
    // The REST API sees the same spent quota.
    expect((await api.get('/api/v1/trials')).status).toBe(429);
  });

  it('429 rate_limit_exceeded past the burst', async () => {
    const { plaintext } = await api.keys.create('bursty', 'standard');
    const client = await connect(api, plaintext);
    await structured(client, 'snapshot_info');
    await structured(client, 'list_sources');
    const res = await post(api, CALL, { Authorization: `Bearer ${plaintext}` });
    expect(res.status).toBe(429);
    expect((await jsonOf(res)).error.data).toMatchObject({
      code: 'rate_limit_exceeded',
      status: 429,
    });
    await expect(client.callTool({ name: 'snapshot_info', arguments: {} })).rejects.toMatchObject({
      code: 429,
    });
  });

  it('refuses GET and DELETE (stateless) and a body that is not JSON', async () => {
    const get = await fetch(`${api.base}/mcp`, {
      headers: { Authorization: `Bearer ${api.key}`, Accept: 'text/event-stream' },
    });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const del = await fetch(`${api.base}/mcp`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${api.key}` },
    });
    expect(del.status).toBe(405);
    expect((await jsonOf(del)).error.data.code).toBe('method_not_allowed');
    const bad = await fetch(`${api.base}/mcp`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${api.key}`, 'Content-Type': 'application/json' },
      body: '{nope',
    });
    expect(bad.status).toBe(400);
    expect((await jsonOf(bad)).error).toMatchObject({
      code: -32602,
      data: { code: 'invalid_parameter' },
    });
  });
});

describe('MCP over HTTP before a snapshot is published', () => {
  it('answers a tool call snapshot_unavailable as a tool error and does not count it', async () => {
    const api = await startTestApi(SnapshotHolder.empty());
    try {
      const client = await connect(api, api.key);
      expect(await toolError(client, 'search_trials', {})).toMatchObject({
        code: 'snapshot_unavailable',
      });
      expect((await api.json('/api/v1/meta')).body.data.usage.quota_used).toBe(0);
    } finally {
      await api.close();
    }
  });
});
