/**
 * Places without registry coordinates: ZIP centroid for US places, else the town (USPS town
 * names for US places, then the city gazetteer), else nothing. Pure and synchronous once
 * the gazetteer is built.
 */
import type { CachedPlace } from './cache.js';
import { US_ZIP_TERRITORIES } from './countries.js';
import type { GazetteerPlace } from './gazetteer.js';
import { normalisePlace } from './place-name.js';
import { cityCentroidFromZips, zipCentroid } from './zip-centroid.js';

/** A site's place, normalised once: what the cache key and the lookups read. */
export interface PlaceQuery {
  city: string | null;
  /** Two-letter code for US places, else null. */
  usState: string | null;
  /** The registry's state text for places outside the US (kept in the cache key only). */
  region: string | null;
  /** Five-digit ZIP for US places, else the postcode as written. */
  postcode: string | null;
  /** ISO alpha-2, or null when the country is missing or unknown. */
  country: string | null;
}

export type CityFinder = (country: string, city: string, usState: string | null) => GazetteerPlace | null;

const NONE: CachedPlace = { latitude: null, longitude: null, precision: 'none' };

// GeoNames files these US territories as their own countries.
const TERRITORY_STATES: ReadonlySet<string> = new Set(['PR', 'GU', 'VI', 'AS', 'MP']);

/** Cache key: the same place always gives the same key, whichever trial lists it. */
export function placeKey(q: PlaceQuery): string {
  return [normalisePlace(q.city), q.usState ?? normalisePlace(q.region), q.postcode ?? '', q.country ?? ''].join('|');
}

export function resolvePlace(q: PlaceQuery, findCity: CityFinder): CachedPlace {
  const usLike = q.country !== null && US_ZIP_TERRITORIES.has(q.country);
  if (usLike && q.postcode) {
    const z = zipCentroid(q.postcode);
    // A ZIP from another state is a typo in the record; the city is the better witness.
    if (z && !(q.usState && z.state && z.state !== q.usState)) {
      return { latitude: z.latitude, longitude: z.longitude, precision: 'zip' };
    }
  }
  if (!q.city || !q.country) return NONE;
  if (usLike) {
    // Territories are US states to zipcodes and countries to GeoNames.
    const zipState = q.usState ?? (q.country === 'US' ? null : q.country);
    const centre = cityCentroidFromZips(q.city, zipState);
    if (centre) return { ...centre, precision: 'city' };
  }
  let country = q.country;
  let usState = country === 'US' ? q.usState : null;
  if (usState && TERRITORY_STATES.has(usState)) {
    country = usState;
    usState = null;
  }
  const place = findCity(country, q.city, usState);
  if (place) return { latitude: place.latitude, longitude: place.longitude, precision: 'city' };
  return NONE;
}
