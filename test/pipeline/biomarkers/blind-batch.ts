/**
 * Shared scoring of the written blind batches: each case is one trial's criteria
 * snippet (inclusion and/or exclusion section) with the units a reader labels from it,
 * in the README's notation ("+EGFR:EX19DEL", "-ALK", "+PD-L1:TPS>=50").
 */
import { extractBiomarkers } from '../../../pipeline/biomarkers/extract.js';
import { figures, type Figures } from '../../../pipeline/biomarkers/eval/score.js';

export interface BlindCase {
  inc?: string;
  exc?: string;
  want: string[];
  /** A known miss left open, and why: the test checks it still differs, so a fix is noticed. */
  open?: string;
}

export function caseUnits(c: BlindCase): string[] {
  const rows = extractBiomarkers({
    nct_id: 'NCT00000000',
    inclusion: c.inc ?? null,
    exclusion: c.exc ?? null,
  });
  return [
    ...new Set(
      rows.map((r) => {
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
export function scoreBatch(cases: BlindCase[]): {
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
