/** Coordinate checks and the per-site H3 cell. */
import { latLngToCell } from 'h3-js';
import { SITE_H3_RESOLUTION } from '../../domain/geo.js';

/**
 * True for a usable point. (0,0) is rejected because registries and spreadsheets write it
 * for "unknown", and no trial site sits in the Gulf of Guinea.
 */
export function isValidCoordinate(lat: unknown, lon: unknown): lat is number {
  if (typeof lat !== 'number' || typeof lon !== 'number') return false;
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return false;
  if (lat < -90 || lat > 90 || lon < -180 || lon > 180) return false;
  return !(lat === 0 && lon === 0);
}

/** H3 cell of a point at SITE_H3_RESOLUTION. */
export function siteCell(lat: number, lon: number): string {
  return latLngToCell(lat, lon, SITE_H3_RESOLUTION);
}
