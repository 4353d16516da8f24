/** Data bodies compressed once per snapshot and URL, with each key's quota counters spliced in (issue 24). */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoTables } from '../../pipeline/demo/generate.js';
import { CompressedBodies, bodyEnd, type BodyCoding } from '../../api/routes/compressed-bodies.js';
import { startTestApi, type TestApi } from './http.js';

const CODINGS: BodyCoding[] = ['gzip', 'br'];

function decode(coding: string | undefined, bytes: Buffer): Buffer {
  if (coding === 'gzip') return zlib.gunzipSync(bytes);
  if (coding === 'br') return zlib.brotliDecompressSync(bytes);
  if (coding === 'deflate') return zlib.inflateSync(bytes);
  return bytes;
}

/** Decoded by a stream fed in pieces, its last 64 bytes (the spliced frame) one at a time. */
async function decodeStreamed(coding: BodyCoding, bytes: Buffer): Promise<Buffer> {
  const stream = coding === 'gzip' ? zlib.createGunzip() : zlib.createBrotliDecompress();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve, reject) => stream.on('end', resolve).on('error', reject));
  const split = Math.max(0, bytes.length - 64);
  for (let i = 0; i < split; i += 4096) stream.write(bytes.subarray(i, Math.min(split, i + 4096)));
  for (let i = split; i < bytes.length; i++) stream.write(bytes.subarray(i, i + 1));
  stream.end();
  await done;
  return Buffer.concat(chunks);
}

describe('bodyEnd', () => {
  it('decodes to the head followed by the tail, for compressible and random heads', async () => {
    const json = Buffer.from(JSON.stringify({ data: Array(400).fill({ a: 'trial', b: 12 }) }));
    const heads = [json, randomBytes(70_000), json.subarray(0, 1024)];
    const tails = ['}', '"quota_used":7,"quota_limit":10000}}', 'x'.repeat(65_535)];
    for (const coding of CODINGS) {
      const bodies = new CompressedBodies();
      for (const [h, head] of heads.entries()) {
        const entry = bodies.put(`${h}`, coding, head, {});
        for (const text of tails) {
          const tail = Buffer.from(text);
          const expected = Buffer.concat([head, tail]);
          const encoded = Buffer.concat([entry.head, bodyEnd(entry, tail)]);
          expect(decode(coding, encoded).equals(expected), `${coding} ${h}`).toBe(true);
          if (text.length < 100)
            expect((await decodeStreamed(coding, encoded)).equals(expected)).toBe(true);
        }
      }
    }
  });

  it('keeps at most its byte budget, the oldest out first', () => {
    const bodies = new CompressedBodies(40_000);
    const heads = ['a', 'b', 'c'].map(() => randomBytes(15_000));
    heads.forEach((head, i) => bodies.put('abc'[i], 'gzip', head, {}));
    expect(bodies.size).toBe(2);
    expect(bodies.get('a', null)).toBeUndefined();
    for (const [i, key] of [[1, 'b'] as const, [2, 'c'] as const]) {
      const kept = bodies.get(key, null)!;
      const body = zlib.gunzipSync(Buffer.concat([kept.head, bodyEnd(kept, Buffer.from('x'))]));
      expect(body.equals(Buffer.concat([heads[i], Buffer.from('x')]))).toBe(true);
    }
  });
});

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi(
    generateDemoTables({ scale: 'demo', now: new Date('2026-11-01T00:00:00Z') }),
  );
});
afterAll(async () => api.close());

function get(
  path: string,
  encoding: string,
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${api.base}${path}`,
      { method, headers: { 'Accept-Encoding': encoding, Authorization: `Bearer ${api.key}` } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c)).on('error', reject);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: decode(res.headers['content-encoding'], Buffer.concat(chunks)),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const quotaUsed = (body: Buffer) => JSON.parse(body.toString()).meta.quota_used as number;

describe('GET /trials through the compressed-body cache', () => {
  it('answers a repeat from the cache with the quota counted now, headers kept', async () => {
    const path = '/api/v1/trials?limit=20&offset=20&trialPhase=Phase II';
    const compressed = api.holder.current()!.compressed;
    for (const coding of CODINGS) {
      const before = compressed.size;
      const first = await get(path, `deflate, ${coding}`);
      const second = await get(path, `deflate, ${coding}`);
      // One entry for the URL and coding: the second response was the cached head.
      expect(compressed.size).toBe(before + 1);
      for (const res of [first, second]) {
        expect(res.status).toBe(200);
        expect(res.headers['content-encoding']).toBe(coding);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        // A list also varies on Accept (CSV is negotiated); the cached head keeps the same list.
        expect(res.headers.vary).toBe('Authorization, X-API-Key, Accept, Accept-Encoding');
        expect(res.headers.link).toMatch(/rel="next"/);
        expect(res.headers['x-ratelimit-remaining']).toBeDefined();
      }
      expect(quotaUsed(second.body)).toBe(quotaUsed(first.body) + 1);
      const plain = await get(path, 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(second.body.toString()).toBe(
        plain.body.toString().replace(/"quota_used":\d+/, `"quota_used":${quotaUsed(second.body)}`),
      );
    }
  });

  it('leaves deflate-only clients and HEAD to the compression middleware, as before', async () => {
    const deflated = await get('/api/v1/trials?limit=5', 'deflate');
    expect(deflated.headers['content-encoding']).toBe('deflate');
    expect(JSON.parse(deflated.body.toString()).data).toHaveLength(5);
    const head = await get('/api/v1/trials?limit=5', 'gzip', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    // A body under the 1 KB threshold stays plain.
    const small = await get('/api/v1/trials?limit=1&q=zzzzzz', 'gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString()).meta.total).toBe(0);
  });
});

/** Response headers that belong to the body, not to the moment or the key's counters. */
function bodyHeaders(headers: http.IncomingHttpHeaders): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => name !== 'date' && !name.startsWith('x-ratelimit')),
  );
}

describe('plain bodies kept per snapshot and URL', () => {
  const withQuota = (body: Buffer, used: number) =>
    body.toString().replace(/"quota_used":\d+/, `"quota_used":${used}`);

  it('answers a repeated /trials, ZIP, /match, CSV and projected request with the bytes a fresh render gives', async () => {
    const paths = [
      '/api/v1/trials?limit=20&offset=40&trialPhase=Phase II',
      '/api/v1/trials?zip=10001&radius=500&limit=10',
      '/api/v1/match?diagnosisType=nsclc&age=60&gender=female&markers=EGFR:L858R&zip=10001&radius=500&limit=10',
      '/api/v1/trials?limit=10&format=csv',
      // Projected: not rendered in place in the ring, but kept as a copy.
      '/api/v1/trials?zip=10001&radius=100&limit=10&fields=nct_id,locations_sample',
    ];
    const compressed = api.holder.current()!.compressed;
    for (const path of paths) {
      const before = compressed.plainSize;
      const first = await get(path, '');
      const second = await get(path, 'identity');
      expect(compressed.plainSize, path).toBe(before + 1);
      // deflate is rendered and compressed per response by the middleware: a fresh render.
      const fresh = await get(path, 'deflate');
      for (const res of [first, second]) {
        expect(res.status, path).toBe(200);
        expect(res.headers['content-encoding']).toBeUndefined();
        expect(Number(res.headers['content-length'])).toBe(res.body.length);
      }
      // The kept body goes out with the headers a render sends (the miss was one).
      expect(bodyHeaders(second.headers), path).toEqual(bodyHeaders(first.headers));
      expect(fresh.headers.link).toBe(first.headers.link);
      if (path.includes('format=csv')) {
        expect(second.body.equals(first.body)).toBe(true);
        expect(second.body.equals(fresh.body)).toBe(true);
      } else {
        expect(quotaUsed(second.body)).toBe(quotaUsed(first.body) + 1);
        expect(second.body.toString(), path).toBe(withQuota(fresh.body, quotaUsed(second.body)));
        expect(first.body.toString(), path).toBe(withQuota(fresh.body, quotaUsed(first.body)));
      }
    }
  });

  it('keeps no plain detail (its prebuilt JSON), but a detail with a match', async () => {
    const compressed = api.holder.current()!.compressed;
    const id = api.holder.current()!.index.nctIds[0];
    const before = compressed.plainSize;
    const detail = await get(`/api/v1/trials/${id}`, '');
    expect(detail.status).toBe(200);
    expect(compressed.plainSize).toBe(before);
    const matched = await get(`/api/v1/trials/${id}?diagnosisType=nsclc`, '');
    expect(matched.status).toBe(200);
    expect(compressed.plainSize).toBe(before + 1);
  });

  it('keeps at most its byte budget', () => {
    const bodies = new CompressedBodies(40_000);
    for (const key of ['a', 'b', 'c']) bodies.putPlain(key, randomBytes(15_000), {});
    expect(bodies.plainSize).toBe(2);
    expect(bodies.getPlain('a', null)).toBeUndefined();
    bodies.putPlain('big', randomBytes(50_000), {});
    expect(bodies.getPlain('big', null)).toBeUndefined();
    expect(bodies.getPlain('c', null)?.head.length).toBe(15_000);
  });
});

describe('one byte budget for plain heads, compressed heads and MCP results', () => {
  it('keeps each kind apart under its own keys, and the oldest of any kind goes first', () => {
    const bodies = new CompressedBodies(40_000);
    const plain = randomBytes(15_000);
    const [head, after] = [randomBytes(10_000), randomBytes(5_000)];
    bodies.putPlain('/a', plain, {});
    bodies.putCall('mcp b', head, after);
    bodies.put('gzip /a', 'gzip', randomBytes(5_000), {});
    expect([bodies.plainSize, bodies.size]).toEqual([1, 2]);
    // A key of one kind is no entry of another.
    expect(bodies.getCall('/a', null)).toBeUndefined();
    expect(bodies.getPlain('mcp b', null)).toBeUndefined();
    expect(bodies.get('mcp b', null)).toBeUndefined();
    const call = bodies.getCall('mcp b', null)!;
    expect(call.head.equals(head) && call.after.equals(after)).toBe(true);
    // ~35,000 bytes kept: a fourth of 10,000 pushes out the oldest, the plain head.
    bodies.put('br /c', 'br', randomBytes(10_000), {});
    expect([bodies.plainSize, bodies.size]).toEqual([0, 3]);
    expect(bodies.getPlain('/a', null)).toBeUndefined();
    bodies.putCall('mcp big', randomBytes(30_000), randomBytes(10_001));
    expect(bodies.getCall('mcp big', null)).toBeUndefined();
  });
});
