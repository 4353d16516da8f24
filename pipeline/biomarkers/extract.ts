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
import {
  coveredBy,
  DRIVER_CLASSES,
  EGFR_SENSITIZING,
  type DriverClass,
  type Gene,
  type Requirement,
} from '../../domain/biomarkers.js';
import type { BiomarkerRow } from '../../domain/rows.js';
import { findMentions, type Mention } from './mentions.js';
import {
  findPdl1Cutoffs,
  findPdl1CutoffsAt,
  isPdl1Negative,
  PDL1_NEGATIVE,
  PDL1_QUALIFIED,
  PDL1_QUALIFIED_BEFORE,
  type Pdl1Cutoff,
} from './pdl1.js';
import { readContext, type Hit } from './context/engine.js';
import {
  decide,
  trialTumour,
  tumourNamedIn,
  type Polarity,
  type Section,
} from './context/decide.js';
import { COHORT_NOUNS, isFusionGene } from './lexicon.js';
import { sensitisingClass } from './sensitising.js';
import { findClassPhrases } from './driver-class.js';
import { firstAtOrAfter, sentencePostRules, type Decided } from './post-rules.js';
import { normalizeText, splitStatements, type Statement } from './statements.js';
import { anyOf, escapeRegex } from '../../text/regex-parts.js';
import { LIST_OPENERS, type ListOpener } from './context/rules.js';
import { assignGroups, joinedTogether, type GroupUnit } from './groups.js';
import { allMatches } from '../../text/matches.js';

const PDL1_NEGATIVE_BEFORE = /\bnegative (?:for|to)\s*$/i;

/** An opener of examples as a pattern; an abbreviation also without its stops ("eg," "eg ("). */
function exampleCue({ words, notBefore }: ListOpener): string[] {
  const stated = escapeRegex(words).replace(/\\\.$/, String.raw`\.?`);
  const unless = notBefore ? String.raw`(?!\s+(?:${notBefore.join('|')})\b)` : '';
  if (!words.includes('.')) return [stated + unless];
  return [stated, String.raw`${words.replace(/\./g, '')}(?=[,:]|\s+\()`];
}

// "EGFR mutation associated with TKI sensitivity (including G719X, L858R)" lists examples;
// "including one or more of L861Q, G719X" says which ones.
const EXAMPLE_CUE_G = new RegExp(
  String.raw`\b` + anyOf(LIST_OPENERS.filter((o) => o.examples).flatMap(exampleCue)),
  'gi',
);

const NONE_OF_THE_ABOVE =
  /\b(?:(?:wild[- ]?type|negative)\s+for\s+(?:all|any|each)\s+(?:of\s+)?(?:the\s+)?above|none of the above)\b/i;

export interface BiomarkerInput {
  nct_id: string;
  inclusion: string | null;
  exclusion: string | null;
  title?: string | null;
  official_title?: string | null;
  conditions?: string[];
  keywords?: string[];
}

/** A row plus the rules that produced it (for the eval's --explain and for tests). */
export interface ExplainedRow extends BiomarkerRow {
  reason: string;
  /** Ids of the polarity rules that fired for the mention behind the row. */
  rules: string[];
  /** Where a required row came from, for its requirement group (dropped from the output). */
  unit?: GroupUnit;
}

/** Sees every polarity decision, including mentions that gave no row (the eval counts rule firings). */
export type PolarityTrace = (decision: Polarity, section: Section) => void;

export function extractBiomarkers(input: BiomarkerInput): BiomarkerRow[] {
  return explainBiomarkers(input).map(
    ({ reason: _reason, rules: _rules, unit: _unit, ...row }) => row,
  );
}

export function explainBiomarkers(input: BiomarkerInput, trace?: PolarityTrace): ExplainedRow[] {
  const inclusion = splitStatements(input.inclusion);
  const titles = [input.title, input.official_title].filter((t): t is string => !!t && !!t.trim());
  const tumour = trialTumour({
    conditions: input.conditions ?? [],
    titles,
    inclusion: inclusion.map((st) => st.text),
  });
  const criteria: ExplainedRow[] = [
    ...fromStatements(input.nct_id, inclusion, 'inclusion', false, tumour, trace),
    ...fromStatements(
      input.nct_id,
      splitStatements(input.exclusion),
      'exclusion',
      false,
      tumour,
      trace,
    ),
  ];
  const described: ExplainedRow[] = [];
  for (const t of titles)
    described.push(
      ...fromStatements(
        input.nct_id,
        [{ text: normalizeText(t), headers: [] }],
        'title',
        true,
        tumour,
        trace,
      ),
    );
  for (const c of input.conditions ?? [])
    described.push(
      ...fromStatements(
        input.nct_id,
        [{ text: normalizeText(c), headers: [] }],
        'conditions',
        true,
        tumour,
        trace,
      ),
    );
  for (const k of input.keywords ?? [])
    described.push(
      ...fromStatements(
        input.nct_id,
        [{ text: normalizeText(k), headers: [] }],
        'keywords',
        true,
        tumour,
        trace,
      ),
    );
  // The criteria say it more precisely: a title or condition adds nothing on a gene the criteria
  // state in the same direction, and is overruled where they exclude what it names.
  // A class of drivers excluded names no marker: it neither states nor overrules one.
  const named = criteria.filter((r) => r.scope !== 'driver_class');
  const stated = new Set(named.map((r) => `${r.gene}|${r.requirement}`));
  const excludedThere = new Set(
    named.filter((r) => r.requirement === 'excluded').map((r) => `${r.gene}|${r.alteration}`),
  );
  const overruled = (r: ExplainedRow) =>
    r.requirement === 'required' &&
    (excludedThere.has(`${r.gene}|${r.alteration}`) || excludedThere.has(`${r.gene}|null`));
  // Conditions "HER2+ Breast Cancer" and "HER2-negative Breast Cancer" together: both states are studied.
  const kept = dropEitherState(described).filter(
    (r) => !stated.has(`${r.gene}|${r.requirement}`) && !overruled(r),
  );
  return assignGroups(dedupe(withoutOwnDrivers([...criteria, ...kept])), rowKey);
}

/**
 * A class of drivers excluded is the other drivers: never a gene the trial requires
 * ("ALK-positive; no other oncogenic driver").
 */
function withoutOwnDrivers(rows: ExplainedRow[]): ExplainedRow[] {
  const requiredGenes = new Set(
    rows.filter((r) => r.requirement === 'required' && r.scope === 'lung').map((r) => r.gene),
  );
  return rows.filter((r) => r.scope !== 'driver_class' || !requiredGenes.has(r.gene));
}

function fromStatements(
  nctId: string,
  statements: Statement[],
  section: Section,
  qualifiedOnly: boolean,
  tumour: string | null,
  trace?: PolarityTrace,
): ExplainedRow[] {
  const out: ExplainedRow[] = [];
  // Sibling items of one list ("Melanoma: * BRAF wild type: ... * BRAF mutation: ...") that
  // require opposite states of a marker describe cohorts that together accept both.
  const byList = new Map<string, ExplainedRow[]>();
  const perStatement = statements.map((st, i) =>
    fromSentence(nctId, st, section, qualifiedOnly, tumour, trace).map((r) => ({
      ...r,
      unit: { ...r.unit!, cohort: cohortOf(statements, i), criterion: criterionOf(st, section, i) },
    })),
  );
  specifiedByItems(statements, perStatement);
  scopedByItems(statements, perStatement);
  statements.forEach((st, i) => {
    const rows = perStatement[i];
    // "Cohort A: EGFR-mutant ..." / "Cohort B: EGFR wild-type": labelled cohort items of one
    // list are siblings even when the list has no header line.
    const cohort = COHORT_ITEM.test(st.text);
    if (st.headers.length === 0 && !cohort) {
      for (const r of rows) out.push(r);
      return;
    }
    // Cohort items under different label lines ("Part 1 ...:" / "Part 2 ...:") are two lists.
    const k = st.headers.join('\n') + (cohort ? `\n\u0000cohorts\n${st.lead ?? ''}` : '');
    // "Arm 4: wild-type for all of the above": a sibling cohort takes the other state of
    // every marker the earlier items name, so the list requires none of them.
    if (NONE_OF_THE_ABOVE.test(st.text)) {
      byList.set(k, rows);
      return;
    }
    byList.set(k, [...(byList.get(k) ?? []), ...rows]);
  });
  for (const rows of byList.values()) for (const r of dropEitherState(rows)) out.push(r);
  return out;
}

/**
 * "NSCLC with one of the following: * ALK fusion * ROS1 fusion": items under a header offering a
 * choice are one criterion, so their markers are alternatives as in a list written on one line.
 */
const CHOICE_HEADER =
  /\b(?:(?:at least )?one|any|either)(?: or more)?(?: of)?(?: the)? following\b[^:]*:\s*$|\beither\s*:\s*$/i;

function criterionOf(st: Statement, section: Section, i: number): string {
  const header = st.headers.at(-1);
  return header && CHOICE_HEADER.test(header) ? `${section}:choice:${header}` : `${section}:${i}`;
}

/** The cohort label a criterion sits under ("Cohort A: ...", a "Part 2 (KRAS G12C):" header), or ''. */
function cohortOf(statements: Statement[], i: number): string {
  const st = statements[i];
  // A cohort's own header line ("Cohort 2 - KRAS-mutant NSCLC:", "Cohort 1 (EGFR-mutant):") is
  // that cohort's, the one its items read, not the one before it, whatever the list made its
  // parent.
  if (/:\s*$/.test(st.text) && (COHORT_HEADER.test(st.text) || COHORT_ITEM.test(st.text)))
    return `header:${st.text}`;
  if (COHORT_ITEM.test(st.text)) return `item:${i}`;
  const label = [...st.headers, st.lead ?? ''].reverse().find((h) => COHORT_HEADER.test(h));
  return label ? `header:${label}` : '';
}

const COHORT_HEADER = new RegExp(String.raw`^(?:[\w-]+\s+){0,3}${COHORT_NOUNS}\b`, 'i');

/** A cohort's name: its noun and id, or several ids ("Cohorts 1 and 2", "Arms A/B"). */
const COHORT_ID = String.raw`[\w.-]{1,5}`;
const COHORT_NAME =
  String.raw`(?:(?:expansion|dose[- ]expansion)\s+)?${COHORT_NOUNS}\s*${COHORT_ID}` +
  String.raw`(?:\s*(?:,|and|&|or|\/)\s*${COHORT_ID})*`;
/**
 * An item labelled with its cohort, however the label is set off: "Cohort A:", "For Arm B:",
 * "Arm A only:", "Expansion cohort 2 (NSCLC):", "Cohort 1 - EGFR exon 20 insertion", "Cohort 1
 * (EGFR exon 20 insertion)", or after the item, "EGFR exon 20 insertion (Cohort 1)".
 */
const COHORT_ITEM = new RegExp(
  anyOf([
    String.raw`^(?:for\s+|in\s+)?${COHORT_NAME}\s*(?:\([^()]{0,40}\)\s*)?(?:only\s*)?(?::|\s[-–—]\s)`,
    String.raw`^${COHORT_NAME}\s*\([^()]{3,80}\)\s*[.;]?\s*$`,
    String.raw`\(${COHORT_NAME}(?:\s+only)?\)\s*[.;]?\s*$`,
  ]),
  'i',
);

/**
 * "MET dysregulation as defined by one of the following: a. MET exon 14 skipping ...
 * b. MET amplification": a gene named in a list header is specified by the alterations its
 * items give for the same gene and requirement, as "EGFR mutation (exon 19 deletion or
 * L858R)" is within one sentence; the header's gene-level row would widen the requirement.
 * So is a PD-L1 header by its items' cut-offs ("Cohort 1 (PD-L1 high): * TPS >= 50%").
 */
function specifiedByItems(statements: Statement[], perStatement: ExplainedRow[][]): void {
  statements.forEach((h, i) => {
    if (!/:\s*$/.test(h.text) || !perStatement[i].some(geneLevel)) return;
    const specific = new Set<string>();
    for (let j = i + 1; j < statements.length; j++) {
      // Its items, nested under it or set off by a blank line below its label line.
      const st = statements[j];
      if (!st.headers.some((x) => x.endsWith(h.text)) && st.lead !== h.text) continue;
      for (const r of perStatement[j])
        if (!geneLevel(r)) specific.add(`${r.gene}|${r.requirement}`);
    }
    if (specific.size === 0) return;
    perStatement[i] = perStatement[i].filter(
      (r) => !geneLevel(r) || !specific.has(`${r.gene}|${r.requirement}`),
    );
  });
}

/** A row naming its gene only: no alteration, and for PD-L1 no cut-off ("PD-L1 high:"). */
const geneLevel = (r: ExplainedRow) => r.alteration === null && r.metric === null;

/**
 * "Diagnosis of one of the following BRAF V600E-positive cancers:" whose items are melanoma
 * and glioma: a list header's marker qualifies the tumours its items name, when none is lung.
 */
function scopedByItems(statements: Statement[], perStatement: ExplainedRow[][]): void {
  statements.forEach((h, i) => {
    if (!/:\s*$/.test(h.text) || !perStatement[i].some((r) => r.scope === 'lung')) return;
    const items = statements.filter((s) => s.headers.some((x) => x.endsWith(h.text)));
    if (items.length === 0 || tumourNamedIn(h.text, true)) return;
    if (items.some((s) => tumourNamedIn(s.text, true))) return;
    const other = items.map((s) => tumourNamedIn(s.text, false)).find((t) => t !== null);
    if (!other) return;
    const rule = `scope.other-tumour:${other}(items)`;
    perStatement[i] = perStatement[i].map((r) =>
      r.scope === 'lung'
        ? { ...r, scope: 'other_tumour', rules: [...r.rules, rule], reason: `${r.reason}, ${rule}` }
        : r,
    );
  });
}

const stateKey = (r: ExplainedRow) =>
  `${r.gene}|${r.alteration ?? ''}|${r.metric ?? ''}|${r.comparator ?? ''}|${r.cutoff ?? ''}|${r.cutoff_high ?? ''}`;

function dropEitherState(rows: ExplainedRow[]): ExplainedRow[] {
  const states = new Map<string, Set<Requirement>>();
  for (const r of rows)
    states.set(stateKey(r), (states.get(stateKey(r)) ?? new Set()).add(r.requirement));
  return rows.filter((r) => states.get(stateKey(r))!.size < 2);
}

/**
 * What the list headers above a criterion hand down to it: the cues whose scope is still open
 * at the header's end ("Must not have any of the following:") and the tumours they name
 * ("Breast cancer cohort:"); the label line before it ("Part C (TNBC):") hands down its tumour,
 * and the cues that reach the word standing for its items ("The following patients are not
 * eligible:").
 */
function headerHits(st: Statement): Hit[] {
  const out: Hit[] = [];
  for (const h of st.headers) out.push(...readContext(findMentions(h).masked, []).inherited);
  if (st.lead && !st.headers.includes(st.lead))
    out.push(
      ...readContext(findMentions(st.lead).masked, []).inherited.filter(
        (x) => x.category.endsWith('tumour') || x.toItems,
      ),
    );
  return out;
}

/** Words that make the scores beside a marker strata of an analysis rather than its value. */
const STRATA = /\b(?:vs\.?|versus|stratif\w*)\b/i;

/**
 * "PD-L1 status >= 1%", "PD-L1 expression [TPS >= 50%]": a score written after the marker
 * states its value, in brackets too; strata ("PD-L1 (TPS >= 50% vs < 50%)") state none.
 */
function statesPdl1Value(text: string, m: Mention): boolean {
  const after = text.slice(m.start, m.end + 60);
  const cutoffs = findPdl1Cutoffs(after);
  if (cutoffs.length === 0 || STRATA.test(after)) return false;
  const up = cutoffs.some((c) => c.comparator.startsWith('>'));
  const down = cutoffs.some((c) => c.comparator.startsWith('<'));
  return !(up && down);
}

/** "HER2-overexpression (IHC 2+ or 3+) status": an IHC score in brackets states the result. */
const SCORE_IN_BRACKETS_AFTER = new RegExp(
  String.raw`^[\s-]*(?:(?:over)?expression|(?:over)?expressing|positive|positivity|amplification|amplified|protein)?` +
    String.raw`\s*\(\s*(?:IHC\s*)?(?:score\s*(?:of\s*)?)?[1-3]\s*\+(?![^)]*\bvs\b)`,
  'i',
);

function statesScore(text: string, m: Mention): boolean {
  return m.kind === 'marker' && SCORE_IN_BRACKETS_AFTER.test(text.slice(m.end, m.end + 60));
}

function fromSentence(
  nctId: string,
  st: Statement,
  section: Section,
  qualifiedOnly: boolean,
  tumour: string | null,
  trace?: PolarityTrace,
): ExplainedRow[] {
  const { mentions, masked } = findMentions(st.text);
  const classes = qualifiedOnly ? [] : findClassPhrases(st.text, masked);
  if (mentions.length === 0 && classes.length === 0) return [];
  const decided: Decided[] = [];
  for (const m of mentions)
    if (m.gene === 'PD-L1' ? statesPdl1Value(st.text, m) : statesScore(st.text, m))
      m.positive = true;
  const classTargets = classes.map((c) => ({ start: c.headStart, end: c.end, gene: null }));
  const context = readContext(masked, [...mentions, ...classTargets]);
  const inherited = headerHits(st);
  const carved = new Set<Gene>();
  mentions.forEach((m, i) => {
    if (qualifiedOnly && !m.qualified && m.gene !== 'PD-L1') return;
    const p = decide(m, [...context.hits[i], ...inherited], section, tumour);
    trace?.(p, section);
    if (p.rules.some((r) => r.startsWith('carve.'))) carved.add(m.gene);
    if (p.requirement)
      decided.push({
        mention: m,
        requirement: p.requirement,
        reason: p.reason,
        rules: p.rules,
        scope: p.scope,
      });
  });
  const { eitherState, exampleOfGene, specifiedGene, repeatsGene } = sentencePostRules(
    st.text,
    mentions,
    decided,
    EXAMPLE_CUE_G,
  );
  const rows: ExplainedRow[] = [];
  const pdl1 = assignCutoffs(
    st.text,
    masked,
    decided.filter((d) => d.mention.gene === 'PD-L1' && !eitherState(d)),
  );
  for (const d of decided) {
    const m = d.mention;
    if (eitherState(d) || exampleOfGene(d) || repeatsGene(d)) continue;
    const broad = m.alteration === null || coveredBy(m.gene, m.alteration).length > 1;
    if (broad && m.gene !== 'PD-L1' && !m.variant && specifiedGene(d)) continue;
    if (m.gene === 'PD-L1') {
      for (const r of pdl1Rows(nctId, st, m, d, section, qualifiedOnly, pdl1)) rows.push(r);
      continue;
    }
    const alteration =
      m.kind !== 'marker' && m.alteration === null && isFusionGene(m.gene)
        ? 'FUSION'
        : m.alteration;
    // "EGFR sensitising / activating / TKI-sensitive mutation" is a class of alterations, not the gene.
    if (m.gene === 'EGFR' && alteration === null && !m.negative && sensitisingClass(st.text, m)) {
      for (const a of EGFR_SENSITIZING)
        rows.push(
          row(nctId, m.gene, a, d, null, section, st.text, `${d.reason}, class.sensitising`),
        );
      continue;
    }
    rows.push(row(nctId, m.gene, alteration, d, null, section, st.text, d.reason));
  }
  classes.forEach((c, k) => {
    const hits = [...context.hits[mentions.length + k], ...inherited];
    const p = decide({ gene: null, kind: 'marker', carvedOut: false }, hits, section, tumour);
    if (p.requirement === 'excluded' && p.scope === 'lung')
      rows.push(...classRows(nctId, c.cls, carved, p, section, st.text));
  });
  const requiredSpans = decided
    .filter((d) => d.requirement === 'required' && d.mention.kind === 'marker')
    .map((d) => d.mention);
  const together = joinedTogether(st.text, requiredSpans);
  return rows.map((r) => ({ ...r, unit: { cohort: '', criterion: '', together } }));
}

interface Pdl1Assignment {
  /** Cut-offs read for each PD-L1 mention. */
  cutoffs: Map<Mention, Pdl1Cutoff[]>;
  /** Mentions in a clause whose cut-offs went to another mention of the same clause. */
  clauseHasCutoffs: Set<Mention>;
}

/**
 * Each cut-off of a clause belongs to the nearest PD-L1 mention before it (or the first
 * one after it): "PD-L1 TPS ≥ 50%" gives one row, not one per word naming PD-L1, and a
 * clause of hundreds of percentages is read once rather than once per mention.
 */
function assignCutoffs(text: string, masked: string, ds: Decided[]): Pdl1Assignment {
  const out: Pdl1Assignment = { cutoffs: new Map(), clauseHasCutoffs: new Set() };
  if (ds.length === 0) return out;
  const bounds = allMatches(/;/g, masked).map((b) => b.index!);
  const byClause = new Map<number, Decided[]>();
  for (const d of ds) {
    const i = firstAtOrAfter(bounds, d.mention.start);
    byClause.set(i, [...(byClause.get(i) ?? []), d]);
  }
  for (const [i, group] of byClause) {
    const start = i === 0 ? 0 : bounds[i - 1] + 1;
    const end = i < bounds.length ? bounds[i] : text.length;
    const found = findPdl1CutoffsAt(text.slice(start, end));
    if (found.length === 0) continue;
    const sorted = group.map((d) => d.mention).sort((a, b) => a.start - b.start);
    for (const m of sorted) out.clauseHasCutoffs.add(m);
    for (const { at, ...c } of found) {
      const pos = start + at;
      let owner = sorted[0];
      for (const m of sorted) {
        if (m.start <= pos) owner = m;
        else break;
      }
      out.cutoffs.set(owner, [...(out.cutoffs.get(owner) ?? []), c]);
    }
  }
  return out;
}

function pdl1Rows(
  nctId: string,
  st: Statement,
  m: Mention,
  d: Decided,
  section: Section,
  qualifiedOnly: boolean,
  assigned: Pdl1Assignment,
): ExplainedRow[] {
  const cutoffs = assigned.cutoffs.get(m) ?? [];
  if (cutoffs.length > 0)
    return cutoffs.map((c) =>
      row(nctId, 'PD-L1', null, d, c, section, st.text, `${d.reason}, cut-off`),
    );
  if (assigned.clauseHasCutoffs.has(m)) return [];
  const after = st.text.slice(m.end, m.end + 200);
  const before = st.text.slice(Math.max(0, m.start - 200), m.start);
  if (isPdl1Negative(after) || PDL1_NEGATIVE_BEFORE.test(before))
    return [
      row(nctId, 'PD-L1', null, d, PDL1_NEGATIVE, section, st.text, `${d.reason}, PD-L1 negative`),
    ];
  const qualified = PDL1_QUALIFIED.test(after) || PDL1_QUALIFIED_BEFORE.test(before);
  if (!qualified && (qualifiedOnly || !/\bTPS|CPS|score\b/i.test(st.text.slice(m.start, m.end))))
    return [];
  return [row(nctId, 'PD-L1', null, d, null, section, st.text, `${d.reason}, no cut-off`)];
}

/** The members of an excluded class, less the genes the criterion carves out ("other than ALK"). */
function classRows(
  nctId: string,
  cls: DriverClass,
  carved: ReadonlySet<Gene>,
  p: Polarity,
  section: Section,
  sourceText: string,
): ExplainedRow[] {
  return DRIVER_CLASSES[cls]
    .filter(([gene]) => !carved.has(gene))
    .map(([gene, alteration]) => ({
      nct_id: nctId,
      gene,
      alteration,
      requirement: 'excluded' as const,
      metric: null,
      comparator: null,
      cutoff: null,
      cutoff_high: null,
      section,
      source_text: sourceText,
      reason: `${p.reason}, class.${cls}`,
      rules: [...p.rules, `class.${cls}`],
      scope: 'driver_class' as const,
      group: null,
    }));
}

function row(
  nctId: string,
  gene: Gene,
  alteration: string | null,
  d: Decided,
  cut: Pdl1Cutoff | null,
  section: Section,
  sourceText: string,
  reason: string,
): ExplainedRow {
  return {
    nct_id: nctId,
    gene,
    alteration,
    requirement: d.requirement,
    metric: cut?.metric ?? null,
    comparator: cut?.comparator ?? null,
    cutoff: cut?.cutoff ?? null,
    cutoff_high: cut?.cutoff_high ?? null,
    section,
    source_text: sourceText,
    reason,
    rules: d.rules,
    scope: d.scope,
    group: null,
  };
}

export function rowKey(
  r: Pick<
    BiomarkerRow,
    'gene' | 'alteration' | 'requirement' | 'metric' | 'comparator' | 'cutoff' | 'cutoff_high'
  >,
): string {
  return [
    r.gene,
    r.alteration ?? '',
    r.requirement,
    r.metric ?? '',
    r.comparator ?? '',
    r.cutoff ?? '',
    r.cutoff_high ?? '',
  ].join('|');
}

/** One row per requirement, except that a required lung row is kept per criterion for its groups. */
function dedupe(rows: ExplainedRow[]): ExplainedRow[] {
  const seen = new Set<string>();
  return rows.filter((r) => {
    const perCriterion = r.requirement === 'required' && r.scope === 'lung';
    const k = `${rowKey(r)}|${r.scope}|${perCriterion ? (r.unit?.criterion ?? '') : ''}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
