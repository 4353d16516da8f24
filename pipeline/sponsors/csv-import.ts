/**
 * Sponsor CSV import stage: streams each sponsor's export through csv-parse, maps columns by
 * the sponsor's catalog entry, and turns every row it cannot use into a bad_source_row flag.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse';
import type { Logger } from '../../config/logger.js';
import type { FlagRow } from '../../domain/rows.js';
import { SPONSOR_CATALOG, catalogEntry } from './catalog/index.js';
import { normaliseSponsorTrial, type RawSponsorTrial } from './normalise.js';
import { countTrials, readRunState, summarise, writeRunState } from './run-state.js';
import type { CsvSource, SponsorCatalogEntry, SponsorField, SponsorStageResult, SponsorTrial, StageCounts } from './types.js';

export interface CsvImportDeps {
  logger: Logger;
  /** JSON file remembering the previous run's trial hashes; omit to skip change tracking. */
  stateFile?: string;
}

export type CsvImportInput = { files: Record<string, string> } | { dir: string };

export interface CsvFileResult {
  trials: SponsorTrial[];
  flags: FlagRow[];
  /** Rows that did not become trials. */
  failed: number;
  delimiter: ',' | ';';
}

/** Counts delimiters in the header line outside quotes; exports differ by locale. */
export async function detectDelimiter(file: string): Promise<',' | ';'> {
  const handle = await fsp.open(file, 'r');
  try {
    const buf = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
    const head = buf.subarray(0, bytesRead).toString('utf8').replace(/^\uFEFF/, '');
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
  } finally {
    await handle.close();
  }
}

function badRow(slug: string, message: string, details: unknown): FlagRow {
  return { nct_id: null, source: slug, kind: 'bad_source_row', severity: 'warning', message, details: JSON.stringify(details) };
}


/** Imports one sponsor export file; never throws for a bad row, only for an unreadable file. */
export async function importSponsorCsvFile(entry: SponsorCatalogEntry, file: string, logger?: Logger): Promise<CsvFileResult> {
  if (entry.source.kind !== 'csv') throw new Error(`sponsor ${entry.slug} is not a CSV source`);
  const source: CsvSource = entry.source;
  const delimiter = await detectDelimiter(file);
  if (source.delimiter && source.delimiter !== delimiter) {
    logger?.warn({ sponsor: entry.slug, file, expected: source.delimiter, found: delimiter }, 'sponsor CSV delimiter differs from the catalog; using the header');
  }
  const result: CsvFileResult = { trials: [], flags: [], failed: 0, delimiter };
  const parser = fs.createReadStream(file).pipe(
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
    result.flags.push(badRow(entry.slug, `${path.basename(file)} line ${err.lines ?? '?'}: unreadable CSV row (${err.message})`, { file: path.basename(file), error: err.message }));
  });

  let header: string[] | null = null;
  let columnIndex: Partial<Record<SponsorField, number>> = {};
  for await (const { record: cells, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    // Trimmed here rather than by csv-parse: its `trim` option loses the rows after a broken quote.
    const record = cells.map((c) => c.trim());
    if (!header) {
      header = record;
      const lower = header.map((h) => h.trim().toLowerCase());
      columnIndex = {};
      for (const [field, col] of Object.entries(source.columns) as [SponsorField, string][]) {
        const i = lower.indexOf(col.trim().toLowerCase());
        if (i >= 0) columnIndex[field] = i;
        else {
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
    const asObject = Object.fromEntries(header.map((h, i) => [h, record[i] ?? null]));
    const where = `${path.basename(file)} line ${info.lines}`;
    if (record.length !== header.length) {
      result.failed++;
      result.flags.push(badRow(entry.slug, `${where}: expected ${header.length} columns, got ${record.length}`, record));
      continue;
    }
    const raw: RawSponsorTrial = { fields: {}, sites: [] };
    for (const [field, i] of Object.entries(columnIndex) as [SponsorField, number][]) raw.fields[field] = record[i];
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
      result.flags.push({ ...badRow(entry.slug, `${where}: ${w}`, asObject), nct_id: norm.trial.nct_id, severity: 'info' });
    }
  }
  return result;
}

/** `<dir>/<slug>.csv` and every `<dir>/<slug>/*.csv`, for each CSV sponsor of the catalog. */
async function filesInDir(dir: string): Promise<Record<string, string[]>> {
  // A mistyped directory must fail the run, not publish a snapshot without sponsor data.
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw new Error(`sponsor CSV directory ${dir} does not exist`);
  const out: Record<string, string[]> = {};
  for (const entry of SPONSOR_CATALOG) {
    if (entry.source.kind !== 'csv') continue;
    const found: string[] = [];
    const flat = path.join(dir, `${entry.slug}.csv`);
    if (fs.existsSync(flat)) found.push(flat);
    const sub = path.join(dir, entry.slug);
    if (fs.existsSync(sub) && fs.statSync(sub).isDirectory()) {
      for (const name of (await fsp.readdir(sub)).sort()) if (name.toLowerCase().endsWith('.csv')) found.push(path.join(sub, name));
    }
    if (found.length) out[entry.slug] = found;
  }
  return out;
}

/**
 * Stage: imports the sponsors' CSV exports. `files` maps a sponsor slug to one file; `dir`
 * holds `<slug>.csv` or `<slug>/*.csv`. Bad rows become flags and count as failed.
 */
export async function importSponsorCsvs(input: CsvImportInput, deps: CsvImportDeps): Promise<SponsorStageResult> {
  const log = deps.logger.child({ stage: 'sponsor-csv-import' });
  const bySlug: Record<string, string[]> =
    'files' in input ? Object.fromEntries(Object.entries(input.files).map(([slug, f]) => [slug, [f]])) : await filesInDir(input.dir);
  const previous = await readRunState(deps.stateFile);
  const trials: SponsorTrial[] = [];
  const flags: FlagRow[] = [];
  const counts: Record<string, StageCounts> = {};
  const slugs = Object.keys(bySlug).sort((a, b) => SPONSOR_CATALOG.findIndex((e) => e.slug === a) - SPONSOR_CATALOG.findIndex((e) => e.slug === b));
  for (const [n, slug] of slugs.entries()) {
    const entry = catalogEntry(slug);
    const own: SponsorTrial[] = [];
    let failed = 0;
    for (const file of bySlug[slug]) {
      const r = await importSponsorCsvFile(entry, file, log);
      own.push(...r.trials);
      flags.push(...r.flags);
      failed += r.failed;
    }
    trials.push(...own);
    counts[slug] = countTrials(own, previous?.[slug], failed);
    log.info({ sponsor: slug, progress: `${n + 1}/${slugs.length}`, ...counts[slug] }, `imported ${slug}`);
  }
  if (deps.stateFile && previous) await writeRunState(deps.stateFile, previous, trials, slugs);
  const summary = summarise(counts, previous !== null);
  log.info(summary.total, 'sponsor CSV import done');
  return { trials, flags, summary };
}
