/**
 * The scopes a polarity rule can look at, for one mention of one sentence. The sentence's
 * clause boundaries are read once per sentence (`sentenceView`) and passed in by the caller;
 * nothing is kept between calls.
 */
import type { Mention } from '../mentions.js';
import { BOUNDARY, UNTRACKED_SYMBOL } from './patterns.js';

export type Section = 'inclusion' | 'exclusion' | 'title' | 'conditions' | 'keywords';

/**
 * How far from a mention a cue may sit and still govern it. Real clauses are far shorter;
 * the window keeps each mention's work constant, so a pathological multi-kilobyte
 * "sentence" with hundreds of mentions costs linear time, not quadratic.
 */
export const WINDOW = 400;

export interface SentenceView {
  /** The sentence with "(but) not limited to" blanked. */
  masked: string;
  /** Top-level clause boundaries as [start, end], in order. */
  bounds: Array<[number, number]>;
}

/** Reads a sentence's clause boundaries (once per sentence, shared by all its mentions). */
export function sentenceView(rawMasked: string): SentenceView {
  // "including but not limited to" introduces a list; its "not" negates nothing.
  const masked = rawMasked.replace(/\b(?:but\s+)?not\s+limited\s+to\b/gi, (t) =>
    ' '.repeat(t.length),
  );
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
  return { masked, bounds };
}

/** Everything a rule may test for one mention; scopes are computed on first use. */
export interface MentionContext {
  mention: Mention;
  section: Section;
  /** Headers of the lists the sentence is nested under. */
  headers: string[];
  /** The plain label line the sentence follows ("Gastric cancer cohort:"), for the tumour scope. */
  lead: string | null;
  /** The trial's own tumour when it names no lung tumour (see `StatementPlace`). */
  trialTumour: string | null;
  view: SentenceView;
  /** The clause around the mention (bounded by WINDOW). */
  clause: string;
  /** Offset of the clause in the sentence. */
  clauseStart: number;
  scope(name: ScopeName): string;
}

/**
 * - before: clause text before the mention; after: clause text after it;
 * - after-outer: `after` with parenthetical asides that do not hold the mention blanked;
 * - after-in-paren: `after` up to the end of the aside holding the mention ('' if none);
 * - clause: the whole clause; next-20 / next-80: the sentence right after the mention;
 * - following: the sentence after the mention up to WINDOW (crosses clause boundaries);
 * - after-40: the first 40 characters of `after`;
 * - before-example-cue: `before` up to its last example cue ("e.g.", "such as");
 * - after-symbols: `after` with short upper-case symbols masked as names;
 * - before-plain: `before` with "with or without" blanked (it negates nothing);
 * - before-symbols: `before` with gene symbols the lexicon does not track masked as genes, so
 *   "no known PIK3CA or EGFR mutation" keeps its negation chain.
 */
export type ScopeName =
  | 'before'
  | 'after'
  | 'after-outer'
  | 'after-in-paren'
  | 'clause'
  | 'next-20'
  | 'next-80'
  | 'following'
  | 'after-40'
  | 'before-example-cue'
  | 'after-symbols'
  | 'before-plain'
  | 'before-symbols';

export interface StatementPlace {
  section: Section;
  headers: string[];
  lead?: string | null;
  /** The tumour term of a trial whose diagnosis names only other tumours (`trialTumour`), else null. */
  trialTumour?: string | null;
}

export function mentionContext(
  view: SentenceView,
  m: Mention,
  place: StatementPlace,
  exampleCueLast: RegExp,
): MentionContext {
  const { section, headers } = place;
  const [cs, ce] = clauseOf(view, m);
  const clause = view.masked.slice(cs, ce);
  const pos = m.start - cs;
  const cache = new Map<ScopeName, string>();
  const compute = (name: ScopeName): string => {
    switch (name) {
      case 'before':
        return clause.slice(0, pos);
      case 'after':
        return clause.slice(m.end - cs);
      case 'after-outer':
        return outerView(clause, pos).slice(m.end - cs);
      case 'after-in-paren': {
        const paren = parenAround(clause, pos);
        return paren ? clause.slice(m.end - cs, paren[1]) : '';
      }
      case 'clause':
        return clause;
      case 'next-20':
        return view.masked.slice(m.end, m.end + 20);
      case 'next-80':
        return view.masked.slice(m.end, m.end + 80);
      case 'following':
        return view.masked.slice(m.end, m.end + WINDOW);
      case 'after-40':
        return clause.slice(m.end - cs).slice(0, 40);
      case 'before-example-cue': {
        const before = clause.slice(0, pos);
        const cue = before.search(exampleCueLast);
        return cue >= 0 ? before.slice(0, cue) : '';
      }
      case 'before-plain':
        return clause.slice(0, pos).replace(/\bwith or without\b/gi, ' ');
      case 'before-symbols':
        return clause.slice(0, pos).replace(UNTRACKED_SYMBOL, (t) => '\u0001'.repeat(t.length));
      // Other short symbols in a list ("EGFR, ALK, and ROS ALK status") count as names.
      case 'after-symbols':
        return clause
          .slice(m.end - cs)
          .replace(/\b[A-Z][A-Z0-9]{1,5}\b/g, (t) => '\u0001'.repeat(t.length));
    }
  };
  return {
    mention: m,
    section,
    headers,
    lead: place.lead ?? null,
    trialTumour: place.trialTumour ?? null,
    view,
    clause,
    clauseStart: cs,
    scope(name) {
      let v = cache.get(name);
      if (v === undefined) {
        v = compute(name);
        cache.set(name, v);
      }
      return v;
    },
  };
}

/** Innermost open parenthesis around pos, as [start, end] of its content. */
export function parenAround(text: string, pos: number): [number, number] | null {
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

function clauseOf(view: SentenceView, m: Mention): [number, number] {
  let start = 0;
  let end = view.masked.length;
  // Boundaries overlapping the mention are ignored: find the last ending at or before it
  // and the first starting at or after its end.
  let lo = 0;
  let hi = view.bounds.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (view.bounds[mid][1] <= m.start) lo = mid + 1;
    else hi = mid;
  }
  if (lo > 0) start = view.bounds[lo - 1][1];
  for (let k = lo; k < view.bounds.length; k++) {
    if (view.bounds[k][0] >= m.end) {
      end = view.bounds[k][0];
      break;
    }
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
      if (!(pos > open && pos < i)) {
        diff[open + 1]++;
        diff[i]--;
      }
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
