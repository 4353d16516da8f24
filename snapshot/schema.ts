/**
 * Column list of every snapshot table: name, DuckDB type, nullability. The writer builds
 * its typed load from it and the reader selects in this order, so one edit here changes
 * both sides. Types are what an analyst gets from plain DuckDB/Polars/pandas: DATE,
 * INTEGER, DOUBLE, VARCHAR[] and STRUCT(...)[], never JSON text. Each column also carries
 * its meaning, vocabulary (from domain/) and an example: the snapshot's data dictionary
 * (schema.json and README.md in every snapshot folder, docs/snapshot.md) is generated
 * from this list.
 */
import {
  BIOMARKER_SCOPES,
  COMPARATORS,
  GENES,
  PDL1_METRICS,
  REQUIREMENTS,
} from '../domain/biomarkers.js';
import { DIAGNOSIS_TYPES, NSCLC_STAGES, POPULATIONS, SCLC_STAGES } from '../domain/diagnosis.js';
import { FLAG_KINDS, FLAG_SEVERITIES } from '../domain/flags.js';
import { GEO_PRECISIONS, SITE_H3_RESOLUTION, STATE_SOURCES, US_COUNTRY } from '../domain/geo.js';
import { PHASE_CODES, STUDY_TYPES } from '../domain/phase.js';
import { CHANGE_KINDS, type SnapshotFileTable } from '../domain/rows.js';
import { SEXES } from '../domain/sex.js';
import { ALL_SOURCES, SPONSOR_SOURCES } from '../domain/sources.js';
import { STATUS_BUCKETS, TRIAL_STATUSES } from '../domain/status.js';

export interface ColumnDoc {
  /** What the value means, for an analyst reading the Parquet file. */
  meaning: string;
  /** The closed set of values (from domain/), or a sentence saying what values look like. */
  vocabulary?: readonly string[] | string;
  /** One realistic value. */
  example: unknown;
  /** The API's name for this field where it differs (`null`: not in the API). */
  api?: string | null;
}

export interface ColumnDef extends ColumnDoc {
  name: string;
  /** DuckDB SQL type. */
  type: string;
  /** False adds NOT NULL, so a row missing a key column fails the publish. */
  nullable: boolean;
}

export interface TableDoc {
  /** What one row is. */
  row: string;
  /** Columns that identify a row together. */
  key: readonly string[];
}

const INTERVENTION = 'STRUCT("type" VARCHAR, "name" VARCHAR, "description" VARCHAR)[]';
const OUTCOME = 'STRUCT("measure" VARCHAR, "time_frame" VARCHAR, "description" VARCHAR)[]';
const DOCUMENT = 'STRUCT("type" VARCHAR, "url" VARCHAR, "date" DATE)[]';
const PUBLICATION = 'STRUCT("pmid" VARCHAR, "citation" VARCHAR, "type" VARCHAR)[]';

const col = (name: string, type: string, doc: ColumnDoc, nullable = true): ColumnDef => ({
  name,
  type,
  nullable,
  ...doc,
});
const req = (name: string, type: string, doc: ColumnDoc): ColumnDef => col(name, type, doc, false);

const NCT_ID =
  "Registry id (NCT + 8 digits), or for a sponsor-only trial the sponsor's own study id";
const SOURCE_SLUGS = ALL_SOURCES.map((s) => s.slug);

export const TABLE_DOCS: Readonly<Record<SnapshotFileTable, TableDoc>> = {
  trials: {
    row: 'trial (registry record, merged with what sponsors publish about it; or a sponsor-only trial)',
    key: ['nct_id'],
  },
  sites: { row: 'site (location) of a trial', key: ['nct_id', 'site_index'] },
  biomarkers: {
    row: "biomarker requirement or exclusion extracted from a trial's eligibility text",
    key: [],
  },
  flags: {
    row: 'automated data-quality flag about a trial, or about a source row that never became a trial',
    key: [],
  },
  sources: { row: 'data source: the registry or a sponsor registry', key: ['slug'] },
  changes: {
    row:
      'trial added, changed or removed since the version this snapshot replaced ' +
      '(`changes_since` in the manifest; none for the first snapshot)',
    key: ['nct_id'],
  },
};

export const TABLE_SCHEMAS: Readonly<Record<SnapshotFileTable, readonly ColumnDef[]>> = {
  trials: [
    req('nct_id', 'VARCHAR', { meaning: NCT_ID, example: 'NCT02576665' }),
    col('brief_title', 'VARCHAR', {
      meaning: 'Short title as the source states it',
      example: 'Study of Osimertinib in EGFR-Mutant NSCLC',
    }),
    col('official_title', 'VARCHAR', {
      meaning: 'Full official title',
      example: 'A Phase III, Open-Label, Randomised Study of ...',
    }),
    col('brief_summary', 'VARCHAR', {
      meaning: 'Short description of the study',
      example: 'This study compares ...',
    }),
    col('detailed_description', 'VARCHAR', {
      meaning: 'Long description of the study',
      example: 'Patients will receive ...',
    }),
    col('plain_language_summary', 'VARCHAR', {
      meaning: 'Patient-facing summary, where a sponsor publishes one',
      example: null,
    }),
    req('phases', 'VARCHAR[]', {
      meaning:
        'Registry phase codes; empty when the registry gives none (the API serves the label ' +
        '`phase`; `trialPhase` takes these codes too)',
      vocabulary: PHASE_CODES,
      example: ['PHASE1', 'PHASE2'],
      api: null,
    }),
    col('phase', 'VARCHAR', {
      meaning: 'Display label derived from `phases`',
      vocabulary: '"Early Phase I", "Phase I" ... "Phase IV", combined as "Phase I/II", "N/A"',
      example: 'Phase I/II',
    }),
    col('study_type', 'VARCHAR', {
      meaning: 'Study type',
      vocabulary: STUDY_TYPES,
      example: 'Interventional',
    }),
    col('overall_status', 'VARCHAR', {
      meaning:
        "The source's own status text, unmapped (registry enum in words, or the sponsor's wording)",
      example: 'Active, not recruiting',
    }),
    col('status', 'VARCHAR', {
      meaning:
        'Status mapped to the service vocabulary; the value the API filters with `trialStatus`',
      vocabulary: TRIAL_STATUSES,
      example: 'Recruiting',
    }),
    req('status_bucket', 'VARCHAR', {
      meaning:
        "Coarse bucket of `status` (the API's `statusBuckets` filter; unknown when the status is missing or unmapped)",
      vocabulary: STATUS_BUCKETS,
      example: 'recruiting',
      api: null,
    }),
    col('sponsor', 'VARCHAR', { meaning: 'Lead sponsor name', example: 'AstraZeneca' }),
    req('conditions', 'VARCHAR[]', {
      meaning: 'Conditions studied, as listed by the source',
      example: ['Non-small Cell Lung Cancer'],
    }),
    req('keywords', 'VARCHAR[]', { meaning: 'Keywords from the source', example: ['EGFR', 'TKI'] }),
    req('mesh_terms', 'VARCHAR[]', {
      meaning: 'MeSH condition terms from the registry',
      example: ['Carcinoma, Non-Small-Cell Lung'],
    }),
    req('interventions', INTERVENTION, {
      meaning: 'Interventions: type, name, description',
      example: [{ type: 'DRUG', name: 'Osimertinib', description: null }],
      api: 'intervention',
    }),
    col('enrollment', 'INTEGER', { meaning: 'Planned or actual enrollment', example: 120 }),
    col('age_min', 'INTEGER', {
      meaning: 'Minimum age in whole years; null = no lower limit stated',
      example: 18,
    }),
    col('age_max', 'INTEGER', {
      meaning: 'Maximum age in whole years; null = no upper limit stated',
      example: 75,
    }),
    req('sex', 'VARCHAR', {
      meaning: 'Sexes eligible',
      vocabulary: SEXES,
      example: 'ALL',
      api: 'sexes_eligible',
    }),
    col('inclusion_criteria', 'VARCHAR', {
      meaning: 'Inclusion criteria text',
      example: 'Histologically confirmed NSCLC ...',
    }),
    col('exclusion_criteria', 'VARCHAR', {
      meaning: 'Exclusion criteria text',
      example: 'Prior EGFR TKI ...',
    }),
    col('study_start', 'DATE', {
      meaning: 'Study start (a month-only date is the 1st)',
      example: '2016-07-01',
    }),
    col('first_posted', 'DATE', { meaning: 'First posted on the registry', example: '2015-10-20' }),
    col('primary_completion', 'DATE', {
      meaning: 'Primary completion date (actual or anticipated)',
      example: '2019-06-30',
    }),
    col('study_completion', 'DATE', {
      meaning: 'Study completion date (actual or anticipated)',
      example: '2019-12-20',
    }),
    col('last_updated', 'DATE', {
      meaning: 'Last update posted by the source',
      example: '2024-03-01',
    }),
    req('primary_outcomes', OUTCOME, {
      meaning: 'Primary outcome measures',
      example: [
        { measure: 'Progression-free survival', time_frame: '24 months', description: null },
      ],
    }),
    req('secondary_outcomes', OUTCOME, { meaning: 'Secondary outcome measures', example: [] }),
    req('study_documents', DOCUMENT, {
      meaning: 'Protocol, SAP and consent documents with their URLs',
      example: [
        { type: 'Study Protocol', url: 'https://cdn.clinicaltrials.gov/...', date: '2019-01-10' },
      ],
    }),
    req('publications', PUBLICATION, {
      meaning: 'Publications: PubMed id, citation, type',
      example: [{ pmid: '31234567', citation: 'Smith J et al. ...', type: 'RESULT' }],
    }),
    req('url', 'VARCHAR', {
      meaning: 'Registry study page, or the sponsor page for a sponsor-only trial',
      example: 'https://clinicaltrials.gov/study/NCT02576665',
    }),
    col('pharma_url', 'VARCHAR', {
      meaning: "The trial's page on a sponsor registry, when a sponsor lists it",
      example: 'https://www.astrazenecaclinicaltrials.com/study/D5160C00007/',
    }),
    col('pharma_source_slug', 'VARCHAR', {
      meaning: 'Slug of the sponsor registry that `pharma_url` belongs to',
      vocabulary: SPONSOR_SOURCES.map((s) => s.slug),
      example: 'astrazeneca',
    }),
    req('source', 'VARCHAR', {
      meaning:
        'Source that owns the record: `ctgov` for registry trials, a sponsor slug for sponsor-only trials',
      vocabulary: SOURCE_SLUGS,
      example: 'ctgov',
    }),
    req('diagnosis_types', 'VARCHAR[]', {
      meaning: 'Lung cancer types the trial is for; empty = no type signal',
      vocabulary: DIAGNOSIS_TYPES,
      example: ['nsclc'],
    }),
    req('lung_cancer', 'BOOLEAN', {
      meaning:
        'Takes lung cancer patients at all (`population` lung_cancer or pan_tumour); an ' +
        'untyped trial counts for both types only when true, and not for its `excluded_types`',
      example: true,
      api: null,
    }),
    req('sclc_stages', 'VARCHAR[]', {
      meaning:
        'SCLC stages the trial mentions; for an SCLC trial naming neither, its TNM words ' +
        '(confined to the chest: limited; metastatic: extensive)',
      vocabulary: SCLC_STAGES,
      example: ['extensive'],
    }),
    req('nsclc_stages', 'VARCHAR[]', {
      meaning:
        'NSCLC stage signals the trial mentions (read for trials that take NSCLC patients, ' +
        'typed or untyped)',
      vocabulary: NSCLC_STAGES,
      example: ['metastatic'],
    }),
    req('population', 'VARCHAR', {
      meaning:
        'Who the trial is for: patients with lung cancer, a pan-tumour population (solid ' +
        'tumours, or several tumour types lung among them), screening or prevention in people ' +
        'without cancer, or another tumour type only',
      vocabulary: POPULATIONS,
      example: 'lung_cancer',
    }),
    req('excluded_types', 'VARCHAR[]', {
      meaning:
        'Lung cancer types the criteria rule out (named in the exclusion criteria, or negated ' +
        'in the inclusion criteria), among those the trial is not classified as',
      vocabulary: DIAGNOSIS_TYPES,
      example: ['sclc'],
    }),
    req('admitted_types', 'VARCHAR[]', {
      meaning:
        'Lung cancer types a patient may have to enter: the types the trial is classified as, ' +
        'and for a trial with no type signal or a basket of all solid tumours every type its ' +
        'criteria do not exclude; empty when the trial takes no lung cancer patients. ' +
        '`diagnosisType`, `cancerStage` and `stage` search it',
      vocabulary: DIAGNOSIS_TYPES,
      example: ['nsclc', 'sclc'],
    }),
    req('location_count', 'INTEGER', {
      meaning: 'Number of rows in `sites` for this trial',
      example: 3,
    }),
    req('content_hash', 'VARCHAR', {
      meaning: 'sha256 of the raw source record; equal hashes across snapshots = unchanged record',
      example: '9f2c...e1',
      api: null,
    }),
  ],
  sites: [
    req('nct_id', 'VARCHAR', { meaning: 'The trial (`trials.nct_id`)', example: 'NCT02576665' }),
    req('site_index', 'INTEGER', {
      meaning: 'Position of the site within its trial, stable across runs for the same record',
      example: 0,
      api: null,
    }),
    col('facility', 'VARCHAR', {
      meaning: 'Facility name',
      example: 'Sarah Cannon Research Institute',
    }),
    col('city', 'VARCHAR', { meaning: 'City', example: 'Denver' }),
    col('state', 'VARCHAR', {
      meaning:
        "Two-letter code for US sites, the source's text elsewhere; for a US site whose record " +
        'gives none, the state of the place it was geocoded to (see `state_source`)',
      example: 'CO',
    }),
    col('state_source', 'VARCHAR', {
      meaning:
        "Where `state` came from: the record itself (record), or the geocoder's resolved place " +
        'when the record gave none (geocode); null when `state` is null',
      vocabulary: STATE_SOURCES,
      example: 'record',
    }),
    col('zip', 'VARCHAR', { meaning: 'Postal code as given (US: 5-digit ZIP)', example: '80218' }),
    col('country', 'VARCHAR', {
      meaning: 'Country name as the registry writes it',
      vocabulary: `country names; the US is "${US_COUNTRY}"`,
      example: US_COUNTRY,
    }),
    col('status', 'VARCHAR', {
      meaning: "The site's own recruitment status text",
      example: 'RECRUITING',
    }),
    col('latitude', 'DOUBLE', {
      meaning: 'Latitude (WGS84); null when the site could not be placed',
      example: 39.73915,
    }),
    col('longitude', 'DOUBLE', { meaning: 'Longitude (WGS84)', example: -104.9847 }),
    req('geo_precision', 'VARCHAR', {
      meaning:
        'How the coordinates were found: given by the source (site), ZIP centroid, city ' +
        'centroid, or none (a US town several states share is placed only when the record ' +
        'says which)',
      vocabulary: GEO_PRECISIONS,
      example: 'site',
    }),
    col('h3_cell', 'VARCHAR', {
      meaning: `H3 cell (resolution ${SITE_H3_RESOLUTION}) of the coordinates; null without coordinates`,
      example: '8726a0d2effffff',
      api: null,
    }),
  ],
  biomarkers: [
    req('nct_id', 'VARCHAR', { meaning: 'The trial (`trials.nct_id`)', example: 'NCT02576665' }),
    req('gene', 'VARCHAR', {
      meaning: 'Gene or expression marker',
      vocabulary: GENES,
      example: 'KRAS',
    }),
    col('alteration', 'VARCHAR', {
      meaning: 'Canonical alteration id; null = gene level ("EGFR-mutant")',
      vocabulary: 'per gene in domain/biomarkers.ts ALTERATIONS, e.g. L858R, EX19DEL, G12C, FUSION',
      example: 'G12C',
    }),
    req('requirement', 'VARCHAR', {
      meaning: 'Whether the trial requires the marker or excludes patients with it',
      vocabulary: REQUIREMENTS,
      example: 'required',
    }),
    col('metric', 'VARCHAR', {
      meaning: 'PD-L1 only: the score the cut-off applies to',
      vocabulary: PDL1_METRICS,
      example: 'TPS',
    }),
    col('comparator', 'VARCHAR', {
      meaning: 'PD-L1 only: how the score compares to `cutoff` (between: `cutoff`..`cutoff_high`)',
      vocabulary: COMPARATORS,
      example: '>=',
    }),
    col('cutoff', 'DOUBLE', { meaning: 'PD-L1 only: the cut-off (percent for TPS)', example: 50 }),
    col('cutoff_high', 'DOUBLE', {
      meaning: 'PD-L1 only: the upper bound of a `between` range',
      example: null,
    }),
    req('section', 'VARCHAR', {
      meaning: 'Where the mention was found',
      vocabulary: 'inclusion, exclusion, title, conditions, keywords',
      example: 'inclusion',
    }),
    req('source_text', 'VARCHAR', {
      meaning: 'The sentence or bullet the row was extracted from',
      example: 'Documented KRAS G12C mutation',
    }),
    req('scope', 'VARCHAR', {
      meaning:
        "`lung`, or `other_tumour` for a marker that qualifies another tumour type's cohort " +
        '(never used to filter lung trials), or `driver_class` for a member of a class of ' +
        'drivers the trial excludes without naming it ("no known actionable genomic alteration": ' +
        'read by /match, never by the filters)',
      vocabulary: BIOMARKER_SCOPES,
      example: 'lung',
    }),
    col('group', 'INTEGER', {
      meaning:
        'Requirement group: required lung rows of a trial with the same group are required ' +
        'together (every gene of the group; rows of one gene inside it are alternatives); ' +
        'different groups are alternatives (cohorts, "EGFR or ALK"); null rows are required ' +
        'whichever group (or are excluded / other-tumour rows). A row several groups share ' +
        'appears once per group',
      example: 1,
      api: null,
    }),
  ],
  flags: [
    col('nct_id', 'VARCHAR', {
      meaning: 'The trial; null for a flag about a source row that never became a trial',
      example: 'NCT02576665',
    }),
    req('source', 'VARCHAR', {
      meaning: 'Source the flag is about',
      vocabulary: SOURCE_SLUGS,
      example: 'ctgov',
      api: null,
    }),
    req('kind', 'VARCHAR', {
      meaning: 'What is suspect',
      vocabulary: FLAG_KINDS,
      example: 'stale_record',
    }),
    req('severity', 'VARCHAR', {
      meaning: 'How much it matters',
      vocabulary: FLAG_SEVERITIES,
      example: 'warning',
    }),
    req('message', 'VARCHAR', {
      meaning: 'One sentence for a person',
      example: 'Recruiting, but not updated for over two years',
    }),
    col('details', 'VARCHAR', {
      meaning: 'JSON text with the evidence (the bad row, the two statuses ...)',
      example: '{"last_updated":"2021-01-04"}',
      api: null,
    }),
  ],
  sources: [
    req('slug', 'VARCHAR', {
      meaning: 'Source id, used in `trials.source` and `trials.pharma_source_slug`',
      vocabulary: SOURCE_SLUGS,
      example: 'astrazeneca',
    }),
    req('name', 'VARCHAR', { meaning: 'Display name', example: 'AstraZeneca' }),
    req('kind', 'VARCHAR', {
      meaning: 'Registry or sponsor registry',
      vocabulary: ['registry', 'sponsor'],
      example: 'sponsor',
    }),
    req('home_url', 'VARCHAR', {
      meaning: 'Home page of the source',
      example: 'https://www.astrazenecaclinicaltrials.com',
    }),
    req('ingest', 'VARCHAR', {
      meaning: 'How its data arrives: registry API, CSV export, or scraped web pages',
      vocabulary: ['api', 'csv', 'web'],
      example: 'csv',
    }),
    req('trial_count', 'INTEGER', {
      meaning:
        'Trials in this snapshot linked to the source: for `ctgov`, trials with source = ' +
        'ctgov; for a sponsor, trials it lists (its `pharma_source_slug`, a status it ' +
        'reported, or a sponsor-only trial it owns)',
      example: 42,
    }),
  ],
  changes: [
    req('nct_id', 'VARCHAR', {
      meaning: 'The trial (`trials.nct_id`)',
      example: 'NCT02576665',
    }),
    req('change', 'VARCHAR', {
      meaning:
        'added: not in the replaced version; removed: only in the replaced version; changed: ' +
        'in both, with a different value in `fields`',
      vocabulary: CHANGE_KINDS,
      example: 'changed',
    }),
    req('fields', 'VARCHAR[]', {
      meaning:
        'For `changed`: the `trials` columns whose value differs, and `sites`, `biomarkers`, ' +
        "`flags` when any of the trial's rows in that table differ (`content_hash` alone is no " +
        'change); empty for added and removed',
      example: ['status', 'status_bucket', 'last_updated', 'sites'],
    }),
  ],
};

/**
 * What the change feed compares (`changes.fields`): every trials column but these two
 * (the raw record's hash changing with no output field is no change for a client), then
 * one name per table of a trial's rows compared as a whole.
 */
export const CHANGE_NOT_COMPARED: ReadonlySet<string> = new Set(['nct_id', 'content_hash']);
export const CHANGE_DIGESTED_TABLES = ['sites', 'biomarkers', 'flags'] as const;

/** Every name `changes.fields` can hold, in the order a publish writes them. */
export function changeFieldNames(): string[] {
  return [
    ...TABLE_SCHEMAS.trials.map((c) => c.name).filter((n) => !CHANGE_NOT_COMPARED.has(n)),
    ...CHANGE_DIGESTED_TABLES,
  ];
}

export function parquetFileName(table: SnapshotFileTable): string {
  return `${table}.parquet`;
}

export const MANIFEST_FILE = 'manifest.json';

/**
 * The API's index of the snapshot, prebuilt at publish (schema version 6 on; layout in
 * snapshot/object-file.ts and docs/snapshot.md). Optional: a snapshot without it, or with one
 * written by other serving code, is indexed from the Parquet files at open.
 */
export const SERVING_INDEX_FILE = 'serving-index.bin';

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function quoteLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** `{nct_id: 'VARCHAR', ...}` for read_json's `columns` argument. */
export function readJsonColumnsSql(table: SnapshotFileTable): string {
  return (
    '{' +
    TABLE_SCHEMAS[table].map((c) => `${quoteIdent(c.name)}: ${quoteLiteral(c.type)}`).join(', ') +
    '}'
  );
}

/**
 * A compiled NDJSON serialiser for `table`: writes the schema's columns in order (keys a
 * stage left on a row never reach the file) and throws naming the row and column when a
 * NOT NULL column is missing. About twice as fast as JSON.stringify with a key list.
 */
export function rowSerializer(table: SnapshotFileTable): (row: object, index: number) => string {
  const cols = TABLE_SCHEMAS[table];
  const prefixes = cols.map((c, i) => (i === 0 ? '{' : ',') + JSON.stringify(c.name) + ':');
  const nestedKeys = cols.map((c) => {
    const keys = [...c.type.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
    return keys.length > 0 ? keys : undefined;
  });
  return (row, index) => {
    const r = row as Record<string, unknown>;
    let out = '';
    for (let i = 0; i < cols.length; i++) {
      const v = r[cols[i].name];
      if (v === null || v === undefined) {
        if (!cols[i].nullable)
          throw new Error(`${table} row ${index}: column ${cols[i].name} must not be null`);
        out += prefixes[i] + 'null';
      } else {
        out += prefixes[i] + JSON.stringify(v, nestedKeys[i]);
      }
    }
    return out + '}';
  };
}

export function selectListSql(table: SnapshotFileTable): string {
  return TABLE_SCHEMAS[table].map((c) => quoteIdent(c.name)).join(', ');
}

/** `CAST(NULL AS type) AS name, ...`: the typed columns with no source rows. */
export function emptySelectSql(table: SnapshotFileTable): string {
  return TABLE_SCHEMAS[table]
    .map((c) => `CAST(NULL AS ${c.type}) AS ${quoteIdent(c.name)}`)
    .join(', ');
}
