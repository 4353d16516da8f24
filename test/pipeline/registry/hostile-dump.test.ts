/**
 * Damaged dump input is skipped record by record, with where it was: a line nested 5,000
 * levels deep (which used to overflow the stack and abort the whole import), a line that
 * is not JSON, and records whose id is not NCT + 8 digits (`12345`, `../../etc/passwd`).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RawStore } from '../../../pipeline/raw-store/raw-store.js';
import { writeRegistryDump } from '../../../pipeline/demo/index.js';
import { importRegistryDump } from '../../../pipeline/registry/import-dump.js';
import { jsonNestingExceeds } from '../../../pipeline/registry/json-depth.js';
import { requireCtgovData } from '../../helpers/ctgov-replay-server.js';
import { capturingLogger } from '../../helpers/processes.js';

let tmp: string;
beforeEach(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'hostile-dump-'));
});
afterEach(async () => {
  await fs.rm(tmp, { recursive: true, force: true });
});

const withId = (line: string, id: string): string => {
  const study = JSON.parse(line) as {
    protocolSection: { identificationModule: { nctId: string } };
  };
  study.protocolSection.identificationModule.nctId = id;
  return JSON.stringify(study);
};

describe('hostile registry dump lines', () => {
  it('skips a deeply nested line, a broken line and invalid ids with file and line; imports the rest', async () => {
    const lines = (await fs.readFile(path.join(requireCtgovData(), 'v2', 'studies.jsonl'), 'utf8'))
      .split('\n')
      .filter(Boolean);
    const nested = '{"protocolSection":' + '['.repeat(5000) + ']'.repeat(5000) + '}';
    expect(nested.length).toBeGreaterThan(10_000);
    const dump = path.join(tmp, 'dump.jsonl');
    await fs.writeFile(
      dump,
      [
        lines[0],
        nested,
        '{"protocolSection": {',
        withId(lines[1], '12345'),
        withId(lines[2], '../../etc/passwd'),
        withId(lines[3], 'NCT123456789'),
        lines[4],
      ].join('\n'),
    );
    const { logger, lines: logged } = capturingLogger();
    const summary = await importRegistryDump(
      { path: dump },
      { rawStore: await RawStore.open(path.join(tmp, 'raw')), logger, tty: false },
    );
    expect(summary).toMatchObject({
      new: 2,
      skipped: 2,
      invalid_ids: 3,
      skip_reasons: { 'JSON nested deeper than 64 levels': 1, 'invalid JSON': 1 },
    });
    const warnings = logged().filter((l) => l.level === 40);
    expect(warnings).toContainEqual(
      expect.objectContaining({ origin: `${dump}:2`, reason: 'JSON nested deeper than 64 levels' }),
    );
    expect(warnings).toContainEqual(
      expect.objectContaining({ origin: `${dump}:3`, reason: 'invalid JSON' }),
    );
    expect(warnings).toContainEqual(
      expect.objectContaining({ origin: `${dump}:5`, nct_id: '../../ETC/PASSWD' }),
    );
    const store = await RawStore.open(path.join(tmp, 'raw'));
    expect(store.size).toBe(2);
  });

  it("imports the project's own demo dump (DEMO- ids), which no registry issues", async () => {
    const dump = path.join(tmp, 'demo.jsonl');
    const written = await writeRegistryDump({
      scale: 'demo',
      now: new Date('2026-11-22T00:00:00Z'),
      out: dump,
    });
    const { logger } = capturingLogger();
    const summary = await importRegistryDump(
      { path: dump },
      { rawStore: await RawStore.open(path.join(tmp, 'raw')), logger, tty: false },
    );
    expect(summary).toMatchObject({ new: written.studies, invalid_ids: 0 });
    expect((await RawStore.open(path.join(tmp, 'raw'))).size).toBe(written.studies);
  });

  it('fails the import only when no valid record is left, naming why', async () => {
    const dump = path.join(tmp, 'bad.jsonl');
    await fs.writeFile(
      dump,
      ['[[[[[[[[' + '['.repeat(100) + ']'.repeat(108), 'not json'].join('\n'),
    );
    const { logger } = capturingLogger();
    await expect(
      importRegistryDump(
        { path: dump },
        { rawStore: await RawStore.open(path.join(tmp, 'raw')), logger, tty: false },
      ),
    ).rejects.toThrow(
      /holds no valid registry record \(1 JSON nested deeper than 64 levels; 1 invalid JSON\)/,
    );
  });

  it('measures depth outside strings only', () => {
    expect(jsonNestingExceeds('{"a":"[[[[[[[[[[[[[[[[\\"[[[[["}', 3)).toBe(false);
    expect(jsonNestingExceeds('[[[[1]]]]', 3)).toBe(true);
    expect(jsonNestingExceeds('[[[1]]]', 3)).toBe(false);
  });
});
