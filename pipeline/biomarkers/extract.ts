/**
 * Deterministic biomarker extraction: criteria -> statements -> mentions -> polarity ->
 * rows. Every row keeps the sentence it came from, and `explain` gives the rule.
 *
 * How titles, conditions and keywords count: they describe the population, so a
 * qualified mention there ("KRAS G12C-mutated NSCLC", "EGFR Exon 19 Deletion",
 * "PD-L1 High") is a requirement, or an exclusion when negated ("EGFR wild-type").
 * A bare gene name there ("PD-L1" as a keyword) is not. They only add what the criteria
 * do not already say: a title's gene-level row is dropped when the criteria state a
 * requirement of the same gene and direction, which is always at least as precise.
 */
import type { Gene, Requirement } from '../../domain/biomarkers.js';
import type { BiomarkerRow } from '../../domain/rows.js';
import { findMentions, type Mention } from './mentions.js';
import { findPdl1Cutoffs, isPdl1Negative, PDL1_NEGATIVE, PDL1_QUALIFIED, PDL1_QUALIFIED_BEFORE, type Pdl1Cutoff } from './pdl1.js';
import { PDL1_NEGATIVE_BEFORE, readPolarity, type Section } from './polarity.js';
import { isFusionGene } from './lexicon.js';
import { normalizeText, splitStatements, type Statement } from './statements.js';

// Bare "including" too: "EGFR mutation associated with TKI sensitivity (including G719X, L858R)"
// lists examples; "including one or more of L861Q, G719X" says which ones.
const EXAMPLE_CUE = /\b(?:e\.g\.?|for example|for instance|such as|including(?!\s+(?:only|one or more of|at least one of|any of|either|one of)\b))/i;

export interface BiomarkerInput {
  nct_id: string;
  inclusion: string | null;
  exclusion: string | null;
  title?: string | null;
  official_title?: string | null;
  conditions?: string[];
  keywords?: string[];
}

/** A row plus the rule that produced it (for the eval's --explain and for tests). */
export interface ExplainedRow extends BiomarkerRow {
  reason: string;
}

export function extractBiomarkers(input: BiomarkerInput): BiomarkerRow[] {
  return explainBiomarkers(input).map(({ reason: _reason, ...row }) => row);
}

export function explainBiomarkers(input: BiomarkerInput): ExplainedRow[] {
  const criteria: ExplainedRow[] = [
    ...fromStatements(input.nct_id, splitStatements(input.inclusion), 'inclusion'),
    ...fromStatements(input.nct_id, splitStatements(input.exclusion), 'exclusion'),
  ];
  const described: ExplainedRow[] = [];
  const titles = [input.title, input.official_title].filter((t): t is string => !!t && !!t.trim());
  for (const t of titles) described.push(...fromStatements(input.nct_id, [{ text: normalizeText(t), headers: [] }], 'title', true));
  for (const c of input.conditions ?? []) described.push(...fromStatements(input.nct_id, [{ text: normalizeText(c), headers: [] }], 'conditions', true));
  for (const k of input.keywords ?? []) described.push(...fromStatements(input.nct_id, [{ text: normalizeText(k), headers: [] }], 'keywords', true));
  const stated = new Set(criteria.map((r) => `${r.gene}|${r.requirement}`));
  // Conditions "HER2+ Breast Cancer" and "HER2-negative Breast Cancer" together: both states are studied.
  const kept = dropEitherState(described).filter((r) => !stated.has(`${r.gene}|${r.requirement}`));
  return dedupe([...criteria, ...kept]);
}

function fromStatements(nctId: string, statements: Statement[], section: Section, qualifiedOnly = false): ExplainedRow[] {
  const out: ExplainedRow[] = [];
  // Sibling items of one list ("Melanoma: * BRAF wild type: ... * BRAF mutation: ...") that
  // require opposite states of a marker describe cohorts that together accept both.
  const byList = new Map<string, ExplainedRow[]>();
  for (const st of statements) {
    const rows = fromSentence(nctId, st, section, qualifiedOnly);
    if (st.headers.length === 0) { out.push(...rows); continue; }
    const k = st.headers.join('\n');
    byList.set(k, [...(byList.get(k) ?? []), ...rows]);
  }
  for (const rows of byList.values()) out.push(...dropEitherState(rows));
  return out;
}

const stateKey = (r: ExplainedRow) => `${r.gene}|${r.alteration ?? ''}|${r.metric ?? ''}|${r.comparator ?? ''}|${r.cutoff ?? ''}|${r.cutoff_high ?? ''}`;

function dropEitherState(rows: ExplainedRow[]): ExplainedRow[] {
  const states = new Map<string, Set<Requirement>>();
  for (const r of rows) states.set(stateKey(r), (states.get(stateKey(r)) ?? new Set()).add(r.requirement));
  return rows.filter((r) => states.get(stateKey(r))!.size < 2);
}

interface Decided {
  mention: Mention;
  requirement: Requirement;
  reason: string;
}

function fromSentence(nctId: string, st: Statement, section: Section, qualifiedOnly: boolean): ExplainedRow[] {
  const { mentions, masked } = findMentions(st.text);
  if (mentions.length === 0) return [];
  const decided: Decided[] = [];
  for (const m of mentions) {
    if (qualifiedOnly && !m.qualified && m.gene !== 'PD-L1') continue;
    const p = readPolarity(masked, m, section, st.headers);
    if (p.requirement) decided.push({ mention: m, requirement: p.requirement, reason: p.reason });
  }
  // A gene named before its specific alterations ("EGFR mutation (exon 19 deletion or
  // L858R)") is specified by them; the gene-level row would widen the requirement. One
  // named after them ("ALK rearrangement or activating ALK mutation") is a second option.
  // Only alterations that follow it directly, with no other gene between, specify it.
  const otherGeneBetween = (a: Mention, b: Mention) =>
    mentions.some((o) => o.gene !== a.gene && o.start > a.end && o.end < b.start);
  const specifiedLater = (d: Decided) =>
    !d.mention.variant && decided.some((o) => o.mention.kind === 'marker' && o.mention.alteration !== null && o.mention.gene === d.mention.gene
      && o.requirement === d.requirement && o.mention.start > d.mention.start && !otherGeneBetween(d.mention, o.mention)
      && !EXAMPLE_CUE.test(st.text.slice(d.mention.end, o.mention.start)));
  // "EGFR mutations (e.g. exon 19 deletion, L858R)": examples of a gene-level requirement add nothing.
  const exampleOfGene = (d: Decided) =>
    d.mention.alteration !== null && d.mention.kind === 'marker' && decided.some((o) => o.mention.gene === d.mention.gene && o.mention.alteration === null
      && o.requirement === d.requirement && o.mention.start < d.mention.start && EXAMPLE_CUE.test(st.text.slice(o.mention.end, d.mention.start)));
  // "HR+/HER2- or HER2+ breast cancer", "EGFR wild-type or mutant": a sentence that
  // accepts both states of a marker requires neither.
  const states = new Map<string, Set<Requirement>>();
  for (const d of decided) {
    if (d.mention.kind !== 'marker' || d.mention.gene === 'PD-L1') continue;
    const k = `${d.mention.gene}|${d.mention.alteration ?? ''}`;
    states.set(k, (states.get(k) ?? new Set()).add(d.requirement));
  }
  const eitherState = (d: Decided) => d.mention.kind === 'marker' && states.get(`${d.mention.gene}|${d.mention.alteration ?? ''}`)?.size === 2;
  const rows: ExplainedRow[] = [];
  for (const d of decided) {
    const m = d.mention;
    if (eitherState(d) || exampleOfGene(d)) continue;
    if (m.alteration === null && m.gene !== 'PD-L1' && !m.variant && specifiedLater(d)) continue;
    if (m.gene === 'PD-L1') {
      rows.push(...pdl1Rows(nctId, st, masked, m, d, section, qualifiedOnly));
      continue;
    }
    const alteration = m.kind !== 'marker' && m.alteration === null && isFusionGene(m.gene) ? 'FUSION' : m.alteration;
    rows.push(row(nctId, m.gene, alteration, d.requirement, null, section, st.text, d.reason));
  }
  return rows;
}

function pdl1Rows(nctId: string, st: Statement, masked: string, m: Mention, d: Decided, section: Section, qualifiedOnly: boolean): ExplainedRow[] {
  const clause = clauseText(masked, st.text, m);
  const cutoffs = findPdl1Cutoffs(clause);
  if (cutoffs.length > 0) return cutoffs.map((c) => row(nctId, 'PD-L1', null, d.requirement, c, section, st.text, `${d.reason}, cut-off`));
  const after = st.text.slice(m.end);
  if (isPdl1Negative(after) || PDL1_NEGATIVE_BEFORE.test(st.text.slice(0, m.start))) return [row(nctId, 'PD-L1', null, d.requirement, PDL1_NEGATIVE, section, st.text, `${d.reason}, PD-L1 negative`)];
  const before = st.text.slice(0, m.start);
  const qualified = PDL1_QUALIFIED.test(after) || PDL1_QUALIFIED_BEFORE.test(before);
  if (!qualified && (qualifiedOnly || !/\bTPS|CPS|score\b/i.test(st.text.slice(m.start, m.end)))) return [];
  return [row(nctId, 'PD-L1', null, d.requirement, null, section, st.text, `${d.reason}, no cut-off`)];
}

/** The part of the sentence between the clause boundaries around the mention. */
function clauseText(masked: string, text: string, m: Mention): string {
  let start = 0;
  let end = text.length;
  for (const b of masked.matchAll(/;/g)) {
    if (b.index! < m.start) start = b.index! + 1;
    else if (b.index! >= m.end) { end = b.index!; break; }
  }
  return text.slice(start, end);
}

function row(
  nctId: string, gene: Gene, alteration: string | null, requirement: Requirement, cut: Pdl1Cutoff | null,
  section: Section, sourceText: string, reason: string,
): ExplainedRow {
  return {
    nct_id: nctId,
    gene,
    alteration,
    requirement,
    metric: cut?.metric ?? null,
    comparator: cut?.comparator ?? null,
    cutoff: cut?.cutoff ?? null,
    cutoff_high: cut?.cutoff_high ?? null,
    section,
    source_text: sourceText,
    reason,
  };
}

export function rowKey(r: Pick<BiomarkerRow, 'gene' | 'alteration' | 'requirement' | 'metric' | 'comparator' | 'cutoff' | 'cutoff_high'>): string {
  return [r.gene, r.alteration ?? '', r.requirement, r.metric ?? '', r.comparator ?? '', r.cutoff ?? '', r.cutoff_high ?? ''].join('|');
}

function dedupe(rows: ExplainedRow[]): ExplainedRow[] {
  const seen = new Set<string>();
  return rows.filter((r) => {
    const k = rowKey(r);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
