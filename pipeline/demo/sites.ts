/**
 * Demo sites: how many per trial (heavy-tailed like the registry: most trials have a
 * handful, pivotal phase 3 trials hundreds), where (real US ZIPs and world cities), and
 * how well each was placed on the map.
 */
import { latLngToCell } from 'h3-js';
import { SITE_H3_RESOLUTION, type GeoPrecision } from '../../domain/geo.js';
import type { SiteRow } from '../../domain/rows.js';
import { loadPlaces, type DemoPlace } from './places.js';
import { nudgeToTotal, type DemoRandom } from './random.js';
import { gaussian, type TrialPlan } from './trial-plan.js';
import { FACILITY_KINDS } from './vocabulary.js';

const MAX_SITES = 950;

function meanSites(p: TrialPlan): number {
  if (p.study_type === 'Expanded Access') return 3;
  if (p.study_type === 'Observational') return 6;
  if (p.phases.includes('PHASE3')) return 95;
  if (p.phases.includes('PHASE2') && p.phases.includes('PHASE1')) return 14;
  if (p.phases.includes('PHASE2')) return 16;
  if (p.phases.includes('PHASE1') || p.phases.includes('EARLY_PHASE1')) return 6;
  if (p.phases.includes('PHASE4')) return 12;
  return 4;
}

/** Site counts per trial summing exactly to `total`; some withdrawn trials and a few others get none. */
export function planSiteCounts(
  plans: readonly TrialPlan[],
  total: number,
  rng: DemoRandom,
): number[] {
  const raw = plans.map((p) => {
    // Withdrawn trials often never listed a site; a few others have none listed yet.
    if ((p.overall_status === 'WITHDRAWN' && rng.chance(0.5)) || rng.chance(0.004)) return 0;
    const sigma = 1.1;
    const n = Math.round(meanSites(p) * Math.exp(sigma * gaussian(rng) - (sigma * sigma) / 2));
    return Math.min(MAX_SITES, Math.max(1, n));
  });
  const sum = raw.reduce((a, b) => a + b, 0);
  const counts = raw.map((n) =>
    n === 0 ? 0 : Math.min(MAX_SITES, Math.max(1, Math.round((n * total) / sum))),
  );
  const withSites = counts.map((n, i) => (n > 0 ? i : -1)).filter((i) => i >= 0);
  return nudgeToTotal(counts, total, MAX_SITES, withSites, rng);
}

type Footprint = 'us' | 'international' | 'mixed';

const SITE_PRECISIONS: ReadonlyArray<readonly [GeoPrecision, number]> = [
  ['site', 85],
  ['zip', 8],
  ['city', 4.7],
  ['none', 2.3],
];

export class SiteFactory {
  private readonly places = loadPlaces();
  private readonly h3Cache = new Map<string, string>();

  constructor(private readonly rng: DemoRandom) {}

  sitesFor(plan: TrialPlan, count: number): SiteRow[] {
    const rng = this.rng;
    const footprint: Footprint = rng.weighted([
      ['us', 42],
      ['international', 33],
      ['mixed', 25],
    ] as const);
    const usShare = footprint === 'us' ? 1 : footprint === 'international' ? 0 : 0.45;
    // One country for single-country international trials (most non-US investigator trials).
    const homeCountry = rng.weighted(this.places.international);
    const singleCountry = footprint === 'international' && rng.chance(0.5);
    const sites: SiteRow[] = [];
    for (let i = 0; i < count; i++) {
      // The first site of a mixed trial is in the US, so every footprint is what it says.
      const us =
        footprint === 'mixed' ? i === 0 || (i > 1 && rng.chance(usShare)) : footprint === 'us';
      const place = us
        ? rng.pick(this.places.us)
        : rng.pick(singleCountry ? homeCountry : rng.weighted(this.places.international));
      sites.push(this.site(plan, i, place, us));
    }
    return sites;
  }

  private site(plan: TrialPlan, index: number, place: DemoPlace, us: boolean): SiteRow {
    const rng = this.rng;
    let precision = rng.weighted(SITE_PRECISIONS);
    // A ZIP centroid only exists in the US; elsewhere the fallback is the city.
    if (precision === 'zip' && !us) precision = 'city';
    const located = precision !== 'none';
    const latitude = located ? place.latitude : null;
    const longitude = located ? place.longitude : null;
    return {
      nct_id: plan.nct_id,
      site_index: index,
      facility: `${rng.pick(FACILITY_KINDS)} ${place.city} #${String(index + 1).padStart(3, '0')}`,
      // An unplaceable site is one whose address the registry left incomplete.
      city: located ? place.city : null,
      state: place.state,
      state_source: place.state ? 'record' : null,
      zip: located ? place.zip : null,
      country: place.country,
      status: siteStatus(plan.overall_status, rng),
      latitude,
      longitude,
      geo_precision: precision,
      h3_cell: latitude === null || longitude === null ? null : this.h3(latitude, longitude),
    };
  }

  private h3(lat: number, lon: number): string {
    const key = `${lat},${lon}`;
    let cell = this.h3Cache.get(key);
    if (!cell) {
      cell = latLngToCell(lat, lon, SITE_H3_RESOLUTION);
      this.h3Cache.set(key, cell);
    }
    return cell;
  }
}

function siteStatus(trialStatus: string | null, rng: DemoRandom): string | null {
  if (trialStatus === 'RECRUITING')
    return rng.weighted([
      ['RECRUITING', 85],
      ['NOT_YET_RECRUITING', 10],
      ['COMPLETED', 3],
      ['WITHDRAWN', 2],
    ] as const);
  if (trialStatus === 'UNKNOWN' || trialStatus === null) return null;
  if (
    [
      'AVAILABLE',
      'NO_LONGER_AVAILABLE',
      'TEMPORARILY_NOT_AVAILABLE',
      'APPROVED_FOR_MARKETING',
    ].includes(trialStatus)
  )
    return null;
  return trialStatus;
}
