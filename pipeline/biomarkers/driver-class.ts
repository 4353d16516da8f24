/**
 * A class of drivers named without naming one ("no known actionable genomic alterations",
 * "patients with oncogenic drivers are excluded"). The phrase is one more marker for the ConText
 * engine (its head noun is the target, so "negative actionable" still reads as a cue); what the
 * class covers is DRIVER_CLASSES (domain/biomarkers.ts). A phrase about named genes ("EGFR driver
 * mutation", "driver mutations in EGFR or ALK", "actionable alterations (EGFR, ALK)") is not a
 * class: the named markers say what it is. Examples of it ("actionable alterations such as EGFR
 * or ALK") leave it the class, beside the rows of the markers named.
 */
import type { DriverClass } from '../../domain/biomarkers.js';
import { openerEnd } from './context/engine.js';
import { EXAMPLE_OPENER_WORDS } from './context/rules.js';
import { COHORT_NOUNS } from './lexicon.js';
import { tokenize, type Token } from './context/tokens.js';
import { allMatches } from '../../text/matches.js';

/** Words that make a noun a class of drivers, by the class they name (actionable first). */
const CLASS_QUALIFIERS: Readonly<Record<DriverClass, readonly string[]>> = {
  actionable: ['actionable', 'targetable', 'druggable', 'treatable'],
  oncogenic: ['oncogenic', 'oncogene', 'driver'],
};
/**
 * Words after the phrase, in its clause, that make it the actionable class: "driver mutations
 * for which targeted therapies are approved", "oncogenic drivers with available targeted therapy".
 */
const ACTIONABLE_AFTER = /^[^;(]{0,80}?\b(?:approved|available|licensed|drug therap)/i;
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
  'rearrangements?',
  'fusions?',
];
/** Words after the phrase that open the markers it is about ("driver mutations in EGFR"). */
const ABOUT_WORDS = new Set(['in', 'of', 'to', 'within', 'involving', 'affecting', '(', '[', ':']);
/** Words before the phrase that refer back to markers already named ("to identify these driver alterations"). */
const REFERS_BACK = /\b(?:these|those|such|said|above)[\s-]+$/i;

const COHORT_NAME_AFTER = new RegExp(String.raw`^[\s-]*(?:[\w-]+\s+){0,2}${COHORT_NOUNS}\b`, 'i');

const LABEL_AFTER = /^[^.;:]{0,40}:/;

const QUALIFIER = Object.values(CLASS_QUALIFIERS).flat().join('|');
const NOUN = String.raw`(?:(?:${[...MODIFIERS, QUALIFIER].join('|')})[\s-]+)*(?:${HEADS.join('|')})`;
// "actionable mutation/gene rearrangement", "driver mutations or genomic alterations": one phrase.
const CLASS_PHRASE = new RegExp(
  String.raw`\b(?:${QUALIFIER})[\s-]+(${NOUN}(?:\s*(?:\/|\bor\b|\band\b)\s*${NOUN})*)\b`,
  'gi',
);
const ACTIONABLE_WORD = new RegExp(
  String.raw`\b(?:${CLASS_QUALIFIERS.actionable.join('|')})\b`,
  'i',
);

const LAST_HEAD = new RegExp(String.raw`(?:${HEADS.join('|')})$`, 'i');

export interface ClassPhrase {
  cls: DriverClass;
  start: number;
  end: number;
  /** Where the head noun starts: the engine's target. */
  headStart: number;
}

/** Example openers as words, to tell examples of the class from the markers that make it up. */
const EXAMPLE_FIRST_WORDS = new Set(EXAMPLE_OPENER_WORDS);

const isExampleOpener = (tokens: Token[], j: number) =>
  openerEnd(tokens, j) >= 0 && EXAMPLE_FIRST_WORDS.has(tokens[j].text.replace(/^eg$/, 'e'));

const STATE_WORDS = new Set(['negative', 'wild', 'type', 'wildtype']);

/**
 * What follows the phrase: `defines` where markers it is about are named right after it (in
 * brackets, after "in"/"of", or "i.e."), `examples` where the list gives examples of it ("such
 * as", "e.g.", "including" anywhere in that list), `none` where no marker is named.
 */
function namedAfter(maskedAfter: string): 'defines' | 'examples' | 'none' {
  const tokens = tokenize(maskedAfter.slice(0, 160));
  let j = tokens[0]?.text === ',' ? 1 : 0;
  // "Driver gene negative (EGFR/ALK/ROS1)": the class's state before the markers it names; after
  // a state, a few words of the tumour it qualifies may stand between ("Oncogene-negative NSCLC
  // (EGFR, ALK)").
  let stated = false;
  for (; tokens[j] && (STATE_WORDS.has(tokens[j].text) || /^genes?$/.test(tokens[j].text)); j++)
    stated ||= STATE_WORDS.has(tokens[j].text);
  const opensList = (k: number) =>
    !!tokens[k] && (ABOUT_WORDS.has(tokens[k].text) || openerEnd(tokens, k) >= 0);
  if (stated) {
    let k = j;
    while (k < j + 4 && tokens[k]?.kind === 'word' && !opensList(k)) k++;
    if (opensList(k)) j = k;
  }
  if (!opensList(j)) return 'none';
  let examples = false;
  for (let words = 0; j < tokens.length && words < 10; j++) {
    const opener = openerEnd(tokens, j);
    if (opener >= 0) {
      examples ||= isExampleOpener(tokens, j);
      j = opener;
      continue;
    }
    if (tokens[j].kind === 'target') return examples ? 'examples' : 'defines';
    if (tokens[j].text === ';' || (tokens[j].text === '.' && tokens[j + 1]?.kind === 'word'))
      return 'none';
    if (tokens[j].kind === 'word') words++;
  }
  return 'none';
}

/** Whether the phrase at [start, end) names no class: it qualifies, refers back, names a cohort or labels. */
function notAClass(text: string, masked: string, start: number, end: number): boolean {
  const before = masked.slice(Math.max(0, start - 12), start);
  return (
    // A phrase written on a gene or alteration qualifies it ("EGFR driver mutation").
    /[\u0001\u0002][\s-]*$/.test(before) ||
    /[\u0001\u0002]/.test(masked.slice(start, end)) ||
    REFERS_BACK.test(before) ||
    namedAfter(masked.slice(end)) === 'defines' ||
    // "Targetable Oncogene - Biopsy Cohort": the name of a cohort, not a class it rules out.
    COHORT_NAME_AFTER.test(text.slice(end, end + 40)) ||
    // "For participants without actionable mutations: have progressed on ...": a label naming
    // whom the criteria after its colon apply to (a cohort), not an exclusion of the trial.
    LABEL_AFTER.test(text.slice(end, end + 60))
  );
}

/** Class phrases of a criterion; `masked` is findMentions' masked text of the same sentence. */
export function findClassPhrases(text: string, masked: string): ClassPhrase[] {
  const out: ClassPhrase[] = [];
  for (const m of allMatches(CLASS_PHRASE, text)) {
    const start = m.index!;
    const end = start + m[0].length;
    if (notAClass(text, masked, start, end)) continue;
    const actionable = ACTIONABLE_WORD.test(m[0]) || ACTIONABLE_AFTER.test(text.slice(end));
    const lastHead = LAST_HEAD.exec(m[0])!;
    out.push({
      cls: actionable ? 'actionable' : 'oncogenic',
      start,
      end,
      headStart: start + lastHead.index,
    });
  }
  return out;
}
