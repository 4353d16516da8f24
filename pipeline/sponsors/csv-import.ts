/**
 * Sponsor CSV import stage: streams each sponsor's export through csv-parse, maps columns by
 * the sponsor's catalog entry, and turns every row it cannot use into a bad_source_row flag.
 */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse';
import writeFileAtomic from 'write-file-atomic';
import type { Logger } from '../../config/logger.js';
import type { FlagRow } from '../../domain/rows.js';
import { PermanentStageError } from '../errors.js';
import { SPONSOR_CATALOG, catalogEntry } from './catalog/index.js';
import { decodeSponsorFile } from './encoding.js';
import { normaliseSponsorTrial, type RawSponsorTrial } from './normalise.js';
import { countTrials, readRunState, summarise, writeRunState } from './run-state.js';
import type {
  CsvSource,
  SponsorCatalogEntry,
  SponsorField,
  SponsorStageResult,
  SponsorTrial,
  StageCounts,
} from './types.js';

export interface CsvImportDeps {
  logger: Logger;
  /** JSON file remembering the previous run's trial hashes; omit to skip change tracking. */
  stateFile?: string;
  /**
   * Folder keeping each sponsor's last imported trials: an empty export, or a failed one
   * of an optional sponsor, keeps them instead of dropping the sponsor's trials.
   */
  lastGoodDir?: string;
  /** Sponsors whose unusable export is a flag rather than a failed stage. */
  optional?: readonly string[];
}

export type CsvImportInput = { files: Record<string, string> } | { dir: string };

export interface CsvFileResult {
  trials: SponsorTrial[];
  flags: FlagRow[];
  /** Rows that did not become trials. */
  failed: number;
  delimiter: ',' | ';';
  /** Rows after the header, good or bad: 0 for an empty or header-only export. */
  dataRows: number;
  encoding: string;
}

/** Counts delimiters in the header line outside quotes; exports differ by locale. */
export function detectDelimiterInText(text: string): ',' | ';' {
  const head = text.slice(0, 64 * 1024).replace(/^\uFEFF/, '');
  let inQuotes = false;
  let commas = 0;
  let semicolons = 0;
  for (const ch of head) {
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (ch === '\n' || ch === '\r')) break;
    else if (!inQuotes && ch === ',') commas++;
    else if (!inQuotes && ch === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

export async function detectDelimiter(file: string): Promise<',' | ';'> {
  return detectDelimiterInText(decodeSponsorFile(await fsp.readFile(file)).text);
}

/**
 * A sponsor export that cannot be imported as a whole (a column its catalog entry needs is
 * missing): importing it anyway would turn linked rows into sponsor-only duplicates.
 */
export class SponsorInputError extends PermanentStageError {
  override name = 'SponsorInputError';
  constructor(
    readonly slug: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * How many rejected rows an export may hold: up to `tolerated` whatever the share (a small
 * export with a few broken rows is still that sponsor's list), above that at most `share`
 * of its data rows. An export past it is not that sponsor's list (junk under a real
 * header, a column shifted), and its accepted rows would be published as trials.
 */
export const REJECTED_ROWS_LIMIT = { share: 0.05, tolerated: 10 } as const;

export function rejectedPastLimit(rejected: number, rows: number): boolean {
  return rejected > REJECTED_ROWS_LIMIT.tolerated && rejected > rows * REJECTED_ROWS_LIMIT.share;
}

/** Sponsor exports with too many rejected rows: the run fails, naming each with its counts. */
export class RejectedRowsError extends PermanentStageError {
  override name = 'RejectedRowsError';
  constructor(readonly counts: Record<string, { rejected: number; rows: number }>) {
    super(
      `sponsor exports with more rejected rows than the limit (${REJECTED_ROWS_LIMIT.share * 100}% ` +
        `of the rows, beyond ${REJECTED_ROWS_LIMIT.tolerated}): ` +
        Object.entries(counts)
          .map(
            ([slug, c]) =>
              `${slug} ${c.rejected} of ${c.rows} rows rejected (${((c.rejected / c.rows) * 100).toFixed(1)}%)`,
          )
          .join('; ') +
        '; each rejected row is a bad_source_row flag with its reason; fix the export, or list ' +
        'the sponsor in --optional-sponsors to keep its previous trials',
    );
  }
}

/** Columns without which rows cannot be matched to registry trials or to each other. */
export const REQUIRED_CSV_FIELDS: readonly SponsorField[] = ['nct_id', 'sponsor_study_id', 'title'];

function badRow(slug: string, message: string, details: unknown): FlagRow {
  return {
    nct_id: null,
    source: slug,
    kind: 'bad_source_row',
    severity: 'warning',
    message,
    details: JSON.stringify(details),
  };
}

/** Imports one sponsor export file; never throws for a bad row, only for an unreadable file. */
export async function importSponsorCsvFile(
  entry: SponsorCatalogEntry,
  file: string,
  logger?: Logger,
): Promise<CsvFileResult> {
  if (entry.source.kind !== 'csv') throw new Error(`sponsor ${entry.slug} is not a CSV source`);
  const source: CsvSource = entry.source;
  const decoded = decodeSponsorFile(await fsp.readFile(file), source.encoding);
  const delimiter = detectDelimiterInText(decoded.text);
  if (source.delimiter && source.delimiter !== delimiter) {
    logger?.warn(
      { sponsor: entry.slug, file, expected: source.delimiter, found: delimiter },
      'sponsor CSV delimiter differs from the catalog; using the header',
    );
  }
  const result: CsvFileResult = {
    trials: [],
    flags: [],
    failed: 0,
    delimiter,
    dataRows: 0,
    encoding: decoded.encoding,
  };
  if (decoded.sniffed) {
    result.flags.push({
      ...badRow(
        entry.slug,
        `${path.basename(file)}: not UTF-8; decoded as ${decoded.encoding} (guessed from the bytes)`,
        { file: path.basename(file), encoding: decoded.encoding },
      ),
    });
    logger?.warn(
      { sponsor: entry.slug, file, encoding: decoded.encoding },
      'sponsor CSV is not UTF-8; decoded with a guessed charset',
    );
  }
  const parser = Readable.from([decoded.text]).pipe(
    parse({
      delimiter,
      bom: true,
      skip_empty_lines: true,
      // Column count is checked here, per row, so one short row is flagged instead of ending the file.
      relax_column_count: true,
      skip_records_with_error: true,
      info: true,
    }),
  );
  // csv-parse may report one broken row more than once while it resynchronises.
  const skippedLines = new Set<number | undefined>();
  parser.on('skip', (err: Error & { lines?: number }) => {
    if (skippedLines.has(err.lines)) return;
    skippedLines.add(err.lines);
    result.failed++;
    result.flags.push(
      badRow(
        entry.slug,
        `${path.basename(file)} line ${err.lines ?? '?'}: unreadable CSV row (${err.message})`,
        { file: path.basename(file), error: err.message },
      ),
    );
  });

  let header: string[] | null = null;
  let columnIndex: Partial<Record<SponsorField, number>> = {};
  for await (const { record: cells, info } of parser as AsyncIterable<{
    record: string[];
    info: { lines: number };
  }>) {
    // Trimmed here rather than by csv-parse: its `trim` option loses the rows after a broken quote.
    const record = cells.map((c) => c.trim());
    if (!header) {
      header = record;
      const lower = header.map((h) => h.trim().toLowerCase());
      columnIndex = {};
      for (const [field, col] of Object.entries(source.columns) as [SponsorField, string][]) {
        const i = lower.indexOf(col.trim().toLowerCase());
        if (i >= 0) columnIndex[field] = i;
        else if (REQUIRED_CSV_FIELDS.includes(field)) {
          parser.destroy();
          throw new SponsorInputError(
            entry.slug,
            `${entry.slug}: ${path.basename(file)} has no "${col}" column (${field}), which ` +
              `the import needs; header: ${header.join(' | ')}`,
          );
        } else {
          result.flags.push({
            nct_id: null,
            source: entry.slug,
            kind: 'page_shape_changed',
            severity: 'warning',
            message: `${path.basename(file)}: column "${col}" (${field}) is missing from the export`,
            details: JSON.stringify({ file: path.basename(file), header }),
          });
        }
      }
      continue;
    }
    result.dataRows++;
    const asObject = Object.fromEntries(header.map((h, i) => [h, record[i] ?? null]));
    const where = `${path.basename(file)} line ${info.lines}`;
    if (record.length !== header.length) {
      result.failed++;
      result.flags.push(
        badRow(
          entry.slug,
          `${where}: expected ${header.length} columns, got ${record.length}`,
          record,
        ),
      );
      continue;
    }
    const raw: RawSponsorTrial = { fields: {}, sites: [] };
    for (const [field, i] of Object.entries(columnIndex) as [SponsorField, number][])
      raw.fields[field] = record[i];
    const norm = normaliseSponsorTrial(entry, raw, {
      dateFormats: source.dateFormats,
      listSeparator: source.listSeparator,
      requiredDates: source.requiredDates,
      siteParts: source.siteParts,
      pageUrlTemplate: source.pageUrlTemplate,
    });
    if (!norm.ok) {
      result.failed++;
      result.flags.push(badRow(entry.slug, `${where}: ${norm.reason}`, asObject));
      continue;
    }
    result.trials.push(norm.trial);
    for (const w of norm.warnings) {
      result.flags.push({
        ...badRow(entry.slug, `${where}: ${w}`, asObject),
        nct_id: norm.trial.nct_id,
        severity: 'info',
      });
    }
  }
  return result;
}

/** `<dir>/<slug>.csv` and every `<dir>/<slug>/*.csv`, for each CSV sponsor of the catalog. */
async function filesInDir(dir: string): Promise<Record<string, string[]>> {
  // A mistyped directory must fail the run, not publish a snapshot without sponsor data.
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory())
    throw new PermanentStageError(`sponsor CSV directory ${dir} does not exist`);
  const out: Record<string, string[]> = {};
  for (const entry of SPONSOR_CATALOG) {
    if (entry.source.kind !== 'csv') continue;
    const found: string[] = [];
    const flat = path.join(dir, `${entry.slug}.csv`);
    if (fs.existsSync(flat)) found.push(flat);
    const sub = path.join(dir, entry.slug);
    if (fs.existsSync(sub) && fs.statSync(sub).isDirectory()) {
      for (const name of (await fsp.readdir(sub)).sort())
        if (name.toLowerCase().endsWith('.csv')) found.push(path.join(sub, name));
    }
    if (found.length) out[entry.slug] = found;
  }
  return out;
}

/**
 * Stage: imports the sponsors' CSV exports. `files` maps a sponsor slug to one file; `dir`
 * holds `<slug>.csv` or `<slug>/*.csv`. Bad rows become flags and count as failed.
 */
export async function importSponsorCsvs(
  input: CsvImportInput,
  deps: CsvImportDeps,
): Promise<SponsorStageResult> {
  const log = deps.logger.child({ stage: 'sponsor-csv-import' });
  const bySlug: Record<string, string[]> =
    'files' in input
      ? Object.fromEntries(Object.entries(input.files).map(([slug, f]) => [slug, [f]]))
      : await filesInDir(input.dir);
  const previous = await readRunState(deps.stateFile);
  const trials: SponsorTrial[] = [];
  const flags: FlagRow[] = [];
  const counts: Record<string, StageCounts> = {};
  const keptPrevious: Record<string, string> = {};
  const pastLimit: Record<string, { rejected: number; rows: number }> = {};
  const slugs = Object.keys(bySlug).sort(
    (a, b) =>
      SPONSOR_CATALOG.findIndex((e) => e.slug === a) -
      SPONSOR_CATALOG.findIndex((e) => e.slug === b),
  );
  for (const [n, slug] of slugs.entries()) {
    const entry = catalogEntry(slug);
    let own: SponsorTrial[] = [];
    let failed = 0;
    let dataRows = 0;
    const sponsorFlags: FlagRow[] = [];
    let problem: string | null = null;
    try {
      for (const file of bySlug[slug]) {
        const r = await importSponsorCsvFile(entry, file, log);
        own.push(...r.trials);
        sponsorFlags.push(...r.flags);
        failed += r.failed;
        dataRows += r.dataRows;
      }
      if (dataRows === 0) problem = `${slug}: the export has no data rows (empty or header only)`;
      else if (rejectedPastLimit(failed, dataRows)) {
        if (!deps.optional?.includes(slug)) pastLimit[slug] = { rejected: failed, rows: dataRows };
        problem = `${slug}: ${failed} of ${dataRows} rows rejected, past the limit`;
      }
    } catch (err) {
      if (!(err instanceof SponsorInputError) || !deps.optional?.includes(slug)) throw err;
      problem = err.message;
      failed = 0;
    }
    if (problem) {
      // Keep what the sponsor listed last time: a bad export says nothing about its trials.
      own = await readLastGood(deps.lastGoodDir, slug);
      const message = `${problem}; kept ${own.length} trials from the previous import`;
      sponsorFlags.push({
        nct_id: null,
        source: slug,
        kind: 'page_shape_changed',
        severity: 'warning',
        message,
        details: JSON.stringify({ files: bySlug[slug].map((f) => path.basename(f)) }),
      });
      log.warn({ sponsor: slug, kept: own.length }, problem);
      keptPrevious[slug] = message;
    } else await writeLastGood(deps.lastGoodDir, slug, own);
    flags.push(...sponsorFlags);
    trials.push(...own);
    counts[slug] = countTrials(own, previous?.[slug], failed);
    log.info(
      { sponsor: slug, progress: `${n + 1}/${slugs.length}`, ...counts[slug] },
      `imported ${slug}`,
    );
  }
  if (Object.keys(pastLimit).length) throw new RejectedRowsError(pastLimit);
  if (deps.stateFile && previous) await writeRunState(deps.stateFile, previous, trials, slugs);
  const summary = summarise(counts, previous !== null);
  if (Object.keys(keptPrevious).length) summary.keptPrevious = keptPrevious;
  log.info(summary.total, 'sponsor CSV import done');
  return { trials, flags, summary };
}

async function readLastGood(dir: string | undefined, slug: string): Promise<SponsorTrial[]> {
  if (!dir) return [];
  try {
    return v8.deserialize(await fsp.readFile(path.join(dir, `${slug}.v8`))) as SponsorTrial[];
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

async function writeLastGood(
  dir: string | undefined,
  slug: string,
  trials: SponsorTrial[],
): Promise<void> {
  if (!dir) return;
  await fsp.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${slug}.v8`);
  await writeFileAtomic(file, v8.serialize(trials));
}
