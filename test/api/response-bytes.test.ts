/**
 * Response bodies stay byte-identical through performance work (issue 24): the sha256 of
 * every body of a fixed request sequence over the demo data (fixed seed and date) is
 * compared (quota_used set to 0) with `response-bytes.golden.json`, recorded from the code before that work.
 * Each request is also sent twice with `Accept-Encoding: gzip` and twice with `br` (the
 * second time from the compressed-body cache), and the decoded body must be the plain one
 * (apart from the quota counters, which count every request).
 *
 * The sequence runs twice: over an index built from the tables at open, and over the same
 * tables published as a snapshot with its serving index (api/query/index-file.ts) and
 * opened from that file, as a server opens a pipeline's snapshot.
 *
 * A change that means to alter a body regenerates the file and says so in its commit:
 *   UPDATE_GOLDEN=1 npx vitest run test/api/response-bytes.test.ts
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIER_LIMITS } from '../../domain/tiers.js';
import { generateDemoTables } from '../../pipeline/demo/generate.js';
import { publishSnapshot } from '../../pipeline/publish/publish.js';
import { openSnapshotIndex, writeServingIndex } from '../../api/query/index-file.js';
import { SnapshotHolder } from '../../api/live-snapshot.js';
import { startTestApi, type TestApi } from './http.js';

const GOLDEN = path.join(import.meta.dirname, 'response-bytes.golden.json');
const UPDATE = process.env.UPDATE_GOLDEN === '1';

const ZIPS = ['10001', '60611', '94103', '77030', '98101', '59801'];
const ALL = 'statusBuckets=recruiting,active,completed,unknown';

/** GET paths: every list shape (filters, q, sorts, ZIP radii, explain, paging) and details. */
function getPaths(ids: readonly string[]): string[] {
  const list = [
    '',
    'limit=200',
    'offset=150&limit=50',
    `${ALL}&limit=100`,
    'diagnosisType=nsclc&country=us&gender=female&age=60',
    'trialPhase=Phase II,Phase III&statusBuckets=recruiting,active',
    'biomarkers=EGFR,ALK&mutations=KRAS:G12C',
    'mutations=PD-L1:TPS>=50',
    'cancerStage=extensive&firstPostedAfter=2019-03-01',
    'state=CA&trialStatus=RECRUITING',
    'q=osimertinib',
    'q=lung cancer&sort=last_updated',
    'q=NCT0&sort=start_date',
    'q=pembro',
    'explain=true&biomarkers=EGFR&limit=10',
    'explain=true&zip=10001&radius=100&mutations=KRAS:G12C&limit=10',
    ...ZIPS.flatMap((zip) => [25, 100, 500].map((r) => `zip=${zip}&radius=${r}`)),
    'zip=60611&radius=500&offset=100',
    'zip=94103&radius=500&sort=last_updated',
    'zip=77030&radius=100&biomarkers=EGFR',
    `zip=59801&radius=25&${ALL}`,
  ].map((q) => `/api/v1/trials${q ? `?${q}` : ''}`);
  const detail = ids.slice(0, 40).map((id) => `/api/v1/trials/${id}`);
  const matched = ids
    .slice(40, 46)
    .map((id) => `/api/v1/trials/${id}?biomarkers=EGFR&zip=10001&radius=500`);
  return [...list, ...detail, ...matched, '/api/v1/sources'];
}

/** MCP tools/call bodies (POST /mcp). */
function mcpCalls(ids: readonly string[]): string[] {
  const calls: [string, Record<string, unknown>][] = [
    ['search_trials', {}],
    ['search_trials', { mutations: ['EGFR:L858R', 'KRAS:G12C'], statusBuckets: ['recruiting'] }],
    ['search_trials', { zip: '60611', radius: 100, limit: 20 }],
    ['search_trials', { q: 'lung', explain: true }],
    ['get_trial', { nct_id: ids[3] }],
    ['get_trial', { nct_id: ids[5], biomarkers: ['EGFR'] }],
    [
      'match_patient',
      { age: 64, sex: 'female', biomarkers: ['KRAS:G12C'], zip: '10001', radius_miles: 500 },
    ],
    ['list_sources', {}],
  ];
  return calls.map(([name, args], i) =>
    JSON.stringify({
      jsonrpc: '2.0',
      id: i + 1,
      method: 'tools/call',
      params: { name, arguments: args },
    }),
  );
}

const QUOTA = /"quota_used":\d+/g;

function decode(encoding: string | null, bytes: Buffer): Buffer {
  if (encoding === 'gzip') return zlib.gunzipSync(bytes);
  if (encoding === 'br') return zlib.brotliDecompressSync(bytes);
  if (encoding === null) return bytes;
  throw new Error(`unexpected Content-Encoding ${encoding}`);
}

let api: TestApi;
let ids: string[];
let root: string | null = null;

/** The demo tables as the API sees them: in memory, or published and opened from the serving index. */
async function start(opened: 'built' | 'read'): Promise<void> {
  const tables = generateDemoTables({ scale: 'demo', now: new Date('2026-11-01T00:00:00Z') });
  // The partner tier's quota (it is in every body), without its burst limit.
  const limits = { ...TIER_LIMITS, partner: { ...TIER_LIMITS.partner, burstPerMinute: 1e6 } };
  if (opened === 'built') api = await startTestApi(tables, { limits });
  else {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'lungtrials-bytes-'));
    const { dir } = await publishSnapshot(tables, { root, servingIndex: writeServingIndex });
    const opened = await openSnapshotIndex(dir, {}, () => Promise.reject(new Error('not read')));
    // The version built-at-open bodies carry (page tokens name it).
    const manifest = { ...opened.manifest, version: 'test-v1' };
    api = await startTestApi(SnapshotHolder.fixed(manifest, opened.index, 'read'), { limits });
  }
  const res = await api.get(`/api/v1/trials?${ALL}&limit=200`);
  const first = ((await res.json()) as { data: { nct_id: string }[] }).data;
  const res2 = await api.get(`/api/v1/trials?${ALL}&limit=200&offset=200`);
  const rest = ((await res2.json()) as { data: { nct_id: string }[] }).data;
  ids = [...first, ...rest].map((t) => t.nct_id);
}

async function stop(): Promise<void> {
  await api.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
  root = null;
}

/** One request over node:http, which leaves the body encoded (fetch would decode it). */
function send(
  request: { path: string; body?: string },
  encoding: string,
): Promise<{ status: number; body: Buffer }> {
  const headers: Record<string, string> = {
    'Accept-Encoding': encoding,
    Authorization: `Bearer ${api.key}`,
  };
  if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    headers.Accept = 'application/json, text/event-stream';
  }
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${api.base}${request.path}`,
      { method: request.body === undefined ? 'GET' : 'POST', headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const encoded = res.headers['content-encoding'] ?? null;
          resolve({ status: res.statusCode ?? 0, body: decode(encoded, Buffer.concat(chunks)) });
        });
      },
    );
    req.on('error', reject);
    req.end(request.body);
  });
}

describe.each(['built', 'read'] as const)('response bytes, index %s at open', (opened) => {
  beforeAll(() => start(opened));
  afterAll(stop);

  it('are the recorded ones, plain and decoded from gzip and br', async () => {
    const requests: { path: string; body?: string }[] = [
      ...getPaths(ids).map((p) => ({ path: p })),
      ...mcpCalls(ids).map((body) => ({ path: '/mcp', body })),
    ];
    const hashes: Record<string, string> = {};
    for (const [i, request] of requests.entries()) {
      const name = `${i} ${request.path}${request.body ? ` ${request.body}` : ''}`;
      const plain = await send(request, 'identity');
      expect(plain.status, name).toBe(200);
      // The counters move with every request sent, so the recorded hash is of the rest.
      const counted = plain.body.toString().replace(QUOTA, '"quota_used":0');
      hashes[name] = createHash('sha256').update(counted).digest('hex');
      // Twice each: the second gzip or br response of a URL comes from the compressed-body cache.
      for (const encoding of ['gzip', 'br', 'gzip', 'br']) {
        const decoded = await send(request, encoding);
        expect(decoded.status, `${name} ${encoding}`).toBe(200);
        expect(decoded.body.toString().replace(QUOTA, ''), `${name} ${encoding}`).toBe(
          plain.body.toString().replace(QUOTA, ''),
        );
      }
    }
    if (UPDATE && opened === 'built')
      fs.writeFileSync(GOLDEN, `${JSON.stringify(hashes, null, 1)}\n`);
    const golden = JSON.parse(fs.readFileSync(GOLDEN, 'utf8')) as Record<string, string>;
    expect(Object.keys(hashes)).toEqual(Object.keys(golden));
    for (const [name, hash] of Object.entries(hashes)) expect(hash, name).toBe(golden[name]);
  });
});
