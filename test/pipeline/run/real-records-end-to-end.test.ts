/**
 * Issue 3's acceptance: `lungtrials pipeline run --registry-dump` over the real registry
 * records in ../shared/data/ctgov builds a snapshot that the API serves, and chosen real
 * trials come out right field by field, as the registry states them.
 */
import { existsSync, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SnapshotHolder } from '../../../api/live-snapshot.js';
import { createLogger } from '../../../config/logger.js';
import { readSnapshot } from '../../../snapshot/index.js';
import { startTestApi, type TestApi } from '../../api/http.js';
import { ROOT, runCli } from '../../helpers/processes.js';
import { sharedCtgovDir } from '../../../config/shared-data.js';

const DATA = sharedCtgovDir();
const SPONSOR_FIXTURES = path.join(ROOT, 'test/fixtures/sponsors');

describe('pipeline run on the real registry records', () => {
  let work: string;
  let version: string;
  let api: TestApi;

  beforeAll(async () => {
    if (!existsSync(DATA))
      throw new Error(
        `real registry records are missing: expected ${DATA} (the shared data folder beside the project)`,
      );
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'lt-e2e-'));
    const env = {
      DATA_DIR: path.join(work, 'data'),
      SNAPSHOT_DIR: path.join(work, 'snapshots'),
      LOG_LEVEL: 'warn',
    };
    const run = await runCli(
      [
        'pipeline',
        'run',
        '--inline',
        '--registry-dump',
        DATA,
        '--sponsor-csv-dir',
        SPONSOR_FIXTURES,
      ],
      env,
      120_000,
    );
    expect(run.code, run.stderr).toBe(0);
    version = run.stdout.trim().split('\n').at(-1)!;
    expect(version).toMatch(/^\d{8}T\d{6}Z/);
    const holder = await SnapshotHolder.open({
      root: env.SNAPSHOT_DIR,
      logger: createLogger('silent'),
    });
    api = await startTestApi(holder);
  }, 180_000);

  afterAll(async () => {
    await api?.close();
    if (work) await fs.rm(work, { recursive: true, force: true });
  });

  it('writes every table, and the latest pointer names the printed version', async () => {
    const { manifest, tables } = await readSnapshot(path.join(work, 'snapshots', 'latest'));
    expect(manifest.version).toBe(version);
    // 194 distinct registry trials across the v2, v1 and classic XML files, plus sponsor-only fixture trials.
    expect(tables.trials.filter((t) => t.source === 'ctgov')).toHaveLength(194);
    expect(tables.trials.length).toBeGreaterThan(194);
    expect(tables.sites.length).toBeGreaterThan(3000);
    expect(tables.biomarkers.length).toBeGreaterThan(50);
    expect(tables.sources).toHaveLength(20);
    expect(manifest.row_counts.trials).toBe(tables.trials.length);
  });

  it('serves NCT02576665 (v2 record) with the registry values', async () => {
    const { status, body } = await api.json('/api/v1/trials/NCT02576665');
    expect(status).toBe(200);
    const t = body.data;
    expect(t.status).toBe('Closed'); // TERMINATED
    expect(t.phase).toBe('Phase I');
    expect(t.study_type).toBe('Interventional');
    expect(t.age_min).toBe(18);
    expect(t.age_max).toBe(75);
    expect(t.sexes_eligible).toMatch(/^all$/i);
    expect(t.study_start).toBe('2016-07-01'); // registry gives the month only
    expect(t.study_completion).toBe('2019-12-20');
    expect(t.enrollment).toBe(21);
    expect(t.url).toBe('https://clinicaltrials.gov/study/NCT02576665');
    expect(t.location_count).toBe(3);
    const denver = t.locations.find((l: { city: string }) => l.city === 'Denver');
    expect(denver).toMatchObject({
      facility: 'Sarah Cannon Research Institute',
      state: 'CO',
      zip: '80218',
      latitude: 39.73915,
      longitude: -104.9847,
    });
  });

  it('serves NCT01642004 (classic XML record) with geocoded sites', async () => {
    const { status, body } = await api.json('/api/v1/trials/NCT01642004');
    expect(status).toBe(200);
    const t = body.data;
    expect(t.status).toBe('Active');
    expect(t.phase).toBe('Phase III');
    expect(t.age_min).toBe(18);
    expect(t.age_max).toBeNull();
    expect(t.study_start).toBe('2012-09-26');
    expect(t.first_posted).toBe('2012-07-17');
    expect(t.primary_completion).toBe('2014-11-17');
    expect(t.last_updated).toBe('2018-04-10');
    expect(t.location_count).toBe(106);
    const scottsdale = t.locations.find((l: { city: string }) => l.city === 'Scottsdale');
    // No coordinates in the XML: the ZIP centroid of 85259 places it.
    expect(scottsdale.latitude).toBeCloseTo(33.6, 0);
    expect(scottsdale.longitude).toBeCloseTo(-111.8, 0);
  });

  it('serves NCT06830694 (trimmed v2 record) and finds it by its filters', async () => {
    const { body } = await api.json('/api/v1/trials/NCT06830694');
    expect(body.data).toMatchObject({
      status: 'Recruiting',
      phase: 'Phase II',
      age_min: 19,
      age_max: null,
      study_start: '2025-05-13',
      primary_completion: '2027-03-31',
      last_updated: '2026-09-10',
      location_count: 1,
    });
    expect(body.data.locations[0]).toMatchObject({ city: 'Seoul', country: 'South Korea' });
    expect(body.data.locations[0].latitude).toBeCloseTo(37.57, 1);
    const list = await api.json(
      '/api/v1/trials?country=international&trialPhase=Phase%20II&trialStatus=Recruiting&limit=200',
    );
    expect(list.status).toBe(200);
    expect(list.body.data.map((x: { nct_id: string }) => x.nct_id)).toContain('NCT06830694');
  });

  it('lists the registry and the 19 sponsors with counts from the snapshot', async () => {
    const { status, body } = await api.json('/api/v1/sources');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(20);
    const registry = body.data.find((s: { slug: string }) => s.slug === 'ctgov');
    expect(registry.trial_count).toBe(194);
    const az = body.data.find((s: { slug: string }) => s.slug === 'astrazeneca');
    expect(az.trial_count).toBeGreaterThan(0);
  });
});
