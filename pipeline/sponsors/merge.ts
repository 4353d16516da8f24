/**
 * Merge of sponsor trials into the registry records.
 *
 * - Registry fields are authoritative: a sponsor row joined by NCT id only adds
 *   `pharma_url` and `pharma_source_slug`.
 * - Sponsors are taken in catalog order (domain/sources.ts); when two list one trial, the
 *   first keeps the link and each later one becomes a duplicate_trial flag.
 * - A sponsor trial with no NCT id becomes a sponsor-only trial under its sponsor id, with
 *   `source` = the sponsor slug and `url` = its sponsor page. The same trial from another
 *   sponsor (same sponsor study id, or the same normalised title) is folded into it.
 * - A sponsor row naming an NCT id that the registry set lacks is kept as a sponsor-only
 *   trial under that NCT id, with `url` = the registry study page: the id is checkable
 *   there, and the next registry sync takes the record over (it is then joined instead).
 * - Each sponsor's own status is returned per trial so the flags stage can compare it with
 *   the registry's.
 */
import { createHash } from 'node:crypto';
import type { FlagRow, SiteRow, TrialRecord } from '../../domain/rows.js';
import { isUsCountry, parseUsState } from '../../domain/geo.js';
import { phaseLabel } from '../../domain/phase.js';
import { registryStudyUrl } from '../../domain/sources.js';
import { STATUS_TO_BUCKET, type TrialStatus } from '../../domain/status.js';
import { catalogRank, sponsorIdentity } from './catalog/index.js';
import type { SponsorTrial } from './types.js';
import { unclassified } from '../../diagnosis/classify.js';

export interface SponsorStatus {
  slug: string;
  status: TrialStatus | null;
}

export interface MergeResult {
  records: TrialRecord[];
  flags: FlagRow[];
  /** Trial id -> every sponsor that listed it, with the sponsor's status, in catalog order. */
  sponsorStatuses: Map<string, SponsorStatus[]>;
}

/** Lower case, punctuation to spaces: "Lung-Cancer Vaccine." and "lung cancer vaccine" meet. */
export function normaliseTitle(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function normaliseSponsorId(id: string): string {
  return id.toUpperCase().replace(/[^A-Z0-9]+/g, '');
}

/** Id for a sponsor trial that has neither an NCT id nor a sponsor id, stable across runs. */
export function syntheticSponsorId(t: SponsorTrial): string {
  const digest = createHash('sha256')
    .update(normaliseTitle(t.title ?? ''))
    .digest('hex')
    .slice(0, 10);
  return `${t.source_slug.toUpperCase()}-${digest}`;
}

export function sponsorSites(trialId: string, t: SponsorTrial): SiteRow[] {
  return t.sites.map((s, i) => {
    // US states in two-letter form like registry sites; other countries keep their text.
    const state = isUsCountry(s.country) ? (parseUsState(s.state) ?? s.state) : s.state;
    return {
      nct_id: trialId,
      site_index: i,
      facility: s.facility,
      city: s.city,
      state,
      state_source: state ? 'record' : null,
      zip: s.zip,
      country: s.country,
      status: null,
      latitude: null,
      longitude: null,
      // The geocoder stage places these (ZIP centroid or city gazetteer).
      geo_precision: 'none',
      h3_cell: null,
    } satisfies SiteRow;
  });
}

/** A TrialRecord built from sponsor data alone; later stages fill diagnosis and geo fields. */
export function sponsorOnlyRecord(trialId: string, t: SponsorTrial, url: string): TrialRecord {
  const sites = sponsorSites(trialId, t);
  return {
    trial: {
      nct_id: trialId,
      brief_title: t.title,
      official_title: t.official_title ?? t.title,
      brief_summary: t.summary,
      detailed_description: null,
      plain_language_summary: null,
      phases: t.phases,
      phase: phaseLabel(t.phases),
      // Sponsor finders list interventional studies; a numbered phase confirms it.
      study_type: t.phases.some((p) => p !== 'NA') ? 'Interventional' : null,
      overall_status: t.status_text,
      status: t.status,
      status_bucket: t.status ? STATUS_TO_BUCKET[t.status] : 'unknown',
      sponsor: sponsorIdentity(t.source_slug).name,
      conditions: t.conditions,
      keywords: [],
      mesh_terms: [],
      interventions: t.interventions.map((name) => ({ type: null, name, description: null })),
      enrollment: null,
      age_min: t.age_min,
      age_max: t.age_max,
      sex: t.sex,
      inclusion_criteria: null,
      exclusion_criteria: null,
      study_start: t.study_start,
      first_posted: null,
      primary_completion: t.primary_completion,
      study_completion: null,
      last_updated: t.last_updated,
      primary_outcomes: [],
      secondary_outcomes: [],
      study_documents: [],
      publications: [],
      url,
      pharma_url: t.page_url,
      pharma_source_slug: t.source_slug,
      source: t.source_slug,
      // Filled by the diagnosis stage.
      ...unclassified(),
      location_count: sites.length,
      content_hash: t.content_hash,
    },
    sites,
  };
}

type MatchedBy = 'nct_id' | 'sponsor_study_id' | 'title';

function duplicateFlag(
  trialId: string,
  keptSlug: string,
  t: SponsorTrial,
  matchedBy: MatchedBy,
): FlagRow {
  return {
    nct_id: trialId,
    source: t.source_slug,
    kind: 'duplicate_trial',
    severity: 'info',
    message:
      `${trialId} is also listed by ${t.source_slug}` +
      (t.sponsor_study_id ? ` as ${t.sponsor_study_id}` : '') +
      ` (matched by ${matchedBy}); the ${keptSlug} listing is kept`,
    details: JSON.stringify({
      kept: keptSlug,
      duplicate: t.source_slug,
      matched_by: matchedBy,
      sponsor_study_id: t.sponsor_study_id,
      title: t.title,
      page_url: t.page_url,
    }),
  };
}

export function mergeSponsorRecords(
  registry: TrialRecord[],
  sponsorTrials: SponsorTrial[],
): MergeResult {
  const records: TrialRecord[] = registry.map((r) => ({ trial: { ...r.trial }, sites: r.sites }));
  const registryById = new Map(records.map((r) => [r.trial.nct_id, r]));
  /** Which sponsor owns the pharma link of each trial id. */
  const owner = new Map<string, string>();
  const bySponsorId = new Map<string, string>();
  const byTitle = new Map<string, string>();
  const flags: FlagRow[] = [];
  const sponsorStatuses = new Map<string, SponsorStatus[]>();

  const ordered = sponsorTrials
    .map((t, i) => ({ t, i }))
    .sort((a, b) => catalogRank(a.t.source_slug) - catalogRank(b.t.source_slug) || a.i - b.i)
    .map((x) => x.t);

  const remember = (trialId: string, t: SponsorTrial) => {
    if (t.sponsor_study_id && !bySponsorId.has(normaliseSponsorId(t.sponsor_study_id)))
      bySponsorId.set(normaliseSponsorId(t.sponsor_study_id), trialId);
    if (t.title && !byTitle.has(normaliseTitle(t.title)))
      byTitle.set(normaliseTitle(t.title), trialId);
    const list = sponsorStatuses.get(trialId) ?? [];
    list.push({ slug: t.source_slug, status: t.status });
    sponsorStatuses.set(trialId, list);
  };

  for (const t of ordered) {
    let trialId: string;
    let matchedBy: MatchedBy | null = null;
    if (t.nct_id) {
      trialId = t.nct_id;
      if (owner.has(trialId)) matchedBy = 'nct_id';
    } else {
      const bySid = t.sponsor_study_id
        ? bySponsorId.get(normaliseSponsorId(t.sponsor_study_id))
        : undefined;
      const byT = t.title ? byTitle.get(normaliseTitle(t.title)) : undefined;
      if (bySid) [trialId, matchedBy] = [bySid, 'sponsor_study_id'];
      else if (byT) [trialId, matchedBy] = [byT, 'title'];
      else trialId = t.sponsor_study_id ?? syntheticSponsorId(t);
    }

    if (matchedBy) {
      flags.push(duplicateFlag(trialId, owner.get(trialId)!, t, matchedBy));
    } else {
      const joined = registryById.get(trialId);
      if (joined) {
        joined.trial.pharma_url = t.page_url;
        joined.trial.pharma_source_slug = t.source_slug;
      } else {
        const url = t.nct_id
          ? registryStudyUrl(t.nct_id)
          : (t.page_url ?? sponsorIdentity(t.source_slug).home_url);
        const rec = sponsorOnlyRecord(trialId, t, url);
        records.push(rec);
      }
      owner.set(trialId, t.source_slug);
    }
    remember(trialId, t);
  }
  return { records, flags, sponsorStatuses };
}
