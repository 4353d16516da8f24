/**
 * Where keys and counters live for this process: Redis when it answers, otherwise the
 * key file in DATA_DIR and in-process counters, with a warning that says so. The server
 * and the operator CLI both open their stores here, so they always agree on the store.
 *
 * A server (`returnToRedis`) that started while Redis was down keeps trying to reach it
 * and moves to it as soon as it answers: the key file's records are copied into Redis
 * (labels already there win) and the in-process counters are dropped. A process on Redis
 * copies the key file again each time its connection comes back after an outage (and the
 * CLI each time it opens the stores): a key `keys create` put in the file while Redis was
 * unreachable then works on every server, whichever way round Redis came and went. Until then a key
 * that is not in the key file is answered 503, not 401, since it may be a valid key in
 * Redis. Once on Redis, an outage is a 503 with Retry-After (fail closed), never a
 * silent fallback to other stores.
 */
import path from 'node:path';
import type { Redis } from 'ioredis';
import type { Env } from '../../config/env.js';
import type { Logger } from '../../config/logger.js';
import { redactUrl } from '../../config/redact-url.js';
import { closeRedis } from '../../config/redis.js';
import type { Tier } from '../../domain/tiers.js';
import { RedisGate, StoreGate, type RequestGate } from '../limits/gate.js';
import { MemoryUsageCounter } from '../limits/memory-counter.js';
import { RedisUsageCounter } from '../limits/redis-counter.js';
import type { UsageCounter, UsageDecision } from '../limits/types.js';
import { connectRedis, RedisUnavailableError, watchRedis } from '../redis.js';
import { FileKeyStore } from './file-store.js';
import { RedisKeyStore } from './redis-store.js';
import type { ApiKeyRecord, KeyStore } from './types.js';

export interface StoreHealth {
  /** Where keys are read now. */
  backend: 'redis' | 'file';
  /** `ready` when Redis answers; `unreachable` while down (503s, or the file fallback). */
  redis: 'ready' | 'unreachable';
}

export interface ServiceStores {
  keys: KeyStore;
  usage: UsageCounter;
  /** Key lookup and counting per request: one script call on Redis, the two stores in turn otherwise. */
  gate: RequestGate;
  /** The connection, when Redis is in use. */
  readonly redis: Redis | null;
  readonly keyBackend: 'redis' | 'file';
  health(): StoreHealth;
  close(): Promise<void>;
}

export type StoreEnv = Pick<Env, 'REDIS_URL' | 'REDIS_PREFIX' | 'DATA_DIR'>;

export interface OpenStoresOptions {
  connectTimeoutMs?: number;
  /** Keep trying Redis after a failed start and move to it when it answers (servers). */
  returnToRedis?: boolean;
  /** How often a server on the fallback tries Redis. @defaultValue 2000 */
  retryIntervalMs?: number;
}

export function keyFilePath(env: Pick<Env, 'DATA_DIR'>): string {
  return path.join(env.DATA_DIR, 'keys.json');
}

export async function openStores(
  env: StoreEnv,
  logger: Logger,
  options: OpenStoresOptions = {},
): Promise<ServiceStores> {
  const redis = await connectRedis(env.REDIS_URL, {
    logger,
    connectTimeoutMs: options.connectTimeoutMs,
  });
  if (redis) {
    const redisKeys = new RedisKeyStore(redis, env.REDIS_PREFIX);
    // Keys created while Redis was unreachable went to the key file: they reach Redis now,
    // and again whenever this connection comes back after an outage.
    const fileKeys = new FileKeyStore(keyFilePath(env));
    await copyKeyFile(fileKeys, redisKeys, logger);
    redis.on('ready', () => void copyKeyFile(fileKeys, redisKeys, logger));
    return {
      keys: redisKeys,
      usage: new RedisUsageCounter(redis, env.REDIS_PREFIX),
      gate: new RedisGate(redis, env.REDIS_PREFIX),
      redis,
      keyBackend: 'redis',
      health: () => ({
        backend: 'redis',
        redis: redis.status === 'ready' ? 'ready' : 'unreachable',
      }),
      close: () => closeRedis(redis),
    };
  }
  const file = keyFilePath(env);
  logger.warn(
    { redisUrl: redactUrl(env.REDIS_URL), keyFile: file },
    `Redis is not reachable at ${redactUrl(env.REDIS_URL)}: ` +
      `using API keys from ${file} and in-process usage counters ` +
      '(quota and burst are exact for this one process only; start Redis to share them)' +
      (options.returnToRedis
        ? '; retrying Redis in the background, and moving to it when it answers'
        : ''),
  );
  const fileKeys = new FileKeyStore(file);
  if (!options.returnToRedis) {
    const usage = new MemoryUsageCounter();
    return {
      keys: fileKeys,
      usage,
      gate: new StoreGate(fileKeys, usage),
      redis: null,
      keyBackend: 'file',
      health: () => ({ backend: 'file', redis: 'unreachable' }),
      close: async () => {},
    };
  }
  return switchingStores(env, logger, fileKeys, options);
}

function switchingStores(
  env: StoreEnv,
  logger: Logger,
  fileKeys: FileKeyStore,
  options: OpenStoresOptions,
): ServiceStores {
  const fallbackKeys = new FileFallbackKeyStore(fileKeys);
  const fallbackUsage = new MemoryUsageCounter();
  const keys = new SwitchingKeyStore(fallbackKeys);
  const usage = new SwitchingUsageCounter(fallbackUsage);
  const gate = new SwitchingGate(new StoreGate(fallbackKeys, fallbackUsage));
  let active: Redis | null = null;
  const watcher = watchRedis(env.REDIS_URL, {
    logger,
    intervalMs: options.retryIntervalMs,
    connectTimeoutMs: options.connectTimeoutMs,
    onReady: (redis) => {
      void (async () => {
        const redisKeys = new RedisKeyStore(redis, env.REDIS_PREFIX);
        const copied = await copyKeyFile(fileKeys, redisKeys, logger);
        redis.on('ready', () => void copyKeyFile(fileKeys, redisKeys, logger));
        keys.target = redisKeys;
        usage.target = new RedisUsageCounter(redis, env.REDIS_PREFIX);
        gate.target = new RedisGate(redis, env.REDIS_PREFIX);
        active = redis;
        logger.info(
          { copiedKeys: copied },
          'Redis is reachable: keys and usage counters are now in Redis',
        );
      })();
    },
  });
  return {
    keys,
    usage,
    gate,
    get redis() {
      return active;
    },
    get keyBackend() {
      return active ? 'redis' : 'file';
    },
    health: () => ({
      backend: active ? 'redis' : 'file',
      redis: watcher.status === 'ready' ? 'ready' : 'unreachable',
    }),
    close: () => closeRedis(watcher),
  };
}

/**
 * Copies the key file's records into Redis (labels or hashes already there win, so a key
 * revoked in Redis stays revoked): the keys `keys create` wrote there while Redis was
 * unreachable. Returns how many were new to Redis; a failure is logged, and the next
 * connection copies them.
 */
async function copyKeyFile(
  fileKeys: FileKeyStore,
  redisKeys: RedisKeyStore,
  logger: Logger,
): Promise<number> {
  let copied = 0;
  try {
    for (const record of await fileKeys.list()) if (await redisKeys.importRecord(record)) copied++;
  } catch (error) {
    logger.error({ err: error }, 'copying the key file into Redis failed');
    return copied;
  }
  if (copied)
    logger.info(
      { copiedKeys: copied, keyFile: fileKeys.file },
      'keys created while Redis was unreachable were copied into Redis',
    );
  return copied;
}

/** The key file while Redis is away: a key it does not hold may still be valid in Redis. */
class FileFallbackKeyStore implements KeyStore {
  constructor(private readonly file: FileKeyStore) {}
  create = (label: string, tier: Tier) => this.file.create(label, tier);
  findByLabel = (label: string) => this.file.findByLabel(label);
  revoke = (label: string) => this.file.revoke(label);
  remove = (label: string) => this.file.remove(label);
  list = () => this.file.list();
  importRecord = (record: ApiKeyRecord) => this.file.importRecord(record);
  async findByPlaintext(plaintext: string): Promise<ApiKeyRecord | null> {
    const record = await this.file.findByPlaintext(plaintext);
    if (!record)
      throw new RedisUnavailableError(
        'the key is not in the key file and Redis, where keys live, is unreachable',
      );
    return record;
  }
}

class SwitchingKeyStore implements KeyStore {
  constructor(public target: KeyStore) {}
  create = (label: string, tier: Tier) => this.target.create(label, tier);
  findByPlaintext = (plaintext: string) => this.target.findByPlaintext(plaintext);
  findByLabel = (label: string) => this.target.findByLabel(label);
  revoke = (label: string) => this.target.revoke(label);
  remove = (label: string) => this.target.remove(label);
  list = () => this.target.list();
  importRecord = (record: ApiKeyRecord) => this.target.importRecord(record);
}

class SwitchingUsageCounter implements UsageCounter {
  constructor(public target: UsageCounter) {}
  get backend() {
    return this.target.backend;
  }
  consume = (keyHash: string, tier: Tier): Promise<UsageDecision> =>
    this.target.consume(keyHash, tier);
  peek = (keyHash: string, tier: Tier): Promise<UsageDecision> => this.target.peek(keyHash, tier);
}

class SwitchingGate implements RequestGate {
  constructor(public target: RequestGate) {}
  admit: RequestGate['admit'] = (plaintext, mode) => this.target.admit(plaintext, mode);
}
