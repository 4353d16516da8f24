/**
 * The Redis connection of the API and the operator CLI: a short probe at startup so a
 * missing Redis means a fallback (and a warning), not a hang; and Lua script files as
 * ioredis custom commands.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis, ReplyError } from 'ioredis';
import type { Logger } from '../config/logger.js';

export interface ConnectRedisOptions {
  logger: Logger;
  /** How long the first connection may take before Redis counts as unreachable. @defaultValue 1500 */
  connectTimeoutMs?: number;
  /**
   * Longest wait for one command; a frozen Redis (accepting connections, answering
   * nothing) would otherwise hold every request indefinitely. @defaultValue 1000
   */
  commandTimeoutMs?: number;
}

/** Every request-path command answers within this, or the request gets 503. */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;

/**
 * Redis did not answer (down, frozen, connection lost). The API fails closed: keys and
 * counters live there, so a request is refused with 503 rather than served unchecked.
 */
export class RedisUnavailableError extends Error {
  override name = 'RedisUnavailableError';
}

/** Runs a Redis call; a transport failure or timeout becomes RedisUnavailableError. */
export async function redisCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    // An error Redis itself answered (wrong type, script error) is a bug, not an outage.
    if (error instanceof ReplyError && !/^(LOADING|MASTERDOWN|BUSY)/.test((error as Error).message))
      throw error;
    throw new RedisUnavailableError(
      `Redis is unavailable: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}

/** A connected client, or null when Redis cannot be reached right now. */
export async function connectRedis(
  url: string,
  options: ConnectRedisOptions,
): Promise<Redis | null> {
  const timeout = options.connectTimeoutMs ?? 1500;
  let connected = false;
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeout,
    commandTimeout: options.commandTimeoutMs ?? REDIS_COMMAND_TIMEOUT_MS,
    // Fail a command fast while Redis is away instead of queueing the request indefinitely.
    maxRetriesPerRequest: 2,
    retryStrategy: (attempt) => (connected ? Math.min(attempt * 200, 2000) : null),
    // After a refused connection ioredis still waits this long for the dead socket's close
    // event (default 2 s), keeping a CLI run alive for nothing.
    disconnectTimeout: 200,
  });
  let lastError = '';
  redis.on('error', (error: Error) => {
    // ioredis repeats the same error on every reconnect attempt; log each new one once.
    if (connected && error.message !== lastError)
      options.logger.warn({ err: error.message }, 'redis connection error');
    lastError = error.message;
  });
  redis.on('ready', () => {
    if (connected && lastError) options.logger.info('redis connection restored');
    lastError = '';
  });
  try {
    await withTimeout(redis.connect(), timeout + 500);
    await withTimeout(redis.ping(), timeout);
    connected = true;
    return redis;
  } catch (error) {
    redis.disconnect();
    options.logger.debug({ err: String(error) }, 'redis probe failed');
    return null;
  }
}

/**
 * A client that keeps trying to reach Redis every `intervalMs` and calls `onReady` the
 * first time it answers, for a server that started while Redis was down.
 */
export function watchRedis(
  url: string,
  options: ConnectRedisOptions & { intervalMs?: number; onReady: (redis: Redis) => void },
): Redis {
  const interval = options.intervalMs ?? 2000;
  const redis = new Redis(url, {
    connectTimeout: options.connectTimeoutMs ?? 1500,
    commandTimeout: options.commandTimeoutMs ?? REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 2,
    retryStrategy: () => interval,
    disconnectTimeout: 200,
  });
  let seen = false;
  let lastError = '';
  redis.on('error', (error: Error) => {
    if (seen && error.message !== lastError)
      options.logger.warn({ err: error.message }, 'redis connection error');
    lastError = error.message;
  });
  redis.on('ready', () => {
    if (seen) {
      if (lastError) options.logger.info('redis connection restored');
    } else {
      seen = true;
      options.onReady(redis);
    }
    lastError = '';
  });
  return redis;
}

/** QUIT politely, but never wait long for a Redis that is gone. */
export async function closeRedis(redis: Redis): Promise<void> {
  try {
    await withTimeout(redis.quit(), 1000);
  } catch {
    redis.disconnect();
  }
}

/**
 * A Lua script file as an ioredis custom command (`defineCommand`): defined on a connection
 * the first time it runs there, sent by EVALSHA (ioredis sends EVAL after a NOSCRIPT, e.g.
 * when Redis restarted), so each call is one round trip. The file is read once, next to
 * the module that names it (`new URL('./x.lua', import.meta.url)`), under tsx and vitest alike.
 */
export function luaCommand<R = unknown>(
  file: URL,
  numberOfKeys: number,
): (redis: Redis, keys: readonly string[], args: readonly (string | number)[]) => Promise<R> {
  const lua = readFileSync(file, 'utf8');
  // The method ioredis adds to the client, named after the file; the source's hash in the
  // name keeps two files of the same name (in different folders) apart.
  const base = path.basename(fileURLToPath(file), '.lua').replace(/\W/g, '_');
  const name = `lua_${base}_${createHash('sha1').update(lua).digest('hex').slice(0, 8)}`;
  return async (redis, keys, args) => {
    if (keys.length !== numberOfKeys)
      throw new Error(`${name} takes ${numberOfKeys} keys, got ${keys.length}`);
    const client = redis as Redis & Record<string, (...args: (string | number)[]) => Promise<R>>;
    if (typeof client[name] !== 'function') redis.defineCommand(name, { numberOfKeys, lua });
    return redisCall(() => client[name](...keys, ...args));
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
