/**
 * The in-memory index of one snapshot, built once when the snapshot opens. Requests only
 * read it: trials sit in the default order (rank 0 first), each filter value has a bitset
 * of ranks, and every trial's list and detail JSON is serialised here, once.
 */
import {
  ALTERATIONS,
  GENES,
  coveringAlterations,
  type ExpressionRange,
  type Gene,
} from '../../domain/biomarkers.js';
import {
  NSCLC_STAGE_ADMITTED_BY,
  NSCLC_STAGES,
  SCLC_STAGES,
  type NsclcStage,
  type SclcStage,
} from '../../domain/diagnosis.js';
import { isRetrospective } from '../../diagnosis/population.js';
import { isUsCountry, parseUsState, US_STATES } from '../../domain/geo.js';
import { PHASE_CODES, STUDY_TYPES, type PhaseCode, type StudyType } from '../../domain/phase.js';
import type {
  BiomarkerRow,
  FlagRow,
  SiteRow,
  SnapshotTables,
  TrialRow,
} from '../../domain/rows.js';
import {
  STATUS_BUCKETS,
  TRIAL_STATUSES,
  type StatusBucket,
  type TrialStatus,
} from '../../domain/status.js';
import { presentDetailTrial, presentSource } from '../present.js';
import { Bitset } from './bitset.js';
import { findEvidence } from './evidence.js';
import {
  BruteForceGeoCandidates,
  H3GeoCandidates,
  pointCells,
  type GeoCandidates,
  type GeoPoints,
  type KnownCells,
} from './geo-candidates.js';
import { TrialCells } from './geo-trial-cells.js';
import { SiteSpanBuilder, type IndexedSites, type SiteSpans } from './nearest-sample.js';
import { carriedTextIndexSteps, textIndexSteps, tokenize, type TextIndex } from './text-index.js';
import { buildTrialJson, ByteArena, type TrialJson, type TrialJsonParts } from './trial-json.js';
import { packInline, packOffThread, type DetailPacker } from './detail-packer.js';
import type { DateSort } from './types.js';
import { runInSlices, runToEnd, SLICE_MS, type Steps } from './slices.js';

/** A PD-L1 row kept for range matching, which depends on the range the caller asks for. */
export interface PdL1Requirement {
  rank: number;
  required: boolean;
  /** Null: PD-L1 named with no cut-off, a positive score (`positiveScore`: 1 or more). */
  range: ExpressionRange | null;
}

export interface FilterSets {
  bucket: Record<StatusBucket, Bitset>;
  status: Record<TrialStatus, Bitset>;
  phase: Record<PhaseCode, Bitset>;
  studyType: Record<StudyType, Bitset>;
  acceptsMale: Bitset;
  acceptsFemale: Bitset;
  /** Classified that type, or no type signal at all. */
  nsclcEligible: Bitset;
  sclcEligible: Bitset;
  /** Takes lung cancer patients of some type and enrols them (/match searches only these). */
  lungPatients: Bitset;
  /** SCLC-eligible and mentioning the stage or no SCLC stage at all. */
  sclcStage: Record<SclcStage, Bitset>;
  /** NSCLC-eligible with a stage signal that admits a patient at that stage, or none at all. */
  nsclcStage: Record<NsclcStage, Bitset>;
  usSite: Bitset;
  nonUsSite: Bitset;
  state: Map<string, Bitset>;
  /** Requires the gene and does not exclude it outright. */
  gene: Record<Gene, Bitset>;
  /** `GENE:ALTERATION` for every alteration id of the vocabulary. */
  mutation: Map<string, Bitset>;
}

/** ZIP-search data: unique US coordinates and, per point, the trials with a site there. */
export interface GeoIndex {
  points: GeoPoints;
  candidates: GeoCandidates;
  /** Pairs of point p are pairStart[p] .. pairStart[p+1]-1. */
  pairStart: Int32Array;
  pairRank: Int32Array;
  /**
   * The trial's first site at that point (an index into siteSpans): its `nearest_site` JSON
   * is that site's location JSON, copied from the trial's locationsJson.
   */
  pairSite: Int32Array;
  /** Counts a large circle's trials by H3 cell; null in the brute-force index, which counts point by point. */
  trialCells: TrialCells | null;
}

export interface TrialIndex {
  size: number;
  nctIds: string[];
  rankById: Map<string, number>;
  listJson: Buffer[];
  /** Each trial's detail body head, compressed (./trial-json.ts: detailHead, detailJsonOf). */
  detailGzip: Buffer[];
  detailCrc: Uint32Array;
  detailBytes: Int32Array;
  /** Each trial's location objects as inside its detail's `locations` (siteSpans' byte spans). */
  locationsJson: Buffer[];
  sourcesJson: Buffer;
  sets: FilterSets;
  /** -1 where the bound is open. */
  ageMin: Int16Array;
  ageMax: Int16Array;
  /** Days since 1970-01-01, or NO_DATE. */
  firstPostedDay: Int32Array;
  lastUpdatedDay: Int32Array;
  /** Tokens of each trial's lead sponsor, and of each of its interventions' names (`sponsor`, `intervention`). */
  sponsorWords: string[][];
  interventionWords: string[][][];
  pdl1: PdL1Requirement[];
  /** Each trial's biomarker rows, for explanations (the filters read the sets above). */
  markers: BiomarkerRow[][];
  geo: GeoIndex;
  /** Where each site sits in the prebuilt JSON: a ZIP search's nearest-first locations_sample. */
  siteSpans: SiteSpans;
  /** Free-text search over ids, titles, interventions, sponsor, conditions, keywords. */
  text: TextIndex;
  /** Ranks in each explicit `sort` order other than relevance and distance (ties: default order). */
  orders: Record<DateSort, Int32Array>;
  /** The same dates oldest first (`sort=last_updated:asc`), trials without the date still last. */
  oldestFirst: Record<DateSort, Int32Array>;
  /** Scratch for geo queries; requests run one at a time on the event loop. */
  scratch: { best: Float64Array; bestPair: Int32Array };
}

export const NO_DATE = -2147483648;

export function isoDay(iso: string | null): number {
  if (!iso) return NO_DATE;
  const ms = Date.parse(`${iso.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(ms) ? NO_DATE : Math.floor(ms / 86_400_000);
}

export interface BuildIndexOptions {
  /** Geo-candidate implementation. @defaultValue 'h3' */
  geo?: 'h3' | 'brute';
  /**
   * A trial's JSON bodies as this code rendered them before (an earlier
   * snapshot's serving index, for the publish of an incremental run), or null to render
   * them here.
   */
  rendered?: (nctId: string) => RenderedTrial | null;
  /**
   * H3 cells an earlier index computed (the base's, for an incremental publish): the same
   * cells, not computed again.
   */
  knownCells?: KnownCells;
  /**
   * An earlier index (the base's, for an incremental publish) and the rank there of each
   * trial whose row is the one it indexed: those trials' text postings are carried over
   * with their ranks remapped, not tokenized again.
   */
  earlier?: { text: TextIndex; rankOf: ReadonlyMap<string, number> };
}

/** What rendering a trial makes: what BuildIndexOptions.rendered may hand back instead. */
export interface RenderedTrial {
  /** Its detail carries its diagnosis evidence (findEvidence): nothing else of the index reads it. */
  json: TrialJson;
  /** What the index takes from the trial's sites, when `tables` holds no site rows of it. */
  sites?: IndexedSites;
}

/** Recruiting bucket first, then most recently updated (missing last), then nct_id. */
export function compareDefaultOrder(a: TrialRow, b: TrialRow): number {
  const ra = a.status_bucket === 'recruiting' ? 0 : 1;
  const rb = b.status_bucket === 'recruiting' ? 0 : 1;
  if (ra !== rb) return ra - rb;
  const ua = a.last_updated ?? '';
  const ub = b.last_updated ?? '';
  if (ua !== ub) return ua < ub ? 1 : -1;
  return a.nct_id < b.nct_id ? -1 : a.nct_id > b.nct_id ? 1 : 0;
}

function* groupBy<T extends { nct_id: string | null }>(
  rows: readonly T[],
): Steps<Map<string, T[]>> {
  const out = new Map<string, T[]>();
  for (let i = 0; i < rows.length; i++) {
    if ((i & 1023) === 0) yield;
    const r = rows[i];
    if (r.nct_id === null) continue;
    let list = out.get(r.nct_id);
    if (!list) out.set(r.nct_id, (list = []));
    list.push(r);
  }
  return out;
}

function recordOf<K extends string>(keys: readonly K[], size: number): Record<K, Bitset> {
  return Object.fromEntries(keys.map((k) => [k, new Bitset(size)])) as Record<K, Bitset>;
}

/** US state code of a site: a US site's state, or a territory the registry lists as a country. */
export function siteUsState(s: SiteRow): string | null {
  if (isUsCountry(s.country)) return parseUsState(s.state);
  // Only territories by full name: "Georgia" the country must not become GA.
  const territory = s.country && s.country.trim().length > 2 ? parseUsState(s.country) : null;
  return territory && US_TERRITORIES.includes(territory) ? territory : null;
}

/** Territories the registry lists as countries of their own. */
const US_TERRITORIES = ['PR', 'GU', 'VI', 'AS', 'MP'];

export function isUsSite(s: SiteRow): boolean {
  return isUsCountry(s.country) || siteUsState(s) !== null;
}

export function rowRange(b: BiomarkerRow): ExpressionRange | null {
  if (b.metric === null || b.comparator === null || b.cutoff === null) return null;
  const base = { metric: b.metric, lowExclusive: false, highExclusive: false };
  switch (b.comparator) {
    case '>=':
      return { ...base, low: b.cutoff, high: null };
    case '>':
      return { ...base, low: b.cutoff, high: null, lowExclusive: true };
    case '<=':
      return { ...base, low: null, high: b.cutoff };
    case '<':
      return { ...base, low: null, high: b.cutoff, highExclusive: true };
    case 'between':
      return { ...base, low: b.cutoff, high: b.cutoff_high ?? b.cutoff };
  }
}

/** A row names `alteration` of `gene`, directly, through a broader id, or at gene level. */
export function rowCovers(b: BiomarkerRow, gene: Gene, alteration: string): boolean {
  return (
    b.gene === gene &&
    (b.alteration === null || coveringAlterations(gene, alteration).includes(b.alteration))
  );
}

function setDiagnosisSets(sets: FilterSets, t: TrialRow, rank: number): void {
  // admitted_types: the classified types, or every type a lung or all-solid-tumour trial does not exclude.
  if (t.admitted_types.includes('nsclc')) {
    sets.nsclcEligible.set(rank);
    for (const stage of NSCLC_STAGES) {
      const admittedBy = NSCLC_STAGE_ADMITTED_BY[stage];
      if (t.nsclc_stages.length === 0 || t.nsclc_stages.some((s) => admittedBy.includes(s)))
        sets.nsclcStage[stage].set(rank);
    }
  }
  if (t.admitted_types.length > 0 && !isRetrospective(t)) sets.lungPatients.set(rank);
  if (t.admitted_types.includes('sclc')) {
    sets.sclcEligible.set(rank);
    for (const stage of SCLC_STAGES) {
      if (t.sclc_stages.length === 0 || t.sclc_stages.includes(stage))
        sets.sclcStage[stage].set(rank);
    }
  }
}

export function buildTrialIndex(tables: SnapshotTables, opts: BuildIndexOptions = {}): TrialIndex {
  return runToEnd(buildTrialIndexSteps(tables, opts, packInline()));
}

/** The same index built a few milliseconds at a time, for a server swapping snapshots under load. */
export async function buildTrialIndexInSlices(
  tables: SnapshotTables,
  opts: BuildIndexOptions = {},
): Promise<TrialIndex> {
  // The details are deflated on a worker meanwhile; the build pauses if they fall behind.
  const packer = packOffThread();
  try {
    const index = await runInSlices(buildTrialIndexSteps(tables, opts, packer), SLICE_MS, () =>
      packer.backlog(),
    );
    await packer.finish();
    return index;
  } finally {
    await packer.close();
  }
}

/** `packer` fills the index's detailGzip, by the end of the steps or before its finish(). */
export function* buildTrialIndexSteps(
  tables: SnapshotTables,
  opts: BuildIndexOptions,
  packer: DetailPacker,
): Steps<TrialIndex> {
  const seen = new Set<string>();
  const trials = tables.trials.filter((t) => !seen.has(t.nct_id) && seen.add(t.nct_id));
  yield;
  trials.sort(compareDefaultOrder);
  yield;
  const size = trials.length;
  const sitesBy = yield* groupBy(tables.sites);
  const done: (RenderedTrial | null)[] = new Array(size);
  let siteBound = tables.sites.length;
  for (let rank = 0; rank < size; rank++) {
    done[rank] = opts.rendered?.(trials[rank].nct_id) ?? null;
    siteBound += done[rank]?.sites?.count ?? 0;
  }
  yield;
  let n = 0;
  for (const list of sitesBy.values()) {
    if ((++n & 255) === 0) yield;
    list.sort((a, b) => a.site_index - b.site_index);
  }
  const markersBy = yield* groupBy(tables.biomarkers);
  const flagsBy = yield* groupBy<FlagRow>(tables.flags);

  const sets: FilterSets = {
    bucket: recordOf(STATUS_BUCKETS, size),
    status: recordOf(TRIAL_STATUSES, size),
    phase: recordOf(PHASE_CODES, size),
    studyType: recordOf(STUDY_TYPES, size),
    acceptsMale: new Bitset(size),
    acceptsFemale: new Bitset(size),
    nsclcEligible: new Bitset(size),
    sclcEligible: new Bitset(size),
    lungPatients: new Bitset(size),
    sclcStage: recordOf(SCLC_STAGES, size),
    nsclcStage: recordOf(NSCLC_STAGES, size),
    usSite: new Bitset(size),
    nonUsSite: new Bitset(size),
    state: new Map(Object.keys(US_STATES).map((code) => [code, new Bitset(size)])),
    gene: recordOf(GENES, size),
    mutation: new Map(),
  };
  const mutationIds = GENES.flatMap((g) => ALTERATIONS[g].map((a) => [g, a] as const));
  for (const [g, a] of mutationIds) sets.mutation.set(`${g}:${a}`, new Bitset(size));

  const nctIds: string[] = new Array(size);
  const rankById = new Map<string, number>();
  const listJson: Buffer[] = new Array(size);
  const detailGzip: Buffer[] = new Array(size);
  const detailCrc = new Uint32Array(size);
  const detailBytes = new Int32Array(size);
  const locationsJson: Buffer[] = new Array(size);
  const ageMin = new Int16Array(size);
  const ageMax = new Int16Array(size);
  const firstPostedDay = new Int32Array(size);
  const lastUpdatedDay = new Int32Array(size);
  const sponsorWords: string[][] = new Array(size);
  const interventionWords: string[][][] = new Array(size);
  const pdl1: PdL1Requirement[] = [];
  const markersByRank: BiomarkerRow[][] = new Array(size);
  const spans = new SiteSpanBuilder(size, siteBound);
  const arena = new ByteArena();
  /** Index (in siteSpans) of each trial's first site. */
  const firstSite = new Int32Array(size);
  /** 1 for a US site (isUsSite), by index in siteSpans: the geo index reads it again. */
  const usSite = new Uint8Array(siteBound);

  for (let rank = 0; rank < size; rank++) {
    yield;
    const t = trials[rank];
    const sites = sitesBy.get(t.nct_id) ?? [];
    const markers = markersBy.get(t.nct_id) ?? [];
    nctIds[rank] = t.nct_id;
    markersByRank[rank] = markers;
    const kept = done[rank];
    rankById.set(t.nct_id, rank);
    let json: TrialJsonParts;
    if (kept) {
      json = kept.json;
      detailGzip[rank] = kept.json.detailGzip;
    } else {
      const built = buildTrialJson(
        presentDetailTrial(t, sites, markers, flagsBy.get(t.nct_id) ?? [], findEvidence(t)),
        arena,
      );
      json = built;
      packer.pack(built.detailHead, (packed) => (detailGzip[rank] = packed));
    }
    listJson[rank] = json.list;
    detailCrc[rank] = json.detailCrc;
    detailBytes[rank] = json.detailBytes;
    locationsJson[rank] = json.locations;
    firstSite[rank] = kept?.sites ? spans.addIndexed(kept.sites, json) : spans.add(sites, json);

    sets.bucket[t.status_bucket].set(rank);
    if (t.status) sets.status[t.status].set(rank);
    for (const p of t.phases) sets.phase[p].set(rank);
    if (t.study_type) sets.studyType[t.study_type].set(rank);
    if (t.sex !== 'FEMALE') sets.acceptsMale.set(rank);
    if (t.sex !== 'MALE') sets.acceptsFemale.set(rank);
    setDiagnosisSets(sets, t, rank);
    if (kept?.sites) setIndexedSiteSets(sets, kept.sites, rank);
    for (let i = 0; i < sites.length; i++) {
      const s = sites[i];
      const state = siteUsState(s);
      if (state) sets.state.get(state)?.set(rank);
      // isUsSite(s), with the state already found.
      if (state !== null || isUsCountry(s.country)) {
        sets.usSite.set(rank);
        usSite[firstSite[rank] + i] = 1;
      } else if (s.country) sets.nonUsSite.set(rank);
    }
    ageMin[rank] = t.age_min ?? -1;
    ageMax[rank] = t.age_max ?? -1;
    firstPostedDay[rank] = isoDay(t.first_posted);
    lastUpdatedDay[rank] = isoDay(t.last_updated);
    sponsorWords[rank] = tokenize(t.sponsor ?? '');
    interventionWords[rank] = t.interventions.map((i) => tokenize(i.name));

    // A marker of another tumour type's cohort never filters lung trials (it is still shown).
    const lungMarkers = markers.filter((b) => b.scope === 'lung');
    const required = lungMarkers.filter((b) => b.requirement === 'required');
    const excluded = lungMarkers.filter((b) => b.requirement === 'excluded');
    for (const g of GENES) {
      const geneExcluded = excluded.some(
        (b) => b.gene === g && b.alteration === null && rowRange(b) === null,
      );
      if (!geneExcluded && required.some((b) => b.gene === g)) sets.gene[g].set(rank);
    }
    for (const [g, a] of mutationIds) {
      if (required.some((b) => rowCovers(b, g, a)) && !excluded.some((b) => rowCovers(b, g, a))) {
        sets.mutation.get(`${g}:${a}`)!.set(rank);
      }
    }
    for (const b of lungMarkers) {
      if (b.gene === 'PD-L1')
        pdl1.push({ rank, required: b.requirement === 'required', range: rowRange(b) });
    }
  }

  packer.end();
  const sourcesJson = Buffer.from(JSON.stringify(tables.sources.map(presentSource)));
  const indexed = done.map((d) => d?.sites ?? null);
  const geo = yield* buildGeoIndex(trials, sitesBy, { firstSite, usSite, indexed }, opts);
  const text = opts.earlier
    ? yield* carriedTextIndexSteps(
        trials,
        opts.earlier.text,
        Int32Array.from(trials, (t) => opts.earlier!.rankOf.get(t.nct_id) ?? -1),
      )
    : yield* textIndexSteps(trials);
  const lastUpdated = newestFirst(trials, (t) => t.last_updated);
  yield;
  const startDate = newestFirst(trials, (t) => t.study_start);
  yield;
  const oldestFirst = {
    last_updated: byDate(trials, (t) => t.last_updated, 1),
    start_date: byDate(trials, (t) => t.study_start, 1),
  };
  yield;
  return {
    size,
    nctIds,
    rankById,
    listJson,
    detailGzip,
    detailCrc,
    detailBytes,
    locationsJson,
    sourcesJson,
    sets,
    ageMin,
    ageMax,
    firstPostedDay,
    lastUpdatedDay,
    sponsorWords,
    interventionWords,
    pdl1,
    markers: markersByRank,
    geo,
    text,
    siteSpans: spans.build(),
    orders: { last_updated: lastUpdated, start_date: startDate },
    oldestFirst,
    scratch: { best: new Float64Array(size), bestPair: new Int32Array(size) },
  };
}

/** Ranks by a date, newest first, trials without it last; equal dates keep the default order. */
function newestFirst(
  trials: readonly TrialRow[],
  date: (t: TrialRow) => string | null,
): Int32Array {
  return byDate(trials, date, -1);
}

/** Ranks by a date (1: oldest first, -1: newest first), trials without it last, ties in rank order. */
function byDate(
  trials: readonly TrialRow[],
  date: (t: TrialRow) => string | null,
  direction: 1 | -1,
): Int32Array {
  const ranks = Int32Array.from(trials.keys());
  const key = trials.map((t) => date(t) ?? '');
  return ranks.sort((a, b) => {
    if (key[a] === key[b]) return a - b;
    if (key[a] === '' || key[b] === '') return key[a] === '' ? 1 : -1;
    return key[a] < key[b] ? -direction : direction;
  });
}

/** The site sets of a trial whose sites an earlier index holds (the loop over site rows' result). */
function setIndexedSiteSets(sets: FilterSets, sites: IndexedSites, rank: number): void {
  for (const state of sites.states) sets.state.get(state)?.set(rank);
  if (sites.us) sets.usSite.set(rank);
  if (sites.nonUs) sets.nonUsSite.set(rank);
}

interface SitesByRank {
  /** Index (in siteSpans) of each trial's first site. */
  firstSite: Int32Array;
  /** 1 for a US site, by index in siteSpans. */
  usSite: Uint8Array;
  /** A trial's sites as an earlier index holds them, when its rows are not in `sitesBy`. */
  indexed: readonly (IndexedSites | null)[];
}

function* buildGeoIndex(
  trials: TrialRow[],
  sitesBy: Map<string, SiteRow[]>,
  { firstSite, usSite, indexed }: SitesByRank,
  opts: BuildIndexOptions,
): Steps<GeoIndex> {
  // Points numbered as first met, trials walked in rank order and sites in site_index order.
  const pointByLat = new Map<number, Map<number, number>>();
  const lat: number[] = [];
  const lon: number[] = [];
  // By point of opts.knownCells: the point it is here (-1 until met); by point here: the
  // known point at its coordinate, when a pair gave it (else -1).
  const hereOf = new Int32Array(opts.knownCells?.points.count ?? 0).fill(-1);
  const knownOf: number[] = [];
  // Pairs (point, rank, site) in the order met: ranks only grow, so a point's last pair
  // tells whether this trial already has one there (the first site at a point wins).
  const metPoint: number[] = [];
  const metRank: number[] = [];
  const metSite: number[] = [];
  const lastRank: number[] = [];
  const pointAt = (latitude: number, longitude: number): number => {
    let byLon = pointByLat.get(latitude);
    if (!byLon) pointByLat.set(latitude, (byLon = new Map()));
    let p = byLon.get(longitude);
    if (p === undefined) {
      p = lat.length;
      byLon.set(longitude, p);
      lat.push(latitude);
      lon.push(longitude);
      lastRank.push(-1);
      knownOf.push(-1);
    }
    return p;
  };
  const meet = (rank: number, p: number, site: number): void => {
    if (lastRank[p] === rank) return;
    lastRank[p] = rank;
    metPoint.push(p);
    metRank.push(rank);
    metSite.push(site);
  };
  for (let rank = 0; rank < trials.length; rank++) {
    yield;
    const held = indexed[rank];
    if (held) {
      // Its pairs as met in site order: the same pairs its site rows would give.
      for (let j = 0; j < held.geoSite.length; j++) {
        const known = held.geoKnownPoint?.[j] ?? -1;
        let p = known >= 0 ? hereOf[known] : -1;
        if (p < 0) p = pointAt(held.geoLat[j], held.geoLon[j]);
        if (known >= 0) {
          hereOf[known] = p;
          knownOf[p] = known;
        }
        meet(rank, p, firstSite[rank] + held.geoSite[j]);
      }
      continue;
    }
    const sites = sitesBy.get(trials[rank].nct_id) ?? [];
    for (let i = 0; i < sites.length; i++) {
      const s = sites[i];
      if (s.latitude === null || s.longitude === null || !usSite[firstSite[rank] + i]) continue;
      meet(rank, pointAt(s.latitude, s.longitude), firstSite[rank] + i);
    }
  }
  const count = lat.length;
  yield;
  // Grouped by point with a counting sort, which keeps each point's pairs in rank order.
  const pairStart = new Int32Array(count + 1);
  for (const p of metPoint) pairStart[p + 1]++;
  for (let p = 0; p < count; p++) pairStart[p + 1] += pairStart[p];
  const next = pairStart.slice(0, count);
  const pairRank = new Int32Array(metPoint.length);
  const pairSite = new Int32Array(metPoint.length);
  for (let i = 0; i < metPoint.length; i++) {
    if ((i & 4095) === 0) yield;
    const k = next[metPoint[i]]++;
    pairRank[k] = metRank[i];
    pairSite[k] = metSite[i];
  }
  const points: GeoPoints = { count, lat: Float64Array.from(lat), lon: Float64Array.from(lon) };
  yield;
  let candidates: GeoCandidates;
  let trialCells: TrialCells | null = null;
  if ((opts.geo ?? 'h3') === 'h3') {
    // Points met through a known point take its cells; the others' are computed.
    const cells = yield* pointCells(points, opts.knownCells, Int32Array.from(knownOf));
    candidates = yield* H3GeoCandidates.build(points, cells);
    const pairs = { pairStart, pairRank, trialCount: trials.length };
    trialCells = yield* TrialCells.build(points, pairs, cells);
  } else candidates = new BruteForceGeoCandidates(points);
  return { points, candidates, pairStart, pairRank, pairSite, trialCells };
}
