/**
 * Incremental enrichment: biomarker rows and diagnosis are a pure function of a trial's
 * text fields and of the extractor's code. Results are kept between runs keyed by a hash
 * of both, so a trial whose text did not change is never re-extracted, and a change to
 * the extractor invalidates everything at once.
 */
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import v8 from 'node:v8';
import type { BiomarkerRow, TrialRecord, TrialRow } from '../../domain/rows.js';
import { diagnosisOf, type Diagnosis } from '../../diagnosis/classify.js';
import { enrichRecords } from '../enrich.js';
import { codeFingerprint, fingerprintAtLoad, type CodeScope } from './code-fingerprint.js';

export interface EnrichEntry {
  rows: Array<Omit<BiomarkerRow, 'nct_id'>>;
  diagnosis: Diagnosis;
}

/** Source whose code decides enrichment output (evaluation labels excluded). */
const ENRICH_CODE: CodeScope = fingerprintAtLoad({
  dirs: ['pipeline/biomarkers', 'diagnosis', 'text', 'pipeline/eligibility'],
  files: ['pipeline/enrich.ts', 'domain/biomarkers.ts', 'domain/diagnosis.ts'],
  skip: ['eval'],
});

/** sha256 over the extractor's source files. */
export function enrichmentCodeFingerprint(): Promise<string> {
  return codeFingerprint(ENRICH_CODE);
}

export function enrichInputKey(t: TrialRow): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        t.inclusion_criteria,
        t.exclusion_criteria,
        t.brief_title,
        t.official_title,
        t.conditions,
        t.keywords,
        t.mesh_terms,
      ]),
    )
    .digest('base64url');
}

export class EnrichCache {
  hits = 0;
  misses = 0;
  private readonly used = new Set<string>();

  private constructor(
    private readonly file: string,
    private readonly fingerprint: string,
    private readonly entries: Map<string, EnrichEntry>,
    /** Trial id -> key of its entry in the run that stored it. */
    private readonly keys: Map<string, string>,
  ) {}

  static async load(file: string): Promise<EnrichCache> {
    const code = await enrichmentCodeFingerprint();
    try {
      const stored = v8.deserialize(await fs.readFile(file)) as {
        fingerprint: string;
        entries: Map<string, EnrichEntry>;
        keys?: Map<string, string>;
      };
      if (stored.fingerprint === code)
        return new EnrichCache(file, code, stored.entries, stored.keys ?? new Map());
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    return new EnrichCache(file, code, new Map(), new Map());
  }

  get(key: string): EnrichEntry | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.hits++;
      this.used.add(key);
    } else this.misses++;
    return entry;
  }

  set(key: string, entry: EnrichEntry): void {
    this.entries.set(key, entry);
    this.used.add(key);
  }

  /** Records that trial `id`'s entry is `key`. */
  note(id: string, key: string): void {
    this.keys.set(id, key);
  }

  /**
   * Keeps the entries of trials this run did not look up (carried over from a snapshot:
   * their text is unchanged, so their key is the one noted last time).
   */
  keepFor(ids: Iterable<string>): void {
    for (const id of ids) {
      const key = this.keys.get(id);
      if (key !== undefined) this.used.add(key);
    }
  }

  /** Writes only the entries this run used, so trials that left the registry leave the cache. */
  async save(): Promise<void> {
    const kept = new Map([...this.entries].filter(([k]) => this.used.has(k)));
    const keys = new Map([...this.keys].filter(([, k]) => kept.has(k)));
    await fs.mkdir(path.dirname(this.file), { recursive: true });
    await writeFileAtomic(
      this.file,
      v8.serialize({ fingerprint: this.fingerprint, entries: kept, keys }),
    );
  }
}

/**
 * enrichRecords over `records`, running the extractor only on trials the cache has no entry
 * for and storing theirs. `extracted` counts those trials.
 */
export function enrichThroughCache(
  records: TrialRecord[],
  cache: EnrichCache,
): { records: TrialRecord[]; biomarkers: BiomarkerRow[]; extracted: number } {
  const keys = records.map((r) => enrichInputKey(r.trial));
  records.forEach((r, i) => cache.note(r.trial.nct_id, keys[i]));
  const entries = keys.map((key) => cache.get(key));
  const missing = records.flatMap((_r, i) => (entries[i] ? [] : [i]));
  const fresh = enrichRecords(missing.map((i) => records[i]));
  const freshRows = new Map<string, Array<Omit<BiomarkerRow, 'nct_id'>>>();
  for (const { nct_id, ...row } of fresh.biomarkers) {
    const list = freshRows.get(nct_id);
    if (list) list.push(row);
    else freshRows.set(nct_id, [row]);
  }
  missing.forEach((i, j) => {
    const t = fresh.records[j].trial;
    entries[i] = { rows: freshRows.get(t.nct_id) ?? [], diagnosis: diagnosisOf(t) };
    cache.set(keys[i], entries[i]);
  });

  const biomarkers: BiomarkerRow[] = [];
  const enriched = records.map((record, i) => {
    const entry = entries[i]!;
    for (const row of entry.rows) biomarkers.push({ nct_id: record.trial.nct_id, ...row });
    return { ...record, trial: { ...record.trial, ...entry.diagnosis } };
  });
  return { records: enriched, biomarkers, extracted: missing.length };
}
