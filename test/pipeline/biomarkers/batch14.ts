/**
 * Blind batch 14 (sixth review): investigator-initiated / academic and Chinese, Japanese,
 * Korean, European sponsors' English registrations; radiotherapy, surgery, peri-operative;
 * SCLC / LCNEC / mesothelioma / thymic; ctDNA and observational; markers in prior-therapy,
 * washout, toxicity and interaction criteria; flattened paragraphs, run-on numbering, odd
 * sub-bullets, tables as text. Labelled before running or reading the extractor.
 * Saved 10:39:07 UTC 2026-11-28, first run at c34ed41 (10:39:10): lung rows, required
 * P 80.7 / R 92.3 / F1 86.1, excluded 98.9 / 93.5 / 96.1 (120 cases, 34 with no row; 196
 * units); the reviewer changed no label after the run.
 */
import type { WrittenCase } from './written-batch.js';

const SENS = (s: '+' | '-') =>
  ['EX19DEL', 'L858R', 'G719X', 'L861Q', 'S768I'].map((a) => `${s}EGFR:${a}`);

export const BATCH14: WrittenCase[] = [
  // 0
  // doubt: "sensitive EGFR gene mutation (19/21)" read as the closed list 19del/L858R, not the whole class;
  // "Wild EGFR type" in exclusion is a double negation -> +EGFR gene level.
  {
    inc: 'Inclusion Criteria:\n\n- Pathologically confirmed lung adenocarcinoma after complete surgical resection\n- Stage II-IIIA disease according to 8th edition of TNM staging\n- Patients must harbor sensitive EGFR gene mutation (19/21)\n- Received four cycles of platinum-based adjuvant chemotherapy',
    exc: 'Exclusion Criteria:\n\n- Previous systemic anti-tumor therapy, including targeted therapy (including but not limited to monoclonal antibodies, small molecule tyrosine kinase inhibitor, etc)\n- Wild EGFR type\n- Presence of metastatic disease',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R', '+EGFR'],
  },
  // 1
  {
    inc: 'Inclusion Criteria:\n\n1. Aged 18-75 years, male or female;\n2. Locally advanced or metastatic NSCLC confirmed by histology or cytology;\n3. Patients with EGFR-sensitive mutation (19del/21L858R) confirmed by gene detection of tissue or blood;\n4. ECOG PS 0-2;\n5. At least one measurable lesion.',
    exc: 'Exclusion Criteria:\n\n1. Patients with T790M mutation detected before enrollment;\n2. Previous use of any EGFR-TKI;\n3. Interstitial lung disease.',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R', '-EGFR:T790M'],
  },
  // 2
  {
    inc: 'Inclusion Criteria:\n\n- Histologically or cytologically confirmed small cell lung cancer\n- Extensive stage disease (AJCC 8th, stage IV or T3-4 due to multiple lung nodules)\n- Response or stable disease after 4-6 cycles of etoposide-platinum plus atezolizumab or durvalumab\n- Residual thoracic disease suitable for consolidative thoracic radiotherapy (30 Gy in 10 fractions)',
    exc: 'Exclusion Criteria:\n\n- Prior thoracic radiotherapy\n- Mixed small cell and non-small cell histology\n- Symptomatic brain metastases',
    want: [],
  },
  // 3
  {
    inc: 'Inclusion Criteria:\n\n1. Resectable stage II-IIIB (N2) NSCLC according to AJCC 8th edition, evaluated by a multidisciplinary team;\n2. Driver-negative: EGFR and ALK gene detection negative (patients with squamous cell carcinoma may not be tested);\n3. No previous anti-tumor treatment;\n4. ECOG 0-1, adequate lung function for lobectomy.',
    want: ['-EGFR', '-ALK'],
  },
  // 4
  {
    inc: 'Inclusion Criteria:\n\n- Previously untreated, resectable stage IIA-IIIB NSCLC\n- Planned lobectomy or pneumonectomy after 3 cycles of neoadjuvant chemo-immunotherapy\n- Tumor tissue available for PD-L1 testing',
    exc: 'Exclusion Criteria:\n\n- Known EGFR mutation or ALK translocation\n- Active autoimmune disease requiring systemic therapy within 2 years\n- Prior anti-PD-1, anti-PD-L1 or anti-CTLA-4 antibody',
    want: ['-EGFR', '-ALK:FUSION'],
  },
  // 5
  {
    inc: 'Inclusion Criteria:\n\n- Histologically confirmed malignant pleural mesothelioma (epithelioid, sarcomatoid or biphasic)\n- Unresectable disease not amenable to curative surgery\n- BAP1 immunohistochemistry available (loss or retained)\n- ECOG 0-1',
    exc: 'Exclusion Criteria:\n\n- Prior treatment with anti-PD-1 or anti-CTLA-4 antibody\n- Peritoneal mesothelioma only',
    want: [],
  },
  // 6
  {
    inc: 'Inclusion Criteria:\n\n1) Histologically confirmed thymic carcinoma or type B3 thymoma 2) Unresectable or recurrent after at least one platinum-based regimen 3) KIT mutation status may be known or unknown 4) Measurable disease per RECIST 1.1',
    exc: 'Exclusion Criteria:\n\n1) History of myasthenia gravis 2) Prior treatment with sunitinib or lenvatinib',
    want: [],
  },
  // 7
  // doubt: exclusion written inside the inclusion list ("are excluded")
  {
    inc: 'Inclusion Criteria:\n\n- Pathologically confirmed large cell neuroendocrine carcinoma (LCNEC) of the lung, stage IV\n- Combined LCNEC with adenocarcinoma component harboring EGFR mutation are excluded\n- No prior systemic therapy for advanced disease\n- ECOG 0-2',
    want: ['-EGFR'],
  },
  // 8
  {
    inc: 'Inclusion Criteria:\n\n- Newly diagnosed stage IIIB-IV NSCLC\n- Willing to provide 20 mL peripheral blood for plasma ctDNA next-generation sequencing before first-line therapy\n- Tumor tissue (if available) will be analysed in parallel for EGFR, ALK, ROS1, BRAF, MET, RET, KRAS and HER2',
    exc: 'Exclusion Criteria:\n\n- Blood transfusion within 14 days\n- Other active malignancy',
    want: [],
  },
  // 9
  {
    inc: 'Inclusion Criteria:\n\n- Age ≥ 18 years\n- Advanced or recurrent NSCLC with EGFR mutation, receiving osimertinib as first-line treatment in routine clinical practice\n- Written informed consent for data collection',
    exc: 'Exclusion Criteria:\n\n- Participation in an interventional trial of an investigational drug',
    want: ['+EGFR'],
  },
  // 10
  {
    inc: 'Inclusion Criteria:\n\n- Stage IV NSCLC progressing after at least one platinum-based doublet\n- ECOG 0-1\n- Measurable disease',
    exc: 'Exclusion Criteria:\n\n- Prior treatment with EGFR-TKI (gefitinib, erlotinib, icotinib, afatinib, osimertinib) or ALK-TKI (crizotinib, alectinib)\n- Prior treatment with docetaxel\n- Symptomatic CNS metastases',
    want: [],
  },
  // 11
  {
    inc: 'Inclusion Criteria:\n\n1. EGFR-mutant NSCLC (exon 19 deletion or L858R) with disease progression after third-generation EGFR-TKI treatment\n2. At least one measurable lesion\n3. Adequate organ function',
    exc: 'Exclusion Criteria:\n\n1. EGFR-TKI must be discontinued at least 8 days (or 5 half-lives) before the first dose of study drug\n2. Prior treatment with amivantamab or any EGFR-MET bispecific antibody',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R'],
  },
  // 12
  {
    inc: 'Inclusion Criteria:\n\n- ALK fusion-positive confirmed by Ventana ALK (D5F3) IHC or NGS at a certified local laboratory\n- Locally advanced or metastatic NSCLC, treatment naive for advanced disease\n- ECOG 0-2',
    exc: 'Exclusion Criteria:\n\n- Concomitant use of strong CYP3A inhibitors or inducers within 14 days before the first dose\n- QTc > 470 ms',
    want: ['+ALK:FUSION'],
  },
  // 13
  {
    inc: 'Inclusion Criteria: Age 18-75 years; histologically confirmed NSCLC; stage IIIB-IV (AJCC 8th); EGFR mutation negative and ALK fusion negative; PD-L1 TPS ≥50% by 22C3 assay; ECOG 0-1; life expectancy ≥ 3 months; adequate organ function.',
    exc: 'Exclusion Criteria: Prior systemic therapy for advanced disease; symptomatic brain metastasis; active hepatitis B or C; pregnancy.',
    want: ['-EGFR', '-ALK', '+PD-L1:TPS>=50'],
  },
  // 14
  {
    inc: 'Inclusion Criteria:\n\n1) age ≥ 18 2) locally advanced or metastatic NSCLC with KRAS G12C mutation confirmed in tumour tissue 3) previously received platinum-based chemotherapy and/or immunotherapy 4) ECOG 0-1 5) adequate hepatic and renal function',
    want: ['+KRAS:G12C'],
  },
  // 15
  {
    inc: 'Inclusion Criteria:\n\n- Stage IV non-squamous NSCLC\n- Molecular profile required at screening: EGFR: negative; ALK: negative; PD-L1: ≥1%\n- No prior systemic treatment',
    want: ['-EGFR', '-ALK', '+PD-L1:TPS>=1'],
  },
  // 16
  {
    inc: 'Inclusion Criteria:\n\n- Histologically confirmed stage IIIB-IV NSCLC\n- PD-L1 expression ≥ 50% of tumour cells (TC) assessed by VENTANA PD-L1 (SP263) assay\n- No sensitising EGFR mutation or ALK rearrangement',
    want: ['+PD-L1:TPS>=50', ...SENS('-'), '-ALK:FUSION'],
  },
  // 17
  // doubt: an immune-cell-only PD-L1 gate read as gene-level +PD-L1 (IC is no TPS/CPS)
  {
    inc: 'Inclusion Criteria:\n\n- Advanced NSCLC after failure of platinum-based chemotherapy\n- PD-L1 expression on tumour-infiltrating immune cells (IC) ≥ 1% by VENTANA SP142\n- ECOG 0-1',
    want: ['+PD-L1'],
  },
  // 18
  {
    inc: 'Inclusion Criteria:\n\n- Metastatic NSCLC without prior systemic therapy\n- Tumour PD-L1 expression ≥ 1% determined by PD-L1 IHC 28-8 pharmDx\n- Known EGFR mutation and ALK translocation status; patients with EGFR or ALK alterations are not eligible',
    want: ['+PD-L1:TPS>=1', '-EGFR', '-ALK'],
  },
  // 19
  {
    inc: 'Inclusion Criteria:\n\n- Recurrent or metastatic NSCLC\n- PD-L1 combined positive score (CPS) ≥ 10 by 22C3 pharmDx\n- Measurable disease by RECIST 1.1',
    want: ['+PD-L1:CPS>=10'],
  },
  // 20
  {
    inc: 'Inclusion Criteria:\n\n- Advanced NSCLC with documented EGFR C797S mutation by tissue or plasma NGS after progression on osimertinib; T790M status may be positive or negative\n- ECOG 0-1\n- Adequate organ function',
    want: ['+EGFR:C797S'],
  },
  // 21
  {
    inc: 'Inclusion Criteria:\n\n1. EGFR-mutant NSCLC (19del or L858R)\n2. MET amplification (GCN ≥ 5 or MET/CEP7 ratio ≥ 2 by FISH) detected after progression on osimertinib\n3. ECOG 0-1',
    exc: 'Exclusion Criteria:\n\n1. Prior treatment with any MET inhibitor (savolitinib, capmatinib, tepotinib, crizotinib)\n2. Unstable brain metastases',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R', '+MET:AMP'],
  },
  // 22
  // doubt: "amplification or overexpression alone does not qualify" is not an exclusion of HER2 amp (co-occurring amp allowed)
  {
    inc: 'Inclusion Criteria:\n\n- Unresectable or metastatic non-squamous NSCLC\n- Documented HER2 (ERBB2) activating mutation in the tyrosine kinase domain by local NGS; HER2 amplification or overexpression alone does not qualify\n- Progression after platinum-based therapy',
    want: ['+HER2:MUT'],
  },
  // 23
  {
    inc: 'Inclusion Criteria:\n\n- Advanced NSCLC with HER2 overexpression: IHC 3+, or IHC 2+ with ISH amplification (central testing)\n- At least one prior line of systemic therapy',
    exc: 'Exclusion Criteria:\n\n- Prior HER2-directed antibody-drug conjugate\n- History of (non-infectious) ILD/pneumonitis that required steroids',
    want: ['+HER2:OVEREXP', '+HER2:AMP'],
  },
  // 24
  {
    inc: 'Inclusion Criteria:\n\n- Stage IV NSCLC harbouring a KRAS mutation other than G12C (e.g. G12D, G12V, G13D)\n- Progression on or after standard therapy',
    want: ['+KRAS', '-KRAS:G12C'],
  },
  // 25
  {
    inc: 'Inclusion Criteria:\n\n- Histologically confirmed advanced NSCLC with KRAS G12D mutation identified by local or central testing\n- Received at least one prior systemic therapy',
    want: ['+KRAS:G12D'],
  },
  // 26
  {
    inc: 'Inclusion Criteria:\n\n- Locally advanced or metastatic NSCLC\n- NTRK1/2/3 gene fusion detected by NGS (DNA or RNA based)\n- No satisfactory alternative treatment',
    want: ['+NTRK:FUSION'],
  },
  // 27
  {
    inc: 'Inclusion Criteria:\n\n- RET fusion-positive NSCLC (e.g., KIF5B-RET, CCDC6-RET) by tissue or blood\n- Treatment naive or pretreated with chemotherapy',
    exc: 'Exclusion Criteria:\n\n- Prior selective RET inhibitor (selpercatinib, pralsetinib)\n- Additional known oncogenic driver',
    want: ['+RET:FUSION'],
  },
  // 28
  {
    inc: 'Inclusion Criteria:\n\n- ROS1 rearrangement confirmed by FISH or NGS\n- Advanced NSCLC; patients pre-treated with crizotinib are allowed\n- ECOG 0-2',
    want: ['+ROS1:FUSION'],
  },
  // 29
  {
    inc: 'Inclusion Criteria:\n\nCohort 1:\n- EGFR sensitizing mutation, progressed after EGFR-TKI\n\nCohort 2:\n- EGFR wild-type and ALK-negative, progressed after platinum doublet and anti-PD-1 therapy\n\nAll cohorts:\n- ECOG 0-1',
    want: [...SENS('+'), '-EGFR', '-ALK'],
  },
  // 30
  {
    inc: 'Inclusion Criteria:\n\n- Stage IV non-squamous NSCLC with brain metastases\n- Patients with either EGFR-mutant or EGFR wild-type NSCLC are eligible\n- At least one untreated brain lesion ≥ 5 mm',
    want: [],
  },
  // 31
  {
    inc: 'Inclusion Criteria:\n\n1. Advanced lung adenocarcinoma;\n2. No driver gene mutation (EGFR, ALK, ROS1) by NGS detection;\n3. Failed first-line chemo-immunotherapy.',
    want: ['-EGFR', '-ALK', '-ROS1'],
  },
  // 32
  {
    inc: 'Inclusion Criteria:\n\n(1) Patients with unresectable stage III/IV or recurrent NSCLC\n(2) Patients whose tumor has been confirmed to have ALK fusion gene by approved in-vitro diagnostics\n(3) Patients aged 20 years or older at informed consent',
    want: ['+ALK:FUSION'],
  },
  // 33
  {
    inc: 'Inclusion Criteria:\n\n- Locally advanced or metastatic NSCLC with EGFR exon 20 insertion mutation confirmed by tissue-based test\n- Prior platinum chemotherapy',
    exc: 'Exclusion Criteria:\n\n- Patients with EGFR exon 19 deletion or L858R co-mutation\n- Prior EGFR exon 20 targeted agent',
    want: ['+EGFR:EX20INS', '-EGFR:EX19DEL', '-EGFR:L858R'],
  },
  // 34
  {
    inc: 'Inclusion Criteria:\n\n- Stage IV NSCLC with 1-5 metastatic lesions (oligometastatic)\n- EGFR/ALK status known; patients with EGFR/ALK positive disease may receive TKI as per standard of care\n- All sites amenable to SBRT',
    want: [],
  },
  // 35
  // doubt: SCLC transformed from EGFR-mutant adenocarcinoma excluded -> -EGFR
  {
    inc: 'Inclusion Criteria:\n\n- Histologically confirmed extensive-stage SCLC\n- No prior systemic therapy for ES-SCLC',
    exc: 'Exclusion Criteria:\n\n- SCLC transformed from EGFR-mutant NSCLC\n- Mixed histology with NSCLC component',
    want: ['-EGFR'],
  },
  // 36
  {
    inc: 'Inclusion Criteria:\n\n- Unresectable pleural mesothelioma\n- Archival tumour block available; PD-L1 status will be assessed retrospectively\n- No prior chemotherapy',
    want: [],
  },
  // 37
  {
    inc: 'Inclusion Criteria:\n\n- Completely resected stage IB-IIIA non-squamous NSCLC\n- Confirmed EGFR Ex19del or L858R (concomitant uncommon mutations such as G719X are allowed)\n- Complete recovery from surgery',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R'],
  },
  // 38
  {
    inc: 'Inclusion Criteria:\n\n- Advanced NSCLC harbouring uncommon EGFR mutations (G719X, L861Q, S768I), alone or compound; exon 20 insertions are excluded\n- TKI-naive',
    want: ['+EGFR:G719X', '+EGFR:L861Q', '+EGFR:S768I', '-EGFR:EX20INS'],
  },
  // 39
  {
    inc: 'Inclusion Criteria:\n\n- Stage IV NSCLC, no prior therapy for metastatic disease\n- PD-L1 TPS <1% (22C3)\n- Negative for EGFR and ALK',
    want: ['+PD-L1:TPS<1', '-EGFR', '-ALK'],
  },
  // 40
  {
    inc: 'Inclusion Criteria:\n\n- Advanced NSCLC without EGFR/ALK alteration\n- PD-L1 TPS 1%-49% by local assay',
    want: ['-EGFR', '-ALK', '+PD-L1:TPS1-49'],
  },
  // 41
  {
    inc: 'Inclusion Criteria:\n\n- EGFR T790M positive in plasma ctDNA (cobas EGFR Mutation Test v2) or tumour tissue\n- Progression after first- or second-generation EGFR-TKI',
    want: ['+EGFR:T790M'],
  },
  // 42
  {
    inc: 'Inclusion Criteria:\n\n- Diagnosis of advanced NSCLC at a participating centre\n- NGS detection performed or planned as part of routine care; any driver status\n- Consent to follow-up data collection',
    want: [],
  },
  // 43
  {
    inc: 'Inclusion Criteria:\n\n- ALK-positive NSCLC confirmed by Ventana ALK (D5F3) immunohistochemistry\n- Progression on crizotinib',
    exc: 'Exclusion Criteria:\n\n- Prior ALK TKI other than crizotinib\n- Concurrent use of QT-prolonging drugs',
    want: ['+ALK:FUSION'],
  },
  // 44
  {
    inc: 'Inclusion Criteria:\n\n- BRAF V600E mutation detected by a validated test in tumour tissue\n- Patients with non-V600 BRAF mutations are not eligible\n- Stage IV NSCLC',
    want: ['+BRAF:V600E', '-BRAF:NONV600'],
  },
  // 45
  {
    inc: 'Inclusion Criteria:\n\n- MET exon 14 skipping mutation detected in tissue or plasma\n- Advanced NSCLC, 0-2 prior lines',
    exc: 'Exclusion Criteria:\n\n- Prior treatment with any MET inhibitor or HGF-targeting therapy',
    want: ['+MET:EX14SKIP'],
  },
  // 46
  // doubt: "Gene detection excluded X" (the test ruled X out) read as a negation of the alterations
  {
    inc: 'Inclusion Criteria:\n\n1. Histologically confirmed stage IIIA-IIIB resectable NSCLC;\n2. Gene detection excluded EGFR sensitive mutation and ALK fusion;\n3. Suitable for surgery after neoadjuvant therapy.',
    want: [...SENS('-'), '-ALK:FUSION'],
  },
  // 47
  {
    inc: 'Inclusion Criteria:\n\n- EGFR mutation-positive (19del or 21L858R) advanced NSCLC\n- Patients who are EGFR-TKI naive\n- ECOG 0-1',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R'],
  },
  // 48
  {
    inc: 'Inclusion Criteria:\n\n- EGFR-mutant advanced NSCLC\n- Progression after at least one EGFR-TKI',
    exc: 'Exclusion Criteria:\n\n- Grade ≥ 3 interstitial lung disease during prior EGFR-TKI treatment\n- Unresolved toxicity > grade 1 from prior therapy',
    want: ['+EGFR'],
  },
  // 49
  {
    inc: 'Inclusion Criteria:\n\n- ALK-rearranged NSCLC\n- Progression on at least one second-generation ALK inhibitor',
    exc: 'Exclusion Criteria:\n\n- Patients who discontinued a prior ALK inhibitor due to toxicity are not eligible\n- Known hypersensitivity to the study drug',
    want: ['+ALK:FUSION'],
  },
  // 50
  {
    inc: 'Inclusion Criteria: Patients aged ≥18 years with stage IIIB-IV NSCLC who progressed after first-line platinum-based chemotherapy combined with PD-1 inhibitor; patients with EGFR sensitizing mutation or ALK fusion should have received corresponding targeted therapy before enrollment; ECOG 0-1; adequate organ function.',
    want: [],
  },
  // 51
  {
    inc: 'Inclusion Criteria:\n\n1. Stage IIIB-IV NSCLC.\n2. Documented EGFR mutation as follows:\n   a) EGFR exon 19 deletion; or\n   b) EGFR exon 21 L858R substitution.\n3. No prior systemic therapy.',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R'],
  },
  // 52
  {
    inc: 'Inclusion Criteria:\n\nCohort A:\n  i. NSCLC with ROS1 fusion, TKI-naive\nCohort B:\n  i. Solid tumour including NSCLC with NTRK fusion\n\nAll patients:\n  i. ECOG 0-1\n  ii. Measurable disease',
    want: ['+ROS1:FUSION', '+NTRK:FUSION'],
  },
  // 53
  {
    inc: 'Inclusion Criteria:\n\n- Metastatic non-squamous NSCLC\n- No prior systemic therapy',
    exc: 'Exclusion Criteria:\n\n- Known driver alterations:\n  o EGFR mutation\n  o ALK rearrangement\n  o ROS1 rearrangement\n- Active autoimmune disease',
    want: ['-EGFR', '-ALK:FUSION', '-ROS1:FUSION'],
  },
  // 54
  {
    inc: 'Inclusion Criteria:\n\n• Stage IV NSCLC\n• PD-L1 TPS ≥50% (22C3 or SP263)\n• No EGFR/ALK alterations\n• ECOG 0-1',
    want: ['+PD-L1:TPS>=50', '-EGFR', '-ALK'],
  },
  // 55
  {
    inc: 'Inclusion Criteria:\n\n- Advanced thymoma or thymic carcinoma after platinum-based chemotherapy\n- KIT or PD-L1 status not required for enrolment',
    want: [],
  },
  // 56
  {
    inc: 'Inclusion Criteria:\n\n- Relapsed SCLC after platinum-based chemotherapy\n- DLL3 expression ≥ 1% of tumour cells by IHC (SP347)\n- ECOG 0-1',
    want: [],
  },
  // 57
  {
    inc: 'Inclusion Criteria:\n\n- Pulmonary large cell neuroendocrine carcinoma, stage IV\n- RB1 loss by IHC (for stratification only)\n- No prior chemotherapy',
    want: [],
  },
  // 58
  {
    inc: 'Inclusion Criteria:\n\n- NSCLC with 1-10 brain metastases suitable for stereotactic radiosurgery\n- EGFR-mutant or ALK-positive patients may be enrolled if on a stable dose of TKI\n- KPS ≥ 70',
    want: [],
  },
  // 59
  {
    inc: 'Inclusion Criteria:\n\n- EGFR-mutant NSCLC with brain metastases (19del or L858R) treated with osimertinib first-line\n- Asymptomatic brain metastases not previously irradiated',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R'],
  },
  // 60
  {
    inc: 'Inclusion Criteria:\n\n- Advanced NSCLC with HER2 exon 20 insertion mutation (e.g. A775_G776insYVMA)\n- At least one prior platinum chemotherapy',
    want: ['+HER2:EX20INS'],
  },
  // 61
  {
    inc: 'Inclusion Criteria:\n\n- Stage IV NSCLC with HER2 gene amplification (HER2/CEP17 ratio ≥ 2.0 or HER2 copy number ≥ 6)\n- Measurable disease',
    want: ['+HER2:AMP'],
  },
  // 62
  {
    inc: 'Inclusion Criteria:\n\n- NSCLC with HER2 alteration (mutation, amplification or overexpression) documented by local testing\n- Progressed after standard therapy',
    want: ['+HER2:MUT', '+HER2:AMP', '+HER2:OVEREXP'],
  },
  // 63
  {
    inc: 'Inclusion Criteria:\n\n- Advanced NSCLC with KRAS p.G12C detected in tissue\n- Prior anti-PD-(L)1 therapy',
    exc: 'Exclusion Criteria:\n\n- Prior treatment with a KRAS G12C inhibitor (sotorasib, adagrasib)\n- Active brain metastases',
    want: ['+KRAS:G12C'],
  },
  // 64
  {
    inc: 'Inclusion Criteria:\n\n- Advanced NSCLC, KRAS/NRAS wild type by NGS\n- Failed at least one prior line',
    want: ['-KRAS'],
  },
  // 65
  {
    inc: 'Inclusion Criteria:\n\n- Unresectable stage III NSCLC\n- Planned concurrent chemoradiotherapy 60 Gy in 30 fractions\n- Patients with EGFR mutation or ALK rearrangement are allowed',
    want: [],
  },
  // 66
  {
    inc: 'Inclusion Criteria:\n\n- Unresectable stage III NSCLC without progression after concurrent chemoradiotherapy\n- Patients with EGFR sensitive mutations or ALK rearrangements are not eligible for durvalumab consolidation in this study',
    want: [...SENS('-'), '-ALK:FUSION'],
  },
  // 67
  {
    inc: 'Inclusion Criteria:\n\n- Patients with ALK-positive advanced NSCLC treated with alectinib in the real world\n- Treatment started between 2019 and 2024',
    want: ['+ALK:FUSION'],
  },
  // 68
  {
    inc: 'Inclusion Criteria:\n\n- Patients undergoing surgery for lung cancer at the participating hospital\n- Consent to storage of tumour, normal lung and blood in the biobank\n- Samples will be used for analysis of EGFR, ALK, KRAS, PD-L1 and other markers',
    want: [],
  },
  // 69
  {
    inc: 'Inclusion Criteria:\n\n- Completely resected stage IB-IIIA NSCLC\n- ctDNA positive (minimal residual disease) after resection, regardless of EGFR status\n- Recovered from surgery',
    want: [],
  },
  // 70
  {
    inc: 'Inclusion Criteria:\n\n- Plasma EGFR mutation detected by ddPCR at baseline (exon 19 deletion or L858R)\n- Advanced NSCLC eligible for first-line EGFR-TKI',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R'],
  },
  // 71
  // doubt: broken translation "The patients with EGFR mutation were detected" read as a gate
  {
    inc: 'Inclusion Criteria:\n\n1. The patients with EGFR mutation were detected by ARMS or NGS method;\n2. Pathological diagnosis of advanced lung adenocarcinoma;\n3. ECOG 0-2.',
    want: ['+EGFR'],
  },
  // 72
  {
    inc: 'Inclusion Criteria:\n\n1. Non-squamous NSCLC, the driver gene is negative;\n2. Stage IV;\n3. First-line therapy.',
    want: [],
  },
  // 73
  {
    inc: 'Inclusion Criteria:\n\n- Driver-negative (EGFR/ALK/ROS1 wild type) advanced NSCLC\n- PD-L1 any',
    want: ['-EGFR', '-ALK', '-ROS1'],
  },
  // 74
  {
    inc: 'Inclusion Criteria:\n\n1. Patients previously received first-generation EGFR-TKI for sensitive EGFR mutation and progressed;\n2. Measurable disease.',
    want: SENS('+'),
  },
  // 75
  {
    inc: 'Inclusion Criteria:\n\n- Advanced NSCLC that progressed after osimertinib\n- Tissue re-biopsy at progression',
    want: [],
  },
  // 76
  {
    inc: 'Inclusion Criteria:\n\n- Extensive-stage SCLC, treatment naive\n- Patients will be enrolled regardless of PD-L1 expression',
    want: [],
  },
  // 77
  {
    inc: 'Inclusion Criteria:\n\n- Stage IV NSCLC for second-line immunotherapy',
    exc: 'Exclusion Criteria:\n\n- EGFR 19del or 21L858R\n- Prior anti-PD-1 therapy',
    want: ['-EGFR:EX19DEL', '-EGFR:L858R'],
  },
  // 78
  {
    inc: 'Inclusion Criteria:\n\n- Advanced non-squamous NSCLC\n- EGFR status: wild-type; ALK status: negative; ROS1 status: negative; PD-L1 (22C3) TPS: 1-49%',
    want: ['-EGFR', '-ALK', '-ROS1', '+PD-L1:TPS1-49'],
  },
  // 79
  {
    inc: 'Inclusion Criteria:\n\n- c-Met overexpression (IHC 3+ in ≥ 50% of tumour cells) advanced NSCLC\n- EGFR wild-type',
    want: ['+MET:OVEREXP', '-EGFR'],
  },
  // 80
  {
    inc: 'Inclusion Criteria:\n\n- EGFR-mutant NSCLC with acquired MET amplification or MET overexpression after EGFR-TKI',
    want: ['+EGFR', '+MET:AMP', '+MET:OVEREXP'],
  },
  // 81
  {
    inc: 'Inclusion Criteria:\n\n- Locally advanced or metastatic solid tumours, including NSCLC, harboring an NTRK gene fusion\n- No prior TRK inhibitor',
    want: ['+NTRK:FUSION'],
  },
  // 82
  {
    inc: 'Inclusion Criteria:\n\nCohort 1: NSCLC with EGFR exon 20 insertion\nCohort 2: metastatic colorectal cancer with BRAF V600E mutation',
    want: ['+EGFR:EX20INS'],
  },
  // 83
  {
    inc: 'Inclusion Criteria:\n\nCohort A: HER2-positive metastatic breast cancer\nCohort B: NSCLC with HER2 mutation',
    want: ['+HER2:MUT'],
  },
  // 84
  {
    inc: 'Inclusion Criteria:\n\n(1) Patients with EGFR gene mutation-positive (exon 19 deletion, L858R) determined with cobas EGFR Mutation Test v2\n(2) Patients with no prior chemotherapy for advanced NSCLC',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R'],
  },
  // 85
  {
    inc: 'Inclusion Criteria:\n\n- ALK-negative, EGFR-negative by PNA clamping method\n- Stage IV NSCLC',
    want: ['-ALK', '-EGFR'],
  },
  // 86
  {
    inc: 'Inclusion Criteria:\n\n- Absence of activating EGFR mutations and ALK/ROS1 rearrangements (for non-squamous histology)\n- Stage IIIB-IV NSCLC',
    want: [...SENS('-'), '-ALK:FUSION', '-ROS1:FUSION'],
  },
  // 87
  {
    inc: 'Inclusion Criteria:\n\n- Resectable stage II-IIIA NSCLC\n- EGFR and ALK testing required for non-squamous; patients with known EGFR mutations or ALK translocations are excluded',
    want: ['-EGFR', '-ALK:FUSION'],
  },
  // 88
  {
    inc: 'Inclusion Criteria:\n\n- Stage IV NSCLC after platinum',
    exc: 'Exclusion Criteria:\n\n- History of pneumonitis during EGFR-TKI or immune checkpoint inhibitor therapy',
    want: [],
  },
  // 89
  {
    inc: 'Inclusion Criteria:\n\n- Advanced NSCLC',
    exc: 'Exclusion Criteria:\n\n- Patients receiving crizotinib or other ALK inhibitors with QT prolongation',
    want: [],
  },
  // 90
  {
    inc: 'Inclusion Criteria:\n\n- Limited-stage SCLC with complete or partial response after chemoradiotherapy\n- No brain metastases on MRI; eligible for prophylactic cranial irradiation',
    want: [],
  },
  // 91
  {
    inc: 'Inclusion Criteria:\n\n- Pleural mesothelioma with germline BAP1 variant or family history of mesothelioma\n- Any stage',
    want: [],
  },
  // 92
  // doubt: an ALK resistance mutation without id beside the fusion -> gene-level +ALK too
  {
    inc: 'Inclusion Criteria:\n\n- ALK-positive NSCLC with ALK G1202R resistance mutation after a second-generation ALK TKI\n- Lorlatinib-naive',
    want: ['+ALK:FUSION', '+ALK'],
  },
  // 93
  // doubt: as 92
  {
    inc: 'Inclusion Criteria:\n\n- ROS1 fusion-positive NSCLC with ROS1 G2032R mutation detected at progression',
    want: ['+ROS1:FUSION', '+ROS1'],
  },
  // 94
  // doubt: "T790M-negative" negates the alteration, not EGFR
  {
    inc: 'Inclusion Criteria:\n\n- EGFR-mutant NSCLC, T790M-negative after progression on gefitinib, erlotinib or icotinib',
    want: ['+EGFR', '-EGFR:T790M'],
  },
  // 95
  {
    inc: 'Inclusion Criteria:\n\n- EGFR mutation negative or unknown; ALK negative or unknown\n- Stage IV NSCLC',
    want: ['-EGFR', '-ALK'],
  },
  // 96
  {
    inc: 'Inclusion Criteria:\n\n- Extensive-stage SCLC; patients with EGFR/ALK alterations are not excluded',
    want: [],
  },
  // 97
  {
    inc: 'Inclusion Criteria:\n\n- PD-L1 high expression (TPS ≥ 50%)\n- Stage IV NSCLC',
    exc: 'Exclusion Criteria:\n\n- EGFR/ALK positive',
    want: ['+PD-L1:TPS>=50', '-EGFR', '-ALK:FUSION'],
  },
  // 98
  {
    inc: 'Inclusion Criteria:\n\n- PD-L1 TC0 (SP263, <1%)\n- Stage IV NSCLC without EGFR or ALK alteration',
    want: ['+PD-L1:TPS<1', '-EGFR', '-ALK'],
  },
  // 99
  {
    inc: 'Inclusion Criteria:\n\n1. Stage IV NSCLC. 2. No prior therapy.',
    exc: 'Exclusion Criteria: 1. Symptomatic brain metastases; 2. Active infection; 3. Pregnancy; 4. EGFR sensitive mutation, ALK fusion, ROS1 fusion, RET fusion, BRAF V600E; 5. Autoimmune disease.',
    want: [...SENS('-'), '-ALK:FUSION', '-ROS1:FUSION', '-RET:FUSION', '-BRAF:V600E'],
  },
  // 100
  {
    inc: 'Inclusion Criteria:\n\n- Resectable stage II-IIIB NSCLC with ALK fusion-positive (IHC-VENTANA or NGS)\n- Eligible for neoadjuvant alectinib',
    want: ['+ALK:FUSION'],
  },
  // 101
  {
    inc: 'Inclusion Criteria:\n\n- Resectable stage II-IIIB NSCLC with EGFR mutation (exon 19 deletion or exon 21 L858R); exon 20 insertion excluded\n- Eligible for neoadjuvant osimertinib',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R', '-EGFR:EX20INS'],
  },
  // 102
  {
    inc: 'Inclusion Criteria:\n\n- Participants aged 50-80 years with ≥ 20 pack-year smoking history for low-dose CT screening\n- Blood sample for ctDNA methylation test',
    want: [],
  },
  // 103
  {
    inc: 'Inclusion Criteria:\n\n- Unresectable mesothelioma, first line\n- Enrolment regardless of PD-L1 status',
    want: [],
  },
  // 104
  {
    inc: 'Inclusion Criteria:\n\n- Thymic epithelial tumour, recurrent\n- Prior PD-1 inhibitor allowed',
    want: [],
  },
  // 105
  {
    inc: 'Inclusion Criteria:\n\n- EGFR 19del/21L858R with concurrent TP53 co-mutation by NGS\n- Advanced NSCLC, TKI-naive',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R'],
  },
  // 106
  {
    inc: 'Inclusion Criteria:\n\n- EGFR-mutant NSCLC progressed on osimertinib\n- Cohort A: MET amplification\n- Cohort B: HER2 amplification',
    want: ['+EGFR', '+MET:AMP', '+HER2:AMP'],
  },
  // 107
  {
    inc: 'Inclusion Criteria:\n\n- KRAS G12C and STK11 co-mutated NSCLC',
    want: ['+KRAS:G12C'],
  },
  // 108
  {
    inc: 'Inclusion Criteria:\n\n- NSCLC with KRAS G12V or G12D mutation',
    want: ['+KRAS:G12V', '+KRAS:G12D'],
  },
  // 109
  {
    inc: 'Inclusion Criteria:\n\n- Relapsed SCLC, transformed SCLC excluded\n- Platinum-sensitive relapse',
    want: [],
  },
  // 110
  {
    inc: 'Inclusion Criteria:\n\n- EGFR-mutant NSCLC with oligoprogression (≤ 3 sites) on osimertinib\n- All progressive sites amenable to SBRT',
    want: ['+EGFR'],
  },
  // 111
  {
    inc: 'Inclusion Criteria:\n\n- Stage IV NSCLC\n- Patients with known BRAF V600E mutation may be included',
    want: [],
  },
  // 112
  {
    inc: 'Inclusion Criteria:\n\n- Advanced NSCLC after one prior line\n- If EGFR mutation positive, patient must have progressed on osimertinib',
    want: [],
  },
  // 113
  {
    inc: 'Inclusion Criteria:\n\nArm A (PD-L1 ≥ 50%): pembrolizumab monotherapy\nArm B (PD-L1 < 50%): pembrolizumab plus chemotherapy\n\n- Stage IV NSCLC',
    want: ['+PD-L1:TPS>=50', '+PD-L1:TPS<50'],
  },
  // 114
  {
    inc: 'Inclusion Criteria:\n\n- Stage IV NSCLC, PD-L1 any status\n- First-line',
    want: [],
  },
  // 115
  {
    inc: 'Inclusion Criteria:\n\n- Stage III NSCLC eligible for chemoradiotherapy (JCOG)\n- Patients with EGFR mutation or ALK fusion can be enrolled',
    want: [],
  },
  // 116
  {
    inc: 'Inclusion Criteria: Pathologically confirmed advanced lung adenocarcinoma, EGFR, ALK, ROS1 gene detection is negative, failure of first-line chemotherapy, ECOG 0-1.',
    want: ['-EGFR', '-ALK', '-ROS1'],
  },
  // 117
  {
    inc: 'Inclusion Criteria:\n\n- Pulmonary LCNEC, no prior systemic therapy\n- Measurable disease',
    want: [],
  },
  // 118
  {
    inc: 'Inclusion Criteria:\n\n- Stage IV NSCLC',
    exc: 'Exclusion Criteria:\n\n- Known EGFR mutation, except exon 20 insertion',
    want: ['-EGFR'],
  },
  // 119
  {
    inc: 'Inclusion Criteria:\n\n- ROS1-positive (FISH break-apart ≥ 15%) advanced NSCLC',
    want: ['+ROS1:FUSION'],
  },
];
