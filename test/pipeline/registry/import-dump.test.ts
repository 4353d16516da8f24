import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../config/logger.js';
import { newRunId, RawStore } from '../../../pipeline/raw-store/raw-store.js';
import { importRegistryDump } from '../../../pipeline/registry/import-dump.js';
import { loadRegistryRecordArray } from '../../../pipeline/registry/load-records.js';
import { requireCtgovData } from '../../helpers/ctgov-replay-server.js';

const data = requireCtgovData();
const logger = createLogger('silent');

describe('importRegistryDump and the raw store', () => {
  let tmp: string;
  beforeEach(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'registry-import-'));
  });
  afterEach(async () => {
    await fs.rm(tmp, { recursive: true, force: true });
  });

  const importInto = async (storeDir: string, dumpPath: string) => {
    const rawStore = await RawStore.open(storeDir);
    const summary = await importRegistryDump({ path: dumpPath }, { rawStore, logger, tty: false });
    return { rawStore, summary };
  };

  it('imports the real records, keeps the fuller copy of a duplicated trial, and reports a rerun unchanged', async () => {
    const storeDir = path.join(tmp, 'raw');
    const first = await importInto(storeDir, data);
    expect(first.summary).toMatchObject({
      mode: 'dump',
      fetched: 197,
      new: 194,
      changed: 0,
      unchanged: 0,
      failed: 0,
      removed: 0,
      duplicates: 3,
      skipped: 554,
    });

    // The get capture of NCT06382129 has eligibility text; its search-envelope copy does not.
    const reopened = await RawStore.open(storeDir);
    expect(reopened.size).toBe(194);
    const records = await loadRegistryRecordArray(reopened);
    expect(records).toHaveLength(194);
    expect(records.every((r) => r.changed)).toBe(true);
    const byId = new Map(records.map((r) => [r.trial.nct_id, r]));
    expect(byId.get('NCT06382129')!.trial.inclusion_criteria).toMatch(
      /Voluntarily sign the informed consent/,
    );
    expect(reopened.entry('NCT00023673')?.form).toBe('ctgov_v1');
    expect(byId.get('NCT01642004')!.trial.location_count).toBe(106);
    expect(byId.get('NCT02576665')!.sites.filter((s) => s.geo_precision === 'site')).toHaveLength(
      3,
    );
    expect(byId.get('NCT02576665')!.trial.content_hash).toBe(reopened.entry('NCT02576665')!.hash);

    const second = await importInto(storeDir, data);
    expect(second.summary).toMatchObject({
      fetched: 197,
      new: 0,
      changed: 0,
      unchanged: 194,
      removed: 0,
    });
    expect((await loadRegistryRecordArray(second.rawStore)).filter((r) => r.changed)).toEqual([]);
    expect(await loadRegistryRecordArray(second.rawStore, { changedOnly: true })).toEqual([]);
  });

  it('reports changed, removed and failed records against the previous import', async () => {
    const storeDir = path.join(tmp, 'raw');
    const lines = (await fs.readFile(path.join(data, 'v2', 'studies.jsonl'), 'utf8'))
      .split('\n')
      .filter(Boolean);
    const dump1 = path.join(tmp, 'one.jsonl');
    await fs.writeFile(dump1, lines.slice(0, 20).join('\n'));
    expect((await importInto(storeDir, dump1)).summary).toMatchObject({ new: 20 });

    const edited = JSON.parse(lines[3]) as {
      protocolSection: {
        identificationModule: { nctId: string };
        statusModule: { overallStatus: string };
      };
    };
    edited.protocolSection.statusModule.overallStatus = 'SUSPENDED';
    const noId = { protocolSection: { identificationModule: { briefTitle: 'no id' } } };
    const dump2 = path.join(tmp, 'two.jsonl');
    await fs.writeFile(
      dump2,
      [
        ...lines.slice(0, 3),
        JSON.stringify(edited),
        ...lines.slice(4, 15),
        JSON.stringify(noId),
        lines[30],
      ].join('\n'),
    );
    const { summary, rawStore } = await importInto(storeDir, dump2);
    expect(summary).toMatchObject({
      fetched: 17,
      new: 1,
      changed: 1,
      unchanged: 14,
      failed: 1,
      removed: 5,
    });
    expect(rawStore.size).toBe(16);

    const changed = await loadRegistryRecordArray(rawStore, { changedOnly: true });
    expect(changed.map((r) => r.trial.nct_id).sort()).toEqual(
      [
        edited.protocolSection.identificationModule.nctId,
        JSON.parse(lines[30]).protocolSection.identificationModule.nctId,
      ].sort(),
    );
    expect(
      changed.find((r) => r.trial.nct_id === edited.protocolSection.identificationModule.nctId)!
        .trial.status,
    ).toBe('Closed');
    // Removed records leave the index; a fresh store reads the 16 that are left.
    const reopened = await RawStore.open(storeDir);
    expect(reopened.ids()).toEqual(rawStore.ids());
    expect(
      await reopened.read(JSON.parse(lines[19]).protocolSection.identificationModule.nctId),
    ).toBeNull();
    expect(await loadRegistryRecordArray(reopened)).toHaveLength(16);
  });

  it('compares a record touched by an unfinished run with the last finished run', async () => {
    const store = await RawStore.open(path.join(tmp, 'raw'));
    const v1 = {
      protocolSection: {
        identificationModule: { nctId: 'NCT00000001' },
        statusModule: { overallStatus: 'RECRUITING' },
      },
    };
    const v2 = {
      protocolSection: {
        identificationModule: { nctId: 'NCT00000001' },
        statusModule: { overallStatus: 'COMPLETED' },
      },
    };
    const done = newRunId();
    expect(
      await store.putMany(done, [{ nctId: 'NCT00000001', form: 'ctgov_v2', study: v1 }]),
    ).toEqual(['new']);
    await store.finishRun(done, 'full');

    const interrupted = newRunId(new Date(Date.now() + 1000));
    expect(
      await store.putMany(interrupted, [{ nctId: 'NCT00000001', form: 'ctgov_v2', study: v2 }]),
    ).toEqual(['changed']);
    await store.flush();
    expect(store.isChangedSinceLastRun('NCT00000001')).toBe(true);

    const reopened = await RawStore.open(path.join(tmp, 'raw'));
    const next = newRunId(new Date(Date.now() + 2000));
    expect(
      await reopened.putMany(next, [{ nctId: 'NCT00000001', form: 'ctgov_v2', study: v2 }]),
    ).toEqual(['changed']);
    const run = await reopened.finishRun(next, 'full');
    expect(run).toMatchObject({ new: 0, changed: 1, unchanged: 0, removed: 0 });
    expect((await reopened.read('NCT00000001'))?.study).toEqual(v2);
  });
});
