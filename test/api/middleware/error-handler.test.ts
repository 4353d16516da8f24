/**
 * The error handler answers with the contract's envelope and keeps what went wrong
 * underneath as the ApiError's cause, which it logs (never sends).
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/errors.js';
import { errorHandler } from '../../../api/middleware/error-handler.js';
import { RedisUnavailableError } from '../../../api/redis.js';
import { capturingLogger } from '../../helpers/processes.js';

describe('errorHandler', () => {
  const log = capturingLogger();
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const app = express();
    app.get('/bug', () => {
      throw new Error('a bug deep down');
    });
    app.get('/redis', () => {
      throw new RedisUnavailableError('Redis is unavailable: connection refused');
    });
    app.get('/wrapped', () => {
      throw new ApiError('not_found', 'No such trial.', { cause: new Error('lookup missed') });
    });
    app.use(errorHandler(log.logger));
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  // Paths of no API route are logged masked (access-log.ts): the lines are told apart by code.
  const logged = (code: string) => log.lines().filter((line) => line.code === code);

  it('answers 500 without the cause, and logs the cause at error level', async () => {
    const res = await fetch(`${base}/bug`);
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: 'internal_error', message: 'An internal error occurred.' },
    });
    expect(text).not.toContain('a bug deep down');
    expect(logged('internal_error')).toEqual([
      expect.objectContaining({
        level: 50,
        code: 'internal_error',
        err: expect.objectContaining({ message: 'a bug deep down' }),
      }),
    ]);
  });

  it('answers 503 for an unavailable Redis and logs the cause at debug level, without a stack', async () => {
    const res = await fetch(`${base}/redis`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(((await res.json()) as any).error.code).toBe('service_unavailable');
    expect(logged('service_unavailable')).toEqual([
      expect.objectContaining({
        level: 20,
        code: 'service_unavailable',
        status: 503,
        cause: 'Redis is unavailable: connection refused',
      }),
    ]);
    expect(logged('service_unavailable')[0]).not.toHaveProperty('err');
  });

  it("logs a route's own ApiError cause", async () => {
    const res = await fetch(`${base}/wrapped`);
    expect(res.status).toBe(404);
    expect(logged('not_found')).toEqual([
      expect.objectContaining({ level: 20, code: 'not_found', cause: 'lookup missed' }),
    ]);
    expect(JSON.stringify(logged('not_found'))).not.toContain('stack');
  });
});
