/**
 * Value types of the query engine that parameters carry. TrialQuery itself is derived from
 * the parameter table (api/params/parameters.ts).
 */
import type { ExpressionRange, Gene } from '../../domain/biomarkers.js';

export type MutationCriterion =
  | { gene: Gene; alteration: string; range?: undefined }
  | { gene: 'PD-L1'; alteration?: undefined; range: ExpressionRange };

/** What a patient is known to have: /match reads nothing else into the profile. */
export interface PatientProfile {
  /** Alterations and PD-L1 scores the patient has (a score is a one-value range: TPS=60). */
  positives: MutationCriterion[];
  /** Genes tested with no alteration found. */
  negativeFor: Gene[];
}

export interface NearQuery {
  zip: string;
  lat: number;
  lon: number;
  radiusMiles: number;
}

/**
 * `sort` orders. Without one: nearest first with a ZIP, most relevant first with `q`, else
 * the default order (recruiting first, then most recently updated).
 */
export const SORT_ORDERS = ['relevance', 'last_updated', 'start_date', 'distance'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export type DateSort = Extract<SortOrder, 'last_updated' | 'start_date'>;
export const DATE_SORTS: readonly DateSort[] = ['last_updated', 'start_date'];

/**
 * A date order has a direction: newest first when none is given (as ClinicalTrials.gov v2
 * sorts dates), `-last_updated` or `last_updated:desc` newest first, `last_updated:asc`
 * oldest first; trials without the date come last either way. Relevance and distance have
 * one direction (best first, nearest first).
 */
export interface SortSpec {
  by: SortOrder;
  ascending: boolean;
}

/** Every spelling `sort` takes, each with its order and direction. */
export const SORT_SPELLINGS: ReadonlyMap<string, SortSpec> = new Map(
  SORT_ORDERS.flatMap((by): [string, SortSpec][] => {
    const newest = { by, ascending: false };
    if (!(DATE_SORTS as readonly string[]).includes(by)) return [[by, newest]];
    return [
      [by, newest],
      [`-${by}`, newest],
      [`${by}:desc`, newest],
      [`${by}:asc`, { by, ascending: true }],
    ];
  }),
);
