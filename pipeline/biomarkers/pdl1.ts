/**
 * PD-L1 expression cut-offs as written in criteria: "TPS >= 50%", "≥1%", "< 1%", "1-49%",
 * "between 1% and 49%", "50% or greater", "CPS ≥ 10", "high (≥50%)". A percentage with
 * no score named is a tumour proportion score, the NSCLC convention.
 */
import type { Comparator, PdL1Metric } from '../../domain/biomarkers.js';
import { allMatches } from '../../text/matches.js';

export interface Pdl1Cutoff {
  metric: PdL1Metric;
  comparator: Comparator;
  cutoff: number;
  cutoff_high: number | null;
}

const N = String.raw`(\d{1,3}(?:\.\d+)?)`;

const COMPARATOR_WORDS = new RegExp(
  [
    // "not less than 50%" is at least 50%, "not more than 49%" at most 49%: the negated words
    // start earlier than the plain ones, so they match first.
    String.raw`(≥|=>|⩾|\bnot (?:less|lower|fewer) than\b|\bnot below\b` +
      String.raw`|\bgreater than or equal to\b|\bmore than or equal to\b` +
      String.raw`|\bequal to or (?:greater|more|higher) than\b|\bequal or (?:greater|higher) than\b` +
      String.raw`|\bat least\b|\bno (?:less|fewer) than\b|\bminimum of\b|\bgreater or equal(?: to)?\b)`,
    String.raw`(≤|=<|⩽|\bnot (?:more|greater|higher) than\b|\bnot (?:exceeding|above)\b` +
      String.raw`|\bless than or equal to\b|\bequal to or less than\b|\bno more than\b|\bup to\b` +
      String.raw`|\bless or equal(?: to)?\b)`,
    String.raw`(\b(?:greater|more|higher) than\b|\babove\b|\bexceeding\b|\bover\b)`,
    String.raw`(\b(?:less|lower|fewer) than\b|\bbelow\b|\bunder\b)`,
  ].join('|'),
  'gi',
);
const SYMBOLS = ['>=', '<=', '>', '<'];

/**
 * Words to symbols, so one grammar reads "at least 50%" and "≥50%" alike. `rawAt[i]` is
 * the index in `s` of the normalized text's character i (one pass, so cut-offs can be
 * placed back beside the mention they belong to).
 */
function normalizeWithMap(s: string): { text: string; rawAt: Int32Array } {
  let text = '';
  const pieces: Array<[number, number]> = [];
  let last = 0;
  for (const m of allMatches(COMPARATOR_WORDS, s)) {
    text += s.slice(last, m.index!);
    pieces.push([text.length, m.index!]);
    text += SYMBOLS[m.slice(1).findIndex((g) => g !== undefined)];
    last = m.index! + m[0].length;
    pieces.push([text.length, last]);
  }
  text += s.slice(last);
  const rawAt = new Int32Array(text.length + 1);
  let p = 0;
  let offset = 0;
  for (let i = 0; i <= text.length; i++) {
    while (p < pieces.length && pieces[p][0] <= i) {
      offset = pieces[p][1] - pieces[p][0];
      p++;
    }
    rawAt[i] = i + offset;
  }
  return { text, rawAt };
}

export function normalizeComparators(s: string): string {
  return normalizeWithMap(s).text;
}

const IC_BEFORE =
  /\b(?:IC\d?|(?:tumou?r[- ]infiltrating\s+)?immune cells?(?:\s*\(IC\))?)\s*(?:score\s*)?(?:of\s*)?$/i;
const METRIC_CPS = /\b(?:CPS|combined positive score)\b/i;
const METRIC_CONTEXT =
  /\b(?:TPS|CPS|TC|score|tumou?r proportion|tumou?r cells?|expression|PD-?L-?1|level)\b[^.;%]{0,25}$/i;

function metricBefore(text: string, at: number, cpsOnly: boolean): PdL1Metric {
  const window = text.slice(Math.max(0, at - 60), at);
  const cps = window.search(/\b(?:CPS|combined positive score)\b/i);
  const tps = window.search(/\b(?:TPS|TC\d?|tumou?r proportion score|tumou?r cells?)\b/i);
  if (cps >= 0 && cps > tps) return 'CPS';
  if (cps < 0 && tps < 0 && cpsOnly) return 'CPS';
  return 'TPS';
}

const TC_LOW = [0, 1, 5, 50];
const TC_HIGH_EXCLUSIVE = [1, 5, 50, Infinity];

function sp142Tiers(list: string): Omit<Pdl1Cutoff, 'metric'> {
  const tiers = list.split('/').map((t) => Number(t.trim()));
  const lo = Math.min(...tiers);
  const hi = Math.max(...tiers);
  if (hi === 3) return { comparator: '>=', cutoff: TC_LOW[lo], cutoff_high: null };
  if (lo === 0) return { comparator: '<', cutoff: TC_HIGH_EXCLUSIVE[hi], cutoff_high: null };
  return { comparator: 'between', cutoff: TC_LOW[lo], cutoff_high: TC_HIGH_EXCLUSIVE[hi] - 1 };
}

function minus(n: number): number {
  // "< 50%" on integer scores ends at 49, the convention of "1-49%".
  return Number.isInteger(n) ? n - 1 : n;
}

/** All cut-offs in a clause, in order of appearance. */
export function findPdl1Cutoffs(raw: string): Pdl1Cutoff[] {
  return findPdl1CutoffsAt(raw).map(({ at: _at, ...c }) => c);
}

/** Cut-off forms, most specific first: a character read by one is not read again. */
const CUTOFF_PATTERNS: Array<[RegExp, (m: RegExpMatchArray) => Omit<Pdl1Cutoff, 'metric'> | null]> =
  [
    // ">= 1% and < 50%", ">=1% to <50%"
    // ">= 1% (TPS) and < 50%": a short aside may name the score between the two ends.
    [
      new RegExp(
        String.raw`>=\s*${N}\s*%?\s*(?:\([^()]{1,20}\)\s*)?(?:and|to|but|,|-|–)\s*` +
          String.raw`(?:[A-Za-z\-]+\s*){0,3}(<=?)\s*${N}\s*%?`,
        'g',
      ),
      (m) => ({
        comparator: 'between',
        cutoff: Number(m[1]),
        cutoff_high: m[2] === '<' ? minus(Number(m[3])) : Number(m[3]),
      }),
    ],
    // "1% <= TPS < 50%"
    [
      new RegExp(
        String.raw`${N}\s*%?\s*(<=?)\s*(?:PD-?L1\s*)?(?:TPS|CPS|TC|expression)\s*(<=?)\s*${N}\s*%?`,
        'gi',
      ),
      (m) => ({
        comparator: 'between',
        cutoff: m[2] === '<' ? Number(m[1]) + 1 : Number(m[1]),
        cutoff_high: m[3] === '<' ? minus(Number(m[4])) : Number(m[4]),
      }),
    ],
    // "1-49%", "1% to 49%", "between 1% and 49%"
    [
      new RegExp(String.raw`(?:between\s*)?${N}\s*%?\s*(?:-|–|~|to|and)\s*${N}\s*%`, 'gi'),
      // "0 to 100%" is every value: no cut-off at all.
      (m) =>
        Number(m[1]) < Number(m[2]) && !(Number(m[1]) === 0 && Number(m[2]) === 100)
          ? { comparator: 'between', cutoff: Number(m[1]), cutoff_high: Number(m[2]) }
          : null,
    ],
    // "50% or greater", "1% or more", "CPS of 1 or greater" (a score needs no percent sign)
    [
      new RegExp(String.raw`${N}\s*%?\s*or\s*(greater|higher|more|above|less|lower|below)\b`, 'gi'),
      (m) => ({
        comparator: /greater|higher|more|above/i.test(m[2]) ? '>=' : '<=',
        cutoff: Number(m[1]),
        cutoff_high: null,
      }),
    ],
    // "TPS 0% (negative)": a score of nothing is below the first integer step.
    [
      new RegExp(
        String.raw`(?<=\b(?:TPS|CPS|TC|score|expression|PD-?L-?1)\s*(?:of\s*|:\s*)?)0\s*%(?!\s*(?:-|–|to|and|or)\s*\d)`,
        'gi',
      ),
      () => ({ comparator: '<', cutoff: 1, cutoff_high: null }),
    ],
    // SP142 tumour-cell tiers: "TC3" (>= 50%), "TC2/3" (>= 5%), "TC1/2/3" (>= 1%), "TC0" (< 1%).
    [/\bTC\s?([0-3](?:\s*\/\s*[0-3])*)\b(?!\s*[%.,]?\d|\s*%)/g, (m) => sp142Tiers(m[1])],
    // ">= 50%", "< 1%", "TPS >= 50"
    [
      new RegExp(String.raw`(>=|<=|>|<|=)\s*${N}\s*(%?)`, 'g'),
      (m) =>
        m[1] === '='
          ? { comparator: 'between', cutoff: Number(m[2]), cutoff_high: Number(m[2]) }
          : { comparator: m[1] as Comparator, cutoff: Number(m[2]), cutoff_high: null },
    ],
    // "PD-L1 expression 50%", "TPS of 1%": a value written without its comparator is the lower bound.
    [
      new RegExp(
        String.raw`(?<=\b(?:TPS|CPS|TC|score|expression|PD-?L-?1)\s*(?:of\s*|:\s*|at\s*)?)${N}\s*%`,
        'gi',
      ),
      (m) => ({ comparator: '>=', cutoff: Number(m[1]), cutoff_high: null }),
    ],
  ];

/** The same, each with its position in `raw`. */
export function findPdl1CutoffsAt(raw: string): Array<Pdl1Cutoff & { at: number }> {
  const { text, rawAt } = normalizeWithMap(raw);
  const found: Array<Pdl1Cutoff & { at: number; end: number }> = [];
  // Characters already read as part of a cut-off: one array, not a list of spans, so a
  // clause with hundreds of percentages stays linear.
  const covered = new Uint8Array(text.length);
  const take = (s: number, e: number) => {
    for (let i = s; i < e; i++) if (covered[i]) return false;
    covered.fill(1, s, e);
    return true;
  };
  const cpsOnly = METRIC_CPS.test(text) && !/\b(?:TPS|tumou?r proportion)\b/i.test(text);
  for (const [re, build] of CUTOFF_PATTERNS) {
    for (const m of allMatches(re, text)) {
      const at = m.index!;
      const hasPercent = m[0].includes('%');
      if (!hasPercent && !METRIC_CONTEXT.test(text.slice(Math.max(0, at - 40), at))) continue;
      // "≥ 10% tumour-infiltrating immune cells (IC)" is an immune-cell score, not TPS or CPS.
      if (
        /^[^;,]{0,12}\b(?:tumou?r[- ]infiltrating\s+)?immune cells?\b|^\s*%?\s*(?:of\s+)?IC\b/i.test(
          text.slice(at + m[0].length, at + m[0].length + 60),
        )
      )
        continue;
      // "TC ≥ 50% or IC ≥ 10%": the immune-cell score may also be named before its number.
      if (IC_BEFORE.test(text.slice(Math.max(0, at - 40), at))) continue;
      const value = build(m);
      if (!value) continue;
      if (!take(at, at + m[0].length)) continue;
      found.push({ ...value, metric: metricBefore(text, at, cpsOnly), at, end: at + m[0].length });
    }
  }
  found.sort((a, b) => a.at - b.at);
  return withoutContainedExamples(text, found).map(({ end: _end, ...c }) => ({
    ...canonicalUpperBound(c),
    at: rawAt[c.at],
  }));
}

/** "≤ 49%" on integer scores is "< 50%", the one form an upper bound is written in (TPS<50, TPS<1). */
function canonicalUpperBound<C extends Pdl1Cutoff>(c: C): C {
  return c.comparator === '<=' && Number.isInteger(c.cutoff)
    ? { ...c, comparator: '<', cutoff: c.cutoff + 1 }
    : c;
}

/** The integer scores a cut-off admits, as a closed interval. */
function interval(c: Pdl1Cutoff): [number, number] {
  switch (c.comparator) {
    case '>=':
      return [c.cutoff, Infinity];
    case '>':
      return [c.cutoff + 1, Infinity];
    case '<':
      return [-Infinity, c.cutoff - 1];
    case '<=':
      return [-Infinity, c.cutoff];
    default:
      return [c.cutoff, c.cutoff_high ?? c.cutoff];
  }
}

// The bracket after a cut-off that opens a list of examples: "< 50% (including TPS < 1%)".
const EXAMPLE_BRACKET = /^[^()]{0,12}[([]\s*(?:includ\w*|incl\.?|e\.?g\.?|such as)[^()]*$/i;

/**
 * A cut-off named as an example of the range just before it, in a bracket, is that range's
 * ("TPS < 50% (includes TPS < 1%)" is TPS < 50%): not a requirement of its own.
 */
function withoutContainedExamples<C extends Pdl1Cutoff & { at: number; end: number }>(
  text: string,
  found: C[],
): C[] {
  return found.filter((c, i) => {
    const before = found[i - 1];
    if (!before || before.metric !== c.metric) return true;
    const [lo, hi] = interval(before);
    const [clo, chi] = interval(c);
    if (clo < lo || chi > hi) return true;
    return !EXAMPLE_BRACKET.test(text.slice(before.end, c.at));
  });
}

/** "PD-L1 negative", "PD-L1-negative": expression below 1%. */
export function isPdl1Negative(after: string): boolean {
  return /^[\s\-()]*(?:expression\s*)?(?:is\s*)?-?negative\b/i.test(after);
}

export const PDL1_NEGATIVE: Pdl1Cutoff = {
  metric: 'TPS',
  comparator: '<',
  cutoff: 1,
  cutoff_high: null,
};

/** Words that make a bare PD-L1 mention an expression requirement rather than a passing name. */
export const PDL1_QUALIFIED = new RegExp(
  String.raw`^(?:\s*\+|[\s\-()]*(?:\w+\s+){0,2}?` +
    String.raw`(?:expressing|positive|positivity|high|negative|status\s+(?:positive|negative|high))\b)`,
  'i',
);
export const PDL1_QUALIFIED_BEFORE = /\b(?:high|positive|negative)\s+(?:\w+\s+)?$/i;
