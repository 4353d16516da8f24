/** A validated GET /trials request as the query engine takes it (built by api/params/). */
import type { ExpressionRange, Gene } from '../../domain/biomarkers.js';
import type { DiagnosisTypeFilter, SclcStage } from '../../domain/diagnosis.js';
import type { CountryFilter } from '../../domain/geo.js';
import type { TrialPhaseFilter } from '../../domain/phase.js';
import type { GenderFilter } from '../../domain/sex.js';
import type { StatusBucket, TrialStatus } from '../../domain/status.js';

/** Query parameters that restrict the set (zip/radius restrict and order in search.ts). */
export const FILTER_PARAMETERS = [
  'statusBuckets',
  'trialStatus',
  'diagnosisType',
  'cancerStage',
  'country',
  'state',
  'gender',
  'trialPhase',
  'biomarkers',
  'mutations',
  'age',
  'firstPostedAfter',
  'q',
] as const;
export type FilterParameter = (typeof FILTER_PARAMETERS)[number];

export type MutationCriterion =
  | { gene: Gene; alteration: string; range?: undefined }
  | { gene: 'PD-L1'; alteration?: undefined; range: ExpressionRange };

export interface NearQuery {
  zip: string;
  lat: number;
  lon: number;
  radiusMiles: number;
}

/**
 * `sort` values. Without one: nearest first with a ZIP, most relevant first with `q`, else
 * the default order (recruiting first, then most recently updated). Dates sort newest first.
 */
export const SORT_ORDERS = ['relevance', 'last_updated', 'start_date', 'distance'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export type DateSort = Extract<SortOrder, 'last_updated' | 'start_date'>;

export interface TrialQuery {
  diagnosisType: DiagnosisTypeFilter | null;
  cancerStage: SclcStage | null;
  country: CountryFilter | null;
  /** Two-letter code. */
  state: string | null;
  gender: GenderFilter | null;
  age: number | null;
  /** Any of them (OR). */
  trialPhase: TrialPhaseFilter[] | null;
  /** Any of them (OR). */
  trialStatus: TrialStatus[] | null;
  /** Null: the caller gave none (defaults apply unless trialStatus is given). */
  statusBuckets: StatusBucket[] | null;
  biomarkers: Gene[] | null;
  mutations: MutationCriterion[] | null;
  /** YYYY-MM-DD, inclusive. */
  firstPostedAfter: string | null;
  near: NearQuery | null;
  /** Free-text terms (tokenised `q`), all required, the last as a prefix; null without q. */
  text: string[] | null;
  /** Null: the implicit order (see SORT_ORDERS). */
  sort: SortOrder | null;
  limit: number;
  offset: number;
  /** Add each trial's `match` (explain.ts) to a list response. */
  explain: boolean;
}
