/**
 * Decides whether a mention is a requirement, and which way: the section gives the base
 * (inclusion -> required, exclusion -> excluded), negation flips it ("without", "wild-type",
 * "are excluded"), a carve-out flips it ("other than T790M"), and some mentions are not
 * requirements at all ("regardless of PD-L1", "EGFR status must be known", "patients with
 * ALK fusions must have received alectinib").
 */
import type { Requirement } from '../../domain/biomarkers.js';
import { DASH_CONTINUES } from './lexicon.js';
import type { Mention } from './mentions.js';

export type Section = 'inclusion' | 'exclusion' | 'title' | 'conditions' | 'keywords';

export interface Polarity {
  requirement: Requirement | null;
  /** Why: the rule that decided (shown by the eval's --explain). */
  reason: string;
}

/** Words allowed between a cue and the mention it governs ("without known EGFR"). */
const CHAIN = String.raw`(?:[\s,\/(\-–:\u0001\u0002]|\([^()]*\)|\b(?:known|documented|any|evidence|of|for|with|a|an|the|tumou?rs?|cancers?|harbou?r(?:ing|s)?|hav(?:e|ing)|has|had|carry(?:ing)?|contain(?:ing)?|show(?:ing)?|be|been|is|are|detectable|detected|presence|history|activating|sensiti[sz]ing|actionable|targetable|oncogenic|driver|drivers|genomic|genetic|molecular|oncogenes?|biomarkers?|mutations?|alterations?|aberrations?|rearrangements?|fusions?|translocations?|amplifications?|over-?expression|gene|genes|or|and|and\/or|nor|other|in|to|confirmed|expression|mutant|mutated|somatic|germline|common|classical|also|identified|including|e\.g\.|such as|currently|previously|following|that|which|whose|who|do|does|known to|status|active|exon|exons|\d+|receptor|this|includes|rare|uncommon|atypical|deletions?|insertions?|point|sensitive|specific|types?|variants?|but not limited to|not limited to|limited to|one|more|following|as|like|namely|i\.e\.|de novo|primary|acquired|secondary|pre-?existing|baseline|co-?occurring|concurrent|concomitant|co-?existing)\b)*`;

// "negative EGFR and ALK status": the adjective directly before the gene (the "$" is the mention's start).
const NEG_CUE = String.raw`\b(?:not (?:be )?positive (?:for|to)|negative(?=\s+(?:\u0001|$))|without|no|not|nor|neither|negative (?:for|to)|negative (?:(?:test|testing|staining|genetic|molecular|genomic)\s+)?(?:results?|tests?|testing|staining|findings?) (?:on|for|of|by)|absence of|absent|lack(?:ing)?(?: of)?|free of|wild[- ]?type(?: for)?|never|ineligible|exclud(?:e|es|ing) (?:patients|subjects|participants|those)|cannot|must not)`;
const CARVE_CUE = String.raw`\b(?:except(?: for)?|excluding|with the exception of|other than|apart from|besides|but not|not including|excepting|(?:the )?exceptions?(?: is| are)?:?)`;
const PRE_NEG = new RegExp(`${NEG_CUE}${CHAIN}$`, 'i');
const PRE_CARVE = new RegExp(`${CARVE_CUE}${CHAIN}$`, 'i');

const POST_CHAIN = String.raw`(?:[\s,\/()\-–:\u0001\u0002]|\b(?:or|and|and\/or|mutations?|status|gene|genes|alterations?|rearrangements?|fusions?|expression|tumou?rs?|is|are|was|were|must|be|to|known|confirmed|documented|tested|by|both|all|results?|for|as|sensitive|sensiti[sz]ing|activating|driver|drivers|common)\b)*`;
/** "EGFR-, ALK-, ROS1-, or RET-positive": each dash waits for the suffix of the last gene of the list. */
const SUSPENDED_HYPHEN = String.raw`[\s,]*(?:(?:or|and|and\/or|nor)\s+)?\u0001+\s*-`;
const POST_NEG = new RegExp(`^${POST_CHAIN}(?:wild[- ]?type|wildtype|WT\\b|negative(?!\\s+(?:for|to)\\b)|negativity|-\\s*ve\\b|(?<!\\s)-(?!${SUSPENDED_HYPHEN})(?=[\\])};,]|\\s*$|\\s+(?!${DASH_CONTINUES}))|not detected|undetectable|absent|non-?mutated|unmutated|not mutated|not amplified|not rearranged|(?<=:\\s*)(?:no|none)(?=\\s*(?:[.;,)]|$)))`, 'i');
// "are not candidates for this study" excludes; "are not candidates for osimertinib" names a therapy.
const POST_VERB_NEG = /\b(?:are|is|will be|must be|should be|were|would be|shall be)\s+(?:considered\s+|deemed\s+)?(?:excluded|not eligible|ineligible|not allowed|not permitted|not be (?:enrolled|included|eligible)|not (?:suitable\s+|eligible\s+|appropriate\s+)?candidates?\b(?!\s+for\s+(?!(?:this|the|these)\s+(?:study|trial|protocol|cohort|arm)s?\b)))/i;
/** "ineligible if a co-occurring EGFR mutation is present": an exclusion, not a condition. */
const INELIGIBLE_IF = new RegExp(`\\b(?:ineligible|not eligible|excluded|not allowed|not permitted)\\s+if\\b${CHAIN}$`, 'i');

// "who are eligible for pembrolizumab monotherapy" names a candidate for a therapy, not a permission to enrol.
const PERMISSIVE_AFTER = /\b(?:(?:are|is|were|was|will be|may be|would be|also|remain|be)\s+(?:also\s+)?(?:eligible(?!\s+(?:for|to receive)\s+(?!(?:this|the|these|enrol\w*|participat\w*|inclusion|study|trial|cohorts?|arms?|parts?)\b))|allowed|permitted|acceptable|included|enrolled)|(?:are|is) not excluded|requirements? (?:is|are) (?:excluded|waived|not applicable)|may (?:enroll|be enrolled|participate|be included)|can (?:be )?(?:enrolled|included|participate)|not required|(?:is|are) optional|(?<!(?:\b(?:negative|positive|wild[- ]?type|wildtype|WT)|%|\d)\s*,?\s+(?:or|and\/or|\/)\s+(?:status\s+)?)unknown)\b/i;
// "L858R alone or concurrent rare EGFR mutations" offers the co-mutation; a bare "concurrent
// EGFR mutation" (in an exclusion, or "KRAS G12C with concurrent MET amplification") names one.
const PERMISSIVE_BEFORE = new RegExp(`\\b(?:with or without|(?:alone or )?in combination with other|alone or (?:in combination |together )?with|regardless of|irrespective of|independent(?:ly)? of|unselected for|not selected for|any level of|all levels of|unknown|alone or (?:with )?(?:concurrent|co-?occurring|co-?existing|coexistent|accompanied by))${CHAIN}$`, 'i');
const ONLY = /\bonly\b/i;
/** "Neither EGFR T790M nor C797S is required": the "neither" belongs to the requirement, not the markers. */
const NEITHER_REQUIRED_AFTER = /^[^;]*?\b(?:is|are)\s+(?:required|needed|mandatory|necessary)\b/i;
/** "HER2 overexpression or amplification alone is not sufficient": named to be set aside, neither required nor excluded. */
const NOT_SUFFICIENT_AFTER = /^[^;]*?\b(?:alone|only|by itself|by themselves)\s+(?:is|are|will|does|do)\s+not\s+(?:be\s+)?(?:sufficient|enough|qualify|adequate)\b/i;

const TESTING_BEFORE = /\b(?:(?:presence|absence) or (?:presence|absence)|test(?:ed|ing|s)?|screen(?:ed|ing)?|assess(?:ed|ment)?|evaluat(?:ed|ion)|determin(?:e|ed|ation)|analys(?:is|ed)|samples?|tissue|specimens?|submitted|submission|available|availability|collection|measurement|measured|central(?:ly)?)\s+(?:of|for|by)(?:[\s,\/(\-–:\u0001\u0002]|\b(?:a|an|known|any|the|their|tumou?r|biomarkers?|testing|tests?|analysis|profiling|panel|NGS|status|expression|level|levels|mutations?|mutational|molecular|or|and|and\/or|including|e\.g\.|such as|retrospective|exploratory|analysis|central|local|confirmation|confirmatory|of|at least|one|more|each|all|either|following)\b)*$/i;
// Unknown short upper-case tokens ("ROS" typo'd beside ALK) may sit in a list before "status".
const TESTING_AFTER = new RegExp(`^${POST_CHAIN.replace('|status', '')}(?:status|testing|tests?\\b|results?|assessments?|analys[ie]s|assays?\\b|CDx\\b|pharmDx\\b|kits?\\b|evaluation|profiling|reports?|screening|determination|information)`, 'i');
/** "negative EGFR and ALK status": the state is written before the genes. */
const STATE_BEFORE = /\b(?:negative|positive|wild[- ]?type|wildtype|mutant|mutated|rearranged)\s+(?:[\u0001\u0002\s,\/]|\b(?:and|or|and\/or)\b)*$/i;
const POSITIVE_WORD = /\b(?:positive|pos(?:ti|it)ve|mutant|mutated|harbou?r|deletion|insertion|rearrange|fusion|amplif|wild|negative)/i;
/** For PD-L1 a cut-off makes a "status" sentence a requirement ("PD-L1 status (defined as 1% or greater)"). */
const CUTOFF_WORD = /\b(?:or greater|or higher|or more|at least)\b|[≥≤<>%]/i;

const CONDITIONAL_BEFORE = /\b(?:if|when|whether|in case|in the case of|in the event|unless|for (?:patients|participants|subjects|those|individuals) (?:with|whose|harbou?ring))\b|\b(?:required|mandatory|needed|necessary|indicated)\s+(?:only\s+)?for\s*$/i;
const SUBJECT_WITH = /\b(?:patients|participants|subjects|those|individuals|persons|people|tumou?rs|cancers)\s+(?:\w+\s+){0,2}?(?:with|whose|harbou?ring|carrying|who|that)\b/i;
const MUST_HAVE_HAD = /\b(?:must|should|need to|needs to|will need to|are required to|is required to|will be required to)\s+(?:(?:also|either|already)\s+)?(?:have\s+)?(?:(?:also|either|already)\s+)?(?:had|received|progress|progressed|been|failed|undergone|exhausted|completed|experienced|previously|prior|documented (?:disease )?progression|disease progression|progression|be\s+(?:refractory|intolerant|ineligible|previously|treated))/i;
const PRIOR_THERAPY = /\b(?:progress\w*|relaps\w*|recurr\w*|resistan\w*|refractory|fail\w*|received|treated|pre-?treated|prior|previous\w*|after|following|intoleran\w*|exposed|exposure)\b/i;
const NAIVE = /\bna[iï]ve\b/i;
const THERAPY_TARGET_BEFORE = /\b(?:inhibitors?|degraders?|therap(?:y|ies)|treatments?|agents?|drugs?|TKIs?)\b[^;]{0,20}\b(?:for|against|targeting)\s+(?:the\s+|an?\s+)?[\s\u0001]*$/i;
const EITHER_POS = String.raw`(?:mutation[- ])?(?:positive|mutant|mutated)`;
const EITHER_NEG = String.raw`(?:mutation[- ])?negative|wild[- ]?type|wildtype|non-?mutated`;
/** "mutation-positive or wild-type", "negative or positive": both states of the marker are accepted. */
const EITHER_WORDS = new RegExp(String.raw`\b(?:${EITHER_POS})\s+(?:or|and\/or|\/)\s+(?:${EITHER_NEG})\b|\b(?:${EITHER_NEG})\s+(?:or|and\/or|\/)\s+(?:${EITHER_POS})\b`, 'i');
export const PDL1_NEGATIVE_BEFORE = /\bnegative (?:for|to)\s*$/i;
const PDL1_ASSAY_AFTER = /^\s*(?:\(?\s*(?:SP263|SP142|22C3|28-8)\b|IHC\b|immunohistochemistry|assays?\b|antibod|pharmDx|CDx)/i;
const FAMILY_HISTORY = /\b(?:family history|first-degree relatives?|relatives?)\b[^;]*$/i;
/** "tumours with actionable alterations (e.g. EGFR exon 19 deletion)": the category is the requirement. */
const EXAMPLE_CUE_LAST = /\b(?:e\.g\.?|for example|for instance|such as|including but not limited to)(?![\s\S]*\b(?:e\.g\.?|for example|for instance|such as|including but not limited to))/i;
const NEGATED_CATEGORY = /\b(?:no|not|without|absence of|negative for|lack of|free of|never had)\s+(?:[\w-]+\s+){0,4}?(?:mutations?|alterations?|aberrations?|drivers?|rearrangements?|fusions?|variants?)\b[^;]*$/i;
const EXAMPLE_BEFORE = new RegExp(`\\b(?:e\\.g\\.?|for example|for instance|such as|including but not limited to)${CHAIN.replace('|e\\.g\\.|such as', '')}$`, 'i');
const AND_NOT_TREATED = /^[^;]*?\band (?:has|have|had) not (?:yet )?(?:received|been treated|had)\b/i;
const EITHER_SIGN = /^\s*(?:-\s*\/\s*\+|\+\s*\/\s*-)/;
/** "c-MET IHC", "PD-L1 and ALK FISH": a gene named with the test run on it ("by FISH" says how a requirement is confirmed). */
/** A later clause of the sentence, naming no gene, that says the statuses named before are negative. */
const LATER_NEGATIVE_FOR_ALL = /^[^.;]*;[^;\u0001\u0002]*?\b(?:(?:negative|wild[- ]?type)\s+for\s+(?:both|all|each|either|them|these)|(?:both|all|each)\s+(?:(?:must|should|shall)\s+be\s+|are\s+|being\s+)?(?:negative|wild[- ]?type))\b/i;
const TEST_METHOD_AFTER = /^[\s\-]*(?:IHC|immunohistochemistry|FISH|NGS|PCR)\b/i;
/** "therascreen KRAS RGQ PCR", "cobas EGFR Mutation Test": a gene inside an assay's product name. */
const ASSAY_BRAND_BEFORE = /\b(?:therascreen|cobas|idylla|oncomine|guardant\w*|foundation\s*one\w*|ventana|dako|qiagen|amoydx|super-?ARMS)\s*$/i;
const ASSAY_PRODUCT_AFTER = /^[\s\-]*(?:[A-Z][A-Za-z0-9]{1,5}\s+){0,2}(?:RT-?|dd|q)?(?:PCR|NGS|IHC|FISH|assay|kit|panel|test|CDx|pharmDx)\b/i;
/**
 * "X are not eligible unless they have progressed on targeted therapy", "EGFR mutation if
 * treated with erlotinib", "cetuximab for KRAS wild-type subjects": the marker names who
 * a condition applies to, not who may enrol.
 */
const UNLESS_TREATED_AFTER = /^[^;]*?\b(?:unless|except(?:\s+(?:for|in|when|if))?\s+(?:(?:patients|participants|subjects|those|individuals|they|the patient)\b|(?=if\b|when\b)))[^;]*?\b(?:progress\w*|received|treated|pre-?treated|failed|refractory|resistan\w*|intoleran\w*|exhausted|ineligible|contraindicat\w*|unable|unwilling|refused)\b/i;
const IF_AFTER = /^[^;()]*?\b(?:if|when)\s+(?:(?:the\s+)?(?:patients?|participants?|subjects?|they|he|she)\s+(?:\w+\s+){0,2}?)?(?:(?:previously|already|currently)\s+)?(?:treated|received|receiving|pre-?treated|progress\w*|exposed|non-?squamous|squamous|of\s+(?:non-?)?squamous)\b/i;
const FOR_SUBGROUP = /\bfor\s+(?:[\s\u0001]|\b(?:the|known|documented)\b)*$/i;
const SUBGROUP_AFTER = /^[\s\-]*(?:(?:wild[- ]?type|wildtype|WT|mutant|mutated|mutation[- ]positive|mutation[- ]negative|positive|negative|rearranged|altered|driven|non-?mutated|\+|-)\s*)?(?:patients|subjects|participants|individuals|tumou?rs|disease|cancers?|NSCLC|CRC|cohorts?)\b/i;
const THERAPY_WORDS = /\b(?:therap(?:y|ies)|treatments?|treated|received|inhibitors?|antibod(?:y|ies)|regimens?|agents?|drugs?|TKIs?)\b/i;
const MARKED_SUBJECT_MUST = /\b(?:patients|participants|subjects|those|individuals)\s+(?:\w+\s+){0,2}?(?:with|whose|harbou?ring|carrying)\b[^;]*?[\u0001\u0002][^;]*\b(?:must|should|need to|needs to|are required to|is required to|will need to|will be required to)\b[^;]*$/i;
const THERAPY_CONDITION = /\b(?:if|when|in case|for (?:patients|participants|subjects|those) with|in (?:patients|participants|subjects|those) with|where (?:applicable|indicated|appropriate)|as applicable|if applicable|when indicated)\b/i;

// Inline enumerations ("one of: i) family history ... iii) presence of EGFR ...") are alternatives:
// a cue in one item does not reach into the next.
const BOUNDARY = /;|\b(?:but(?! not limited)|however|whereas|although|though|provided that)\b|(?<=\s)\(?(?:i{1,3}|iv|vi{0,3}|ix|x|[a-h])\)(?=\s)/gi;

/**
 * How far from a mention a cue may sit and still govern it. Real clauses are far shorter;
 * the window keeps each mention's work constant, so a pathological multi-kilobyte
 * "sentence" with hundreds of mentions costs linear time, not quadratic.
 */
const WINDOW = 400;

interface SentenceView {
  raw: string;
  /** The sentence with "(but) not limited to" blanked. */
  masked: string;
  /** Top-level clause boundaries as [start, end], in order. */
  bounds: Array<[number, number]>;
}

// readPolarity is called once per mention of the same sentence in a row: read the
// sentence's clause boundaries once.
let lastView: SentenceView | null = null;

function viewOf(rawMasked: string): SentenceView {
  if (lastView && lastView.raw === rawMasked) return lastView;
  // "including but not limited to" introduces a list; its "not" negates nothing.
  const masked = rawMasked.replace(/\b(?:but\s+)?not\s+limited\s+to\b/gi, (t) => ' '.repeat(t.length));
  const bounds: Array<[number, number]> = [];
  let depth = 0;
  let i = 0;
  for (const b of masked.matchAll(BOUNDARY)) {
    const s = b.index!;
    const e = s + b[0].length;
    for (; i < s; i++) {
      const c = masked[i];
      if (c === '(' || c === '[') depth++;
      else if ((c === ')' || c === ']') && depth > 0) depth--;
    }
    // A semicolon inside brackets separates list items of one aside, not clauses.
    if (depth > 0) continue;
    // "but not" starts a carve-out of the same clause, not a new clause.
    if (/^but$/i.test(b[0]) && /^\s+not\b/i.test(masked.slice(e, e + 8))) continue;
    bounds.push([s, e]);
  }
  lastView = { raw: rawMasked, masked, bounds };
  return lastView;
}

function clauseOf(view: SentenceView, m: Mention): [number, number] {
  let start = 0;
  let end = view.masked.length;
  // Boundaries overlapping the mention are ignored, as before: find the last ending at or
  // before it and the first starting at or after its end.
  let lo = 0;
  let hi = view.bounds.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (view.bounds[mid][1] <= m.start) lo = mid + 1;
    else hi = mid;
  }
  if (lo > 0) start = view.bounds[lo - 1][1];
  for (let k = lo; k < view.bounds.length; k++) {
    if (view.bounds[k][0] >= m.end) { end = view.bounds[k][0]; break; }
  }
  return [Math.max(start, m.start - WINDOW), Math.min(end, m.end + WINDOW)];
}

/** Blanks out parenthetical asides that do not contain `pos`, so their verbs stay theirs. */
function outerView(text: string, pos: number): string {
  if (!/[(\[]/.test(text)) return text;
  // Blanked ranges are summed in a difference array, so deep nesting costs no more than flat asides.
  const diff = new Int32Array(text.length + 1);
  const stack: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(' || text[i] === '[') stack.push(i);
    else if ((text[i] === ')' || text[i] === ']') && stack.length > 0) {
      const open = stack.pop()!;
      if (!(pos > open && pos < i)) { diff[open + 1]++; diff[i]--; }
    }
  }
  const out = text.split('');
  let depth = 0;
  for (let j = 0; j < text.length; j++) {
    depth += diff[j];
    if (depth > 0) out[j] = ' ';
  }
  return out.join('');
}

/** Innermost open parenthesis around pos, as [start, end] of its content. */
function parenAround(text: string, pos: number): [number, number] | null {
  const stack: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(' || text[i] === '[') stack.push(i);
    else if ((text[i] === ')' || text[i] === ']') && stack.length > 0) {
      const open = stack.pop()!;
      if (pos > open && pos < i) return [open + 1, i];
    }
  }
  return null;
}

const HEADER_NEG = /\b(?:not|no|without|none of|must not|do not|does not|absence of)\s+(?:[\w-]+\s+){0,4}?(?:(?:any|one|all|either)\s+of\s+)?(?:the\s+)?(?:following|these|below)\b[^:]{0,80}:\s*$/i;

export function readPolarity(rawMasked: string, m: Mention, section: Section, headers: string[]): Polarity {
  const view = viewOf(rawMasked);
  const masked = view.masked;
  const [cs, ce] = clauseOf(view, m);
  const clause = masked.slice(cs, ce);
  const pos = m.start - cs;
  const before = clause.slice(0, pos);
  const afterFull = clause.slice(m.end - cs);
  const outer = outerView(clause, pos);
  const afterOuter = outer.slice(m.end - cs);
  const paren = parenAround(clause, pos);
  const afterInParen = paren ? clause.slice(m.end - cs, paren[1]) : null;

  if (m.kind !== 'marker') return therapyPolarity(masked, clause, before, afterOuter, m, section);

  const ineligibleIf = INELIGIBLE_IF.test(before);
  if (CONDITIONAL_BEFORE.test(before) && !ineligibleIf) return { requirement: null, reason: 'conditional (if/when)' };
  if (UNLESS_TREATED_AFTER.test(afterOuter) && (section === 'exclusion' || POST_VERB_NEG.test(afterOuter))) return { requirement: null, reason: 'conditional (X unless treated/progressed)' };
  if (IF_AFTER.test(afterOuter)) return { requirement: null, reason: 'conditional (X if treated with ...)' };
  if (FOR_SUBGROUP.test(before) && SUBGROUP_AFTER.test(masked.slice(m.end, m.end + 80)) && THERAPY_WORDS.test(clause)) return { requirement: null, reason: 'conditional (therapy for X patients)' };
  if (section === 'exclusion' && THERAPY_TARGET_BEFORE.test(before)) return { requirement: null, reason: 'target of an excluded prior therapy' };
  if (EITHER_WORDS.test(clause)) return { requirement: null, reason: 'either status accepted' };
  if (m.gene === 'PD-L1' && /\bany\s+(?:[\u0001\s]|\b(?:level|levels|expression|status|of)\b)*$/i.test(before)) return { requirement: null, reason: 'any PD-L1 level' };
  if (FAMILY_HISTORY.test(before)) return { requirement: null, reason: 'family history, not the tumour' };
  // "ISH positive is defined as HER2/CEP17 ratio ≥ 2.0": the gene defines a term used elsewhere.
  if (m.gene !== 'PD-L1' && /\b(?:is|are)\s+defined\s+as\b/i.test(before)) return { requirement: null, reason: 'definition of a term, not a requirement' };
  if (section === 'inclusion' && EXAMPLE_BEFORE.test(before) && !PRE_NEG.test(before)) {
    // "Absence of driver mutations for which targeted therapy is approved (e.g., EGFR, ALK)": examples of an excluded category.
    const cue = before.search(EXAMPLE_CUE_LAST);
    if (cue >= 0 && NEGATED_CATEGORY.test(before.slice(0, cue))) return { requirement: 'excluded', reason: 'inclusion, example of a negated category' };
    return { requirement: null, reason: 'example of a broader inclusion category' };
  }
  if (NOT_SUFFICIENT_AFTER.test(afterOuter)) return { requirement: null, reason: 'not sufficient alone' };
  if (/\bneither\b/i.test(before) && NEITHER_REQUIRED_AFTER.test(afterOuter)) return { requirement: null, reason: 'neither ... nor ... is required' };
  if (AND_NOT_TREATED.test(afterOuter)) return { requirement: null, reason: 'conditional (X and has not received ...)' };
  if (EITHER_SIGN.test(masked.slice(m.end, m.end + 20))) return { requirement: null, reason: 'either status accepted (-/+)' };
  if (SUBJECT_WITH.test(before) && MUST_HAVE_HAD.test(afterOuter)) return { requirement: null, reason: 'conditional (patients with X must have had ...)' };
  if (PERMISSIVE_BEFORE.test(before)) return { requirement: null, reason: 'not a requirement (regardless of / with or without)' };
  // Inside an aside, the verb of the sentence may come before it: "... are eligible (i.e. KRAS G12C)".
  const examplesOfPermitted = paren !== null && /^\s*(?:i\.e\.|e\.g\.|such as|namely|for example)/i.test(clause.slice(paren[0])) && PERMISSIVE_AFTER.test(clause.slice(Math.max(0, paren[0] - 120), paren[0]));
  const permissiveAfter = examplesOfPermitted || (afterInParen !== null && PERMISSIVE_AFTER.test(afterInParen)) || PERMISSIVE_AFTER.test(afterOuter);
  if (permissiveAfter && !ONLY.test(before)) return { requirement: null, reason: 'permissive (are eligible / allowed)' };
  // "HER2 IHC 2+ or 3+": a score is a stated result, not the name of a test.
  const stated = (t: string) => POSITIVE_WORD.test(t) || /\b[1-3]\s*\+/.test(t) || (m.gene === 'PD-L1' && CUTOFF_WORD.test(t));
  if (TESTING_BEFORE.test(before) && !stated(afterFull.slice(0, 40))) return { requirement: null, reason: 'testing, not a requirement' };
  // Other short symbols in the list ("EGFR, ALK, and ROS ALK status", "KRAS Mutation Assay") count as names.
  const symbolsMasked = afterFull.replace(/\b[A-Z][A-Z0-9]{1,5}\b/g, (t) => '\u0001'.repeat(t.length));
  if (TESTING_AFTER.test(symbolsMasked) && !stated(afterFull) && !STATE_BEFORE.test(before)) {
    // "EGFR and ALK status must be known; patients must be negative for both": the later clause states the result.
    if (LATER_NEGATIVE_FOR_ALL.test(masked.slice(m.end, m.end + WINDOW))) {
      return { requirement: section === 'exclusion' ? 'required' : 'excluded', reason: `${section}, status stated negative in a later clause` };
    }
    return { requirement: null, reason: 'status or test mention' };
  }
  if (TEST_METHOD_AFTER.test(afterFull) && !stated(afterFull)) return { requirement: null, reason: 'test named by its method' };
  if (ASSAY_BRAND_BEFORE.test(before) && ASSAY_PRODUCT_AFTER.test(afterFull) && !stated(afterFull.slice(0, 40))) return { requirement: null, reason: 'gene inside an assay product name' };

  const base: Requirement = section === 'exclusion' ? 'excluded' : 'required';
  // "negative for PD-L1" is an expression range (TPS < 1), not the absence of a gene.
  if (m.gene === 'PD-L1' && PDL1_NEGATIVE_BEFORE.test(before)) return { requirement: base, reason: `${section}, PD-L1 negative` };
  if (m.gene === 'PD-L1' && PDL1_ASSAY_AFTER.test(afterFull)) return { requirement: null, reason: 'PD-L1 assay name' };
  let flip = false;
  const reasons: string[] = [];
  // "EGFR wild-type and ALK-negative": the "wild-type" before ALK is EGFR's own state.
  const preNeg = before.match(PRE_NEG);
  const othersState = preNeg !== null && /^(?:wild|negative)/i.test(preNeg[0]) && /\u0001[\s-]*$/.test(before.slice(0, preNeg.index));
  if (preNeg && !othersState) { flip = !flip; reasons.push('negated before'); }
  // In the exclusion section "excluded if X" restates the section.
  if (ineligibleIf && !preNeg && section !== 'exclusion') { flip = !flip; reasons.push('ineligible if present'); }
  if (m.gene !== 'PD-L1' && POST_NEG.test(afterFull)) { flip = !flip; reasons.push('negative/wild-type after'); }
  // In the exclusion section "... are excluded" restates the section; elsewhere it negates.
  const verbScope = afterInParen !== null && POST_VERB_NEG.test(afterInParen) ? afterInParen : afterOuter;
  if (section !== 'exclusion' && POST_VERB_NEG.test(verbScope)) { flip = !flip; reasons.push('are excluded'); }
  if (headers.some((h) => HEADER_NEG.test(h))) { flip = !flip; reasons.push('negated list header'); }
  const carve = before.match(PRE_CARVE);
  const carved = m.carvedOut || carve !== null;
  // "excluding any other EGFR mutations": "other" than the alterations just listed, not the gene.
  if (carve && m.alteration === null && /\bother\b/i.test(carve[0])) return { requirement: null, reason: 'carve-out of other alterations' };
  if (carved) {
    // An exception inside an exclusion only re-admits patients; it does not require them.
    if (section === 'exclusion' && !flip) return { requirement: null, reason: 'carve-out of an exclusion' };
    flip = !flip;
    reasons.push('carve-out');
  }
  const requirement: Requirement = flip ? (base === 'required' ? 'excluded' : 'required') : base;
  return { requirement, reason: [section, ...reasons].join(', ') };
}

/**
 * A targeted therapy or drug implies the driver only when the inclusion criteria demand
 * that the patient has had it ("progressed on an EGFR TKI"); anything else ("no prior
 * EGFR TKI", exclusion of prior therapy, anti-PD-L1 antibodies) says nothing about the tumour.
 */
function therapyPolarity(masked: string, clause: string, before: string, afterOuter: string, m: Mention, section: Section): Polarity {
  if (section !== 'inclusion' || m.gene === 'PD-L1' || m.gene === 'HER2') return { requirement: null, reason: 'therapy mention' };
  if (/\banti-?\s*$/i.test(before)) return { requirement: null, reason: 'antibody therapy does not imply a driver' };
  // "patients with EGFR mutations must be previously treated with EGFR inhibitors": the subgroup names the driver, the therapy is its condition.
  if (MARKED_SUBJECT_MUST.test(before)) return { requirement: null, reason: 'conditional therapy (patients with X must have had ...)' };
  const notIndicated = /^[^;]*?\b(?:is|are)\s+not\s+(?:indicated|recommended|an option)\b/i.test(afterOuter) || /\b(?:not (?:a )?candidates? for|ineligible for|not eligible for)\s[^;]*$/i.test(before);
  if (notIndicated && m.kind === 'therapy') return { requirement: 'excluded', reason: 'inclusion, targeted therapy not indicated implies no driver' };
  if (m.kind === 'drug') {
    if (/\bdoses? of\s*$/i.test(before) || !/(?:progress\w*|relaps\w*|resistan\w*|refractory|fail\w*|received|treated|treatment|therapy|prior|previous\w*|after|following|intoleran\w*|exposed)\b[^.;]{0,60}$/i.test(before)) {
      return { requirement: null, reason: 'drug named without a prior-therapy requirement' };
    }
  }
  if (!PRIOR_THERAPY.test(clause) || NAIVE.test(clause)) return { requirement: null, reason: 'therapy without prior-therapy requirement' };
  if (THERAPY_CONDITION.test(clause) || CONDITIONAL_BEFORE.test(before)) return { requirement: null, reason: 'conditional therapy' };
  // "with or without prior osimertinib" leaves the therapy open; in "C797S (with or without
  // T790M) after osimertinib" the phrase governs the marker between, and negates nothing.
  if (/\bwith or without\b[^;()\u0001\u0002]*$/i.test(before)) return { requirement: null, reason: 'permissive therapy (with or without)' };
  const plainBefore = before.replace(/\bwith or without\b/gi, ' ');
  if (PRE_NEG.test(plainBefore) || /\b(?:no|not|without|never)\b/i.test(plainBefore)) return { requirement: null, reason: 'negated therapy' };
  if (PERMISSIVE_BEFORE.test(before) || PERMISSIVE_AFTER.test(afterOuter) || /\b(?:may|might|can|could|allowed|permitted)\b/i.test(clause)) {
    return { requirement: null, reason: 'permissive therapy' };
  }
  void masked;
  return { requirement: 'required', reason: 'inclusion, prior targeted therapy implies the driver' };
}
