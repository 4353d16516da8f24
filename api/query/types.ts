/**
 * Value types of the query engine that parameters carry. TrialQuery itself is derived from
 * the parameter table (api/params/parameters.ts).
 */
import type { ExpressionRange, Gene } from '../../domain/biomarkers.js';

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
