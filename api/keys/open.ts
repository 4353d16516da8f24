/**
 * Where keys and counters live for this process: Redis when it answers, otherwise the
 * key file in DATA_DIR and in-process counters, with a warning that says so. The server
 * and the operator CLI both open their stores here, so they always agree on the store.
 */
import path from 'node:path';
import type { Redis } from 'ioredis';
import type { Env } from '../../config/env.js';
import type { Logger } from '../../config/logger.js';
import { RedisGate, StoreGate, type RequestGate } from '../limits/gate.js';
import { MemoryUsageCounter } from '../limits/memory-counter.js';
import { RedisUsageCounter } from '../limits/redis-counter.js';
import type { UsageCounter } from '../limits/types.js';
import { closeRedis, connectRedis } from '../redis.js';
import { FileKeyStore } from './file-store.js';
import { RedisKeyStore } from './redis-store.js';
import type { KeyStore } from './types.js';
import { redactUrl } from '../../config/redact-url.js';

export interface ServiceStores {
  keys: KeyStore;
  usage: UsageCounter;
  /** Key lookup and counting per request: one script call on Redis, the two stores in turn otherwise. */
  gate: RequestGate;
  /** The connection, when Redis was reachable. */
  redis: Redis | null;
  keyBackend: 'redis' | 'file';
  close(): Promise<void>;
}

export type StoreEnv = Pick<Env, 'REDIS_URL' | 'REDIS_PREFIX' | 'DATA_DIR'>;

export function keyFilePath(env: Pick<Env, 'DATA_DIR'>): string {
  return path.join(env.DATA_DIR, 'keys.json');
}

export async function openStores(
  env: StoreEnv,
  logger: Logger,
  options: { connectTimeoutMs?: number } = {},
): Promise<ServiceStores> {
  const redis = await connectRedis(env.REDIS_URL, { logger, connectTimeoutMs: options.connectTimeoutMs });
  if (redis) {
    return {
      keys: new RedisKeyStore(redis, env.REDIS_PREFIX),
      usage: new RedisUsageCounter(redis, env.REDIS_PREFIX),
      gate: new RedisGate(redis, env.REDIS_PREFIX),
      redis,
      keyBackend: 'redis',
      close: () => closeRedis(redis),
    };
  }
  const file = keyFilePath(env);
  logger.warn(
    { redisUrl: redactUrl(env.REDIS_URL), keyFile: file },
    `Redis is not reachable at ${redactUrl(env.REDIS_URL)}: using API keys from ${file} and in-process usage counters ` +
      '(quota and burst are exact for this one process only; start Redis to share them)',
  );
  const keys = new FileKeyStore(file);
  const usage = new MemoryUsageCounter();
  return {
    keys,
    usage,
    gate: new StoreGate(keys, usage),
    redis: null,
    keyBackend: 'file',
    close: async () => {},
  };
}
