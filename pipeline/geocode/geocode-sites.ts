/**
 * The geocoding stage: every site gets coordinates, the precision they have, and an H3 cell.
 * Registry coordinates win ('site'); otherwise a US ZIP centroid ('zip'), the city gazetteer
 * ('city'), or nothing ('none'). Place lookups go through a cache shared between runs,
 * except a US town named without a state that several states share: the trial's other
 * sites and facility name decide those (us-town.ts), so they are settled per trial.
 * A US site the record gives no state gets the resolved place's state (`state_source`
 * 'geocode').
 */
import type { Logger } from '../../config/logger.js';
import { parseUsState, type GeoPrecision } from '../../domain/geo.js';
import type { SiteRow } from '../../domain/rows.js';
import type { CachedPlace, GeocodeCache } from './cache.js';
import { isValidCoordinate, siteCell } from './coordinates.js';
import { countryCode, US_ZIP_TERRITORIES } from './countries.js';
import { releaseCities } from './cities.js';
import { cityFinder, gazetteerStats, releaseGazetteer } from './gazetteer.js';
import { normalisePlace, normaliseUsZip } from '../../geo/place-name.js';
import { warmZipTownIndex } from '../../geo/zip-centroid.js';
import { YIELD_EVERY, yieldToEventLoop } from './event-loop.js';
import {
  ambiguousUsTown,
  type CityFinder,
  NO_PLACE,
  placeKey,
  resolvePlace,
  type PlaceQuery,
} from './resolve-place.js';
import {
  releaseUsPlaces,
  usCandidateFinder,
  type UsCandidate,
  type UsCandidateFinder,
} from './us-places.js';
import {
  chooseTown,
  CLUSTER_MILES,
  isRegional,
  miles,
  type TownChoice,
  type TownEvidence,
  type TrialPlaceContext,
} from './us-town.js';

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
  /** US sites whose state the record left out and the geocoder filled. */
  statesFilled: number;
  /** US towns shared by several states, settled by the trial's evidence, by kind of evidence. */
  townsByEvidence: Partial<Record<TownEvidence, number>>;
  /** US towns shared by several states that nothing in the trial settled: left unplaced. */
  townsUnsettled: number;
}

export interface GeocodeResult {
  sites: SiteRow[];
  summary: GeocodeSummary;
}

const PROGRESS_EVERY = 5_000;

/** A site's outcome before its row is built: a cached place, or the registry's own point. */
type Placed = Omit<CachedPlace, 'precision'> & { precision: GeoPrecision };

interface Pending {
  index: number;
  candidates: UsCandidate[];
}

/**
 * Lets the place indexes geocodeSites built go, and the GeoNames places they were built
 * from (~100 MB of heap at full scale, else held through the publish); a later call builds
 * them again.
 */
export function releasePlaceIndexes(): void {
  releaseGazetteer();
  releaseUsPlaces();
  releaseCities();
}

/** Returns new site rows (the input is not modified) in the same order. */
export async function geocodeSites(sites: SiteRow[], deps: GeocodeDeps): Promise<GeocodeResult> {
  const { cache, logger, onProgress } = deps;
  const queries = sites.map(placeQuery);
  // The place indexes take seconds to build; an incremental run whose places are all
  // cached needs none of them. The US town index is read for US sites named without a
  // state (only these), the gazetteer and USPS town index on a cache miss.
  const findUs: UsCandidateFinder = queries.some((q) => q.country === 'US' && !q.usState && q.city)
    ? await usCandidateFinder()
    : () => {
        throw new Error('geocodeSites: the US town index was not built for these sites');
      };
  let findCity: CityFinder | null = null;
  const gazetteer = async (): Promise<CityFinder> => {
    // Yielding between the index builds lets a queue worker renew its job lock (event-loop.ts).
    await yieldToEventLoop();
    const found = await cityFinder();
    await yieldToEventLoop();
    warmZipTownIndex();
    await yieldToEventLoop();
    if (logger?.isLevelEnabled('debug'))
      logger.debug({ gazetteer: await gazetteerStats() }, 'gazetteer ready');
    return found;
  };
  const hitsBefore = cache.hits;
  const missesBefore = cache.misses;
  const summary: GeocodeSummary = {
    total: sites.length,
    site: 0,
    zip: 0,
    city: 0,
    none: 0,
    cacheHits: 0,
    cacheMisses: 0,
    statesFilled: 0,
    townsByEvidence: {},
    townsUnsettled: 0,
  };
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

  const places: Array<Placed | null> = new Array(sites.length).fill(null);
  const pending: Pending[] = [];
  for (let i = 0; i < sites.length; i++) {
    if (i > 0 && i % YIELD_EVERY === 0) await yieldToEventLoop();
    const site = sites[i];
    const q = queries[i];
    if (isValidCoordinate(site.latitude, site.longitude)) {
      const longitude = site.longitude as number;
      places[i] = {
        latitude: site.latitude,
        longitude,
        precision: 'site',
        state: q.usState ?? stateAtPoint(q, site.latitude, longitude, findUs),
      };
      continue;
    }
    const candidates = ambiguousUsTown(q, findUs);
    if (candidates) {
      pending.push({ index: i, candidates });
      continue;
    }
    const key = placeKey(q);
    let place = cache.get(key);
    if (!place) {
      findCity ??= await gazetteer();
      place = resolvePlace(q, findCity, findUs);
      cache.set(key, place);
    }
    places[i] = place;
  }

  settleTowns(sites, queries, places, pending, summary);

  const out: SiteRow[] = new Array(sites.length);
  for (let i = 0; i < sites.length; i++) {
    if (i > 0 && i % YIELD_EVERY === 0) await yieldToEventLoop();
    const site = sites[i];
    const q = queries[i];
    const place = places[i] ?? NO_PLACE;
    const { latitude, longitude, precision } = place;
    const cell = latitude !== null && longitude !== null ? cellOf(latitude, longitude) : null;
    let state = q.usState ?? site.state;
    let stateSource: SiteRow['state_source'] = state ? 'record' : null;
    if (!state && q.country === 'US' && place.state) {
      state = place.state;
      stateSource = 'geocode';
      summary.statesFilled += 1;
    }
    out[i] = {
      ...site,
      state,
      state_source: stateSource,
      latitude,
      longitude,
      geo_precision: precision,
      h3_cell: cell,
    };
    summary[precision] += 1;
    if (onProgress && (i + 1) % PROGRESS_EVERY === 0) onProgress(i + 1, sites.length);
  }
  onProgress?.(sites.length, sites.length);
  summary.cacheHits = cache.hits - hitsBefore;
  summary.cacheMisses = cache.misses - missesBefore;
  logger?.info({ summary }, 'sites geocoded');
  return { sites: out, summary };
}

/**
 * Settles each ambiguous town from what the rest of its trial's record says. The context
 * is built from the sites settled without it, so one guess never feeds another.
 */
function settleTowns(
  sites: SiteRow[],
  queries: PlaceQuery[],
  places: Array<Placed | null>,
  pending: Pending[],
  summary: GeocodeSummary,
): void {
  if (pending.length === 0) return;
  const byTrial = new Map<string, number[]>();
  sites.forEach((s, i) => {
    let list = byTrial.get(s.nct_id);
    if (!list) byTrial.set(s.nct_id, (list = []));
    list.push(i);
  });
  // Round one settles what the record says of each site itself (and the name's population);
  // round two reads the trial as a whole, with round one's towns among its anchors.
  let left = pending;
  for (const withNeighbours of [false, true]) {
    const contexts = new Map<string, TrialPlaceContext>();
    const memo = new Map<string, TownChoice | null>();
    const unsettled: Pending[] = [];
    for (const p of left) {
      const site = sites[p.index];
      let ctx = contexts.get(site.nct_id);
      if (!ctx)
        contexts.set(
          site.nct_id,
          (ctx = trialContext(byTrial.get(site.nct_id)!, sites, queries, places)),
        );
      // A trial listing one town many times (a copy per cohort) asks the same question.
      const key = `${site.nct_id}|${normalisePlace(site.city)}|${site.facility ?? ''}`;
      let choice = memo.get(key);
      if (choice === undefined)
        memo.set(key, (choice = chooseTown(p.candidates, site, ctx, withNeighbours)));
      if (!choice) {
        unsettled.push(p);
        continue;
      }
      summary.townsByEvidence[choice.evidence] =
        (summary.townsByEvidence[choice.evidence] ?? 0) + 1;
      places[p.index] = {
        latitude: choice.latitude,
        longitude: choice.longitude,
        precision: 'city',
        state: choice.state,
      };
    }
    left = unsettled;
  }
  summary.townsUnsettled = left.length;
}

function trialContext(
  indices: number[],
  sites: SiteRow[],
  queries: PlaceQuery[],
  places: Array<Placed | null>,
): TrialPlaceContext {
  const states = new Set<string>();
  const townStates = new Map<string, Set<string>>();
  // Keyed by point: a trial lists one hospital under many cohorts, and each anchor is a
  // distance to work out for every candidate town.
  const anchors = new Map<string, { latitude: number; longitude: number }>();
  for (const i of indices) {
    const q = queries[i];
    const place = places[i];
    if (q.country !== 'US' || !place) continue;
    // The record's own state, or its ZIP's: both are the record speaking, not a guess.
    const stated = q.usState ?? (place.precision === 'zip' ? place.state : null);
    if (stated) {
      states.add(stated);
      const town = normalisePlace(sites[i].city);
      if (town) {
        let set = townStates.get(town);
        if (!set) townStates.set(town, (set = new Set()));
        set.add(stated);
      }
    }
    // Every US site placed so far is placed without doubt: the doubtful ones are still pending.
    if (place.latitude !== null && place.longitude !== null) {
      anchors.set(`${place.latitude},${place.longitude}`, {
        latitude: place.latitude,
        longitude: place.longitude,
      });
    }
  }
  const points = [...anchors.values()];
  return { states, townStates, anchors: points, regional: isRegional(points) };
}

/** The state of a US site with registry coordinates and no state: its town's, if one state has it there. */
function stateAtPoint(
  q: PlaceQuery,
  latitude: number,
  longitude: number,
  findUs: UsCandidateFinder,
): string | null {
  if (q.country !== 'US' || !q.city) return null;
  const near = findUs(q.city).filter((c) => miles({ latitude, longitude }, c) <= CLUSTER_MILES);
  const states = new Set(near.map((c) => c.state));
  return states.size === 1 ? near[0].state : null;
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
    postcode:
      country !== null && US_ZIP_TERRITORIES.has(country)
        ? normaliseUsZip(site.zip)
        : site.zip?.trim().toUpperCase() || null,
    country,
  };
}
