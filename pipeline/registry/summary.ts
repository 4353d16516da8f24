/** What a registry stage reports: printed at the end and returned for the workers to record. */
export interface RegistrySyncSummary {
  mode: 'full' | 'incremental' | 'dump';
  run_id: string;
  /** Registry records received (pages) or read (dump), duplicates included. */
  fetched: number;
  new: number;
  changed: number;
  unchanged: number;
  /** Records that could not be stored (no NCT id). */
  failed: number;
  /** Records the store held before that this full run no longer saw. */
  removed: number;
  /** A trial seen twice in one run (the fuller copy is kept). */
  duplicates: number;
  /** Dump records that are not registry records (other schemas), or do not parse. */
  skipped: number;
  /** Records whose id is not `NCT` + 8 digits, left out. */
  invalid_ids: number;
  /** Skipped records per reason (dump imports). */
  skip_reasons?: Record<string, number>;
  /** The registry's count for the query (`countTotal`), when known. */
  total?: number;
  pages?: number;
  since?: string | null;
  /** True when the sync continued an interrupted run. */
  resumed?: boolean;
  duration_ms: number;
}

export interface RegistryProgress {
  stage: 'registry-sync' | 'registry-import';
  done: number;
  total: number | null;
  pages?: number;
}
