/**
 * One place turning what a sponsor published (CSV cells or page texts) into a SponsorTrial,
 * so CSV import and scraping apply the same vocabularies and the same bad-row rules.
 */
import { createHash } from 'node:crypto';
import { isSponsorStudyId, NCT_ID_IN_TEXT_RE } from '../../domain/nct-id.js';
import { parsePhases } from '../../domain/phase.js';
import { parseAgeYears, parseSex } from '../../domain/sex.js';
import { mapRegistryStatus, type TrialStatus } from '../../domain/status.js';
import { parseDate } from '../dates.js';
import {
  DATE_FIELDS,
  type DateFormat,
  type SitePart,
  type SponsorCatalogEntry,
  type SponsorField,
  type SponsorSite,
  type SponsorTrial,
} from './types.js';

/** What an adapter read for one trial before normalising: texts, lists and sites. */
export interface RawSponsorTrial {
  fields: Partial<Record<SponsorField, string | string[] | null>>;
  sites: SponsorSite[];
}

export interface NormaliseOptions {
  dateFormats: readonly DateFormat[];
  listSeparator?: string;
  requiredDates?: readonly string[];
  siteParts?: readonly SitePart[];
  pageUrlTemplate?: string;
  /** Resolves relative page links. */
  baseUrl?: string;
}

/** `warnings`: what was dropped from a row that still became a trial (an optional date ...). */
export type NormaliseResult =
  { ok: true; trial: SponsorTrial; warnings: string[] } | { ok: false; reason: string };

function text(v: string | string[] | null | undefined): string | null {
  if (v === null || v === undefined) return null;
  const s = (Array.isArray(v) ? v.join(', ') : v).replace(/\s+/g, ' ').trim();
  return s === '' ? null : s;
}

function list(v: string | string[] | null | undefined, separator: string | undefined): string[] {
  if (v === null || v === undefined) return [];
  const parts = Array.isArray(v) ? v : separator ? v.split(separator) : [v];
  return parts.map((p) => p.replace(/\s+/g, ' ').trim()).filter((p) => p !== '');
}

/** "Facility, City, Country": the last parts are the most regular, so assign from the right. */
export function parseSiteText(raw: string, parts: readonly SitePart[]): SponsorSite {
  const site: SponsorSite = { facility: null, city: null, state: null, zip: null, country: null };
  const pieces = raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const n = parts.length;
  for (let i = n - 1; i >= 1 && pieces.length > 1; i--) site[parts[i]] = pieces.pop() ?? null;
  // Whatever is left belongs to the first part (facility names contain commas).
  if (pieces.length) site[parts[0]] = pieces.join(', ');
  return site;
}

export function mapSponsorStatus(
  entry: SponsorCatalogEntry,
  raw: string | null,
): TrialStatus | null {
  if (!raw) return null;
  const key = raw.trim().toLowerCase().replace(/\s+/g, ' ');
  return entry.statusVocabulary[key] ?? mapRegistryStatus(raw).status;
}

function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

/**
 * Why a sponsor row cannot be a trial, or null: it needs an id (a registry id, or a study
 * code of the sponsor's form: domain/nct-id.ts), a title and a status the sponsor's or the
 * registry's vocabulary knows. Rows of random cells under a real header meet none of these.
 */
function rowProblem(
  nct: string | null,
  sponsorId: string | null,
  title: string | null,
  statusText: string | null,
  status: TrialStatus | null,
): string | null {
  if (!nct && !sponsorId && !title) return 'missing id and title';
  if (!nct && !(sponsorId && isSponsorStudyId(sponsorId)))
    return sponsorId
      ? `no registry id, and study id ${JSON.stringify(sponsorId.slice(0, 60))} is not a study code`
      : 'no registry id and no study id';
  if (!title) return 'missing title';
  if (!statusText) return 'missing status';
  if (!status) return `unknown status ${JSON.stringify(statusText.slice(0, 60))}`;
  return null;
}

export function normaliseSponsorTrial(
  entry: SponsorCatalogEntry,
  raw: RawSponsorTrial,
  opts: NormaliseOptions,
): NormaliseResult {
  const f = raw.fields;
  const nctText = text(f.nct_id);
  const nct = nctText?.match(NCT_ID_IN_TEXT_RE)?.[0].toUpperCase() ?? null;
  const sponsorId = text(f.sponsor_study_id);
  const title = text(f.title);
  const statusText = text(f.status);
  const status = mapSponsorStatus(entry, statusText);
  const refused = rowProblem(nct, sponsorId, title, statusText, status);
  if (refused) return { ok: false, reason: refused };

  const warnings: string[] = [];
  const dates: Record<string, string | null> = {};
  for (const field of DATE_FIELDS) {
    const parsed = parseDate(text(f[field]), opts.dateFormats);
    const required = opts.requiredDates?.includes(field) ?? false;
    if (!parsed.ok) {
      if (required) return { ok: false, reason: `unparseable ${field}: ${parsed.reason}` };
      // An optional date the sponsor misspelled is dropped rather than losing the trial.
      dates[field] = null;
      warnings.push(`${field} dropped: ${parsed.reason}`);
    } else if (parsed.value === null && required) {
      return { ok: false, reason: `missing ${field}` };
    } else dates[field] = parsed.value;
  }

  let pageUrl = text(f.page_url);
  if (!pageUrl && opts.pageUrlTemplate && sponsorId)
    pageUrl = opts.pageUrlTemplate.replace('{id}', encodeURIComponent(sponsorId));
  if (pageUrl && opts.baseUrl) {
    try {
      pageUrl = new URL(pageUrl, opts.baseUrl).toString();
    } catch {
      pageUrl = null;
    }
  }

  let sites = raw.sites;
  if (sites.length === 0 && f.locations) {
    const parts = opts.siteParts ?? ['facility', 'city', 'country'];
    sites = list(f.locations, opts.listSeparator).map((s) => parseSiteText(s, parts));
  }
  if (sites.length === 0 && f.countries) {
    sites = list(f.countries, opts.listSeparator).map((country) => ({
      facility: null,
      city: null,
      state: null,
      zip: null,
      country,
    }));
  }

  const trial: SponsorTrial = {
    source_slug: entry.slug,
    nct_id: nct,
    sponsor_study_id: sponsorId,
    title,
    official_title: text(f.official_title),
    summary: text(f.summary),
    status_text: statusText,
    status,
    phases: parsePhases(text(f.phase)),
    conditions: list(f.conditions, opts.listSeparator),
    interventions: list(f.interventions, opts.listSeparator),
    sex: parseSex(text(f.sex)),
    age_min: parseAgeYears(text(f.age_min)),
    age_max: parseAgeYears(text(f.age_max)),
    study_start: dates.study_start,
    primary_completion: dates.primary_completion,
    last_updated: dates.last_updated,
    page_url: pageUrl,
    sites,
    content_hash: createHash('sha256').update(stableJson(raw)).digest('hex'),
  };
  return { ok: true, trial, warnings };
}

/** Key of a trial within its sponsor: registry id, else sponsor id, else title. */
export function sponsorTrialKey(t: SponsorTrial): string {
  return t.nct_id ?? t.sponsor_study_id ?? `title:${(t.title ?? '').toLowerCase()}`;
}
