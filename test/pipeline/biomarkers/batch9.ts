/**
 * Blind batch 9: a second set of written criteria snippets (nested list headers,
 * flattened tables, arm lists, ADC and transformed-SCLC trials, IIT phrasing and typos),
 * labelled (pipeline/biomarkers/eval/README.md) before the extractor was run on them.
 * Written after reading the extractor's source (unlike batch 8). Before-fix figures: the
 * README's batch table.
 */
import type { WrittenCase } from './written-batch.js';

export const BATCH9: WrittenCase[] = [
  {
    inc: '* Histologically or cytologically confirmed stage IV NSCLC with EGFR activating mutation(19del/L858R) detected by ARMS-PCR or NGS',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R'],
  },
  {
    inc: '* Patient must be EGFR mutation negative, ALK negative, and ROS1 negative by tissue NGS',
    want: ['-EGFR', '-ALK', '-ROS1'],
  },
  {
    inc: '* The patient has NSCLC with the following genetic changes confirmed:\n  * KRAS G12C, or\n  * KRAS G12D',
    want: ['+KRAS:G12C', '+KRAS:G12D'],
  },
  {
    exc: '* Has a known driver alteration in any of: EGFR (sensitizing), ALK, ROS1, BRAF V600E, NTRK, RET, MET ex14',
    want: ['-EGFR', '-ALK', '-ROS1', '-BRAF:V600E', '-NTRK', '-RET', '-MET:EX14SKIP'],
  },
  {
    inc: '* Tumour with HER2 exon 20 insertion (YVMA) or other HER2 TKD mutation',
    want: ['+HER2:EX20INS', '+HER2:MUT'],
  },
  { inc: '* PD-L1 TPS ≥1% and <50% (i.e., PD-L1 low)', want: ['+PD-L1:TPS1-49'] },
  { inc: '* PD-L1 TPS 0% (negative) by 22C3', want: ['+PD-L1:TPS<1'] },
  {
    inc: '* PD-L1 expression ≥50% of tumor cells (TC3) by SP263, or ≥50% TC by 22C3',
    want: ['+PD-L1:TPS>=50'],
  },
  { inc: '* CPS ≥ 1 per PD-L1 IHC 22C3 pharmDx', want: ['+PD-L1:CPS>=1'] },
  {
    exc: '* PD-L1 expression ≥ 50% (these patients should receive pembrolizumab monotherapy)',
    want: ['-PD-L1:TPS>=50'],
  },
  { inc: '* ALK positive NSCLC confirmed by Ventana ALK (D5F3) CDx assay', want: ['+ALK:FUSION'] },
  { inc: '* ROS1 rearranged (by FISH break-apart ≥15% of cells) NSCLC', want: ['+ROS1:FUSION'] },
  {
    inc: '* Has a RET gene alteration (fusion or mutation) identified in tumor or blood',
    want: ['+RET', '+RET:FUSION'],
  },
  { inc: '* NTRK fusion-positive solid tumour (including NSCLC) per NGS', want: ['+NTRK:FUSION'] },
  {
    inc: '* Patients with MET exon14 skipping mutations who are treatment-naïve or pretreated with up to 2 lines (excluding MET inhibitors)',
    want: ['+MET:EX14SKIP'],
  },
  {
    inc: '* Documented MET amplification by tissue NGS (copy number ≥ 6) or FISH (MET/CEP7 ≥ 2.2) after progression on osimertinib',
    want: ['+MET:AMP', '+EGFR'],
  },
  {
    inc: '* Patients who were failed to previous EGFR-TKI treatment (gefitinib, erlotinib, icotinib or afatinib)',
    want: ['+EGFR'],
  },
  {
    inc: '* Gene detection show ALK fusion or ROS1 fusion positive',
    want: ['+ALK:FUSION', '+ROS1:FUSION'],
  },
  {
    inc: '* No EGFR/ALK/ROS1 driver gene mutation (for non-squamous cell carcinoma)',
    want: ['-EGFR', '-ALK', '-ROS1'],
  },
  {
    exc: '* EGFR sensitive mutation or ALK gene translocation positive (non-squamous patients should be tested)',
    want: ['-EGFR', '-ALK:FUSION'],
  },
  {
    inc: '* Squamous or non-squamous NSCLC; for non-squamous histology, absence of EGFR/ALK alterations must be documented',
    want: ['-EGFR', '-ALK'],
  },
  {
    inc: '* Histologically confirmed ES-SCLC; tumors with combined NSCLC histology or EGFR mutation (transformed SCLC) are excluded',
    want: ['-EGFR'],
  },
  {
    inc: '* SCLC transformation from EGFR-mutant adenocarcinoma after EGFR-TKI therapy',
    want: ['+EGFR'],
  },
  {
    inc: '* Unresectable stage III EGFR-mutant (Ex19del or L858R) NSCLC without progression after definitive chemoradiation',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R'],
  },
  {
    inc: '* Completely resected stage IB-IIIA NSCLC; tumour must be EGFR wild type and ALK negative by local test (mandatory for non-squamous)',
    want: ['-EGFR', '-ALK'],
  },
  {
    exc: '* Known EGFR mutation or ALK translocation (testing is required for non-squamous histology only)',
    want: ['-EGFR', '-ALK:FUSION'],
  },
  {
    inc: '* Patients with KRAS G12C–mutated tumors that are PD-L1 TPS ≥ 1%',
    want: ['+KRAS:G12C', '+PD-L1:TPS>=1'],
  },
  {
    inc: 'Arm assignment:\n* Arm 1 — EGFR mutation (any)\n* Arm 2 — ALK/ROS1 rearrangement\n* Arm 3 — BRAF V600E\n* Arm 4 — wild-type for all of the above',
    want: [],
    // Read right since cohort labels set off by a dash are cohort items (2026-11-28).
  },
  {
    inc: '* Part B: NSCLC harboring KRAS G12C mutation who have not received prior KRAS G12C inhibitor',
    want: ['+KRAS:G12C'],
  },
  {
    inc: '* Have NSCLC with documented activating HER2 mutation; HER2 overexpression or amplification alone is not sufficient',
    want: ['+HER2:MUT'],
  },
  {
    inc: '* HER2-expressing (IHC 1+, 2+ or 3+) NSCLC by central assessment',
    want: ['+HER2:OVEREXP'],
  },
  {
    inc: '* c-Met overexpressing NSCLC (c-Met high: ≥50% of tumor cells at 3+ intensity)',
    want: ['+MET'],
  },
  {
    inc: '* Patients with actionable genomic alterations (e.g., EGFR, ALK, ROS1, NTRK, BRAF, RET, MET) must have received prior targeted therapy',
    want: [],
  },
  {
    inc: '* Either (a) KRAS G12C mutation, or (b) STK11 or KEAP1 co-mutation with KRAS wild-type',
    want: [],
  },
  {
    inc: '* EGFR mutation status: positive (exon 19 deletion or exon 21 L858R)',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R'],
  },
  { inc: '* ALK status: negative; ROS1 status: negative', want: ['-ALK', '-ROS1'] },
  {
    inc: '* Cohort | Histology | Biomarker\nA | NSQ NSCLC | KRAS G12C\nB | NSQ NSCLC | KRAS G12D\nC | any | KRAS G12V',
    want: ['+KRAS:G12C', '+KRAS:G12D', '+KRAS:G12V'],
  },
  {
    exc: '* Tumor harbours EGFR T790M mutation (patients previously treated with osimertinib are excluded)',
    want: ['-EGFR:T790M'],
  },
  {
    inc: '* Acquired resistance to osimertinib with a documented MET-amplification or MET-overexpression (IHC3+ ≥ 50%)',
    want: ['+EGFR', '+MET:AMP', '+MET'],
  },
  {
    inc: '* Patients must have progressed on prior crizotinib or another ALK inhibitor',
    want: ['+ALK:FUSION'],
  },
  { inc: '* ROS1 TKI-naive', want: [] },
  { inc: '* BRAF mutation of any class (I, II, or III)', want: ['+BRAF'] },
  // Relabelled 2026-11-28 (fifth session): melanoma's marker is no lung unit (README conventions).
  { exc: '* BRAF V600 mutation-positive melanoma', want: [] },
  // First labelled '+KRAS' alone; on review, codon 12 is G12X and codons 13/61 have no id, as in the README's KRAS convention.
  { inc: '* KRAS-mutant (any codon 12, 13 or 61 variant) NSCLC', want: ['+KRAS', '+KRAS:G12X'] },
  {
    inc: '* Tumor tissue PD-L1 TPS≥50% (Dako 22C3) and no EGFR sensitizing mutation, ALK or ROS1 rearrangement',
    want: ['+PD-L1:TPS>=50', '-EGFR', '-ALK:FUSION', '-ROS1:FUSION'],
  },
  {
    inc: '* Negative for actionable driver oncogenes: EGFR, ALK, ROS1, RET, BRAF V600E, MET ex14 skipping, NTRK, KRAS G12C',
    want: ['-EGFR', '-ALK', '-ROS1', '-RET', '-BRAF:V600E', '-MET:EX14SKIP', '-NTRK', '-KRAS:G12C'],
  },
  {
    inc: '* Documented absence of the following alterations:\n  * EGFR sensitizing mutations\n  * ALK fusions\n  * ROS1 fusions',
    want: ['-EGFR', '-ALK:FUSION', '-ROS1:FUSION'],
  },
  {
    inc: '* Tumor must harbor one of the following:\n  * EGFR exon 20 insertion\n  * HER2 exon 20 insertion',
    want: ['+EGFR:EX20INS', '+HER2:EX20INS'],
  },
  {
    exc: '* Tumors with any of the following known molecular alterations:\n  - EGFR mutation\n  - ALK rearrangement\n  - ROS1 rearrangement',
    want: ['-EGFR', '-ALK:FUSION', '-ROS1:FUSION'],
  },
  {
    inc: '* NSCLC with oncogenic driver (EGFR, ALK, ROS1, RET, MET, BRAF, NTRK, HER2 or KRAS) who have exhausted targeted therapy',
    want: ['+EGFR', '+ALK', '+ROS1', '+RET', '+MET', '+BRAF', '+NTRK', '+HER2', '+KRAS'],
  },
  { inc: '* EGFR and ALK wildtype (not required for squamous)', want: ['-EGFR', '-ALK'] },
  { inc: '* PD-L1 (22C3) TPS ≥ 1 %', want: ['+PD-L1:TPS>=1'] },
  {
    inc: '* PD-L1 expression in ≥ 1 % of tumor cells and EGFR/ALK-negative',
    want: ['+PD-L1:TPS>=1', '-EGFR', '-ALK'],
  },
  {
    exc: '* Patients with PD-L1 TPS ≥50% who are eligible for pembrolizumab monotherapy',
    want: ['-PD-L1:TPS>=50'],
  },
  {
    inc: '* Participants with EGFR mutation are allowed if they have received osimertinib',
    want: [],
  },
  { inc: '* Positive for ALK by IHC (D5F3) or FISH', want: ['+ALK:FUSION'] },
  {
    inc: '* EGFR mutation-positive NSCLC with disease progression on 3rd-generation EGFR-TKI; exon 20 insertion is not allowed',
    want: ['+EGFR', '-EGFR:EX20INS'],
  },
  { inc: '* Exon 20 insertion mutation in EGFR, confirmed by a CLIA lab', want: ['+EGFR:EX20INS'] },
  {
    inc: '* Confirmed uncommon EGFR mutation: G719A/C/S, S768I, L861Q or their compound mutations',
    want: ['+EGFR:G719X', '+EGFR:S768I', '+EGFR:L861Q'],
  },
  { inc: '* ctDNA-detected KRAS p.G12D (c.35G>A) mutation', want: ['+KRAS:G12D'] },
  { inc: '* MET ex14 skip confirmed by RNA-based NGS', want: ['+MET:EX14SKIP'] },
  {
    inc: '* Tumor tissue available for central confirmation of EGFR T790M; results are not required prior to enrollment',
    want: [],
  },
  { inc: '* RET fusion (e.g., KIF5B-RET, CCDC6-RET) positive', want: ['+RET:FUSION'] },
  { inc: '* EML4-ALK fusion variant 3 (v3a/b)', want: ['+ALK:FUSION'] },
  { inc: '* Tumor with NRG1 fusion, or CD74-ROS1 fusion', want: ['+ROS1:FUSION'] },
  {
    exc: '* Subjects known to have EGFR, ALK, ROS1, or BRAF driver mutations for whom targeted therapy is available',
    want: ['-EGFR', '-ALK', '-ROS1', '-BRAF'],
  },
  { inc: '* Sensitive EGFR mutaion (19del or L858R)', want: ['+EGFR:EX19DEL', '+EGFR:L858R'] },
  {
    inc: '* ALK-rearranged, ROS1-rearranged, or RET-rearranged NSCLC (cohorts A, B, C)',
    want: ['+ALK:FUSION', '+ROS1:FUSION', '+RET:FUSION'],
  },
];
