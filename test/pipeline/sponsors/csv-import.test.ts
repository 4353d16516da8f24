import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../config/logger.js';
import { catalogEntry } from '../../../pipeline/sponsors/catalog/index.js';
import {
  detectDelimiter,
  importSponsorCsvFile,
  importSponsorCsvs,
} from '../../../pipeline/sponsors/csv-import.js';
import type { SponsorTrial } from '../../../pipeline/sponsors/types.js';
import { SPONSOR_FIXTURES } from './paths.js';

const logger = createLogger('silent');
const fixture = (slug: string, name: string) => path.join(SPONSOR_FIXTURES, slug, name);
const byId = (trials: SponsorTrial[], id: string) => {
  const t = trials.find((x) => x.sponsor_study_id === id);
  if (!t)
    throw new Error(`no trial ${id} among ${trials.map((x) => x.sponsor_study_id).join(', ')}`);
  return t;
};

describe('importSponsorCsvFile', () => {
  it('reads the AstraZeneca export: BOM, CRLF, quoted newline, ISO and DD-MMM-YYYY dates, bad rows flagged', async () => {
    const r = await importSponsorCsvFile(
      catalogEntry('astrazeneca'),
      fixture('astrazeneca', 'trial-finder-export.csv'),
    );
    expect(r.delimiter).toBe(',');
    expect(r.trials.map((t) => t.sponsor_study_id)).toEqual([
      'AZ-FIXTURE-0101',
      'AZ-FIXTURE-0102',
      'AZ-FIXTURE-0103',
      'AZ-FIXTURE-0001',
      'AZ-FIXTURE-0002',
      'AZ-FIXTURE-0003',
    ]);
    const first = byId(r.trials, 'AZ-FIXTURE-0101');
    // The BOM must not glue itself to the first header, or the study code column is lost.
    expect(first.nct_id).toBe('NCT05797168');
    expect(first.official_title).toBe(
      'A fixture official title that the export wraps over two lines',
    );
    expect(first.status).toBe('Recruiting');
    expect(first.phases).toEqual(['PHASE1', 'PHASE2']);
    expect(first.study_start).toBe('2023-03-15');
    expect(first.primary_completion).toBe('2027-06-30');
    expect(first.conditions).toEqual(['Non-Small Cell Lung Cancer', 'Ovarian Cancer']);
    expect(first.sites).toEqual([
      {
        facility: 'Fixture Research Site',
        city: 'Boston',
        state: null,
        zip: null,
        country: 'United States',
      },
      {
        facility: 'Fixture Research Site',
        city: 'Seoul',
        state: null,
        zip: null,
        country: 'South Korea',
      },
    ]);
    expect(first.page_url).toBe('https://www.astrazenecaclinicaltrials.com/study/AZ-FIXTURE-0101/');
    expect(byId(r.trials, 'AZ-FIXTURE-0102').study_start).toBe('2025-01-15');
    expect(byId(r.trials, 'AZ-FIXTURE-0103').status).toBe('Active');
    expect(byId(r.trials, 'AZ-FIXTURE-0002').status).toBe('Completed');

    expect(r.failed).toBe(4);
    const bad = r.flags.filter((f) => f.kind === 'bad_source_row');
    expect(bad.map((f) => f.message)).toEqual([
      'trial-finder-export.csv line 10: missing id and title',
      'trial-finder-export.csv line 11: unparseable study_start: "2024-13-45" matches none of YYYY-MM-DD, DD-MMM-YYYY',
      'trial-finder-export.csv line 12: expected 11 columns, got 4',
      'trial-finder-export.csv line 13: missing study_start',
    ]);
    for (const f of bad) {
      expect(f.source).toBe('astrazeneca');
      expect(f.nct_id).toBeNull();
    }
    expect(JSON.parse(bad[1].details!)).toMatchObject({
      'Study Code': 'AZ-FIXTURE-0004',
      'Start Date': '2024-13-45',
    });
    expect(JSON.parse(bad[2].details!)).toEqual([
      'AZ-FIXTURE-0005',
      '',
      'Fixture row cut short',
      'Actively recruiting',
    ]);
  });

  it('reads the Pfizer export: semicolons, quoted semicolon, DD/MM/YYYY, sex and ages, countries as sites', async () => {
    const file = fixture('pfizer', 'pfizer-lung-trials.csv');
    expect(await detectDelimiter(file)).toBe(';');
    const r = await importSponsorCsvFile(catalogEntry('pfizer'), file);
    expect(r.trials).toHaveLength(4);
    const shared = byId(r.trials, 'PF-FIXTURE-0201');
    expect(shared).toMatchObject({
      nct_id: 'NCT07124000',
      study_start: '2024-03-15',
      last_updated: '2025-09-02',
      age_min: 18,
      age_max: null,
      sex: 'ALL',
    });
    expect(shared.sites.map((s) => s.country)).toEqual(['United States', 'Spain']);
    const only = byId(r.trials, 'PF-FIXTURE-0001');
    expect(only).toMatchObject({
      title: 'Fixture sponsor-only study; the title holds a semicolon',
      sex: 'FEMALE',
      age_max: 75,
      study_start: '2025-01-31',
      status: 'Not yet recruiting',
    });
    expect(byId(r.trials, 'PF-FIXTURE-0202').study_start).toBe('2022-12-01');
    // 01/31/2025 is not a DD/MM date: the optional date is dropped with an info flag, the trial kept.
    expect(byId(r.trials, 'PF-FIXTURE-0002').study_start).toBeNull();
    const info = r.flags.find((f) => f.severity === 'info');
    expect(info?.message).toContain('study_start dropped: "01/31/2025"');
    expect(r.failed).toBe(1);
    expect(r.flags.filter((f) => f.severity === 'warning').map((f) => f.message)).toEqual([
      'pfizer-lung-trials.csv line 6: expected 13 columns, got 14',
    ]);
  });

  it('reads the Lilly export: MM/DD/YYYY, leap day, US sites across a quoted newline, a broken quote skipped', async () => {
    const r = await importSponsorCsvFile(
      catalogEntry('lilly'),
      fixture('lilly', 'lilly-trials.csv'),
    );
    expect(r.trials.map((t) => t.sponsor_study_id)).toEqual([
      'LY-FIXTURE-0301',
      'LY-FIXTURE-0302',
      'LY-FIXTURE-0001',
      'LY-FIXTURE-0003',
    ]);
    const t = byId(r.trials, 'LY-FIXTURE-0301');
    expect(t).toMatchObject({
      study_start: '2024-03-15',
      primary_completion: '2027-12-31',
      status: 'Recruiting',
    });
    expect(t.sites).toEqual([
      {
        facility: 'Fixture Oncology Clinic',
        city: 'Indianapolis',
        state: 'IN',
        zip: '46202',
        country: 'United States',
      },
      {
        facility: 'Fixture Medical Center',
        city: 'Houston',
        state: 'TX',
        zip: '77030',
        country: 'United States',
      },
    ]);
    expect(byId(r.trials, 'LY-FIXTURE-0001')).toMatchObject({
      study_start: '2024-02-29',
      status: 'Enrolling',
    });
    expect(byId(r.trials, 'LY-FIXTURE-0003').study_start).toBe('2024-04-01');
    expect(r.failed).toBe(2);
    const messages = r.flags.map((f) => f.message);
    expect(messages).toContain('lilly-trials.csv line 6: missing id and title');
    expect(messages.some((m) => /line 7: unreadable CSV row \(Invalid Closing Quote/.test(m))).toBe(
      true,
    );
  });

  it('reads the Bayer export: DD-MMM-YYYY and month-year dates, page URL from the study number', async () => {
    const r = await importSponsorCsvFile(
      catalogEntry('bayer'),
      fixture('bayer', 'bayer-export.csv'),
    );
    expect(r.delimiter).toBe(';');
    const t = byId(r.trials, 'BAY-FIXTURE-0401');
    expect(t).toMatchObject({
      nct_id: 'NCT06914128',
      study_start: '2024-03-15',
      primary_completion: '2027-03-01',
      phases: ['PHASE1', 'PHASE2'],
    });
    expect(t.sites.map((s) => s.country)).toEqual(['United States', 'Germany', 'Japan']);
    expect(t.page_url).toBe('https://clinicaltrials.bayer.com/study/BAY-FIXTURE-0401/');
    expect(byId(r.trials, 'BAY-FIXTURE-0001')).toMatchObject({
      study_start: '2025-09-01',
      status: 'Not yet recruiting',
    });
    // ISO is not among Bayer's declared formats, so the date is dropped rather than guessed.
    expect(byId(r.trials, 'BAY-FIXTURE-0002').study_start).toBeNull();
    expect(r.failed).toBe(1);
    expect(r.flags.find((f) => f.severity === 'warning')?.message).toBe(
      'bayer-export.csv line 5: expected 9 columns, got 11',
    );
  });

  it('reads the Novartis export: BOM, month precision dates ("February 2025", "Sept 2025", "2026-08"), multi-line description', async () => {
    const r = await importSponsorCsvFile(
      catalogEntry('novartis'),
      fixture('novartis', 'novartis-lung.csv'),
    );
    expect(r.failed).toBe(0);
    expect(r.flags).toEqual([]);
    const t = byId(r.trials, 'NVS-FIXTURE-0501');
    expect(t).toMatchObject({
      study_start: '2025-02-01',
      last_updated: '2026-08-01',
      interventions: ['Fixture radioligand'],
    });
    expect(t.summary).toBe('A fixture description. Its second paragraph, after a line break.');
    expect(t.sites).toEqual([
      { facility: null, city: 'Boston', state: null, zip: null, country: 'United States' },
      { facility: null, city: 'Barcelona', state: null, zip: null, country: 'Spain' },
    ]);
    expect(byId(r.trials, 'NVS-FIXTURE-0502').study_start).toBe('2025-09-01');
    expect(byId(r.trials, 'NVS-FIXTURE-0503').study_start).toBe('2023-03-01');
  });

  it('follows the header when a sponsor switches delimiter, and flags a column that disappeared', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sponsor-csv-'));
    const file = path.join(dir, 'az.csv');
    await fs.writeFile(
      file,
      'Study Code;NCT Number;Study Title;Recruitment Status;Study Phase;Conditions;Start Date;Locations;Study URL\nAZ-FIXTURE-0901;;Fixture switched export;Actively recruiting;Phase 2;NSCLC;2025-01-02;;\n',
    );
    const r = await importSponsorCsvFile(catalogEntry('astrazeneca'), file);
    expect(r.delimiter).toBe(';');
    expect(r.trials.map((t) => [t.sponsor_study_id, t.study_start])).toEqual([
      ['AZ-FIXTURE-0901', '2025-01-02'],
    ]);
    expect(
      r.flags
        .filter((f) => f.kind === 'page_shape_changed')
        .map((f) => f.message)
        .sort(),
    ).toEqual([
      'az.csv: column "Official Title" (official_title) is missing from the export',
      'az.csv: column "Primary Completion Date" (primary_completion) is missing from the export',
    ]);
  });
});

describe('importSponsorCsvs stage', () => {
  it('imports a directory of sponsor exports and counts new, changed and unchanged across runs', async () => {
    const world = await fs.mkdtemp(path.join(os.tmpdir(), 'sponsor-stage-'));
    const dir = path.join(world, 'exports');
    await fs.cp(SPONSOR_FIXTURES, dir, { recursive: true });
    const stateFile = path.join(world, 'state', 'sponsor-csv.json');

    const first = await importSponsorCsvs({ dir }, { logger, stateFile });
    expect(Object.keys(first.summary.bySponsor)).toEqual([
      'astrazeneca',
      'pfizer',
      'novartis',
      'lilly',
      'bayer',
    ]);
    expect(first.summary.total).toEqual({
      fetched: 21,
      new: 21,
      changed: 0,
      unchanged: 0,
      failed: 8,
    });
    expect(first.summary.changeTracked).toBe(true);
    expect(first.trials).toHaveLength(21);
    expect(
      first.flags.filter((f) => f.kind === 'bad_source_row' && f.severity === 'warning'),
    ).toHaveLength(8);

    // One edited row, one removed row: the next run sees 1 changed and the rest unchanged.
    const bayer = path.join(dir, 'bayer', 'bayer-export.csv');
    const text = await fs.readFile(bayer, 'utf8');
    await fs.writeFile(
      bayer,
      text
        .replace('Recruitment planned', 'Open for recruitment')
        .replace(/^BAY-FIXTURE-0002.*\n/m, ''),
    );
    const second = await importSponsorCsvs({ dir }, { logger, stateFile });
    expect(second.summary.bySponsor.bayer).toEqual({
      fetched: 2,
      new: 0,
      changed: 1,
      unchanged: 1,
      failed: 1,
    });
    expect(second.summary.bySponsor.astrazeneca).toEqual({
      fetched: 6,
      new: 0,
      changed: 0,
      unchanged: 6,
      failed: 4,
    });
  });

  it('fails the stage when the exports directory does not exist, rather than importing nothing', async () => {
    const missing = path.join(os.tmpdir(), `no-such-sponsor-dir-${process.pid}`);
    await expect(importSponsorCsvs({ dir: missing }, { logger })).rejects.toThrow(
      /sponsor CSV directory .* does not exist/,
    );
  });

  it('takes explicit files per sponsor and reports every trial as new without a state file', async () => {
    const r = await importSponsorCsvs(
      { files: { lilly: path.join(SPONSOR_FIXTURES, 'lilly', 'lilly-trials.csv') } },
      { logger },
    );
    expect(r.summary).toEqual({
      total: { fetched: 4, new: 4, changed: 0, unchanged: 0, failed: 2 },
      bySponsor: { lilly: { fetched: 4, new: 4, changed: 0, unchanged: 0, failed: 2 } },
      changeTracked: false,
    });
    expect(r.trials.every((t) => t.source_slug === 'lilly')).toBe(true);
  });
});
