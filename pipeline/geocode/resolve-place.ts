/**
 * Places without registry coordinates: ZIP centroid for US places, else the town (USPS town
 * names for US places, then the city gazetteer), else nothing. Pure and synchronous once
 * the name indexes are built. A US town named without a state is not settled here when
 * several states have a town of that name: see us-town.ts.
 */
import type { CachedPlace } from './cache.js';
import { US_ZIP_TERRITORIES } from './countries.js';
import type { GazetteerPlace } from './gazetteer.js';
import { normalisePlace } from '../../geo/place-name.js';
import type { UsCandidate, UsCandidateFinder } from './us-places.js';
import { townWithoutContext } from './us-town.js';
import { cityCentroidFromZips, zipCentroid } from '../../geo/zip-centroid.js';

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

export type CityFinder = (
  country: string,
  city: string,
  usState: string | null,
) => GazetteerPlace | null;

export const NO_PLACE: CachedPlace = {
  latitude: null,
  longitude: null,
  precision: 'none',
  state: null,
};

// GeoNames files these US territories as their own countries.
const TERRITORY_STATES: ReadonlySet<string> = new Set(['PR', 'GU', 'VI', 'AS', 'MP']);

/** Cache key: the same place always gives the same key, whichever trial lists it. */
export function placeKey(q: PlaceQuery): string {
  return [
    normalisePlace(q.city),
    q.usState ?? normalisePlace(q.region),
    q.postcode ?? '',
    q.country ?? '',
  ].join('|');
}

/** The ZIP centroid, unless the ZIP is unknown or from another state than the record's. */
function zipPlace(q: PlaceQuery): CachedPlace | null {
  if (q.country === null || !US_ZIP_TERRITORIES.has(q.country) || !q.postcode) return null;
  const z = zipCentroid(q.postcode);
  // A ZIP from another state is a typo in the record; the city is the better witness.
  if (!z || (q.usState && z.state && z.state !== q.usState)) return null;
  return {
    latitude: z.latitude,
    longitude: z.longitude,
    precision: 'zip',
    state: q.country === 'US' ? (q.usState ?? z.state) : null,
  };
}

/**
 * The same-named US towns a site could be at when the name alone cannot say which: a US
 * site with a town, no state and no usable ZIP, whose name more than one state knows
 * (further apart than one town). Null when the place settles without the trial's help.
 */
export function ambiguousUsTown(q: PlaceQuery, findUs: UsCandidateFinder): UsCandidate[] | null {
  if (q.country !== 'US' || q.usState || !q.city || zipPlace(q)) return null;
  const candidates = findUs(q.city);
  return candidates.length > 1 && !townWithoutContext(candidates) ? candidates : null;
}

export function resolvePlace(
  q: PlaceQuery,
  findCity: CityFinder,
  findUs: UsCandidateFinder,
): CachedPlace {
  const zip = zipPlace(q);
  if (zip) return zip;
  if (!q.city || !q.country) return NO_PLACE;
  if (q.country === 'US' && !q.usState) {
    // No state: only a name one state knows (or one town across a state line) answers here;
    // ambiguousUsTown() hands the others to the trial's evidence.
    const town = townWithoutContext(findUs(q.city));
    return town
      ? { latitude: town.latitude, longitude: town.longitude, precision: 'city', state: town.state }
      : NO_PLACE;
  }
  const usLike = US_ZIP_TERRITORIES.has(q.country);
  if (usLike) {
    // Territories are US states to zipcodes and countries to GeoNames.
    const zipState = q.usState ?? q.country;
    const centre = cityCentroidFromZips(q.city, zipState);
    if (centre) return { ...centre, precision: 'city', state: q.usState };
  }
  let country = q.country;
  let usState = country === 'US' ? q.usState : null;
  if (usState && TERRITORY_STATES.has(usState)) {
    country = usState;
    usState = null;
  }
  const place = findCity(country, q.city, usState);
  if (place)
    return {
      latitude: place.latitude,
      longitude: place.longitude,
      precision: 'city',
      state: q.usState,
    };
  return NO_PLACE;
}
