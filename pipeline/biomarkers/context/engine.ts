/**
 * The ConText algorithm over one criterion: find the cue rows in the tokens (pseudo cues
 * first, cancelling the cue words inside them; then the longest cue at each place), give each
 * cue its scope, and tell every marker which cues reach it.
 *
 * A scope runs in the cue's direction until a terminate cue or a bracket that closes around
 * the cue (an aside's cue does not reach out of the aside), or until `maxTokens` words pass
 * with no marker: markers in a list carry the scope on. Nothing else stops it: an unknown word
 * between two markers does not.
 */
import type { Gene } from '../../../domain/biomarkers.js';
import {
  ANAPHOR_RULES,
  CONTEXT_RULES,
  LIST_OPENERS,
  TUMOUR_RULES,
  type AnaphorRule,
  type Category,
  type ContextRule,
} from './rules.js';
import { phraseTokens, tokenize, wordMatches, type Token } from './tokens.js';

/** One cue reaching one marker. */
export interface Hit {
  rule: string;
  category: Category;
  /** Words between the cue and the marker (0 for a cue inherited from a list header). */
  distance: number;
  /** The cue comes after the marker. */
  after: boolean;
  /** Another marker stands between the cue and this one (it has a marker of its own nearer). */
  pastMarker?: boolean;
  /** A list joiner (a comma, "or", "and") stands between the marker and the cue. */
  acrossList?: boolean;
  /**
   * The cue is another list item's, with a marker of its own: "NSCLC with KRAS G12C, or
   * colorectal cancer with BRAF V600E" (for BRAF, NSCLC names its own), or written after the
   * marker, "colorectal cancer with BRAF V600E, or NSCLC with KRAS G12C".
   */
  ownItem?: boolean;
  /** The marker stands in brackets that open right after the cue ("breast cancer (HER2-negative)"). */
  aside?: boolean;
  /** A tumour cue inside an exception's scope: the text leaves that tumour out. */
  carved?: boolean;
  /**
   * An exception carved out of what a negation rules out ("no known driver other than KRAS",
   * "absence of EGFR or ALK alterations, with the exception of KRAS"): it only re-admits.
   */
  fromNegated?: boolean;
  /**
   * A header's negation or ruling-out that reaches its items: open to the line's end ("Patients
   * must not have:") or reaching the word standing for them ("any of the following will be excluded").
   */
  toItems?: boolean;
}

export interface Target {
  start: number;
  end: number;
  /** Null for a class of markers named without one ("actionable genomic alterations"). */
  gene: Gene | null;
}

export interface Cue {
  rule: ContextRule;
  /** First and last token of the cue. */
  from: number;
  to: number;
}

interface Compiled {
  rule: ContextRule;
  words: string[];
  /** `notBefore`, tokenised once. */
  notBefore: string[][];
}

const ALL_RULES = [...CONTEXT_RULES, ...TUMOUR_RULES];
/** Adverbs a cue may hold between its words without spelling them (matchAt). */
const CUE_FILLERS = new Set(['also', 'previously', 'already', 'together']);
const COMPILED: Compiled[] = ALL_RULES.flatMap((rule) => {
  const notBefore = (rule.notBefore ?? []).map(phraseTokens);
  return rule.words.map((w) => ({ rule, words: phraseTokens(w), notBefore }));
});
/** Phrases by first word (a wildcard one under its first letter): each place tries only a handful. */
function byFirstWord(rows: Compiled[]): Map<string, Compiled[]> {
  const out = new Map<string, Compiled[]>();
  for (const c of rows) {
    const k = c.words[0].endsWith('*') ? `*${c.words[0][0]}` : c.words[0];
    out.set(k, [...(out.get(k) ?? []), c]);
  }
  return out;
}
/** Matched first: pseudo cues, and the rows that spell one out inside their words. */
const isEarly = (c: Compiled) => c.rule.direction === 'pseudo' || !!c.rule.beforePseudo;
const PSEUDO = byFirstWord(COMPILED.filter(isEarly));
const OTHERS = byFirstWord(COMPILED.filter((c) => !isEarly(c)));
const candidates = (index: Map<string, Compiled[]>, t: Token): Compiled[] => [
  ...(index.get(t.text) ?? []),
  ...(index.get(`*${t.text[0]}`) ?? []),
];

/**
 * The end (exclusive) of a cue's words matched at token `i`, or -1. Between two of its words a
 * cue may hold an adverb it does not spell out ("must also have had", "alone or together with",
 * "must already have received"): the rows keep one spelling of each phrase.
 */
function matchAt(tokens: Token[], i: number, words: string[], taken: Uint8Array): number {
  let j = i;
  for (let k = 0; k < words.length; k++, j++) {
    while (
      k > 0 &&
      tokens[j] &&
      CUE_FILLERS.has(tokens[j].text) &&
      !wordMatches(words[k], tokens[j])
    )
      j++;
    if (!tokens[j] || taken[j] || !wordMatches(words[k], tokens[j])) return -1;
  }
  return j;
}

/** Pseudo cues claim their words first; then each place takes its longest cues (all rows of that length). */
export function findCues(tokens: Token[]): Cue[] {
  const taken = new Uint8Array(tokens.length);
  const cues: Cue[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const p = longest(PSEUDO, tokens, i, taken);
    if (p.found.length === 0) continue;
    taken.fill(1, i, p.end);
    cues.push({ rule: p.found[0].rule, from: i, to: p.end - 1 });
  }
  for (let i = 0; i < tokens.length; i++) {
    const { found: matched, end } = longest(OTHERS, tokens, i, taken);
    const found = matched.filter(
      (c) =>
        (!c.rule.atStart || opensStatement(tokens, i)) && !followedBy(tokens, end, c.notBefore),
    );
    if (found.length === 0 || overreached(tokens, found, i, end, taken)) continue;
    const to = end - 1;
    for (const c of found) cues.push({ rule: c.rule, from: i, to });
    taken.fill(1, i, to + 1);
    i = to;
  }
  return cues;
}

/**
 * A backward cue gives way to a forward cue of its category that starts inside its words and
 * reaches further: the words name the same thing, and the longer phrase says which way it
 * reads ("will be tested for EGFR": "be tested for" opens the test's list; "are allowed to
 * have").
 */
function overreached(
  tokens: Token[],
  found: Compiled[],
  i: number,
  end: number,
  taken: Uint8Array,
): boolean {
  const backward = found.filter((c) => c.rule.direction === 'backward');
  if (backward.length < found.length) return false;
  for (let k = i + 1; k < end; k++) {
    const later = longest(OTHERS, tokens, k, taken);
    const forward = later.found.some(
      (c) =>
        c.rule.direction === 'forward' && backward.some((b) => b.rule.category === c.rule.category),
    );
    if (later.end > end && forward) return true;
  }
  return false;
}

/** One of the word sequences (as tokens) starts at token `j`. */
function followedBy(tokens: Token[], j: number, phrases: string[][]): boolean {
  return phrases.some((p) => p.every((w, n) => tokens[j + n] && wordMatches(w, tokens[j + n])));
}

/** Only punctuation, or a list number ("1.", "a)"), comes before token `i`. */
function opensStatement(tokens: Token[], i: number): boolean {
  const words = tokens.slice(0, i).filter((t) => t.kind !== 'punct');
  return words.length === 0 || (words.length === 1 && i >= 2 && words[0].text.length <= 2);
}

/** The longest phrases matched at token `i` (all of that many words), and where they end. */
function longest(
  index: Map<string, Compiled[]>,
  tokens: Token[],
  i: number,
  taken: Uint8Array,
): { found: Compiled[]; end: number } {
  let best: Compiled[] = [];
  let end = i;
  if (tokens[i].kind === 'target') return { found: best, end };
  for (const c of candidates(index, tokens[i])) {
    const e = matchAt(tokens, i, c.words, taken);
    if (e < 0) continue;
    if (best.length === 0 || c.words.length > best[0].words.length) [best, end] = [[c], e];
    else if (c.words.length === best[0].words.length) best.push(c);
  }
  return { found: best, end };
}

/** Bracket depth before each token. */
function depths(tokens: Token[]): number[] {
  const out: number[] = [];
  let d = 0;
  for (const t of tokens) {
    if (t.text === ')' || t.text === ']') d = Math.max(0, d - 1);
    out.push(d);
    if (t.text === '(' || t.text === '[') d++;
  }
  return out;
}

export interface Scope {
  cue: Cue;
  /** Token range the cue governs, inclusive. */
  lo: number;
  hi: number;
  /** A forward scope that ran to the end of the text (a list header's cue governs its items). */
  open: boolean;
}

/** Tokens of the clauses a `clauseIsAside` cue opens: from the cue to the next comma or semicolon. */
function clauseAsides(tokens: Token[], cues: Cue[]): Uint8Array {
  const out = new Uint8Array(tokens.length);
  for (const c of cues) {
    if (!c.rule.clauseIsAside) continue;
    for (let j = c.from; j < tokens.length && tokens[j].text !== ',' && tokens[j].text !== ';'; j++)
      out[j] = 1;
  }
  return out;
}

interface WalkMarks {
  /** Tokens of relative clauses (`clauseIsAside`). */
  asideClause: Uint8Array;
  /** Tokens of tumour names. */
  tumour: Uint8Array;
}

function walk(
  tokens: Token[],
  depth: number[],
  stops: Set<number>,
  cue: Cue,
  step: 1 | -1,
  marks: WalkMarks,
): { edge: number; open: boolean } {
  const base = cue.rule.leavesAsides ? 0 : depth[cue.from];
  const asides = cue.rule.crossesAsides ?? true;
  let gap = 0;
  let passedTarget = false;
  // A list a colon opens runs on over its semicolons ("will not be eligible: EGFR mutation; ALK
  // fusion; ROS1 fusion"): after the colon they part its items, not clauses.
  let colonList = false;
  let edge = step === 1 ? cue.to : cue.from;
  for (let j = edge + step; j >= 0 && j < tokens.length; j += step) {
    if (depth[j] < base || (!asides && depth[j] > base)) return { edge, open: false };
    const t = tokens[j];
    colonList ||= step === 1 && t.text === ':' && depth[j] === base;
    const itemBreak = colonList && t.text === ';';
    if (stops.has(j) && depth[j] <= base && !itemBreak) return { edge, open: false };
    // A comma right against the cue ends it too: its target is written against it.
    const againstCue = j === (step === -1 ? cue.from - 1 : cue.to + 1);
    if (cue.rule.listCommasOnly && t.text === ',' && (againstCue || !listGoesOn(tokens, j, step)))
      return { edge, open: false };
    if (depth[j] === base && endsHere(cue.rule, t, passedTarget)) return { edge, open: false };
    if (t.kind === 'target') passedTarget = true;
    // An aside belongs to what it follows: words inside brackets do not wear the scope out.
    // An exception's list of tumours carries it on as a list of markers does.
    if (t.kind === 'target' || (cue.rule.category === 'carve' && marks.tumour[j])) gap = 0;
    else if (
      t.kind === 'word' &&
      depth[j] === base &&
      !(step === -1 && marks.asideClause[j] && !marks.asideClause[cue.from]) &&
      ++gap > (step === -1 ? (cue.rule.maxTokensBack ?? cue.rule.maxTokens) : cue.rule.maxTokens)
    )
      return { edge, open: false };
    edge = j;
  }
  return { edge, open: true };
}

/** A word the row's scope ends at: always, or once the scope has passed a marker or drug. */
function endsHere(rule: ContextRule, t: Token, passedTarget: boolean): boolean {
  return (
    !!rule.stopsAt?.some((w) => wordMatches(w, t)) ||
    (passedTarget && !!rule.stopsAfterTarget?.some((w) => wordMatches(w, t)))
  );
}

/** The openers as words ("e.g." is the words e g, full stops skipped, or the one word eg). */
const OPENER_WORDS = LIST_OPENERS.flatMap(({ words }) =>
  words.includes('.')
    ? [words.replace(/\./g, ' ').trim().split(/\s+/), [words.replace(/\./g, '')]]
    : [words.split(' ')],
);

/** Last token of the opener words starting at `j` (full stops inside them skipped), or -1. */
export function openerEnd(tokens: Token[], j: number): number {
  for (const words of OPENER_WORDS) {
    let k = j;
    const all = words.every((w, n) => {
      while (n > 0 && tokens[k]?.text === '.') k++;
      return tokens[k]?.text === w && ++k > 0;
    });
    if (all) return k - 1;
  }
  return -1;
}

/**
 * The list a cue opens right after itself: in brackets (to their close) or after opener words
 * (to where the scope wears out). Null when no list follows the cue.
 */
function ownList(tokens: Token[], depth: number[], cue: Cue): { at: number; close: number } | null {
  let j = cue.to + 1;
  if (tokens[j]?.text === ',') j++;
  const bracket = tokens[j]?.text === '(' || tokens[j]?.text === '[';
  if (bracket) {
    let close = j + 1;
    while (close < tokens.length && depth[close] > depth[j]) close++;
    const inner = openerEnd(tokens, j + 1);
    return { at: inner >= 0 ? inner : j, close: close - 1 };
  }
  const end = openerEnd(tokens, j);
  return end < 0 ? null : { at: end, close: tokens.length - 1 };
}

/** Words that join the markers of a list across its commas ("EGFR, ALK, or ROS1"). */
const LIST_JOINERS = new Set(['or', 'and', '/', '&']);
const CLAUSE_ENDS = new Set([';', ':', '.']);

/**
 * The comma ending the leading clause a `leadingClause` cue opens, or -1 where no main clause
 * follows one (a colon, a full stop or the end first) or the clause names a cohort. A comma with
 * a marker after it continues a list of markers, not the clause.
 */
function leadingClauseEnd(tokens: Token[], depth: number[], cue: Cue): number {
  const base = depth[cue.from];
  const guard = cue.rule.notInClause ?? [];
  for (let j = cue.to + 1; j < tokens.length; j++) {
    const t = tokens[j];
    if (guard.some((w) => wordMatches(w, t))) return -1;
    if (depth[j] !== base) continue;
    if (CLAUSE_ENDS.has(t.text)) return -1;
    if (t.text === ',' && !listGoesOn(tokens, j, 1)) return j;
  }
  return -1;
}

/** Words `notAfter` looks back over, within the cue's clause. */
const NOT_AFTER_REACH = 8;

/** One of these words stands in the few words before the cue, in its clause. */
function wordBefore(tokens: Token[], cue: Cue, words: string[]): boolean {
  let seen = 0;
  for (let j = cue.from - 1; j >= 0 && tokens[j].text !== ';' && seen < NOT_AFTER_REACH; j--) {
    if (tokens[j].kind !== 'word') continue;
    seen++;
    if (words.some((w) => wordMatches(w, tokens[j]))) return true;
  }
  return false;
}

export function scopesOf(tokens: Token[], cues: Cue[]): Scope[] {
  const depth = depths(tokens);
  const stops = new Set<number>();
  const forwardStops = new Set<number>();
  // Where a relative clause starts: a condition reads on into it ("is required for patients
  // whose tumours carry EGFR"), other forward cues stop there.
  const relativeStops = new Set<number>();
  for (const c of cues) {
    if (c.rule.direction !== 'terminate') continue;
    (c.rule.clauseIsAside
      ? relativeStops
      : c.rule.endsOnly === 'forward'
        ? forwardStops
        : stops
    ).add(c.from);
  }
  for (let j = 0; j < tokens.length; j++) if (tokens[j].text === ';') stops.add(j);
  const tumour = new Uint8Array(tokens.length);
  for (const c of cues) if (c.rule.category?.endsWith('tumour')) tumour.fill(1, c.from, c.to + 1);
  const marks: WalkMarks = { asideClause: clauseAsides(tokens, cues), tumour };
  const out: Scope[] = [];
  for (const cue of cues) {
    const dir = cue.rule.direction;
    if (dir === 'terminate' || dir === 'pseudo') continue;
    if (cue.rule.notAfter && wordBefore(tokens, cue, cue.rule.notAfter)) continue;
    // A leading clause is the scope: always for a `leadingClause` row (none without one), and
    // for a `clauseAtStart` row where the cue opens the statement.
    const clauseEnd =
      cue.rule.leadingClause || (cue.rule.clauseAtStart && opensStatement(tokens, cue.from))
        ? leadingClauseEnd(tokens, depth, cue)
        : -1;
    if (clauseEnd >= 0) out.push({ cue, lo: cue.to + 1, hi: clauseEnd - 1, open: false });
    if (clauseEnd >= 0 || cue.rule.leadingClause) continue;
    if (cue.rule.ownListOnly) {
      const list = ownList(tokens, depth, cue);
      if (!list) continue;
      const fwd = walk(tokens, depth, stops, { ...cue, to: list.at }, 1, marks);
      out.push({ cue, lo: cue.to + 1, hi: Math.min(fwd.edge, list.close), open: false });
      continue;
    }
    const fwd =
      dir !== 'backward'
        ? walk(
            tokens,
            depth,
            forwardStopsOf(cue, stops, forwardStops, relativeStops),
            cue,
            1,
            marks,
          )
        : null;
    const back =
      dir !== 'forward' && readsBack(tokens, cues, cue)
        ? walk(tokens, depth, stops, cue, -1, marks)
        : null;
    out.push({
      cue,
      lo: back ? back.edge : cue.to + 1,
      hi: fwd ? fwd.edge : cue.from - 1,
      open: fwd?.open ?? false,
    });
  }
  return out;
}

/** Words a `backOnlyBeforeNegation` cue's negation may stand after it ("must be negative"). */
const NEGATION_AFTER_REACH = 2;

function readsBack(tokens: Token[], cues: Cue[], cue: Cue): boolean {
  if (!cue.rule.backOnlyBeforeNegation) return true;
  return cues.some(
    (c) =>
      c.rule.category === 'negated' &&
      c.from > cue.to &&
      wordsBetween(tokens, cue.to, c.from) <= NEGATION_AFTER_REACH,
  );
}

function forwardStopsOf(
  cue: Cue,
  stops: Set<number>,
  forwardStops: Set<number>,
  relativeStops: Set<number>,
): Set<number> {
  const relative = cue.rule.category === 'conditional' ? [] : [...relativeStops];
  return new Set([...stops, ...forwardStops, ...relative]);
}

function applies(rule: ContextRule, gene: Gene | null): boolean {
  if (gene === null) return !rule.onlyGenes;
  if (rule.exceptGenes?.includes(gene)) return false;
  return !rule.onlyGenes || rule.onlyGenes.includes(gene);
}

/** A marker (or drug) stands strictly between two token positions. */
function markerBetween(tokens: Token[], a: number, b: number): boolean {
  for (let j = Math.min(a, b) + 1; j < Math.max(a, b); j++)
    if (tokens[j].kind === 'target') return true;
  return false;
}

const isJoiner = (t: Token) => t.text === ',' || LIST_JOINERS.has(t.text);

/** Between a cue and a later marker: a list joiner, and a marker of the cue's own before it. */
function ownListItem(tokens: Token[], cue: number, at: number): boolean {
  let joiner = -1;
  for (let j = at - 1; j > cue && joiner < 0; j--) if (isJoiner(tokens[j])) joiner = j;
  return joiner > 0 && markerBetween(tokens, cue, joiner);
}

/** Words a list item may hold between its tumour and its own marker ("NSCLC harbouring a KRAS G12D"). */
const OWN_MARKER_REACH = 4;

/** A marker follows the cue within its own list item: before the next joiner or clause end. */
function ownMarkerAfter(tokens: Token[], cue: number): boolean {
  for (let j = cue + 1, words = 0; j < tokens.length && words <= OWN_MARKER_REACH; j++) {
    if (tokens[j].kind === 'target') return true;
    if (isJoiner(tokens[j]) || CLAUSE_ENDS.has(tokens[j].text)) return false;
    if (tokens[j].kind === 'word') words++;
  }
  return false;
}

/** Beyond the comma at `j`, past any joiner words, stands a marker: the list goes on. */
function listGoesOn(tokens: Token[], j: number, step: 1 | -1): boolean {
  let k = j + step;
  while (tokens[k] && LIST_JOINERS.has(tokens[k].text)) k += step;
  return tokens[k]?.kind === 'target';
}

/** A list joiner stands strictly between two token positions. */
function joinerBetween(tokens: Token[], a: number, b: number): boolean {
  for (let j = a + 1; j < b; j++) if (isJoiner(tokens[j])) return true;
  return false;
}

/** Words between two token positions. */
function wordsBetween(tokens: Token[], a: number, b: number): number {
  let n = 0;
  for (let j = Math.min(a, b) + 1; j < Math.max(a, b); j++) if (tokens[j].kind === 'word') n++;
  return n;
}

/** Ids of the cues of these directions found in a text (for counting firings). */
export function cueIdsIn(text: string, directions: ContextRule['direction'][]): string[] {
  const cues = findCues(tokenize(text)).filter((c) => directions.includes(c.rule.direction));
  return [...new Set(cues.map((c) => c.rule.id))];
}

/** Words a tumour name may stand before the bracket it owns ("breast cancer (", "NSCLC cohort ["). */
const ASIDE_OWNER_GAP = 2;

/**
 * The tumour cue whose name the bracket around token `at` follows: an aside belongs to what it
 * follows, so "breast (TNBC, HER2-negative)" qualifies breast cancer even in a list naming NSCLC.
 */
function asideOwner(tokens: Token[], depth: number[], cues: Cue[], at: number): Cue | null {
  if (depth[at] === 0) return null;
  let open = at - 1;
  while (
    open >= 0 &&
    !(depth[open] === depth[at] - 1 && (tokens[open].text === '(' || tokens[open].text === '['))
  )
    open--;
  if (open < 0) return null;
  const tumours = cues.filter(
    (c) =>
      (c.rule.category === 'other-tumour' || c.rule.category === 'lung-tumour') &&
      c.to < open &&
      depth[c.to] === depth[open] &&
      wordsBetween(tokens, c.to, open) <= ASIDE_OWNER_GAP,
  );
  return tumours.at(-1) ?? null;
}

const LUNG_BY_NAME = 'tumour.lung';

/**
 * A tumour named inside an exception ("solid tumours other than NSCLC") is one the text leaves
 * out, also in brackets after a tumour ("solid tumours (except NSCLC)"); an exception in
 * brackets after anything else exempts a subgroup from one item ("EGFR (except for NSCLC
 * subjects in cohort C), ALK ...") and leaves the criterion's tumours as they are.
 */
function carvedOut(scopes: Scope[], cue: Cue, at: CarveContext): boolean {
  return scopes.some(
    (c) =>
      c.cue.rule.category === 'carve' &&
      (at.depth[c.cue.from] === 0 ||
        asideOwner(at.tokens, at.depth, at.cues, c.cue.from) !== null) &&
      c.lo <= cue.from &&
      cue.from <= c.hi,
  );
}

interface CarveContext {
  tokens: Token[];
  depth: number[];
  cues: Cue[];
}

/**
 * When every lung term of the criterion stands inside an exception, the criterion is about the
 * other tumours ("any solid tumour with KRAS G12C other than NSCLC or colorectal cancer"): a hit
 * for each of its markers saying so.
 */
function carvedLungHit(scopes: Scope[], at: CarveContext): Hit | null {
  // Lung by name: "solid tumours" still admits lung, unless the lung itself is carved out.
  const lung = scopes.filter((s) => s.cue.rule.id === LUNG_BY_NAME);
  const carved = lung.filter((s) => carvedOut(scopes, s.cue, at));
  if (carved.length === 0 || carved.length < lung.length) return null;
  const rule = carved[0].cue.rule;
  return { rule: rule.id, category: rule.category!, distance: 0, after: true, carved: true };
}

/** Words a list header uses for the items under it. */
/** "the following", "listed below": the items under a label line (not "following chemotherapy"). */
const standsForItems = (tokens: Token[], i: number): boolean =>
  tokens[i].text === 'below' || (tokens[i].text === 'following' && tokens[i - 1]?.text === 'the');
const ITEM_CATEGORIES: Category[] = ['negated', 'ruled-out'];

export interface CriterionContext {
  /** The cues reaching each target, in the order the targets were given. */
  hits: Hit[][];
  /** Forward cues still open at the end of the text, and every tumour cue: what a header hands its items. */
  inherited: Hit[];
}

const ANAPHOR_PHRASES = ANAPHOR_RULES.flatMap((rule) =>
  rule.words.map((w) => ({ rule, words: phraseTokens(w) })),
);

interface Anaphor {
  rule: AnaphorRule;
  from: number;
  to: number;
  /** Token positions of the markers it refers back to. */
  refersTo: Set<number>;
}

function findAnaphors(tokens: Token[]): Anaphor[] {
  const out: Anaphor[] = [];
  const none = new Uint8Array(tokens.length);
  for (let i = 0; i < tokens.length; i++)
    for (const p of ANAPHOR_PHRASES) {
      const end = matchAt(tokens, i, p.words, none);
      if (end < 0) continue;
      const to = end - 1;
      if (p.rule.endsClause && tokens[to + 1] && tokens[to + 1].kind !== 'punct') continue;
      out.push({ rule: p.rule, from: i, to, refersTo: lastList(tokens, i) });
      break;
    }
  return out;
}

/** Words a list of markers may hold between two of its items ("EGFR, ALK or ROS1", "EGFR and ALK"). */
const LIST_GAP = 3;

/** Token positions of the markers of the last list before token `end` (a semicolon ends the list). */
function lastList(tokens: Token[], end: number): Set<number> {
  const out = new Set<number>();
  let gap = 0;
  for (let j = end - 1; j >= 0 && !(out.size > 0 && tokens[j].text === ';'); j--) {
    if (tokens[j].kind === 'target') {
      out.add(j);
      gap = 0;
    } else if (tokens[j].kind === 'word' && out.size > 0 && ++gap > LIST_GAP) break;
  }
  return out;
}

/**
 * The cues that reach a marker through words referring back to it: a cue whose scope covers an
 * anaphor ("patients must be negative for both") reaches the last list of markers before it.
 */
function throughAnaphors(tokens: Token[], scopes: Scope[], anaphors: Anaphor[], at: number): Hit[] {
  return anaphors.flatMap((a) =>
    !a.refersTo.has(at)
      ? []
      : scopes
          .filter(
            (s) =>
              a.rule.carries.includes(s.cue.rule.category!) &&
              (s.cue.from > a.to || s.cue.to < a.from) &&
              s.lo <= a.from &&
              a.to <= s.hi,
          )
          .map((s) => ({
            rule: `${s.cue.rule.id}+${a.rule.id}`,
            category: s.cue.rule.category!,
            distance: wordsBetween(tokens, at, s.cue.from),
            after: true,
          })),
  );
}

export function readContext(masked: string, targets: Target[]): CriterionContext {
  // Drugs are list items too ("erlotinib, gefitinib or afatinib"): their words carry a scope on.
  const tokens = tokenize(masked).map((t) =>
    t.kind === 'word' && targets.some((x) => x.start < t.end && t.start < x.end)
      ? { ...t, kind: 'target' as const, text: '#' }
      : t,
  );
  const cues = findCues(tokens);
  const scopes = scopesOf(tokens, cues);
  const depth = depths(tokens);
  const lungOnlyCarved = carvedLungHit(scopes, { tokens, depth, cues });
  const anaphors = findAnaphors(tokens);
  const hits = targets.map((t) => {
    const at = tokens.findIndex((tok) => tok.end > t.start);
    if (at < 0) return [];
    const reached: Hit[] = scopes
      .filter((s) => s.lo <= at && at <= s.hi && at !== s.cue.from && applies(s.cue.rule, t.gene))
      .map((s) => ({
        rule: s.cue.rule.id,
        category: s.cue.rule.category!,
        distance: wordsBetween(tokens, at, at < s.cue.from ? s.cue.from : s.cue.to),
        after: s.cue.from > at,
        pastMarker: markerBetween(tokens, at, at < s.cue.from ? s.cue.from : s.cue.to),
        // Only the tumour's scope reads these (decide.ts tumourOf): not worked out per cue.
        ...(s.cue.rule.category?.endsWith('tumour') && {
          acrossList:
            s.cue.from > at
              ? joinerBetween(tokens, at, s.cue.from)
              : joinerBetween(tokens, s.cue.to, at),
          ownItem:
            s.cue.to < at
              ? ownListItem(tokens, s.cue.to, at)
              : joinerBetween(tokens, at, s.cue.from) && ownMarkerAfter(tokens, s.cue.to),
        }),
        fromNegated: s.cue.rule.category === 'carve' && carvesNegated(tokens, scopes, s.cue),
      }));
    reached.push(...throughAnaphors(tokens, scopes, anaphors, at));
    const owner = asideOwner(tokens, depth, cues, at);
    if (lungOnlyCarved) reached.push(lungOnlyCarved);
    return owner
      ? [
          ...reached,
          {
            rule: owner.rule.id,
            category: owner.rule.category!,
            distance: 0,
            after: false,
            aside: true,
          },
        ]
      : reached;
  });
  return { hits, inherited: handedDown(tokens, scopes) };
}

/** The words an exception carves from (the last word before it) lie in a negation's scope. */
function carvesNegated(tokens: Token[], scopes: Scope[], carve: Cue): boolean {
  let k = carve.from - 1;
  while (k >= 0 && tokens[k].kind === 'punct') k--;
  return scopes.some((n) => n.cue.rule.category === 'negated' && k >= 0 && n.lo <= k && k <= n.hi);
}

/**
 * What a criterion hands the items under it when it is their header: forward cues still open at
 * its end, every tumour it names, and a negation or ruling-out that reaches the word standing for
 * the items ("Patients meeting any of the following will be excluded:"); a cue that admits ("can
 * be eligible") is not handed on that way.
 */
function handedDown(tokens: Token[], scopes: Scope[]): Hit[] {
  const itemWords = tokens.flatMap((t, i) => (standsForItems(tokens, i) ? [i] : []));
  return scopes.flatMap((s) => {
    const category = s.cue.rule.category!;
    const toItems =
      ITEM_CATEGORIES.includes(category) &&
      (s.open || itemWords.some((i) => s.lo <= i && i <= s.hi && i !== s.cue.from));
    if (!s.open && !category.endsWith('tumour') && !toItems) return [];
    return [{ rule: `${s.cue.rule.id}(header)`, category, distance: 1000, after: false, toItems }];
  });
}
