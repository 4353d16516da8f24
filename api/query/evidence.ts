/**
 * Where a trial's diagnosis type and stage signals come from: the condition, title,
 * keyword or inclusion line that yields each signal. Found by running the pipeline's own
 * classifier's readers (type, SCLC stage, NSCLC stage) over one piece of text at a time,
 * so the evidence can only name text the classifier itself reads that way. Query-independent,
 * so the index finds it once per trial when a snapshot opens (~0.1 ms a trial) and the detail
 * JSON carries it prebuilt.
 */
import type { z } from 'zod';
import { nsclcStagesIn, sclcStagesIn, typesIn } from '../../diagnosis/classify.js';
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
  | 'diagnosis_types'
  | 'sclc_stages'
  | 'nsclc_stages'
>;

function pieces(t: EvidenceInput): EvidenceText[] {
  const out: EvidenceText[] = [];
  for (const text of t.conditions) out.push({ field: 'conditions', text });
  for (const text of t.mesh_terms) out.push({ field: 'mesh_terms', text });
  for (const text of t.keywords) out.push({ field: 'keywords', text });
  if (t.brief_title) out.push({ field: 'brief_title', text: t.brief_title });
  if (t.official_title) out.push({ field: 'official_title', text: t.official_title });
  for (const line of (t.inclusion_criteria ?? '').split('\n')) {
    const text = line.trim();
    if (text) out.push({ field: 'inclusion_criteria', text });
  }
  return out;
}

/** `hints` false searches every piece (the tests' reference). */
export function findEvidence(t: EvidenceInput, hints = true): TrialEvidence {
  const out: TrialEvidence = { diagnosis_types: [], sclc_stages: [], nsclc_stages: [] };
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
  }
  if (t.nsclc_stages.length > 0) {
    for (const p of hinted(HINTS.nsclcStage)) {
      for (const value of nsclcStagesIn(p.text)) {
        if (t.nsclc_stages.includes(value)) out.nsclc_stages.push({ value, ...p });
      }
    }
  }
  return out;
}
