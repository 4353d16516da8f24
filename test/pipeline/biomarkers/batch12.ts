/**
 * Blind batch 12: whole eligibility sections in the shape ClinicalTrials.gov shows them
 * for lung cancer trials (long numbered lists mixing ECOG, organ function, brain
 * metastases and prior-therapy criteria with biomarker ones; nested "a. / i." sub-items;
 * Part A / Part B and cohort structures; a biomarker named only in a prior-therapy clause;
 * exclusion driver lists; histology-conditioned EGFR/ALK testing; PD-L1 assay names;
 * CLIA and plasma ctDNA wording; mixed case and typos), labelled
 * (pipeline/biomarkers/eval/README.md) before the extractor was run on them and written
 * without reading the extractor's source. Before-fix figures: the README's batch table.
 */
import type { WrittenCase } from './written-batch.js';

export const BATCH12: WrittenCase[] = [
  {
    inc: 'Inclusion Criteria:\n\n1. Male or female participants ≥ 18 years of age at the time of signing informed consent.\n2. Histologically or cytologically confirmed Stage IV non-small cell lung cancer (AJCC 8th edition).\n3. For participants with non-squamous histology: documented absence of EGFR sensitizing mutations and ALK translocations. Participants with squamous histology do not require testing.\n4. PD-L1 tumor proportion score (TPS) ≥ 1% as determined by the PD-L1 IHC 22C3 pharmDx assay by a central laboratory.\n5. Measurable disease per RECIST 1.1.\n6. ECOG performance status of 0 or 1.\n7. Adequate organ function as defined by:\n   a. Absolute neutrophil count ≥ 1.5 x 10^9/L\n   b. Platelets ≥ 100 x 10^9/L\n   c. Creatinine clearance ≥ 30 mL/min',
    exc: 'Exclusion Criteria:\n\n1. Has received prior systemic therapy for metastatic NSCLC.\n2. Known active CNS metastases and/or carcinomatous meningitis.\n3. Has an active autoimmune disease that has required systemic treatment in the past 2 years.\n4. Known EGFR sensitizing mutation, ALK translocation, ROS1 rearrangement, or BRAF V600E mutation.',
    want: ['-EGFR', '-ALK:FUSION', '+PD-L1:TPS>=1', '-ROS1:FUSION', '-BRAF:V600E'],
  },
  {
    inc: 'Inclusion Criteria:\n\nAll participants:\n* Age ≥ 18 years\n* ECOG PS 0-1\n* Adequate bone marrow, renal and hepatic function\n\nPart A (Dose Escalation):\n* Histologically confirmed advanced solid tumor with a KRAS G12C mutation identified by local testing, that has progressed on or is intolerant to standard therapy\n\nPart B (Dose Expansion):\n* Cohort B1: NSCLC with KRAS G12C mutation, previously treated with at least one platinum-based chemotherapy and an anti-PD-(L)1 antibody, and no prior KRAS G12C inhibitor\n* Cohort B2: NSCLC with KRAS G12C mutation, previously treated with a KRAS G12C inhibitor',
    exc: 'Exclusion Criteria:\n* Active brain metastases\n* Prior treatment with a KRAS G12C inhibitor (Part A and Cohort B1 only)\n* Known concurrent EGFR activating mutation or ALK rearrangement',
    want: ['+KRAS:G12C', '-EGFR', '-ALK:FUSION'],
  },
  {
    inc: 'Inclusion Criteria:\n1. Histologically or cytologically confirmed locally advanced or metastatic non-squamous NSCLC.\n2. Documented EGFR exon 19 deletion or L858R mutation by a CLIA-certified laboratory (or an accredited local laboratory outside the US), from tissue or plasma ctDNA.\n3. Radiological disease progression on or after osimertinib monotherapy as the most recent line of therapy. Osimertinib must have been given as first- or second-line therapy.\n4. At least one measurable lesion per RECIST v1.1.\n5. ECOG PS 0-1.\n6. Participants with brain metastases are eligible if treated and clinically stable for at least 2 weeks prior to randomization.',
    exc: 'Exclusion Criteria:\n1. Prior treatment with any systemic therapy after progression on osimertinib.\n2. Known EGFR exon 20 insertion or C797S mutation.\n3. History of interstitial lung disease (ILD)/pneumonitis requiring steroids.\n4. Symptomatic spinal cord compression.',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R', '+EGFR', '-EGFR:EX20INS', '-EGFR:C797S'],
  },
  {
    inc: 'Inclusion Criteria:\n\n- Pathologically confirmed stage IIIB/IIIC or IV NSCLC not amenable to curative therapy\n- No prior systemic treatment for advanced disease; prior adjuvant chemotherapy completed > 12 months before enrollment is allowed\n- Tumor tissue PD-L1 expression:\n  - Cohort 1: PD-L1 TPS ≥50%\n  - Cohort 2: PD-L1 TPS 1% to 49%\n- Non-squamous NSCLC must be EGFR and ALK negative; testing for ROS1 is recommended\n- Life expectancy ≥ 3 months',
    exc: 'Exclusion Criteria:\n\n- Mixed small cell lung cancer histology\n- Known untreated brain metastases\n- Received a live vaccine within 30 days',
    want: ['+PD-L1:TPS>=50', '+PD-L1:TPS1-49', '-EGFR', '-ALK'],
  },
  {
    inc: 'INCLUSION CRITERIA:\n1. Age 18 years or older.\n2. Histologically or cytologically confirmed advanced NSCLC.\n3. Disease progression following treatment with at least one second-generation ALK tyrosine kinase inhibitor (alectinib, brigatinib, or ceritinib) and lorlatinib.\n4. Willing to undergo a fresh tumor biopsy or provide plasma for ctDNA analysis of ALK resistance mutations at screening.\n5. Karnofsky Performance Status ≥ 70.',
    exc: 'EXCLUSION CRITERIA:\n1. Leptomeningeal disease.\n2. QTc > 470 ms.\n3. Major surgery within 4 weeks.',
    want: ['+ALK:FUSION'],
  },
  {
    inc: 'Inclusion criteria:\n- histologically proven adenocarcinoma of the lung, stage IIIB-IV\n- presence of an activating egfr mutation (exon19 deletion or exon 21 L858R) in tumour tissue\n- no previous treatment with egfr-tki\n- WHO PS 0-2',
    exc: 'Exclusion criteria:\n- T790M mutation detected before the start of treatment\n- interstitial lung disease',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R', '-EGFR:T790M'],
  },
  {
    inc: 'Inclusion Criteria:\n\n* Histologically confirmed metastatic NSCLC (squamous or non-squamous)\n* No prior systemic therapy for metastatic disease\n* Patients with non-squamous histology must have documented negative test results for EGFR, ALK and ROS1 genomic aberrations. Patients with squamous histology do not require testing.\n* Measurable disease as per RECIST 1.1',
    exc: 'Exclusion Criteria:\n\n* Prior treatment with anti-PD-1, anti-PD-L1, or anti-CTLA-4 antibody\n* Active or untreated CNS metastases',
    want: ['-EGFR', '-ALK', '-ROS1'],
  },
  {
    inc: 'Inclusion Criteria:\n1. Pathologically documented unresectable, locally advanced or metastatic non-squamous NSCLC.\n2. Documented activating HER2 (ERBB2) mutation, as determined by local testing of tumor tissue or plasma ctDNA, in the tyrosine kinase or extracellular domain.\n3. Has progressed on or after at least one prior systemic therapy that included platinum-based chemotherapy.\n4. Has adequate treatment washout period before randomization.\n5. LVEF ≥ 50% within 28 days before randomization.',
    exc: 'Exclusion Criteria:\n1. Prior treatment with a HER2-targeted antibody-drug conjugate.\n2. Has a history of (non-infectious) ILD/pneumonitis that required steroids.\n3. Spinal cord compression or clinically active CNS metastases.',
    want: ['+HER2:MUT'],
  },
  {
    inc: 'Inclusion Criteria:\n- Stage III unresectable NSCLC\n- Completed at least 2 cycles of platinum-based concurrent chemoradiotherapy without progression\n- WHO/ECOG PS 0-1',
    exc: 'Exclusion Criteria:\n- Patients with EGFR-sensitizing mutations or ALK/ROS1 rearrangements\n- Grade ≥2 pneumonitis from prior chemoradiotherapy\n- Prior exposure to immune-mediated therapy',
    want: ['-EGFR', '-ALK:FUSION', '-ROS1:FUSION'],
  },
  {
    inc: 'Inclusion Criteria:\n\n1. Adult patients with locally advanced or metastatic NSCLC.\n2. MET dysregulation as defined by one of the following, determined by central laboratory:\n   a. MET exon 14 skipping mutation detected by RNA- or DNA-based NGS; or\n   b. MET amplification with gene copy number ≥ 10 by FISH\n3. Patients may have received up to 2 prior lines of therapy for advanced disease.\n4. ECOG 0-1.',
    exc: 'Exclusion Criteria:\n\n1. Prior treatment with crizotinib, capmatinib, tepotinib or any other MET inhibitor or HGF-targeting therapy.\n2. Presence of an EGFR sensitizing mutation or ALK rearrangement.\n3. Symptomatic brain metastases.',
    want: ['+MET:EX14SKIP', '+MET:AMP', '-EGFR', '-ALK:FUSION'],
  },
  {
    inc: 'Inclusion Criteria:\n* Locally advanced or metastatic NSCLC with a RET gene fusion documented by a CLIA-certified laboratory (or equivalent)\n* Treatment-naive for advanced disease, OR previously treated with platinum chemotherapy and/or immunotherapy\n* Patients previously treated with selpercatinib or pralsetinib are not eligible',
    want: ['+RET:FUSION'],
  },
  {
    inc: 'Inclusion Criteria:\n\nPhase 1:\n- Advanced solid tumor harboring a ROS1, NTRK1, NTRK2 or NTRK3 gene fusion\n\nPhase 2:\n- Expansion Cohort 1 (EXP-1): ROS1 fusion-positive NSCLC, ROS1 TKI-naive\n- Expansion Cohort 2 (EXP-2): ROS1 fusion-positive NSCLC after 1 prior ROS1 TKI and 1 platinum-based chemotherapy\n- Expansion Cohort 5 (EXP-5): NTRK fusion-positive solid tumors, TRK TKI-pretreated',
    want: ['+ROS1:FUSION', '+NTRK:FUSION'],
  },
  // Conditional: a known driver only obliges prior targeted therapy.
  {
    inc: 'Inclusion Criteria:\n1. Histologically confirmed stage IV NSCLC.\n2. Disease progression after one prior platinum-based chemotherapy and one anti-PD-1/PD-L1 antibody, given in combination or sequentially.\n3. Patients with a known actionable genomic alteration (e.g., EGFR, ALK, ROS1, BRAF, MET, RET, NTRK) must also have progressed on at least one approved targeted therapy for that alteration.\n4. ECOG 0-1.',
    exc: 'Exclusion Criteria:\n1. Prior docetaxel.\n2. Untreated brain metastases.',
    want: [],
  },
  {
    inc: 'Inclusion criteria\n1) Age ≥ 19 years\n2) Pathologically confirmed recurrent or metastatic NSCLC\n3) EGFR mutation positive (Del19, L858R) confirmed by PNA-clamping or NGS\n4) Acquired resistance to 1st or 2nd generation EGFR TKI (gefitinib, erlotinib, afatinib), with T790M negative status in re-biopsy or liquid biopsy\n5) ECOG PS 0-2',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R', '+EGFR', '-EGFR:T790M'],
  },
  {
    inc: 'Inclusion Criteria:\n\n1. Signed informed consent;\n2. Aged 18-75 years;\n3. Histologically confirmed squamous NSCLC, stage IIIB-IV, not suitable for radical surgery or radiotherapy;\n4. pd-l1 TPS≥50% (Dako 22C3);\n5. No previous systemic antitumor treatment;\n6. ECOG 0~1;\n7. Expected survival ≥ 12 weeks.',
    exc: 'Exclusion Criteria:\n\n1. Known EGFR gene mutation or ALK fusion;\n2. Active autoimmune disease;\n3. Pregnant or lactating women.',
    want: ['+PD-L1:TPS>=50', '-EGFR', '-ALK:FUSION'],
  },
  {
    inc: 'Inclusion Criteria:\n* Histologically or cytologically confirmed extensive-stage SCLC\n* Relapsed or refractory after at least one platinum-based regimen\n* Tumor DLL3 expression is not required for enrollment',
    exc: 'Exclusion Criteria:\n* Patients with transformed SCLC from EGFR-mutant NSCLC\n* Symptomatic brain metastases',
    want: ['-EGFR'],
  },
  {
    inc: 'Inclusion Criteria:\n\n1. Previously untreated, resectable stage II, IIIA or IIIB (N2) NSCLC per AJCC 8th edition\n2. Eligible for R0 resection as assessed by a thoracic surgeon\n3. Known EGFR and ALK status; patients with known EGFR mutations or ALK translocations are ineligible\n4. Adequate pulmonary function to tolerate surgery',
    want: ['-EGFR', '-ALK:FUSION'],
  },
  {
    inc: 'Inclusion Criteria:\n- Stage IV NSCLC, any histology\n- PD-L1 negative tumor (TPS < 1%) by SP263 assay performed by central laboratory\n- No sensitizing EGFR mutation or ALK/ROS1 fusion (non-squamous only)',
    want: ['+PD-L1:TPS<1', '-EGFR', '-ALK:FUSION', '-ROS1:FUSION'],
  },
  {
    inc: 'Inclusion Criteria:\n1. Completely resected stage IB-IIIA primary non-squamous NSCLC\n2. Tumour harbours one of the 2 common EGFR mutations known to be associated with EGFR-TKI sensitivity (Ex19del, L858R), either alone or in combination with other EGFR mutations\n3. Complete recovery from surgery',
    exc: 'Exclusion Criteria:\n1. Prior treatment with neoadjuvant or adjuvant EGFR-TKI\n2. Tumours with EGFR T790M mutation detected prior to randomisation',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R', '-EGFR:T790M'],
  },
  {
    inc: 'Inclusion Criteria:\n* Locally advanced or metastatic NSCLC with KRAS p.G12C mutation confirmed by tissue or ctDNA testing (therascreen KRAS RGQ PCR or Guardant360 CDx)\n* Treatment-naive in the advanced setting\n* PD-L1 TPS < 1% (Part 1) or PD-L1 TPS ≥ 1% (Part 2), by 22C3 assay',
    exc: 'Exclusion Criteria:\n* Other known oncogenic driver alterations for which targeted therapy is approved (EGFR, ALK, ROS1, BRAF V600E, RET, NTRK, MET exon 14)\n* Prior KRAS G12C inhibitor',
    want: [
      '+KRAS:G12C',
      '+PD-L1:TPS<1',
      '+PD-L1:TPS>=1',
      '-EGFR',
      '-ALK',
      '-ROS1',
      '-BRAF:V600E',
      '-RET',
      '-NTRK',
      '-MET:EX14SKIP',
    ],
  },
  {
    inc: 'Inclusion Criteria:\n1. Locally advanced or metastatic solid tumor with an NTRK1, NTRK2, or NTRK3 gene fusion, identified through molecular assays as routinely performed at CLIA or other similarly-certified laboratories\n2. Have received prior standard therapy appropriate for tumor type and stage, or no satisfactory alternative treatment\n3. Prior TRK inhibitor therapy is not allowed, except in Cohort 3 (acquired resistance)',
    want: ['+NTRK:FUSION'],
  },
  {
    inc: 'Inclusion Criteria:\n1. Non-squamous NSCLC, stage IV\n2. Progressed after platinum doublet and immune checkpoint inhibitor',
    exc: 'Exclusion Criteria:\n1. Tumor with any of the following genomic alterations:\n   i. EGFR activating mutation (exon 19 deletion, exon 21 L858R)\n   ii. ALK gene rearrangement\n   iii. ROS1 rearrangement\n   iv. BRAF V600E mutation\n2. Prior treatment with docetaxel\n3. Uncontrolled pleural effusion',
    want: ['-EGFR:EX19DEL', '-EGFR:L858R', '-ALK:FUSION', '-ROS1:FUSION', '-BRAF:V600E'],
  },
  {
    inc: 'Inclusion Criteria:\n\nCohort A: HER2-overexpressing (IHC 3+) NSCLC, centrally confirmed\nCohort B: HER2-mutant NSCLC (activating mutations per local NGS report)\nAll cohorts:\n- At least one prior line of systemic therapy for advanced disease\n- Measurable disease',
    want: ['+HER2:OVEREXP', '+HER2:MUT'],
  },
  {
    inc: 'Inclusion Criteria:\n1. Histologically confirmed non-squamous NSCLC harboring an EGFR-sensitizing mutation\n2. Disease progression after treatment with a third-generation EGFR-TKI (osimertinib, aumolertinib, or furmonertinib)\n3. No prior chemotherapy or immunotherapy for advanced disease',
    want: ['+EGFR'],
  },
  {
    inc: 'Inclusion Criteria:\n- Histologically or cytologically confirmed stage IIIB/IV NSCLC\n- ALK-postive as determined by Ventana IHC or FISH\n- Brain metastases allowed if asymptomatic',
    want: ['+ALK:FUSION'],
  },
  {
    inc: 'Inclusion Criteria:\n* Stage IV NSCLC\n* At least one prior platinum doublet',
    exc: 'Exclusion Criteria:\n* Prior treatment with an EGFR tyrosine kinase inhibitor or ALK inhibitor\n* Active hepatitis B or C',
    want: [],
  },
  {
    inc: 'Inclusion Criteria:\n\nPart A (all tumor types):\n- Advanced solid tumor that has progressed on standard therapy\n\nPart B (NSCLC expansion):\n- Metastatic NSCLC with PD-L1 TPS ≥ 50% by 22C3, no prior systemic therapy\n- No EGFR, ALK or ROS1 genomic tumor aberrations',
    want: ['+PD-L1:TPS>=50', '-EGFR', '-ALK', '-ROS1'],
  },
  {
    inc: 'Inclusion Criteria:\n1. Metastatic adenocarcinoma of the lung\n2. EGFR wild type (by NGS) and ALK rearrangement-negative tumour\n3. Prior platinum-based chemotherapy',
    want: ['-EGFR', '-ALK'],
  },
  {
    inc: 'Inclusion Criteria:\n* Histologically confirmed metastatic NSCLC with BRAF V600E mutation as detected by an FDA-approved test or a CLIA-certified laboratory assay in tumor tissue or blood\n* Treatment-naive or one prior line of therapy (platinum chemotherapy and/or immunotherapy)\n* Prior BRAF or MEK inhibitor treatment is not permitted',
    want: ['+BRAF:V600E'],
  },
  {
    inc: 'Inclusion Criteria:\n- Locally advanced or metastatic NSCLC\n- Cohort 1: EGFR exon 20 insertion mutation, previously treated with platinum-based chemotherapy\n- Cohort 2: HER2 exon 20 insertion mutation, previously treated\n- Cohort 3: EGFR exon 20 insertion, treatment naive',
    want: ['+EGFR:EX20INS', '+HER2:EX20INS'],
  },
  {
    exc: 'Exclusion Criteria:\n1. Subjects with tumors known to harbor EGFR, ALK, ROS1, RET, or NTRK genomic alterations or BRAF V600E mutation for which targeted therapy is locally approved\n2. Symptomatic CNS metastases\n3. Prior allogeneic stem cell transplantation',
    want: ['-EGFR', '-ALK', '-ROS1', '-RET', '-NTRK', '-BRAF:V600E'],
  },
  {
    inc: 'Inclusion Criteria:\n* Stage IV non-squamous NSCLC\n* EGFR and ALK status must be known; patients must be negative for both\n* Tumor PD-L1 status must be available (any level)',
    want: ['-EGFR', '-ALK'],
  },
  {
    inc: 'Inclusion criteria:\n1. Untreated advanced NSCLC\n2. PD-L1 expression between 1% and 49% of tumour cells (22C3)\n3. Absence of EGFR mutation and ALK rearrangement',
    want: ['+PD-L1:TPS1-49', '-EGFR', '-ALK:FUSION'],
  },
  {
    inc: 'Inclusion Criteria:\nPart 1 (dose escalation):\n- EGFR-mutant NSCLC that progressed on osimertinib\nPart 2 (dose expansion):\n- Cohort 2A: EGFR C797S mutation, detected in tissue or plasma, after osimertinib\n- Cohort 2B: EGFR exon 19 deletion or L858R with MET amplification after osimertinib',
    want: ['+EGFR', '+EGFR:C797S', '+EGFR:EX19DEL', '+EGFR:L858R', '+MET:AMP'],
  },
  {
    inc: 'Inclusion Criteria:\n- Previously untreated metastatic NSCLC\n- ECOG 0-1',
    exc: 'Exclusion Criteria:\n- Known EGFR mutation or ALK rearrangement (testing is required for non-squamous histology only; patients with squamous histology do not require testing)\n- Prior anti-PD-1 therapy',
    want: ['-EGFR', '-ALK:FUSION'],
  },
  {
    inc: 'Inclusion Criteria:\n1. Stage IIIB-IV NSCLC\n2. Must provide a tumor tissue sample (archival or fresh) for central PD-L1 testing; results are not required for enrollment\n3. ECOG 0-1',
    want: [],
  },
  {
    inc: 'Inclusion Criteria:\n* Previously untreated stage IV NSCLC\n* PD-L1 TPS ≥ 50%',
    exc: 'Exclusion Criteria:\n* Tumors with PD-L1 TPS < 50%\n* EGFR or ALK genomic alterations',
    want: ['+PD-L1:TPS>=50', '-PD-L1:TPS<50', '-EGFR', '-ALK'],
  },
  {
    inc: 'Inclusion Criteria:\n- Histologically confirmed advanced solid tumor with KRAS G12D mutation (Phase 1b: NSCLC, CRC, PDAC)\n- Received at least 1 prior line of systemic therapy',
    want: ['+KRAS:G12D'],
  },
  {
    inc: 'Inclusion Criteria:\n- KRAS-mutated NSCLC (any KRAS mutation other than G12C) per local testing\n- Previously treated with platinum chemotherapy and immunotherapy',
    want: ['+KRAS', '-KRAS:G12C'],
  },
  {
    inc: 'Inclusion Criteria:\n1. Stage IV Lung Adenocarcinoma\n2. Tumor tested negative for EGFR Mutations, ALK Rearrangement and ROS-1 Rearrangement\n3. PD-L1 Expression ≥1% on tumor cells',
    want: ['-EGFR', '-ALK:FUSION', '-ROS1:FUSION', '+PD-L1:TPS>=1'],
  },
  {
    inc: 'Inclusion Criteria:\n* Limited-stage SCLC (stage I-III) per AJCC 8th edition, suitable for definitive chemoradiation\n* PD-L1 testing is not required\n* FEV1 ≥ 800 mL',
    want: [],
  },
  {
    inc: 'Inclusion Criteria:\n1. Advanced NSCLC\n2. Molecular testing results available:\n   - EGFR: wild type\n   - ALK: negative\n   - ROS1: negative (non-squamous only)\n3. Adequate organ function',
    want: ['-EGFR', '-ALK', '-ROS1'],
  },
  {
    inc: 'Inclusion Criteria:\n- Newly diagnosed, locally advanced or metastatic NSCLC with documented EGFR Exon 20ins activating mutation (by FDA-approved or CLIA-certified test)\n- Treatment-naive for advanced disease',
    want: ['+EGFR:EX20INS'],
  },
  {
    inc: 'Inclusion Criteria:\n- NSCLC with ERBB2 amplification and/or overexpression (IHC 3+) by local testing\n- Progression after ≥1 prior therapy',
    want: ['+HER2:AMP', '+HER2:OVEREXP'],
  },
  {
    inc: 'Inclusion Criteria:\n- Histologically or cytologically documented stage IV NSCLC\n- No prior systemic treatment for metastatic NSCLC',
    exc: 'Exclusion Criteria:\n- Has known EGFR, ALK, ROS1 genomic tumor aberrations or other actionable driver mutations for which approved targeted therapy exists\n- Known additional malignancy that is progressing',
    want: ['-EGFR', '-ALK', '-ROS1'],
  },
  {
    inc: 'Inclusion Criteria:\n* Stage III unresectable NSCLC\n* PD-L1 expression on ≥1% of tumour cells using the VENTANA PD-L1 (SP263) assay\n* No EGFR mutation or ALK rearrangement documented (testing required for non-squamous)',
    want: ['+PD-L1:TPS>=1', '-EGFR', '-ALK:FUSION'],
  },
  {
    inc: 'Inclusion Criteria:\n1. Metastatic NSCLC\n2. EGFR T790M mutation detected in plasma ctDNA (cobas v2 or Guardant360) or tissue after progression on first-line erlotinib, gefitinib, or afatinib\n3. No prior third-generation EGFR-TKI',
    want: ['+EGFR:T790M', '+EGFR'],
  },
  {
    inc: 'Inclusion Criteria:\n1. Stage IV NSCLC\n2. Progressed on platinum chemotherapy',
    exc: 'Exclusion Criteria:\n1. Squamous-cell NSCLC\n2. EGFR-positive or ALK-positive NSCLC\n3. Uncontrolled diabetes',
    want: ['-EGFR', '-ALK:FUSION'],
  },
  // Sibling cohorts accept both EGFR states: no row (README convention).
  {
    inc: 'Inclusion Criteria:\n- Stage IV NSCLC previously treated with a PD-1/PD-L1 inhibitor\n- Cohort A: EGFR-mutant NSCLC after progression on osimertinib\n- Cohort B: EGFR wild-type NSCLC',
    want: [],
  },
  {
    inc: 'Inclusion Criteria:\n1. Advanced ROS1-rearranged NSCLC confirmed by FISH, NGS, or RT-PCR\n2. No prior ROS1 TKI therapy (crizotinib, entrectinib)\n3. Asymptomatic CNS metastases allowed',
    want: ['+ROS1:FUSION'],
  },
  {
    inc: 'Inclusion Criteria:\n1. Histologically confirmed NSCLC\n2. Cohort 1: KRAS G12C mutation and STK11 co-mutation\n3. Cohort 2: KRAS G12C mutation and KEAP1 co-mutation\n4. Cohort 3: KRAS G12C mutation without STK11 or KEAP1 co-mutation',
    want: ['+KRAS:G12C'],
  },
  {
    inc: 'Inclusion Criteria:\n* Stage IV NSCLC with progression after platinum-based chemotherapy\n* Patients with a known EGFR mutation or ALK translocation are eligible if they have received at least one prior targeted therapy\n* Zubrod PS 0-1',
    want: [],
  },
  {
    inc: 'INCLUSION CRITERIA:\n- Untreated metastatic NSCLC\n- PD-L1 Tumor Proportion Score of 50% or higher, as determined by an FDA-approved test\n- EGFR- and ALK-negative (if non-squamous)',
    want: ['+PD-L1:TPS>=50', '-EGFR', '-ALK'],
  },
  {
    exc: 'Exclusion Criteria:\n- Known sensitizing EGFR mutations (exon 19 del/exon 21 L858R), ALK fusions, or ROS1 fusions\n- Interstitial lung disease',
    want: ['-EGFR:EX19DEL', '-EGFR:L858R', '-ALK:FUSION', '-ROS1:FUSION'],
  },
  {
    inc: 'Inclusion Criteria:\n1. Stage IIIB/IV NSCLC with MET exon 14 skipping mutation detected in tissue (central) or blood (local ctDNA)\n2. Treatment-naïve or pretreated (≤2 lines)\n3. MET amplification without exon 14 skipping is not eligible',
    want: ['+MET:EX14SKIP', '-MET:AMP'],
  },
  {
    inc: 'Inclusion Criteria:\n* Recurrent NSCLC after platinum\n* PD-L1 TPS ≥ 1%; patients with PD-L1 TPS < 1% are excluded',
    want: ['+PD-L1:TPS>=1', '-PD-L1:TPS<1'],
  },
  {
    inc: 'Inclusion Criteria:\n1. Participants must meet all of the following:\n   a. Histologically confirmed NSCLC, stage IIIB-IV\n   b. Molecular eligibility, one of:\n      i. EGFR L858R mutation\n      ii. EGFR exon 19 deletion\n      iii. EGFR uncommon mutation (G719X, L861Q or S768I)\n   c. No prior EGFR-targeted therapy\n2. ECOG 0-1',
    want: ['+EGFR:L858R', '+EGFR:EX19DEL', '+EGFR:G719X', '+EGFR:L861Q', '+EGFR:S768I'],
  },
  {
    inc: 'Inclusion Criteria:\n- EML4-ALK fusion-positive NSCLC by RT-PCR or NGS\n- Progressed on alectinib or brigatinib',
    want: ['+ALK:FUSION'],
  },
  {
    inc: 'Inclusion Criteria:\n- Advanced NSCLC with sensitizing EGFR mutation\n- EGFR-TKI naive\n- Asymptomatic brain metastases permitted',
    want: ['+EGFR'],
  },
  {
    inc: 'Inclusion Criteria:\n1. Documentation of EGFR and ALK negativity in non-squamous tumors by a CLIA-certified laboratory\n2. Measurable disease',
    want: ['-EGFR', '-ALK'],
  },
  {
    inc: 'Inclusion Criteria:\n- Advanced solid tumor (NSCLC, HNSCC, or gastric)\n- PD-L1 combined positive score (CPS) ≥ 10 using PD-L1 IHC 22C3 pharmDx',
    want: ['+PD-L1:CPS>=10'],
  },
  {
    inc: 'Inclusion Criteria:\n1. Histologically confirmed NSCLC\n2. Disease progression on prior alectinib, brigatinib or lorlatinib as the only ALK-directed therapy\n3. ECOG 0-2',
    want: ['+ALK:FUSION'],
  },
  {
    inc: 'Inclusion Criteria:\n1. Stage IV NSCLC of non-squamous histology\n2. Wild-type for EGFR, and negative for ALK, ROS1, RET fusions and BRAF V600E (tissue or plasma NGS)\n3. Prior platinum-based chemotherapy with or without pembrolizumab',
    // "negative for ALK, ROS1, RET fusions" is a negative state, gene level as "ALK-negative"
    // is (eval README, 2026-11-28; real-dev-b's blind labels read it so): was FUSION.
    want: ['-EGFR', '-ALK', '-ROS1', '-RET', '-BRAF:V600E'],
  },
];
