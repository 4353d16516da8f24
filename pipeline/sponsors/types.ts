/**
 * Shapes shared by the sponsor stages: what a catalog entry declares, what a sponsor trial
 * looks like after import or scraping (before the merge), and the stage summary.
 */
import type { DateFormat } from '../dates.js';
import type { FlagRow, IsoDate } from '../../domain/rows.js';
import type { PhaseCode } from '../../domain/phase.js';
import type { Sex } from '../../domain/sex.js';
import type { TrialStatus } from '../../domain/status.js';

/** One site as a sponsor lists it: free text only, the geocoder places it later. */
export interface SponsorSite {
  facility: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
}

/** A trial as one sponsor publishes it, normalised to our vocabularies. */
export interface SponsorTrial {
  /** Slug of the sponsor registry it came from (domain/sources.ts). */
  source_slug: string;
  /** Registry id when the sponsor names one ("NCT01234567"), upper case. */
  nct_id: string | null;
  /** The sponsor's own study code ("D5160C00007"). */
  sponsor_study_id: string | null;
  title: string | null;
  official_title: string | null;
  summary: string | null;
  /** The sponsor's status text as published. */
  status_text: string | null;
  /** Status text mapped through the sponsor's vocabulary; null when unmapped. */
  status: TrialStatus | null;
  phases: PhaseCode[];
  conditions: string[];
  interventions: string[];
  sex: Sex;
  age_min: number | null;
  age_max: number | null;
  study_start: IsoDate | null;
  primary_completion: IsoDate | null;
  last_updated: IsoDate | null;
  /** The sponsor's page for this trial (absolute URL). */
  page_url: string | null;
  sites: SponsorSite[];
  /** sha256 of the source row or page fields; drives new/changed/unchanged. */
  content_hash: string;
}

/** Fields a sponsor column or page selector can fill. */
export const SPONSOR_FIELDS = [
  'nct_id',
  'sponsor_study_id',
  'title',
  'official_title',
  'summary',
  'status',
  'phase',
  'conditions',
  'interventions',
  'sex',
  'age_min',
  'age_max',
  'study_start',
  'primary_completion',
  'last_updated',
  'page_url',
  'countries',
  'locations',
] as const;
export type SponsorField = (typeof SPONSOR_FIELDS)[number];

export const DATE_FIELDS = ['study_start', 'primary_completion', 'last_updated'] as const;
export type SponsorDateField = (typeof DATE_FIELDS)[number];

// Date spellings a sponsor may use (pipeline/dates.ts); DMY and MDY are never both declared
// by one sponsor.
export type { DateFormat };

/** How one site is spelled inside a locations cell: parts in order, split on ", ". */
export type SitePart = 'facility' | 'city' | 'state' | 'zip' | 'country';

export interface CsvSource {
  kind: 'csv';
  /** Charset when the sponsor's export is known not to be UTF-8 (a WHATWG label); sniffed otherwise. */
  encoding?: string;
  /** Expected delimiter when the sponsor's export always uses one; detected otherwise. */
  delimiter?: ',' | ';';
  /** Formats tried in order on every date column. */
  dateFormats: readonly DateFormat[];
  /** Our field -> the sponsor's column header (matched case-insensitively, trimmed). */
  columns: Partial<Record<SponsorField, string>>;
  /** Date fields a row cannot do without: unparseable or empty makes it a bad row. */
  requiredDates?: readonly SponsorDateField[];
  /** Separator of list cells (conditions, interventions, countries, locations). */
  listSeparator: string;
  /** Parts of each entry in the locations column, e.g. ['facility','city','state','country']. */
  siteParts?: readonly SitePart[];
  /** Builds the trial page when the export has no URL column; `{id}` is the sponsor id. */
  pageUrlTemplate?: string;
}

/** Reads one value from the page: text of the first match, or an attribute. */
export interface Extract {
  selector: string;
  attr?: string;
  /** Every match as a list (conditions, countries ...). */
  all?: boolean;
}

export type Pagination =
  | { kind: 'next-link'; selector: string; maxPages: number }
  | { kind: 'load-more'; selector: string; maxClicks: number }
  | { kind: 'page-param'; param: string; first: number; maxPages: number };

export interface WebSource {
  kind: 'web';
  /** Path of the lung cancer listing, appended to the base URL. */
  listPath: string;
  pagination: Pagination;
  /** Formats tried in order on every date field read from the pages. */
  dateFormats: readonly DateFormat[];
  /** Separator when a list field (conditions ...) is one text rather than several elements. */
  listSeparator?: string;
  list: {
    /** Results container, present once the page's script has rendered the results. */
    container: string;
    /** One element per trial card inside the container. */
    item: string;
    /** Link to the detail page, read from each card. */
    detailLink: Extract;
    fields: Partial<Record<SponsorField, Extract>>;
  };
  detail?: {
    /** Present once the page's script has rendered the study. */
    ready: string;
    fields: Partial<Record<SponsorField, Extract>>;
    /** Each site's element and its parts. */
    sites?: { item: string; fields: Partial<Record<SitePart, Extract>> };
  };
  /** Name of a page adapter in pipeline/sponsors/adapters/ for what selectors cannot say. */
  adapter?: string;
}

export interface SponsorCatalogEntry {
  /** Slug from domain/sources.ts; name and home page are read from there. */
  slug: string;
  source: CsvSource | WebSource;
  /** Sponsor status text (lower-cased, trimmed) -> our status. Registry spellings also apply. */
  statusVocabulary: Readonly<Record<string, TrialStatus>>;
}

export interface StageCounts {
  fetched: number;
  new: number;
  changed: number;
  unchanged: number;
  failed: number;
}

export interface StageSummary {
  total: StageCounts;
  bySponsor: Record<string, StageCounts>;
  /** False when no previous run state was given: every fetched trial then counts as new. */
  changeTracked: boolean;
  /** Sponsors whose export was unusable (empty, or failed while optional) and why; their previous trials were kept. */
  keptPrevious?: Record<string, string>;
}

export interface SponsorStageResult {
  trials: SponsorTrial[];
  flags: FlagRow[];
  summary: StageSummary;
}
