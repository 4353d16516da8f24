import distance from '@turf/distance';
import { describe, expect, it } from 'vitest';
import type { SiteRow } from '../../../domain/rows.js';
import { GeocodeCache } from '../../../pipeline/geocode/cache.js';
import { geocodeSites } from '../../../pipeline/geocode/geocode-sites.js';
import { usCandidateFinder } from '../../../pipeline/geocode/us-places.js';
import { facilityStates } from '../../../pipeline/geocode/us-town.js';
import { siteRow } from './real-sites.js';

const US = 'United States';
const ROCHESTER_MN = [44.0121, -92.4802] as const;
const ROCHESTER_NY = [43.1566, -77.6088] as const;

/** Geocodes one trial's sites (all under one NCT id) and returns them in order. */
async function trial(...sites: Partial<SiteRow>[]): Promise<SiteRow[]> {
  const rows = sites.map((s, i) =>
    siteRow({ nct_id: 'TEST-TOWN-0001', site_index: i, country: US, ...s }),
  );
  return (await geocodeSites(rows, { cache: GeocodeCache.inMemory() })).sites;
}

function miles(site: SiteRow, [lat, lon]: readonly [number, number]): number {
  if (site.latitude === null || site.longitude === null)
    throw new Error(`${site.city} has no coordinates`);
  return distance([lon, lat], [site.longitude, site.latitude], { units: 'miles' });
}

describe('US towns named without a state', () => {
  it('keeps " City" when a state knows the whole name: West Valley City is in Utah, not West Valley, NY', async () => {
    const [s] = await trial({ city: 'West Valley City' });
    expect(s).toMatchObject({ geo_precision: 'city', state: 'UT', state_source: 'geocode' });
    expect(miles(s, [40.6916, -112.0011])).toBeLessThan(10);
    // The suffix still goes when no state knows the name with it.
    const findUs = await usCandidateFinder();
    expect(findUs('West Valley City').map((c) => c.state)).toEqual(['UT']);
  });

  it('takes the town nearly everyone of that name lives in, not the only USPS town of the name', async () => {
    const [edina, coonRapids, centennial] = await trial(
      { city: 'Edina' },
      { city: 'Coon Rapids' },
      { city: 'Centennial' },
    );
    expect([edina.state, coonRapids.state, centennial.state]).toEqual(['MN', 'MN', 'CO']);
    expect(miles(edina, [44.8897, -93.3499])).toBeLessThan(10);
    expect(miles(centennial, [39.5807, -104.8772])).toBeLessThan(15);
    expect(edina.state_source).toBe('geocode');
  });

  it('leaves a town several states share unplaced when nothing in the trial says which', async () => {
    const [alone] = await trial({ city: 'Rochester' });
    expect(alone).toMatchObject({
      latitude: null,
      longitude: null,
      geo_precision: 'none',
      h3_cell: null,
      state: null,
      state_source: null,
    });
    // A national trial: sites everywhere, so every Rochester has a neighbour; still unplaced.
    const national = await trial(
      { city: 'Rochester' },
      { city: 'Minneapolis', state: 'MN' },
      { city: 'Buffalo', state: 'NY' },
      { city: 'Houston', state: 'TX' },
      { city: 'Seattle', state: 'WA' },
      { city: 'Miami', state: 'FL' },
    );
    expect(national[0]).toMatchObject({ geo_precision: 'none', state: null });
  });

  it('settles it from the states the record gives its other sites', async () => {
    const mn = await trial(
      { city: 'Rochester' },
      { city: 'Minneapolis', state: 'Minnesota' },
      { city: 'Duluth', state: 'MN' },
    );
    expect(mn[0]).toMatchObject({ geo_precision: 'city', state: 'MN', state_source: 'geocode' });
    expect(miles(mn[0], ROCHESTER_MN)).toBeLessThan(15);
    const ny = await trial(
      { city: 'Rochester' },
      { city: 'Buffalo', state: 'NY' },
      { city: 'Syracuse', state: 'New York' },
    );
    expect(ny[0]).toMatchObject({ state: 'NY', state_source: 'geocode' });
    expect(miles(ny[0], ROCHESTER_NY)).toBeLessThan(15);
  });

  it("settles it from the trial's other sites nearby when no site has a state (a regional network)", async () => {
    const sites = await trial(
      { city: 'Rochester' },
      { city: 'Minneapolis' },
      { city: 'Maple Grove' },
      { city: 'Saint Cloud' },
    );
    expect(sites[0]).toMatchObject({ geo_precision: 'city', state: 'MN' });
    expect(miles(sites[0], ROCHESTER_MN)).toBeLessThan(15);
  });

  it('settles it from a ZIP anywhere in the record: the same town with a ZIP at another site, or in the facility name', async () => {
    const sameTown = await trial(
      { city: 'Rochester', facility: 'Site 1' },
      { city: 'Rochester', zip: '55905', facility: 'Site 2' },
    );
    expect(sameTown.map((s) => s.state)).toEqual(['MN', 'MN']);
    expect(sameTown[1]).toMatchObject({ geo_precision: 'zip', state_source: 'geocode' });
    expect(miles(sameTown[0], ROCHESTER_MN)).toBeLessThan(15);
    const [inFacility] = await trial({
      city: 'Rochester',
      facility: 'Clinical Research Unit 14642',
    });
    expect(inFacility).toMatchObject({ state: 'NY', geo_precision: 'city' });
    expect(miles(inFacility, ROCHESTER_NY)).toBeLessThan(15);
  });

  it('settles it from the facility name: a state named in it, or the town followed by its state code', async () => {
    const [maine, oregon, coded] = await trial(
      { city: 'Portland', facility: 'Maine Medical Center' },
      { city: 'Portland', facility: 'Oregon Health and Science University' },
      { city: 'Rochester', facility: 'Mayo Clinic, Rochester, MN' },
    );
    expect([maine.state, oregon.state, coded.state]).toEqual(['ME', 'OR', 'MN']);
    expect(miles(maine, [43.6591, -70.2568])).toBeLessThan(10);
    expect(miles(oregon, [45.5152, -122.6784])).toBeLessThan(10);
  });

  it('reads no state from a facility name that only looks like one', () => {
    expect([...facilityStates('Louis Stokes Cleveland VA Medical Center', 'Cleveland')]).toEqual(
      [],
    );
    expect([...facilityStates('Texas Oncology, PA', 'Dallas')]).toEqual(['TX']);
    expect([...facilityStates('West Virginia University Hospitals', 'Morgantown')]).toEqual(['WV']);
  });

  it('never lets evidence pick a town the name does not have: a state with no such town is ignored', async () => {
    const [s] = await trial({ city: 'Rochester', facility: 'Arizona Oncology Associates' });
    expect(s).toMatchObject({ geo_precision: 'none', state: null });
  });

  it('fills the state from the ZIP or the registry point when the record gives none, and says so', async () => {
    const [byZip, byPoint, stated] = await trial(
      { city: 'Boston', zip: '02115' },
      { city: 'Rochester', latitude: 44.0225, longitude: -92.4668 },
      { city: 'Boston', state: 'Massachusetts', zip: '02115' },
    );
    expect(byZip).toMatchObject({ state: 'MA', state_source: 'geocode', geo_precision: 'zip' });
    expect(byPoint).toMatchObject({ state: 'MN', state_source: 'geocode', geo_precision: 'site' });
    expect(stated).toMatchObject({ state: 'MA', state_source: 'record' });
  });

  it('places a town straddling a state line without claiming a state', async () => {
    const [kc] = await trial({ city: 'Kansas City' });
    expect(kc.geo_precision).toBe('city');
    expect(miles(kc, [39.0997, -94.5786])).toBeLessThan(15);
    expect(kc).toMatchObject({ state: null, state_source: null });
  });
});
