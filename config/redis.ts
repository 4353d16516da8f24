/**
 * The one place Redis clients are made: the API and operator CLI (api/redis.ts) and the
 * BullMQ queues (workers/queues.ts) differ only in the options they pass here. A client
 * logs a lost connection once per distinct error and says when it is back; a first
 * connection is probed with a bound, so a dead Redis is an answer, not a hang.
 */
import { Redis } from 'ioredis';
import type { Logger } from './logger.js';

export interface RedisClientOptions {
  /** How long one connection attempt may take. */
  connectTimeoutMs: number;
  /** Longest wait for one command; unset for BullMQ, whose blocking commands wait long. */
  commandTimeoutMs?: number;
  /**
   * Reconnections a queued command waits through before it fails; null waits for ever
   * (BullMQ requires it: a worker's blocking commands must outlive a Redis restart).
   */
  maxRetriesPerRequest: number | null;
  /** Milliseconds until the next reconnection attempt, or null to give up. */
  retryStrategy?: (attempt: number) => number | null;
  /** Connect on `probeRedis` (or the first command) instead of at once. */
  lazyConnect?: boolean;
  logger?: Logger;
  /** Names the connection in its log lines, e.g. 'queue redis'. @defaultValue 'redis' */
  name?: string;
  /** Called once, the first time the connection is ready. */
  onFirstReady?: (redis: Redis) => void;
}

export function createRedisClient(url: string, options: RedisClientOptions): Redis {
  const name = options.name ?? 'redis';
  const redis = new Redis(url, {
    lazyConnect: options.lazyConnect ?? false,
    connectTimeout: options.connectTimeoutMs,
    commandTimeout: options.commandTimeoutMs,
    maxRetriesPerRequest: options.maxRetriesPerRequest,
    retryStrategy: options.retryStrategy,
    // After a refused connection ioredis still waits this long for the dead socket's close
    // event (default 2 s), keeping a CLI run alive for nothing.
    disconnectTimeout: 200,
  });
  let ready = false;
  let lastError = '';
  redis.on('error', (error: Error) => {
    // Before the first ready the caller reports the failure itself; after it, ioredis
    // repeats the same error on every reconnection attempt: log each new one once.
    if (ready && error.message !== lastError)
      options.logger?.warn({ err: error.message }, `${name} connection error`);
    lastError = error.message;
  });
  redis.on('ready', () => {
    if (!ready) {
      ready = true;
      options.onFirstReady?.(redis);
    } else if (lastError) options.logger?.info(`${name} connection restored`);
    lastError = '';
  });
  return redis;
}

/**
 * Connects a lazy client and waits for its PING, within `timeoutMs` (plus half a second
 * for the connection itself); on failure the client is disconnected and the error thrown.
 */
export async function probeRedis(redis: Redis, timeoutMs: number): Promise<void> {
  try {
    await withTimeout(redis.connect(), timeoutMs + 500);
    await withTimeout(redis.ping(), timeoutMs);
  } catch (error) {
    redis.disconnect();
    throw error;
  }
}

/** QUIT politely, but never wait long for a Redis that is gone. */
export async function closeRedis(redis: Redis): Promise<void> {
  try {
    await withTimeout(redis.quit(), 1000);
  } catch {
    redis.disconnect();
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
