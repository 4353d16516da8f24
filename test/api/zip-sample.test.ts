/** In a ZIP search, locations_sample holds the nearest sites, nearest first; nearest_site carries the site status (issue 10). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTables, siteRow, trialRow } from '../helpers/trial-fixtures.js';
import { jsonOf, startTestApi, type TestApi } from './http.js';

// Record order is far to near, as the issue saw for ZIP 10001 (WV, TX, NE, MS, NH ...).
const places = [
  { city: 'Charleston', state: 'WV', latitude: 38.35, longitude: -81.63 },
  { city: 'Houston', state: 'TX', latitude: 29.76, longitude: -95.37 },
  { city: 'Omaha', state: 'NE', latitude: 41.26, longitude: -95.93 },
  { city: 'Jackson', state: 'MS', latitude: 32.3, longitude: -90.18 },
  { city: 'Unplaced', state: 'NY', latitude: null, longitude: null },
  { city: 'Manchester', state: 'NH', latitude: 42.99, longitude: -71.46 },
  { city: 'Newark', state: 'NJ', latitude: 40.74, longitude: -74.17 },
  {
    city: 'New York',
    state: 'NY',
    latitude: 40.75,
    longitude: -73.99,
    status: 'NOT_YET_RECRUITING',
  },
];
const tables = buildTables({
  trials: [trialRow('TEST-MANY')],
  sites: places.map((p, i) =>
    siteRow('TEST-MANY', i, {
      ...p,
      country: 'United States',
      status: p.status ?? 'RECRUITING',
      geo_precision: p.latitude === null ? 'none' : 'city',
    }),
  ),
});

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi(tables);
});
afterAll(async () => api.close());

describe('locations_sample in a ZIP search', () => {
  it('is the five nearest sites, nearest first, and begins with nearest_site', async () => {
    const res = await api.get('/api/v1/trials?zip=10001&radius=500');
    expect(res.status).toBe(200);
    const [trial] = (await jsonOf(res)).data;
    expect(trial.locations_sample.map((s: { city: string }) => s.city)).toEqual([
      'New York',
      'Newark',
      'Manchester',
      'Charleston',
      'Jackson',
    ]);
    expect(trial.location_count).toBe(8);
    expect(trial.nearest_site).toMatchObject({
      city: 'New York',
      status: 'NOT_YET_RECRUITING',
      geo_precision: 'city',
    });
    expect(trial.locations_sample[0]).toMatchObject({
      city: 'New York',
      status: 'NOT_YET_RECRUITING',
    });
  });

  it('stays the first five in record order outside a ZIP search and in the detail', async () => {
    const { body } = await api.json('/api/v1/trials');
    expect(body.data[0].locations_sample.map((s: { city: string }) => s.city)).toEqual([
      'Charleston',
      'Houston',
      'Omaha',
      'Jackson',
      'Unplaced',
    ]);
    const detail = await api.json('/api/v1/trials/TEST-MANY');
    expect(detail.body.data.locations.map((s: { city: string }) => s.city)).toEqual(
      places.map((p) => p.city),
    );
  });
});
