/**
 * Trial-finder pages, registry mirrors and some exports copy the eligibility text onto one
 * line ("Inclusion Criteria: * Age 18 or older * No brain metastases * EGFR L858R mutation
 * Exclusion Criteria: * ..."). Read as one line, a section is one statement, so a cue of one
 * criterion reaches the next one's marker ("No brain metastases * EGFR L858R" excluded L858R)
 * and a heading mid-line opens no section. This puts each heading and each bullet back at the
 * start of a line, as the registry wrote them; text that already has its line breaks keeps
 * them (a line is only broken where it holds a run of the same bullet).
 */
import { openParens } from '../../text/brackets.js';
import { escapeRegex } from '../../text/regex-parts.js';
import { allMatches } from '../../text/matches.js';
import {
  CAPITALISED_CRITERIA,
  CAPITALISED_KEYWORD,
  CAPITALISED_QUALIFIER,
} from './section-headings.js';

/** A bullet or an item number starting the text after a heading. */
const ITEM_START = String.raw`[*•▪◦·\-–][ \t]|\d{1,2}[.)][ \t]`;
const HEADING_MID_LINE = new RegExp(
  // After a title-case word it is part of a longer heading ("Additional Inclusion Criteria For ...").
  // After a part label it is that part's heading ("Phase 2 Inclusion Criteria:").
  String.raw`(?<=\S)(?<!\b[A-Z][a-z]+)` +
    String.raw`(?<!\b(?:Phase|Part|Cohort|Arm|Stage|Step|Group|Module|Section|Sub-?study)s?\s+[\w.]{1,6})` +
    String.raw`[ \t]+(?=${CAPITALISED_QUALIFIER}` +
    String.raw`(?:${CAPITALISED_KEYWORD}${CAPITALISED_CRITERIA}\b\s*(?::|(?=${ITEM_START}|[A-Z][a-z]))` +
    // "... ECOG 0-1 Exclusion: Known EGFR mutation": the bare keyword needs its colon.
    String.raw`|(?:Inclusions?|Exclusions?|INCLUSIONS?|EXCLUSIONS?)\s*:))`,
  'g',
);
const HEADING_WORDS = String.raw`(${CAPITALISED_KEYWORD}${CAPITALISED_CRITERIA}\s*:?)`;
/** A heading followed on its line by a bullet: the bullet starts the next line. */
const BULLET_AFTER_HEADING = new RegExp(HEADING_WORDS + String.raw`[ \t]+(?=${ITEM_START})`, 'g');
/** In a flattened text, a heading followed by a new sentence ("Exclusion Criteria Known EGFR ..."). */
const SENTENCE_AFTER_HEADING = new RegExp(HEADING_WORDS + String.raw`[ \t]+(?=[A-Z][a-z])`, 'g');

/**
 * Bullet symbols a flattened line repeats. A dash counts only before a capital or a bracket,
 * since prose puts spaced dashes before lower-case words ("mutation - no new testing") and
 * between numbers ("aged 18 - 75").
 */
const SYMBOL_BULLETS: ReadonlyArray<{ symbol: string; next: string }> = [
  { symbol: '*', next: String.raw`\S` },
  { symbol: '•', next: String.raw`\S` },
  { symbol: '▪', next: String.raw`\S` },
  { symbol: '◦', next: String.raw`\S` },
  { symbol: '-', next: String.raw`[A-Z(≥≤<>]` },
  { symbol: '–', next: String.raw`[A-Z(≥≤<>]` },
];
/** Each bullet's patterns, compiled once: splitCriteria runs on every trial of a refresh. */
const BULLET_PATTERNS = SYMBOL_BULLETS.map(({ symbol, next }) => ({
  symbol,
  inner: new RegExp(String.raw`(?<=\S)[ \t]+${escapeRegex(symbol)}[ \t]+(?=${next})`, 'g'),
  startsLine: new RegExp(String.raw`^\s*${escapeRegex(symbol)}[ \t]`),
}));

function breakAtSymbolBullets(line: string): string {
  for (const { symbol, inner, startsLine } of BULLET_PATTERNS) {
    const count = line.match(inner)?.length ?? 0;
    // Two bullets inside a line, or one after a line that starts with the same bullet.
    if (count >= 2 || (count === 1 && startsLine.test(line)))
      line = line.replace(inner, `\n${symbol} `);
  }
  return line;
}

const NUMBERED = /(?<=^|\s)(\d{1,2})([.)])[ \t]+(?=\S)/g;

/**
 * "1. Age 18 or older 2. No brain metastases 3. EGFR L858R": numbers that count up one by one
 * with the same punctuation are items; "ECOG 0-1. 2 prior lines" is no run.
 */
function breakAtNumberedRun(line: string): string {
  // "(Phase 1) or 3 months (Phase 2)": a number closing a bracket it is inside is no item.
  const found = allMatches(NUMBERED, line)
    .filter((m) => !(m[2] === ')' && openParens(line.slice(0, m.index!)) > 0))
    .map((m) => ({ at: m.index!, n: Number(m[1]), punct: m[2] }));
  const cuts = new Set<number>();
  // A run opens a line or follows a sentence or a colon; "alteration in 1) EGFR, 2) ALK" is
  // one criterion's own list, and breaking it would part the items from their negation.
  const opensItems = (at: number) => /(?:^|[.:;])\s*$/.test(line.slice(0, at));
  for (let i = 0; i < found.length; i++) {
    if (!opensItems(found[i].at)) continue;
    let run = [found[i]];
    for (const f of found.slice(i + 1))
      if (f.n === run.at(-1)!.n + 1 && f.punct === found[i].punct) run = [...run, f];
    if (run.length >= 3 || (run.length === 2 && found[i].n === 1))
      for (const f of run) if (f.at > 0) cuts.add(f.at);
  }
  if (cuts.size === 0) return line;
  let out = '';
  let from = 0;
  for (const at of [...cuts].sort((a, b) => a - b)) {
    out += line.slice(from, at).replace(/[ \t]+$/, '') + '\n';
    from = at;
  }
  return out + line.slice(from);
}

/**
 * A registry's own lines are left alone unless one is this long: a whole section copied onto
 * one line is, while a criterion listing "1) NSCLC, 2) pancreatic or 3) colorectal cancer" or a
 * formula with spaced dashes is not.
 */
const LONG_LINE = 300;

function unflattenLine(line: string, flattened: boolean): string {
  if (line.length < (flattened ? 40 : LONG_LINE)) return line;
  let headed = line.replace(HEADING_MID_LINE, '\n').replace(BULLET_AFTER_HEADING, '$1\n');
  if (flattened) headed = headed.replace(SENTENCE_AFTER_HEADING, '$1\n');
  return headed
    .split('\n')
    .map((l) => breakAtNumberedRun(breakAtSymbolBullets(l)))
    .join('\n');
}

/**
 * The text with each flattened heading and bullet run back on lines of its own. A heading
 * mid-line, or a bullet right after a heading, shows the whole text was flattened; otherwise
 * only very long lines are read for bullet runs.
 */
export function unflatten(text: string): string {
  const flattened = text.search(HEADING_MID_LINE) >= 0 || text.search(BULLET_AFTER_HEADING) >= 0;
  return text
    .split('\n')
    .map((line) => unflattenLine(line, flattened))
    .join('\n');
}
