import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyFilePath, openStores } from '../../../api/keys/open.js';
import { capturingLogger, closedPort } from '../../helpers/processes.js';
import { testRedis } from '../../helpers/redis.js';

describe('openStores', () => {
  it('uses Redis when it answers, under the configured prefix', async () => {
    const world = await testRedis();
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lungtrials-open-'));
    const { logger, lines } = capturingLogger();
    const stores = await openStores(
      { REDIS_URL: world.url, REDIS_PREFIX: world.prefix, DATA_DIR: dataDir },
      logger,
    );
    try {
      expect(stores.keyBackend).toBe('redis');
      expect(stores.usage.backend).toBe('redis');
      const { record } = await stores.keys.create('via-redis', 'free');
      await stores.usage.consume(record.hash, record.tier);
      expect((await world.keys()).every((name) => name.startsWith(world.prefix))).toBe(true);
      expect(await world.keys()).toContain(`${world.prefix}keys:label:via-redis`);
      expect(lines().filter((l) => l.level === 40)).toEqual([]);
      await expect(fs.stat(keyFilePath({ DATA_DIR: dataDir }))).rejects.toThrow();
    } finally {
      await stores.close();
      await world.cleanup();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('falls back to the key file and in-process counters, with a warning, when Redis is unreachable', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lungtrials-open-'));
    const { logger, lines } = capturingLogger();
    const stores = await openStores(
      {
        REDIS_URL: `redis://127.0.0.1:${await closedPort()}`,
        REDIS_PREFIX: 'unused:',
        DATA_DIR: dataDir,
      },
      logger,
    );
    try {
      expect(stores.keyBackend).toBe('file');
      expect(stores.usage.backend).toBe('memory');
      expect(stores.redis).toBeNull();
      const warning = lines().find((l) => l.level === 40);
      expect(String(warning?.msg)).toMatch(/Redis is not reachable/);
      const { plaintext } = await stores.keys.create('offline', 'standard');
      expect(await fs.readFile(keyFilePath({ DATA_DIR: dataDir }), 'utf8')).toContain('"offline"');
      expect((await stores.keys.findByPlaintext(plaintext))?.label).toBe('offline');
    } finally {
      await stores.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
