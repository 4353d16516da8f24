import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import AdmZip from 'adm-zip';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readRegistryDump } from '../../../pipeline/registry/dump.js';
import {
  mapDumpEntry,
  type DumpEntry,
  type SkippedRecord,
} from '../../../pipeline/registry/forms.js';
import { requireCtgovData } from '../../helpers/ctgov-replay-server.js';

const data = requireCtgovData();

async function readAll(p: string) {
  const entries: DumpEntry[] = [];
  const skipped: SkippedRecord[] = [];
  for await (const e of readRegistryDump(p, { onSkip: (s) => skipped.push(s) })) entries.push(e);
  return { entries, skipped };
}

function countBy<T>(items: T[], key: (t: T) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const i of items) out[key(i)] = (out[key(i)] ?? 0) + 1;
  return out;
}

/** Folder (relative to the data dir) of each entry's source file. */
const folderOf = (origin: string) =>
  path
    .relative(data, origin.replace(/[:#!].*$/, ''))
    .split(path.sep)
    .slice(0, -1)
    .join('/') || '.';

describe('readRegistryDump over ../shared/data/ctgov', () => {
  let tmp: string;
  beforeEach(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'registry-dump-'));
  });
  afterEach(async () => {
    await fs.rm(tmp, { recursive: true, force: true });
  });

  it('reads every form that holds v2 or classic registry records and skips the other schemas', async () => {
    const { entries, skipped } = await readAll(data);
    expect(countBy(entries, (e) => e.form)).toEqual({ ctgov_v2: 191, ctgov_v1: 1, ctgov_xml: 5 });
    expect(countBy(entries, (e) => `${folderOf(e.origin)} ${e.form}`)).toEqual({
      'v2 ctgov_v2': 183,
      // 3 single-study captures + the two search envelopes (3 and 2 studies).
      'original/ctgov_v2_biomcp ctgov_v2': 8,
      'original/ctgov_v1_aact ctgov_v1': 1,
      'original/ctgov_xml_aact ctgov_xml': 5,
    });
    expect(countBy(skipped, (s) => path.basename(s.origin.replace(/:\d+$/, '')))).toEqual({
      'lung_trials_unified.jsonl': 283,
      'lung_trials_verbatim.jsonl': 179,
      'nci_cts_lung_trials.jsonl': 92,
    });
    const ids = new Set(entries.map((e) => mapDumpEntry(e).trial.nct_id));
    expect(ids.size).toBe(194);
  });

  it('reads a zip of the same files', async () => {
    const zip = new AdmZip();
    zip.addLocalFolder(path.join(data, 'original', 'ctgov_v2_biomcp'), 'biomcp');
    zip.addLocalFolder(path.join(data, 'original', 'ctgov_xml_aact'), 'xml');
    zip.addLocalFile(path.join(data, 'v2', 'studies.jsonl'), 'v2');
    zip.addLocalFile(path.join(data, 'original', 'nci_cts_v2', 'nci_cts_lung_trials.jsonl'), 'nci');
    const file = path.join(tmp, 'dump.zip');
    zip.writeZip(file);
    const { entries, skipped } = await readAll(file);
    expect(countBy(entries, (e) => e.form)).toEqual({ ctgov_v2: 191, ctgov_xml: 5 });
    expect(skipped).toHaveLength(92);
    expect(entries.find((e) => e.origin.endsWith('!xml/NCT01642004.xml'))).toBeDefined();
  });

  it('streams a JSONL file, skipping unparseable and foreign lines', async () => {
    const lines = (await fs.readFile(path.join(data, 'v2', 'studies.jsonl'), 'utf8'))
      .split('\n')
      .filter(Boolean)
      .slice(0, 3);
    const file = path.join(tmp, 'dump.ndjson');
    await fs.writeFile(
      file,
      [
        lines[0],
        '{not json',
        '',
        JSON.stringify({ nct_id: 'NCT1', title: 'flat export' }),
        lines[1],
        lines[2],
      ].join('\r\n'),
    );
    const { entries, skipped } = await readAll(file);
    expect(entries.map((e) => e.form)).toEqual(['ctgov_v2', 'ctgov_v2', 'ctgov_v2']);
    expect(entries.map((e) => e.origin.split(':').at(-1))).toEqual(['1', '5', '6']);
    expect(skipped.map((s) => s.reason)).toEqual([
      'invalid JSON',
      'not a ClinicalTrials.gov registry record',
    ]);
  });

  it('reads a JSON array of v2 studies and rejects a missing path', async () => {
    const file = path.join(tmp, 'array.json');
    const lines = (await fs.readFile(path.join(data, 'v2', 'studies.jsonl'), 'utf8'))
      .split('\n')
      .filter(Boolean)
      .slice(0, 4);
    await fs.writeFile(file, `[${lines.join(',')}]`);
    expect((await readAll(file)).entries).toHaveLength(4);
    await expect(readAll(path.join(tmp, 'missing'))).rejects.toThrow(/not found/);
  });
});
