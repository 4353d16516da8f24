/**
 * The Redis connection of the API and the operator CLI: a short probe at startup so a
 * missing Redis means a fallback (and a warning), not a hang; and Lua scripts run by sha.
 */
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from '../config/logger.js';

export interface ConnectRedisOptions {
  logger: Logger;
  /** How long the first connection may take before Redis counts as unreachable. @defaultValue 1500 */
  connectTimeoutMs?: number;
}

/** A connected client, or null when Redis cannot be reached right now. */
export async function connectRedis(url: string, options: ConnectRedisOptions): Promise<Redis | null> {
  const timeout = options.connectTimeoutMs ?? 1500;
  let connected = false;
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeout,
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
    if (connected && error.message !== lastError) options.logger.warn({ err: error.message }, 'redis connection error');
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

/** QUIT politely, but never wait long for a Redis that is gone. */
export async function closeRedis(redis: Redis): Promise<void> {
  try {
    await withTimeout(redis.quit(), 1000);
  } catch {
    redis.disconnect();
  }
}

/** A Lua script sent once per connection, then called by its sha. */
export class LuaScript {
  readonly sha: string;

  constructor(readonly source: string) {
    this.sha = createHash('sha1').update(source).digest('hex');
  }

  async run(redis: Redis, keys: string[], args: (string | number)[]): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(this.source, keys.length, ...keys, ...args);
    }
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
