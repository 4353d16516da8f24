/**
 * Great-circle distance, one definition for the geocoder (clustering sites into towns) and
 * the API (radius search): both report the same miles for the same two points.
 */
import turfDistance from '@turf/distance';

/** Great-circle miles, by @turf/distance so every path reports the same number. */
export function milesBetween(lat1: number, lon1: number, lat2: number, lon2: number): number {
  return turfDistance([lon1, lat1], [lon2, lat2], { units: 'miles' });
}

/** turf's earth radius over metres per mile: miles per radian of arc. */
export const MILES_PER_RADIAN = 6371008.8 / 1609.344;
