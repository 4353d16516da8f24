/**
 * How far geocoded US sites land from where they are, on the real records in the shared
 * data folder. NCI CTS records give every site a state, a ZIP and coordinates: each is
 * geocoded again with parts of its address removed (down to the city + country that the
 * shared v2 records carry) and compared with the recorded point. The v2 records have no
 * truth, so for them the check is that each placed site lies at a town bearing the
 * record's own name.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { requireSharedCtgovDir } from '../../../config/shared-data.js';
import { isUsCountry, parseUsState } from '../../../domain/geo.js';
import { blankSite, type SiteRow } from '../../../domain/rows.js';
import { GeocodeCache } from '../cache.js';
import { geocodeSites, type GeocodeSummary } from '../geocode-sites.js';
import { normaliseUsZip } from '../../../geo/place-name.js';
import { usCandidateFinder } from '../us-places.js';
import { miles } from '../us-town.js';
import { zipCentroid } from '../../../geo/zip-centroid.js';

/** The bound: no site further than this from the place its record names. */
export const MAX_MILES_OFF = 50;

async function readLines(relative: string): Promise<unknown[]> {
  const text = await fs.readFile(path.join(requireSharedCtgovDir(), relative), 'utf8');
  return text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as unknown);
}

/** A site of a record that gives its coordinates. */
export interface RecordedSite {
  /** As recorded, coordinates removed. */
  site: SiteRow;
  latitude: number;
  longitude: number;
}

export interface TruthSite extends RecordedSite {
  /** Two-letter state the record gives. */
  state: string;
}

interface UnifiedLocation {
  facility: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
  lat: number | null;
  lon: number | null;
}

/** NCI CTS sites of lung_trials_unified.jsonl that carry recorded coordinates. */
export async function nciRecordedSites(): Promise<RecordedSite[]> {
  const records = (await readLines('lung_trials_unified.jsonl')) as {
    source: string;
    nctId: string;
    locations?: UnifiedLocation[];
  }[];
  return records
    .filter((r) => r.source === 'nci_cts_v2')
    .flatMap((r) =>
      (r.locations ?? []).flatMap((l, i) =>
        typeof l.lat === 'number' && typeof l.lon === 'number'
          ? [
              {
                site: blankSite({
                  nct_id: r.nctId,
                  site_index: i,
                  facility: l.facility,
                  city: l.city,
                  state: l.state,
                  zip: l.zip,
                  country: l.country,
                }),
                latitude: l.lat,
                longitude: l.lon,
              },
            ]
          : [],
      ),
    );
}

/**
 * US sites of the NCI records whose record agrees with itself: the recorded point within
 * MAX_MILES_OFF of the ZIP's centroid and of a town of the record's name in the record's
 * state, and the ZIP in that state. Where the record contradicts itself (an Anchorage site
 * recorded in Olympia, a Tacoma site with a Eugene ZIP) there is no truth to measure against.
 */
export async function nciTruthSites(): Promise<{
  sites: TruthSite[];
  contradictory: number;
  withoutZip: number;
}> {
  const findUs = await usCandidateFinder();
  const sites: TruthSite[] = [];
  let contradictory = 0;
  let withoutZip = 0;
  for (const recorded of await nciRecordedSites()) {
    const { city, country } = recorded.site;
    if (!isUsCountry(country) || !city) continue;
    const state = parseUsState(recorded.site.state);
    const zip = normaliseUsZip(recorded.site.zip);
    const centre = zip ? zipCentroid(zip) : null;
    if (!centre || !state) {
      withoutZip += 1;
      continue;
    }
    const townNear = findUs(city).some(
      (c) => c.state === state && miles(c, recorded) <= MAX_MILES_OFF,
    );
    if (centre.state !== state || miles(centre, recorded) > MAX_MILES_OFF || !townNear) {
      contradictory += 1;
      continue;
    }
    sites.push({ ...recorded, state });
  }
  return { sites, contradictory, withoutZip };
}

export { miles };

const noState = (s: SiteRow): SiteRow => ({ ...s, zip: null, state: null, state_source: null });
const cityOnly = (s: SiteRow): SiteRow => ({ ...noState(s), facility: null });

export interface Scenario {
  strip: (s: SiteRow) => SiteRow;
  /** Sites the figures count (default: all). */
  counted?: (s: SiteRow) => boolean;
}

/** Address parts removed, from the whole record down to the v2 records' city + country. */
export const SCENARIOS: Readonly<Record<string, Scenario>> = {
  'city, state, ZIP, facility': { strip: (s) => s },
  'city, state, facility (no ZIP)': { strip: (s) => ({ ...s, zip: null }) },
  'city, facility (no state, no ZIP)': { strip: noState },
  'city only (v2 shape)': { strip: cityOnly },
};

export interface ScenarioFigures {
  scenario: string;
  sites: number;
  placed: number;
  /** Placed more than MAX_MILES_OFF from the recorded point. */
  farOff: number;
  /** Served state differs from the recorded state. */
  wrongState: number;
  statesFilled: number;
  summary: GeocodeSummary;
  /** A few of the far-off sites, for reading. */
  examples: string[];
}

export async function measureNci(truth: TruthSite[]): Promise<ScenarioFigures[]> {
  const out: ScenarioFigures[] = [];
  for (const [scenario, { strip, counted = () => true }] of Object.entries(SCENARIOS)) {
    const { sites, summary } = await geocodeSites(
      truth.map((t) => strip(t.site)),
      { cache: GeocodeCache.inMemory() },
    );
    let total = 0;
    let placed = 0;
    let farOff = 0;
    let wrongState = 0;
    let statesFilled = 0;
    const examples: string[] = [];
    sites.forEach((s, i) => {
      const t = truth[i];
      if (!counted(s)) return;
      total += 1;
      if (s.state_source === 'geocode') statesFilled += 1;
      if (s.state && s.state !== t.state) wrongState += 1;
      if (s.latitude === null || s.longitude === null) return;
      placed += 1;
      const d = miles(t, { latitude: s.latitude, longitude: s.longitude });
      if (d > MAX_MILES_OFF) {
        farOff += 1;
        if (examples.length < 8)
          examples.push(
            `${s.nct_id} ${t.site.city}, ${t.state} -> ${s.state ?? '?'} (${Math.round(d)} mi)`,
          );
      }
    });
    out.push({
      scenario,
      sites: total,
      placed,
      farOff,
      wrongState,
      statesFilled,
      summary,
      examples,
    });
  }
  return out;
}

interface V2Study {
  protocolSection: {
    identificationModule: { nctId: string };
    contactsLocationsModule?: { locations?: Partial<UnifiedLocation>[] };
  };
}

/** Every location of v2/studies.jsonl (city + country only, no coordinates). */
export async function v2Sites(): Promise<SiteRow[]> {
  const studies = (await readLines('v2/studies.jsonl')) as V2Study[];
  return studies.flatMap((s) =>
    (s.protocolSection.contactsLocationsModule?.locations ?? []).map((l, i) =>
      blankSite({
        nct_id: s.protocolSection.identificationModule.nctId,
        site_index: i,
        city: l.city ?? null,
        state: l.state ?? null,
        zip: l.zip ?? null,
        country: l.country ?? null,
      }),
    ),
  );
}

export interface V2Figures {
  usSites: number;
  placed: number;
  statesFilled: number;
  /** Placed US sites with no town of the record's own name within MAX_MILES_OFF. */
  awayFromNamedTown: number;
  examples: string[];
  summary: GeocodeSummary;
}

export async function measureV2(): Promise<V2Figures> {
  const input = await v2Sites();
  const { sites, summary } = await geocodeSites(input, { cache: GeocodeCache.inMemory() });
  const findUs = await usCandidateFinder();
  let usSites = 0;
  let placed = 0;
  let statesFilled = 0;
  let awayFromNamedTown = 0;
  const examples: string[] = [];
  for (const s of sites) {
    if (!isUsCountry(s.country)) continue;
    usSites += 1;
    if (s.state_source === 'geocode') statesFilled += 1;
    if (s.latitude === null || s.longitude === null) continue;
    placed += 1;
    const point = { latitude: s.latitude, longitude: s.longitude };
    // Exact name only (no suffix dropped): the town the record names.
    const named = findUs(s.city ?? '').some((c) => miles(c, point) <= MAX_MILES_OFF);
    if (!named) {
      awayFromNamedTown += 1;
      if (examples.length < 8)
        examples.push(
          `${s.nct_id} ${s.city} -> ${s.state ?? '?'} ${s.latitude.toFixed(2)},${s.longitude.toFixed(2)}`,
        );
    }
  }
  return { usSites, placed, statesFilled, awayFromNamedTown, examples, summary };
}
