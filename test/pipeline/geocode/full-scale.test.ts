import { describe, expect, it } from 'vitest';
import type { SiteRow } from '../../../domain/rows.js';
import { GeocodeCache } from '../../../pipeline/geocode/cache.js';
import { gazetteerStats } from '../../../pipeline/geocode/gazetteer.js';
import { geocodeSites } from '../../../pipeline/geocode/geocode-sites.js';
import { usCandidateFinder } from '../../../pipeline/geocode/us-places.js';
import { nciRecordedSites, v2StudySites } from './real-sites.js';

// A full refresh geocodes about 376,000 sites, most of them with registry coordinates or at
// places other trials also list. Guards against per-site work creeping back into the loop.
const FULL_SCALE_SITES = 376_000;

describe('geocoding at full scale', () => {
  it('geocodes 376,000 sites built from real places in seconds', async () => {
    const recorded = await nciRecordedSites();
    const pool: SiteRow[] = [
      ...recorded.map((r) => ({ ...r.site, latitude: r.latitude, longitude: r.longitude })),
      ...recorded.map((r) => r.site),
      ...(await v2StudySites()),
    ];
    const sites: SiteRow[] = Array.from({ length: FULL_SCALE_SITES }, (_, i) => ({
      ...pool[i % pool.length],
      site_index: i,
    }));
    // The name indexes are built once per run, not per site: warm them outside the clock.
    await gazetteerStats();
    await usCandidateFinder();

    const started = performance.now();
    const { summary } = await geocodeSites(sites, { cache: GeocodeCache.inMemory() });
    const ms = performance.now() - started;
    console.log(`full scale: ${FULL_SCALE_SITES} sites in ${Math.round(ms)} ms`, summary);

    expect(summary.total).toBe(FULL_SCALE_SITES);
    expect(summary.site).toBeGreaterThan(FULL_SCALE_SITES * 0.4);
    expect(summary.cacheMisses).toBeLessThan(6_000);
  });
});
