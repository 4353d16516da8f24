/**
 * The written batches (batch8.ts, ...), now regression cases of the extractor: each case
 * is one trial's criteria snippet (inclusion and/or exclusion section) with the units a
 * reader labels from it, in the README's notation ("+EGFR:EX19DEL", "-ALK",
 * "+PD-L1:TPS>=50"). How each batch was written (blind or not) and its first score:
 * pipeline/biomarkers/eval/README.md.
 */
import { extractBiomarkers } from '../../../pipeline/biomarkers/extract.js';
import { figures, type Figures } from '../../../pipeline/biomarkers/eval/score.js';

export interface WrittenCase {
  inc?: string;
  exc?: string;
  want: string[];
  /**
   * A known miss left open, and why: its test expects `want` and is marked failing
   * (`it.fails`), so a fix is noticed (the test then fails until the mark is removed).
   */
  open?: string;
}

export function caseUnits(c: WrittenCase): string[] {
  const rows = extractBiomarkers({
    nct_id: 'NCT00000000',
    inclusion: c.inc ?? null,
    exclusion: c.exc ?? null,
  });
  // A class of drivers excluded without a marker named is no labelled unit (driver-class.test.ts),
  // and a marker of another tumour's cohort none for a lung patient: the eval and /match keep
  // the lung rows only.
  return [
    ...new Set(
      rows
        .filter((r) => r.scope === 'lung')
        .map((r) => {
          let alt = r.alteration;
          if (r.metric && r.comparator && r.cutoff !== null)
            alt =
              r.comparator === 'between'
                ? `${r.metric}${r.cutoff}-${r.cutoff_high}`
                : `${r.metric}${r.comparator}${r.cutoff}`;
          return `${r.requirement === 'required' ? '+' : '-'}${r.gene}${alt ? `:${alt}` : ''}`;
        }),
    ),
  ].sort();
}

/** Micro-averaged figures per requirement over the whole batch (one case = one trial). */
export function scoreBatch(cases: WrittenCase[]): {
  required: Figures;
  excluded: Figures;
  misses: string[];
} {
  const c = { '+': { tp: 0, fp: 0, fn: 0 }, '-': { tp: 0, fp: 0, fn: 0 } };
  const misses: string[] = [];
  cases.forEach((k, i) => {
    const got = new Set(caseUnits(k));
    const want = new Set(k.want);
    for (const u of got) c[u[0] as '+' | '-'][want.has(u) ? 'tp' : 'fp']++;
    for (const u of want) if (!got.has(u)) c[u[0] as '+' | '-'].fn++;
    const fp = [...got].filter((u) => !want.has(u));
    const fn = [...want].filter((u) => !got.has(u));
    if (fp.length || fn.length)
      misses.push(`#${i} fp=${fp.join(',')} fn=${fn.join(',')} | ${k.inc ?? ''} || ${k.exc ?? ''}`);
  });
  return { required: figures(c['+']), excluded: figures(c['-']), misses };
}
