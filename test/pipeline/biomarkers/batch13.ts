/**
 * Blind batch 13 (review 5): eligibility sections in the shape ClinicalTrials.gov shows them for
 * lung cancer trials and pan-tumour/basket trials enrolling lung cancer patients, labelled by the
 * conventions of pipeline/biomarkers/eval/README.md before the extractor was run or read.
 * Saved 10:02:30 UTC 2026-11-28, first run at 83be0a6 (10:02:37): lung rows, required
 * P 89.2 / R 94.3 / F1 91.7, excluded 100 / 100 / 100 (120 cases, 36 with no row); the
 * reviewer changed no label after the run. The `// n` comments number the cases from 1.
 */
import type { WrittenCase } from './written-batch.js';

export const BATCH13: WrittenCase[] = [
  // 1
  {
    inc: `Inclusion Criteria:

1. Male or female, aged 18 years or older at the time of consent.
2. Histologically or cytologically documented stage IIIB/IIIC NSCLC not amenable to definitive chemoradiation, or stage IV NSCLC (AJCC v8).
3. PD-L1 tumor proportion score of 1% to 49% as determined centrally using the PD-L1 IHC 22C3 pharmDx assay.
4. ECOG performance status 0 or 1.
5. Adequate organ function, defined as:
   a. Absolute neutrophil count ≥ 1,500/µL
   b. Platelets ≥ 100,000/µL
   c. Hemoglobin ≥ 9.0 g/dL
   d. AST and ALT ≤ 2.5 × ULN (≤ 5 × ULN for participants with liver metastases)
6. Provision of an archival tumour tissue sample or a newly obtained biopsy.`,
    exc: `Exclusion Criteria:

1. Known EGFR, ALK, or ROS1 genomic tumor aberrations for which an approved targeted therapy exists.
2. Prior systemic therapy for advanced or metastatic NSCLC.
3. Active autoimmune disease requiring systemic treatment within the past 2 years.
4. Untreated CNS metastases.`,
    want: ['+PD-L1:TPS1-49', '-EGFR', '-ALK', '-ROS1'],
  },
  // 2 SCLC, no marker
  {
    inc: `Inclusion Criteria:
- Histologically or cytologically confirmed extensive-stage small cell lung cancer (ES-SCLC)
- No prior systemic treatment for ES-SCLC
- Patients with treated, asymptomatic brain metastases are eligible
- ECOG 0-1
- Measurable disease per RECIST v1.1
- Adequate hematologic and end-organ function`,
    exc: `Exclusion Criteria:
- Symptomatic or actively progressing CNS metastases
- History of leptomeningeal disease
- Prior treatment with CD137 agonists or immune checkpoint blockade therapies, including anti-CTLA-4, anti-PD-1, and anti-PD-L1 therapeutic antibodies
- Active tuberculosis`,
    want: [],
  },
  // 3 mesothelioma, PD-L1 only as sample
  {
    inc: `Inclusion Criteria:

1. Histologically confirmed unresectable malignant pleural mesothelioma (epithelioid, sarcomatoid or biphasic).
2. No prior systemic therapy for mesothelioma.
3. Tumour tissue must be available for central PD-L1 and BAP1 assessment; results are not required before randomisation.
4. ECOG PS 0-1.
5. Measurable disease per mRECIST 1.1 for mesothelioma.`,
    exc: `Exclusion Criteria:

1. Primary peritoneal, pericardial or tunica vaginalis mesothelioma.
2. Prior pleurectomy/decortication within 4 weeks.
3. Interstitial lung disease.`,
    want: [],
  },
  // 4 NTRK basket, lung listed last
  {
    inc: `Inclusion Criteria:
* Locally advanced or metastatic solid tumour (for example salivary gland carcinoma, infantile fibrosarcoma, thyroid cancer, soft tissue sarcoma, colorectal cancer, or non-small cell lung cancer) that harbours an NTRK1, NTRK2, or NTRK3 gene fusion, identified through molecular assays performed in a CLIA-certified or equivalently accredited laboratory
* Have received prior standard therapy appropriate for tumour type and stage, or no satisfactory alternative treatment exists
* At least one measurable lesion per RECIST v1.1 (or RANO for primary CNS tumours)
* Karnofsky PS ≥ 50% (patients ≥ 16 years) or Lansky ≥ 50% (patients < 16 years)`,
    exc: `Exclusion Criteria:
* Prior treatment with an approved or investigational TRK inhibitor (e.g., larotrectinib, entrectinib)
* Major surgery within 14 days of the first dose
* Known HIV infection`,
    want: ['+NTRK:FUSION'],
  },
  // 5 KRAS G12C with no other driver
  {
    inc: `Inclusion Criteria:

1. Locally advanced unresectable or metastatic NSCLC.
2. Documented KRAS G12C mutation in tumour tissue or circulating tumour DNA, by local or central testing.
3. Disease progression on or after at least one prior systemic therapy for advanced disease, including an anti-PD-1/PD-L1 antibody unless contraindicated.
4. ECOG 0-1.`,
    exc: `Exclusion Criteria:

1. Tumours known to harbour another actionable driver alteration (EGFR sensitising mutation, ALK or ROS1 rearrangement, BRAF V600E mutation, MET exon 14 skipping mutation, RET fusion or NTRK fusion).
2. Prior treatment with a KRAS G12C inhibitor (e.g. sotorasib, adagrasib).
3. Active brain metastases.`,
    want: [
      '+KRAS:G12C',
      '-EGFR:EX19DEL',
      '-EGFR:L858R',
      '-EGFR:G719X',
      '-EGFR:L861Q',
      '-EGFR:S768I',
      '-ALK:FUSION',
      '-ROS1:FUSION',
      '-BRAF:V600E',
      '-MET:EX14SKIP',
      '-RET:FUSION',
      '-NTRK:FUSION',
    ],
  },
  // 6 conditional only (second-line IO)
  {
    inc: `Inclusion Criteria:
1. Histologically or cytologically confirmed stage IV NSCLC.
2. Progression during or after one prior platinum-based chemotherapy regimen for advanced disease.
3. Patients with known EGFR mutations or ALK rearrangements must also have had disease progression on, or intolerance to, an approved targeted therapy.
4. ECOG PS 0 or 1.
5. Life expectancy ≥ 12 weeks.`,
    exc: `Exclusion Criteria:
1. Prior docetaxel.
2. Prior anti-PD-1, anti-PD-L1 or anti-CTLA-4 therapy.`,
    want: [],
  },
  // 7 EGFR post-osimertinib, exon 20 excluded
  {
    inc: `Inclusion Criteria:

- Age ≥ 18 (≥ 20 in Japan and Taiwan)
- Locally advanced or metastatic non-squamous NSCLC
- Documented EGFR exon 19 deletion or L858R mutation, either alone or together with other EGFR mutations, per local tissue or plasma testing
- Radiological disease progression on or after osimertinib given as first- or second-line therapy
- At least one measurable lesion not previously irradiated`,
    exc: `Exclusion Criteria:

- Known EGFR exon 20 insertion mutation
- Prior chemotherapy for advanced disease
- History of (non-infectious) ILD/pneumonitis that required steroids`,
    want: ['+EGFR:EX19DEL', '+EGFR:L858R', '-EGFR:EX20INS'],
  },
  // 8 HER2 basket, other tumours first
  {
    inc: `Inclusion Criteria:

Participants must meet the criteria for one of the following cohorts:
* Cohort 1: HER2-positive (IHC 3+ or IHC 2+/ISH+) unresectable or metastatic gastric or gastroesophageal junction adenocarcinoma
* Cohort 2: hormone receptor-positive, HER2-negative metastatic breast cancer after at least one line of endocrine therapy
* Cohort 3: unresectable or metastatic non-squamous NSCLC with an activating HER2 (ERBB2) mutation, after at least one prior systemic therapy
* Has measurable disease by RECIST 1.1
* LVEF ≥ 50% within 28 days before enrolment`,
    exc: `Exclusion Criteria:
* Prior HER2-targeted antibody-drug conjugate
* History of ILD/pneumonitis requiring steroids`,
    want: ['+HER2:MUT'],
  },
  // 9 permissive statement only
  {
    inc: `Inclusion Criteria:
- Unresectable stage III NSCLC without progression after concurrent platinum-based chemoradiation
- Patients whose tumours have an EGFR mutation or ALK rearrangement are eligible
- WHO PS 0-1
- Randomisation within 1 to 42 days after the last radiation dose`,
    exc: `Exclusion Criteria:
- Grade ≥ 2 pneumonitis from prior chemoradiation
- Mixed small cell and non-small cell histology`,
    want: [],
  },
  // 10 ROS1 TKI-naive
  {
    inc: `INCLUSION CRITERIA
1. Locally advanced or metastatic NSCLC with a documented ROS1 rearrangement, determined by FISH, NGS or RT-PCR in tumour tissue
2. ROS1 TKI-naive; up to one prior line of chemotherapy and/or immunotherapy permitted
3. Measurable disease (RECIST 1.1)
4. Asymptomatic CNS metastases allowed`,
    exc: `EXCLUSION CRITERIA
1. Prior treatment with crizotinib, entrectinib, or any other ROS1-targeted TKI
2. QTcF > 470 ms`,
    want: ['+ROS1:FUSION'],
  },
  // 11 PD-L1 < 50% with slash driver list in exclusion
  {
    inc: `Inclusion criteria:
- Previously untreated stage IV squamous or non-squamous NSCLC
- PD-L1 expression in less than 50% of tumour cells (TPS < 50%), including PD-L1-negative tumours
- ECOG 0-1`,
    exc: `Exclusion criteria:
- EGFR/ALK/ROS1 positive
- Symptomatic brain metastases
- Prior immunotherapy`,
    want: ['+PD-L1:TPS<50', '-EGFR', '-ALK:FUSION', '-ROS1:FUSION'],
  },
  // 12 mesothelioma
  {
    inc: `Inclusion Criteria:
1. Histologically confirmed diffuse pleural mesothelioma, unresectable
2. Progressed after platinum-pemetrexed chemotherapy and/or nivolumab-ipilimumab
3. Measurable disease by modified RECIST
4. Adequate organ function: creatinine clearance ≥ 45 mL/min, bilirubin ≤ 1.5 × ULN`,
    exc: `Exclusion Criteria:
1. Prior radiotherapy to > 25% of bone marrow
2. Uncontrolled pleural effusion requiring drainage more than once a month`,
    want: [],
  },
  // 13 SCLC relapsed, DLL3 only
  {
    inc: `Key Inclusion Criteria:
* Histologically or cytologically confirmed SCLC that progressed or recurred after at least one platinum-based regimen
* Archival or fresh tumour tissue for retrospective DLL3 testing (DLL3 expression is not required for enrolment)
* ECOG 0-2`,
    exc: `Key Exclusion Criteria:
* Prior DLL3-targeted therapy
* Untreated or symptomatic brain metastases`,
    want: [],
  },
  // 14 basket with other tumours' markers only
  {
    inc: `Inclusion Criteria:
1. Histologically confirmed advanced solid tumour of one of the following types:
   a. HER2-negative breast cancer after CDK4/6 inhibitor
   b. RAS wild-type colorectal cancer after anti-EGFR antibody
   c. BRAF V600-mutant melanoma after BRAF/MEK inhibitors
   d. Non-small cell lung cancer after platinum chemotherapy and a PD-(L)1 inhibitor
2. ECOG 0-1
3. Measurable disease per RECIST v1.1`,
    exc: `Exclusion Criteria:
1. Prior TROP2-directed ADC
2. Active hepatitis B or C`,
    want: [],
  },
  // 15 BRAF V600E NSCLC
  {
    inc: `Inclusion Criteria:
- Histologically confirmed stage IV NSCLC
- Presence of a BRAF V600E mutation in tumour tissue confirmed by a validated test
- Treatment-naive or one prior line of platinum-based chemotherapy
- Patients with melanoma or other tumour types are not eligible`,
    exc: `Exclusion Criteria:
- Previous treatment with a BRAF inhibitor or MEK inhibitor
- History of retinal vein occlusion`,
    want: ['+BRAF:V600E'],
  },
  // 16 rule written as rule, in inclusion
  {
    inc: `Inclusion Criteria:
1. Stage IV non-squamous NSCLC, treatment naive.
2. Patients must not have an EGFR mutation or ALK rearrangement.
3. Measurable disease.`,
    exc: `Exclusion Criteria:
1. Active infection requiring IV antibiotics.`,
    want: ['-EGFR', '-ALK:FUSION'],
  },
  // 17 double negation in exclusion
  {
    inc: `Inclusion Criteria:
- Adults with advanced or metastatic NSCLC
- Failed or ineligible for standard therapy
- ECOG 0-1`,
    exc: `Exclusion Criteria:
- Patients without a documented MET exon 14 skipping mutation by local or central testing
- Prior treatment with capmatinib, tepotinib, crizotinib or any other MET inhibitor
- Symptomatic brain metastases`,
    want: ['+MET:EX14SKIP'],
  },
  // 18 MET cohorts: skip / amp without skip
  // doubt: cohort B "without exon 14 skipping" is an exclusion under its own heading while cohort A requires it
  {
    inc: `Inclusion Criteria:

All patients:
- Stage IIIB/IV NSCLC
- ECOG 0-1

Cohort A:
- MET exon 14 skipping mutation detected in tissue or plasma

Cohort B:
- MET amplification (gene copy number ≥ 10 by NGS or MET/CEP7 ratio ≥ 2 by FISH) without MET exon 14 skipping`,
    exc: `Exclusion Criteria:
- Prior MET-targeted therapy`,
    want: ['+MET:EX14SKIP', '+MET:AMP', '-MET:EX14SKIP'],
  },
  // 19 RET: lung fusion, MTC mutation (other tumour)
  {
    inc: `Inclusion Criteria:

1. One of the following:
   - Locally advanced or metastatic NSCLC with a RET gene fusion, or
   - Advanced medullary thyroid cancer with a RET mutation, or
   - Other advanced solid tumour with a RET fusion that has progressed on standard therapy
2. Adequate hepatic and renal function
3. Able to swallow capsules`,
    exc: `Exclusion Criteria:

1. Prior selective RET inhibitor (e.g., selpercatinib, pralsetinib)
2. Clinically significant cardiovascular disease`,
    want: ['+RET:FUSION'],
  },
  // 20 testing note beside gate, in inclusion
  {
    inc: `Inclusion Criteria:
- Previously untreated metastatic NSCLC
- No sensitizing EGFR mutations, ALK translocations or ROS1 rearrangements (testing required only for non-squamous histology)
- PD-L1 testing results from a central laboratory`,
    exc: `Exclusion Criteria:
- Untreated CNS metastases
- Prior anti-cancer therapy for metastatic disease`,
    want: [
      '-EGFR:EX19DEL',
      '-EGFR:L858R',
      '-EGFR:G719X',
      '-EGFR:L861Q',
      '-EGFR:S768I',
      '-ALK:FUSION',
      '-ROS1:FUSION',
    ],
  },
  // 21 SCLC limited stage
  {
    inc: `Inclusion Criteria:
- Limited-stage small-cell lung cancer (stage I-III, AJCC 8th) that can be safely treated with definitive radiation
- No prior therapy for SCLC
- FEV1 ≥ 800 mL`,
    exc: `Exclusion Criteria:
- Mixed histology with non-small cell component
- Prior thoracic radiation`,
    want: [],
  },
  // 22 NSCLC surgery, no marker
  {
    inc: `Inclusion Criteria:
1. Clinical stage II-IIIA resectable NSCLC
2. No prior anticancer therapy
3. Adequate pulmonary function for planned lobectomy or pneumonectomy
4. ECOG 0-1`,
    exc: `Exclusion Criteria:
1. Prior treatment with any anti-PD-1 or anti-PD-L1 antibody
2. Interstitial lung disease`,
    want: [],
  },
  // 23 neoadjuvant with driver exclusion using "known" and "or"
  {
    inc: `Inclusion Criteria:
1. Resectable stage II-IIIB (N2) NSCLC
2. Tumour tissue submitted for PD-L1 and EGFR/ALK testing before randomisation`,
    exc: `Exclusion Criteria:
1. Known EGFR mutation or ALK translocation
2. Prior systemic therapy for lung cancer`,
    want: ['-EGFR', '-ALK:FUSION'],
  },
  // 24 HER2 exon 20 insertion, closed list of alterations
  {
    inc: `Inclusion Criteria:
* Pathologically documented locally advanced or metastatic non-squamous NSCLC
* Documented HER2 exon 20 insertion mutation from tissue or plasma (local test)
* Previously treated with at least one platinum-containing regimen`,
    exc: `Exclusion Criteria:
* Known EGFR exon 20 insertion
* Prior HER2 tyrosine kinase inhibitor`,
    want: ['+HER2:EX20INS', '-EGFR:EX20INS'],
  },
  // 25 EGFR sensitising class required, T790M absence required
  {
    inc: `Inclusion Criteria:

1. Locally advanced or metastatic NSCLC harbouring an activating EGFR mutation.
2. Absence of T790M mutation on a biopsy obtained after progression on first- or second-generation EGFR TKI.
3. ECOG 0-2.`,
    exc: `Exclusion Criteria:

1. Prior third-generation EGFR TKI.`,
    want: [
      '+EGFR:EX19DEL',
      '+EGFR:L858R',
      '+EGFR:G719X',
      '+EGFR:L861Q',
      '+EGFR:S768I',
      '-EGFR:T790M',
    ],
  },
  // 26 prior therapy without marker (new convention: no row)
  {
    inc: `Inclusion Criteria:
- Advanced NSCLC
- Disease progression after osimertinib
- Received no more than one prior chemotherapy regimen`,
    exc: `Exclusion Criteria:
- Symptomatic CNS metastases`,
    want: [],
  },
  // 27 ALK-positive after ALK TKI
  {
    inc: `Inclusion Criteria:
1. Histologically confirmed stage IIIB/IV ALK-positive NSCLC (by IHC using the VENTANA ALK (D5F3) assay, FISH or NGS)
2. Progressed on at least one second-generation ALK TKI (alectinib, brigatinib or ceritinib)
3. ECOG 0-2`,
    exc: `Exclusion Criteria:
1. Prior lorlatinib
2. Prior chemotherapy for advanced disease beyond one line`,
    want: ['+ALK:FUSION'],
  },
  // 28 PD-L1 high, "at least 50 percent"
  {
    inc: `Inclusion Criteria:
- Stage IV NSCLC, no prior systemic therapy for metastatic disease
- Tumour PD-L1 expression in at least 50 percent of tumour cells
- EGFR and ALK wild-type`,
    exc: `Exclusion Criteria:
- Prior immunotherapy`,
    want: ['+PD-L1:TPS>=50', '-EGFR', '-ALK'],
  },
  // 29 CPS in basket, lung + head and neck
  // doubt: the same CPS cut-off applies to both tumours in one sentence, so it gates lung patients too
  {
    inc: `Inclusion Criteria:
1. Recurrent or metastatic head and neck squamous cell carcinoma or NSCLC
2. PD-L1 combined positive score (CPS) ≥ 1 by 22C3 for all participants
3. Measurable disease`,
    exc: `Exclusion Criteria:
1. Prior anti-PD-1 therapy`,
    want: ['+PD-L1:CPS>=1'],
  },
  // 30 regardless of PD-L1
  {
    inc: `Inclusion Criteria:
- Metastatic squamous NSCLC
- Patients are eligible regardless of PD-L1 expression level
- No prior systemic therapy for metastatic disease`,
    exc: `Exclusion Criteria:
- Known hypersensitivity to study drugs`,
    want: [],
  },
  // 31 exclusion "no other drivers" with nor
  {
    inc: `Inclusion criteria:
1. Advanced NSCLC with KRAS G12D mutation (tissue-based NGS)
2. Prior platinum doublet and checkpoint inhibitor
3. ECOG 0 or 1`,
    exc: `Exclusion criteria:
1. Active infection
2. Known co-mutation: tumour must carry neither an EGFR mutation nor an ALK fusion`,
    want: ['+KRAS:G12D', '-EGFR', '-ALK:FUSION'],
  },
  // 32 tests to be done only
  {
    inc: `Inclusion Criteria:
* Newly diagnosed stage IV NSCLC
* Willing to undergo tissue biopsy and plasma collection for EGFR, ALK, ROS1, BRAF, KRAS, MET, RET, NTRK and HER2 testing by comprehensive NGS
* PD-L1 IHC will be performed on all samples`,
    exc: `Exclusion Criteria:
* Prior systemic therapy`,
    want: [],
  },
  // 33 NSCLC with "wild-type" and "negative" spread
  {
    inc: `Inclusion Criteria:
1. Stage IV non-squamous NSCLC.
2. EGFR wild-type, ALK-negative and ROS1-negative tumour status documented by local testing.
3. No prior treatment for advanced disease.`,
    want: ['-EGFR', '-ALK', '-ROS1'],
  },
  // 34 exclusion list with "such as" examples of a negated category
  {
    inc: `Inclusion Criteria:
- Metastatic NSCLC after one prior immunotherapy-containing line`,
    exc: `Exclusion Criteria:
- Known actionable genomic alteration for which approved targeted therapy exists, such as EGFR sensitizing mutation, ALK fusion, ROS1 fusion, BRAF V600E mutation, RET fusion, MET exon 14 skipping or NTRK fusion
- Prior docetaxel`,
    want: [
      '-EGFR:EX19DEL',
      '-EGFR:L858R',
      '-EGFR:G719X',
      '-EGFR:L861Q',
      '-EGFR:S768I',
      '-ALK:FUSION',
      '-ROS1:FUSION',
      '-BRAF:V600E',
      '-RET:FUSION',
      '-MET:EX14SKIP',
      '-NTRK:FUSION',
    ],
  },
  // 35 KRAS any in CRC/pancreas basket naming NSCLC
  {
    inc: `Inclusion Criteria:
1. Histologically confirmed, locally advanced or metastatic pancreatic ductal adenocarcinoma, colorectal cancer, or non-small cell lung cancer
2. Documented KRAS G12D or G12V mutation
3. Progressed on at least one standard therapy`,
    exc: `Exclusion Criteria:
1. Prior KRAS-targeted therapy`,
    want: ['+KRAS:G12D', '+KRAS:G12V'],
  },
  // 36 prior therapy stated with the marker
  {
    inc: `Inclusion Criteria:
- EGFR-mutant NSCLC that progressed on osimertinib as the most recent therapy
- Tissue biopsy after progression is mandatory`,
    exc: `Exclusion Criteria:
- More than 2 prior lines of therapy`,
    want: ['+EGFR'],
  },
  // 37 uncommon EGFR mutations, closed list with ids
  {
    inc: `Inclusion Criteria:
1. Advanced NSCLC harbouring at least one of the following EGFR mutations: G719X, L861Q, or S768I, alone or in combination with other EGFR mutations except exon 20 insertion
2. No prior EGFR TKI`,
    exc: `Exclusion Criteria:
1. Known T790M mutation`,
    // doubt: "except exon 20 insertion" is a carve-out of the co-mutations it re-admits; read as excluding EX20INS in inclusion
    want: ['+EGFR:G719X', '+EGFR:L861Q', '+EGFR:S768I', '-EGFR:EX20INS', '-EGFR:T790M'],
  },
  // 38 SCLC with PD-L1 mention as stratification only
  {
    inc: `Inclusion Criteria:
- ES-SCLC after first-line platinum-etoposide ± atezolizumab or durvalumab
- PD-L1 status may be known or unknown`,
    exc: `Exclusion Criteria:
- Paraneoplastic autoimmune syndromes requiring systemic treatment`,
    want: [],
  },
  // 39 both states accepted
  {
    inc: `Inclusion Criteria:
1. Adenocarcinoma of the lung, stage IV
2. EGFR wild-type or mutant tumours are eligible; EGFR-mutant patients must have progressed on at least one EGFR TKI
3. ECOG PS 0-1`,
    want: [],
  },
  // 40 PD-L1 negative
  {
    inc: `Inclusion Criteria:
- Metastatic NSCLC, PD-L1 negative (TPS < 1%) by 22C3
- No prior systemic therapy`,
    exc: `Exclusion Criteria:
- Tumours with EGFR sensitizing mutation or ALK rearrangement`,
    want: [
      '+PD-L1:TPS<1',
      '-EGFR:EX19DEL',
      '-EGFR:L858R',
      '-EGFR:G719X',
      '-EGFR:L861Q',
      '-EGFR:S768I',
      '-ALK:FUSION',
    ],
  },
  // 41 long list, marker item deep inside, typo and no colon
  {
    inc: `Inclusion Criteria

1. Signed informed consent
2. Age >= 18 years
3. Histologically confirmed non small cell lung cancer, stage IV
4. ECOG performance status 0-1
5. Life expectancy > 3 months
6. At least one measurable lesion per RECIST 1.1
7. Adequate bone marrow function (ANC >= 1.5 x 10^9/L, platelets >= 100 x 10^9/L, Hb >= 9 g/dL)
8. Adequate liver function (total bilirubin <= 1.5 x ULN; ALT/AST <= 3 x ULN)
9. Adequate renal function (creatinine clearance >= 50 mL/min by Cockcroft-Gault)
10. ALK rearangement confirmed by FISH (>15% split signals) or IHC
11. Women of child-bearing potential must have a negative pregnancy test`,
    exc: `Exclusion Criteria

1. Prior ALK inhibitor
2. Symptomatic brain metastases
3. QTc > 470 ms`,
    want: ['+ALK:FUSION'],
  },
  // 42 nested sub-items with driver exclusion list
  {
    inc: `Inclusion Criteria:
1. Stage IV NSCLC.
2. Molecular requirements:
   a. PD-L1 TPS ≥ 50% (22C3)
   b. Absence of the following alterations:
      i. EGFR exon 19 deletion or exon 21 L858R
      ii. ALK fusion
      iii. ROS1 fusion
3. ECOG 0-1.`,
    want: ['+PD-L1:TPS>=50', '-EGFR:EX19DEL', '-EGFR:L858R', '-ALK:FUSION', '-ROS1:FUSION'],
  },
  // 43 obligation written in exclusion section
  {
    inc: `Inclusion Criteria:
- Histologically confirmed advanced NSCLC
- Progressed on prior platinum chemotherapy`,
    exc: `Exclusion Criteria:
- Patients whose tumours are EGFR wild-type
- Prior EGFR TKI treatment of any generation`,
    // "EGFR wild-type" in exclusion: double negation -> required
    want: ['+EGFR'],
  },
  // 44 SCLC transformed from EGFR-mutant adenocarcinoma
  // doubt: histologic transformation trial; the EGFR history gates entry so labelled +EGFR
  {
    inc: `Inclusion Criteria:
1. Small cell lung cancer transformed from EGFR-mutant lung adenocarcinoma, confirmed by re-biopsy
2. Progression after EGFR TKI therapy
3. No prior chemotherapy for SCLC`,
    exc: `Exclusion Criteria:
1. De novo SCLC`,
    want: ['+EGFR'],
  },
  // 45 all-comers NSCLC with co-mutation statement
  {
    inc: `Inclusion Criteria:
- Advanced NSCLC with documented STK11 or KEAP1 mutation
- KRAS mutation status may be mutant or wild-type
- Prior anti-PD-(L)1 allowed`,
    exc: `Exclusion Criteria:
- Tumours with EGFR-sensitizing mutations or ALK translocations`,
    want: [
      '-EGFR:EX19DEL',
      '-EGFR:L858R',
      '-EGFR:G719X',
      '-EGFR:L861Q',
      '-EGFR:S768I',
      '-ALK:FUSION',
    ],
  },
  // 46 radiation trial NSCLC, no marker
  {
    inc: `Inclusion criteria:
1. Oligometastatic NSCLC (≤ 5 metastatic lesions)
2. Stable or responding disease after 3-6 months of first-line systemic therapy
3. All lesions amenable to SBRT`,
    exc: `Exclusion criteria:
1. Prior radiotherapy overlapping planned fields
2. Pregnancy`,
    want: [],
  },
  // 47 PD-L1 with SP263 TC
  // doubt: SP263 "TC" percentage read as TPS (tumour-cell score)
  {
    inc: `Inclusion Criteria:
* Stage IV NSCLC, treatment naive
* PD-L1 high expression, defined as TC ≥ 50% by the VENTANA PD-L1 (SP263) assay
* No EGFR sensitising mutation or ALK rearrangement`,
    want: [
      '+PD-L1:TPS>=50',
      '-EGFR:EX19DEL',
      '-EGFR:L858R',
      '-EGFR:G719X',
      '-EGFR:L861Q',
      '-EGFR:S768I',
      '-ALK:FUSION',
    ],
  },
  // 48 "≤ 49%" wording
  {
    inc: `Inclusion Criteria:
1. Metastatic NSCLC
2. PD-L1 TPS ≤ 49% (includes TPS < 1%) by local assay
3. No prior systemic treatment`,
    exc: `Exclusion Criteria:
1. Known driver mutation in EGFR, ALK or ROS1`,
    want: ['+PD-L1:TPS<50', '-EGFR', '-ALK', '-ROS1'],
  },
  // 49 PD-L1 exclusion of high expressers
  {
    inc: `Inclusion Criteria:
- Untreated metastatic non-squamous NSCLC
- EGFR and ALK negative`,
    exc: `Exclusion Criteria:
- PD-L1 TPS ≥ 50%
- Prior checkpoint inhibitor`,
    want: ['-EGFR', '-ALK', '-PD-L1:TPS>=50'],
  },
  // 50 mesothelioma BAP1
  {
    inc: `Inclusion Criteria:
- Malignant pleural or peritoneal mesothelioma with BAP1 loss by IHC
- At least one prior line of therapy`,
    exc: `Exclusion Criteria:
- Prior PARP inhibitor`,
    want: [],
  },
  // 51 EGFR exon 20 insertion with "including but not limited to"
  // doubt: "other EGFR mutations, including but not limited to ..." are examples of a negated category -> gene-level -EGFR
  {
    inc: `Inclusion Criteria:
1. Locally advanced or metastatic NSCLC with an EGFR exon 20 insertion mutation
2. Prior platinum-based chemotherapy
3. Participants with other EGFR mutations, including but not limited to exon 19 deletion, L858R, T790M, are excluded`,
    want: ['+EGFR:EX20INS', '-EGFR'],
  },
  // 52 ALK status required known, patients negative
  {
    inc: `Inclusion Criteria:
- Non-squamous NSCLC stage IV
- EGFR and ALK status must be known; tumours must be negative for both
- ECOG 0-1`,
    want: ['-EGFR', '-ALK'],
  },
  // 53 SCLC with tarlatamab-like
  {
    inc: `Inclusion Criteria:
1. Histologically or cytologically confirmed SCLC
2. Relapsed/refractory after at least 2 prior lines, including one platinum-based regimen
3. Treated brain metastases allowed if stable ≥ 2 weeks`,
    exc: `Exclusion Criteria:
1. Prior BiTE therapy
2. Active autoimmune disease`,
    want: [],
  },
  // 54 RAS mutation basket
  {
    inc: `Inclusion Criteria:
* Advanced solid tumour (including NSCLC, colorectal and pancreatic cancer) with a documented RAS mutation (KRAS, NRAS or HRAS)
* Exhausted standard therapies`,
    exc: `Exclusion Criteria:
* Prior pan-RAS inhibitor`,
    // RAS -> KRAS gene level
    want: ['+KRAS'],
  },
  // 55 cohorts in prose
  {
    inc: `Inclusion Criteria:
The study enrols two groups. Patients in group 1 must have NSCLC harbouring an EGFR exon 19 deletion or L858R mutation and must have progressed on osimertinib. Patients in group 2 must have NSCLC with an ALK rearrangement after progression on alectinib or lorlatinib. All patients must have ECOG 0-1 and measurable disease.`,
    want: ['+EGFR:EX19DEL', '+EGFR:L858R', '+ALK:FUSION'],
  },
  // 56 HER2 overexpression NSCLC
  {
    inc: `Inclusion Criteria:
1. Advanced NSCLC with HER2 overexpression (IHC 3+ or 2+), centrally confirmed
2. Previously treated with platinum-based chemotherapy
3. Prior EGFR- or ALK-targeted therapy required for patients with those alterations`,
    exc: `Exclusion Criteria:
1. Prior anti-HER2 therapy`,
    want: ['+HER2:OVEREXP'],
  },
  // 57 NSCLC squamous IO, no marker
  {
    inc: `Inclusion Criteria:
- Stage IV squamous NSCLC
- No prior systemic therapy for metastatic disease
- Tumour sample for PD-L1 assessment (any PD-L1 score allowed)`,
    exc: `Exclusion Criteria:
- Prior anti-PD-1
- Known active hepatitis`,
    want: [],
  },
  // 58 NRG1 fusion, KRAS wild-type co-requirement
  {
    inc: `Inclusion Criteria:
1. Advanced solid tumour (NSCLC, pancreatic, cholangiocarcinoma or other) harbouring an NRG1 gene fusion
2. For pancreatic cancer: KRAS wild-type
3. Prior standard therapy`,
    // KRAS wild-type is only for pancreatic cancer -> no row for lung
    want: [],
  },
  // 59 prior therapy named: "EGFR TKI" without marker statement
  // doubt: new convention: "progressed on osimertinib" alone gives nothing; "EGFR TKI" names the therapy not the tumour
  {
    inc: `Inclusion Criteria:
- Advanced NSCLC
- Progression on an EGFR TKI as the last treatment`,
    want: [],
  },
  // 60 KRAS G12C basket with CRC first, lung in list
  {
    inc: `Inclusion Criteria:
Part 1 (dose escalation): advanced solid tumours with KRAS G12C mutation.
Part 2 (expansion):
- Cohort 2a: colorectal cancer with KRAS G12C mutation, after fluoropyrimidine, oxaliplatin and irinotecan
- Cohort 2b: NSCLC with KRAS G12C mutation, after platinum chemotherapy and anti-PD-(L)1
- Cohort 2c: other solid tumours with KRAS G12C mutation`,
    exc: `Exclusion Criteria:
- Prior KRAS G12C inhibitor (not applicable to cohort 2c participants previously treated with sotorasib)
- Active brain metastases`,
    want: ['+KRAS:G12C'],
  },
  // 61 HER2 mutation with "including" examples
  {
    inc: `Inclusion Criteria:
1. Unresectable or metastatic non-squamous NSCLC
2. Documented HER2 mutation, including exon 20 insertions and point mutations in the kinase or extracellular domain
3. Relapsed from or refractory to standard therapy`,
    want: ['+HER2:MUT'],
  },
  // 62 EGFR mutation with e.g. examples
  {
    inc: `Inclusion Criteria:
- Metastatic NSCLC with a documented EGFR mutation (e.g., exon 19 deletion, L858R)
- Progression on osimertinib`,
    want: ['+EGFR'],
  },
  // 63 conditional "if EGFR-mutant"
  {
    inc: `Inclusion Criteria:
1. Stage IV NSCLC with progression after at least one line of systemic therapy.
2. If EGFR-mutant, ALK-positive or ROS1-positive, the patient must have received at least one prior approved TKI.
3. ECOG 0-1.`,
    want: [],
  },
  // 64 exclusion restating in inclusion "are excluded"
  {
    inc: `Inclusion Criteria:
- Advanced NSCLC
- Patients with tumours harbouring EGFR activating mutations, ALK translocations or ROS1 rearrangements are excluded
- No prior therapy for advanced disease`,
    want: [
      '-EGFR:EX19DEL',
      '-EGFR:L858R',
      '-EGFR:G719X',
      '-EGFR:L861Q',
      '-EGFR:S768I',
      '-ALK:FUSION',
      '-ROS1:FUSION',
    ],
  },
  // 65 registry
  {
    inc: `Inclusion Criteria:
- Patients with lung cancer of any stage seen at participating centres
- Biomarker results (EGFR, ALK, ROS1, KRAS, PD-L1) will be collected from medical records when available`,
    want: [],
  },
  // 66 MET overexpression ADC
  {
    inc: `Inclusion Criteria:
1. Previously treated, locally advanced or metastatic non-squamous NSCLC, EGFR wild-type
2. c-Met protein overexpression (≥ 50% of tumour cells at 3+ intensity) by central IHC
3. No more than 2 prior lines`,
    want: ['-EGFR', '+MET:OVEREXP'],
  },
  // 67 HER2 breast + lung ADC (HER2-low)
  {
    inc: `Inclusion Criteria:
- Cohort A: HER2-low (IHC 1+ or IHC 2+/ISH-) metastatic breast cancer
- Cohort B: NSCLC with HER2 expression IHC 1+, 2+ or 3+
- Measurable disease`,
    want: ['+HER2:OVEREXP'],
  },
  // 68 BRAF non-V600
  {
    inc: `Inclusion Criteria:
1. Advanced solid tumour (NSCLC, melanoma, or other) with a class II or class III (non-V600) BRAF alteration
2. Prior standard therapy`,
    exc: `Exclusion Criteria:
1. BRAF V600 mutation`,
    want: ['+BRAF:NONV600', '-BRAF:V600E'],
  },
  // 69 NSCLC elderly chemo, no marker
  {
    inc: `Inclusion Criteria:
1. Age ≥ 70
2. Advanced NSCLC not suitable for platinum doublet
3. ECOG 0-2`,
    exc: `Exclusion Criteria:
1. Patients eligible for targeted therapy based on molecular testing`,
    // doubt: "eligible for targeted therapy" names no marker: no row
    want: [],
  },
  // 70 headings merged into text, capitals
  {
    inc: `INCLUSION CRITERIA: AGE 18 OR OLDER. HISTOLOGICALLY CONFIRMED NSCLC STAGE IIIB-IV. KRAS G12C MUTATION DOCUMENTED BY AN FDA-APPROVED TEST. AT LEAST ONE PRIOR SYSTEMIC THERAPY. EXCLUSION CRITERIA: PRIOR KRAS G12C INHIBITOR. ACTIVE BRAIN METASTASES.`,
    want: ['+KRAS:G12C'],
  },
  // 71 exclusion "except" re-admit
  {
    inc: `Inclusion Criteria:
- Advanced NSCLC after chemo-immunotherapy`,
    exc: `Exclusion Criteria:
- Known oncogenic driver alteration (EGFR, ALK, ROS1, BRAF), except KRAS mutations, which are allowed`,
    want: ['-EGFR', '-ALK', '-ROS1', '-BRAF'],
  },
  // 72 PD-L1 1-49 with "and <50%"
  {
    inc: `Inclusion Criteria:
1. Stage IV NSCLC
2. PD-L1 TPS ≥ 1% and < 50%
3. No known EGFR mutation, ALK rearrangement or ROS1 rearrangement`,
    want: ['+PD-L1:TPS1-49', '-EGFR', '-ALK:FUSION', '-ROS1:FUSION'],
  },
  // 73 SCLC + NSCLC neuroendocrine
  {
    inc: `Inclusion Criteria:
- Extensive-stage SCLC or large cell neuroendocrine carcinoma of the lung
- Prior platinum-based therapy`,
    want: [],
  },
  // 74 ctDNA monitoring, no gate
  {
    inc: `Inclusion Criteria:
- Patients with EGFR-mutant, ALK-positive, or other oncogene-driven NSCLC, or with non-oncogene-driven NSCLC, starting first-line therapy
- Willing to provide serial blood samples`,
    // accepts both driver states -> nothing
    want: [],
  },
  // 75 neoadjuvant EGFR
  // doubt: "common" is a class word, but the closed list right after it names two alterations: read as the two
  {
    inc: `Inclusion Criteria:
1. Completely resectable stage II-IIIB NSCLC
2. Tumour harbours one of the two common EGFR mutations (Ex19del or L858R), alone or with other EGFR mutations
3. No prior anticancer treatment`,
    want: ['+EGFR:EX19DEL', '+EGFR:L858R'],
  },
  // 76 ROS1 or NTRK basket with exclusion of other drivers in inclusion
  {
    inc: `Inclusion Criteria:
* Locally advanced or metastatic solid tumour harbouring a ROS1 or NTRK1-3 gene fusion
* For NSCLC patients: tumour must not harbour EGFR activating mutation or ALK fusion`,
    want: [
      '+ROS1:FUSION',
      '+NTRK:FUSION',
      '-EGFR:EX19DEL',
      '-EGFR:L858R',
      '-EGFR:G719X',
      '-EGFR:L861Q',
      '-EGFR:S768I',
      '-ALK:FUSION',
    ],
  },
  // 77 mesothelioma + NSCLC basket, no marker
  {
    inc: `Inclusion Criteria:
1. Advanced mesothelioma, thymic carcinoma or NSCLC progressing after standard therapy
2. Tumour tissue available for exploratory biomarker analyses`,
    want: [],
  },
  // 78 EGFR C797S
  {
    inc: `Inclusion Criteria:
- EGFR-mutant NSCLC with acquired EGFR C797S mutation after osimertinib, detected in tissue or plasma
- ECOG 0-1`,
    exc: `Exclusion Criteria:
- Known MET amplification as a resistance mechanism`,
    want: ['+EGFR', '+EGFR:C797S', '-MET:AMP'],
  },
  // 79 PD-L1 "expression 50%" no comparator
  {
    inc: `Inclusion Criteria:
- NSCLC stage IV, PD-L1 expression 50% or above
- No targetable EGFR or ALK alterations`,
    want: ['+PD-L1:TPS>=50', '-EGFR', '-ALK'],
  },
  // 80 NSCLC cachexia supportive care
  {
    inc: `Inclusion Criteria:
- Advanced NSCLC with cancer cachexia (weight loss > 5% in 6 months)
- Receiving or planned to receive anticancer therapy`,
    want: [],
  },
  // 81 therapy not indicated (inclusion), KEYNOTE-style
  {
    inc: `Inclusion Criteria:
- Has a histologically-confirmed diagnosis of stage IV nonsquamous NSCLC.
- Has confirmation that EGFR-, ALK- or ROS1-directed therapy is not indicated as primary therapy.
- Has not received prior systemic treatment for advanced NSCLC.
- Has provided archival tumour tissue or a newly obtained biopsy for PD-L1 testing.`,
    want: ['-EGFR', '-ALK:FUSION', '-ROS1:FUSION'],
  },
  // 82 suspended hyphens in exclusion
  {
    inc: `Inclusion Criteria:
1. Stage IV NSCLC, first line
2. ECOG 0-1`,
    exc: `Exclusion Criteria:
1. Tumours that are EGFR-, ALK-, ROS1-, or RET-positive
2. Prior systemic therapy`,
    want: ['-EGFR', '-ALK:FUSION', '-ROS1:FUSION', '-RET:FUSION'],
  },
  // 83 no known driver alteration (e.g.)
  {
    inc: `Inclusion Criteria:
* Advanced NSCLC with no known driver alteration (e.g. EGFR, ALK, ROS1, BRAF V600E) per local testing
* Progressed on first-line chemo-immunotherapy`,
    want: ['-EGFR', '-ALK', '-ROS1', '-BRAF:V600E'],
  },
  // 84 EGFR overexpression
  {
    inc: `Inclusion Criteria:
1. Recurrent or metastatic NSCLC or head and neck SCC with EGFR overexpression (IHC 2+ or 3+ in ≥ 10% of tumour cells)
2. Prior platinum therapy`,
    want: ['+EGFR:OVEREXP'],
  },
  // 85 KRAS G12 any
  {
    inc: `Inclusion Criteria:
- Advanced NSCLC, colorectal or pancreatic cancer with any KRAS G12 mutation, confirmed by local NGS
- Prior standard therapy`,
    want: ['+KRAS:G12X'],
  },
  // 86 KRAS G13D gene level
  {
    inc: `Inclusion Criteria:
- Advanced NSCLC harbouring a KRAS G13D or Q61H mutation
- Prior platinum`,
    want: ['+KRAS'],
  },
  // 87 HER2-positive gene level in lung
  {
    inc: `Inclusion Criteria:
1. Advanced HER2-positive NSCLC (centrally confirmed)
2. At least one prior therapy`,
    want: ['+HER2'],
  },
  // 88 HER2-positive (IHC 3+ or ISH+) basket
  {
    inc: `Inclusion Criteria:
1. HER2-positive (IHC 3+ or ISH-positive) advanced solid tumour other than breast or gastric cancer, including NSCLC, biliary tract, bladder and endometrial cancer
2. Progression after prior therapy`,
    want: ['+HER2:OVEREXP', '+HER2:AMP'],
  },
  // 89 ERBB2 amplification
  {
    inc: `Inclusion Criteria:
- Metastatic NSCLC with ERBB2 (HER2) amplification detected by NGS or FISH (HER2/CEP17 ratio ≥ 2.0)
- No prior HER2-directed therapy`,
    want: ['+HER2:AMP'],
  },
  // 90 SCLC maintenance
  {
    inc: `Inclusion Criteria:
1. ES-SCLC with no progression after 4-6 cycles of first-line platinum-etoposide plus anti-PD-L1
2. ECOG 0-1
3. Adequate organ function`,
    exc: `Exclusion Criteria:
1. Symptomatic brain metastases
2. Prior lurbinectedin`,
    want: [],
  },
  // 91 SCLC thoracic RT
  {
    inc: `Inclusion Criteria:
- Extensive-stage SCLC with response after first-line chemo-immunotherapy
- Residual thoracic disease suitable for consolidative radiotherapy`,
    want: [],
  },
  // 92 MET amplification in EGFR-mutant after osimertinib
  {
    inc: `Inclusion Criteria:
1. Locally advanced or metastatic EGFR-mutated NSCLC.
2. Disease progression on osimertinib.
3. MET amplification (MET/CEP7 ratio ≥ 2 by FISH or MET GCN ≥ 5) or MET overexpression (IHC 3+ in ≥ 50% of tumour cells), centrally assessed.`,
    exc: `Exclusion Criteria:
1. Documented EGFR C797S mutation.
2. Prior MET inhibitor.`,
    want: ['+EGFR', '+MET:AMP', '+MET:OVEREXP', '-EGFR:C797S'],
  },
  // 93 carve-out in inclusion
  {
    inc: `Inclusion Criteria:
- Advanced NSCLC harbouring an EGFR mutation other than exon 20 insertion
- Treatment-naive for advanced disease`,
    want: ['+EGFR', '-EGFR:EX20INS'],
  },
  // 94 carve-out in exclusion (re-admits only)
  {
    inc: `Inclusion Criteria:
- Advanced NSCLC with progression on first-line chemo-IO`,
    exc: `Exclusion Criteria:
- Known EGFR mutation other than T790M
- Prior docetaxel`,
    // doubt: odd but registry-like; T790M is re-admitted only
    want: ['-EGFR'],
  },
  // 95 non-G12C KRAS in inclusion
  {
    inc: `Inclusion Criteria:
1. Advanced NSCLC with a non-G12C KRAS mutation
2. Prior platinum and anti-PD-(L)1`,
    want: ['+KRAS', '-KRAS:G12C'],
  },
  // 96 Chinese IIT style exon notation
  {
    inc: `Inclusion criteria:
1. Age 18-75 years.
2. Pathologically confirmed stage IIIB-IV lung adenocarcinoma.
3. EGFR 19del or 21L858R mutation confirmed by ARMS-PCR or NGS of tissue or plasma.
4. No previous EGFR-TKI.
5. ECOG PS 0-1.`,
    exc: `Exclusion criteria:
1. EGFR 20ins or T790M primary mutation.
2. Interstitial pneumonia.`,
    want: ['+EGFR:EX19DEL', '+EGFR:L858R', '-EGFR:EX20INS', '-EGFR:T790M'],
  },
  // 97 EGFR with or without T790M
  {
    inc: `Inclusion Criteria:
- Stage IV NSCLC with an EGFR sensitizing mutation (Ex19del or L858R), with or without T790M
- Progression on prior EGFR TKI`,
    want: ['+EGFR:EX19DEL', '+EGFR:L858R'],
  },
  // 98 T790M-positive
  {
    inc: `Inclusion Criteria:
1. Advanced NSCLC that is EGFR T790M mutation-positive (tissue cobas test)
2. Progressed after first-generation EGFR TKI`,
    want: ['+EGFR:T790M'],
  },
  // 99 PD-L1 any 22C3 or SP263
  {
    inc: `Inclusion Criteria:
- Stage IV NSCLC
- PD-L1 TPS ≥ 1% by 22C3 or TC ≥ 1% by SP263 (local test acceptable)
- No EGFR/ALK aberrations`,
    want: ['+PD-L1:TPS>=1', '-EGFR', '-ALK'],
  },
  // 100 PD-L1 cohorts by heading
  // doubt: two PD-L1 ranges under sibling cohort headings are separate requirements, not two states of one marker
  {
    inc: `Inclusion Criteria:

Cohort 1 (PD-L1 high):
- Untreated metastatic NSCLC with PD-L1 TPS ≥ 50%

Cohort 2 (PD-L1 low):
- Untreated metastatic NSCLC with PD-L1 TPS 1-49%

All cohorts:
- No EGFR sensitising mutation or ALK fusion`,
    want: [
      '+PD-L1:TPS>=50',
      '+PD-L1:TPS1-49',
      '-EGFR:EX19DEL',
      '-EGFR:L858R',
      '-EGFR:G719X',
      '-EGFR:L861Q',
      '-EGFR:S768I',
      '-ALK:FUSION',
    ],
  },
  // 101 CPS >= 10 in basket incl. NSCLC
  {
    inc: `Inclusion Criteria:
1. Advanced cervical, gastric or non-small cell lung cancer
2. PD-L1 CPS ≥ 10 (22C3)
3. Prior systemic therapy`,
    want: ['+PD-L1:CPS>=10'],
  },
  // 102 PD-L1 positive, no number
  {
    inc: `Inclusion Criteria:
- Advanced NSCLC, PD-L1 positive
- Progression after chemotherapy`,
    want: ['+PD-L1'],
  },
  // 103 exclusion: status unknown / not tested
  // doubt: a testing demand in the exclusion section gates no marker value
  {
    inc: `Inclusion Criteria:
- Stage IV nonsquamous NSCLC`,
    exc: `Exclusion Criteria:
- EGFR or ALK status unknown or not tested
- Prior chemotherapy`,
    want: [],
  },
  // 104 exclusion obligation, simple
  {
    inc: `Inclusion Criteria:
- Stage IV NSCLC eligible for first-line platinum doublet`,
    exc: `Exclusion Criteria:
- EGFR mutation positive
- ALK fusion positive
- ROS1 positive`,
    want: ['-EGFR', '-ALK:FUSION', '-ROS1:FUSION'],
  },
  // 105 KRAS G12C with co-mutation exclusion in inclusion
  {
    inc: `Inclusion Criteria:
1. Unresectable or metastatic NSCLC with KRAS p.G12C mutation
2. Without known co-occurring EGFR mutation, ALK fusion or ROS1 fusion
3. Treatment naive for metastatic disease; PD-L1 TPS ≥ 50%`,
    want: ['+KRAS:G12C', '-EGFR', '-ALK:FUSION', '-ROS1:FUSION', '+PD-L1:TPS>=50'],
  },
  // 106 not harbouring list, alterations gene level
  {
    inc: `Inclusion Criteria:
- Advanced NSCLC not harbouring targetable alterations in EGFR, ALK, ROS1, BRAF, MET, RET or NTRK
- Prior anti-PD-1 therapy`,
    want: ['-EGFR', '-ALK', '-ROS1', '-BRAF', '-MET', '-RET', '-NTRK'],
  },
  // 107 full gene names
  {
    inc: `Inclusion Criteria:
1. Advanced non-small cell lung cancer.
2. Documented anaplastic lymphoma kinase (ALK) gene rearrangement or c-ros oncogene 1 (ROS1) gene rearrangement.`,
    want: ['+ALK:FUSION', '+ROS1:FUSION'],
  },
  // 108 NSCLC vaccine, HLA only
  {
    inc: `Inclusion Criteria:
- HLA-A*02:01-positive patients with advanced NSCLC
- Stable disease after first-line therapy`,
    want: [],
  },
  // 109 BRAF melanoma + NSCLC basket
  {
    inc: `Inclusion Criteria:
1. Advanced BRAF V600E-mutant melanoma previously treated with BRAF/MEK inhibitors, or
2. Advanced NSCLC with BRAF V600E mutation, treatment naive for targeted therapy, or
3. BRAF V600E colorectal cancer after one prior regimen`,
    want: ['+BRAF:V600E'],
  },
  // 110 KRAS wild-type colorectal only in basket with NSCLC
  {
    inc: `Inclusion Criteria:
- Cohort A: NSCLC after prior anti-PD-(L)1
- Cohort B: KRAS/NRAS/BRAF wild-type colorectal cancer after anti-EGFR therapy
- Cohort C: triple-negative breast cancer`,
    want: [],
  },
  // 111 ROS1+ short form, TKI-pretreated
  {
    inc: `Inclusion Criteria:
- ROS1+ advanced NSCLC previously treated with one ROS1 TKI
- Measurable disease`,
    want: ['+ROS1:FUSION'],
  },
  // 112 RET-rearranged, other drivers excluded via exclusion list with parentheses
  {
    inc: `Inclusion Criteria:
1. RET-rearranged locally advanced or metastatic NSCLC
2. Treatment naive`,
    exc: `Exclusion Criteria:
1. Additional known primary driver alteration (EGFR, ALK, ROS1, MET, BRAF, or KRAS)`,
    want: ['+RET:FUSION', '-EGFR', '-ALK', '-ROS1', '-MET', '-BRAF', '-KRAS'],
  },
  // 113 METex14 shorthand
  {
    inc: `Inclusion Criteria:
* Stage IIIB/IV NSCLC with METex14 alteration (tissue or liquid biopsy)
* Treatment naive or pretreated`,
    want: ['+MET:EX14SKIP'],
  },
  // 114 NSCLC brain mets radiosurgery
  {
    inc: `Inclusion Criteria:
1. NSCLC with 1-10 newly diagnosed brain metastases
2. Planned stereotactic radiosurgery
3. Patients with any molecular profile are eligible`,
    want: [],
  },
  // 115 tissue to be provided with "must be tested"
  {
    inc: `Inclusion Criteria:
- Stage IV NSCLC
- Tumour must have been tested for EGFR, ALK and ROS1 before enrolment, by any validated method
- First-line`,
    want: [],
  },
  // 116 neither/nor in inclusion with slashes
  {
    inc: `Inclusion Criteria:
- Advanced lung adenocarcinoma with neither EGFR nor ALK/ROS1 alterations`,
    want: ['-EGFR', '-ALK', '-ROS1'],
  },
  // 117 NSCLC smoking cessation
  {
    inc: `Inclusion Criteria:
- Patients with newly diagnosed lung cancer (any histology) who currently smoke
- Willing to set a quit date`,
    want: [],
  },
  // 118 "PD-L1 less than 1%" exclusion of negatives in exclusion section
  {
    inc: `Inclusion Criteria:
1. Metastatic NSCLC after one line of chemo-IO`,
    exc: `Exclusion Criteria:
1. PD-L1 expression less than 1%
2. Known EGFR mutation`,
    want: ['-PD-L1:TPS<1', '-EGFR'],
  },
  // 119 SCLC with prior-therapy details, no markers
  {
    inc: `Inclusion Criteria:
1. Relapsed SCLC with chemotherapy-free interval ≥ 90 days
2. Prior treatment with anti-PD-L1 allowed`,
    want: [],
  },
  // 120 uncommon EGFR mutations; the next item names exon 20 insertions without the gene
  // doubt: the gene of "exon 20 insertions" is implied by the previous item (EGFR)
  {
    inc: `Inclusion Criteria:
1. Treatment-naive advanced NSCLC with uncommon EGFR mutations
2. Tumours harbouring exon 20 insertions are not eligible`,
    want: ['+EGFR', '-EGFR:EX20INS'],
  },
];
