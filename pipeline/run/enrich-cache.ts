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
import { PROJECT_ROOT } from '../../config/env.js';
import type { BiomarkerRow, TrialRecord, TrialRow } from '../../domain/rows.js';
import type { Diagnosis } from '../../diagnosis/classify.js';
import { enrichRecords } from '../enrich.js';

export interface EnrichEntry {
  rows: Array<Omit<BiomarkerRow, 'nct_id'>>;
  diagnosis: Diagnosis;
}

/** Source folders whose code decides enrichment output. */
const CODE_DIRS = ['pipeline/biomarkers', 'diagnosis', 'text', 'pipeline/eligibility'];
const CODE_FILES = ['pipeline/enrich.ts', 'domain/biomarkers.ts', 'domain/diagnosis.ts'];

let fingerprint: Promise<string> | null = null;

/** sha256 over the extractor's source files (evaluation labels excluded). */
export function enrichmentCodeFingerprint(): Promise<string> {
  fingerprint ??= (async () => {
    const files: string[] = [...CODE_FILES];
    for (const dir of CODE_DIRS) {
      for (const entry of await fs.readdir(path.join(PROJECT_ROOT, dir), {
        recursive: true,
        withFileTypes: true,
      })) {
        const rel = path.relative(PROJECT_ROOT, path.join(entry.parentPath, entry.name));
        if (
          entry.isFile() &&
          entry.name.endsWith('.ts') &&
          !rel.includes(`${path.sep}eval${path.sep}`)
        )
          files.push(rel);
      }
    }
    const hash = createHash('sha256');
    for (const rel of files.sort())
      hash
        .update(rel)
        .update('\0')
        .update(await fs.readFile(path.join(PROJECT_ROOT, rel)));
    return hash.digest('hex');
  })();
  return fingerprint;
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
  ) {}

  static async load(file: string): Promise<EnrichCache> {
    const code = await enrichmentCodeFingerprint();
    try {
      const stored = v8.deserialize(await fs.readFile(file)) as {
        fingerprint: string;
        entries: Map<string, EnrichEntry>;
      };
      if (stored.fingerprint === code) return new EnrichCache(file, code, stored.entries);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    return new EnrichCache(file, code, new Map());
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

  /** Writes only the entries this run used, so trials that left the registry leave the cache. */
  async save(): Promise<void> {
    const kept = new Map([...this.entries].filter(([k]) => this.used.has(k)));
    await fs.mkdir(path.dirname(this.file), { recursive: true });
    await writeFileAtomic(
      this.file,
      v8.serialize({ fingerprint: this.fingerprint, entries: kept }),
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
    const { diagnosis_types, lung_cancer, sclc_stages, nsclc_stages } = t;
    entries[i] = {
      rows: freshRows.get(t.nct_id) ?? [],
      diagnosis: { diagnosis_types, lung_cancer, sclc_stages, nsclc_stages },
    };
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
