/**
 * Free-text search (`q`): an inverted index of word tokens built once per snapshot over
 * each trial's id, titles, conditions, interventions, sponsor and keywords. A query
 * matches trials holding every term (AND), the last term as a prefix, so a search box can
 * ask while the user types ("osimert", "KEYNOTE-7", "NCT0423").
 *
 * Relevance: each term scores the weight of the best field it was found in (the id and
 * titles above interventions and sponsor, above conditions and keywords); a trial's score
 * is the sum, ties in the default order.
 */
import type { TrialRow } from '../../domain/rows.js';
import { Bitset } from './bitset.js';
import { runToEnd, type Steps } from './slices.js';

/** Fields indexed, with their relevance weight (one bit each in a posting's mask). */
export const TEXT_FIELDS = [
  { name: 'id', weight: 8 },
  { name: 'title', weight: 4 },
  { name: 'intervention', weight: 3 },
  { name: 'sponsor', weight: 2 },
  { name: 'condition', weight: 1 },
  { name: 'keyword', weight: 1 },
] as const;
type TextField = (typeof TEXT_FIELDS)[number]['name'];
const FIELD_BIT = Object.fromEntries(TEXT_FIELDS.map((f, i) => [f.name, 1 << i])) as Record<
  TextField,
  number
>;
/** Best weight for each field mask, so scoring a posting is one lookup. */
const MASK_WEIGHT = Uint8Array.from({ length: 1 << TEXT_FIELDS.length }, (_, mask) =>
  Math.max(0, ...TEXT_FIELDS.filter((_f, i) => mask & (1 << i)).map((f) => f.weight)),
);

/** Most terms a query may have; more would only narrow an AND to nothing. */
export const MAX_QUERY_TERMS = 12;

/**
 * Lower-case word tokens, accents folded, split at anything but a letter or digit
 * ("KEYNOTE-789" -> keynote, 789; "NCT04234567" and "ex19del" stay whole). Queries go
 * through the same function, so "keynote-789" asks for both tokens.
 */
export function tokenize(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 0);
}

/**
 * Whether one field's tokens hold every query word, the last as a prefix (as `q` reads
 * words): the `sponsor` and `intervention` filters over one name.
 */
export function holdsWords(tokens: readonly string[], terms: readonly string[]): boolean {
  const last = terms.length - 1;
  return terms.every((term, i) =>
    i === last ? tokens.some((t) => t.startsWith(term)) : tokens.includes(term),
  );
}

export interface TextIndex {
  /** Distinct tokens, sorted, for prefix ranges. */
  tokens: string[];
  /** Postings of tokens[i]: ranks ascending, and the field mask where it occurs. */
  postingRanks: Int32Array[];
  postingMasks: Uint8Array[];
}

export function buildTextIndex(trials: readonly TrialRow[]): TextIndex {
  return runToEnd(textIndexSteps(trials));
}

/** Each token's postings while an index is built: rank -> field mask, ranks added in increasing order. */
type Postings = Map<string, Map<number, number>>;

/** Adds the tokens of trial `t` at `rank` to `postings`. */
function addTrial(postings: Postings, rank: number, t: TrialRow): void {
  const add = (field: TextField, text: string | null | undefined) => {
    if (!text) return;
    for (const token of tokenize(text)) {
      let p = postings.get(token);
      if (!p) postings.set(token, (p = new Map()));
      p.set(rank, (p.get(rank) ?? 0) | FIELD_BIT[field]);
    }
  };
  add('id', t.nct_id);
  add('title', t.brief_title);
  add('title', t.official_title);
  for (const i of t.interventions) add('intervention', i.name);
  add('sponsor', t.sponsor);
  for (const c of t.conditions) add('condition', c);
  for (const k of t.keywords) add('keyword', k);
}

/** The same index in steps, for an index built beside a serving one (see slices.ts). */
export function* textIndexSteps(trials: readonly TrialRow[]): Steps<TextIndex> {
  const postings: Postings = new Map();
  for (let rank = 0; rank < trials.length; rank++) {
    if ((rank & 31) === 0) yield;
    addTrial(postings, rank, trials[rank]);
  }
  yield;
  const tokens = [...postings.keys()].sort();
  yield;
  const postingRanks: Int32Array[] = new Array(tokens.length);
  const postingMasks: Uint8Array[] = new Array(tokens.length);
  for (let i = 0; i < tokens.length; i++) {
    if ((i & 511) === 0) yield;
    // Ranks were added in increasing order, and a Map keeps insertion order.
    const p = postings.get(tokens[i])!;
    postingRanks[i] = Int32Array.from(p.keys());
    postingMasks[i] = Uint8Array.from(p.values());
  }
  return { tokens, postingRanks, postingMasks };
}

/**
 * textIndexSteps' index, from an earlier index whose trials' rows are these trials' where
 * `earlierRank` (an array by rank here: the trial's rank in `earlier`, or -1 for a trial
 * whose row is new or changed) says so: the earlier postings are carried with their ranks
 * remapped and only the other trials are tokenized (an incremental publish, where ~95% of
 * the trials are carried). Carried trials must keep their relative order (the default
 * order of the same rows does); a carried rank out of order throws.
 */
export function* carriedTextIndexSteps(
  trials: readonly TrialRow[],
  earlier: TextIndex,
  earlierRank: Int32Array,
): Steps<TextIndex> {
  let bound = 0;
  for (const r of earlierRank) bound = Math.max(bound, r + 1);
  const rankNow = new Int32Array(bound).fill(-1);
  const fresh: Postings = new Map();
  for (let rank = 0; rank < trials.length; rank++) {
    if ((rank & 255) === 0) yield;
    if (earlierRank[rank] >= 0) rankNow[earlierRank[rank]] = rank;
    else addTrial(fresh, rank, trials[rank]);
  }
  const tokens: string[] = [];
  const postingRanks: Int32Array[] = [];
  const postingMasks: Uint8Array[] = [];
  const keep = (token: string, ranks: number[], masks: number[]) => {
    if (ranks.length === 0) return;
    tokens.push(token);
    postingRanks.push(Int32Array.from(ranks));
    postingMasks.push(Uint8Array.from(masks));
  };
  const added = [...fresh.keys()].filter((token) => !earlierHas(earlier.tokens, token)).sort();
  let a = 0;
  for (let i = 0; i < earlier.tokens.length; i++) {
    if ((i & 255) === 0) yield;
    const token = earlier.tokens[i];
    for (; a < added.length && added[a] < token; a++)
      keep(added[a], ...postingsOf(fresh, added[a]));
    keep(token, ...carriedPostings(earlier, i, rankNow, fresh.get(token)));
  }
  for (; a < added.length; a++) keep(added[a], ...postingsOf(fresh, added[a]));
  return { tokens, postingRanks, postingMasks };
}

/** Whether sorted `tokens` hold `token`. */
function earlierHas(tokens: readonly string[], token: string): boolean {
  const [lo, hi] = prefixRange(tokens, token);
  return lo < hi && tokens[lo] === token;
}

function postingsOf(postings: Postings, token: string): [number[], number[]] {
  const p = postings.get(token)!;
  return [[...p.keys()], [...p.values()]];
}

/** Token i's earlier postings at the ranks now (dropped where gone), merged with `fresh` ones. */
function carriedPostings(
  earlier: TextIndex,
  i: number,
  rankNow: Int32Array,
  fresh: Map<number, number> | undefined,
): [number[], number[]] {
  const ranks: number[] = [];
  const masks: number[] = [];
  const from = earlier.postingRanks[i];
  const mask = earlier.postingMasks[i];
  const freshRanks = fresh ? [...fresh.keys()] : [];
  let f = 0;
  let carried = -1;
  for (let k = 0; k < from.length; k++) {
    const r = from[k] < rankNow.length ? rankNow[from[k]] : -1;
    if (r < 0) continue;
    if (r <= carried)
      throw new Error('carriedTextIndexSteps: a carried trial changed its relative order');
    carried = r;
    for (; f < freshRanks.length && freshRanks[f] < r; f++) {
      ranks.push(freshRanks[f]);
      masks.push(fresh!.get(freshRanks[f])!);
    }
    ranks.push(r);
    masks.push(mask[k]);
  }
  for (; f < freshRanks.length; f++) {
    ranks.push(freshRanks[f]);
    masks.push(fresh!.get(freshRanks[f])!);
  }
  return [ranks, masks];
}

/** Index range [lo, hi) of tokens starting with `prefix`. */
function prefixRange(tokens: readonly string[], prefix: string): [number, number] {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (tokens[mid] < prefix) lo = mid + 1;
    else hi = mid;
  }
  let end = lo;
  while (end < tokens.length && tokens[end].startsWith(prefix)) end++;
  return [lo, end];
}

export interface TextMatch {
  matches: Bitset;
  /** Relevance of each matching rank (index by rank; 0 elsewhere). */
  score: Uint16Array;
}

/** Trials holding every term (the last as a prefix), with their relevance. */
export function matchText(index: TextIndex, size: number, terms: readonly string[]): TextMatch {
  const score = new Uint16Array(size);
  let matches = Bitset.full(size);
  terms.forEach((term, t) => {
    const last = t === terms.length - 1;
    const [lo, hi] = last ? prefixRange(index.tokens, term) : exactRange(index.tokens, term);
    const best = new Uint8Array(size);
    const hit = new Bitset(size);
    for (let i = lo; i < hi; i++) {
      const ranks = index.postingRanks[i];
      const masks = index.postingMasks[i];
      for (let k = 0; k < ranks.length; k++) {
        const r = ranks[k];
        hit.set(r);
        const w = MASK_WEIGHT[masks[k]];
        if (w > best[r]) best[r] = w;
      }
    }
    matches = matches.and(hit);
    matches.forEach((r) => {
      score[r] += best[r];
    });
  });
  // Scores of ranks dropped by a later term are never read: only `matches` is walked.
  return { matches, score };
}

function exactRange(tokens: readonly string[], term: string): [number, number] {
  const [lo, hi] = prefixRange(tokens, term);
  return lo < hi && tokens[lo] === term ? [lo, lo + 1] : [lo, lo];
}

/** The text of each indexed field, as the presenter shows the trial (for explanations). */
export interface TextFieldsOf {
  nct_id: string;
  brief_title: string | null;
  official_title: string | null;
  intervention: { name: string }[];
  sponsor: string | null;
  conditions: string[];
  keywords: string[];
}

/** For each term, the fields of `t` that hold it (the last term as a prefix). */
export function termFields(
  t: TextFieldsOf,
  terms: readonly string[],
): { term: string; fields: TextField[] }[] {
  const text: Record<TextField, string[]> = {
    id: [t.nct_id],
    title: [t.brief_title ?? '', t.official_title ?? ''],
    intervention: t.intervention.map((i) => i.name),
    sponsor: [t.sponsor ?? ''],
    condition: t.conditions,
    keyword: t.keywords,
  };
  return terms.map((term, i) => {
    const last = i === terms.length - 1;
    const fields = TEXT_FIELDS.map((f) => f.name).filter((f) =>
      text[f].some((s) => tokenize(s).some((tok) => (last ? tok.startsWith(term) : tok === term))),
    );
    return { term, fields };
  });
}
