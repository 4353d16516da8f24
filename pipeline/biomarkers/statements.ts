/**
 * Turns an eligibility section into statements: one per sentence of each bullet, each
 * carrying the headers of the lists it is nested under ("Tumours must not harbour any of
 * the following:" governs its sub-bullets), so polarity can be read from the header.
 */
import { openBrackets, openParens } from '../../text/brackets.js';
import { allMatches } from '../../text/matches.js';

export interface Statement {
  /** The sentence as written (after unescaping and the misspellings read), reported as `source_text`. */
  text: string;
  /** Headers (lines ending in ':') of enclosing lists, outermost first. */
  headers: string[];
  /**
   * The last plain line ending in ':' before the statement at its indent or shallower
   * ("Gastric cancer cohort:"), even when its items are not nested under it. Only the
   * tumour scope reads it: polarity cues stay with `headers`.
   */
  lead?: string | null;
}

// A letter or roman numeral is a bullet only before a space: "(i.e., BRAF" starts no item.
const BULLET =
  /^(?:[*•·▪◦‣\-–]|o(?=\s)|\(?\d{1,2}[.)](?!\d)|\(?[a-z][.)](?=\s)|\(?[ivx]{1,4}[.)](?=\s))\s*/i;

/** Percentages spelled in words ("fifty percent or more"), as cut-offs are written out. */
const PERCENT_WORDS: ReadonlyArray<[string, number]> = [
  ['one hundred', 100],
  ['seventy-five', 75],
  ['twenty-five', 25],
  ['forty-nine', 49],
  ['one', 1],
  ['five', 5],
  ['ten', 10],
  ['twenty', 20],
  ['thirty', 30],
  ['forty', 40],
  ['fifty', 50],
  ['sixty', 60],
  ['seventy', 70],
  ['eighty', 80],
  ['ninety', 90],
];
/** A spelling's key: the words without the hyphens or spaces between them. */
const wordKey = (w: string) => w.toLowerCase().replace(/[-\s]+/g, '');
const PERCENT_VALUE = new Map(PERCENT_WORDS.map(([w, n]) => [wordKey(w), n]));
const PERCENT_IN_WORDS = new RegExp(
  String.raw`\b(${PERCENT_WORDS.map(([w]) => w.replace(/[- ]/g, String.raw`[-\s]?`)).join('|')})` +
    String.raw`\s*(?:percent|per\s?cent)\b`,
  'gi',
);

/**
 * Misspellings of the words that name an alteration's kind or state, as registry text has them
 * ("ALK rearangement", "translocaton", "mutaion"), with the word each stands for. Read as the
 * word itself, before anything else reads the text, so every rule sees one spelling. A row is
 * a whole word's stem; its endings ("-s", "-ed") are kept.
 */
const MISSPELLINGS: ReadonlyArray<[string, string]> = [
  ['rearangement', 'rearrangement'],
  ['rearrangment', 'rearrangement'],
  ['rearragement', 'rearrangement'],
  ['rearrangemet', 'rearrangement'],
  ['re-arrangement', 'rearrangement'],
  ['re-arranged', 'rearranged'],
  ['rearanged', 'rearranged'],
  ['translocaton', 'translocation'],
  ['translocaion', 'translocation'],
  ['tranlocation', 'translocation'],
  ['mutaion', 'mutation'],
  ['muation', 'mutation'],
  ['mutaton', 'mutation'],
  ['mutatation', 'mutation'],
  ['amplifcation', 'amplification'],
  ['amplificaton', 'amplification'],
  ['negtive', 'negative'],
  ['negaitve', 'negative'],
  ['postive', 'positive'],
  ['positve', 'positive'],
  ['postitve', 'positive'],
];
const RIGHT_SPELLING = new Map(MISSPELLINGS);
const MISSPELLED = new RegExp(
  String.raw`\b(${MISSPELLINGS.map(([w]) => w).join('|')})(?=s?\b|d\b)`,
  'gi',
);

/** Registry texts escape markdown and HTML; undo it so comparators and words read plainly. */
export function normalizeText(s: string): string {
  return (
    s
      .replace(PERCENT_IN_WORDS, (_, w: string) => `${PERCENT_VALUE.get(wordKey(w))}%`)
      .replace(/\\([<>\[\]()*_#~.=+\-!&|^])/g, '$1')
      .replace(/&gt;/g, '>')
      .replace(/&lt;/g, '<')
      .replace(/&amp;/g, '&')
      // "EGFR & ALK wild-type": the ampersand of a list is its "and".
      .replace(/(?<=\S)\s+&\s+(?=\S)/g, ' and ')
      .replace(/&ge;/g, '≥')
      .replace(/&le;/g, '≤')
      .replace(/&#(\d{2,6});/g, (_, n: string) => String.fromCodePoint(Number(n)))
      .replace(/&#x([0-9a-f]{2,5});/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
      // Full-width forms of CJK registry text ("＜1%", "１～４９％") and the comparators typed
      // as two characters ("≧50%", ">/= 50%", "> or = 50%").
      // A footnote mark on a word ("ROS1¹", "EGFR†", "ALK*") is no part of it: NFKC would make
      // "ROS11", and a mark between a gene and its kind parts them.
      .replace(/(?<=[A-Za-z0-9])[¹²³⁴⁵⁶⁷⁸⁹⁰†‡§*]+(?![A-Za-z0-9])/g, '')
      .normalize('NFKC')
      .replace(/≧|>\s*\/\s*=|>\s*or\s*=/g, '≥')
      .replace(/≦|<\s*\/\s*=|<\s*or\s*=/g, '≤')
      .replace(/\u00a0/g, ' ')
      .replace(/[‐‑‒]/g, '-')
      // NCI records write variants as superscripts: "KRAS^G12C".
      .replace(/(?<=[A-Za-z0-9])\^(?=[A-Z])/g, ' ')
      .replace(MISSPELLED, (w: string) => RIGHT_SPELLING.get(w.toLowerCase()) ?? w)
  );
}

interface Line {
  indent: number;
  bullet: string | null;
  text: string;
  /** A blank line comes before it: registries separate criteria so, never wrap inside one. */
  blankBefore: boolean;
  /** A header whose items follow it at its own indent and bullet (set by its first item). */
  flat?: boolean;
}

function readLines(text: string): Line[] {
  const out: Line[] = [];
  let blankBefore = false;
  for (const raw of normalizeText(text).split(/\r?\n/)) {
    if (!raw.trim()) {
      blankBefore = true;
      continue;
    }
    const indent = raw.length - raw.trimStart().length;
    // Tabs and runs of spaces inside a line are one space ("exon  19  deletion").
    const body = raw.trim().replace(/[ \t]{2,}|\t/g, ' ');
    const m = body.match(BULLET);
    // "1. 2 cohorts" and "o" bullets are bullets; a sentence that merely starts with "A." is rare enough.
    const bullet = m
      ? m[0]
          .trim()
          .replace(/[\w]+/, (w) => (/^\d+$/.test(w) ? '1' : /^[ivx]+$/i.test(w) ? 'i' : 'a'))
      : null;
    out.push({ indent, bullet, text: m ? body.slice(m[0].length).trim() : body, blankBefore });
    blankBefore = false;
  }
  return out;
}

/** A deeper plain line under a bullet that did not end a sentence or a header. */
const continuesIndented = (prev: Line, line: Line) =>
  prev.bullet !== null && line.indent > prev.indent && !/[:.]$/.test(prev.text);

/** Words a line cannot end a criterion on: the next line goes on with it. */
const OPEN_END_WORDS = [
  ...['and', 'or', 'of', 'with', 'in', 'for', 'the', 'a', 'an', 'to', 'by', 'as', 'such', 'than'],
  ...[
    'including',
    'without',
    'not',
    'no',
    'has',
    'have',
    'had',
    'is',
    'are',
    'who',
    'which',
    'that',
  ],
];
const OPEN_END = new RegExp(String.raw`(?:[,/(\-]|\b(?:${OPEN_END_WORDS.join('|')}))$`, 'i');

/**
 * A line hard-wrapped by the page or export that copied the text ("... such as EGFR\nsensitising
 * mutations, ALK fusion"): no blank line before it, the line above ends no sentence, and either
 * that line is a bullet's (registries bullet every criterion or leave a blank line) or this one
 * goes on in lower case, a number, a bracket or a variant, or after a word no criterion ends on.
 */
const continuesWrapped = (prev: Line, line: Line) =>
  !line.blankBefore &&
  !/[:.;!?]$/.test(prev.text) &&
  ((prev.bullet !== null && !LABEL_LINE.test(line.text)) ||
    /^[a-z0-9(\[]/.test(line.text) ||
    OPEN_END.test(prev.text) ||
    VARIANT_START.test(line.text) ||
    openBrackets(prev.text) > 0);
/** Words of an item short enough to be a list entry rather than a criterion of its own. */
const LIST_ENTRY_WORDS = 12;

/**
 * Pages and exports often drop a nested list's indent ("* Tumour must be negative for the
 * following:" / "* EGFR mutation" / "* ALK fusion"): a bullet header's first item at its own
 * indent and bullet makes it a flat header, and it governs the short entries that follow until
 * an item that is a criterion of its own (a longer one, or another header) ends the run. A
 * header whose first item is indented deeper is a nested one, and its siblings are not its items.
 */
function flatItemOf(header: Line, item: Line): boolean {
  if (header.bullet === null || item.bullet !== header.bullet || item.indent !== header.indent)
    return false;
  if (header.flat === false) return false;
  const entry =
    !/:\s*$/.test(item.text) &&
    item.text.split(/\s+/).length <= LIST_ENTRY_WORDS &&
    splitSentences(item.text).length === 1;
  header.flat ??= entry;
  return entry && header.flat;
}

/** A capitalised line ending in a colon labels the items below it ("The following are excluded:"). */
const LABEL_LINE = /^[A-Z].*:$/;
/** A variant name starting a line finishes the gene the line above ended on ("KRAS\nG12C"). */
const VARIANT_START = /^(?:p\.\s?)?[A-Z]\d{2,4}[A-Z]\b/;

/**
 * Lines become items; a line that does not start a bullet continues the previous item when
 * it is indented under it or is the same sentence wrapped onto the next line. An item ending in ':' is a
 * header for the items below it that are indented deeper or use another bullet style.
 */
export function splitStatements(text: string | null | undefined): Statement[] {
  if (!text || !text.trim()) return [];
  const lines = readLines(text);
  const items: Line[] = [];
  for (const line of lines) {
    const prev = items[items.length - 1];
    if (
      prev &&
      line.bullet === null &&
      (continuesIndented(prev, line) || continuesWrapped(prev, line))
    ) {
      prev.text += ' ' + line.text;
      continue;
    }
    items.push({ ...line });
  }
  const out: Statement[] = [];
  const stack: Line[] = [];
  let lead: Line | null = null;
  for (const item of items) {
    if (lead && item.indent < lead.indent) lead = null;
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      const deeper = item.indent > top.indent;
      const otherStyle =
        item.indent === top.indent &&
        item.bullet !== null &&
        top.bullet !== null &&
        item.bullet !== top.bullet;
      const plainUnderBullet =
        item.indent === top.indent && top.bullet !== null && item.bullet === null;
      if (deeper || otherStyle || plainUnderBullet || flatItemOf(top, item)) break;
      stack.pop();
    }
    // A header's first item decides its layout: one that was no flat entry makes it nested.
    const top = stack.at(-1);
    if (top && top.flat === undefined) top.flat = false;
    const headers = stack.map((h) => h.text);
    for (const sentence of splitSentences(item.text))
      out.push({ text: sentence, headers, lead: lead?.text ?? null });
    if (/:\s*$/.test(item.text)) {
      stack.push(item);
      if (item.bullet === null) lead = item;
    }
  }
  return out;
}

// "p." is the protein prefix of a variant ("KRAS p. G12C").
const ABBREVIATIONS = /\b(?:e\.g|i\.e|vs|approx|incl|etc|Dr|No|Fig|cf|et al|al|min|max|ca|p)\.$/i;

/** Sentence ends: '.', '?' or '!' followed by space and a capital, digit or bracket. */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  const re = /[.?!]\s+(?=[A-Z0-9(\[•*])/g;
  for (const m of allMatches(re, text)) {
    const end = m.index! + 1;
    if (ABBREVIATIONS.test(text.slice(start, end))) continue;
    // Unbalanced parenthesis: the full stop sits inside an aside, not at a sentence end.
    const piece = text.slice(start, end);
    if (openParens(piece) > 0) continue;
    out.push(piece.trim());
    start = m.index! + m[0].length;
  }
  const rest = text.slice(start).trim();
  if (rest) out.push(rest);
  return out.filter((s) => s.length > 0);
}
