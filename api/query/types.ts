/** A validated GET /trials request as the query engine takes it (built by api/params/). */
import type { ExpressionRange, Gene } from '../../domain/biomarkers.js';
import type { DiagnosisTypeFilter, SclcStage } from '../../domain/diagnosis.js';
import type { CountryFilter } from '../../domain/geo.js';
import type { TrialPhaseFilter } from '../../domain/phase.js';
import type { GenderFilter } from '../../domain/sex.js';
import type { StatusBucket, TrialStatus } from '../../domain/status.js';

export type MutationCriterion =
  | { gene: Gene; alteration: string; range?: undefined }
  | { gene: 'PD-L1'; alteration?: undefined; range: ExpressionRange };

export interface NearQuery {
  zip: string;
  lat: number;
  lon: number;
  radiusMiles: number;
}

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
  limit: number;
  offset: number;
  /** Add each trial's `match` (explain.ts) to a list response. */
  explain: boolean;
}
