/**
 * A real Redis (127.0.0.1:6379 unless TEST_REDIS_URL says otherwise) under a prefix of
 * the test's own; cleanup() deletes every key under it and closes the connections.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TestRedis {
  url: string;
  /** `test:<uuid>:`, to pass as REDIS_PREFIX. */
  prefix: string;
  /** A connection opened for this test. */
  redis: Redis;
  /** Another connection, closed by cleanup() too (for concurrency tests). */
  connect(): Redis;
  /** Every key name under the prefix. */
  keys(): Promise<string[]>;
  cleanup(): Promise<void>;
}

export async function testRedis(): Promise<TestRedis> {
  const prefix = `test:${randomUUID()}:`;
  const connections: Redis[] = [];
  const connect = (): Redis => {
    const connection = new Redis(TEST_REDIS_URL, { connectTimeout: 2000, maxRetriesPerRequest: 1 });
    connections.push(connection);
    return connection;
  };
  const redis = connect();
  try {
    await redis.ping();
  } catch (error) {
    throw new Error(
      `Redis tests need a Redis at ${TEST_REDIS_URL} (run scripts/ensure-services.sh): ${String(error)}`,
      { cause: error },
    );
  }
  const keys = async (): Promise<string[]> => {
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      found.push(...batch);
      cursor = next;
    } while (cursor !== '0');
    return found;
  };
  return {
    url: TEST_REDIS_URL,
    prefix,
    redis,
    connect,
    keys,
    async cleanup() {
      const leftover = await keys();
      if (leftover.length > 0) await redis.del(...leftover);
      await Promise.all(
        connections.map((connection) => connection.quit().catch(() => connection.disconnect())),
      );
    },
  };
}
