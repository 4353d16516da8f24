/**
 * Row types of the snapshot tables. The pipeline writes them, the snapshot module turns
 * them into typed Parquet columns, and the API loads them back. Dates are ISO
 * `YYYY-MM-DD` strings in JS and DATE in Parquet; lists are LIST columns.
 */
import type { BiomarkerScope, Gene, Requirement, PdL1Metric, Comparator } from './biomarkers.js';
import type { DiagnosisType, NsclcStage, Population, SclcStage } from './diagnosis.js';
import type { FlagKind, FlagSeverity } from './flags.js';
import type { GeoPrecision, StateSource } from './geo.js';
import type { PhaseCode, StudyType } from './phase.js';
import type { Sex } from './sex.js';
import type { StatusBucket, TrialStatus } from './status.js';

export type IsoDate = string;

export interface Intervention {
  type: string | null;
  name: string;
  description: string | null;
}

export interface Outcome {
  measure: string;
  time_frame: string | null;
  description: string | null;
}

export interface StudyDocument {
  type: string | null;
  url: string | null;
  date: IsoDate | null;
}

export interface Publication {
  pmid: string | null;
  citation: string;
  type: string | null;
}

export interface TrialRow {
  /** Registry id (NCT...) or, for a sponsor-only trial, the sponsor's own study id. */
  nct_id: string;
  brief_title: string | null;
  official_title: string | null;
  brief_summary: string | null;
  detailed_description: string | null;
  plain_language_summary: string | null;
  phases: PhaseCode[];
  /** Display label derived from `phases` ("Phase I/II"). */
  phase: string | null;
  study_type: StudyType | null;
  /** The registry's own status value, kept for analysts. */
  overall_status: string | null;
  status: TrialStatus | null;
  status_bucket: StatusBucket;
  sponsor: string | null;
  conditions: string[];
  keywords: string[];
  mesh_terms: string[];
  interventions: Intervention[];
  enrollment: number | null;
  age_min: number | null;
  age_max: number | null;
  sex: Sex;
  inclusion_criteria: string | null;
  exclusion_criteria: string | null;
  study_start: IsoDate | null;
  first_posted: IsoDate | null;
  primary_completion: IsoDate | null;
  study_completion: IsoDate | null;
  last_updated: IsoDate | null;
  primary_outcomes: Outcome[];
  secondary_outcomes: Outcome[];
  study_documents: StudyDocument[];
  publications: Publication[];
  /** Registry study page, or the sponsor page for a sponsor-only trial. Never empty. */
  url: string;
  pharma_url: string | null;
  pharma_source_slug: string | null;
  /** Slug of the source that owns the record: `ctgov` or a sponsor slug. */
  source: string;
  diagnosis_types: DiagnosisType[];
  /**
   * Takes lung cancer patients at all: its population is lung cancer or pan-tumour. A trial
   * with no type signal counts for both types only when this holds, and only for the types
   * its criteria do not exclude (`excluded_types`).
   */
  lung_cancer: boolean;
  sclc_stages: SclcStage[];
  nsclc_stages: NsclcStage[];
  /** Who the trial is for: lung cancer, pan-tumour, screening (people without cancer), other tumour. */
  population: Population;
  /** Lung cancer types the criteria rule out ("small cell, carcinoid or GIST tumours excluded"). */
  excluded_types: DiagnosisType[];
  /**
   * Lung cancer types a patient may have to enter: the types it is classified as, and for a
   * trial with no type signal or a basket of all solid tumours every type it does not exclude;
   * empty for a trial that takes no lung cancer patients. The type and stage filters read it.
   */
  admitted_types: DiagnosisType[];
  location_count: number;
  /** sha256 of the raw source record; unchanged trials skip later stages. */
  content_hash: string;
}

export interface SiteRow {
  nct_id: string;
  /** Position of the site within its trial, stable across runs for the same record. */
  site_index: number;
  facility: string | null;
  city: string | null;
  /** Two-letter code for US sites, the registry's text elsewhere. */
  state: string | null;
  /** Null when `state` is null. */
  state_source: StateSource | null;
  zip: string | null;
  country: string | null;
  status: string | null;
  latitude: number | null;
  longitude: number | null;
  geo_precision: GeoPrecision;
  /** H3 cell at SITE_H3_RESOLUTION, null without coordinates. */
  h3_cell: string | null;
}

/** A site as sources state it: address, status and coordinates. */
export type SiteLocation = Pick<
  SiteRow,
  'facility' | 'city' | 'state' | 'zip' | 'country' | 'status' | 'latitude' | 'longitude'
>;

export interface BiomarkerRow {
  nct_id: string;
  gene: Gene;
  /** Canonical alteration id, or null for a gene-level requirement ("EGFR-mutant"). */
  alteration: string | null;
  requirement: Requirement;
  /** Expression markers only (PD-L1): metric and cut-off. */
  metric: PdL1Metric | null;
  comparator: Comparator | null;
  cutoff: number | null;
  cutoff_high: number | null;
  /** Where the mention was found: inclusion, exclusion, title, conditions, keywords. */
  section: string;
  source_text: string;
  /** `lung`, or `other_tumour` for a marker that qualifies another tumour type's cohort (never filters). */
  scope: BiomarkerScope;
  /**
   * Requirement group of a required lung row: rows of one trial with the same group are
   * required together, and different groups are alternatives (cohorts, or "EGFR or ALK").
   * Null: required whichever way in (every required row of a trial with one way in), or an
   * excluded / other-tumour row (exclusions apply to every group). Inside a group, and among
   * the null rows, rows of the same gene are alternatives ("exon 19 deletion or L858R") and
   * every gene must be met. A row some groups share is written once per group.
   */
  group: number | null;
}

export interface FlagRow {
  /** Null for a flag about a source row that never became a trial. */
  nct_id: string | null;
  source: string;
  kind: FlagKind;
  severity: FlagSeverity;
  message: string;
  /** JSON text with the evidence (the bad row, the two statuses ...). */
  details: string | null;
}

export interface SourceRow {
  slug: string;
  name: string;
  kind: 'registry' | 'sponsor';
  home_url: string;
  ingest: 'api' | 'csv' | 'web';
  trial_count: number;
}

export interface SnapshotTables {
  trials: TrialRow[];
  sites: SiteRow[];
  biomarkers: BiomarkerRow[];
  flags: FlagRow[];
  sources: SourceRow[];
}

export const TABLE_NAMES = ['trials', 'sites', 'biomarkers', 'flags', 'sources'] as const;
export type TableName = (typeof TABLE_NAMES)[number];

/** What happened to a trial between the version a snapshot replaced and itself. */
export const CHANGE_KINDS = ['added', 'changed', 'removed'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/**
 * One trial that differs from the version the snapshot replaced. `fields`: for `changed`,
 * the trials columns whose value differs, and `sites`, `biomarkers`, `flags` when any of
 * the trial's rows there differ; empty for `added` and `removed`.
 */
export interface ChangeRow {
  nct_id: string;
  change: ChangeKind;
  fields: string[];
}

/**
 * Tables the publish derives from the others and from the version it replaces: not
 * pipeline input, so not in SnapshotTables. A snapshot published before they existed has
 * no file for them (its manifest lists no checksum), and readers treat them as absent.
 */
export const DERIVED_TABLE_NAMES = ['changes'] as const;
export type DerivedTableName = (typeof DERIVED_TABLE_NAMES)[number];
export type SnapshotFileTable = TableName | DerivedTableName;
export const SNAPSHOT_FILE_TABLES: readonly SnapshotFileTable[] = [
  ...TABLE_NAMES,
  ...DERIVED_TABLE_NAMES,
];

export interface DerivedTables {
  changes: ChangeRow[];
}

/** Rows of any table a snapshot folder holds. */
export type SnapshotFileRows = SnapshotTables & DerivedTables;

/**
 * 2: biomarkers.scope; 3: sites.state_source; 4: biomarkers.group; 5: trials.population,
 * trials.excluded_types and trials.admitted_types; 6: the serving index file
 * (`serving-index.bin`, docs/snapshot.md), listed in the manifest's checksums when written;
 * 7: the serving index holds each trial's detail body compressed (gzip) and its location
 * objects apart, instead of the plain detail JSON (the Parquet tables are version 6's).
 */
export const SNAPSHOT_SCHEMA_VERSION = 7;
/**
 * Readers still open version 5 (the same tables, no serving index: the API builds its
 * index from the Parquet files, as it did before version 6) and version 6 (the same tables;
 * its serving index, written by other serving code, is not read: the index is built from
 * the Parquet files likewise).
 */
export const OLDEST_READABLE_SCHEMA_VERSION = 5;

export interface SnapshotManifest {
  version: string;
  created_at: string;
  schema_version: number;
  row_counts: Record<TableName, number> & Partial<Record<DerivedTableName, number>>;
  /**
   * The version `changes.parquet` compares against (the one `latest` pointed at when this
   * one was published); null for the first snapshot (its changes table is empty). Absent in
   * snapshots published before the change feed.
   */
  changes_since?: string | null;
  /** sha256 of each Parquet file, keyed by file name. */
  checksums: Record<string, string>;
  /** What the run was built from (source counts, run id, generator scale ...). */
  input_summary: Record<string, unknown>;
  /** The data dictionary beside the Parquet files: every column's type, meaning, values, example. */
  data_dictionary?: { json: string; readme: string };
}

/** The row counts of the input tables (what the API reports), without the derived ones. */
export function tableRowCounts(manifest: SnapshotManifest): Record<TableName, number> {
  return Object.fromEntries(TABLE_NAMES.map((t) => [t, manifest.row_counts[t]])) as Record<
    TableName,
    number
  >;
}

/** A site row that knows only the fields given; a state given is the record's own. */
export function blankSite(fields: Partial<SiteRow>): SiteRow {
  return {
    nct_id: 'UNKNOWN',
    site_index: 0,
    facility: null,
    city: null,
    state: null,
    state_source: fields.state ? 'record' : null,
    zip: null,
    country: null,
    status: null,
    latitude: null,
    longitude: null,
    geo_precision: 'none',
    h3_cell: null,
    ...fields,
  };
}

/** A trial as it moves between pipeline stages: its row and its sites. */
export interface TrialRecord {
  trial: TrialRow;
  sites: SiteRow[];
}
