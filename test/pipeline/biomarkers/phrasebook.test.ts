/**
 * Blind batch 7: criteria sentences written the way oncology trials phrase them, each
 * labelled (following pipeline/biomarkers/eval/README.md) before the extractor was run on
 * it. Scored before fixes: F1 92.6 required / 90.0 excluded (README.md).
 */
import { describe, expect, it } from 'vitest';
import { extractUnits } from '../../helpers/biomarker-units.js';

/** Units of one section; the phrasebook's labels list each unit once. */
const units = (section: 'inclusion' | 'exclusion', text: string): string[] =>
  [...new Set(extractUnits({ [section]: text }))].sort();

const CASES: Array<['inclusion' | 'exclusion', string, string[]]> = [
  [
    'inclusion',
    '* Documented EGFR exon 19 deletion or exon 21 L858R substitution mutation',
    ['+EGFR:EX19DEL', '+EGFR:L858R'],
  ],
  [
    'inclusion',
    '* Tumor harbors one of the common EGFR mutations (Ex19del or L858R), either alone or in combination with other EGFR mutations',
    ['+EGFR:EX19DEL', '+EGFR:L858R'],
  ],
  [
    'inclusion',
    '* Uncommon EGFR mutations (G719X, L861Q, S768I), alone or in combination',
    ['+EGFR:G719X', '+EGFR:L861Q', '+EGFR:S768I'],
  ],
  [
    'inclusion',
    '* KRAS G12C mutation as determined by an FDA-approved test or a CLIA-certified laboratory',
    ['+KRAS:G12C'],
  ],
  ['inclusion', '* BRAF V600E mutation confirmed by local testing', ['+BRAF:V600E']],
  ['inclusion', '* Non-V600 BRAF mutation (class II or class III)', ['+BRAF:NONV600']],
  [
    'inclusion',
    '* HER2 overexpression (IHC 3+) or HER2 IHC 2+ with ISH amplification',
    ['+HER2:AMP', '+HER2:OVEREXP'],
  ],
  [
    'inclusion',
    '* MET amplification defined as gene copy number (GCN) ≥ 10 or MET/CEP7 ratio ≥ 2.0 by FISH',
    ['+MET:AMP'],
  ],
  ['inclusion', '* Documented NTRK1, NTRK2 or NTRK3 gene fusion', ['+NTRK:FUSION']],
  [
    'inclusion',
    '* RET rearrangement or ROS1 rearrangement identified by NGS or FISH',
    ['+RET:FUSION', '+ROS1:FUSION'],
  ],
  // The sensitising class is its five alterations, never the gene (an exon 20 insertion is not one).
  [
    'exclusion',
    '* Known EGFR sensitizing mutation or ALK rearrangement',
    ['-ALK:FUSION', '-EGFR:EX19DEL', '-EGFR:G719X', '-EGFR:L858R', '-EGFR:L861Q', '-EGFR:S768I'],
  ],
  [
    'inclusion',
    '* No known actionable genomic alterations in EGFR, ALK, ROS1, BRAF, MET, RET or NTRK',
    ['-ALK', '-BRAF', '-EGFR', '-MET', '-NTRK', '-RET', '-ROS1'],
  ],
  [
    'inclusion',
    '* PD-L1 tumor proportion score (TPS) ≥ 50% as determined by the PD-L1 IHC 22C3 pharmDx assay',
    ['+PD-L1:TPS>=50'],
  ],
  [
    'inclusion',
    '* PD-L1 expression on at least 1% of tumor cells (TC ≥ 1%) using the SP263 assay',
    ['+PD-L1:TPS>=1'],
  ],
  ['inclusion', '* PD-L1 TPS of 1% to 49%', ['+PD-L1:TPS1-49']],
  ['inclusion', '* PD-L1 high expression, defined as TPS 50% or higher', ['+PD-L1:TPS>=50']],
  ['inclusion', '* Tumor PD-L1 expression < 1% (TPS)', ['+PD-L1:TPS<1']],
  ['inclusion', '* PD-L1 CPS ≥ 10', ['+PD-L1:CPS>=10']],
  ['inclusion', '* PD-L1 expression greater than 50%', ['+PD-L1:TPS>50']],
  [
    'inclusion',
    '* Patients with EGFR mutations are eligible only if they have progressed on at least one EGFR TKI',
    [],
  ],
  [
    'exclusion',
    '* Patients whose tumors harbor an EGFR activating mutation or ALK fusion, unless they have received prior targeted therapy',
    [],
  ],
  // A prior therapy is not a marker requirement unless the criterion states the marker.
  ['inclusion', '* Progressed on or after osimertinib', []],
  ['inclusion', '* Prior treatment with at least one ALK tyrosine kinase inhibitor', []],
  [
    'inclusion',
    '* Must have received prior platinum-based chemotherapy and, if EGFR- or ALK-positive, appropriate targeted therapy',
    [],
  ],
  ['inclusion', '* EGFR wild-type and ALK-negative non-squamous NSCLC', ['-ALK', '-EGFR']],
  [
    'exclusion',
    '* Tumors with known ROS1, RET, or NTRK fusions',
    ['-NTRK:FUSION', '-RET:FUSION', '-ROS1:FUSION'],
  ],
  ['inclusion', '* Harboring an EGFR exon 20 insertion mutation', ['+EGFR:EX20INS']],
  [
    'inclusion',
    '* Documented HER2 (ERBB2) activating mutation, including exon 20 insertions',
    ['+HER2:MUT'],
  ],
  [
    'inclusion',
    '* KRAS G12C mutation; patients with co-occurring STK11 or KEAP1 mutations are eligible',
    ['+KRAS:G12C'],
  ],
  ['exclusion', '* Known EGFR mutation other than exon 20 insertion', ['-EGFR']],
  ['inclusion', '* MET exon 14 skipping mutation detected in tissue or plasma', ['+MET:EX14SKIP']],
  [
    'inclusion',
    '* Presence of a MET exon 14 skipping alteration or high-level MET amplification',
    ['+MET:AMP', '+MET:EX14SKIP'],
  ],
  ['exclusion', '* Prior treatment with a MET inhibitor (e.g., capmatinib, tepotinib)', []],
  [
    'inclusion',
    '* Participants must have a documented ALK-positive status by an FDA-approved test',
    ['+ALK:FUSION'],
  ],
  ['inclusion', '* Tissue must be available for PD-L1 testing', []],
  ['inclusion', '* Patients may be enrolled regardless of PD-L1 status', []],
  [
    'inclusion',
    '* Stage IV NSCLC with PD-L1 TPS ≥ 50% and no EGFR, ALK, or ROS1 genomic tumor aberrations',
    ['+PD-L1:TPS>=50', '-ALK', '-EGFR', '-ROS1'],
  ],
  [
    'inclusion',
    '* EGFR T790M-positive NSCLC after progression on first- or second-generation EGFR TKI',
    ['+EGFR:T790M'],
  ],
  [
    'inclusion',
    '* Documented activating EGFR mutation (exon 19 deletion or L858R) with or without T790M',
    ['+EGFR:EX19DEL', '+EGFR:L858R'],
  ],
  ['exclusion', '* Squamous histology or known KRAS mutation', ['-KRAS']],
  [
    'inclusion',
    '* HER2-positive (IHC 3+ or ISH-positive) gastric cancer',
    ['+HER2:AMP', '+HER2:OVEREXP'],
  ],
  ['inclusion', '* PD-L1 ≥ 1% by 22C3 or SP263', ['+PD-L1:TPS>=1']],
  ['inclusion', '* PD-L1 expression between 1% and 49%', ['+PD-L1:TPS1-49']],
  ['inclusion', '* Tumour proportion score < 50%', ['+PD-L1:TPS<50']],
  [
    'exclusion',
    '* Patients with known ALK translocation or EGFR mutation are excluded unless they have had disease progression on an approved TKI',
    [],
  ],
  ['inclusion', '* Have a KRAS G12D mutation identified by tissue or ctDNA', ['+KRAS:G12D']],
  [
    'inclusion',
    '* Sensitizing EGFR mutation (exon 19 deletion or exon 21 L858R) confirmed by an FDA-approved test',
    ['+EGFR:EX19DEL', '+EGFR:L858R'],
  ],
  [
    'inclusion',
    '* RET fusion-positive NSCLC previously treated with selpercatinib or pralsetinib',
    ['+RET:FUSION'],
  ],
  ['inclusion', '* NRG1 fusion', []],
];

describe('phrasebook of real criteria constructs', () => {
  it.each(CASES)('%s: %s', (section, text, want) => {
    expect(units(section, text)).toEqual([...want].sort());
  });
});

// Known miss of the ConText engine: a relative clause ends the negation's scope before the
// aside that lists the negated drivers ("driver mutations for which ... exists (e.g. EGFR)").
it.fails('a negation reaches an example aside after a relative clause (known miss)', () => {
  expect(
    units(
      'inclusion',
      '* Absence of known driver mutations for which an approved targeted therapy exists (e.g., EGFR, ALK, ROS1)',
    ),
  ).toEqual(['-ALK', '-EGFR', '-ROS1']);
});
