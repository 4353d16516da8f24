/**
 * A US town named without a state. When several states have a town of that name the name
 * alone does not say where the site is. What the record says about the site decides (the
 * same town with a state or ZIP elsewhere in the record, a ZIP or state in the facility
 * name), else a name that is nearly always one place (nine in ten people living in a town
 * of that name live there), else, in a regional trial, the states it gives its other sites
 * and its other sites nearby; else no point at all. A site left unplaced is missing from a
 * radius search; a site placed in the wrong state is a wrong answer to it.
 */
import { milesBetween } from '../../geo/distance.js';
import { parseUsState, US_STATES } from '../../domain/geo.js';
import { normalisePlace } from '../../geo/place-name.js';
import type { UsCandidate } from './us-places.js';
import { median, zipCentroid } from '../../geo/zip-centroid.js';

/** Same-named places this close are one town for a search (Kansas City, MO and KS). */
export const CLUSTER_MILES = 25;
/** Another site of the trial this close (same metro) supports a candidate first... */
export const NEIGHBOUR_MILES = 30;
/** ...then one within a regional network's reach. */
export const NEAR_SITE_MILES = 100;
/** Share of the name's people a town needs to stand for the name without evidence. */
export const PRIOR_SHARE = 0.9;

export interface TownChoice {
  latitude: number;
  longitude: number;
  /** Null when the chosen point does not settle the state (a town spanning a state line). */
  state: string | null;
  /** What settled it, for logs and tests. */
  evidence: TownEvidence;
}

export type TownEvidence =
  'unique' | 'same-town-in-record' | 'facility' | 'record-states' | 'nearby-sites' | 'population';

/** What the rest of a trial's record says about where its sites are. */
export interface TrialPlaceContext {
  /** States the record gives its US sites (from a state field or a ZIP). */
  states: ReadonlySet<string>;
  /** Normalised town -> states the record gives that town at other sites. */
  townStates: ReadonlyMap<string, ReadonlySet<string>>;
  /** Points of the trial's US sites that are placed without doubt. */
  anchors: ReadonlyArray<{ latitude: number; longitude: number }>;
  /** isRegional(anchors), worked out once per trial. */
  regional: boolean;
}

/** A trial whose placed US sites all lie this close to their middle is a regional network. */
export const REGION_MILES = 300;

/**
 * Whether the trial's other sites say anything about this one: a regional network's do (an
 * Edina among Minneapolis suburbs is Edina, MN); a national trial's do not, since with sites
 * everywhere every namesake has a neighbour (Hot Springs, NC near an Asheville site).
 */
export function isRegional(anchors: TrialPlaceContext['anchors']): boolean {
  if (anchors.length === 0) return false;
  const middle = {
    latitude: median(anchors.map((a) => a.latitude)),
    longitude: median(anchors.map((a) => a.longitude)),
  };
  return anchors.every((a) => miles(a, middle) <= REGION_MILES);
}

export function miles(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  return milesBetween(a.latitude, a.longitude, b.latitude, b.longitude);
}

/**
 * Population as the prior counts it. A USPS town GeoNames (places of 1,000+) does not list
 * is mostly small, but may be a large township it files under another name (Macomb, MI;
 * Abington, PA), so it counts as a town of USPS_ONLY_PEOPLE, never as nobody.
 */
export const USPS_ONLY_PEOPLE = 2_000;

function weight(c: UsCandidate): number {
  return c.population > 0 ? c.population : USPS_ONLY_PEOPLE;
}

/**
 * The answer the name alone gives: every candidate within CLUSTER_MILES of the largest is
 * one place (state only when they share it); otherwise null, and the trial must decide.
 */
export function townWithoutContext(candidates: readonly UsCandidate[]): TownChoice | null {
  if (candidates.length === 0) return null;
  const top = candidates[0];
  if (!candidates.every((c) => c === top || miles(c, top) <= CLUSTER_MILES)) return null;
  const states = new Set(candidates.map((c) => c.state));
  return {
    latitude: top.latitude,
    longitude: top.longitude,
    state: states.size === 1 ? top.state : null,
    evidence: 'unique',
  };
}

/**
 * Picks one of several same-named towns in different states, in two rounds. The first
 * reads what the record says about this site (the same town with a state or ZIP elsewhere
 * in the record, a ZIP or state in the facility name), then the name's population: an
 * "Anchorage" in a trial with a Louisville site is still Anchorage, AK, not the Kentucky
 * village. The second round (`withNeighbours`, run once the first has placed what it can)
 * reads a regional trial as a whole: the states it gives its other sites, then its other
 * sites nearby. Each kind of evidence narrows the set; a kind that names none of the
 * candidates is skipped.
 */
export function chooseTown(
  candidates: readonly UsCandidate[],
  site: { city: string | null; facility: string | null },
  ctx: TrialPlaceContext,
  withNeighbours: boolean,
): TownChoice | null {
  const settled = townWithoutContext(candidates);
  if (settled) return settled;
  let left = [...candidates];
  const narrow = (evidence: TownEvidence, keep: (c: UsCandidate) => boolean): TownChoice | null => {
    const kept = left.filter(keep);
    if (kept.length === 0) return null;
    left = kept;
    const one = townWithoutContext(left);
    return one ? { ...one, evidence } : null;
  };
  const firstRound =
    narrow('same-town-in-record', inStates(ctx.townStates.get(normalisePlace(site.city)))) ??
    narrow('facility', inStates(facilityStates(site.facility, site.city))) ??
    byPopulation(left);
  if (firstRound || !withNeighbours || !ctx.regional) return firstRound;
  return (
    narrow('record-states', inStates(ctx.states)) ??
    narrow('nearby-sites', (c) => ctx.anchors.some((a) => miles(a, c) <= NEIGHBOUR_MILES)) ??
    narrow('nearby-sites', (c) => ctx.anchors.some((a) => miles(a, c) <= NEAR_SITE_MILES)) ??
    byPopulation(left)
  );
}

/** The largest town, when it (with namesakes across a state line) holds PRIOR_SHARE of the people. */
function byPopulation(left: readonly UsCandidate[]): TownChoice | null {
  const total = left.reduce((sum, c) => sum + weight(c), 0);
  const top = left[0];
  const topTown = left.filter((c) => miles(c, top) <= CLUSTER_MILES);
  if (topTown.reduce((sum, c) => sum + weight(c), 0) < PRIOR_SHARE * total) return null;
  return {
    latitude: top.latitude,
    longitude: top.longitude,
    state: topTown.length === 1 ? top.state : null,
    evidence: 'population',
  };
}

function inStates(states: ReadonlySet<string> | undefined): (c: UsCandidate) => boolean {
  return (c) => states?.has(c.state) ?? false;
}

// Longest first, so "West Virginia" is read before "Virginia" can match inside it.
const STATE_NAMES = Object.entries(US_STATES)
  .map(([code, name]) => [code, normalisePlace(name)] as const)
  .sort((a, b) => b[1].length - a[1].length);

/**
 * States a facility name gives away: a ZIP ("Mayo Clinic 55905"), the town followed by a
 * comma and a state code ("Mayo Clinic, Rochester, MN"; not "Cleveland VA Medical Center")
 * or a state's name ("Minnesota Oncology", "Maine Medical Center"). Only ever used to choose
 * between same-named towns, so a name like "Virginia Mason" cannot move a Seattle site. A bare
 * ", PA" is not read: it is as often a professional association as Pennsylvania.
 */
export function facilityStates(facility: string | null, siteTown: string | null): Set<string> {
  const out = new Set<string>();
  if (!facility) return out;
  for (const m of facility.matchAll(/\b(\d{5})(?:-\d{4})?\b/g)) {
    const state = zipCentroid(m[1])?.state;
    if (state) out.add(state);
  }
  // "..., Rochester, MN 55905": a state code after a comma, right after the site's own town.
  const town = normalisePlace(siteTown);
  const parts = facility.split(',');
  for (let i = 1; town && i < parts.length; i++) {
    const code = parts[i].trim().match(/^([A-Z]{2})(?:\s+\d{5}(?:-\d{4})?)?$/)?.[1];
    const state = code ? parseUsState(code) : null;
    const before = normalisePlace(parts[i - 1]);
    if (state && (before === town || before.endsWith(` ${town}`))) out.add(state);
  }
  let text = ` ${normalisePlace(facility)} `;
  for (const [code, name] of STATE_NAMES) {
    const word = ` ${name} `;
    if (text.includes(word)) {
      out.add(code);
      text = text.replaceAll(word, ' ');
    }
  }
  return out;
}
