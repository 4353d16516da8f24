/**
 * Eligibility sentences that carry biomarker requirements, each with the structured rows
 * an extractor should find in it. The generator writes the sentence into the criteria
 * text and the rows into the biomarkers table, so text and table always agree.
 */
import {
  ALTERATIONS,
  GENES,
  coveredBy,
  type Comparator,
  type Gene,
  type PdL1Metric,
  type Requirement,
} from '../../domain/biomarkers.js';
import type { BiomarkerRow } from '../../domain/rows.js';

/** A biomarker row as a sentence implies it, before it is tied to a trial. */
export type ClauseRow = Omit<
  BiomarkerRow,
  'nct_id' | 'section' | 'source_text' | 'scope' | 'group'
>;

export interface Clause {
  section: 'inclusion' | 'exclusion';
  sentence: string;
  rows: ClauseRow[];
}

/** How each alteration reads in a sentence ("an EGFR exon 19 deletion"). */
const PHRASES: Readonly<Record<string, string>> = {
  'EGFR EX19DEL': 'an EGFR exon 19 deletion',
  'EGFR L858R': 'an EGFR exon 21 L858R mutation',
  'EGFR T790M': 'an EGFR T790M resistance mutation',
  'EGFR C797S': 'an EGFR C797S mutation',
  'EGFR EX20INS': 'an EGFR exon 20 insertion',
  'EGFR G719X': 'an EGFR G719X mutation',
  'EGFR L861Q': 'an EGFR L861Q mutation',
  'EGFR S768I': 'an EGFR S768I mutation',
  'KRAS G12C': 'a KRAS G12C mutation',
  'KRAS G12D': 'a KRAS G12D mutation',
  'KRAS G12V': 'a KRAS G12V mutation',
  'KRAS G12X': 'a KRAS G12 mutation of any type (G12X)',
  'BRAF V600E': 'a BRAF V600E mutation',
  'BRAF NONV600': 'a BRAF non-V600 (class II or III) mutation',
  'MET EX14SKIP': 'a MET exon 14 skipping alteration',
  'MET AMP': 'MET amplification (gene copy number of 10 or more)',
  'ALK FUSION': 'an ALK rearrangement (fusion)',
  'ROS1 FUSION': 'a ROS1 rearrangement (fusion)',
  'RET FUSION': 'a RET fusion',
  'NTRK FUSION': 'an NTRK1, NTRK2 or NTRK3 gene fusion',
  'HER2 MUT': 'an activating HER2 (ERBB2) mutation',
  'HER2 EX20INS': 'a HER2 exon 20 insertion',
  'HER2 AMP': 'HER2 amplification',
  'HER2 OVEREXP': 'HER2 overexpression (IHC 3+ or IHC 2+)',
};

const GENE_LEVEL_PHRASES: Readonly<Record<Gene, string>> = {
  EGFR: 'an activating EGFR mutation',
  ALK: 'an ALK alteration of any kind',
  ROS1: 'a ROS1 alteration of any kind',
  KRAS: 'a KRAS mutation',
  BRAF: 'a BRAF mutation',
  MET: 'a MET alteration',
  RET: 'a RET alteration',
  NTRK: 'an NTRK alteration',
  HER2: 'a HER2 (ERBB2) alteration',
  'PD-L1': 'a known PD-L1 expression result (any level)',
};

const REQUIRED_TEMPLATES = [
  (p: string) => `Documented ${p} in tumor tissue or plasma by a validated assay.`,
  (p: string) => `Tumor must harbor ${p}, confirmed by local or central testing.`,
  (p: string) => `Advanced or metastatic disease with ${p}.`,
];
const EXCLUDED_TEMPLATES = [
  (p: string) => `Known ${p}.`,
  (p: string) => `Tumors harboring ${p} are not eligible.`,
  (p: string) => `Patients whose tumor has ${p}.`,
];

const row = (gene: Gene, alteration: string | null, requirement: Requirement): ClauseRow => ({
  gene,
  alteration,
  requirement,
  metric: null,
  comparator: null,
  cutoff: null,
  cutoff_high: null,
});

const pdl1 = (
  metric: PdL1Metric,
  comparator: Comparator,
  cutoff: number,
  high: number | null = null,
): ClauseRow => ({
  gene: 'PD-L1',
  alteration: null,
  requirement: 'required',
  metric,
  comparator,
  cutoff,
  cutoff_high: high,
});

/** The PD-L1 cut-offs trials state, one clause each. */
export const PDL1_CLAUSES: readonly Clause[] = [
  {
    section: 'inclusion',
    sentence: 'PD-L1 tumor proportion score (TPS) >= 50% by the 22C3 pharmDx assay.',
    rows: [pdl1('TPS', '>=', 50)],
  },
  {
    section: 'inclusion',
    sentence: 'PD-L1 expression on >= 1% of tumor cells (TPS >= 1%).',
    rows: [pdl1('TPS', '>=', 1)],
  },
  {
    section: 'inclusion',
    sentence: 'PD-L1 negative tumor, defined as TPS < 1%.',
    rows: [pdl1('TPS', '<', 1)],
  },
  {
    section: 'inclusion',
    sentence: 'PD-L1 TPS between 1% and 49% inclusive.',
    rows: [pdl1('TPS', 'between', 1, 49)],
  },
  {
    section: 'inclusion',
    sentence: 'PD-L1 combined positive score (CPS) >= 10.',
    rows: [pdl1('CPS', '>=', 10)],
  },
];

/** Sentences naming several alterations at once, as real criteria often do. */
export const MULTI_CLAUSES: readonly Clause[] = [
  {
    section: 'inclusion',
    sentence: 'Documented EGFR exon 19 deletion or exon 21 L858R mutation.',
    rows: [row('EGFR', 'EX19DEL', 'required'), row('EGFR', 'L858R', 'required')],
  },
  {
    section: 'inclusion',
    sentence: 'Uncommon EGFR mutation: G719X, L861Q or S768I.',
    rows: [
      row('EGFR', 'G719X', 'required'),
      row('EGFR', 'L861Q', 'required'),
      row('EGFR', 'S768I', 'required'),
    ],
  },
  {
    section: 'inclusion',
    sentence: 'Oncogenic driver fusion in ALK, ROS1 or RET detected by NGS or FISH.',
    rows: [
      row('ALK', 'FUSION', 'required'),
      row('ROS1', 'FUSION', 'required'),
      row('RET', 'FUSION', 'required'),
    ],
  },
  {
    section: 'exclusion',
    sentence: 'Known EGFR sensitizing mutation or ALK rearrangement.',
    rows: [row('EGFR', null, 'excluded'), row('ALK', 'FUSION', 'excluded')],
  },
  {
    section: 'exclusion',
    sentence:
      'Known EGFR mutation, ALK rearrangement or ROS1 rearrangement (tested where required by local guidelines).',
    rows: [
      row('EGFR', null, 'excluded'),
      row('ALK', 'FUSION', 'excluded'),
      row('ROS1', 'FUSION', 'excluded'),
    ],
  },
  {
    section: 'exclusion',
    sentence: 'Acquired EGFR T790M or C797S resistance mutation.',
    rows: [row('EGFR', 'T790M', 'excluded'), row('EGFR', 'C797S', 'excluded')],
  },
];

function singleClause(
  gene: Gene,
  alteration: string | null,
  requirement: Requirement,
  variant: number,
): Clause {
  const phrase = alteration === null ? GENE_LEVEL_PHRASES[gene] : PHRASES[`${gene} ${alteration}`];
  const templates = requirement === 'required' ? REQUIRED_TEMPLATES : EXCLUDED_TEMPLATES;
  let sentence = templates[variant % templates.length](phrase);
  if (gene === 'PD-L1' && requirement === 'required')
    sentence = `Tumor tissue with ${phrase} from an archival or fresh biopsy.`;
  return {
    section: requirement === 'required' ? 'inclusion' : 'exclusion',
    sentence,
    rows: [row(gene, alteration, requirement)],
  };
}

/** Every single-row clause: each alteration and each gene, required and excluded. */
export function singleClauses(variant = 0): Clause[] {
  const out: Clause[] = [];
  for (const gene of GENES) {
    for (const requirement of ['required', 'excluded'] as const) {
      if (gene === 'PD-L1' && requirement === 'excluded') continue;
      out.push(singleClause(gene, null, requirement, variant));
      for (const alt of ALTERATIONS[gene]) out.push(singleClause(gene, alt, requirement, variant));
    }
  }
  return out;
}

/** Clauses the first biomarker trials carry, so even the small demo covers the vocabulary. */
export function coverageClauses(): Clause[] {
  return [...PDL1_CLAUSES, ...MULTI_CLAUSES, ...singleClauses(0)];
}

/** Required clauses that make a trial "about" one gene (the theme of a targeted trial). */
export function themeClauses(gene: Gene, variant: number): Clause[] {
  if (gene === 'PD-L1') return [...PDL1_CLAUSES, singleClause('PD-L1', null, 'required', variant)];
  const out = [singleClause(gene, null, 'required', variant)];
  for (const alt of ALTERATIONS[gene]) out.push(singleClause(gene, alt, 'required', variant));
  out.push(...MULTI_CLAUSES.filter((c) => c.section === 'inclusion' && c.rows[0].gene === gene));
  return out;
}

/**
 * Tracks the rows a trial already carries so added clauses never duplicate a row or
 * contradict one (requiring what is excluded, or a second PD-L1 cut-off).
 */
export class TrialBiomarkerSet {
  readonly clauses: Clause[] = [];
  private readonly rows: ClauseRow[] = [];

  get size(): number {
    return this.rows.length;
  }

  fits(clause: Clause, capacity: number): boolean {
    if (this.rows.length + clause.rows.length > capacity) return false;
    return clause.rows.every((r) => this.compatible(r));
  }

  add(clause: Clause): void {
    this.clauses.push(clause);
    this.rows.push(...clause.rows);
  }

  allRows(): ClauseRow[] {
    return this.rows.slice();
  }

  private compatible(r: ClauseRow): boolean {
    for (const o of this.rows) {
      if (o.gene !== r.gene) continue;
      if (r.gene === 'PD-L1') return false;
      if (o.alteration === r.alteration && o.requirement === r.requirement) return false;
      if (o.requirement === r.requirement) continue;
      // Opposite requirements on one gene: only "gene required, one alteration excluded"
      // and "alteration required, a different non-overlapping alteration excluded" make sense.
      const req = o.requirement === 'required' ? o : r;
      const exc = o.requirement === 'required' ? r : o;
      if (exc.alteration === null) return false;
      if (req.alteration === null) continue;
      const gene = r.gene;
      if (
        coveredBy(gene, req.alteration).includes(exc.alteration) ||
        coveredBy(gene, exc.alteration).includes(req.alteration)
      )
        return false;
    }
    return true;
  }
}
