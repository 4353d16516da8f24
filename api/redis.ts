/**
 * The Redis connection of the API and the operator CLI (made by config/redis.ts): a short
 * probe at startup so a missing Redis means a fallback (and a warning), not a hang, and a
 * command timeout so a frozen Redis is a 503; and Lua script files as ioredis custom commands.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ReplyError, type Redis } from 'ioredis';
import type { Logger } from '../config/logger.js';
import { createRedisClient, probeRedis } from '../config/redis.js';

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
  const redis = createRedisClient(url, {
    logger: options.logger,
    lazyConnect: true,
    connectTimeoutMs: timeout,
    commandTimeoutMs: options.commandTimeoutMs ?? REDIS_COMMAND_TIMEOUT_MS,
    // Fail a command fast while Redis is away instead of queueing the request indefinitely.
    maxRetriesPerRequest: 2,
    retryStrategy: (attempt) => (connected ? Math.min(attempt * 200, 2000) : null),
  });
  try {
    await probeRedis(redis, timeout);
    connected = true;
    return redis;
  } catch (error) {
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
  return createRedisClient(url, {
    logger: options.logger,
    connectTimeoutMs: options.connectTimeoutMs ?? 1500,
    commandTimeoutMs: options.commandTimeoutMs ?? REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 2,
    retryStrategy: () => interval,
    onFirstReady: options.onReady,
  });
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
