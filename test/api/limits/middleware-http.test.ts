/**
 * admission() over HTTP, in a small Express app that renders ApiError the way the
 * contract's error envelope says (status, headers, body); the same cases for the
 * in-process stores (StoreGate) and for keys and counters in Redis (RedisGate, one
 * script call per request).
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/errors.js';
import { MemoryKeyStore } from '../../../api/keys/memory-store.js';
import { RedisKeyStore } from '../../../api/keys/redis-store.js';
import type { KeyStore } from '../../../api/keys/types.js';
import { RedisGate, StoreGate, type RequestGate } from '../../../api/limits/gate.js';
import { MemoryUsageCounter } from '../../../api/limits/memory-counter.js';
import type { UsageCounterOptions } from '../../../api/limits/options.js';
import { admission } from '../../../api/middleware/admission.js';
import { testRedis } from '../../helpers/redis.js';
import { manualClock, SMALL_LIMITS } from './counter-contract.js';

interface GateWorld {
  keys: KeyStore;
  gate: RequestGate;
  cleanup(): Promise<void>;
}

const WORLDS: Record<string, (options: UsageCounterOptions) => Promise<GateWorld>> = {
  'in-process stores (StoreGate)': async (options) => {
    const keys = new MemoryKeyStore();
    return {
      keys,
      gate: new StoreGate(keys, new MemoryUsageCounter(options)),
      cleanup: async () => {},
    };
  },
  'Redis (RedisGate)': async (options) => {
    const world = await testRedis();
    return {
      keys: new RedisKeyStore(world.redis, world.prefix),
      gate: new RedisGate(world.redis, world.prefix, options),
      cleanup: world.cleanup,
    };
  },
};

describe.each(Object.entries(WORLDS))('admission() with %s', (_name, makeWorld) => {
  let server: Server;
  let base: string;
  let keys: KeyStore;
  let world: GateWorld;
  let clock: ReturnType<typeof manualClock>;

  beforeEach(async () => {
    clock = manualClock('2025-03-04T23:58:00.000Z');
    world = await makeWorld({ limits: SMALL_LIMITS, now: clock.now });
    keys = world.keys;
    const app = express();
    app.get('/counted', admission(world.gate, { count: true }), (_req, res) => {
      res.json({
        data: 'ok',
        meta: { quota_used: res.locals.usage.quotaUsed, quota_limit: res.locals.usage.quotaLimit },
      });
    });
    app.get('/meta', admission(world.gate, { count: false }), (_req, res) => {
      res.json({
        data: { label: res.locals.apiKey.label },
        meta: { quota_used: res.locals.usage.quotaUsed },
      });
    });
    app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
      if (error instanceof ApiError) {
        res.status(error.status).set(error.headers).json(error.toBody());
        return;
      }
      res.status(500).json({ error: { code: 'internal_error', message: 'internal error' } });
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await world.cleanup();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, { headers });

  interface Envelope {
    meta: Record<string, number>;
    data: { label: string };
    error: { code: string; message: string };
  }
  const body = async (res: globalThis.Response): Promise<Envelope> =>
    (await res.json()) as Envelope;

  describe('the key', () => {
    it('answers 401 missing_api_key with WWW-Authenticate when no key is sent', async () => {
      for (const headers of <Record<string, string>[]>[
        {},
        { Authorization: 'Basic dXNlcjpwYXNz' },
        { Authorization: 'Bearer ' },
        { 'X-API-Key': '  ' },
      ]) {
        const res = await get('/counted', headers);
        expect(res.status).toBe(401);
        expect(res.headers.get('www-authenticate')).toBe('Bearer');
        expect(res.headers.get('content-type')).toMatch(/application\/json/);
        expect((await body(res)).error.code).toBe('missing_api_key');
      }
    });

    it('answers 401 invalid_api_key for an unknown key', async () => {
      const res = await get('/counted', { Authorization: 'Bearer lt_not-a-real-key' });
      expect(res.status).toBe(401);
      const envelope = await body(res);
      expect(envelope.error.code).toBe('invalid_api_key');
      expect(typeof envelope.error.message).toBe('string');
    });

    it('accepts Bearer (any case) and X-API-Key, preferring Authorization', async () => {
      const { plaintext } = await keys.create('client', 'free');
      expect((await get('/counted', { Authorization: `Bearer ${plaintext}` })).status).toBe(200);
      expect((await get('/counted', { Authorization: `bearer ${plaintext}` })).status).toBe(200);
      expect((await get('/counted', { 'X-API-Key': plaintext })).status).toBe(200);
      const both = await get('/counted', {
        Authorization: 'Bearer lt_wrong',
        'X-API-Key': plaintext,
      });
      expect(both.status).toBe(401);
    });

    it('answers 403 key_revoked for a revoked key, at once', async () => {
      const { plaintext } = await keys.create('leaver', 'standard');
      expect((await get('/counted', { Authorization: `Bearer ${plaintext}` })).status).toBe(200);
      await keys.revoke('leaver');
      const res = await get('/counted', { Authorization: `Bearer ${plaintext}` });
      expect(res.status).toBe(403);
      expect((await body(res)).error.code).toBe('key_revoked');
    });
  });

  describe('the limits', () => {
    it('sets quota and burst headers on counted responses and fills meta', async () => {
      const { plaintext } = await keys.create('c', 'standard');
      const res = await get('/counted', { 'X-API-Key': plaintext });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe('20');
      expect(res.headers.get('x-ratelimit-remaining')).toBe('19');
      expect(res.headers.get('x-ratelimit-burst-limit')).toBe('5');
      expect(res.headers.get('x-ratelimit-burst-remaining')).toBe('4');
      expect((await body(res)).meta).toEqual({ quota_used: 1, quota_limit: 20 });
    });

    it('answers 429 rate_limit_exceeded after the burst, with a short Retry-After and headers, and does not count it', async () => {
      const { plaintext } = await keys.create('bursty', 'free');
      for (let i = 0; i < 3; i += 1)
        expect((await get('/counted', { 'X-API-Key': plaintext })).status).toBe(200);
      clock.advance(20_000);
      const res = await get('/counted', { 'X-API-Key': plaintext });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('40');
      expect(res.headers.get('x-ratelimit-remaining')).toBe('4');
      expect(res.headers.get('x-ratelimit-burst-remaining')).toBe('0');
      expect((await body(res)).error.code).toBe('rate_limit_exceeded');
      const meta = await get('/meta', { 'X-API-Key': plaintext });
      expect((await body(meta)).meta.quota_used).toBe(3);
    });

    it('answers 429 quota_exceeded with Retry-After to UTC midnight; /meta still answers and never counts', async () => {
      const { plaintext } = await keys.create('heavy', 'free');
      clock.set('2025-03-04T23:50:00.000Z');
      for (let i = 0; i < 7; i += 1) {
        expect((await get('/counted', { 'X-API-Key': plaintext })).status).toBe(200);
        // Three per minute stays inside the free burst limit of SMALL_LIMITS.
        clock.advance(21_000);
      }
      clock.set('2025-03-04T23:59:50.000Z');
      for (let i = 0; i < 3; i += 1) {
        const meta = await get('/meta', { 'X-API-Key': plaintext });
        expect(meta.status).toBe(200);
        expect(meta.headers.get('x-ratelimit-remaining')).toBe('0');
        expect((await body(meta)).meta.quota_used).toBe(7);
      }
      const res = await get('/counted', { 'X-API-Key': plaintext });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('10');
      expect(res.headers.get('x-ratelimit-limit')).toBe('7');
      expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
      expect((await body(res)).error.code).toBe('quota_exceeded');
    });

    it('/meta names the key it was asked with', async () => {
      const { plaintext } = await keys.create('meta-reader', 'partner');
      const res = await get('/meta', { 'X-API-Key': plaintext });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe('50');
      expect((await body(res)).data.label).toBe('meta-reader');
    });
  });
});
