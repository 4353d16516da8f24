/**
 * Degraded sponsor exports are not imported silently: a missing NCT column fails the
 * sponsor (or, for an optional sponsor, keeps its previous trials with a flag); an empty
 * or header-only export keeps the previous trials with a warning flag; a Latin-1 export
 * is decoded with the sniffed charset and flagged instead of being garbled.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../config/logger.js';
import { catalogEntry } from '../../../pipeline/sponsors/catalog/index.js';
import {
  importSponsorCsvFile,
  importSponsorCsvs,
  SponsorInputError,
} from '../../../pipeline/sponsors/csv-import.js';
import { SPONSOR_FIXTURES } from './paths.js';

const logger = createLogger('silent');
const PFIZER = path.join(SPONSOR_FIXTURES, 'pfizer', 'pfizer-lung-trials.csv');
let dir: string;
let file: string;
let deps: { logger: typeof logger; stateFile: string; lastGoodDir: string };
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sponsor-validation-'));
  file = path.join(dir, 'pfizer.csv');
  deps = {
    logger,
    stateFile: path.join(dir, 'state.json'),
    lastGoodDir: path.join(dir, 'last-good'),
  };
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const importPfizer = (optional?: string[]) =>
  importSponsorCsvs({ files: { pfizer: file } }, { ...deps, optional });

describe('sponsor CSV validation', () => {
  it('a CSV without its NCT column fails the sponsor, naming the column; an optional sponsor keeps its previous trials', async () => {
    const good = await fs.readFile(PFIZER, 'utf8');
    await fs.writeFile(file, good);
    const first = await importPfizer();
    const linked = first.trials.filter((t) => t.nct_id).length;
    expect(linked).toBeGreaterThan(0);

    await fs.writeFile(file, good.replace('NCT ID;', 'Registry;'));
    const err = await importPfizer().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SponsorInputError);
    expect((err as Error).message).toMatch(
      /pfizer: pfizer\.csv has no "NCT ID" column \(nct_id\), which the import needs/,
    );

    const optional = await importPfizer(['pfizer']);
    expect(optional.trials.map((t) => t.nct_id)).toEqual(first.trials.map((t) => t.nct_id));
    expect(optional.summary.keptPrevious?.pfizer).toMatch(
      /no "NCT ID" column .*kept \d+ trials from the previous import/,
    );
    expect(optional.flags).toContainEqual(
      expect.objectContaining({
        source: 'pfizer',
        severity: 'warning',
        kind: 'page_shape_changed',
      }),
    );
  });

  it('an empty or header-only export keeps the previous trials with a warning flag', async () => {
    const good = await fs.readFile(PFIZER, 'utf8');
    await fs.writeFile(file, good);
    const first = await importPfizer();
    for (const content of ['', good.split('\n')[0] + '\n']) {
      await fs.writeFile(file, content);
      const r = await importPfizer();
      expect(r.trials).toEqual(first.trials);
      expect(r.summary.keptPrevious?.pfizer).toMatch(
        /no data rows \(empty or header only\); kept \d+ trials/,
      );
      expect(r.flags.filter((f) => f.severity === 'warning' && f.source === 'pfizer')).toHaveLength(
        1,
      );
    }
  });

  it('a Latin-1 export is decoded with the sniffed charset and flagged', async () => {
    const good = await fs.readFile(PFIZER, 'utf8');
    const accented = good.replace(
      'Fixture row for the pan-tumour study',
      'Étude de fixture pour le cancer bronchique à petites cellules, café',
    );
    await fs.writeFile(file, Buffer.from(accented, 'latin1'));
    const r = await importSponsorCsvFile(catalogEntry('pfizer'), file);
    expect(r.encoding).not.toBe('utf-8');
    expect(r.trials.map((t) => t.title)).toContain(
      'Étude de fixture pour le cancer bronchique à petites cellules, café, Pfizer listing',
    );
    expect(r.trials.some((t) => JSON.stringify(t).includes('\uFFFD'))).toBe(false);
    expect(r.flags).toContainEqual(
      expect.objectContaining({
        message: expect.stringMatching(/pfizer\.csv: not UTF-8; decoded as /) as unknown,
      }),
    );
    // The same text in UTF-8 needs no guess and raises no flag.
    await fs.writeFile(file, accented);
    const utf8 = await importSponsorCsvFile(catalogEntry('pfizer'), file);
    expect(utf8.encoding).toBe('utf-8');
    expect(utf8.flags.some((f) => /not UTF-8/.test(f.message))).toBe(false);
  });
});
