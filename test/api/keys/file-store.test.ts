import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileKeyStore } from '../../../api/keys/file-store.js';
import { hashKey } from '../../../api/keys/secret.js';
import { keyStoreContract } from './store-contract.js';

async function tempFile(): Promise<{ file: string; cleanup(): Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lungtrials-keys-'));
  return {
    file: path.join(dir, 'data', 'keys.json'),
    cleanup: () => fs.rm(dir, { recursive: true, force: true }),
  };
}

describe('FileKeyStore', () => {
  keyStoreContract(async () => {
    const { file, cleanup } = await tempFile();
    return { store: new FileKeyStore(file), cleanup };
  });

  it('writes hashes only, readable only by the owner', async () => {
    const { file, cleanup } = await tempFile();
    try {
      const { plaintext } = await new FileKeyStore(file).create('owner', 'free');
      const text = await fs.readFile(file, 'utf8');
      expect(text).not.toContain(plaintext);
      expect(text).toContain(hashKey(plaintext));
      expect((await fs.stat(file)).mode & 0o077).toBe(0);
    } finally {
      await cleanup();
    }
  });

  it('sees changes another instance (another process) writes, without a restart', async () => {
    const { file, cleanup } = await tempFile();
    try {
      const server = new FileKeyStore(file);
      const cli = new FileKeyStore(file);
      expect(await server.list()).toEqual([]);
      const { plaintext } = await cli.create('late', 'partner');
      expect((await server.findByPlaintext(plaintext))?.tier).toBe('partner');
      await cli.revoke('late');
      expect((await server.findByPlaintext(plaintext))?.revoked_at).not.toBeNull();
      await cli.remove('late');
      expect(await server.findByPlaintext(plaintext)).toBeNull();
    } finally {
      await cleanup();
    }
  });

  it('loses no key when several instances create at the same time', async () => {
    const { file, cleanup } = await tempFile();
    try {
      const stores = Array.from({ length: 5 }, () => new FileKeyStore(file));
      const created = await Promise.all(
        Array.from({ length: 20 }, (_, i) => stores[i % 5].create(`k${i}`, 'free')),
      );
      const reader = new FileKeyStore(file);
      expect(await reader.list()).toHaveLength(20);
      for (const { plaintext, record } of created)
        expect((await reader.findByPlaintext(plaintext))?.label).toBe(record.label);
    } finally {
      await cleanup();
    }
  });

  it('takes over the lock a writer that died left behind, once it is stale', async () => {
    const { file, cleanup } = await tempFile();
    try {
      await fs.mkdir(path.dirname(file), { recursive: true });
      // proper-lockfile's lock is a directory the holder keeps touching; this one stopped.
      const old = new Date(Date.now() - 60_000);
      await fs.mkdir(`${file}.lock`);
      await fs.utimes(`${file}.lock`, old, old);
      const { plaintext } = await new FileKeyStore(file).create('after-crash', 'free');
      expect((await new FileKeyStore(file).findByPlaintext(plaintext))?.label).toBe('after-crash');
    } finally {
      await cleanup();
    }
  });

  it('takes over a stale lock file the earlier hand-written lock left behind', async () => {
    const { file, cleanup } = await tempFile();
    try {
      await fs.mkdir(path.dirname(file), { recursive: true });
      const old = new Date(Date.now() - 60_000);
      await fs.writeFile(`${file}.lock`, '');
      await fs.utimes(`${file}.lock`, old, old);
      const { plaintext } = await new FileKeyStore(file).create('after-upgrade', 'free');
      expect((await new FileKeyStore(file).findByPlaintext(plaintext))?.label).toBe(
        'after-upgrade',
      );
    } finally {
      await cleanup();
    }
  });
});
