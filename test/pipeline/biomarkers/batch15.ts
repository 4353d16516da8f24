/**
 * Blind batch 15 (review 7): US cooperative-group / NCI style eligibility sections
 * (SWOG, ECOG-ACRIN, Alliance, NRG; Lung-MAP-like master protocols with sub-studies assigned
 * by biomarker; Pre-registration / Registration / Randomization steps), first-in-human
 * dose escalation with lung expansion cohorts, ADCs (HER2, TROP2, c-MET, HER3, B7-H3),
 * bispecifics, KRAS G12C/G12D, MET, RET, NTRK, HER2 exon 20. Labelled by the README
 * conventions of 2026-11-27/28 without reading the extractor and before running it.
 * Saved ~10:47 UTC 2026-11-28, first run at cb17da5: lung rows, required P 83.6 / R 99.0 /
 * F1 90.7, excluded 100 / 92.5 / 96.1 (120 cases, 39 with no row; 205 units); the reviewer
 * changed no label after the run.
 */
import type { WrittenCase } from './written-batch.js';

const SENS = ['EX19DEL', 'L858R', 'G719X', 'L861Q', 'S768I'];
const sens = (d: '+' | '-'): string[] => SENS.map((a) => `${d}EGFR:${a}`);

export const BATCH15: WrittenCase[] = [
  // 0 Lung-MAP-like sub-study assigned by MET amplification
  {
    inc: 'Inclusion Criteria:\n\nSUB-STUDY REGISTRATION (STEP 1)\n* Patients must have been registered to the LUNGMAP screening protocol and assigned to this sub-study on the basis of MET amplification detected by the screening assay (FoundationOne CDx).\n* Patients must have pathologically proven non-small cell lung cancer, stage IV or recurrent.\n* Patients must have progressed on at least one line of platinum-based chemotherapy and an anti-PD-1 or anti-PD-L1 agent, alone or in combination.\n* Zubrod performance status of 0-1 documented within 28 days prior to sub-study registration.\n* Tissue must be submitted for central testing of PD-L1 (22C3) for translational medicine.',
    exc: 'Exclusion Criteria:\n\n* Patients must not have received prior treatment with a MET inhibitor (e.g., crizotinib, capmatinib, tepotinib).\n* Patients with known EGFR sensitizing mutations or ALK gene fusion are not eligible.\n* Patients with symptomatic brain metastases.',
    want: ['+MET:AMP', ...sens('-'), '-ALK:FUSION'],
  },
  // 1 Lung-MAP-like non-match sub-study; histology-conditioned wild-type requirement (read as batch 12 case 0)
  {
    inc: 'Inclusion Criteria:\n\n* Patients must have been assigned to this non-match sub-study by the SWOG Statistics and Data Management Center (i.e., they do not qualify for any biomarker-driven sub-study).\n* Patients with non-squamous histology must have documented EGFR and ALK wild-type status. EGFR/ALK testing is not required for patients with squamous cell carcinoma.\n* Patients must have received at least one prior anti-PD-1 or anti-PD-L1 therapy.\n* Patients must have measurable disease documented by CT or MRI within 28 days prior to sub-study registration.',
    want: ['-EGFR', '-ALK'],
  },
  // 2 ECOG-ACRIN maintenance randomisation, PD-L1 regardless
  {
    inc: 'Inclusion Criteria:\n\nSTEP 1 REGISTRATION\n* Patients must have stage IV non-small cell lung cancer (AJCC version 8).\n* Patients may be enrolled regardless of PD-L1 expression; PD-L1 results are not required prior to Step 1 registration.\n* ECOG performance status 0-2.\n\nSTEP 2 RANDOMIZATION\n* Patients must have had stable disease or a partial/complete response after 4 cycles of induction chemo-immunotherapy.\n* Patients must have recovered to grade 1 or less from induction toxicities.',
    exc: 'Exclusion Criteria:\n\n* Patients who received more than 4 cycles of induction therapy.\n* Active autoimmune disease requiring systemic treatment in the past 2 years.',
    want: [],
  },
  // 3 Alliance-style ALK study
  {
    inc: 'Inclusion Criteria:\n\n* Patients must have ALK-positive NSCLC as determined by an FDA-approved test (Ventana ALK (D5F3) CDx IHC or Vysis ALK Break Apart FISH) or by a next-generation sequencing assay performed in a CLIA-certified laboratory.\n* Patients must have received at least one prior second-generation ALK inhibitor (alectinib, brigatinib or ceritinib).\n* Brain metastases allowed if asymptomatic.',
    exc: 'Exclusion Criteria:\n\n* Prior lorlatinib.\n* Interstitial lung disease.',
    want: ['+ALK:FUSION'],
  },
  // 4 FIH B7-H3 ADC, expression not required; "without actionable genomic alterations" names no gene
  {
    inc: 'Inclusion Criteria:\n\nPart 1 (Dose Escalation)\n* Histologically or cytologically confirmed advanced or metastatic solid tumor that has progressed on, or is intolerant of, standard therapy.\n\nPart 2 (Dose Expansion)\n* Cohort 2A: extensive-stage small cell lung cancer with progression after platinum-based chemotherapy.\n* Cohort 2B: non-small cell lung cancer without actionable genomic alterations, with progression after platinum chemotherapy and an anti-PD-(L)1 agent.\n* Cohort 2C: metastatic castration-resistant prostate cancer.\n\nAll Parts\n* B7-H3 expression is not required for enrollment; archival tumor tissue must be submitted for retrospective B7-H3 assessment.',
    exc: 'Exclusion Criteria:\n\n* Prior treatment with a B7-H3 targeted agent.\n* Prior topoisomerase I inhibitor-based ADC.',
    want: [],
  },
  // 5 TROP2 ADC with an AGA cohort listing the genes
  {
    inc: 'Inclusion Criteria:\n\n* Cohort 1: Non-squamous NSCLC with an actionable genomic alteration (EGFR, ALK, ROS1, NTRK, BRAF, MET exon 14 skipping, or RET) that has progressed on at least one approved targeted therapy for that alteration.\n* Cohort 2: NSCLC previously treated with platinum-based chemotherapy and immunotherapy.\n* TROP2 expression level is not required for eligibility.',
    want: ['+EGFR', '+ALK', '+ROS1', '+NTRK', '+BRAF', '+MET:EX14SKIP', '+RET'],
  },
  // 6 HER2 ADC, expression required
  {
    inc: 'Inclusion Criteria:\n\n1. Unresectable or metastatic non-small cell lung cancer.\n2. HER2 overexpression (IHC 3+ or IHC 2+) as assessed by a central laboratory on archival or fresh tumor tissue.\n3. Patients with known HER2 mutations are eligible if they also meet criterion 2.\n4. At least one prior line of systemic therapy.',
    want: ['+HER2:OVEREXP'],
  },
  // 7 HER2 ADC, two cohorts
  {
    inc: 'Inclusion Criteria:\n\n* Cohort A: NSCLC harboring an activating HER2 (ERBB2) mutation as documented in a prior tissue or plasma report; HER2 expression by IHC is not required for Cohort A.\n* Cohort B: NSCLC with HER2 IHC 3+ expression, regardless of HER2 mutation status.\n* Measurable disease per RECIST v1.1.',
    want: ['+HER2:MUT', '+HER2:OVEREXP'],
  },
  // 8 c-MET ADC, expression required
  {
    inc: 'Inclusion Criteria:\n\n* Locally advanced or metastatic non-squamous NSCLC, EGFR wild-type.\n* c-Met protein overexpression, defined as ≥ 25% of tumor cells with 3+ membrane staining by central immunohistochemistry.\n* No more than 2 prior lines of therapy in the advanced setting.',
    want: ['-EGFR', '+MET:OVEREXP'],
  },
  // 9 c-MET ADC escalation, expression not required
  {
    inc: 'Inclusion Criteria:\n\n* Part A (escalation): any advanced solid tumor with no available standard therapy; c-Met expression is not required and will be assessed retrospectively.\n* ECOG performance status 0-1.\n* Life expectancy ≥ 12 weeks.',
    exc: 'Exclusion Criteria:\n\n* Prior treatment with a c-Met-targeted antibody-drug conjugate.\n* Grade ≥ 2 peripheral neuropathy.',
    want: [],
  },
  // 10 HER3 ADC in EGFR-mutant NSCLC. Doubt: "EGFR-activating mutation (exon 19 deletion or L858R)": the listed alterations specify (two rows), not the five-row class
  {
    inc: 'Inclusion Criteria:\n\n* Locally advanced or metastatic NSCLC with a documented EGFR-activating mutation (exon 19 deletion or L858R).\n* Radiographic progression on or after osimertinib.\n* HER3 expression is not a selection criterion; pre-treatment tissue must be provided.',
    exc: 'Exclusion Criteria:\n\n* Prior HER3-directed therapy.\n* Clinically significant corneal disease.',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R'],
  },
  // 11 KRAS G12C combo with "other than" driver exclusion
  {
    inc: 'Inclusion Criteria:\n\n* Histologically documented locally advanced or metastatic NSCLC with a KRAS G12C mutation identified through local molecular testing on tumor tissue or ctDNA.\n* At least one prior systemic therapy for advanced disease.',
    exc: 'Exclusion Criteria:\n\n* Known co-occurring driver alterations other than KRAS G12C, such as an EGFR sensitizing mutation, ALK rearrangement, ROS1 fusion or BRAF V600E mutation.\n* Active brain metastases.',
    want: ['+KRAS:G12C', ...sens('-'), '-ALK:FUSION', '-ROS1:FUSION', '-BRAF:V600E'],
  },
  // 12 KRAS G12D FIH with lung expansion
  {
    inc: 'Inclusion Criteria:\n\n* Dose escalation: advanced solid tumor harboring a KRAS G12D mutation.\n* Expansion cohort 1: NSCLC with KRAS G12D mutation previously treated with platinum-based chemotherapy and an anti-PD-(L)1 antibody.\n* Expansion cohort 2: pancreatic ductal adenocarcinoma with KRAS G12D mutation.\n* Expansion cohort 3: colorectal cancer with KRAS G12D mutation.',
    want: ['+KRAS:G12D'],
  },
  // 13 pan-RAS
  {
    inc: 'Inclusion Criteria:\n\n* Histologically confirmed locally advanced or metastatic NSCLC harboring a RAS mutation (KRAS, NRAS or HRAS) per local testing.\n* Progression on or intolerance to standard therapy.',
    exc: 'Exclusion Criteria:\n\n* Prior treatment with a KRAS G12C inhibitor is allowed.\n* Uncontrolled hypertension.',
    want: ['+KRAS'],
  },
  // 14 MET exon 14 or amplification
  {
    inc: 'Inclusion Criteria:\n\n* Stage IV NSCLC with a MET exon 14 skipping alteration or high-level MET amplification (gene copy number ≥ 10) detected by NGS on tissue or plasma.\n* Patients may have received a prior MET tyrosine kinase inhibitor.',
    want: ['+MET:EX14SKIP', '+MET:AMP'],
  },
  // 15 RET randomised sub-study
  {
    inc: 'Inclusion Criteria:\n\n* Patients must have non-squamous NSCLC with a RET fusion identified by a CLIA-certified assay.\n* Patients must have progressed on a prior selective RET inhibitor (selpercatinib or pralsetinib).\n* Patients must be eligible for carboplatin and pemetrexed.',
    want: ['+RET:FUSION'],
  },
  // 16 NTRK basket including NSCLC
  {
    inc: 'Inclusion Criteria:\n\n* Locally advanced or metastatic solid tumor, including NSCLC, harboring an NTRK1, NTRK2 or NTRK3 gene fusion without a known acquired resistance mutation.\n* Patients who received a prior TRK inhibitor are excluded from Cohort A but may enroll in Cohort B.',
    want: ['+NTRK:FUSION'],
  },
  // 17 HER2 exon 20
  {
    inc: 'Inclusion Criteria:\n\n* Locally advanced or metastatic NSCLC with a documented HER2 exon 20 insertion mutation.\n* No prior HER2-targeted tyrosine kinase inhibitor.',
    exc: 'Exclusion Criteria:\n\n* Known EGFR exon 20 insertion.\n* QTcF > 470 ms.',
    want: ['+HER2:EX20INS', '-EGFR:EX20INS'],
  },
  // 18 NRG stage III, testing recommended only
  {
    inc: 'Inclusion Criteria:\n\n* Unresectable stage III NSCLC.\n* EGFR and ALK testing is recommended for non-squamous histology, but results are not required before registration.\n* FEV1 ≥ 1.0 L.',
    exc: 'Exclusion Criteria:\n\n* Prior radiotherapy to the region of the study cancer that would result in overlap of radiation fields.',
    want: [],
  },
  // 19 both of the following
  {
    inc: 'Inclusion Criteria:\n\nPatients must meet both of the following:\n  a. Histologically or cytologically confirmed metastatic NSCLC; and\n  b. Tumor harbors an EGFR exon 19 deletion or exon 21 L858R substitution mutation, by tissue or plasma testing.\n* No prior systemic therapy for metastatic disease.',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R'],
  },
  // 20 one of the following MET criteria
  {
    inc: 'Inclusion Criteria:\n\n* Advanced NSCLC.\n* Patients must meet one of the following molecular criteria:\n  1. MET exon 14 skipping mutation; or\n  2. MET amplification with a MET/CEP7 ratio ≥ 2; or\n  3. MET overexpression (IHC 3+ in ≥ 50% of tumor cells).',
    want: ['+MET:EX14SKIP', '+MET:AMP', '+MET:OVEREXP'],
  },
  // 21 actionable defined in a footnote. Doubt: the footnote is a definition; read as the list the gate governs (product meaning)
  {
    inc: 'Inclusion Criteria:\n\n* Stage IV NSCLC with PD-L1 TPS ≥ 50% by 22C3 pharmDx.\n* No prior systemic therapy for metastatic disease.',
    exc: 'Exclusion Criteria:\n\n* Known actionable genomic alteration†.\n* Active autoimmune disease.\n\n† Actionable alterations for this study are EGFR sensitizing mutations, ALK rearrangement, ROS1 rearrangement, BRAF V600E mutation, NTRK fusion, MET exon 14 skipping and RET fusion.',
    want: [
      '+PD-L1:TPS>=50',
      ...sens('-'),
      '-ALK:FUSION',
      '-ROS1:FUSION',
      '-BRAF:V600E',
      '-NTRK:FUSION',
      '-MET:EX14SKIP',
      '-RET:FUSION',
    ],
  },
  // 22 actionable defined in a later sentence. Doubt as case 21
  {
    inc: 'Inclusion Criteria:\n\n* Advanced non-squamous NSCLC with no actionable driver alteration. For the purposes of this study, actionable alterations include EGFR, ALK, ROS1, RET and NTRK alterations.\n* ECOG 0-1.',
    want: ['-EGFR', '-ALK', '-ROS1', '-RET', '-NTRK'],
  },
  // 23 regardless / irrespective
  {
    inc: 'Inclusion Criteria:\n\n* Advanced NSCLC, irrespective of PD-L1 expression and regardless of KRAS mutation status.\n* Progression after one prior anti-PD-(L)1 containing regimen.',
    want: [],
  },
  // 24 unknown status allowed, untracked genes
  {
    inc: 'Inclusion Criteria:\n\n* PD-L1 status: any (positive, negative or unknown status allowed).\n* Documented STK11 or KEAP1 mutation by NGS.\n* Non-squamous NSCLC.',
    want: [],
  },
  // 25 negative status required, ROS1 pending
  {
    inc: 'Inclusion Criteria:\n\n* EGFR and ALK status must be known to be negative; ROS1 testing may be pending at registration.\n* Non-squamous NSCLC, stage IV.',
    want: ['-EGFR', '-ALK'],
  },
  // 26 testing note beside an exclusion gate
  {
    exc: 'Exclusion Criteria:\n\n* Known EGFR mutation or ALK fusion (testing is not required prior to registration for patients with squamous histology).\n* Prior anti-PD-1 therapy.',
    want: ['-EGFR', '-ALK:FUSION'],
  },
  // 27 conditional prior-therapy demands
  {
    inc: 'Inclusion Criteria:\n\n* Advanced NSCLC with progression after a platinum doublet.\n* Patients with EGFR-mutant disease must have received osimertinib; patients with ALK-positive disease must have received a second-generation ALK inhibitor.',
    want: [],
  },
  // 28 marker stated with the prior therapy
  {
    inc: 'Inclusion Criteria:\n\n* EGFR-mutant NSCLC that progressed on osimertinib as the most recent therapy.\n* Presence of T790M is not required.',
    want: ['+EGFR'],
  },
  // 29 marker in the section title-like line
  {
    inc: 'Inclusion Criteria - Cohort B (ROS1-rearranged NSCLC):\n\n* Measurable disease per RECIST 1.1.\n* Prior crizotinib or entrectinib allowed.\n* ECOG 0-1.',
    want: ['+ROS1:FUSION'],
  },
  // 30 title-like line heading inclusion
  {
    inc: 'Key Inclusion Criteria for BRAF V600E-mutant NSCLC:\n\n* BRAF V600E mutation confirmed by an FDA-approved test.\n* Treatment-naive or one prior line of therapy.',
    exc: 'Exclusion Criteria (all cohorts):\n\n* Prior BRAF or MEK inhibitor.',
    want: ['+BRAF:V600E'],
  },
  // 31 FIH with NSCLC expansion, no markers
  {
    inc: 'Inclusion Criteria:\n\n* Histologically or cytologically confirmed advanced solid tumor for which no standard therapy exists.\n* Expansion cohort: NSCLC that progressed on an anti-PD-1/PD-L1 agent.\n* Adequate organ function.',
    exc: 'Exclusion Criteria:\n\n* Known HIV infection with detectable viral load.\n* Prior allogeneic transplant.',
    want: [],
  },
  // 32 SCLC DLL3 bispecific
  {
    inc: 'Inclusion Criteria:\n\n* Relapsed or refractory small cell lung cancer after at least one platinum-based regimen.\n* DLL3 expression is not required.\n* Treated brain metastases allowed.',
    want: [],
  },
  // 33 EGFR-MET bispecific, ex20ins
  {
    inc: 'Inclusion Criteria:\n\n* Treatment-naive locally advanced or metastatic NSCLC with an EGFR exon 20 insertion mutation.',
    exc: 'Exclusion Criteria:\n\n* Known MET exon 14 skipping mutation or MET amplification.\n* Prior EGFR-directed therapy.',
    want: ['+EGFR:EX20INS', '-MET:EX14SKIP', '-MET:AMP'],
  },
  // 34 double negation in exclusion + C797S
  {
    exc: 'Exclusion Criteria:\n\n* Patients without a documented EGFR sensitizing mutation.\n* Tumors known to harbor EGFR C797S.',
    want: [...sens('+'), '-EGFR:C797S'],
  },
  // 35 rule written as a rule in inclusion
  {
    inc: 'Inclusion Criteria:\n\n* Patients must not have an EGFR mutation or ALK rearrangement on local testing.\n* Stage IIIB-IV NSCLC.',
    want: ['-EGFR', '-ALK:FUSION'],
  },
  // 36 carve-out in inclusion. Doubt: "other than exon 20 insertions" after a closed list
  {
    inc: 'Inclusion Criteria:\n\n* NSCLC with an uncommon EGFR mutation (G719X, L861Q or S768I), other than exon 20 insertions.',
    want: ['+EGFR:G719X', '+EGFR:L861Q', '+EGFR:S768I', '-EGFR:EX20INS'],
  },
  // 37 carve-out in exclusion only re-admits
  {
    inc: 'Inclusion Criteria:\n\n* Advanced NSCLC with KRAS G12C mutation.',
    exc: 'Exclusion Criteria:\n\n* Known oncogenic driver mutation other than KRAS G12C.',
    want: ['+KRAS:G12C'],
  },
  // 38 PD-L1 1-49 with EGFR/ALK exclusion
  {
    inc: 'Inclusion Criteria:\n\n* PD-L1 TPS 1% to 49% by 22C3 pharmDx.\n* Stage IV NSCLC, no prior systemic therapy.',
    exc: 'Exclusion Criteria:\n\n* EGFR or ALK genomic tumor aberrations.',
    want: ['+PD-L1:TPS1-49', '-EGFR', '-ALK'],
  },
  // 39 PD-L1 negative
  {
    inc: 'Inclusion Criteria:\n\n* PD-L1 negative (TPS < 1%) as determined by a central laboratory.\n* Metastatic non-squamous NSCLC.',
    want: ['+PD-L1:TPS<1'],
  },
  // 40 biobank describing what is tested
  {
    inc: 'Inclusion Criteria:\n\n* Participants enrolled on a cooperative-group lung cancer treatment trial whose tumor tissue will be tested for EGFR, ALK, ROS1, KRAS, BRAF and PD-L1.\n* Consent to banking of specimens.',
    want: [],
  },
  // 41 ALCHEMIST-like screening: submission for testing
  {
    inc: 'Inclusion Criteria:\n\nPRE-REGISTRATION ELIGIBILITY\n* Completely resected stage IB (≥ 4 cm)-IIIA NSCLC, or suspected NSCLC scheduled for resection.\n* Tissue must be submitted for central testing of EGFR mutation and ALK rearrangement.\n* Patients may be registered before local genotyping results are available.',
    want: [],
  },
  // 42 adjuvant treatment sub-study after screening
  {
    inc: 'Inclusion Criteria:\n\nREGISTRATION ELIGIBILITY\n* Patients must have been registered to the screening protocol and the tumor must harbor an EGFR exon 19 deletion or L858R mutation as determined by the central laboratory.\n* No prior EGFR TKI.\n* Complete recovery from surgery.',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R'],
  },
  // 43 wild-type and ALK-negative by central testing
  {
    inc: 'Inclusion Criteria:\n\n* Non-squamous NSCLC: tumor must be EGFR wild-type and ALK-negative by central testing; patients with squamous histology need not be tested.',
    want: ['-EGFR', '-ALK'],
  },
  // 44 with or without
  {
    inc: 'Inclusion Criteria:\n\n* Patients with or without EGFR mutations are eligible.\n* Stage IV NSCLC with brain metastases.',
    want: [],
  },
  // 45 both states
  {
    inc: 'Inclusion Criteria:\n\n* NSCLC, KRAS mutant or KRAS wild-type, per local testing.\n* Eligible for docetaxel.',
    want: [],
  },
  // 46 HER2-positive with a list. Doubt: the bracketed list specifies HER2-positive as "(IHC 3+ or ISH+)" does
  {
    inc: 'Inclusion Criteria:\n\n* HER2-positive NSCLC by local testing (HER2 mutation, amplification, or overexpression).',
    want: ['+HER2:MUT', '+HER2:AMP', '+HER2:OVEREXP'],
  },
  // 47 HER2 basket IHC 3+ or ISH+
  {
    inc: 'Inclusion Criteria:\n\n* HER2-positive (IHC 3+ or ISH-positive) advanced solid tumor:\n  - Cohort 1: NSCLC\n  - Cohort 2: gastric or gastroesophageal junction adenocarcinoma\n  - Cohort 3: other solid tumors',
    want: ['+HER2:OVEREXP', '+HER2:AMP'],
  },
  // 48 HER2-low ADC
  {
    inc: 'Inclusion Criteria:\n\n* Metastatic NSCLC with HER2 IHC 1+ or 2+ (HER2-low) by central assessment.',
    exc: 'Exclusion Criteria:\n\n* Known HER2 exon 20 insertion mutation.',
    want: ['+HER2:OVEREXP', '-HER2:EX20INS'],
  },
  // 49 breast HER2-negative cohort and NSCLC without AGA
  {
    inc: 'Inclusion Criteria:\n\n* Cohort 1: HR-positive, HER2-negative metastatic breast cancer after CDK4/6 inhibitor.\n* Cohort 2: NSCLC without actionable genomic alterations after chemo-immunotherapy.\n* TROP2 expression is not required.',
    want: [],
  },
  // 50 melanoma BRAF V600 and NSCLC BRAF V600E cohorts
  {
    inc: 'Inclusion Criteria:\n\n* Cohort A: BRAF V600-mutant unresectable melanoma.\n* Cohort B: BRAF V600E-mutant metastatic NSCLC.',
    want: ['+BRAF:V600E'],
  },
  // 51 status collected
  {
    inc: 'Inclusion Criteria:\n\n* Advanced NSCLC starting first-line therapy.\n* KRAS, STK11 and KEAP1 status will be collected where available.',
    want: [],
  },
  // 52 lack of targetable alterations with testing note
  {
    inc: 'Inclusion Criteria:\n\n* Tumors must lack targetable alterations (EGFR, ALK, ROS1, BRAF V600E, RET, MET exon 14, NTRK); testing for ROS1, BRAF, RET, MET and NTRK need not be completed before registration.',
    want: ['-EGFR', '-ALK', '-ROS1', '-BRAF:V600E', '-RET', '-MET:EX14SKIP', '-NTRK'],
  },
  // 53 squamous, no testing
  {
    inc: 'Inclusion Criteria:\n\n* Stage IV squamous cell carcinoma of the lung; molecular testing is not required.\n* No prior therapy for metastatic disease.',
    want: [],
  },
  // 54 prior targeted therapy in exclusion
  {
    inc: 'Inclusion Criteria:\n\n* Advanced NSCLC after one or two prior lines.',
    exc: 'Exclusion Criteria:\n\n* Prior treatment with an ALK, ROS1 or RET inhibitor.\n* Prior docetaxel.',
    want: [],
  },
  // 55 directed therapy indicated -> not eligible
  {
    inc: 'Inclusion Criteria:\n\n* Stage IV NSCLC.\n* Patients for whom EGFR-, ALK- or ROS1-directed therapy is indicated as first-line treatment are not eligible.',
    want: ['-EGFR', '-ALK:FUSION', '-ROS1:FUSION'],
  },
  // 56 marker-adjective subject of a prior-therapy demand (conditional). Doubt: "Cohort 2 only"
  {
    inc: 'Inclusion Criteria:\n\n* Advanced NSCLC after platinum chemotherapy.\n* KRAS G12C-mutated patients must have received prior sotorasib or adagrasib (Cohort 2 only).',
    want: [],
  },
  // 57 Lung-MAP KRAS sub-study
  {
    inc: 'Inclusion Criteria:\n\nSub-study Registration\n* Patients must have a KRAS G12C mutation as determined by the LUNGMAP screening assay or by a local CLIA-certified test.\n* Patients must not have received a prior KRAS G12C inhibitor.',
    want: ['+KRAS:G12C'],
  },
  // 58 EGFR + MET combination
  {
    inc: 'Inclusion Criteria:\n\n* EGFR-mutant NSCLC (exon 19 deletion or L858R) with acquired MET amplification or MET overexpression after progression on osimertinib.',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R', '+MET:AMP', '+MET:OVEREXP'],
  },
  // 59 NRG SBRT early stage
  {
    inc: 'Inclusion Criteria:\n\n* Biopsy-proven peripheral T1-T2N0M0 NSCLC.\n* Medically inoperable per thoracic surgeon.',
    exc: 'Exclusion Criteria:\n\n* Prior thoracic radiotherapy.',
    want: [],
  },
  // 60 PD-L1 must be known
  {
    inc: 'Inclusion Criteria:\n\n* PD-L1 status must be known (any value) prior to randomization.\n* Stage IV NSCLC.',
    want: [],
  },
  // 61 strata
  {
    inc: 'Inclusion Criteria:\n\n* Stage IV NSCLC.\n* Patients will be stratified by PD-L1 TPS (≥ 50% vs. 1-49% vs. < 1%).',
    want: [],
  },
  // 62 T790M. Doubt: gene-level EGFR implied by prior TKI not added
  {
    inc: 'Inclusion Criteria:\n\n* EGFR T790M-positive NSCLC after progression on a first- or second-generation EGFR TKI.',
    want: ['+EGFR:T790M'],
  },
  // 63 no prior EGFR TKI
  {
    inc: 'Inclusion Criteria:\n\n* No prior EGFR TKI therapy.\n* Stage IIIB-IV NSCLC.',
    want: [],
  },
  // 64 ROS1 with co-driver exclusion
  {
    inc: 'Inclusion Criteria:\n\n* ROS1 rearrangement confirmed by FISH, NGS or IHC.',
    exc: 'Exclusion Criteria:\n\n* Known concomitant EGFR mutation or ALK rearrangement.',
    want: ['+ROS1:FUSION', '-EGFR', '-ALK:FUSION'],
  },
  // 65 BRAF non-V600
  {
    inc: 'Inclusion Criteria:\n\n* NSCLC with a class II or class III BRAF alteration (non-V600).',
    want: ['+BRAF:NONV600'],
  },
  // 66 SCLC empty
  {
    inc: 'Inclusion Criteria:\n\n* Limited-stage SCLC treated with concurrent chemoradiation without progression.',
    exc: 'Exclusion Criteria:\n\n* Mixed small cell and non-small cell histology.',
    want: [],
  },
  // 67 PD-L1 positive + sensitizing exclusion "regardless of prior targeted therapy"
  {
    inc: 'Inclusion Criteria:\n\n* PD-L1 positive (TPS ≥ 1%) advanced NSCLC.',
    exc: 'Exclusion Criteria:\n\n* Tumors with EGFR sensitizing mutations or ALK translocations, regardless of prior targeted therapy.',
    want: ['+PD-L1:TPS>=1', ...sens('-'), '-ALK:FUSION'],
  },
  // 68 irrespective of type in exclusion
  {
    exc: 'Exclusion Criteria:\n\n* Known EGFR mutation, irrespective of the mutation subtype.\n* Prior immunotherapy.',
    want: ['-EGFR'],
  },
  // 69 HER2 mutation including exon 20
  {
    inc: 'Inclusion Criteria:\n\n* NSCLC with a HER2 mutation, including exon 20 insertions, documented by NGS.',
    want: ['+HER2:MUT'],
  },
  // 70 EGFR / HER2 ex20 cohorts
  {
    inc: 'Inclusion Criteria:\n\n* Cohort A: NSCLC with EGFR exon 20 insertion.\n* Cohort B: NSCLC with HER2 exon 20 insertion.',
    want: ['+EGFR:EX20INS', '+HER2:EX20INS'],
  },
  // 71 RET FIH. Doubt: "RET alteration (fusion or mutation)" read as FUSION plus gene level
  {
    inc: 'Inclusion Criteria:\n\n* Dose escalation: any advanced solid tumor with a RET alteration (fusion or mutation).\n* Expansion 1: RET fusion-positive NSCLC previously treated with a selective RET inhibitor.\n* Expansion 2: RET-mutant medullary thyroid cancer.',
    want: ['+RET', '+RET:FUSION'],
  },
  // 72 ALK-positive permissive
  {
    inc: 'Inclusion Criteria:\n\n* Advanced NSCLC.\n* Patients with ALK-positive disease are eligible if they have progressed on at least one ALK TKI.',
    want: [],
  },
  // 73 driver exclusion "other than" with including-list
  {
    inc: 'Inclusion Criteria:\n\n* NSCLC with MET exon 14 skipping mutation.',
    exc: 'Exclusion Criteria:\n\n* Tumors harboring driver alterations other than MET exon 14 skipping, including EGFR, ALK, ROS1, RET or BRAF V600E.',
    want: ['+MET:EX14SKIP', '-EGFR', '-ALK', '-ROS1', '-RET', '-BRAF:V600E'],
  },
  // 74 conditional on erlotinib
  {
    inc: 'Inclusion Criteria:\n\n* Absence of T790M if previously treated with erlotinib or gefitinib.\n* Advanced NSCLC.',
    want: [],
  },
  // 75 unknown allowed attached to a gate
  {
    inc: 'Inclusion Criteria:\n\n* EGFR wild-type (unknown EGFR status allowed for squamous histology).',
    want: ['-EGFR'],
  },
  // 76 results not required before registration, gate kept
  {
    exc: 'Exclusion Criteria:\n\n* Known BRAF V600E, MET exon 14 skipping, RET or NTRK alteration; results of these tests are not required before registration.',
    want: ['-BRAF:V600E', '-MET:EX14SKIP', '-RET', '-NTRK'],
  },
  // 77 SCLC ECOG-ACRIN
  {
    inc: 'Inclusion Criteria:\n\nSTEP 1 REGISTRATION\n* Extensive-stage SCLC.\n* No prior systemic therapy for ES-SCLC.\nSTEP 2 RANDOMIZATION\n* No progression after 4 cycles of platinum-etoposide plus atezolizumab.',
    want: [],
  },
  // 78 HER2 amplification
  {
    inc: 'Inclusion Criteria:\n\n* NSCLC with HER2 amplification by NGS (copy number ≥ 6) or FISH (HER2/CEP17 ratio ≥ 2.0).',
    want: ['+HER2:AMP'],
  },
  // 79 per-tumour PD-L1 cut-offs. Doubt: CPS qualifies the HNSCC cohort only
  {
    inc: 'Inclusion Criteria:\n\n* Cohort 1: recurrent head and neck squamous cell carcinoma with PD-L1 CPS ≥ 1.\n* Cohort 2: metastatic NSCLC with PD-L1 TPS ≥ 50%.',
    want: ['+PD-L1:TPS>=50'],
  },
  // 80 nested a./b. with OR
  {
    inc: 'Inclusion Criteria:\n\n* Patients must have either:\n  a. an EGFR exon 19 deletion or L858R mutation, and\n  b. documented progression on osimertinib as the most recent therapy;\n  OR\n  c. an ALK fusion with progression on lorlatinib.',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R', '+ALK:FUSION'],
  },
  // 81 progression on osimertinib alone
  {
    inc: 'Inclusion Criteria:\n\n* Advanced NSCLC that progressed on osimertinib.\n* ECOG 0-1.',
    want: [],
  },
  // 82 any KRAS G12
  {
    inc: 'Inclusion Criteria:\n\n* Advanced solid tumor, including NSCLC, with any KRAS G12 mutation.',
    want: ['+KRAS:G12X'],
  },
  // 83 KRAS G12V
  {
    inc: 'Inclusion Criteria:\n\n* KRAS G12V-mutant NSCLC or pancreatic adenocarcinoma after standard therapy.',
    want: ['+KRAS:G12V'],
  },
  // 84 KRAS mutation other than G12C in inclusion (carve flips)
  {
    inc: 'Inclusion Criteria:\n\n* NSCLC with a KRAS mutation other than G12C.',
    want: ['+KRAS', '-KRAS:G12C'],
  },
  // 85 sub-studies of untracked genes
  {
    inc: 'Inclusion Criteria:\n\n* Sub-study assignment is based on the screening result: S-A, FGFR alteration; S-B, PIK3CA mutation; S-C, homologous recombination repair deficiency; S-D, non-match.\n* Squamous NSCLC.',
    want: [],
  },
  // 86 B7-H3 ADC in SCLC
  {
    inc: 'Inclusion Criteria:\n\n* Extensive-stage SCLC after at least one prior line.\n* Archival tissue for exploratory B7-H3 and SLFN11 testing.',
    want: [],
  },
  // 87 EGFR IHC assessed retrospectively
  {
    inc: 'Inclusion Criteria:\n\n* Advanced squamous NSCLC.\n* EGFR expression by IHC will be assessed retrospectively.',
    want: [],
  },
  // 88 EGFR protein expression required
  {
    inc: 'Inclusion Criteria:\n\n* Squamous NSCLC with EGFR protein expression (IHC ≥ 1+ in ≥ 1% of tumor cells).',
    want: ['+EGFR:OVEREXP'],
  },
  // 89 ineligible in inclusion
  {
    inc: 'Inclusion Criteria:\n\n* Stage IV NSCLC. Patients whose tumors harbor an EGFR mutation are ineligible.',
    want: ['-EGFR'],
  },
  // 90 exclusion slash list
  {
    exc: 'Exclusion Criteria:\n\n* Squamous histology or known EGFR/ALK alterations.',
    want: ['-EGFR', '-ALK'],
  },
  // 91 pre-registration MET IHC, registration MET IHC 3+
  {
    inc: 'Inclusion Criteria:\n\nPRE-REGISTRATION\n* Tissue must be submitted for central c-Met IHC testing.\nREGISTRATION\n* MET IHC 3+ in ≥ 50% of tumor cells confirmed by the central laboratory.',
    want: ['+MET:OVEREXP'],
  },
  // 92 HER2 mutant after T-DXd
  {
    inc: 'Inclusion Criteria:\n\n* HER2-mutant NSCLC that progressed on trastuzumab deruxtecan.',
    want: ['+HER2:MUT'],
  },
  // 93 ALK as alkaline phosphatase
  {
    inc: 'Inclusion Criteria:\n\n* Adequate hepatic function: AST and ALT ≤ 2.5 × ULN; ALK phosphatase ≤ 2.5 × ULN.\n* Advanced NSCLC.',
    want: [],
  },
  // 94 prior EGFR TKI in exclusion
  {
    exc: 'Exclusion Criteria:\n\n* Prior treatment with any EGFR TKI (erlotinib, gefitinib, afatinib, osimertinib).',
    want: [],
  },
  // 95 both of the following negatives
  {
    inc: 'Inclusion Criteria:\n\n* Both of the following must be documented: 1) ALK-negative by IHC or FISH and 2) EGFR wild-type.',
    want: ['-ALK', '-EGFR'],
  },
  // 96 actionable defined later in exclusion. Doubt as case 21
  {
    exc: 'Exclusion Criteria:\n\n* Tumors with an actionable mutation. Actionable mutations include EGFR exon 19 deletion, EGFR L858R and KRAS G12C.',
    want: ['-EGFR:EX19DEL', '-EGFR:L858R', '-KRAS:G12C'],
  },
  // 97 PD-L1 high, no drivers
  {
    inc: 'Inclusion Criteria:\n\n* PD-L1 expression ≥ 50% tumor cells (22C3).\n* No EGFR sensitizing mutation or ALK translocation.',
    want: ['+PD-L1:TPS>=50', ...sens('-'), '-ALK:FUSION'],
  },
  // 98 five EGFR alterations listed
  {
    inc: 'Inclusion Criteria:\n\n* NSCLC that is EGFR-mutated (exon 19 deletion, L858R, G719X, L861Q, or S768I).',
    want: sens('+'),
  },
  // 99 sensitizing with or without T790M
  {
    inc: 'Inclusion Criteria:\n\n* EGFR sensitizing mutation with or without T790M.',
    want: sens('+'),
  },
  // 100 MET GCN
  {
    inc: 'Inclusion Criteria:\n\n* MET gene copy number ≥ 6 by NGS.',
    want: ['+MET:AMP'],
  },
  // 101 neoadjuvant, excluded in inclusion text
  {
    inc: 'Inclusion Criteria:\n\n* Resectable stage II-IIIB NSCLC.\n* Patients with known EGFR or ALK alterations are excluded.',
    want: ['-EGFR', '-ALK'],
  },
  // 102 status known either way
  {
    inc: 'Inclusion Criteria:\n\n* EGFR and ALK status must be known, whether positive or negative.',
    want: [],
  },
  // 103 no known sensitizing EGFR or ALK with testing note
  {
    inc: 'Inclusion Criteria:\n\n* No known sensitizing EGFR mutation or ALK rearrangement (testing not required for squamous histology).',
    want: [...sens('-'), '-ALK:FUSION'],
  },
  // 104 observational NGS
  {
    inc: 'Inclusion Criteria:\n\n* Patients with newly diagnosed NSCLC undergoing routine NGS that includes EGFR, ALK, ROS1, BRAF, KRAS, MET, RET and NTRK.',
    want: [],
  },
  // 105 BRAF V600 without letter
  {
    inc: 'Inclusion Criteria:\n\n* BRAF V600 mutation-positive metastatic NSCLC.',
    want: ['+BRAF:V600E'],
  },
  // 106 ALK+
  {
    inc: 'Inclusion Criteria:\n\n* ALK+ NSCLC that progressed on alectinib.',
    want: ['+ALK:FUSION'],
  },
  // 107 free of ROS1 fusion
  {
    inc: 'Inclusion Criteria:\n\n* Tumor free of ROS1 fusion by NGS.\n* Non-squamous NSCLC.',
    want: ['-ROS1:FUSION'],
  },
  // 108 negative for ALK or ROS1 fusion genes
  {
    inc: 'Inclusion Criteria:\n\n* Negative for ALK or ROS1 fusion genes.',
    want: ['-ALK', '-ROS1'],
  },
  // 109 EGFR-directed therapy allowed
  {
    inc: 'Inclusion Criteria:\n\n* Advanced NSCLC.\n* Prior EGFR-directed therapy is allowed.',
    want: [],
  },
  // 110 HER2-positive breast only
  {
    inc: 'Inclusion Criteria:\n\n* HER2-positive metastatic breast cancer after trastuzumab and pertuzumab.',
    want: [],
  },
  // 111 regardless of driver status
  {
    inc: 'Inclusion Criteria:\n\n* Advanced NSCLC regardless of EGFR, ALK or ROS1 status.',
    want: [],
  },
  // 112 RET positive, NTRK negative
  {
    inc: 'Inclusion Criteria:\n\n* RET fusion-positive, NTRK fusion-negative NSCLC.',
    want: ['+RET:FUSION', '-NTRK'],
  },
  // 113 C797S
  {
    inc: 'Inclusion Criteria:\n\n* EGFR C797S mutation, with or without T790M, after osimertinib.',
    want: ['+EGFR:C797S'],
  },
  // 114 ctDNA collection
  {
    inc: 'Inclusion Criteria:\n\n* Willing to provide blood for ctDNA analysis of EGFR and KRAS.\n* Stage I-III NSCLC.',
    want: [],
  },
  // 115 NCI ComboMATCH-like: HER2 amplified lung cohort with exclusion
  {
    inc: 'Inclusion Criteria:\n\n* Patients must have an ERBB2 (HER2) amplification identified by a designated laboratory.\n* Patients must have NSCLC or another solid tumor.',
    exc: 'Exclusion Criteria:\n\n* Patients with HER2-positive breast cancer.',
    want: ['+HER2:AMP'],
  },
  // 116 NTRK FIH with prior TRK TKI
  {
    inc: 'Inclusion Criteria:\n\n* NTRK fusion-positive solid tumor, including NSCLC, with progression on a prior TRK TKI.',
    want: ['+NTRK:FUSION'],
  },
  // 117 KRAS G12C in the title-like first line of the inclusion section
  {
    inc: 'Inclusion Criteria for KRAS G12C-mutant NSCLC cohort:\n\n* Prior platinum-based chemotherapy.\n* Prior anti-PD-(L)1.',
    want: ['+KRAS:G12C'],
  },
  // 118 registration steps with pending results
  {
    inc: 'Inclusion Criteria:\n\nPRE-REGISTRATION\n* Tissue must be submitted for central EGFR and ALK testing; results pending.\nREGISTRATION\n* EGFR mutation-negative and ALK rearrangement-negative per central testing.',
    want: ['-EGFR', '-ALK'],
  },
  // 119 empty phase 1 bispecific
  {
    inc: 'Inclusion Criteria:\n\n* Advanced NSCLC after standard therapy including targeted therapy, if applicable.',
    want: [],
  },
];
