/**
 * Runs the extractor over the labelled trials and scores it. Used by the eval command
 * and by the quality-gate test, so both report the same figures.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { explainBiomarkers } from '../extract.js';
import { CONTEXT_RULES, TUMOUR_RULES } from '../context/rules.js';
import { cueIdsIn } from '../context/engine.js';
import { splitStatements } from '../statements.js';
import { loadCorpus, defaultDataDir, MissingDataError, type CorpusTrial } from './corpus.js';
import { classifyDiagnosis } from '../../../diagnosis/classify.js';
import {
  loadRealBatch,
  loadRealSplit,
  type DiagnosisLabel,
  type RealBatch,
} from './real-batches.js';
import { figures, figuresBy, countBy, type Figures } from './score.js';
import { formatUnit, parseLabel, rowToUnit, unitKey, type Unit } from './units.js';

export const DEFAULT_LABELS = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'labels.json',
);

export interface TrialErrors {
  nct_id: string;
  missed: string[];
  spurious: string[];
}

export interface EvaluationReport {
  trials: number;
  trialsWithBiomarkers: number;
  expectedRows: number;
  extractedRows: number;
  /** Alteration level (the matching unit), micro-averaged, per requirement and together. */
  overall: { required: Figures; excluded: Figures; all: Figures };
  /** Gene level: a unit is (trial, requirement, gene), alterations ignored. */
  geneLevel: { required: Figures; excluded: Figures; all: Figures };
  byGene: Record<string, Figures>;
  byAlteration: Record<string, Figures>;
  byRequirement: Record<string, Figures>;
  errors: TrialErrors[];
  /** How many mentions each polarity rule fired on (a rule at 0 is dead on this set). */
  ruleFirings: Record<string, number>;
  deadRules: string[];
  /** Real batches only: the diagnosis label (nsclc / sclc / both / none) against the classifier. */
  diagnosis?: {
    right: number;
    total: number;
    wrong: Array<{ nct_id: string; label: string; got: string }>;
  };
}

export interface EvaluationOptions {
  labelsFile?: string;
  dataDir?: string;
  /** Score only these trials (e.g. one blind batch). */
  ids?: string[];
  /** Score only the trials of this named batch of the labels file ("blind-4"). */
  batch?: string;
  /** Score a real batch (`real-batches/<name>.json`) or a whole split (`dev`, `test`) instead. */
  real?: string;
}

export function loadLabels(file = DEFAULT_LABELS): Map<string, Unit[]> {
  const json = JSON.parse(fs.readFileSync(file, 'utf8')) as { labels: Record<string, string[]> };
  const out = new Map<string, Unit[]>();
  for (const [id, raws] of Object.entries(json.labels))
    out.set(
      id,
      raws.map((r) => parseLabel(id, r)),
    );
  return out;
}

export function loadBatches(file = DEFAULT_LABELS): Record<string, string[]> {
  return (
    (JSON.parse(fs.readFileSync(file, 'utf8')) as { batches?: Record<string, string[]> }).batches ??
    {}
  );
}

const geneKey = (u: Unit) => `${u.nct_id}|${u.requirement}|${u.gene}`;

export function loadReal(name: string): RealBatch {
  return name === 'dev' || name === 'test' ? loadRealSplit(name) : loadRealBatch(name);
}

export function evaluate(opts: EvaluationOptions = {}): EvaluationReport {
  const real = opts.real ? loadReal(opts.real) : null;
  const labels = real ? real.labels : loadLabels(opts.labelsFile);
  const only = new Set(opts.ids ?? []);
  if (opts.batch) {
    const batch = loadBatches(opts.labelsFile)[opts.batch];
    if (!batch)
      throw new Error(
        `no batch ${opts.batch} in the labels file (known: ${Object.keys(loadBatches(opts.labelsFile)).join(', ')})`,
      );
    for (const id of batch) only.add(id);
  }
  if (only.size > 0) {
    for (const id of only) if (!labels.has(id)) throw new Error(`${id} is not labelled`);
    for (const id of [...labels.keys()]) if (!only.has(id)) labels.delete(id);
  }
  const corpus: Map<string, CorpusTrial> = real
    ? real.corpus
    : loadCorpus(opts.dataDir ?? defaultDataDir());
  const firings = new Map<string, number>(
    [...CONTEXT_RULES, ...TUMOUR_RULES].map((r) => [r.id, 0]),
  );
  const count = (ids: string[]) => {
    for (const id of ids) firings.set(id, (firings.get(id) ?? 0) + 1);
  };
  const expected: Unit[] = [];
  const found: Unit[] = [];
  const errors: TrialErrors[] = [];
  for (const [id, units] of labels) {
    const trial = corpus.get(id);
    if (!trial)
      throw new MissingDataError(
        `labelled trial ${id} not found in ${opts.dataDir ?? defaultDataDir()}`,
      );
    // Labels are lung requirements; rows scoped to another tumour's cohort are not scored.
    const rows = explainBiomarkers(trial, (p) => count(p.fired)).filter((r) => r.scope === 'lung');
    // Pseudo and terminate rows reach no marker: count the criteria they are found in.
    for (const st of [...splitStatements(trial.inclusion), ...splitStatements(trial.exclusion)])
      count(cueIdsIn(st.text, ['pseudo', 'terminate']));
    const got = dedupeUnits(rows.map(rowToUnit));
    expected.push(...units);
    found.push(...got);
    const want = new Set(units.map(unitKey));
    const have = new Set(got.map(unitKey));
    const missed = units.filter((u) => !have.has(unitKey(u))).map(formatUnit);
    const spurious = got.filter((u) => !want.has(unitKey(u))).map(formatUnit);
    if (missed.length || spurious.length) errors.push({ nct_id: id, missed, spurious });
  }
  const byReq = (u: Unit) => u.requirement;
  const alt = figuresBy(expected, found, byReq);
  const gene = figuresBy(expected, found, byReq, geneKey);
  const all = figures(sumCounts(countBy(expected, found, () => 'all')));
  const allGene = figures(sumCounts(countBy(expected, found, () => 'all', geneKey)));
  return {
    trials: labels.size,
    trialsWithBiomarkers: [...labels.values()].filter((u) => u.length > 0).length,
    expectedRows: expected.length,
    extractedRows: found.length,
    overall: {
      required: alt.required ?? figures({ tp: 0, fp: 0, fn: 0 }),
      excluded: alt.excluded ?? figures({ tp: 0, fp: 0, fn: 0 }),
      all,
    },
    geneLevel: {
      required: gene.required ?? figures({ tp: 0, fp: 0, fn: 0 }),
      excluded: gene.excluded ?? figures({ tp: 0, fp: 0, fn: 0 }),
      all: allGene,
    },
    byGene: figuresBy(expected, found, (u) => u.gene, geneKey),
    byAlteration: figuresBy(expected, found, (u) => `${u.gene}:${u.alteration}`),
    byRequirement: alt,
    errors,
    diagnosis: real && real.diagnosis.size > 0 ? scoreDiagnosis(real, labels) : undefined,
    ruleFirings: Object.fromEntries(firings),
    deadRules: [...firings].filter(([, n]) => n === 0).map(([id]) => id),
  };
}

function dedupeUnits(units: Unit[]): Unit[] {
  const seen = new Map<string, Unit>();
  for (const u of units) seen.set(unitKey(u), u);
  return [...seen.values()];
}

function sumCounts(m: Map<string, { tp: number; fp: number; fn: number }>) {
  const c = { tp: 0, fp: 0, fn: 0 };
  for (const v of m.values()) {
    c.tp += v.tp;
    c.fp += v.fp;
    c.fn += v.fn;
  }
  return c;
}

/** The classifier's answer in the label's terms: a lung trial with no type signal admits both. */
export function diagnosisOf(t: CorpusTrial): DiagnosisLabel {
  const d = classifyDiagnosis({
    conditions: t.conditions ?? [],
    mesh_terms: [],
    keywords: t.keywords ?? [],
    title: t.title ?? null,
    official_title: t.official_title ?? null,
    inclusion: t.inclusion,
  });
  if (!d.lung_cancer) return 'none';
  if (d.diagnosis_types.length === 1) return d.diagnosis_types[0];
  return 'both';
}

function scoreDiagnosis(
  real: RealBatch,
  labels: Map<string, Unit[]>,
): NonNullable<EvaluationReport['diagnosis']> {
  const wrong: Array<{ nct_id: string; label: string; got: string }> = [];
  let total = 0;
  for (const id of labels.keys()) {
    const label = real.diagnosis.get(id);
    if (!label) continue;
    total++;
    const got = diagnosisOf(real.corpus.get(id)!);
    if (got !== label) wrong.push({ nct_id: id, label, got });
  }
  return { right: total - wrong.length, total, wrong };
}
