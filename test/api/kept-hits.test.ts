/**
 * A repeated list or /match page answered before Express's chain (api/routes/kept-hits.ts),
 * and a repeated MCP tool call (api/mcp/kept-calls.ts), is the response the chain would
 * have sent: the same status, header lines in the same order and body bytes, the key's
 * counters (and a call's id) aside; every request is counted once; refusals, conditional
 * requests, HEAD and other Accepts or encodings are answered by the chain as before.
 */
import http from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.js';
import { MemoryKeyStore } from '../../api/keys/memory-store.js';
import { StoreGate, type RequestGate } from '../../api/limits/gate.js';
import { MemoryUsageCounter } from '../../api/limits/memory-counter.js';
import { SnapshotHolder } from '../../api/live-snapshot.js';
import { keepRecipe, useRecipe } from '../../api/routes/list-recipes.js';
import { RedisUnavailableError } from '../../api/redis.js';
import { createLogger } from '../../config/logger.js';
import { TIER_LIMITS } from '../../domain/tiers.js';
import type { SnapshotTables } from '../../domain/rows.js';
import { generateDemoTables } from '../../pipeline/demo/index.js';

const BURST = 40;
let tables: SnapshotTables;
let server: Server | null = null;
let base: string;
let keys: MemoryKeyStore;
let snapshots: SnapshotHolder;
/** Requests that went down the chain past compression (the operator routes' place). */
let chained = 0;
/** The next admission fails as a Redis outage would. */
let failNext = false;

/** A server over a snapshot of its own, so no page is kept yet. */
async function restart(): Promise<void> {
  await stop();
  keys = new MemoryKeyStore();
  const usage = new MemoryUsageCounter({
    limits: { ...TIER_LIMITS, partner: { dailyQuota: 100_000, burstPerMinute: BURST } },
  });
  const stores = new StoreGate(keys, usage);
  const gate: RequestGate = {
    admit(plaintext, mode) {
      if (!failNext) return stores.admit(plaintext, mode);
      failNext = false;
      return Promise.reject(new RedisUnavailableError('Redis is unavailable: test'));
    },
  };
  const counting = express.Router();
  counting.use((_req, _res, next) => {
    chained++;
    next();
  });
  snapshots = SnapshotHolder.fromTables(tables, { version: 'kept-v1' });
  const app = createApp({
    snapshots,
    keys,
    usage,
    gate,
    logger: createLogger('silent'),
    contactEmail: 'ops@test.invalid',
    operatorRouter: counting,
  });
  const started = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  server = started;
  base = `http://127.0.0.1:${(started.address() as AddressInfo).port}`;
}

async function stop(): Promise<void> {
  const running = server;
  server = null;
  if (!running) return;
  running.closeAllConnections();
  await new Promise<void>((resolve) => running.close(() => resolve()));
}

beforeAll(async () => {
  tables = generateDemoTables({ scale: 'demo' });
  await restart();
}, 60_000);
afterAll(stop);

interface Raw {
  status: number;
  /** Header lines as sent, Date left out. */
  lines: string[];
  body: Buffer;
  remaining: number;
}

/** One request over node:http: header lines in order, the body decoded. */
function send(
  path: string,
  headers: Record<string, string>,
  method = 'GET',
  body?: string,
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const lines: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          if (res.rawHeaders[i] !== 'Date')
            lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
        const bytes = Buffer.concat(chunks);
        const coding = res.headers['content-encoding'];
        const body =
          coding === 'gzip'
            ? zlib.gunzipSync(bytes)
            : coding === 'br'
              ? zlib.brotliDecompressSync(bytes)
              : bytes;
        resolve({
          status: res.statusCode ?? 0,
          lines,
          body,
          remaining: Number(res.headers['x-ratelimit-remaining'] ?? NaN),
        });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * The response with its counters blanked, for comparing two responses of one URL (its
 * Content-Length less the digits of quota_used, which a compressed body carries as is too).
 */
function uncounted(raw: Raw): { status: number; lines: string[]; body: string } {
  const text = raw.body.toString('latin1');
  const used = /"quota_used":(\d+)/.exec(text)?.[1] ?? '';
  return {
    status: raw.status,
    lines: raw.lines
      .filter((l) => !/^X-RateLimit-(Burst-)?Remaining:/.test(l))
      .map((l) =>
        l.startsWith('Content-Length: ')
          ? `Content-Length: ${Number(l.slice(16)) - used.length}`
          : l,
      ),
    body: text.replace(/"quota_used":\d+/g, '"quota_used":0'),
  };
}

async function newKey(label: string): Promise<string> {
  return (await keys.create(label.replace(/[^A-Za-z0-9._-]/g, '-'), 'partner')).plaintext;
}

const LISTS = [
  '/api/v1/trials',
  '/api/v1/trials?limit=10&offset=30',
  '/api/v1/trials?biomarkers=EGFR&statusBuckets=recruiting,active',
  '/api/v1/trials?q=osimertinib&sort=last_updated',
  '/api/v1/trials?zip=10001&radius=100&limit=5',
  '/api/v1/trials?fields=brief_title,phase,url&limit=20',
  '/api/v1/trials?explain=true&biomarkers=EGFR&limit=5',
  '/api/v1/trials?format=csv&limit=20',
  '/api/v1/trials?format=csv&fields=brief_title,phase,url&state=CA',
  '/api/v1/match?diagnosisType=nsclc&age=62&gender=female&markers=EGFR:L858R&limit=10',
  '/api/v1/match?diagnosisType=nsclc&age=58&markers=KRAS:G12C,PD-L1:TPS=60&negativeFor=ALK&zip=10001&radius=100&includeIneligible=true&explain=true',
];
const CLIENTS: Record<string, Record<string, string>> = {
  'no Accept-Encoding': {},
  identity: { 'Accept-Encoding': 'identity' },
  gzip: { 'Accept-Encoding': 'gzip, deflate' },
  br: { 'Accept-Encoding': 'gzip, deflate, br' },
  'Accept */*': { Accept: '*/*' },
  'Accept application/json': { Accept: 'application/json', 'Accept-Encoding': 'gzip' },
};

describe('a kept list page answered before the chain', () => {
  it.each(Object.entries(CLIENTS))(
    'is the chain response, byte for byte (%s)',
    async (_, extra) => {
      // A server of its own, so the first request of each URL renders it.
      await restart();
      const key = await newKey(`same ${_}`);
      for (const path of LISTS) {
        const headers = { Authorization: `Bearer ${key}`, ...extra };
        const before = chained;
        const first = await send(path, headers);
        if (first.status === 406) continue; // application/json for a CSV URL: the chain's 406
        expect(first.status, path).toBe(200);
        expect(chained, path).toBe(before + 1);
        const second = await send(path, headers);
        expect(uncounted(second), path).toEqual(uncounted(first));
        expect(second.remaining, path).toBe(first.remaining - 1);
        // The middleware compresses a CSV per response: a compressing client's goes down the chain.
        const compressed = /gzip|br/.test(extra['Accept-Encoding'] ?? '');
        const skipped = !(path.includes('format=csv') && compressed);
        expect(chained, path).toBe(before + (skipped ? 1 : 2));
      }
    },
  );

  it.each(Object.entries(CLIENTS))(
    'answers a detail before the chain as the chain does (%s)',
    async (_, extra) => {
      const headers = { Authorization: `Bearer ${await newKey(`detail ${_}`)}`, ...extra };
      const id = tables.trials[7].nct_id;
      const before = chained;
      const first = await send(`/api/v1/trials/${id}`, headers);
      const second = await send(`/api/v1/trials/${id}`, headers);
      expect(chained).toBe(before);
      // Percent-encoded, the same trial goes down the chain (the early path takes plain ids only).
      const encoded = `%${id.charCodeAt(0).toString(16).toUpperCase()}${id.slice(1)}`;
      const chain = await send(`/api/v1/trials/${encoded}`, headers);
      expect(chained).toBe(before + 1);
      expect(chain.status).toBe(200);
      expect(JSON.parse(chain.body.toString()).data.nct_id).toBe(id);
      // The ETag is a digest of the URL as sent; everything else is the same.
      const sameBut = (raw: Raw) => {
        const u = uncounted(raw);
        return { ...u, lines: u.lines.map((l) => (l.startsWith('ETag: ') ? 'ETag' : l)) };
      };
      expect(sameBut(first)).toEqual(sameBut(chain));
      expect(sameBut(second)).toEqual(sameBut(chain));
      expect(second.remaining).toBe(first.remaining - 1);
    },
  );

  it('counts every request once, kept or not, and refuses past the burst as the chain does', async () => {
    const key = await newKey('burst');
    const auth = { Authorization: `Bearer ${key}` };
    const path = '/api/v1/trials?limit=7';
    const remaining: number[] = [];
    for (let i = 0; i < BURST; i++) remaining.push((await send(path, auth)).remaining);
    expect(remaining).toEqual(Array.from({ length: BURST }, (_, i) => 100_000 - 1 - i));
    const before = chained;
    const refused = await send(path, auth);
    const refusedElsewhere = await send('/api/v1/trials?limit=8', auth);
    expect(refused.status).toBe(429);
    expect(chained).toBe(before + 2);
    expect(uncounted(refused)).toEqual(uncounted(refusedElsewhere));
    expect(refused.remaining).toBe(100_000 - BURST);
  });

  it('leaves unknown and revoked keys, outages, HEAD, conditionals and other Accepts to the chain', async () => {
    const key = await newKey('refusals');
    const auth = { Authorization: `Bearer ${key}` };
    const kept = '/api/v1/trials?limit=9';
    const first = await send(kept, auth);
    const etag = first.lines.find((l) => l.startsWith('ETag: '))!.slice(6);

    const unknown = await send(kept, { Authorization: 'Bearer lt_nonexistent_key_000000' });
    expect(unknown.status).toBe(401);
    expect(uncounted(unknown)).toEqual(
      uncounted(
        await send('/api/v1/trials?limit=11', {
          Authorization: 'Bearer lt_nonexistent_key_000000',
        }),
      ),
    );
    expect((await send(kept, {})).status).toBe(401);

    failNext = true;
    const outage = await send(kept, auth);
    expect(outage.status).toBe(503);
    expect(JSON.parse(outage.body.toString()).error.code).toBe('service_unavailable');

    expect((await send(kept, { ...auth, 'If-None-Match': etag })).status).toBe(304);
    const head = await send(kept, auth, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    const csv = await send(kept, { ...auth, Accept: 'text/csv' });
    expect(csv.lines).toContain('Content-Type: text/csv; charset=utf-8; header=present');
    expect((await send(kept, { ...auth, Accept: 'image/png' })).status).toBe(406);
    const again = await send(kept, auth);
    expect(uncounted(again)).toEqual(uncounted(first));

    await keys.revoke('refusals');
    const revoked = await send(kept, auth);
    expect(revoked.status).toBe(403);
    expect(JSON.parse(revoked.body.toString()).error.code).toBe('key_revoked');
  });

  it('sends a CSV kept for an Accept that chose it only to clients that ask for CSV', async () => {
    const key = await newKey('csv by accept');
    const auth = { Authorization: `Bearer ${key}` };
    const path = '/api/v1/trials?limit=6&state=NY';
    const csv = await send(path, { ...auth, Accept: 'text/csv' });
    expect(csv.lines).toContain('Content-Type: text/csv; charset=utf-8; header=present');
    const json = await send(path, auth);
    expect(json.lines).toContain('Content-Type: application/json; charset=utf-8');
    expect(JSON.parse(json.body.toString()).data).toHaveLength(6);
  });

  it('renders a page whose bytes left the ring from its recipe, as the chain rendered it', async () => {
    const key = await newKey('recipes');
    const auth = { Authorization: `Bearer ${key}` };
    const pages = [
      '/api/v1/trials?zip=10001&radius=100',
      '/api/v1/trials?zip=94103&radius=500&limit=7&offset=3',
      '/api/v1/trials?biomarkers=ALK&limit=4',
    ];
    const firsts = [];
    for (const path of pages) firsts.push(await send(path, auth));
    // Every kept body written over: 33 MiB of others through the 32 MiB ring.
    const bodies = snapshots.current()!.compressed;
    for (let i = 0; i < 33; i++) bodies.putPlain(`/flush/${i}`, Buffer.alloc(2 ** 20), {});
    expect(bodies.plainSize).toBe(31);
    const before = chained;
    let remaining = firsts[pages.length - 1].remaining;
    for (const [i, path] of pages.entries()) {
      const rendered = await send(path, auth);
      expect(uncounted(rendered), path).toEqual(uncounted(firsts[i]));
      expect(rendered.remaining, path).toBe(--remaining);
      const kept = await send(path, auth);
      expect(uncounted(kept), path).toEqual(uncounted(firsts[i]));
      expect(kept.remaining, path).toBe(--remaining);
    }
    expect(chained).toBe(before);
    // A compressing client's page out of the ring is the chain's to compress again.
    const gzip = await send(pages[0], { ...auth, 'Accept-Encoding': 'gzip' });
    expect(gzip.lines).toContain('Content-Encoding: gzip');
    expect(chained).toBe(before + 1);
  });

  it('renders a page the ring does not admit each time, as the chain did, until it is asked more', async () => {
    await restart();
    const key = await newKey('admission');
    const auth = { Authorization: `Bearer ${key}` };
    const path = '/api/v1/trials?zip=10001&radius=100';
    const first = await send(path, auth);
    // The ring written over by 64 KiB pages each asked 3 times (recipes of their own), so
    // less room is left between the newest and the oldest than the page takes.
    const { compressed: bodies, index } = snapshots.current()!;
    const recipe = { result: { total: 0, hits: [] }, page: { limit: 1, offset: 0 }, centre: null };
    for (let i = 0; i < 530; i++) {
      keepRecipe(index, `/busy/${i}`, { ...recipe, headers: {} });
      for (let n = 1; n < 3; n++) useRecipe(index, `/busy/${i}`);
      bodies.putPlain(`/busy/${i}`, Buffer.alloc(2 ** 16), {});
    }
    expect(first.body.length).toBeGreaterThan(2 ** 16);
    expect(bodies.has(path)).toBe(false);
    const before = chained;
    let remaining = first.remaining;
    // Asked a second and third time: rendered from its recipe, not kept over pages asked as often.
    for (let n = 2; n <= 4; n++) {
      const rendered = await send(path, auth);
      expect(uncounted(rendered)).toEqual(uncounted(first));
      expect(rendered.remaining).toBe(--remaining);
      expect(bodies.has(path), `request ${n}`).toBe(n === 4);
    }
    expect(chained).toBe(before);
  });
});

const MCP_HEADERS = {
  'Content-Type': 'application/json',
  Accept: 'application/json, text/event-stream',
};

/** A tools/call POST with a declared length (node:http sends a string body with one). */
function postCall(
  headers: Record<string, string>,
  id: number,
  name: string,
  args?: unknown,
): Promise<Raw> {
  const message = { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } };
  const body = JSON.stringify(message);
  const length = { 'Content-Length': String(Buffer.byteLength(body)) };
  return send('/mcp', { ...MCP_HEADERS, ...length, ...headers }, 'POST', body);
}

/** An MCP response with its counters blanked and its JSON-RPC id set to 0. */
function uncountedCall(raw: Raw): ReturnType<typeof uncounted> {
  const u = uncounted(raw);
  const id = /"id":(\d+)}$/.exec(u.body)?.[1] ?? '';
  const lines = u.lines.map((l) =>
    l.startsWith('Content-Length: ') ? `Content-Length: ${Number(l.slice(16)) - id.length + 1}` : l,
  );
  return { ...u, lines, body: u.body.replace(/"id":\d+}$/, '"id":0}') };
}

const CALLS: [string, unknown][] = [
  ['search_trials', { biomarkers: ['EGFR'], statusBuckets: ['recruiting'], limit: 5 }],
  ['search_trials', { mutations: ['KRAS:G12C'], zip: '10001', radius: 500, explain: true }],
  ['get_trial', { nct_id: 'DEMO-000009', biomarkers: ['ALK'] }],
  ['match_patient', { diagnosisType: 'nsclc', age: 61, markers: ['EGFR:L858R'] }],
  ['list_sources', undefined],
];

describe('a kept MCP tool call answered before the chain', () => {
  const ENCODINGS: Record<string, Record<string, string>> = {
    'no Accept-Encoding': {},
    identity: { 'Accept-Encoding': 'identity' },
    gzip: { 'Accept-Encoding': 'gzip, deflate' },
    br: { 'Accept-Encoding': 'gzip, deflate, br' },
  };
  it.each(Object.entries(ENCODINGS))(
    'is the chain response, byte for byte, the id and counters aside (%s)',
    async (label, extra) => {
      await restart();
      const auth = { Authorization: `Bearer ${await newKey(`mcp ${label}`)}`, ...extra };
      for (const [name, args] of CALLS) {
        const before = chained;
        const first = await postCall(auth, 7, name, args);
        expect(first.status, name).toBe(200);
        expect(chained, name).toBe(before + 1);
        const second = await postCall(auth, 1234, name, args);
        expect(chained, name).toBe(before + 1);
        expect(JSON.parse(second.body.toString()).id).toBe(1234);
        expect(uncountedCall(second), name).toEqual(uncountedCall(first));
        expect(second.remaining, name).toBe(first.remaining - 1);
      }
    },
  );

  it('leaves deflate, refusals, outages and bodies it cannot read to the chain', async () => {
    const key = await newKey('mcp chain');
    const auth = { Authorization: `Bearer ${key}` };
    const [name, args] = CALLS[0];
    const first = await postCall(auth, 1, name, args);
    let before = chained;
    const deflate = await postCall({ ...auth, 'Accept-Encoding': 'deflate' }, 2, name, args);
    expect(deflate.lines).toContain('Content-Encoding: deflate');
    expect(uncountedCall({ ...deflate, body: zlib.inflateSync(deflate.body) }).body).toBe(
      uncountedCall(first).body,
    );
    expect(chained).toBe(before + 1);

    const unknown = await postCall(
      { Authorization: 'Bearer lt_nonexistent_key_000000' },
      3,
      name,
      args,
    );
    expect(unknown.status).toBe(401);
    expect(JSON.parse(unknown.body.toString()).error.data.code).toBe('invalid_api_key');
    expect((await postCall({}, 4, name, args)).status).toBe(401);

    failNext = true;
    const outage = await postCall(auth, 5, name, args);
    expect(outage.status).toBe(503);
    expect(JSON.parse(outage.body.toString()).error.data.code).toBe('service_unavailable');

    // Not JSON, with a declared length: read here, refused by the router as its own parser would.
    before = chained;
    const garbled = await send(
      '/mcp',
      { ...MCP_HEADERS, ...auth, 'Content-Length': '9' },
      'POST',
      '{"jsonrpc',
    );
    expect(garbled.status).toBe(400);
    expect(JSON.parse(garbled.body.toString()).error.data.code).toBe('invalid_parameter');
    expect(garbled.lines).toContain('Access-Control-Allow-Origin: *');
    expect(chained).toBe(before + 1);
    // A length over the limit: 413 before a byte is read.
    const large = await send(
      '/mcp',
      { ...MCP_HEADERS, ...auth, 'Content-Length': String(2 ** 20) },
      'POST',
    );
    expect(large.status).toBe(413);

    const again = await postCall(auth, 6, name, args);
    expect(uncountedCall(again)).toEqual(uncountedCall(first));
    // Counted: the deflate call and this one (refusals, outages and unread bodies are not).
    expect(again.remaining).toBe(first.remaining - 2);
  });

  it('counts every call once and refuses past the burst as the chain does', async () => {
    const auth = { Authorization: `Bearer ${await newKey('mcp burst')}` };
    const [name, args] = CALLS[0];
    const remaining: number[] = [];
    for (let i = 0; i < BURST; i++) remaining.push((await postCall(auth, i, name, args)).remaining);
    expect(remaining).toEqual(Array.from({ length: BURST }, (_, i) => 100_000 - 1 - i));
    const before = chained;
    const refused = await postCall(auth, 99, name, args);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body.toString()).error.data.code).toBe('rate_limit_exceeded');
    expect(chained).toBe(before + 1);
    expect(refused.remaining).toBe(100_000 - BURST);
  });
});
