/**
 * Limits before work, as the outside probe found them broken: an oversized `/mcp` body is
 * 413 before the key is checked (it was a 500 with a stack trace per request), with or
 * without a declared length; client errors are logged as one line without a stack; and the
 * access log keeps only the API's parameter names and ids of the expected form (keys sent
 * as `authorization=`, `bearer=`, `auth=`, `k=`, `q=` or as a trial id were logged in full).
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.js';
import { MemoryKeyStore } from '../../api/keys/memory-store.js';
import { MemoryUsageCounter } from '../../api/limits/memory-counter.js';
import { accessLog, logSafeUrl } from '../../api/middleware/access-log.js';
import { MCP_BODY_LIMIT_BYTES } from '../../api/middleware/body-limit.js';
import { SnapshotHolder } from '../../api/live-snapshot.js';
import { generateDemoTables } from '../../pipeline/demo/index.js';
import { capturingLogger } from '../helpers/processes.js';

const log = capturingLogger();
let server: Server;
let base: string;
let key: string;

beforeAll(async () => {
  const keys = new MemoryKeyStore();
  key = (await keys.create('limits', 'partner')).plaintext;
  const app = createApp({
    snapshots: SnapshotHolder.fromTables(generateDemoTables({ scale: 'demo' }), {
      version: 'limits-v1',
    }),
    keys,
    usage: new MemoryUsageCounter(),
    logger: log.logger,
    contactEmail: 'ops@test.invalid',
    accessLog: accessLog(log.logger),
  });
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A JSON-RPC tool call padded to `bytes` with a long argument. */
function callOf(bytes: number): string {
  const call = {
    jsonrpc: '2.0',
    id: 3,
    method: 'tools/call',
    params: { name: 'search_trials', arguments: { q: '' } },
  };
  const empty = JSON.stringify(call).length;
  call.params.arguments.q = 'x'.repeat(Math.max(0, bytes - empty));
  return JSON.stringify(call);
}

const mcpPost = (body: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  fetch(`${base}/mcp`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      ...headers,
    },
    body,
    duplex: 'half',
  } as RequestInit);

/** The body as a stream: sent chunked, without a Content-Length. */
function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(at, at + 16 * 1024));
      at += 16 * 1024;
    },
  });
}

const accessLines = () => log.lines().filter((l) => l.component === 'access');

describe('body limits', () => {
  it('a 500 KB /mcp body is 413 payload_too_large before the key is checked, with or without a key', async () => {
    for (const headers of [{}, { Authorization: `Bearer ${key}` }] as Record<string, string>[]) {
      const res = await mcpPost(callOf(500 * 1024), headers);
      expect(res.status).toBe(413);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(await res.json()).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32600,
          message: `The request body is larger than the ${MCP_BODY_LIMIT_BYTES / 1024} KB this endpoint accepts.`,
          data: { code: 'payload_too_large', status: 413 },
        },
      });
    }
  });

  it('a chunked body without a length is stopped at the same limit: 413, not 500', async () => {
    const res = await mcpPost(chunked(callOf(500 * 1024)));
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { data: { code: string } } }).error.data.code).toBe(
      'payload_too_large',
    );
  });

  it('a 200 KB body is read and refused for its missing key (401)', async () => {
    const res = await mcpPost(callOf(200 * 1024));
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { data: { code: string } } }).error.data.code).toBe(
      'missing_api_key',
    );
  });

  it('client errors are logged without a stack trace, and nothing at error level', async () => {
    await mcpPost(callOf(500 * 1024));
    await mcpPost(chunked(callOf(500 * 1024)));
    await expect
      .poll(() => log.lines().filter((l) => l.msg === 'request refused: payload_too_large').length)
      .toBeGreaterThanOrEqual(2);
    const refusals = log.lines().filter((l) => l.msg === 'request refused: payload_too_large');
    expect(refusals[0]).toMatchObject({ level: 20, code: 'payload_too_large', status: 413 });
    expect(JSON.stringify(log.lines())).not.toMatch(/"stack"|\bat .*\.(?:js|ts):\d+/);
    expect(log.lines().filter((l) => (l.level as number) >= 50)).toEqual([]);
  });
});

describe('the access log', () => {
  it('masks every value of a parameter the API does not have, a key-shaped value of one it has, and an id that is not a trial id', () => {
    const k = 'lt_' + 'A1b2C3d4'.repeat(5) + 'xyz';
    for (const name of ['authorization', 'bearer', 'auth', 'k', 'key', 'token', 'api_key']) {
      expect(logSafeUrl(`/api/v1/trials?limit=2&${name}=${k}`)).toBe(
        `/api/v1/trials?limit=2&${name}=[redacted]`,
      );
    }
    expect(logSafeUrl(`/api/v1/trials?q=${k}`)).toBe('/api/v1/trials?q=[redacted]');
    expect(logSafeUrl(`/api/v1/trials/${k}`)).toBe('/api/v1/trials/[redacted]');
    expect(logSafeUrl(`/api/v1/${k}/x?${k}`)).toBe(
      '/api/v1/[redacted]/[redacted]?[redacted]=[redacted]',
    );
    expect(logSafeUrl(`/${k}`)).toBe('/[redacted]');
    // What the log is for stays readable.
    expect(
      logSafeUrl('/api/v1/trials/NCT04613596?mutations=EGFR%3AL858R&q=osimertinib&limit=5'),
    ).toBe('/api/v1/trials/NCT04613596?mutations=EGFR%3AL858R&q=osimertinib&limit=5');
    expect(logSafeUrl('/api/v1/trials/D5160C00007')).toBe('/api/v1/trials/D5160C00007');
  });

  it('over HTTP: the probe URLs are logged masked, and the key appears in no line', async () => {
    const probes = [
      `/api/v1/trials?authorization=${key}`,
      `/api/v1/trials?bearer=${key}`,
      `/api/v1/trials?auth=${key}`,
      `/api/v1/trials?k=${key}`,
      `/api/v1/trials?q=${key}`,
      `/api/v1/trials/${key}`,
      `/api/v1/${key}`,
    ];
    const before = accessLines().length;
    for (const p of probes)
      await fetch(base + p, { headers: { Authorization: `Bearer ${key}` } }).then((r) => r.text());
    await expect.poll(() => accessLines().length - before).toBeGreaterThanOrEqual(probes.length);
    const urls = accessLines()
      .slice(before)
      .map((l) => (l.req as { url: string }).url);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/v1/trials?authorization=[redacted]',
        '/api/v1/trials?bearer=[redacted]',
        '/api/v1/trials?auth=[redacted]',
        '/api/v1/trials?k=[redacted]',
        '/api/v1/trials?q=[redacted]',
        '/api/v1/trials/[redacted]',
        '/api/v1/[redacted]',
      ]),
    );
    expect(JSON.stringify(log.lines())).not.toContain(key);
  });
});
