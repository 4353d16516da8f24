/**
 * How many brackets a piece of text leaves open: a positive count means its end sits inside an
 * aside ("EGFR mutation (exon 19 deletion, L858R" continues on the next line).
 */

/** Round and square brackets opened and not closed. */
export const openBrackets = (t: string): number =>
  (t.match(/[([]/g)?.length ?? 0) - (t.match(/[)\]]/g)?.length ?? 0);

/** Round brackets only: "(Phase 1) or 3 months (Phase 2)". */
export const openParens = (t: string): number =>
  (t.match(/\(/g)?.length ?? 0) - (t.match(/\)/g)?.length ?? 0);
