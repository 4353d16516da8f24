import distance from '@turf/distance';
import { getResolution, latLngToCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { SITE_H3_RESOLUTION } from '../../../domain/geo.js';
import type { SiteRow } from '../../../domain/rows.js';
import { GeocodeCache } from '../../../pipeline/geocode/cache.js';
import { geocodeSites, releasePlaceIndexes } from '../../../pipeline/geocode/geocode-sites.js';
import { siteRow } from './real-sites.js';

async function geocodeOne(fields: Partial<SiteRow>): Promise<SiteRow> {
  const { sites } = await geocodeSites([siteRow(fields)], { cache: GeocodeCache.inMemory() });
  return sites[0];
}

function km(site: SiteRow, lat: number, lon: number): number {
  if (site.latitude === null || site.longitude === null)
    throw new Error(`site ${site.city} has no coordinates`);
  return distance([lon, lat], [site.longitude, site.latitude], { units: 'kilometers' });
}

describe('geocodeSites', () => {
  it('keeps registry coordinates as site precision with an H3 cell at the site resolution', async () => {
    const s = await geocodeOne({
      city: 'Bethesda',
      state: 'Maryland',
      zip: '20892',
      country: 'United States',
      latitude: 39.0003,
      longitude: -77.1056,
    });
    expect(s).toMatchObject({
      latitude: 39.0003,
      longitude: -77.1056,
      geo_precision: 'site',
      state: 'MD',
    });
    expect(s.h3_cell).toBe(latLngToCell(39.0003, -77.1056, SITE_H3_RESOLUTION));
    expect(getResolution(s.h3_cell!)).toBe(SITE_H3_RESOLUTION);
  });

  it('rejects (0,0) and out-of-range registry coordinates and geocodes the place instead', async () => {
    const zero = await geocodeOne({
      city: 'Bethesda',
      state: 'MD',
      zip: '20892',
      country: 'United States',
      latitude: 0,
      longitude: 0,
    });
    expect(zero.geo_precision).toBe('zip');
    expect(km(zero, 39.0003, -77.1056)).toBeLessThan(25);
    const outOfRange = await geocodeOne({
      city: 'Paris',
      country: 'France',
      latitude: 148.85,
      longitude: 2.35,
    });
    expect(outOfRange.geo_precision).toBe('city');
    expect(km(outOfRange, 48.8566, 2.3522)).toBeLessThan(20);
  });

  it('reads ZIP+4 and spaced ZIPs as the five-digit ZIP centroid', async () => {
    for (const zip of ['20892-1234', '20892 1234', ' 20892 ']) {
      const s = await geocodeOne({ city: 'Bethesda', state: 'MD', zip, country: 'United States' });
      expect(s.geo_precision, zip).toBe('zip');
      expect(km(s, 39.0003, -77.1056), zip).toBeLessThan(25);
    }
  });

  it('restores the leading zero a spreadsheet dropped from a New England ZIP', async () => {
    const s = await geocodeOne({
      city: 'Boston',
      state: 'Massachusetts',
      zip: '2115',
      country: 'United States',
    });
    expect(s.geo_precision).toBe('zip');
    expect(km(s, 42.3378, -71.1061)).toBeLessThan(10);
  });

  it('places "Saint Louis" and "St. Louis" at the same city', async () => {
    const saint = await geocodeOne({
      city: 'Saint Louis',
      state: 'Missouri',
      country: 'United States',
    });
    const st = await geocodeOne({ city: 'St. Louis', state: 'MO', country: 'United States' });
    expect(saint.geo_precision).toBe('city');
    expect(st.geo_precision).toBe('city');
    expect([st.latitude, st.longitude]).toEqual([saint.latitude, saint.longitude]);
    expect(km(st, 38.627, -90.1994)).toBeLessThan(25);
    expect(saint.state).toBe('MO');
  });

  it('maps the registry country names to their countries', async () => {
    const cases: [string, string, number, number][] = [
      ['Korea, Republic of', 'Seoul', 37.5665, 126.978],
      ['South Korea', 'Goyang-si', 37.6584, 126.832],
      ['Russian Federation', 'St. Petersburg', 59.9343, 30.3351],
      ['Turkey (Türkiye)', 'İstanbul', 41.0082, 28.9784],
      ['Türkiye', 'Ankara', 39.9334, 32.8597],
      ['Czechia', 'Praha', 50.0755, 14.4378],
      ['Iran, Islamic Republic of', 'Tehran', 35.6892, 51.389],
      ['Taiwan', 'Taipei', 25.033, 121.5654],
      ['Hong Kong', 'Shatin', 22.3833, 114.1881],
      ['Germany', 'München', 48.1351, 11.582],
      ['Italy', 'Roma', 41.9028, 12.4964],
      ['Denmark', 'Aarhus N', 56.1629, 10.2039],
    ];
    for (const [country, city, lat, lon] of cases) {
      const s = await geocodeOne({ city, country });
      expect(s.geo_precision, `${city}, ${country}`).toBe('city');
      expect(km(s, lat, lon), `${city}, ${country}`).toBeLessThan(30);
    }
  });

  it('picks the most populous match within the state for US sites, and none for a bare US town several states share', async () => {
    const noState = await geocodeOne({ city: 'Rochester', country: 'United States' });
    expect(noState).toMatchObject({
      latitude: null,
      geo_precision: 'none',
      state: null,
      state_source: null,
    });
    const minnesota = await geocodeOne({
      city: 'Rochester',
      state: 'Minnesota',
      country: 'United States',
    });
    expect(km(minnesota, 44.0121, -92.4802)).toBeLessThan(25);
    const dc = await geocodeOne({
      city: 'Washington',
      state: 'District of Columbia',
      country: 'United States',
    });
    expect(km(dc, 38.9072, -77.0369)).toBeLessThan(25);
  });

  it('falls back to the city when a US ZIP is unknown or belongs to another state', async () => {
    const unknownZip = await geocodeOne({
      city: 'Rochester',
      state: 'Minnesota',
      zip: '00001',
      country: 'United States',
    });
    expect(unknownZip.geo_precision).toBe('city');
    expect(km(unknownZip, 44.0121, -92.4802)).toBeLessThan(25);
    // NCI lists a Tacoma, WA site with 97405, a ZIP of Eugene, Oregon.
    const wrongState = await geocodeOne({
      city: 'Tacoma',
      state: 'WA',
      zip: '97405',
      country: 'United States',
    });
    expect(wrongState.geo_precision).toBe('city');
    expect(km(wrongState, 47.2529, -122.4443)).toBeLessThan(25);
  });

  it('uses USPS town names for US towns below the gazetteer floor or shadowed by a namesake', async () => {
    const brynMawr = await geocodeOne({ city: 'Bryn Mawr', state: 'PA', country: 'United States' });
    expect(brynMawr.geo_precision).toBe('city');
    expect(km(brynMawr, 40.0226, -75.3301)).toBeLessThan(10);
  });

  it('places Puerto Rico sites filed under the United States', async () => {
    const s = await geocodeOne({
      city: 'San Juan',
      state: 'Puerto Rico',
      country: 'United States',
    });
    expect(s.geo_precision).toBe('city');
    expect(s.state).toBe('PR');
    expect(km(s, 18.4655, -66.1057)).toBeLessThan(25);
  });

  it('leaves nonsense without coordinates', async () => {
    const cases: Partial<SiteRow>[] = [
      { city: 'Qwxzzy Flats', country: 'France' },
      { city: 'Paris', country: 'Atlantis' },
      { city: null, country: 'Japan' },
      { city: 'Xyzzyville', state: 'Ohio', zip: 'ABCDE', country: 'United States' },
    ];
    for (const c of cases) {
      const s = await geocodeOne(c);
      expect(s, JSON.stringify(c)).toMatchObject({
        latitude: null,
        longitude: null,
        geo_precision: 'none',
        h3_cell: null,
      });
    }
  });

  it('keeps order, leaves its input untouched, counts precisions and reports progress', async () => {
    const input = [
      siteRow({ site_index: 0, city: 'Lyon', country: 'France' }),
      siteRow({ site_index: 1, city: 'Nowhere At All', country: 'France' }),
      siteRow({
        site_index: 2,
        city: 'Houston',
        state: 'Texas',
        zip: '77030',
        country: 'United States',
      }),
      siteRow({
        site_index: 3,
        city: 'Houston',
        state: 'Texas',
        country: 'United States',
        latitude: 29.7072,
        longitude: -95.3978,
      }),
    ];
    const before = structuredClone(input);
    const progress: [number, number][] = [];
    const { sites, summary } = await geocodeSites(input, {
      cache: GeocodeCache.inMemory(),
      onProgress: (d, t) => progress.push([d, t]),
    });
    expect(input).toEqual(before);
    expect(sites.map((s) => s.site_index)).toEqual([0, 1, 2, 3]);
    expect(sites.map((s) => s.geo_precision)).toEqual(['city', 'none', 'zip', 'site']);
    expect(sites.map((s) => s.state)).toEqual([null, null, 'TX', 'TX']);
    expect(summary).toEqual({
      total: 4,
      site: 1,
      zip: 1,
      city: 1,
      none: 1,
      cacheHits: 0,
      cacheMisses: 3,
      statesFilled: 0,
      townsByEvidence: {},
      townsUnsettled: 0,
    });
    expect(sites.map((s) => s.state_source)).toEqual([null, null, 'record', 'record']);
    expect(progress.at(-1)).toEqual([4, 4]);
    for (const s of sites.filter((x) => x.latitude !== null)) {
      expect(s.h3_cell).toBe(latLngToCell(s.latitude!, s.longitude!, SITE_H3_RESOLUTION));
    }
  });

  it('builds its place indexes again after releasePlaceIndexes, with the same answers', async () => {
    // A town without a state (the US town index), a city (the gazetteer), a ZIP.
    const sites = [
      siteRow({ city: 'Edina', country: 'United States' }),
      siteRow({ city: 'Lyon', country: 'France' }),
      siteRow({ city: 'Bethesda', state: 'MD', zip: '20892', country: 'United States' }),
    ];
    const first = await geocodeSites(sites, { cache: GeocodeCache.inMemory() });
    releasePlaceIndexes();
    const again = await geocodeSites(sites, { cache: GeocodeCache.inMemory() });
    expect(again.sites).toEqual(first.sites);
    expect(first.sites.map((s) => s.geo_precision)).toEqual(['city', 'city', 'zip']);
  });
});
