/**
 * The geocoding stage: every site gets coordinates, the precision they have, and an H3 cell.
 * Registry coordinates win ('site'); otherwise a US ZIP centroid ('zip'), the city gazetteer
 * ('city'), or nothing ('none'). Place lookups go through a cache shared between runs.
 */
import type { Logger } from '../../config/logger.js';
import { parseUsState } from '../../domain/geo.js';
import type { SiteRow } from '../../domain/rows.js';
import type { GeocodeCache } from './cache.js';
import { isValidCoordinate, siteCell } from './coordinates.js';
import { countryCode, US_ZIP_TERRITORIES } from './countries.js';
import { cityFinder, gazetteerStats } from './gazetteer.js';
import { normaliseUsZip } from './place-name.js';
import { placeKey, resolvePlace, type PlaceQuery } from './resolve-place.js';

export interface GeocodeDeps {
  /** Results of earlier runs; the caller saves it afterwards. */
  cache: GeocodeCache;
  logger?: Logger;
  /** Called every PROGRESS_EVERY sites and once at the end. */
  onProgress?: (done: number, total: number) => void;
}

export interface GeocodeSummary {
  total: number;
  site: number;
  zip: number;
  city: number;
  none: number;
  /** Place lookups answered by the cache in this call ('site' rows never look up). */
  cacheHits: number;
  cacheMisses: number;
}

export interface GeocodeResult {
  sites: SiteRow[];
  summary: GeocodeSummary;
}

const PROGRESS_EVERY = 5_000;

/** Returns new site rows (the input is not modified) in the same order. */
export async function geocodeSites(sites: SiteRow[], deps: GeocodeDeps): Promise<GeocodeResult> {
  const { cache, logger, onProgress } = deps;
  const findCity = await cityFinder();
  logger?.debug({ gazetteer: await gazetteerStats() }, 'gazetteer ready');
  const hitsBefore = cache.hits;
  const missesBefore = cache.misses;
  const summary: GeocodeSummary = { total: sites.length, site: 0, zip: 0, city: 0, none: 0, cacheHits: 0, cacheMisses: 0 };
  // Many sites share a point (one hospital, many trials); H3 indexing is the costliest step left.
  const cells = new Map<string, string>();
  const cellOf = (lat: number, lon: number) => {
    const k = `${lat},${lon}`;
    let cell = cells.get(k);
    if (cell === undefined) {
      cell = siteCell(lat, lon);
      cells.set(k, cell);
    }
    return cell;
  };

  const out: SiteRow[] = new Array(sites.length);
  for (let i = 0; i < sites.length; i++) {
    const site = sites[i];
    const q = placeQuery(site);
    const state = q.usState ?? site.state;
    if (isValidCoordinate(site.latitude, site.longitude)) {
      out[i] = { ...site, state, geo_precision: 'site', h3_cell: cellOf(site.latitude, site.longitude as number) };
      summary.site += 1;
    } else {
      const key = placeKey(q);
      let place = cache.get(key);
      if (!place) {
        place = resolvePlace(q, findCity);
        cache.set(key, place);
      }
      const { latitude, longitude, precision } = place;
      const cell = latitude !== null && longitude !== null ? cellOf(latitude, longitude) : null;
      out[i] = { ...site, state, latitude, longitude, geo_precision: precision, h3_cell: cell };
      summary[precision] += 1;
    }
    if (onProgress && (i + 1) % PROGRESS_EVERY === 0) onProgress(i + 1, sites.length);
  }
  onProgress?.(sites.length, sites.length);
  summary.cacheHits = cache.hits - hitsBefore;
  summary.cacheMisses = cache.misses - missesBefore;
  logger?.info({ summary }, 'sites geocoded');
  return { sites: out, summary };
}

function placeQuery(site: SiteRow): PlaceQuery {
  const usState = parseUsState(site.state);
  let country = countryCode(site.country);
  // Sponsor files sometimes leave the country out of US rows; a US state name gives it away.
  if (!country && !site.country?.trim() && usState) country = 'US';
  const isUs = country === 'US';
  return {
    city: site.city,
    usState: isUs ? usState : null,
    region: isUs ? null : site.state,
    postcode: country !== null && US_ZIP_TERRITORIES.has(country) ? normaliseUsZip(site.zip) : site.zip?.trim().toUpperCase() || null,
    country,
  };
}
