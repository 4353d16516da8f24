/**
 * A class of drivers named without naming one ("no known actionable genomic alterations",
 * "patients with oncogenic drivers are excluded"). The phrase is one more marker for the ConText
 * engine (its head noun is the target, so "negative actionable" still reads as a cue); what the
 * class covers is DRIVER_CLASSES (domain/biomarkers.ts). A phrase about a named gene ("EGFR driver
 * mutation", "driver mutations in EGFR or ALK", "actionable alterations (EGFR, ALK)") is not a
 * class: the named markers speak for it.
 */
import type { DriverClass } from '../../domain/biomarkers.js';
import { openerEnd } from './context/engine.js';
import { tokenize } from './context/tokens.js';

/** Words that make a noun a class of drivers, by the class they name (actionable first). */
const CLASS_QUALIFIERS: Readonly<Record<DriverClass, readonly string[]>> = {
  actionable: ['actionable', 'targetable', 'druggable'],
  oncogenic: ['oncogenic', 'driver'],
};
/** Words that may stand between the qualifier and the head noun ("actionable genomic alteration"). */
const MODIFIERS = ['genomic', 'genetic', 'molecular', 'gene', 'somatic', 'oncogenic', 'driver'];
const HEADS = [
  'alterations?',
  'aberrations?',
  'mutations?',
  'variants?',
  'drivers?',
  'oncogenes?',
  'abnormalit(?:y|ies)',
  'genes?',
];
/** Words after the phrase that open the markers it is about ("driver mutations in EGFR"). */
const ABOUT_WORDS = new Set(['in', 'of', 'involving', 'affecting', '(', '[', ':']);

const COHORT_NAME_AFTER =
  /^[\s-]*(?:[\w-]+\s+){0,2}(?:cohorts?|arms?|groups?|parts?|strat(?:um|a)|modules?)\b/i;

const LABEL_AFTER = /^[^.;:]{0,40}:/;

const QUALIFIER = Object.values(CLASS_QUALIFIERS).flat().join('|');
const CLASS_PHRASE = new RegExp(
  String.raw`\b(?:${QUALIFIER})(?:[\s-]+(?:${[...MODIFIERS, QUALIFIER].join('|')}))*[\s-]+(${HEADS.join('|')})\b`,
  'gi',
);

export interface ClassPhrase {
  cls: DriverClass;
  start: number;
  end: number;
  /** Where the head noun starts: the engine's target. */
  headStart: number;
}

const classOf = (phrase: string): DriverClass =>
  new RegExp(String.raw`\b(?:${CLASS_QUALIFIERS.actionable.join('|')})\b`, 'i').test(phrase)
    ? 'actionable'
    : 'oncogenic';

/** Markers the phrase is about, named right after it (in brackets, after "in"/"of", or an opener). */
function namesMarkersAfter(maskedAfter: string): boolean {
  const tokens = tokenize(maskedAfter.slice(0, 160));
  let j = tokens[0]?.text === ',' ? 1 : 0;
  if (!tokens[j]) return false;
  const about = ABOUT_WORDS.has(tokens[j].text);
  if (about) j++;
  // "(e.g., EGFR, ALK)": the opener inside the bracket is not a word of the list.
  if (openerEnd(tokens, j) >= 0) j = openerEnd(tokens, j) + 1;
  else if (!about) return false;
  while (tokens[j]?.text === '.' || tokens[j]?.text === ',') j++;
  for (let words = 0; j < tokens.length && words < 8; j++) {
    if (tokens[j].kind === 'target') return true;
    if (tokens[j].text === ';' || tokens[j].text === '.') return false;
    if (tokens[j].kind === 'word') words++;
  }
  return false;
}

/** Class phrases of a criterion; `masked` is findMentions' masked text of the same sentence. */
export function findClassPhrases(text: string, masked: string): ClassPhrase[] {
  const out: ClassPhrase[] = [];
  for (const m of text.matchAll(CLASS_PHRASE)) {
    const start = m.index!;
    const end = start + m[0].length;
    // A phrase written on a gene or alteration qualifies it ("EGFR driver mutation").
    if (/[\u0001\u0002][\s-]*$/.test(masked.slice(Math.max(0, start - 4), start))) continue;
    if (/[\u0001\u0002]/.test(masked.slice(start, end))) continue;
    if (namesMarkersAfter(masked.slice(end))) continue;
    // "Targetable Oncogene - Biopsy Cohort": the name of a cohort, not a class it rules out.
    if (COHORT_NAME_AFTER.test(text.slice(end, end + 40))) continue;
    // "For participants without actionable mutations: have progressed on ...": a label naming
    // whom the criteria after its colon apply to (a cohort), not an exclusion of the trial.
    if (LABEL_AFTER.test(text.slice(end, end + 60))) continue;
    out.push({ cls: classOf(m[0]), start, end, headStart: end - m[1].length });
  }
  return out;
}
