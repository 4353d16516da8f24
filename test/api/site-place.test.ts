import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCATION_FIELDS, NEAREST_SITE_FIELDS } from '../../api/present.js';
import { GeocodeCache } from '../../pipeline/geocode/cache.js';
import { geocodeSites } from '../../pipeline/geocode/geocode-sites.js';
import { buildTables, siteRow, trialRow } from '../helpers/trial-fixtures.js';
import { idsOf, startTestApi, type TestApi } from './http.js';

// Sites as a trimmed registry record gives them (town and country, no state, no point),
// through the real geocode stage, then served.
const recorded = [
  // Rochester among Minnesota sites: Rochester, MN.
  siteRow('P-ROCH-MN', 0, { facility: 'Clinic A', city: 'Rochester' }),
  siteRow('P-ROCH-MN', 1, { facility: 'Clinic B', city: 'Minneapolis', state: 'MN', zip: '55455' }),
  siteRow('P-ROCH-MN', 2, { facility: 'Clinic C', city: 'Duluth', state: 'Minnesota' }),
  // Rochester alone: nothing says which one.
  siteRow('P-ROCH-ALONE', 0, { facility: 'Clinic D', city: 'Rochester' }),
  // A town only New York has, without its state.
  siteRow('P-NYC', 0, { facility: 'Clinic E', city: 'New York' }),
  siteRow('P-STATED', 0, {
    facility: 'Clinic F',
    city: 'Boston',
    state: 'MA',
    latitude: 42.3378,
    longitude: -71.1061,
  }),
];

let api: TestApi;
beforeAll(async () => {
  const { sites } = await geocodeSites(recorded, { cache: GeocodeCache.inMemory() });
  const tables = buildTables({
    trials: ['P-ROCH-MN', 'P-ROCH-ALONE', 'P-NYC', 'P-STATED'].map((id) => trialRow(id)),
    sites,
  });
  api = await startTestApi(tables);
});
afterAll(async () => api.close());

describe('where a site is, as served', () => {
  it('shows state_source and geo_precision on every location', async () => {
    const { status, body } = await api.json('/api/v1/trials/P-ROCH-MN');
    expect(status).toBe(200);
    const [rochester, minneapolis] = body.data.locations;
    expect(Object.keys(rochester)).toEqual([...LOCATION_FIELDS]);
    expect(rochester).toMatchObject({
      city: 'Rochester',
      state: 'MN',
      state_source: 'geocode',
      geo_precision: 'city',
    });
    expect(minneapolis).toMatchObject({
      state: 'MN',
      state_source: 'record',
      geo_precision: 'zip',
    });
    expect(body.data.locations_sample[0]).toEqual(rochester);

    const alone = (await api.json('/api/v1/trials/P-ROCH-ALONE')).body.data.locations[0];
    expect(alone).toMatchObject({
      city: 'Rochester',
      state: null,
      state_source: null,
      latitude: null,
      longitude: null,
      geo_precision: 'none',
    });
    const stated = (await api.json('/api/v1/trials/P-STATED')).body.data.locations[0];
    expect(stated).toMatchObject({ state: 'MA', state_source: 'record', geo_precision: 'site' });
  });

  it('finds a site by the state filled from its resolved place', async () => {
    const ny = await api.json('/api/v1/trials?state=NY');
    expect(ny.status).toBe(200);
    expect(ny.body.data.map((t: { nct_id: string }) => t.nct_id)).toEqual(['P-NYC']);
    expect(ny.body.data[0].locations_sample[0]).toMatchObject({
      state: 'NY',
      state_source: 'geocode',
      geo_precision: 'city',
    });
    expect(await idsOf(api, 'state=MN')).toEqual(['P-ROCH-MN']);
  });

  it('finds Rochester, MN from its ZIP and says how the nearest site was placed; the unplaced Rochester is not found', async () => {
    const { status, body } = await api.json('/api/v1/trials?zip=55905&radius=25');
    expect(status).toBe(200);
    expect(body.data.map((t: { nct_id: string }) => t.nct_id)).toEqual(['P-ROCH-MN']);
    const nearest = body.data[0].nearest_site;
    expect(Object.keys(nearest)).toEqual([...NEAREST_SITE_FIELDS]);
    expect(nearest).toMatchObject({
      city: 'Rochester',
      state: 'MN',
      state_source: 'geocode',
      geo_precision: 'city',
    });
    expect(body.data[0].distance_miles).toBeLessThan(10);
    const explained = await api.json('/api/v1/trials?zip=55905&radius=25&explain=true');
    expect(explained.body.data[0].match.nearest_site).toMatchObject({
      ...nearest,
      distance_miles: body.data[0].distance_miles,
    });
  });

  it('documents both fields in /docs and the OpenAPI document', async () => {
    const docs = await api.json('/api/v1/docs');
    expect(docs.status).toBe(200);
    const text = JSON.stringify(docs.body);
    expect(text).toContain('state_source');
    expect(text).toContain('geo_precision');
    const openapi = await api.json('/api/v1/openapi.json');
    expect(openapi.status).toBe(200);
    const schemas = openapi.body.components.schemas;
    for (const name of ['Location', 'NearestSite']) {
      expect(
        schemas[name].properties.state_source.enum ?? schemas[name].properties.state_source.anyOf,
        name,
      ).toBeDefined();
      expect(schemas[name].properties.geo_precision.enum, name).toEqual([
        'site',
        'zip',
        'city',
        'none',
      ]);
      expect(schemas[name].required, name).toEqual(
        expect.arrayContaining(['state_source', 'geo_precision']),
      );
    }
  });
});
