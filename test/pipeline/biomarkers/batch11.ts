/**
 * Batch 11: criteria snippets in key-value and "(+)/(-)" notation, European cooperative
 * group and Korean/Chinese investigator phrasing, "i.e." lists, resistance and
 * prior-therapy cohorts, labelled (pipeline/biomarkers/eval/README.md) before the extractor
 * was run on them. NOT blind: written after reading the extractor's source (like batch 9),
 * so its phrasings may lean away from what the grammar reads. Before-fix figures: the
 * README's batch table.
 */
import type { WrittenCase } from './written-batch.js';

export const BATCH11: WrittenCase[] = [
  {
    inc: '* Absence of EGFR activating mutation and of ALK/ROS1 rearrangement (mandatory for non-squamous histology)',
    want: ['-EGFR', '-ALK:FUSION', '-ROS1:FUSION'],
  },
  {
    inc: '* Biomarker: KRAS G12C (tissue or plasma)\n* Prior therapy: at least one platinum-based regimen',
    want: ['+KRAS:G12C'],
  },
  { inc: '* EGFRm+ advanced NSCLC', want: ['+EGFR'] },
  { inc: '* ALK+ve or ROS1+ve NSCLC', want: ['+ALK:FUSION', '+ROS1:FUSION'] },
  { inc: '* EGFR-ve and ALK-ve tumours', want: ['-EGFR', '-ALK'] },
  { inc: '* PD-L1 high (≥ 50%) tumours are excluded from cohort 2', want: ['-PD-L1:TPS>=50'] },
  { inc: '* KRAS G12D or G12V mutation', want: ['+KRAS:G12D', '+KRAS:G12V'] },
  {
    inc: '* BRAF V600E/K mutation confirmed by a CLIA-certified laboratory',
    want: ['+BRAF:V600E'],
  },
  {
    inc: '* Patients with EGFR exon 19 deletion or L858R who have not received prior osimertinib',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R'],
  },
  { exc: '* Prior EGFR TKI therapy', want: [] },
  { inc: '* Activating mutation in EGFR exons 18-21', want: ['+EGFR'] },
  {
    inc: '* ROS1 gene rearrangement by break-apart FISH (≥15% split signals)',
    want: ['+ROS1:FUSION'],
  },
  {
    inc: '* Squamous histology: EGFR/ALK testing not required. Non-squamous histology: must be EGFR and ALK negative',
    want: ['-EGFR', '-ALK'],
  },
  {
    inc: '* No EGFR sensitising mutation (exon 19 deletion or exon 21 L858R); other EGFR mutations are allowed',
    want: ['-EGFR:EX19DEL', '-EGFR:L858R'],
  },
  { inc: '* ALK positivity by IHC (Ventana D5F3) or FISH (>15% of cells)', want: ['+ALK:FUSION'] },
  { inc: '* PD-L1 ≥ 1% (TPS) and < 50%', want: ['+PD-L1:TPS1-49'] },
  { inc: '* PD-L1 TPS ≥ 50% or CPS ≥ 10', want: ['+PD-L1:TPS>=50', '+PD-L1:CPS>=10'] },
  {
    exc: '* Patients with actionable genomic alterations: EGFR, ALK, ROS1, RET, NTRK, BRAF V600E, MET exon 14 skipping',
    want: ['-EGFR', '-ALK', '-ROS1', '-RET', '-NTRK', '-BRAF:V600E', '-MET:EX14SKIP'],
  },
  {
    inc: '* EGFR T790M negative if previously treated with a first- or second-generation EGFR TKI',
    want: [],
  },
  {
    inc: '* Disease progression on a prior ALK TKI (crizotinib, ceritinib, alectinib or brigatinib)',
    want: ['+ALK:FUSION'],
  },
  { inc: '* Subjects harboring ROS1 fusions must have received crizotinib', want: [] },
  { inc: '* KRAS wild-type metastatic NSCLC', want: ['-KRAS'] },
  { inc: '* MET amplification (≥ 5 copies by NGS)', want: ['+MET:AMP'] },
  { inc: '* HER2 gene copy number ≥ 6 by NGS', want: ['+HER2:AMP'] },
  // YVMA (Y772_A775dup) is the commonest HER2 exon 20 insertion.
  { inc: '* ERBB2 Y772_A775dupYVMA mutation', want: ['+HER2:EX20INS'] },
  {
    inc: '* EGFR exon 20 insertion (patients with A763_Y764insFQEA are excluded)',
    want: ['+EGFR:EX20INS'],
  },
  {
    // Relabelled 2026-11-28 (fifth session): the thyroid cancer's RET is no lung unit.
    inc: '* RET M918T-mutant medullary thyroid cancer or RET fusion-positive NSCLC',
    want: ['+RET:FUSION'],
  },
  { inc: '* Not EGFR or ALK positive', want: ['-EGFR', '-ALK:FUSION'] },
  { inc: '* EGFR mutation: No\n* ALK rearrangement: No', want: ['-EGFR', '-ALK:FUSION'] },
  { inc: '* PD-L1 status: ≥ 50% (22C3)', want: ['+PD-L1:TPS>=50'] },
  { inc: '* Tumour must be PD-L1 positive, defined as TPS ≥ 1%', want: ['+PD-L1:TPS>=1'] },
  // "or unknown" tolerates a missing test; the cut-off still stands (as batch 10's "negative or unknown").
  { inc: '* PD-L1 TPS < 50% or unknown', want: ['+PD-L1:TPS<50'] },
  {
    inc: '* Treatment-naive ES-SCLC; patients with transformed SCLC from EGFR-mutant adenocarcinoma are excluded',
    want: ['-EGFR'],
  },
  { inc: '* Limited-stage SCLC amenable to concurrent chemoradiotherapy', want: [] },
  { inc: '* Epithelioid mesothelioma with BAP1 loss', want: [] },
  { inc: '* HER2 IHC 2+ or 3+ solid tumour', want: ['+HER2:OVEREXP'] },
  {
    exc: '* Tumours with HER2 exon 20 insertion (these patients should enrol in study part B)',
    want: ['-HER2:EX20INS'],
  },
  { exc: '* Known ALK fusion; patients with ROS1 fusion are eligible', want: ['-ALK:FUSION'] },
  {
    inc: '* Presence of an EGFR mutation associated with EGFR TKI sensitivity (i.e., exon 19 deletion or L858R)',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R'],
  },
  {
    inc: '* KRAS G12C by tissue or plasma; co-mutations in STK11, KEAP1 or TP53 are allowed',
    want: ['+KRAS:G12C'],
  },
  {
    inc: '* BRAF V600E-mutant NSCLC; prior BRAF/MEK inhibitor therapy is allowed',
    want: ['+BRAF:V600E'],
  },
  { inc: '* Must have received prior ROS1 TKI therapy', want: ['+ROS1:FUSION'] },
  { inc: '* MET inhibitor-naive', want: [] },
  { inc: '* EGFR-TKI-naïve EGFR-mutated NSCLC', want: ['+EGFR'] },
  {
    inc: '* EGFR sensitizing mutation (19DEL/21L858R) positive confirmed by Super-ARMS',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R'],
  },
  { inc: '* EGFR mutation (+)', want: ['+EGFR'] },
  { inc: '* EGFR (+) and T790M (-) after first-line gefitinib', want: ['+EGFR', '-EGFR:T790M'] },
  { inc: '* ALK (-), ROS1 (-)', want: ['-ALK', '-ROS1'] },
  {
    inc: '* Stage IIIB/IV non-squamous NSCLC whose tumours are EGFR, ALK, ROS1 and BRAF negative or unknown',
    want: ['-EGFR', '-ALK', '-ROS1', '-BRAF'],
  },
  {
    exc: '* Known sensitising EGFR mutation or ALK translocation (testing mandatory only in never-smokers and non-squamous)',
    want: ['-EGFR', '-ALK:FUSION'],
  },
  {
    inc: '* Tumour PD-L1 expression ≥ 1% on tumour cells, as assessed centrally; patients with PD-L1 < 1% will be enrolled in cohort C',
    want: ['+PD-L1:TPS>=1', '+PD-L1:TPS<1'],
    // Read right since the ConText engine (2026-11-27): no longer open.
  },
  {
    inc: '* NSCLC with MET exon 14 skipping mutation, with or without MET amplification',
    want: ['+MET:EX14SKIP'],
  },
  {
    inc: '* Any of the following alterations in tumour tissue:\n  - EGFR L858R\n  - EGFR exon 19 deletion\n  - EGFR exon 20 insertion',
    want: ['+EGFR:L858R', '+EGFR:EX19DEL', '+EGFR:EX20INS'],
  },
  {
    exc: '* Patients whose tumours carry any of:\n  - KRAS G12C mutation\n  - BRAF V600E mutation\n  - NTRK fusion',
    want: ['-KRAS:G12C', '-BRAF:V600E', '-NTRK:FUSION'],
  },
  {
    inc: '* HER2 (ERBB2) mutation, amplification or overexpression (cohorts 1, 2, 3 respectively)',
    want: ['+HER2:MUT', '+HER2:AMP', '+HER2:OVEREXP'],
  },
  // First labelled with '+EGFR' as well; on review the drug is named before the alterations that specify it (batch 8 review).
  {
    inc: '* Progressive disease after osimertinib and platinum-based chemotherapy, with documented EGFR exon 19 deletion or L858R at diagnosis',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R'],
  },
  {
    inc: '* EGFR mutant NSCLC with acquired MET amplification (FISH MET/CEP7 ≥ 2.0) or MET overexpression (IHC 3+ ≥ 50%)',
    want: ['+EGFR', '+MET:AMP', '+MET'],
  },
  { exc: '* EGFR C797S mutation detected in plasma at screening', want: ['-EGFR:C797S'] },
  { inc: '* Neither EGFR T790M nor C797S is required', want: [] },
  { inc: '* Positive for RET fusion in tumour or plasma', want: ['+RET:FUSION'] },
  { inc: '* NTRK gene fusion without a prior TRK inhibitor', want: ['+NTRK:FUSION'] },
];
