/**
 * Where a trial's diagnosis type and stage signals come from: the condition, title,
 * keyword or inclusion line that yields each signal. Found by running the pipeline's own
 * classifier's readers (type, SCLC stage, NSCLC stage) over one piece of text at a time,
 * so the evidence can only name text the classifier itself reads that way. Query-independent,
 * so the index finds it once per trial when a snapshot opens (~0.1 ms a trial) and the detail
 * JSON carries it prebuilt.
 */
import type { z } from 'zod';
import {
  nsclcStagesIn,
  sclcStagesFromTnm,
  sclcStagesIn,
  typesIn,
} from '../../diagnosis/classify.js';
import {
  POPULATION_EVIDENCE,
  populationSignals,
  typesExcludedIn,
} from '../../diagnosis/population.js';
import type { DiagnosisType, Population } from '../../domain/diagnosis.js';
import type { TrialRow } from '../../domain/rows.js';
import type { EVIDENCE_SOURCE_FIELDS, TrialEvidenceSchema } from '../openapi/schemas.js';

/** A piece of the trial's own text: the detail field it is in, and the text itself. */
export interface EvidenceText {
  field: (typeof EVIDENCE_SOURCE_FIELDS)[number];
  text: string;
}

export interface SignalEvidence<T extends string> extends EvidenceText {
  value: T;
}

/** Each diagnosis and stage signal with its text: the wire's `evidence` (TrialEvidenceSchema). */
export type TrialEvidence = z.output<typeof TrialEvidenceSchema>;

/**
 * Words without which the classifier finds no type, no SCLC stage and no NSCLC stage in a
 * piece of text. Skipping the other pieces makes a trial's evidence ~5x cheaper; each must
 * stay a superset of the classifier's own patterns (test/api/evidence.test.ts compares the
 * result with the unfiltered search).
 */
export const HINTS = {
  type: /nsclc|sclc|lung|pulmonary|bronch|luad|lusc|oat|small/i,
  sclcStage: /limited|extensive|[LE][SD]-?SCLC/i,
  nsclcStage: /early|stage|resect|operable|adjuvant|perioperative|advanced|metastatic/i,
} as const;

/** What the search reads of a trial: its signals and the text the classifier read. */
export type EvidenceInput = Pick<
  TrialRow,
  | 'conditions'
  | 'mesh_terms'
  | 'keywords'
  | 'brief_title'
  | 'official_title'
  | 'inclusion_criteria'
  | 'exclusion_criteria'
  | 'diagnosis_types'
  | 'sclc_stages'
  | 'nsclc_stages'
  | 'population'
  | 'excluded_types'
>;

function lines(field: EvidenceText['field'], text: string | null): EvidenceText[] {
  return (text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => ({ field, text: line }));
}

/** Described pieces whose signals decided the population; the inclusion lines when none did. */
function populationEvidence(t: EvidenceInput, all: EvidenceText[]): SignalEvidence<Population>[] {
  const wanted = POPULATION_EVIDENCE[t.population];
  const deciding = (p: EvidenceText) => {
    const signals = populationSignals(p.text);
    return wanted.some((s) => signals.has(s));
  };
  const described = all.filter((p) => p.field !== 'inclusion_criteria' && p.field !== 'mesh_terms');
  let found = described.filter(deciding);
  if (found.length === 0)
    found = all.filter((p) => p.field === 'inclusion_criteria' && deciding(p));
  return found.map((p) => ({ value: t.population, ...p }));
}

/** The exclusion lines naming an excluded type, and the inclusion lines negating one. */
function excludedTypeEvidence(t: EvidenceInput): SignalEvidence<DiagnosisType>[] {
  const out: SignalEvidence<DiagnosisType>[] = [];
  if (t.excluded_types.length === 0) return out;
  for (const p of lines('exclusion_criteria', t.exclusion_criteria)) {
    for (const value of typesExcludedIn(p.text))
      if (t.excluded_types.includes(value)) out.push({ value, ...p });
  }
  for (const p of lines('inclusion_criteria', t.inclusion_criteria)) {
    for (const value of typesExcludedIn(p.text, true))
      if (t.excluded_types.includes(value)) out.push({ value, ...p });
  }
  return out;
}

function pieces(t: EvidenceInput): EvidenceText[] {
  const out: EvidenceText[] = [];
  for (const text of t.conditions) out.push({ field: 'conditions', text });
  for (const text of t.mesh_terms) out.push({ field: 'mesh_terms', text });
  for (const text of t.keywords) out.push({ field: 'keywords', text });
  if (t.brief_title) out.push({ field: 'brief_title', text: t.brief_title });
  if (t.official_title) out.push({ field: 'official_title', text: t.official_title });
  out.push(...lines('inclusion_criteria', t.inclusion_criteria));
  return out;
}

/** `hints` false searches every piece (the tests' reference). */
export function findEvidence(t: EvidenceInput, hints = true): TrialEvidence {
  const out: TrialEvidence = {
    diagnosis_types: [],
    sclc_stages: [],
    nsclc_stages: [],
    population: [],
    excluded_types: excludedTypeEvidence(t),
  };
  const all = pieces(t);
  const hinted = (re: RegExp) => (hints ? all.filter((p) => re.test(p.text)) : all);
  if (t.diagnosis_types.length > 0) {
    for (const p of hinted(HINTS.type)) {
      for (const value of typesIn(p.text, p.field === 'inclusion_criteria')) {
        if (t.diagnosis_types.includes(value)) out.diagnosis_types.push({ value, ...p });
      }
    }
  }
  if (t.sclc_stages.length > 0) {
    for (const p of hinted(HINTS.sclcStage)) {
      for (const value of sclcStagesIn(p.text)) {
        if (t.sclc_stages.includes(value)) out.sclc_stages.push({ value, ...p });
      }
    }
    // An SCLC trial naming neither stage has them from its TNM words (classify.ts).
    if (out.sclc_stages.length === 0) {
      for (const p of hinted(HINTS.nsclcStage)) {
        for (const value of sclcStagesFromTnm(p.text)) {
          if (t.sclc_stages.includes(value)) out.sclc_stages.push({ value, ...p });
        }
      }
    }
  }
  if (t.nsclc_stages.length > 0) {
    for (const p of hinted(HINTS.nsclcStage)) {
      for (const value of nsclcStagesIn(p.text)) {
        if (t.nsclc_stages.includes(value)) out.nsclc_stages.push({ value, ...p });
      }
    }
  }
  out.population = populationEvidence(t, all);
  return out;
}
