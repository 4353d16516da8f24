/**
 * Starts the real app on port 0 for a test: an in-process key store with one key, the
 * in-process usage counter, and the given snapshot holder.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Redis } from 'ioredis';
import { createLogger } from '../../config/logger.js';
import type { SnapshotTables } from '../../domain/rows.js';
import type { Tier, TierLimits } from '../../domain/tiers.js';
import { createApp } from '../../api/app.js';
import { MemoryKeyStore } from '../../api/keys/memory-store.js';
import { MemoryUsageCounter } from '../../api/limits/memory-counter.js';
import { SnapshotHolder } from '../../api/live-snapshot.js';

export interface TestApi {
  base: string;
  key: string;
  keys: MemoryKeyStore;
  holder: SnapshotHolder;
  get(path: string, init?: RequestInit & { key?: string | null }): Promise<Response>;
  /** GET with the key; asserts nothing, returns status, headers and parsed body. */
  json<T = any>(path: string): Promise<{ status: number; headers: Headers; body: T }>;
  close(): Promise<void>;
}

export async function startTestApi(
  source: SnapshotTables | SnapshotHolder,
  opts: { tier?: Tier; limits?: Readonly<Record<Tier, TierLimits>>; redis?: Redis | null } = {},
): Promise<TestApi> {
  const holder =
    source instanceof SnapshotHolder
      ? source
      : SnapshotHolder.fromTables(source, { version: 'test-v1' });
  const keys = new MemoryKeyStore();
  const { plaintext } = await keys.create('test-client', opts.tier ?? 'partner');
  const usage = new MemoryUsageCounter(opts.limits ? { limits: opts.limits } : {});
  const app = createApp({
    snapshots: holder,
    keys,
    usage,
    logger: createLogger('silent'),
    contactEmail: 'ops@test.invalid',
    redis: opts.redis ?? null,
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get: TestApi['get'] = (path, init = {}) => {
    const { key = plaintext, headers, ...rest } = init;
    const h = new Headers(headers);
    if (key !== null && !h.has('authorization') && !h.has('x-api-key'))
      h.set('Authorization', `Bearer ${key}`);
    return fetch(base + path, { ...rest, headers: h });
  };
  return {
    base,
    key: plaintext,
    keys,
    holder,
    get,
    async json(path) {
      const res = await get(path);
      return { status: res.status, headers: res.headers, body: (await res.json()) as never };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await holder.close();
    },
  };
}

/** nct_ids of every trial a /trials query returns (one page of up to 200). */
export async function idsOf(api: TestApi, query: string): Promise<string[]> {
  const { status, body } = await api.json(`/api/v1/trials?limit=200${query ? `&${query}` : ''}`);
  if (status !== 200) throw new Error(`GET /trials?${query} -> ${status} ${JSON.stringify(body)}`);
  return (body.data as { nct_id: string }[]).map((t) => t.nct_id);
}

/** The parsed body, loosely typed: the assertions themselves check its shape. */
export async function jsonOf(res: Response): Promise<any> {
  return res.json();
}
