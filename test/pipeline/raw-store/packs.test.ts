/**
 * The raw store's packs and its known texts: a dump line stored before is confirmed by the
 * hash of its text without being parsed, and gives the same changes as parsing it would;
 * dead records leave the disk once they outweigh the live ones; a store written before
 * packs (a file per record) is read and moved into a pack by its next run.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../config/logger.js';
import { canonicalJson } from '../../../pipeline/raw-store/content-hash.js';
import { newRunId, RawStore } from '../../../pipeline/raw-store/raw-store.js';
import { hashText } from '../../../pipeline/registry/dump.js';
import { importRegistryDump } from '../../../pipeline/registry/import-dump.js';

const logger = createLogger('silent');

const study = (n: number, title: string) => ({
  protocolSection: {
    identificationModule: { nctId: `NCT${String(n).padStart(8, '0')}`, briefTitle: title },
    statusModule: { overallStatus: 'RECRUITING' },
  },
});
const id = (n: number) => `NCT${String(n).padStart(8, '0')}`;

describe('raw store packs and known texts', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'raw-packs-'));
  });
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  const writeDump = async (name: string, lines: string[]) => {
    const file = path.join(dir, name);
    await fs.writeFile(file, lines.join('\n') + '\n');
    return file;
  };
  const importDump = async (file: string) => {
    const rawStore = await RawStore.open(path.join(dir, 'raw'));
    const summary = await importRegistryDump({ path: file }, { rawStore, logger, tty: false });
    return { rawStore, summary };
  };

  it('confirms unchanged lines by their text and reads every record back as stored', async () => {
    const lines = Array.from({ length: 30 }, (_, i) =>
      JSON.stringify(study(i + 1, `trial ${i + 1}`)),
    );
    const first = await importDump(await writeDump('one.jsonl', lines));
    expect(first.summary).toMatchObject({ new: 30, changed: 0, unchanged: 0 });
    expect(first.rawStore.entry(id(1))?.text).toBe(hashText(lines[0]));

    // Same record in other bytes (key order), one changed, one gone, one new, one line twice.
    const reordered = JSON.stringify({
      protocolSection: {
        statusModule: { overallStatus: 'RECRUITING' },
        identificationModule: { briefTitle: 'trial 2', nctId: id(2) },
      },
    });
    const second = [
      lines[0],
      reordered,
      JSON.stringify(study(3, 'trial 3, amended')),
      ...lines.slice(3, 29),
      lines[5],
      JSON.stringify(study(31, 'trial 31')),
    ];
    const { summary, rawStore } = await importDump(await writeDump('two.jsonl', second));
    expect(summary).toMatchObject({ new: 1, changed: 1, unchanged: 28, removed: 1, duplicates: 1 });
    expect(rawStore.isChangedSinceLastRun(id(1))).toBe(false);
    expect(rawStore.isChangedSinceLastRun(id(3))).toBe(true);

    const reopened = await RawStore.open(path.join(dir, 'raw'));
    expect(reopened.ids()).toHaveLength(30);
    expect(await reopened.read(id(30))).toBeNull();
    for (const n of [1, 2, 3, 17, 31]) {
      const record = await reopened.read(id(n));
      const expected = n === 3 ? study(3, 'trial 3, amended') : study(n, `trial ${n}`);
      expect(canonicalJson(record?.study)).toBe(canonicalJson(expected));
      expect(record?.entry.hash).toBe(reopened.entry(id(n))?.hash);
    }
    // A third read of the second dump changes nothing.
    const third = await importDump(await writeDump('three.jsonl', second));
    expect(third.summary).toMatchObject({ new: 0, changed: 0, unchanged: 30 });
  });

  it('takes a later, fuller copy of a confirmed record in the same run', async () => {
    const short = JSON.stringify(study(1, 'short'));
    await importDump(await writeDump('one.jsonl', [short]));
    const fuller = JSON.stringify({
      ...study(1, 'short'),
      derivedSection: { conditionBrowseModule: { meshes: [{ term: 'Lung Neoplasms' }] } },
    });
    const { summary, rawStore } = await importDump(await writeDump('two.jsonl', [short, fuller]));
    expect(summary).toMatchObject({ changed: 1, duplicates: 1 });
    expect(await rawStore.read(id(1)).then((r) => canonicalJson(r?.study))).toBe(
      canonicalJson(JSON.parse(fuller)),
    );
  });

  it('drops dead packs, compacts when most bytes are dead, and moves a file-per-record store into a pack', async () => {
    const raw = path.join(dir, 'raw');
    const store = await RawStore.open(raw);
    const run1 = newRunId(new Date('2026-01-01T00:00:00Z'));
    await store.putMany(
      run1,
      Array.from({ length: 10 }, (_, i) => ({
        nctId: id(i + 1),
        form: 'ctgov_v2',
        study: study(i + 1, 'a'),
      })),
    );
    await store.finishRun(run1, 'full');
    const run2 = newRunId(new Date('2026-02-01T00:00:00Z'));
    await store.putMany(run2, [
      { nctId: id(1), form: 'ctgov_v2', study: study(1, 'b') },
      { nctId: id(2), form: 'ctgov_v2', study: study(2, 'a') },
    ]);
    await store.finishRun(run2, 'full');
    // Eight records left and one changed: the first pack is mostly dead, so both are rewritten.
    const packs = await fs.readdir(path.join(raw, 'packs'));
    expect(packs).toHaveLength(1);
    expect(packs[0]).toContain(`${run2}-compact`);
    const after = await RawStore.open(raw);
    expect(after.ids()).toEqual([id(1), id(2)]);
    expect((await after.read(id(1)))?.study).toEqual(study(1, 'b'));
    expect((await after.read(id(2)))?.study).toEqual(study(2, 'a'));

    // A store from before packs: index entries without a pack, one file per record.
    const legacy = path.join(dir, 'legacy');
    const file = path.join(legacy, 'records', '05', `${id(5)}.json`);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, JSON.stringify({ form: 'ctgov_v2', study: study(5, 'old') }));
    const entry = { hash: 'h', form: 'ctgov_v2', size: 1, run: 'r0', change: 'new', base: null };
    await fs.writeFile(
      path.join(legacy, 'index.json'),
      JSON.stringify({ version: 1, entries: { [id(5)]: entry } }),
    );
    const old = await RawStore.open(legacy);
    expect((await old.read(id(5)))?.study).toEqual(study(5, 'old'));
    const run3 = newRunId();
    await old.putMany(run3, [{ nctId: id(6), form: 'ctgov_v2', study: study(6, 'new') }]);
    await old.finishRun(run3, 'incremental');
    await expect(fs.stat(path.join(legacy, 'records'))).rejects.toThrow();
    const moved = await RawStore.open(legacy);
    expect((await moved.read(id(5)))?.study).toEqual(study(5, 'old'));
    expect((await moved.read(id(6)))?.study).toEqual(study(6, 'new'));
  });
});
