/**
 * Trial status vocabulary: the registry's overallStatus, the label the API shows
 * (`status`, also the `trialStatus` filter values) and the bucket (`statusBuckets`).
 * docs/product-rules.md shows the table written from it; every other module reads it from here.
 */

/**
 * 'Not yet recruiting' is its own label (a trial that opens next month is not one a patient
 * can join today) but sits in the recruiting bucket with Recruiting and Enrolling. The
 * registry's own value (TERMINATED, WITHDRAWN ...) is served beside it as overall_status.
 */
export const TRIAL_STATUSES = [
  'Recruiting',
  'Not yet recruiting',
  'Enrolling',
  'Active',
  'Completed',
  'Closed',
] as const;
export type TrialStatus = (typeof TRIAL_STATUSES)[number];

export const STATUS_BUCKETS = ['recruiting', 'active', 'completed', 'unknown'] as const;
export type StatusBucket = (typeof STATUS_BUCKETS)[number];

/** Buckets searched when the caller names neither `statusBuckets` nor `trialStatus`. */
export const DEFAULT_STATUS_BUCKETS: readonly StatusBucket[] = ['recruiting', 'active', 'unknown'];

/** ClinicalTrials.gov v2 `overallStatus` enum values mapped to the API status label. */
export const REGISTRY_STATUS_TO_STATUS: Readonly<Record<string, TrialStatus>> = {
  RECRUITING: 'Recruiting',
  NOT_YET_RECRUITING: 'Not yet recruiting',
  ENROLLING_BY_INVITATION: 'Enrolling',
  ACTIVE_NOT_RECRUITING: 'Active',
  COMPLETED: 'Completed',
  TERMINATED: 'Closed',
  WITHDRAWN: 'Closed',
  SUSPENDED: 'Closed',
  NO_LONGER_AVAILABLE: 'Closed',
};

export const STATUS_TO_BUCKET: Readonly<Record<TrialStatus, StatusBucket>> = {
  Recruiting: 'recruiting',
  'Not yet recruiting': 'recruiting',
  Enrolling: 'recruiting',
  Active: 'active',
  Completed: 'completed',
  Closed: 'completed',
};

/**
 * Normalises a registry status in any of the spellings sources use
 * ("RECRUITING", "Recruiting", "Not yet recruiting", "Active, not recruiting").
 * Unmapped or missing values give `null` status and the `unknown` bucket.
 */
export function mapRegistryStatus(raw: string | null | undefined): {
  status: TrialStatus | null;
  bucket: StatusBucket;
} {
  if (!raw) return { status: null, bucket: 'unknown' };
  const key = raw
    .trim()
    .toUpperCase()
    .replace(/[,\s-]+/g, '_');
  const status = REGISTRY_STATUS_TO_STATUS[key] ?? null;
  return { status, bucket: status ? STATUS_TO_BUCKET[status] : 'unknown' };
}
