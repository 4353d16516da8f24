/**
 * The EGFR sensitising class as text writes it beside the gene: "sensitising / activating /
 * TKI-sensitive / common EGFR mutation", "a sensitizing mutation in the EGFR gene", "EGFR
 * mutation known to be associated with EGFR-TKI sensitivity". One predicate for the rows
 * (`extract.ts`) and for the post-rules that ask whether the class is specified by a list.
 */
import type { Mention } from './mentions.js';
import { SYMBOL_IN_BRACKETS } from './lexicon.js';

/** Treatments a tumour may be sensitive to that are not EGFR inhibitors ("platinum-sensitive"). */
const OTHER_TREATMENTS =
  String.raw`platinum|chemo(?:therapy)?|radio(?:therapy)?|hormone|endocrine|castration|` +
  String.raw`immuno(?:therapy)?`;
/** Words that name the EGFR sensitising class when written beside the gene. */
// "Activating driver mutation: EGFR, ALK, ROS1": a class word on the mutation noun heading the
// list the gene opens ("Platinum-sensitive cohort: EGFR-mutant" heads no mutation).
const SENSITISING_BEFORE = new RegExp(
  // Not "non-sensitizing", "not sensitive", nor sensitivity to another treatment ("platinum-sensitive").
  String.raw`(?<!\bnon[\s-]?|\bnot\s+|\b(?:${OTHER_TREATMENTS})[\s-])` +
    String.raw`\b(?:sensiti(?:ve|[sz]ing)|activating|common|classic(?:al)?)[\s-]+(?:\w+[\s-]+)?` +
    String.raw`(?:(?:(?:driver|oncogenic|genomic|somatic)\s+)?(?:mutations?|alterations?)\s*:\s*)?` +
    // "a sensitizing mutation in the EGFR gene": the mutation noun names its gene after it.
    String.raw`(?:(?:mutations?|alterations?)\s+(?:in|of|within)\s+(?:the\s+)?)?$`,
  'i',
);
const SENSITISING_AFTER = new RegExp(
  String.raw`^[\s-]*(?:gene\s+)?(?:(?:TKI|tyrosine kinase inhibitor)[\s-]+)?` +
    String.raw`(?:sensiti(?:ve|[sz]ing|vity)|activating|common|classic(?:al)?)\b` +
    // "mutation known to be associated with EGFR-TKI sensitivity", "mutation sensitive to EGFR
    // TKIs": sensitivity to a TKI or targeted inhibitor, with no "not"/"less" before it.
    String.raw`|^[\s-]*(?:mutations?|mutant)\s+(?:(?!(?:not|less|no|non|platinum)\b)[\w-]+\s+){0,6}?` +
    String.raw`(?:[\w-]*(?:TKI|tyrosine kinase inhibitor)s?[\s-]+sensitiv(?:e|ity)|sensitiv(?:e|ity)\s+to\s+` +
    String.raw`(?:[\w-]+\s+){0,3}?(?:[\w-]*TKIs?|tyrosine kinase inhibitors?|inhibitors?|targeted))\b`,
  'i',
);

/**
 * "activating EGFR mutation including typical and atypical mutations": more than the class; so
 * is "activating mutation in EGFR exons 18-21" (exon 20 insertions too).
 */
const BEYOND_CLASS = /\b(?:atypical|uncommon|rare)\b/i;
/** An exon range the mutation itself is placed in, right at the gene (not the range an assay covers). */
const EXON_RANGE = String.raw`exons?\s*\d+\s*(?:-|–|to|through)\s*\d+`;
const RANGE_AFTER = new RegExp(
  String.raw`^[\s-]*(?:(?:mutations?|alterations?)\s+)?(?:(?:in|of|within|affecting)\s+(?:the\s+)?)?${EXON_RANGE}`,
  'i',
);
const RANGE_BEFORE = new RegExp(String.raw`${EXON_RANGE}\s+(?:of\s+(?:the\s+)?)?$`, 'i');

/** Each mention's answer: the rows and the post-rules both ask it of every EGFR mention. */
const answered = new WeakMap<Mention, boolean>();

/** The EGFR mention is written as the sensitising class (beside a class word, not beyond it). */
export function sensitisingClass(text: string, m: Mention): boolean {
  let answer = answered.get(m);
  if (answer === undefined) answered.set(m, (answer = writtenAsClass(text, m)));
  return answer;
}

function writtenAsClass(text: string, m: Mention): boolean {
  // "epidermal growth factor receptor (EGFR) sensitizing mutations": past the symbol in brackets.
  const after = text.slice(m.end, m.end + 80).replace(SYMBOL_IN_BRACKETS, '');
  return (
    (SENSITISING_BEFORE.test(text.slice(Math.max(0, m.start - 45), m.start)) ||
      SENSITISING_AFTER.test(after)) &&
    !BEYOND_CLASS.test(text.slice(Math.max(0, m.start - 45), m.start)) &&
    !BEYOND_CLASS.test(after.split(/[;)]/)[0]) &&
    !RANGE_AFTER.test(after) &&
    !RANGE_BEFORE.test(text.slice(Math.max(0, m.start - 45), m.start))
  );
}
