/**
 * Blind batch 8: criteria snippets written in the styles of sponsor master protocols,
 * cooperative groups, Chinese and Korean investigator-initiated trials, umbrella cohorts,
 * ADC, bispecific and post-TKI trials, each labelled (pipeline/biomarkers/eval/README.md)
 * before the extractor was run on it. Before-fix figures: the README's batch table.
 */
import type { WrittenCase } from './written-batch.js';

export const BATCH8: WrittenCase[] = [
  {
    inc: '* EGFRm NSCLC (ex19del or L858R) confirmed by a tissue-based test',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R'],
  },
  {
    inc: '* ALK+ or ROS1+ advanced NSCLC per local laboratory',
    want: ['+ALK:FUSION', '+ROS1:FUSION'],
  },
  { inc: '* KRASG12C mutant locally advanced or metastatic NSCLC', want: ['+KRAS:G12C'] },
  {
    inc: '* Histologically confirmed NSCLC harboring EGFR ex20ins, identified by NGS of tumour tissue or ctDNA',
    want: ['+EGFR:EX20INS'],
  },
  {
    inc: '* Subjects must be EGFR T790M-negative following progression on first-line gefitinib, erlotinib or icotinib',
    want: ['-EGFR:T790M', '+EGFR'],
  },
  {
    inc: '1. Pathologically confirmed non-squamous NSCLC.\n2. Negative for EGFR sensitive mutation and ALK fusion gene.',
    want: ['-EGFR', '-ALK:FUSION'],
  },
  { inc: '* The driver genes (EGFR/ALK/ROS1) were negative', want: ['-EGFR', '-ALK', '-ROS1'] },
  {
    exc: '* Patients with EGFR-sensitive mutations, ALK fusion, ROS1 fusion, RET fusion, or other driver genes with approved targeted drugs',
    want: ['-EGFR', '-ALK:FUSION', '-ROS1:FUSION', '-RET:FUSION'],
  },
  {
    inc: '* No known actionable genomic alterations in EGFR, ALK, ROS1, BRAF, MET, RET, NTRK, or KRAS G12C',
    want: ['-EGFR', '-ALK', '-ROS1', '-BRAF', '-MET', '-RET', '-NTRK', '-KRAS:G12C'],
  },
  {
    inc: '* Documented KRAS p.G12C variant by a local assay (tissue or blood-based)',
    want: ['+KRAS:G12C'],
  },
  {
    inc: '* BRAF^V600E-mutant NSCLC (V600E confirmed by central laboratory)',
    want: ['+BRAF:V600E'],
  },
  {
    inc: '* METex14 skipping mutation or MET amp (GCN ≥ 10 by NGS)',
    want: ['+MET:EX14SKIP', '+MET:AMP'],
  },
  {
    inc: '* HER2 (ERBB2) activating mutations in the tyrosine kinase domain as determined by a validated NGS assay',
    want: ['+HER2:MUT'],
  },
  {
    inc: '* NTRK1/2/3 gene fusion without a known acquired resistance mutation',
    want: ['+NTRK:FUSION'],
  },
  {
    inc: '* RET-fusion positive NSCLC, treatment-naive for selective RET inhibitors',
    want: ['+RET:FUSION'],
  },
  { inc: '* ROS1-positive (by FISH, IHC, or NGS) advanced NSCLC', want: ['+ROS1:FUSION'] },
  {
    inc: '* Non-squamous NSCLC. ALK or ROS1 rearrangements detected by FISH/NGS/IHC are not allowed',
    want: ['-ALK:FUSION', '-ROS1:FUSION'],
  },
  {
    inc: '* Patients with known EGFR/ALK aberrations must have received prior TKI therapy',
    want: [],
  },
  {
    exc: '* Known EGFR-activating mutations (exon 19 del, exon 21 L858R) or ALK translocation',
    want: ['-EGFR:EX19DEL', '-EGFR:L858R', '-ALK:FUSION'],
  },
  {
    inc: '* PD-L1 TPS ≥ 50% by local testing (22C3 or SP263 acceptable)',
    want: ['+PD-L1:TPS>=50'],
  },
  {
    inc: '* Tumour proportion score of less than 1% (PD-L1 negative) as determined by 22C3',
    want: ['+PD-L1:TPS<1'],
  },
  { inc: '* PD-L1 TC ≥ 50% or IC ≥ 10% (SP142)', want: ['+PD-L1:TPS>=50'] },
  {
    inc: '* PD-L1 expression level of 1-49% (PD-L1 low) determined by the Dako 28-8 assay',
    want: ['+PD-L1:TPS1-49'],
  },
  { inc: '* PD-L1 high (TPS ≥50%) per 22C3 pharmDx', want: ['+PD-L1:TPS>=50'] },
  { inc: '* Tumor PD-L1 positive (≥1% tumor cells) by SP263 assay', want: ['+PD-L1:TPS>=1'] },
  { exc: '* PD-L1 TPS < 1%', want: ['-PD-L1:TPS<1'] },
  { inc: '* PD-L1 expression ≥ 1% and < 50% of tumor cells', want: ['+PD-L1:TPS1-49'] },
  { inc: '* PD-L1 combined positive score (CPS) of 1 or greater', want: ['+PD-L1:CPS>=1'] },
  { inc: '* Extensive-stage SCLC; DLL3 expression is not required for enrollment', want: [] },
  {
    inc: '* HER2-mutant or HER2-overexpressing (IHC 3+) NSCLC',
    want: ['+HER2:MUT', '+HER2:OVEREXP'],
  },
  {
    inc: '* c-Met protein overexpression (≥25% of tumor cells with 3+ staining intensity) by central IHC',
    want: ['+MET'],
  },
  {
    inc: '* Documented EGFR Exon 20 insertion activating mutation; prior amivantamab not permitted',
    want: ['+EGFR:EX20INS'],
  },
  {
    inc: '* Radiologic progression on osimertinib given as first- or second-line therapy for EGFR-mutated (Ex19del/L858R) NSCLC',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R'],
  },
  // ^ First labelled with '+EGFR' as well; on review the therapy was given for the listed alterations, which specify it (README).
  {
    exc: '* Tumours with EGFR sensitising mutations, ALK gene rearrangements, ROS-1 rearrangement',
    want: ['-EGFR', '-ALK:FUSION', '-ROS1:FUSION'],
  },
  {
    inc: '* Resectable stage II-IIIB (N2) NSCLC (AJCC 8th); EGFR and ALK status must be known and negative',
    want: ['-EGFR', '-ALK'],
  },
  {
    inc: '* No disease progression after 4 cycles of platinum doublet; tumors without EGFR mutation or ALK translocation',
    want: ['-EGFR', '-ALK:FUSION'],
  },
  {
    exc: '* Patients whose tumors are known to harbor an EGFR mutation (exon 19 deletion or exon 21 L858R) or ALK gene fusion are NOT eligible',
    want: ['-EGFR:EX19DEL', '-EGFR:L858R', '-ALK:FUSION'],
  },
  { exc: '* Tumor without documented ALK rearrangement', want: ['+ALK:FUSION'] },
  { exc: '* EGFR wild-type tumors', want: ['+EGFR'] },
  {
    inc: '* Cohort A: EGFR exon 20 insertion; Cohort B: HER2 exon 20 insertion; Cohort C: NRG1 fusion',
    want: ['+EGFR:EX20INS', '+HER2:EX20INS'],
  },
  {
    inc: 'Sub-study assignment by biomarker:\n* S1: MET amplification\n* S2: PIK3CA mutation\n* S3: FGFR alteration\n* S4: Non-match (no actionable alteration)',
    want: ['+MET:AMP'],
  },
  {
    inc: '* Patients who has activating EGFR mutation (Del19 or L858R) and acquired T790M mutation after 1st or 2nd generation EGFR-TKI',
    want: ['+EGFR', '+EGFR:EX19DEL', '+EGFR:L858R', '+EGFR:T790M'],
  },
  {
    inc: '* Confirmed by gene test with EGFR 19Del or 21L858R mutation',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R'],
  },
  {
    inc: '* Stage IIIB-IV lung adenocarcinoma, exon19del/L858R mutation positive',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R'],
  },
  {
    inc: '* Has tumor with HER2 amplification (HER2/CEP17 ≥ 2.0) or HER2 mutation',
    want: ['+HER2:AMP', '+HER2:MUT'],
  },
  { exc: '* Prior therapy with a KRAS G12C inhibitor (e.g., sotorasib, adagrasib)', want: [] },
  { inc: '* Progressed after prior sotorasib or adagrasib', want: ['+KRAS:G12C'] },
  {
    exc: '* Known BRAF V600E mutation, unless previously treated with dabrafenib plus trametinib',
    want: [],
  },
  { inc: '* Wild type for EGFR, ALK and ROS1', want: ['-EGFR', '-ALK', '-ROS1'] },
  {
    inc: '* Without EGFR sensitizing mutations, ALK rearrangements, or ROS1 fusions; patients with KRAS, BRAF non-V600E, or HER2 alterations are allowed',
    want: ['-EGFR', '-ALK:FUSION', '-ROS1:FUSION'],
  },
  { inc: '* ERBB2 exon 20 insertion (Y772_A775dup or other)', want: ['+HER2:EX20INS'] },
  {
    inc: '* Atypical EGFR mutations (G719X, L861Q, S768I); exon 20 insertions are excluded',
    want: ['+EGFR:G719X', '+EGFR:L861Q', '+EGFR:S768I', '-EGFR:EX20INS'],
  },
  {
    inc: '* Presence of EGFR C797S mutation detected after osimertinib failure',
    want: ['+EGFR', '+EGFR:C797S'],
  },
  {
    inc: '* ALK-rearranged NSCLC that progressed on alectinib, brigatinib or lorlatinib',
    want: ['+ALK:FUSION'],
  },
  {
    inc: '* PD-L1-negative (TPS<1%) or PD-L1 low (TPS 1–49%) tumours',
    want: ['+PD-L1:TPS<1', '+PD-L1:TPS1-49'],
  },
  { inc: '* ES-SCLC with DLL3 positive by IHC (≥1% tumor cells)', want: [] },
  {
    inc: '* TROP2 expression not required. Patients with actionable genomic alterations (EGFR, ALK) must have progressed on approved targeted therapy',
    want: [],
  },
  { inc: '* Tumors with KRAS mutations other than G12C', want: ['+KRAS', '-KRAS:G12C'] },
  {
    exc: '* Actionable EGFR mutation (excepting exon 20 insertions) or ALK fusion',
    want: ['-EGFR', '-ALK:FUSION'],
  },
  {
    inc: '* Stage IV NSCLC, PD-L1 ≥50% (22C3), and absence of sensitizing EGFR mutations/ALK translocations',
    want: ['+PD-L1:TPS>=50', '-EGFR', '-ALK:FUSION'],
  },
  { inc: '* EGFR- mutation positive (19del, L858R)', want: ['+EGFR:EX19DEL', '+EGFR:L858R'] },
  {
    exc: '* Mixed small cell lung cancer; tumors harboring ALK, ROS1, RET fusion genes',
    want: ['-ALK:FUSION', '-ROS1:FUSION', '-RET:FUSION'],
  },
  {
    inc: '* Non-squamous NSCLC with no sensitizing EGFR mutation and no ALK/ROS1 rearrangement (tested)',
    want: ['-EGFR', '-ALK:FUSION', '-ROS1:FUSION'],
  },
  {
    inc: '* MET amplification (MET/CEP7 ≥ 2) or MET overexpression (IHC 3+ in ≥50% of cells) after EGFR-TKI resistance',
    want: ['+MET:AMP', '+MET', '+EGFR'],
  },
  {
    inc: '* Histologically documented NSCLC with KRAS G12C mutation',
    exc: '* Known concurrent EGFR activating mutation or ALK/ROS1 fusion',
    want: ['+KRAS:G12C', '-EGFR', '-ALK:FUSION', '-ROS1:FUSION'],
  },
  {
    inc: '* Must be PD-L1 positive (TPS ≥ 1%)',
    exc: '* Known EGFR or ALK genomic tumor aberrations',
    want: ['+PD-L1:TPS>=1', '-EGFR', '-ALK'],
  },
  {
    exc: '* Patients with NSCLC that harbour an EGFR mutation are excluded; exception: those with exon 20 insertions are eligible',
    want: ['-EGFR'],
  },
  { inc: '* Any line of therapy; EGFR mutation status unknown is acceptable', want: [] },
  {
    inc: '* Participants with tumors harboring EGFR, ALK, ROS1, RET, or other targetable driver alterations are ineligible',
    want: ['-EGFR', '-ALK', '-ROS1', '-RET'],
  },
];
