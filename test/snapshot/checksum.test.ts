/**
 * snapshot/checksum.ts: the worker thread's digest is the file's sha256 (the one
 * sha256File gives), across its read pieces; a file it cannot read rejects.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sha256File, sha256FileOffThread } from '../../snapshot/checksum.js';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lungtrials-checksum-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('sha256FileOffThread', () => {
  it('gives the sha256 of the whole file, empty or longer than one read', async () => {
    for (const bytes of [Buffer.alloc(0), randomBytes(9 * 1024 * 1024 + 7)]) {
      const file = path.join(dir, `f${bytes.length}`);
      await fs.writeFile(file, bytes);
      const expected = createHash('sha256').update(bytes).digest('hex');
      expect(await sha256FileOffThread(file)).toBe(expected);
      expect(await sha256File(file)).toBe(expected);
    }
  });

  it('rejects when the file cannot be read', async () => {
    await expect(sha256FileOffThread(path.join(dir, 'missing'))).rejects.toThrow(/ENOENT/);
  });
});
