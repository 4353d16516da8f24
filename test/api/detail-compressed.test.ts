/**
 * Each trial's detail is held only compressed, as the gzip head of its response body
 * (api/query/trial-json.ts): a gzip client is sent those stored bytes, any other client the
 * body inflated. Whatever the client takes, the decoded body is the detail JSON as
 * JSON.stringify wrote it, byte for byte, with the key's counters after it; the location
 * objects a ZIP page copies, kept apart, are each location's JSON.
 */
import http from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.js';
import { MemoryKeyStore } from '../../api/keys/memory-store.js';
import { MemoryUsageCounter } from '../../api/limits/memory-counter.js';
import { SnapshotHolder } from '../../api/live-snapshot.js';
import { buildTrialIndex, type TrialIndex } from '../../api/query/trial-index.js';
import {
  DETAIL_META_OPEN,
  DETAIL_OPEN,
  detailHead,
  detailJsonOf,
} from '../../api/query/trial-json.js';
import { createLogger } from '../../config/logger.js';
import type { SnapshotTables } from '../../domain/rows.js';
import { generateDemoTables } from '../../pipeline/demo/index.js';

let tables: SnapshotTables;
let index: TrialIndex;

beforeAll(() => {
  tables = generateDemoTables({ scale: 'demo' });
  index = buildTrialIndex(tables);
}, 60_000);

describe('a detail held compressed', () => {
  it('inflates to the detail JSON as JSON.stringify writes it, between the body envelope', () => {
    for (let rank = 0; rank < index.size; rank++) {
      const head = detailHead(index, rank);
      expect(zlib.crc32(head)).toBe(index.detailCrc[rank]);
      expect(head.subarray(0, DETAIL_OPEN.length).equals(DETAIL_OPEN)).toBe(true);
      expect(head.subarray(head.length - DETAIL_META_OPEN.length).equals(DETAIL_META_OPEN)).toBe(
        true,
      );
      const json = detailJsonOf(index, rank).toString('utf8');
      const detail = JSON.parse(json) as { nct_id: string; locations: unknown[] };
      expect(detail.nct_id).toBe(index.nctIds[rank]);
      expect(JSON.stringify(detail)).toBe(json);
      // The list JSON is the detail's head up to its locations_sample, closed.
      const list = index.listJson[rank].toString('utf8');
      expect(json.startsWith(list.slice(0, -1))).toBe(true);
      // Each location's span among the location objects kept apart is that location's JSON.
      const { siteStart, siteJsonStart, siteJsonEnd } = index.siteSpans;
      const locations = index.locationsJson[rank];
      expect(siteStart[rank + 1] - siteStart[rank]).toBe(detail.locations.length);
      detail.locations.forEach((location, i) => {
        const k = siteStart[rank] + i;
        const span = locations.subarray(siteJsonStart[k], siteJsonEnd[k]).toString('utf8');
        expect(span).toBe(JSON.stringify(location));
      });
    }
  });
});

describe('GET a detail held compressed', () => {
  let server: Server;
  let base: string;
  let key: string;

  beforeAll(async () => {
    const keys = new MemoryKeyStore();
    key = (await keys.create('detail-compressed', 'partner')).plaintext;
    const app = createApp({
      snapshots: SnapshotHolder.fromTables(tables, { version: 'compressed-v1' }),
      keys,
      usage: new MemoryUsageCounter(),
      logger: createLogger('silent'),
      contactEmail: 'ops@test.invalid',
    });
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** One GET over node:http: status, headers and the body as sent (not decoded). */
  function get(
    path: string,
    headers: Record<string, string>,
  ): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }> {
    return new Promise((resolve, reject) => {
      const req = http.get(`${base}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            bytes: Buffer.concat(chunks),
          }),
        );
      });
      req.on('error', reject);
    });
  }

  /**
   * The body a detail GET should decode to, its counters as `decoded` carries them (each
   * request counts, so they differ between requests; the bytes around them do not).
   */
  const expected = (rank: number, decoded: string) => {
    const counters = /"quota_used":\d+,"quota_limit":\d+\}\}$/.exec(decoded)?.[0] ?? 'none';
    return `{"data":${detailJsonOf(index, rank).toString('utf8')},"meta":{${counters}`;
  };

  // Plain ids are answered before Express's chain; a percent-encoded one goes down it.
  const paths = (id: string) => [
    `/api/v1/trials/${id}`,
    `/api/v1/trials/%${id.charCodeAt(0).toString(16).toUpperCase()}${id.slice(1)}`,
  ];

  it.each([0, 7, 41])(
    'sends the stored gzip head to a gzip client and the same body inflated to others (rank %i)',
    async (rank) => {
      const auth = { Authorization: `Bearer ${key}` };
      for (const path of paths(index.nctIds[rank])) {
        const gzip = await get(path, { ...auth, 'Accept-Encoding': 'gzip' });
        expect(gzip.status).toBe(200);
        expect(gzip.headers['content-encoding']).toBe('gzip');
        expect(gzip.headers.vary).toMatch(/Accept-Encoding/);
        expect(Number(gzip.headers['content-length'])).toBe(gzip.bytes.length);
        // The stored bytes as they are, then the counters' stored block and the trailer.
        expect(gzip.bytes.subarray(0, index.detailGzip[rank].length)).toEqual(
          index.detailGzip[rank],
        );
        const fromGzip = zlib.gunzipSync(gzip.bytes).toString('utf8');
        expect(fromGzip).toBe(expected(rank, fromGzip));

        const plain = await get(path, auth);
        expect(plain.status).toBe(200);
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.headers.vary).toMatch(/Accept-Encoding/);
        const fromPlain = plain.bytes.toString('utf8');
        expect(fromPlain).toBe(expected(rank, fromPlain));

        const br = await get(path, { ...auth, 'Accept-Encoding': 'br' });
        expect(br.status).toBe(200);
        expect(br.headers['content-encoding']).toBe('br');
        expect(br.headers.vary).toMatch(/Accept-Encoding/);
        const fromBr = zlib.brotliDecompressSync(br.bytes).toString('utf8');
        expect(fromBr).toBe(expected(rank, fromBr));
        // Three requests of one key, counted one after the other.
        const used = [fromGzip, fromPlain, fromBr].map((b) =>
          Number(/"quota_used":(\d+)/.exec(b)![1]),
        );
        expect(used).toEqual([used[0], used[0] + 1, used[0] + 2]);
      }
    },
  );
});
