/**
 * The operator surface as an attacker probes it: security headers on every response,
 * no X-Powered-By, no CORS on the dashboard, a cross-site text/plain POST with the
 * operator's Basic credentials refused (no job added); parser-level errors answered with
 * the JSON envelope; an access log that never holds a key.
 */
import type { Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.js';
import { answerParserErrors } from '../../api/client-error.js';
import { MemoryKeyStore } from '../../api/keys/memory-store.js';
import { MemoryUsageCounter } from '../../api/limits/memory-counter.js';
import { accessLog } from '../../api/middleware/access-log.js';
import { openOperatorDashboard, type OperatorDashboard } from '../../api/operator/dashboard.js';
import { SnapshotHolder } from '../../api/live-snapshot.js';
import { generateDemoTables } from '../../pipeline/demo/index.js';
import { bullPrefix, connectQueueRedis, openQueues } from '../../workers/queues.js';
import { capturingLogger } from '../helpers/processes.js';
import { testRedis, type TestRedis } from '../helpers/redis.js';

const TOKEN = 'operator-token-for-security-tests-0123';
const basic = `Basic ${Buffer.from(`ops:${TOKEN}`).toString('base64')}`;
let world: TestRedis;
let dashboard: OperatorDashboard;
let server: Server;
let base: string;
let key: string;
const log = capturingLogger();

beforeAll(async () => {
  world = await testRedis();
  dashboard = (await openOperatorDashboard({
    token: TOKEN,
    redisUrl: world.url,
    redisPrefix: world.prefix,
    logger: log.logger,
  }))!;
  const keys = new MemoryKeyStore();
  key = (await keys.create('security', 'partner')).plaintext;
  const app = createApp({
    snapshots: SnapshotHolder.fromTables(generateDemoTables({ scale: 'demo' }), {
      version: 'sec-v1',
    }),
    keys,
    usage: new MemoryUsageCounter(),
    logger: log.logger,
    contactEmail: 'ops@test.invalid',
    operatorRouter: dashboard.router,
    accessLog: accessLog(log.logger),
  });
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  answerParserErrors(server, log.logger);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await dashboard?.close();
  await world.cleanup();
});

/** Sends raw bytes and returns the raw answer. */
function raw(request: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const { port } = server.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
    let out = '';
    socket.on('data', (d) => (out += d.toString()));
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
  });
}

describe('security headers and CORS', () => {
  it('API responses carry helmet headers and no X-Powered-By; CORS only on /api/v1', async () => {
    const res = await fetch(`${base}/api/v1/trials?limit=1`, {
      headers: { Authorization: `Bearer ${key}`, Origin: 'https://app.example' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const missing = await fetch(`${base}/nowhere`, { headers: { Origin: 'https://app.example' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff');
    expect(missing.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('the dashboard sends its own CSP, no X-Powered-By and no CORS', async () => {
    const page = await fetch(`${base}/operator/queues`, {
      headers: { Authorization: basic, Origin: 'https://evil.example' },
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(
      /default-src 'self';.*frame-ancestors 'none'/,
    );
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    expect(page.headers.get('x-powered-by')).toBeNull();
    expect(page.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${base}/operator/queues/api/queues/stage-registry/add`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a cross-site text/plain POST with Basic credentials; no job is added', async () => {
    const connection = await connectQueueRedis(world.url, { logger: log.logger });
    const queues = openQueues({ connection, prefix: bullPrefix(world.prefix) });
    try {
      const queue = queues.all()[0];
      const before = await queue.count();
      const add = `${base}/operator/queues/api/queues/${encodeURIComponent(queue.name)}/add`;
      const body = JSON.stringify({ name: 'csrf', data: {} });
      const attack = await fetch(add, {
        method: 'POST',
        headers: {
          Authorization: basic,
          'Content-Type': 'text/plain',
          Origin: 'https://evil.example',
        },
        body,
      });
      expect(attack.status).toBe(403);
      expect(((await attack.json()) as { error: { code: string } }).error.code).toBe(
        'cross_site_request',
      );
      const siteOnly = await fetch(add, {
        method: 'POST',
        headers: {
          Authorization: basic,
          'Content-Type': 'text/plain',
          'Sec-Fetch-Site': 'cross-site',
        },
        body,
      });
      expect(siteOnly.status).toBe(403);
      expect(await queue.count()).toBe(before);
      // The dashboard's own request (same origin) still works.
      const own = await fetch(add, {
        method: 'POST',
        headers: { Authorization: basic, 'Content-Type': 'application/json', Origin: base },
        body,
      });
      expect(own.status).toBe(200);
      expect(await queue.count()).toBe(before + 1);
      await queue.obliterate({ force: true });
    } finally {
      await queues.close(log.logger);
      connection.disconnect();
    }
  });
});

describe('dashboard body limit', () => {
  it('a write body over 100 KB is 413 before the operator token is checked; nothing is added', async () => {
    const connection = await connectQueueRedis(world.url, { logger: log.logger });
    const queues = openQueues({ connection, prefix: bullPrefix(world.prefix) });
    try {
      const queue = queues.all()[0];
      const before = await queue.count();
      const add = `${base}/operator/queues/api/queues/${encodeURIComponent(queue.name)}/add`;
      const body = JSON.stringify({ name: 'big', data: { pad: 'x'.repeat(200 * 1024) } });
      for (const headers of [{}, { Authorization: basic }] as Record<string, string>[]) {
        const res = await fetch(add, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: base, ...headers },
          body,
        });
        expect(res.status).toBe(413);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
          'payload_too_large',
        );
      }
      expect(await queue.count()).toBe(before);
    } finally {
      await queues.close(log.logger);
      connection.disconnect();
    }
  });
});

describe('parser-level errors and the access log', () => {
  it('answers headers over the limit, bad bytes and unknown methods with the JSON envelope', async () => {
    const big = await raw(
      `GET /api/v1/trials HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(big).toMatch(/^HTTP\/1\.1 431 /);
    expect(big).toContain('Content-Type: application/json');
    expect(JSON.parse(big.slice(big.indexOf('\r\n\r\n') + 4))).toEqual({
      error: { code: 'headers_too_large', message: 'The request headers are too large.' },
    });
    for (const request of [
      '\x00\x01\x02garbage\r\n\r\n',
      'FROB /api/v1/trials HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET /api/v1/trials HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n',
    ]) {
      const answer = await raw(request);
      expect(answer, JSON.stringify(request)).toMatch(/^HTTP\/1\.1 400 /);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)).error.code).toBe(
        'bad_request',
      );
    }
  });

  it('logs one access line per response with method, path, status and time, never the key', async () => {
    const before = log.lines().filter((l) => l.component === 'access').length;
    await fetch(`${base}/api/v1/trials?limit=2`, { headers: { Authorization: `Bearer ${key}` } });
    await fetch(`${base}/api/v1/trials?limit=2&api_key=${key}`, { headers: { 'X-API-Key': key } });
    // pino-http writes its line when the response finishes, which may come after fetch resolves.
    await expect
      .poll(() => log.lines().filter((l) => l.component === 'access').length, { timeout: 60_000 })
      .toBeGreaterThanOrEqual(before + 2);
    const lines = log.lines().filter((l) => l.component === 'access');
    expect(lines).toContainEqual(
      expect.objectContaining({
        req: { method: 'GET', url: '/api/v1/trials?limit=2' },
        res: { statusCode: 200 },
        responseTime: expect.any(Number) as unknown,
      }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({
        req: { method: 'GET', url: '/api/v1/trials?limit=2&api_key=[redacted]' },
        res: { statusCode: 400 },
      }),
    );
    expect(JSON.stringify(log.lines())).not.toContain(key);
  });
});
