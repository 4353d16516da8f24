import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  GEOCODE_CACHE_FILE,
  GEOCODE_CACHE_VERSION,
  GeocodeCache,
} from '../../../pipeline/geocode/cache.js';
import { geocodeSites } from '../../../pipeline/geocode/geocode-sites.js';
import { siteRow, v2StudySites } from './real-sites.js';

let dir: string;
let file: string;

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'geocode-cache-'));
  file = path.join(dir, 'data', GEOCODE_CACHE_FILE);
});

afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('GeocodeCache', () => {
  it('makes a second run over the same sites answer every place from the file', async () => {
    const sites = await v2StudySites();
    sites.push(
      siteRow({
        site_index: 9_999,
        city: 'Boston',
        state: 'MA',
        zip: '02115',
        country: 'United States',
      }),
    );
    sites.push(
      siteRow({
        site_index: 10_000,
        city: 'Boston',
        state: 'MA',
        country: 'United States',
        latitude: 42.3378,
        longitude: -71.1061,
      }),
    );

    const first = await GeocodeCache.load(file);
    expect(first.size).toBe(0);
    const run1 = await geocodeSites(sites, { cache: first });
    expect(run1.summary.cacheMisses).toBe(first.size);
    // Registry coordinates and bare US towns several states share (settled per trial) skip the cache.
    const perTrial =
      run1.summary.townsUnsettled +
      Object.values(run1.summary.townsByEvidence).reduce((a, b) => a + b, 0);
    expect(perTrial).toBeGreaterThan(0);
    expect(run1.summary.cacheHits + run1.summary.cacheMisses).toBe(sites.length - 1 - perTrial);
    await first.save();

    const stored = JSON.parse(await fs.readFile(file, 'utf8')) as {
      version: number;
      entries: Record<string, unknown>;
    };
    expect(stored.version).toBe(GEOCODE_CACHE_VERSION);
    expect(Object.keys(stored.entries)).toHaveLength(first.size);
    expect(await fs.readdir(path.dirname(file))).toEqual([GEOCODE_CACHE_FILE]);

    const second = await GeocodeCache.load(file);
    expect(second.size).toBe(first.size);
    const run2 = await geocodeSites(sites, { cache: second });
    expect(run2.summary.cacheMisses).toBe(0);
    expect(run2.summary.cacheHits).toBe(sites.length - 1 - perTrial);
    expect(run2.sites).toEqual(run1.sites);
    expect(run2.summary).toEqual({
      ...run1.summary,
      cacheHits: sites.length - 1 - perTrial,
      cacheMisses: 0,
    });
  });

  it('keys by place, not by trial: one lookup for a hospital that many trials list', async () => {
    const cache = GeocodeCache.inMemory();
    const place = { city: 'Lyon', state: null, country: 'France' };
    const sites = ['TEST-A', 'TEST-B', 'TEST-C'].map((nct) => siteRow({ nct_id: nct, ...place }));
    sites.push(siteRow({ nct_id: 'TEST-D', city: 'LYON', country: 'France' }));
    const { summary } = await geocodeSites(sites, { cache });
    expect(summary).toMatchObject({ city: 4, cacheMisses: 1, cacheHits: 3 });
    expect(cache.size).toBe(1);
  });

  it('remembers places it could not geocode', async () => {
    const cache = await GeocodeCache.load(file);
    await geocodeSites([siteRow({ city: 'Qwxzzy Flats', country: 'France' })], { cache });
    await cache.save();
    const again = await GeocodeCache.load(file);
    const { sites, summary } = await geocodeSites(
      [siteRow({ city: 'Qwxzzy Flats', country: 'France' })],
      { cache: again },
    );
    expect(summary).toMatchObject({ none: 1, cacheHits: 1, cacheMisses: 0 });
    expect(sites[0].latitude).toBeNull();
  });

  it('starts empty from a file written by another cache version', async () => {
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(
      file,
      JSON.stringify({ version: GEOCODE_CACHE_VERSION + 1, entries: { 'lyon||': [1, 2, 'city'] } }),
    );
    expect((await GeocodeCache.load(file)).size).toBe(0);
  });

  it('starts empty from a file written by other geocoding code', async () => {
    const first = await GeocodeCache.load(file, 'code-a');
    first.set('lyon||', { latitude: 45.76, longitude: 4.84, precision: 'city', state: null });
    await first.save();
    expect((await GeocodeCache.load(file, 'code-a')).size).toBe(1);
    expect((await GeocodeCache.load(file, 'code-b')).size).toBe(0);
  });

  it('refuses a file that is not JSON instead of silently starting over', async () => {
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, '{"version": 1, "entries": {');
    await expect(GeocodeCache.load(file)).rejects.toThrow(/not valid JSON/);
  });

  it('keeps an in-memory cache off the disk', async () => {
    const cache = GeocodeCache.inMemory();
    await geocodeSites([siteRow({ city: 'Lyon', country: 'France' })], { cache });
    await cache.save();
    expect(cache.file).toBeNull();
    expect(cache.size).toBe(1);
  });
});
