/**
 * Blind review batch 17: phase 1/2 targeted-therapy trials for rare and resistant drivers
 * (post-osimertinib, post-ALK-TKI, RET/NTRK/ROS1, HER2, KRAS, BRAF, MET, uncommon EGFR).
 * Labelled by pipeline/biomarkers/eval/README.md conventions before running the extractor.
 * Saved 11:42:53 UTC 2026-11-28, first run at 8bbfcaf: lung rows, required P 96.8 / R 92.9 /
 * F1 94.8, excluded 98.4 / 92.5 / 95.4 (100 cases, 25 with no row; 166 units); the reviewer
 * changed no label after the run (cases 12, 24 and 97 carry the reviewer's written doubts).
 */
import type { WrittenCase } from './written-batch.js';

const I = (s: string) => 'Inclusion Criteria:\n\n' + s;
const E = (s: string) => 'Exclusion Criteria:\n\n' + s;
const S5 = (sign: '+' | '-') =>
  ['EX19DEL', 'L858R', 'G719X', 'L861Q', 'S768I'].map((a) => `${sign}EGFR:${a}`);

export const BATCH17: WrittenCase[] = [
  // 0
  {
    inc: I(
      '* Histologically confirmed locally advanced or metastatic NSCLC with a documented EGFR mutation (exon 19 deletion or L858R).\n* Radiological progression on osimertinib as the most recent therapy.\n* MET amplification (GCN ≥ 5 or MET/CEP7 ratio ≥ 2) by FISH on a biopsy obtained after progression, or by NGS on tissue or ctDNA.\n* ECOG 0-1.',
    ),
    want: ['+EGFR:EX19DEL', '+EGFR:L858R', '+MET:AMP'],
  },
  // 1 doubt: "third-generation EGFR TKI" is a prior therapy naming a drug class, not the marker: no gene-level row.
  {
    inc: I(
      '* Advanced NSCLC harbouring an EGFR C797S mutation, in the presence or absence of T790M, detected in tissue or plasma ctDNA.\n* Prior treatment with a third-generation EGFR TKI (e.g., osimertinib, lazertinib, aumolertinib).',
    ),
    exc: E('* Known ALK, ROS1 or RET fusion.'),
    want: ['+EGFR:C797S', '-ALK:FUSION', '-ROS1:FUSION', '-RET:FUSION'],
  },
  // 2
  {
    inc: I(
      '* EGFR-mutant NSCLC with progression on a third-generation EGFR TKI.\n* Patients whose tumours retain T790M after osimertinib are eligible.',
    ),
    want: ['+EGFR'],
  },
  // 3 doubt: "T790M-negative" read as negation of the alteration (-EGFR:T790M), not gene level.
  {
    inc: I(
      '1. Documented EGFR exon 19 deletion or L858R at diagnosis.\n2. Loss of T790M (T790M-negative by tissue or ctDNA) at progression on second-line osimertinib.\n3. Measurable disease per RECIST 1.1.',
    ),
    want: ['+EGFR:EX19DEL', '+EGFR:L858R', '-EGFR:T790M'],
  },
  // 4
  {
    inc: I(
      '* Stage IV NSCLC that progressed on osimertinib.\n* Willing to provide a fresh tumour biopsy for exploratory biomarker analysis (including MET, HER2 and EGFR resistance mutations).',
    ),
    want: [],
  },
  // 5
  {
    inc: I(
      '* ALK-positive NSCLC, documented by an FDA-approved test, that progressed on alectinib or lorlatinib.',
    ),
    exc: E('* Known EGFR sensitizing mutation.'),
    want: ['+ALK:FUSION', ...S5('-')],
  },
  // 6 doubt: G1202R has no id -> gene-level +ALK beside +ALK:FUSION.
  {
    inc: I(
      '* ALK rearrangement documented by IHC, FISH or NGS.\n* Cohort 1: ALK G1202R resistance mutation detected after a second-generation ALK TKI.\n* Cohort 2: progression on lorlatinib.',
    ),
    want: ['+ALK:FUSION', '+ALK'],
  },
  // 7
  {
    inc: I(
      '* Advanced NSCLC previously treated with lorlatinib.\n* ECOG 0-1.\n* Adequate organ function.',
    ),
    want: [],
  },
  // 8
  {
    inc: I(
      '* RET fusion-positive NSCLC per local molecular testing (tissue or blood).\n* Cohort A: RET inhibitor-naive.\n* Cohort B: progressed on selpercatinib or pralsetinib.',
    ),
    exc: E(
      '* Known additional oncogenic driver other than RET (e.g., EGFR, ALK, ROS1, KRAS G12C).',
    ),
    want: ['+RET:FUSION', '-EGFR', '-ALK', '-ROS1', '-KRAS:G12C'],
  },
  // 9
  {
    inc: I(
      '* Locally advanced or metastatic solid tumour, including NSCLC, harbouring an NTRK1, NTRK2 or NTRK3 gene fusion.\n* TRK inhibitor-naive or pretreated (larotrectinib or entrectinib).',
    ),
    want: ['+NTRK:FUSION'],
  },
  // 10
  {
    inc: I(
      '* ROS1-rearranged NSCLC.\n* Part 1: no prior ROS1 TKI.\n* Part 2: prior crizotinib or entrectinib; ROS1 G2032R is allowed but not required.',
    ),
    want: ['+ROS1:FUSION'],
  },
  // 11
  {
    inc: I('* Non-squamous NSCLC with a documented HER2 (ERBB2) exon 20 insertion mutation.'),
    exc: E('* Tumours with HER2 amplification alone.'),
    want: ['+HER2:EX20INS', '-HER2:AMP'],
  },
  // 12 doubt: "does not qualify" read as ineligible in inclusion -> excluded AMP and OVEREXP.
  {
    inc: I(
      '* Activating HER2 mutation (e.g., exon 20 insertion, S310F, L755S) in tumour tissue.\n* HER2 amplification or overexpression without a mutation does not qualify.',
    ),
    want: ['+HER2:MUT', '-HER2:AMP', '-HER2:OVEREXP'],
  },
  // 13
  {
    inc: I('* HER2-overexpressing NSCLC (IHC 3+ or 2+) by central testing.'),
    want: ['+HER2:OVEREXP'],
  },
  // 14
  { inc: I('* HER2-amplified NSCLC (HER2/CEP17 ≥ 2.0 or GCN ≥ 6 by NGS).'), want: ['+HER2:AMP'] },
  // 15
  {
    inc: I(
      '* KRAS G12C mutation identified in tumour tissue or ctDNA by a CLIA-certified laboratory.\n* Patients previously treated with sotorasib or adagrasib are excluded from Cohort A but eligible for Cohort B.',
    ),
    want: ['+KRAS:G12C'],
  },
  // 16
  {
    inc: I('* NSCLC with a KRAS G12D mutation.'),
    exc: E('* Prior KRAS G12D inhibitor.'),
    want: ['+KRAS:G12D'],
  },
  // 17
  {
    inc: I('* Advanced NSCLC with a KRAS mutation other than G12C (e.g., G12D, G12V, G13D, Q61H).'),
    want: ['+KRAS', '-KRAS:G12C'],
  },
  // 18
  { inc: I('* KRAS G12-mutant NSCLC (any G12 variant).'), want: ['+KRAS:G12X'] },
  // 19
  {
    inc: I(
      '* BRAF V600E mutation documented by an FDA-approved test.\n* Patients with non-V600 BRAF mutations are not eligible.',
    ),
    want: ['+BRAF:V600E', '-BRAF:NONV600'],
  },
  // 20
  {
    inc: I(
      '* NSCLC with a class II or class III BRAF alteration (non-V600), including BRAF fusions.',
    ),
    exc: E('* BRAF V600 mutation.'),
    want: ['+BRAF:NONV600', '-BRAF:V600E'],
  },
  // 21
  {
    inc: I(
      '* MET exon 14 skipping mutation detected by RNA- or DNA-based NGS on tissue or plasma.\n* MET inhibitor-naive.',
    ),
    want: ['+MET:EX14SKIP'],
  },
  // 22
  {
    inc: I('* De novo MET amplification (MET/CEP7 ≥ 2.0) in EGFR wild-type NSCLC.'),
    want: ['+MET:AMP', '-EGFR'],
  },
  // 23
  {
    inc: I(
      '* c-Met protein overexpression, defined as IHC 3+ in ≥ 50% of tumour cells (central laboratory).',
    ),
    want: ['+MET:OVEREXP'],
  },
  // 24 doubt: cohort 3 "without" gives excluded rows beside other cohorts' required ones.
  {
    inc: I(
      'Cohort 1: MET exon 14 skipping.\nCohort 2: MET amplification.\nCohort 3: c-Met IHC 3+ in ≥ 50% of tumour cells without MET amplification or exon 14 skipping.',
    ),
    want: ['+MET:EX14SKIP', '+MET:AMP', '+MET:OVEREXP', '-MET:AMP', '-MET:EX14SKIP'],
  },
  // 25
  {
    inc: I(
      '* EGFR uncommon mutation: G719X, L861Q or S768I, alone or in combination, excluding exon 20 insertions and T790M.',
    ),
    want: ['+EGFR:G719X', '+EGFR:L861Q', '+EGFR:S768I', '-EGFR:EX20INS', '-EGFR:T790M'],
  },
  // 26
  {
    inc: I(
      '* EGFR exon 20 insertion mutation confirmed by local test; central confirmation required before enrolment.',
    ),
    exc: E('* EGFR exon 19 deletion, L858R, or T790M mutation.'),
    want: ['+EGFR:EX20INS', '-EGFR:EX19DEL', '-EGFR:L858R', '-EGFR:T790M'],
  },
  // 27
  {
    inc: I(
      '* Participants with STK11 or KEAP1 co-mutations are allowed.\n* TP53 status is irrelevant for eligibility.',
    ),
    want: [],
  },
  // 28
  {
    inc: I('* KRAS G12C-mutant NSCLC.\n* STK11 and/or KEAP1 co-mutations allowed.'),
    want: ['+KRAS:G12C'],
  },
  // 29
  {
    inc: I(
      '* Advanced NSCLC previously treated with at least one line of targeted therapy appropriate to the driver alteration of the tumour.',
    ),
    want: [],
  },
  // 30
  {
    inc: I(
      '* Treatment-naive EGFR-mutant NSCLC (exon 19 deletion or exon 21 L858R), with or without baseline T790M.',
    ),
    want: ['+EGFR:EX19DEL', '+EGFR:L858R'],
  },
  // 31
  {
    inc: I('* NSCLC with ROS1 fusion, TKI-naive or pretreated.'),
    exc: E(
      '* Known concurrent oncogenic driver other than the target alteration, including EGFR activating mutation, ALK fusion, or KRAS G12C.',
    ),
    want: ['+ROS1:FUSION', ...S5('-'), '-ALK:FUSION', '-KRAS:G12C'],
  },
  // 32
  {
    inc: I('* Prior osimertinib required.\n* Prior chemotherapy allowed.'),
    exc: E('* Prior treatment with amivantamab.'),
    want: [],
  },
  // 33
  {
    inc: I(
      '* EGFR-mutant NSCLC after progression on osimertinib, irrespective of PD-L1 expression.',
    ),
    want: ['+EGFR'],
  },
  // 34
  {
    inc: I(
      '* Patients whose tumours have EGFR mutations must have progressed on an approved EGFR TKI.',
    ),
    want: [],
  },
  // 35
  {
    inc: I(
      '* ALK fusion detected in tissue or ctDNA.\n* Previously treated with at least one second-generation ALK inhibitor.',
    ),
    exc: E('* ROS1 rearrangement.'),
    want: ['+ALK:FUSION', '-ROS1:FUSION'],
  },
  // 36
  {
    inc: I('* HER2 exon 20 insertion or point mutation in the tyrosine kinase domain.'),
    want: ['+HER2:EX20INS', '+HER2:MUT'],
  },
  // 37
  {
    inc: I(
      '* Histologically confirmed NSCLC.\n* Documented progression on prior targeted therapy.\n* Tumour tissue (archival or fresh) must be submitted for central NGS; results are not required for enrolment.',
    ),
    want: [],
  },
  // 38
  {
    inc: I(
      '* EGFR T790M-positive NSCLC after progression on a first- or second-generation EGFR TKI.',
    ),
    want: ['+EGFR:T790M'],
  },
  // 39
  {
    inc: I(
      '* Patients with RET fusion-positive NSCLC may enrol on local results; central confirmation will be performed retrospectively.',
    ),
    want: ['+RET:FUSION'],
  },
  // 40
  {
    inc: I('* Solid tumours including NSCLC harbouring an NRG1 gene fusion.'),
    exc: E('* Known ALK or ROS1 fusion.'),
    want: ['-ALK:FUSION', '-ROS1:FUSION'],
  },
  // 41
  { inc: I('* NRG1 fusion-positive NSCLC or pancreatic cancer.'), want: [] },
  // 42
  {
    inc: I(
      '* MET exon 14 skipping NSCLC with an acquired MET D1228N or Y1230C resistance mutation after a type I MET inhibitor.',
    ),
    want: ['+MET:EX14SKIP', '+MET'],
  },
  // 43
  {
    inc: I('Cohort A: NSCLC with BRAF V600E.\nCohort B: colorectal cancer with KRAS G12C.'),
    want: ['+BRAF:V600E'],
  },
  // 44
  {
    inc: I('Cohort 1: HER2-positive breast cancer.\nCohort 2: NSCLC with HER2 mutation.'),
    want: ['+HER2:MUT'],
  },
  // 45
  {
    inc: I('Part 1: HER2-amplified gastric cancer.\nPart 2: NSCLC of any molecular subtype.'),
    want: [],
  },
  // 46
  {
    inc: I(
      '* NSCLC without EGFR, ALK, or ROS1 genomic aberrations, progressed after platinum-based chemotherapy.',
    ),
    want: ['-EGFR', '-ALK', '-ROS1'],
  },
  // 47
  {
    inc: I('* KRAS G12C-mutated NSCLC that progressed on a prior KRAS G12C inhibitor.'),
    want: ['+KRAS:G12C'],
  },
  // 48
  { inc: I('* Prior therapy with sotorasib or adagrasib is required.'), want: [] },
  // 49
  {
    inc: I('* EGFR-mutant NSCLC progressed on osimertinib.\n* ALK-negative.'),
    want: ['+EGFR', '-ALK'],
  },
  // 50 doubt: exclusion "EGFR mutations other than exon 20 insertions" -> gene-level -EGFR, carve-out only re-admits.
  {
    inc: I('* Locally advanced or metastatic NSCLC with EGFR exon 20 insertion.'),
    exc: E('* EGFR mutations other than exon 20 insertions.'),
    want: ['+EGFR:EX20INS', '-EGFR'],
  },
  // 51
  {
    inc: I(
      '* Tumour tissue will be tested for MET amplification and EGFR mutations at the central laboratory; results will be collected but do not determine eligibility.',
    ),
    want: [],
  },
  // 52
  {
    inc: I('* KRAS G12C mutation.\n* PD-L1 TPS ≥ 50% (22C3).'),
    want: ['+KRAS:G12C', '+PD-L1:TPS>=50'],
  },
  // 53
  {
    inc: I('* KRAS G12C-positive NSCLC with PD-L1 TPS < 1%.'),
    want: ['+KRAS:G12C', '+PD-L1:TPS<1'],
  },
  // 54
  {
    inc: I(
      '* Patients with known driver mutations may be enrolled if they have exhausted approved targeted therapies.',
    ),
    want: [],
  },
  // 55
  {
    inc: I(
      '* EGFR-mutated NSCLC with MET overexpression and/or amplification in a tumour sample collected after progression on osimertinib.',
    ),
    want: ['+EGFR', '+MET:OVEREXP', '+MET:AMP'],
  },
  // 56
  { inc: I('* BRAF V600-mutant NSCLC, BRAF/MEK inhibitor naive.'), want: ['+BRAF:V600E'] },
  // 57
  {
    inc: I('* ALK-rearranged NSCLC.'),
    exc: E('* ROS1-positive or NTRK fusion-positive tumours.'),
    want: ['+ALK:FUSION', '-ROS1:FUSION', '-NTRK:FUSION'],
  },
  // 58
  { inc: I('* The study will enrol patients regardless of EGFR, ALK, or KRAS status.'), want: [] },
  // 59 doubt: exclusion lasting only until targeted therapy -> no row.
  {
    exc: E(
      '* Tumours harbouring an EGFR sensitizing mutation or ALK rearrangement, unless the patient has progressed on all appropriate targeted therapy.',
    ),
    want: [],
  },
  // 60
  {
    inc: I(
      '* RET-rearranged NSCLC, no prior selective RET inhibitor; prior multikinase inhibitors (cabozantinib, vandetanib) allowed.',
    ),
    want: ['+RET:FUSION'],
  },
  // 61 doubt: Part A "any solid tumour" includes lung, so +RET gene level; Part C thyroid is no unit.
  {
    inc: I(
      'Part A: any solid tumour with a RET alteration.\nPart B: NSCLC with RET fusion.\nPart C: medullary thyroid cancer with RET mutation.',
    ),
    want: ['+RET', '+RET:FUSION'],
  },
  // 62
  {
    inc: I(
      '* Common EGFR mutation (Ex19del or L858R) previously treated with osimertinib; acquired resistance mechanism unknown or EGFR-independent.',
    ),
    want: ['+EGFR:EX19DEL', '+EGFR:L858R'],
  },
  // 63
  {
    inc: I(
      '* EGFR-mutant NSCLC after osimertinib.\n* MET amplification confirmed centrally before enrolment (tissue); ctDNA results alone are not sufficient.',
    ),
    want: ['+EGFR', '+MET:AMP'],
  },
  // 64
  {
    inc: I(
      '* Progression on or after osimertinib or another third-generation agent.\n* At least one measurable lesion.',
    ),
    want: [],
  },
  // 65
  {
    inc: I(
      '* HER2-expressing NSCLC (IHC 1+, 2+ or 3+) by local or central test; HER2 mutation status may be known or unknown.',
    ),
    want: ['+HER2:OVEREXP'],
  },
  // 66
  {
    inc: I('* ALK-positive NSCLC.'),
    exc: E(
      '* Presence of another known actionable driver other than ALK (for example EGFR, ROS1, BRAF V600E, MET exon 14 skipping).',
    ),
    want: ['+ALK:FUSION', '-EGFR', '-ROS1', '-BRAF:V600E', '-MET:EX14SKIP'],
  },
  // 67
  {
    inc: I('* EGFR/ALK wild-type non-squamous NSCLC with KRAS G12D mutation.'),
    want: ['-EGFR', '-ALK', '+KRAS:G12D'],
  },
  // 68
  {
    inc: I(
      '* Sponsor-provided ctDNA testing (Guardant360) is available for participants without a prior molecular report.',
    ),
    want: [],
  },
  // 69
  {
    inc: I(
      '* ROS1 fusion-positive NSCLC by FISH, RT-PCR, or NGS.\n* Prior ROS1 TKI: none (Cohort 1) or 1-2 including crizotinib (Cohort 2).',
    ),
    want: ['+ROS1:FUSION'],
  },
  // 70
  {
    inc: I('* Advanced NSCLC with EGFR L858R.'),
    exc: E('* Known NTRK fusion or MET amplification.'),
    want: ['+EGFR:L858R', '-NTRK:FUSION', '-MET:AMP'],
  },
  // 71
  {
    inc: I('* EGFR exon 19 deletion or L858R; progressed on a first-generation EGFR TKI.'),
    exc: E('* Known T790M mutation.'),
    want: ['+EGFR:EX19DEL', '+EGFR:L858R', '-EGFR:T790M'],
  },
  // 72
  {
    exc: E(
      '* Prior treatment with any MET inhibitor (capmatinib, tepotinib, savolitinib) is not permitted.',
    ),
    want: [],
  },
  // 73
  {
    inc: I('* EGFR protein expression by IHC (any intensity) in NSCLC after osimertinib.'),
    want: ['+EGFR:OVEREXP'],
  },
  // 74
  {
    inc: I(
      '* Mutations in TP53, STK11, KEAP1 or SMARCA4 will be explored as biomarkers of response.',
    ),
    want: [],
  },
  // 75
  {
    inc: I('* HER2 (ERBB2) activating mutation; concurrent HER2 amplification allowed.'),
    want: ['+HER2:MUT'],
  },
  // 76
  {
    inc: I('* NSCLC with BRAF V600E, treatment naive or after one line of chemo-immunotherapy.'),
    exc: E('* Prior BRAF or MEK inhibitor.'),
    want: ['+BRAF:V600E'],
  },
  // 77
  { inc: I('* Any NSCLC histology; molecular status: any.'), want: [] },
  // 78 doubt: exclusion lasting only until targeted therapy -> no row.
  {
    inc: I('* Non-squamous NSCLC progressed after platinum doublet.'),
    exc: E('* Patients with ALK-positive disease who have not received an ALK TKI.'),
    want: [],
  },
  // 79
  { inc: I('* KRAS G12V mutation and HLA-A*11:01 genotype.'), want: ['+KRAS:G12V'] },
  // 80
  {
    inc: I('Arm 1: KRAS G12C NSCLC.\nArm 2: KRAS G12D NSCLC.\nArm 3: KRAS G12V or G13D NSCLC.'),
    want: ['+KRAS:G12C', '+KRAS:G12D', '+KRAS:G12V', '+KRAS'],
  },
  // 81
  {
    inc: I('* EGFR G719X mutation with or without concurrent S768I or L861Q.'),
    want: ['+EGFR:G719X'],
  },
  // 82
  {
    inc: I('* Atypical EGFR mutations (excluding exon 20 insertion).'),
    want: ['+EGFR', '-EGFR:EX20INS'],
  },
  // 83
  { inc: I('* Known EGFR, ALK, ROS1 status is not required.'), want: [] },
  // 84
  {
    inc: I('* MET exon 14 skipping or high-level MET amplification (GCN ≥ 10).'),
    exc: E('* EGFR sensitizing mutation or ALK rearrangement.'),
    want: ['+MET:EX14SKIP', '+MET:AMP', ...S5('-'), '-ALK:FUSION'],
  },
  // 85
  {
    inc: I(
      '* Documented RET gene fusion from a CLIA laboratory; patients may enrol on local results, with central confirmation later.\n* Prior RET-selective inhibitor allowed in Part 2.',
    ),
    want: ['+RET:FUSION'],
  },
  // 86
  {
    inc: I('* EGFR-mutated NSCLC.'),
    exc: E('* Prior third-generation EGFR TKI.'),
    want: ['+EGFR'],
  },
  // 87
  {
    inc: I('* Previously treated with alectinib, brigatinib or ceritinib followed by lorlatinib.'),
    want: [],
  },
  // 88
  {
    inc: I(
      '* ALK-positive NSCLC with documented disease progression on lorlatinib; tumours with ALK compound mutations are eligible.',
    ),
    want: ['+ALK:FUSION'],
  },
  // 89
  {
    inc: I('* EGFR or HER2 exon 20 insertion mutation.'),
    want: ['+EGFR:EX20INS', '+HER2:EX20INS'],
  },
  // 90
  {
    inc: I(
      '* Molecular testing for EGFR, ALK, ROS1, BRAF, KRAS, MET, RET, NTRK, HER2 and PD-L1 must have been performed per standard of care.',
    ),
    want: [],
  },
  // 91
  {
    inc: I('* EGFR-mutant NSCLC after osimertinib.\n* PD-L1 negative (TPS < 1%).'),
    want: ['+EGFR', '+PD-L1:TPS<1'],
  },
  // 92
  {
    inc: I('* KRAS-mutant NSCLC.\n* Patients must not have a KRAS G12C mutation.'),
    want: ['+KRAS', '-KRAS:G12C'],
  },
  // 93
  {
    inc: I(
      'Cohort A: prior osimertinib.\nCohort B: prior osimertinib and chemotherapy.\nCohort C: no prior EGFR-directed therapy.',
    ),
    want: [],
  },
  // 94
  {
    inc: I(
      '* Non-squamous NSCLC without EGFR sensitizing mutation, with c-Met overexpression (IHC 3+ in ≥ 50% of tumour cells).',
    ),
    want: [...S5('-'), '+MET:OVEREXP'],
  },
  // 95
  { inc: I('* ROS1- or NTRK-positive NSCLC.'), want: ['+ROS1:FUSION', '+NTRK:FUSION'] },
  // 96
  {
    inc: I(
      '* Participants with an EGFR mutation or ALK rearrangement are eligible if they have received prior targeted therapy.',
    ),
    want: [],
  },
  // 97 doubt: "any BRAF mutation, V600 or non-V600" read as gene level.
  { inc: I('* BRAF-mutant NSCLC (any BRAF mutation, V600 or non-V600).'), want: ['+BRAF'] },
  // 98
  { exc: E('* Patients without documented ALK rearrangement.'), want: ['+ALK:FUSION'] },
  // 99 doubt: examples after "e.g." leave gene-level -EGFR.
  {
    inc: I('* EGFR exon 20 insertion NSCLC previously treated with amivantamab.'),
    exc: E('* Other EGFR mutations (e.g., exon 19 deletion, L858R) as the sole alteration.'),
    want: ['+EGFR:EX20INS', '-EGFR'],
  },
];
