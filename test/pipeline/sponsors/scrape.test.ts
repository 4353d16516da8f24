import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../config/logger.js';
import { scrapeSponsors } from '../../../pipeline/sponsors/scrape.js';
import type { SponsorStageResult, SponsorTrial } from '../../../pipeline/sponsors/types.js';
import { startFixtureServer, type FixtureServer } from '../../helpers/fixture-server.js';
import { SPONSOR_FIXTURES } from './paths.js';

const CHROMIUM = '/usr/bin/chromium';
const SLUGS = ['merck', 'roche', 'bms', 'amgen'];
const logger = createLogger('silent');

function requireChromium(): void {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(
      `${CHROMIUM} is missing: run scripts/ensure-services.sh to install Debian's chromium`,
    );
}

const bases = (server: FixtureServer, slugs: string[]) =>
  Object.fromEntries(slugs.map((s) => [s, `${server.url}/${s}`]));
const byId = (trials: SponsorTrial[], id: string) => {
  const t = trials.find((x) => x.sponsor_study_id === id);
  if (!t) throw new Error(`no trial ${id}`);
  return t;
};

describe('scrapeSponsors through Chromium against the fixture sponsor sites', () => {
  let server: FixtureServer;
  let result: SponsorStageResult;

  beforeAll(async () => {
    requireChromium();
    // The first BMS listing request fails with 503: the stage must retry it.
    server = await startFixtureServer(SPONSOR_FIXTURES, {
      failOncePaths: ['/bms/clinical-trials/lung-cancer/'],
    });
    result = await scrapeSponsors(
      { slugs: SLUGS, baseUrls: bases(server, SLUGS) },
      { chromiumPath: CHROMIUM, logger, pageTimeoutMs: 4000, retryBaseMs: 50 },
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  it('follows next links and reads the script-rendered detail pages (merck)', () => {
    const merck = result.trials.filter((t) => t.source_slug === 'merck');
    expect(merck.map((t) => t.sponsor_study_id)).toEqual([
      'MK-FIXTURE-0601',
      'MK-FIXTURE-0602',
      'MK-FIXTURE-0001',
      'MK-FIXTURE-0603',
      'MK-FIXTURE-0604',
    ]);
    expect(server.requests).toEqual(
      expect.arrayContaining([
        '200 /merck/lung-cancer/',
        '200 /merck/lung-cancer/?page=2',
        '200 /merck/lung-cancer/?page=3',
      ]),
    );
    expect(server.requests).not.toContain('200 /merck/lung-cancer/?page=4');
    const t = byId(merck, 'MK-FIXTURE-0001');
    expect(t).toMatchObject({
      nct_id: null,
      title: 'Fixture sponsor-only study of a subcutaneous anti-PD-1 in NSCLC',
      official_title: 'A fixture sponsor-only study of a subcutaneous anti-PD-1 antibody',
      summary: 'Fixture summary for a sponsor-only study.',
      status_text: 'Opening soon',
      status: 'Recruiting',
      phases: ['PHASE3'],
      study_start: '2025-10-01',
      age_min: 18,
      age_max: 99,
      page_url: `${server.url}/merck/study/?id=MK-FIXTURE-0001`,
    });
    expect(t.sites).toEqual([
      {
        facility: 'Fixture Oncology Associates',
        city: 'Rochester',
        state: 'Minnesota',
        zip: null,
        country: 'United States',
      },
      {
        facility: 'Fixture Hospital',
        city: 'Toronto',
        state: 'Ontario',
        zip: null,
        country: 'Canada',
      },
    ]);
    expect(byId(merck, 'MK-FIXTURE-0601').nct_id).toBe('NCT07166601');
    expect(byId(merck, 'MK-FIXTURE-0602')).toMatchObject({
      phases: ['PHASE1', 'PHASE2'],
      study_start: '2023-03-01',
    });
  });

  it('clicks "Load more" until the button goes and reads facts by label (roche adapter)', () => {
    const roche = result.trials.filter((t) => t.source_slug === 'roche');
    expect(roche.map((t) => t.sponsor_study_id)).toEqual([
      'RO-FIXTURE-0701',
      'RO-FIXTURE-0702',
      'RO-FIXTURE-0001',
      'RO-FIXTURE-0703',
    ]);
    expect(byId(roche, 'RO-FIXTURE-0701')).toMatchObject({
      nct_id: 'NCT07284121',
      phases: ['PHASE4'],
      study_start: '2026-01-12',
      conditions: ['Non-Small Cell Lung Cancer'],
      sites: [
        {
          facility: 'Fixture Krankenhaus',
          city: 'Berlin',
          state: null,
          zip: null,
          country: 'Germany',
        },
        {
          facility: 'Fixture Hospital',
          city: 'Oxford',
          state: null,
          zip: null,
          country: 'United Kingdom',
        },
      ],
    });
    expect(byId(roche, 'RO-FIXTURE-0702').study_start).toBe('2023-06-01');
    expect(byId(roche, 'RO-FIXTURE-0703').status).toBe('Active');
    // The detail page without its facts list is flagged, not imported from the card alone.
    const flag = result.flags.find((f) => f.source === 'roche' && f.kind === 'page_shape_changed');
    expect(JSON.parse(flag!.details!)).toEqual({
      url: `${server.url}/roche/en/trials/cancer/detail.html?id=RO-FIXTURE-0002`,
      part: 'adapter roche',
      selector: 'dl.trial-facts',
    });
  });

  it('walks ?page=N until an empty page, after retrying a 503 (bms)', () => {
    const bms = result.trials.filter((t) => t.source_slug === 'bms');
    expect(bms.map((t) => t.sponsor_study_id)).toEqual([
      'BMS-FIXTURE-0801',
      'BMS-FIXTURE-0802',
      'BMS-FIXTURE-0803',
      'BMS-FIXTURE-0001',
    ]);
    const listing = server.requests.filter((r) => r.includes('/bms/clinical-trials/lung-cancer/'));
    expect(listing).toEqual([
      '503 /bms/clinical-trials/lung-cancer/?page=1',
      '200 /bms/clinical-trials/lung-cancer/?page=1',
      '200 /bms/clinical-trials/lung-cancer/?page=2',
      '200 /bms/clinical-trials/lung-cancer/?page=3',
    ]);
    expect(byId(bms, 'BMS-FIXTURE-0001')).toMatchObject({
      status: 'Not yet recruiting',
      study_start: '2025-11-30',
      conditions: ['Small Cell Lung Cancer'],
      sites: [
        { facility: null, city: null, state: null, zip: null, country: 'United States' },
        { facility: null, city: null, state: null, zip: null, country: 'France' },
        { facility: null, city: null, state: null, zip: null, country: 'Australia' },
      ],
    });
    expect(byId(bms, 'BMS-FIXTURE-0801').conditions).toEqual([
      'Non-Small Cell Lung Cancer',
      'Solid Tumors',
    ]);
    expect(byId(bms, 'BMS-FIXTURE-0803')).toMatchObject({ status: 'Enrolling', study_start: null });
    expect(result.flags.find((f) => f.source === 'bms')).toMatchObject({
      kind: 'bad_source_row',
      severity: 'info',
      nct_id: 'NCT05245500',
    });
  });

  it('flags the redesigned site with the selector that failed while the others complete (amgen)', () => {
    const flags = result.flags.filter((f) => f.source === 'amgen');
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ kind: 'page_shape_changed', severity: 'error', nct_id: null });
    expect(JSON.parse(flags[0].details!)).toEqual({
      url: `${server.url}/amgen/trials/lung-cancer/`,
      part: 'list.container',
      selector: '#trial-results',
    });
    expect(result.summary.bySponsor).toEqual({
      merck: { fetched: 5, new: 5, changed: 0, unchanged: 0, failed: 0 },
      roche: { fetched: 4, new: 4, changed: 0, unchanged: 0, failed: 1 },
      bms: { fetched: 4, new: 4, changed: 0, unchanged: 0, failed: 0 },
      amgen: { fetched: 0, new: 0, changed: 0, unchanged: 0, failed: 1 },
    });
    expect(result.summary.total).toEqual({
      fetched: 13,
      new: 13,
      changed: 0,
      unchanged: 0,
      failed: 2,
    });
    expect(result.summary.changeTracked).toBe(false);
  });
});

describe('scrapeSponsors run state', () => {
  it('counts a second run over unchanged pages as unchanged', async () => {
    requireChromium();
    const server = await startFixtureServer(SPONSOR_FIXTURES);
    const world = await fsp.mkdtemp(path.join(os.tmpdir(), 'sponsor-scrape-'));
    const stateFile = path.join(world, 'scrape-state.json');
    try {
      // The stage's own page timeout: a busy CI machine renders a fixture page in more than 4 s.
      const deps = { chromiumPath: CHROMIUM, logger, stateFile };
      const first = await scrapeSponsors(
        { slugs: ['bms'], baseUrls: bases(server, ['bms']) },
        deps,
      );
      expect(first.summary.bySponsor.bms).toMatchObject({ fetched: 4, new: 4, unchanged: 0 });
      const second = await scrapeSponsors(
        { slugs: ['bms'], baseUrls: bases(server, ['bms']) },
        deps,
      );
      expect(second.summary.bySponsor.bms).toEqual({
        fetched: 4,
        new: 0,
        changed: 0,
        unchanged: 4,
        failed: 0,
      });
    } finally {
      await server.close();
    }
  });

  it('rejects a slug that is not a web sponsor before starting a browser', async () => {
    await expect(
      scrapeSponsors({ slugs: ['pfizer'] }, { chromiumPath: CHROMIUM, logger }),
    ).rejects.toThrow('not a web sponsor: pfizer');
  });
});
