/**
 * The raw store answers reads of studies it stored in this process from memory; what it
 * returns must be exactly what a fresh process reads from disk, and a newer copy written
 * by another process must win.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RawStore } from '../../../pipeline/raw-store/raw-store.js';

const study = (id: string, title: string) => ({
  protocolSection: { identificationModule: { nctId: id, briefTitle: title } },
});

describe('RawStore held studies', () => {
  let dir: string;
  afterEach(async () => {
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  it('reads back from memory what a fresh store reads from disk, until released', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'raw-held-'));
    const store = await RawStore.open(dir);
    await store.putMany('r1', [
      { nctId: 'NCT00000001', form: 'ctgov_v2', study: study('NCT00000001', 'first') },
      { nctId: 'NCT00000002', form: 'ctgov_v2', study: study('NCT00000002', 'second') },
    ]);
    await store.finishRun('r1', 'full');
    const fromMemory = await store.read('NCT00000002');
    const fresh = await RawStore.open(dir);
    const fromDisk = await fresh.read('NCT00000002');
    expect(fromMemory?.study).toEqual(fromDisk?.study);
    expect(fromMemory?.entry.hash).toBe(fromDisk?.entry.hash);

    // Another process stores a changed copy; this store, once its index is reopened, must not serve the stale one.
    await fresh.putMany('r2', [
      { nctId: 'NCT00000002', form: 'ctgov_v2', study: study('NCT00000002', 'changed') },
    ]);
    await fresh.finishRun('r2', 'incremental');
    const reopened = await RawStore.open(dir);
    expect((await reopened.read('NCT00000002'))?.study).toEqual(study('NCT00000002', 'changed'));

    store.releaseHeld();
    expect((await store.read('NCT00000001'))?.study).toEqual(study('NCT00000001', 'first'));
  });
});
