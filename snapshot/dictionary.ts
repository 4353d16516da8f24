/**
 * The snapshot's data dictionary, generated from TABLE_SCHEMAS and TABLE_DOCS: `schema.json`
 * (machine-readable) and `README.md` (for a person) in every snapshot folder, and
 * docs/snapshot.md in the repository (`npm run docs:snapshot`; a test keeps it current).
 */
import { SERVED_FILE } from './versions.js';
import {
  SNAPSHOT_FILE_TABLES,
  SNAPSHOT_SCHEMA_VERSION,
  type SnapshotFileTable,
} from '../domain/rows.js';
import {
  MANIFEST_FILE,
  parquetFileName,
  SERVING_INDEX_FILE,
  TABLE_DOCS,
  TABLE_SCHEMAS,
} from './schema.js';

export const SCHEMA_FILE = 'schema.json';
export const README_FILE = 'README.md';

export interface DictionaryColumn {
  name: string;
  type: string;
  nullable: boolean;
  meaning: string;
  vocabulary: readonly string[] | string | null;
  example: unknown;
  /** The API's name for the field: the same name, another one, or null (not in the API). */
  api_field: string | null;
}

export interface DataDictionary {
  schema_version: number;
  /** The file that is not a table: the API's prebuilt index (SERVING_INDEX_FILE). */
  serving_index: { file: string; meaning: string };
  tables: Record<
    SnapshotFileTable,
    { file: string; row: string; key: readonly string[]; columns: DictionaryColumn[] }
  >;
}

export function dataDictionary(): DataDictionary {
  const tables = Object.fromEntries(
    SNAPSHOT_FILE_TABLES.map((table) => [
      table,
      {
        file: parquetFileName(table),
        row: TABLE_DOCS[table].row,
        key: TABLE_DOCS[table].key,
        columns: TABLE_SCHEMAS[table].map((c) => ({
          name: c.name,
          type: c.type,
          nullable: c.nullable,
          meaning: c.meaning,
          vocabulary: c.vocabulary ?? null,
          example: c.example,
          api_field: c.api === undefined ? c.name : c.api,
        })),
      },
    ]),
  ) as DataDictionary['tables'];
  return {
    schema_version: SNAPSHOT_SCHEMA_VERSION,
    serving_index: { file: SERVING_INDEX_FILE, meaning: SERVING_INDEX_MEANING },
    tables,
  };
}

const SERVING_INDEX_MEANING =
  "The API's index of this snapshot, prebuilt at publish so a server opens the snapshot by " +
  "reading one file: every trial's list JSON body, its detail body without the per-key meta " +
  '(from version 7 compressed: a gzip header and a sync-flushed raw deflate stream with no ' +
  'last block, with its CRC-32 and length), its location objects and each ' +
  "site's place in them, the ZIP-search data (points, trial-site pairs, H3 buckets, per-cell " +
  "trial sets), filter sets, sort orders and the text index (a trial's diagnosis evidence is " +
  'only inside its detail body). Not for ' +
  'analysis: its bodies are rendered by the code that wrote it, and a server whose code differs ' +
  'builds its index from the Parquet files instead. Written from the rows the publish holds; an ' +
  "incremental publish copies each carried trial's bodies, site spans and text " +
  "postings (ranks remapped) from the base snapshot's serving index when the same serving " +
  'code wrote it for the same schema ' +
  'version (else it renders every trial), and writes the same bytes as a full build of the ' +
  'same rows. Optional (schema version 6 on; version 6 held the detail JSON plain); listed in the ' +
  'manifest with its sha256 when present.';

/** The serving index's layout, for whoever reads the file without this code. */
const SERVING_INDEX_LAYOUT = [
  `## The serving index (\`${SERVING_INDEX_FILE}\`)`,
  '',
  SERVING_INDEX_MEANING,
  '',
  'Layout (snapshot/object-file.ts), offsets from the start of the file, little-endian:',
  '',
  '- bytes 0-7 the magic `LTOBJ001`, 8-11 the header length H (u32), then H bytes of header JSON:',
  '  `{ meta: { schema_version, code, geo }, sections: [{ kind, offset, bytes }], fields: [[name, section]] }`',
  "  (`code`: sha256 of the serving code's sources, api/query/index-file.ts `SERVING_CODE`);",
  '- the binary sections, each at a multiple of 8 (`kind` a typed-array type: Int32Array, Float64Array,',
  '  Uint32Array, Buffer ...), so a reader maps them as views without copying or parsing;',
  '- then one JSON section per field of the index (`fields`, in order; a long array in pieces of 2,048',
  '  elements or ~256 KiB, its entry listing their sections), in which tagged objects stand',
  '  for what JSON cannot hold: `{"$t":n}` the typed array of section n, `{"$va":[data,offsets]}` an',
  '  array of typed arrays cut from one section (the trials\' JSON bodies, text postings), `{"$m":[...]}`',
  '  a Map, `{"$s":[...]}` a Set, `{"$mp":[n...]}` / `{"$sp":[n...]}` a Map / Set too long for one',
  '  piece, its entries in JSON sections n (each an array of `$m` / `$s` entries, cut as a long array',
  '  is), `{"$c":class,"$i":id,"f":{...}}` a class instance, `{"$r":id}` the',
  '  same instance again, `{"$n":"NaN"}` a non-finite number, `{"$u":1}` undefined.',
  '',
  'Snapshots of schema version 5 have no serving index and still open (the API indexes their',
  'Parquet files, 5-10 s at full scale); versions before 5 are refused with the versions this code reads.',
];

/** Example queries shown to analysts; a test runs each on the demo snapshot and expects rows. */
export const EXAMPLE_QUERIES: ReadonlyArray<{ title: string; sql: string }> = [
  {
    title:
      'Recruiting NSCLC trials that require a KRAS mutation (alteration null = any KRAS ' +
      'mutation), with their count of US sites',
    sql: `SELECT t.nct_id, t.brief_title, t.phase, coalesce(b.alteration, 'any') AS kras,
  count(s.site_index) FILTER (WHERE s.country = 'United States') AS us_sites
FROM 'trials.parquet' t
JOIN 'biomarkers.parquet' b USING (nct_id)
LEFT JOIN 'sites.parquet' s USING (nct_id)
WHERE t.status_bucket = 'recruiting' AND list_contains(t.diagnosis_types, 'nsclc')
  AND b.gene = 'KRAS' AND b.requirement = 'required' AND b.scope = 'lung'
GROUP BY ALL ORDER BY us_sites DESC;`,
  },
  {
    title: 'Trials per status and phase label',
    sql: `SELECT status, phase, count(*) AS trials
FROM 'trials.parquet'
GROUP BY ALL ORDER BY trials DESC;`,
  },
  {
    title: 'PD-L1 cut-offs that trials require',
    sql: `SELECT metric, comparator, cutoff, cutoff_high, count(DISTINCT nct_id) AS trials
FROM 'biomarkers.parquet'
WHERE gene = 'PD-L1' AND requirement = 'required' AND metric IS NOT NULL
GROUP BY ALL ORDER BY trials DESC;`,
  },
  {
    title:
      "Each trial's ways in for a lung cancer patient (what /match reads): the markers one " +
      'requirement group needs together, beside the rows every way needs (group null); rows of ' +
      'one gene inside a way are alternatives',
    sql: `SELECT nct_id, way, string_agg(needed, ' + ' ORDER BY needed) AS needs
FROM (
  SELECT nct_id, coalesce(CAST("group" AS VARCHAR), 'every way') AS way,
    gene || ' ' || string_agg(DISTINCT coalesce(alteration, metric || ' ' || comparator || ' ' ||
      cutoff, CASE gene WHEN 'PD-L1' THEN 'positive' ELSE 'any alteration' END), ' or ') AS needed
  FROM 'biomarkers.parquet'
  WHERE requirement = 'required' AND scope = 'lung'
  GROUP BY nct_id, way, gene
)
GROUP BY nct_id, way ORDER BY nct_id, way;`,
  },
  {
    title: 'Open flags by kind and severity',
    sql: `SELECT kind, severity, count(*) AS flags
FROM 'flags.parquet'
GROUP BY ALL ORDER BY flags DESC;`,
  },
];

const cell = (value: unknown): string => String(value).replace(/\|/g, '\\|').replace(/\n/g, ' ');

function vocabularyText(v: readonly string[] | string | null): string {
  if (v === null) return '';
  return typeof v === 'string' ? v : v.map((x) => `\`${x}\``).join(', ');
}

/** The dictionary as Markdown: used for snapshots/<version>/README.md and docs/snapshot.md. */
export function dictionaryMarkdown(options: { heading?: string; intro?: string } = {}): string {
  const dict = dataDictionary();
  const out: string[] = [
    `# ${options.heading ?? 'Lung cancer trial snapshot: data dictionary'}`,
    '',
    options.intro ??
      `Schema version ${dict.schema_version}. Zstd-compressed Parquet written by DuckDB, one file per table; ` +
        `\`${MANIFEST_FILE}\` holds the version, row counts and sha256 of each file, ` +
        `\`${SCHEMA_FILE}\` this dictionary as JSON. Lists are LIST columns, structured lists ` +
        'STRUCT(...)[], dates DATE: read them with DuckDB, Polars or pandas as they are.',
    '',
    "Three status columns: `overall_status` is the source's own wording, `status` the service " +
      "vocabulary mapped from it (the API's `trialStatus`), `status_bucket` the coarse bucket of " +
      "`status` (the API's `statusBuckets`). `phases` holds the registry codes, `phase` the " +
      'display label made from them.',
    '',
    '## Names in the API',
    '',
    'Columns carry the same name in the API (`GET /api/v1/trials/{nct_id}`) except:',
    '',
    '| table.column | API field |',
    '|---|---|',
  ];
  for (const table of SNAPSHOT_FILE_TABLES) {
    for (const c of dict.tables[table].columns) {
      if (c.api_field !== c.name)
        out.push(
          `| ${table}.${c.name} | ${c.api_field === null ? '(not in the API)' : `\`${c.api_field}\``} |`,
        );
    }
  }
  for (const table of SNAPSHOT_FILE_TABLES) {
    const t = dict.tables[table];
    out.push(
      '',
      `## ${table} (\`${t.file}\`)`,
      '',
      `One row per ${t.row}.${t.key.length ? ` Key: ${t.key.map((k) => `\`${k}\``).join(' + ')}.` : ''}`,
      '',
    );
    out.push('| column | type | null | meaning | values | example |', '|---|---|---|---|---|---|');
    for (const c of t.columns) {
      const example = c.example === null ? 'null' : `\`${JSON.stringify(c.example)}\``;
      out.push(
        `| \`${c.name}\` | ${cell(c.type)} | ${c.nullable ? 'yes' : 'no'} | ${cell(c.meaning)} | ` +
          `${cell(vocabularyText(c.vocabulary))} | ${cell(example)} |`,
      );
    }
  }
  out.push('', ...SERVING_INDEX_LAYOUT);
  out.push('', '## Example queries (DuckDB, run inside a snapshot folder)', '');
  for (const q of EXAMPLE_QUERIES) out.push(`${q.title}:`, '', '```sql', q.sql, '```', '');
  return `${out.join('\n').trimEnd()}\n`;
}

/** docs/snapshot.md: where snapshots live and how to read them, then the dictionary. */
export function snapshotDocMarkdown(): string {
  return dictionaryMarkdown({
    heading: 'The snapshot, for analysts',
    intro: [
      'Every refresh publishes a new folder under `SNAPSHOT_DIR` (default `./snapshots`); ' +
        '`latest` is a symlink switched',
      'atomically after a publish, and the last 5 versions `latest` pointed at are kept (`--keep`;',
      `\`${SERVED_FILE}\` lists them: a version placed by a publish killed before it moved \`latest\``,
      'is never counted, and is removed once a newer one is served).',
      '',
      '```',
      'snapshots/',
      '  latest -> 20261122T004509Z',
      `  ${SERVED_FILE.padEnd(20)}versions latest has pointed at`,
      '  20261122T004509Z/',
      `    ${MANIFEST_FILE.padEnd(18)} version, created_at, schema_version, row_counts, sha256 ` +
        `per Parquet file, input_summary`,
      `    ${SCHEMA_FILE.padEnd(18)} this dictionary as JSON (every column: type, null, ` +
        `meaning, values, example, API name)`,
      `    ${README_FILE.padEnd(18)} this dictionary for a person`,
      ...SNAPSHOT_FILE_TABLES.map(
        (t) => `    ${parquetFileName(t).padEnd(18)} one row per ${TABLE_DOCS[t].row}`,
      ),
      `    ${SERVING_INDEX_FILE.padEnd(18)} the API's prebuilt index (optional; see "The serving index" below)`,
      '```',
      '',
      'Zstd-compressed Parquet written by DuckDB. With the DuckDB CLI inside a snapshot folder:',
      "`SELECT * FROM 'trials.parquet' LIMIT 5;`. Polars: `pl.read_parquet('snapshots/latest/trials.parquet')`;",
      'pandas: `pd.read_parquet(...)`. Lists are LIST columns, structured lists STRUCT(...)[], dates DATE.',
      `This file is generated from \`snapshot/schema.ts\` (\`npm run docs:snapshot\`); schema ` +
        `version ${SNAPSHOT_SCHEMA_VERSION}.`,
    ].join('\n'),
  });
}
