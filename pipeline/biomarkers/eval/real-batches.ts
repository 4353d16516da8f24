/**
 * Real trials labelled blind after the shared sample ran out: verbatim ClinicalTrials.gov
 * eligibility text found in public repositories (`test/fixtures/real-trials/<batch>.jsonl`,
 * each record naming its repository, path and commit) and labels written before the
 * extractor was run on them (`real-batches/<batch>.json`). A batch's `split` says whether
 * rules may be tuned on it (`dev`) or never (`test`: scored, never looked at for fixes).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROJECT_ROOT } from '../../../config/env.js';
import { splitCriteria } from '../../eligibility/split-criteria.js';
import type { CorpusTrial } from './corpus.js';
import { parseLabel, type Unit } from './units.js';

export const REAL_BATCH_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'real-batches',
);
export const REAL_TEXT_DIR = path.join(PROJECT_ROOT, 'test/fixtures/real-trials');

export type Split = 'dev' | 'test';
/** The diagnosis label: which lung cancer types a trial admits, or `none` for a non-lung trial. */
export type DiagnosisLabel = 'nsclc' | 'sclc' | 'both' | 'none';

export interface RealBatch {
  name: string;
  split: Split;
  labels: Map<string, Unit[]>;
  diagnosis: Map<string, DiagnosisLabel>;
  corpus: Map<string, CorpusTrial>;
}

interface BatchFile {
  batch: string;
  split: Split;
  labels: Record<string, string[]>;
  diagnosis?: Record<string, DiagnosisLabel>;
}

interface TextRecord {
  nct_id: string;
  title: string | null;
  official_title: string | null;
  conditions: string[] | null;
  keywords: string[] | null;
  criteria: string;
  source: { repo: string; path: string; commit: string | null };
}

export function listRealBatches(): string[] {
  if (!fs.existsSync(REAL_BATCH_DIR)) return [];
  return fs
    .readdirSync(REAL_BATCH_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort();
}

export function loadRealBatch(name: string): RealBatch {
  const file = path.join(REAL_BATCH_DIR, `${name}.json`);
  if (!fs.existsSync(file))
    throw new Error(`no real batch ${name} (known: ${listRealBatches().join(', ') || 'none'})`);
  const json = JSON.parse(fs.readFileSync(file, 'utf8')) as BatchFile;
  const textFile = path.join(REAL_TEXT_DIR, `${name}.jsonl`);
  const corpus = new Map<string, CorpusTrial>();
  for (const line of fs.readFileSync(textFile, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const r = JSON.parse(line) as TextRecord;
    corpus.set(r.nct_id, {
      nct_id: r.nct_id,
      source: `${r.source.repo}:${r.source.path}`,
      criteria: r.criteria,
      title: r.title,
      official_title: r.official_title,
      conditions: r.conditions ?? [],
      keywords: r.keywords ?? [],
      ...splitCriteria(r.criteria),
    });
  }
  const labels = new Map<string, Unit[]>();
  for (const [id, raws] of Object.entries(json.labels)) {
    if (!corpus.has(id))
      throw new Error(`${name}: labelled trial ${id} has no text in ${textFile}`);
    labels.set(
      id,
      raws.map((r) => parseLabel(id, r)),
    );
  }
  return {
    name,
    split: json.split,
    labels,
    diagnosis: new Map(Object.entries(json.diagnosis ?? {})),
    corpus,
  };
}

/** Every real batch of one split, merged. */
export function loadRealSplit(split: Split): RealBatch {
  const merged: RealBatch = {
    name: split,
    split,
    labels: new Map(),
    diagnosis: new Map(),
    corpus: new Map(),
  };
  for (const name of listRealBatches()) {
    const b = loadRealBatch(name);
    if (b.split !== split) continue;
    for (const [k, v] of b.labels) merged.labels.set(k, v);
    for (const [k, v] of b.diagnosis) merged.diagnosis.set(k, v);
    for (const [k, v] of b.corpus) merged.corpus.set(k, v);
  }
  return merged;
}
