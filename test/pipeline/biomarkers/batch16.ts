/**
 * Blind review 8, batch 16: driver lists of lung immunotherapy / chemotherapy trials in
 * every registry syntax, PD-L1 gates, and ~1/3 no-row cases. Labelled by the conventions
 * of 2026-11-27 (pipeline/biomarkers/eval/README.md) before running or reading the extractor.
 * Saved 11:12:48 UTC 2026-11-28, first run at 9b6a9e5: lung rows, required P 87.5 / R 97.7 /
 * F1 92.3, excluded 97.4 / 93.9 / 95.6 (120 cases, 33 with no row; 356 units); the reviewer
 * changed no label after the run.
 */
import type { WrittenCase } from './written-batch.js';

const CLASS = ['EX19DEL', 'L858R', 'G719X', 'L861Q', 'S768I'];
const S = (d: '+' | '-') => CLASS.map((a) => `${d}EGFR:${a}`);
const I = (...items: string[]) =>
  'Inclusion Criteria:\n\n* Age ≥ 18 years at the time of signing informed consent\n' +
  items.map((x) => `* ${x}`).join('\n') +
  '\n* ECOG performance status 0 or 1\n* Adequate organ function';
const E = (...items: string[]) =>
  'Exclusion Criteria:\n\n* Known active CNS metastases and/or carcinomatous meningitis\n' +
  items.map((x) => `* ${x}`).join('\n') +
  '\n* Active autoimmune disease requiring systemic treatment within 2 years';

export const BATCH16: WrittenCase[] = [
  // 0
  {
    inc: I(
      'Histologically confirmed stage IV NSCLC',
      'PD-L1 TPS ≥ 50% (22C3 pharmDx), central testing',
    ),
    exc: E('Patients with EGFR, ALK, ROS1 genomic alterations are excluded'),
    want: ['+PD-L1:TPS>=50', '-EGFR', '-ALK', '-ROS1'],
  },
  // 1
  {
    inc: I(
      'Metastatic non-squamous NSCLC',
      'Patients with known EGFR mutation/ALK translocation are not eligible',
      'PD-L1 ≥ 1% (22C3)',
    ),
    want: ['-EGFR', '-ALK:FUSION', '+PD-L1:TPS>=1'],
  },
  // 2
  {
    inc: I(
      'Stage IIIB-IV non-squamous NSCLC, EGFR-/ALK-/ROS1-',
      'No prior systemic therapy for advanced disease',
    ),
    want: ['-EGFR', '-ALK', '-ROS1'],
  },
  // 3
  {
    inc: 'Inclusion Criteria:\n\nCohort A:\n* Advanced NSCLC with PD-L1 TPS ≥ 1%\n\nCohort B:\n* ALK/ROS1-rearranged NSCLC progressing after at least one TKI\n* ECOG 0-2',
    want: ['+PD-L1:TPS>=1', '+ALK:FUSION', '+ROS1:FUSION'],
  },
  // 4
  {
    inc: I(
      'Locally advanced or metastatic NSCLC harbouring an EGFR mutation (exon 19/21)',
      'Progression on prior osimertinib',
    ),
    want: ['+EGFR:EX19DEL', '+EGFR:L858R'],
  },
  // 5
  {
    inc: I('Non-squamous NSCLC whose tumours harbour neither EGFR mutation nor ALK rearrangement'),
    want: ['-EGFR', '-ALK:FUSION'],
  },
  // 6
  {
    inc: I(
      'Stage IV NSCLC with no EGFR and/or ALK genomic aberration',
      'At least one measurable lesion per RECIST v1.1',
    ),
    want: ['-EGFR', '-ALK'],
  },
  // 7 doubt: "(if known)" read as a gate on known status, not a conditional
  {
    exc: E('EGFR or ALK alterations (if known)', 'Prior anti-PD-1 or anti-PD-L1 therapy'),
    want: ['-EGFR', '-ALK'],
  },
  // 8
  {
    inc: I(
      'Advanced adenocarcinoma of the lung with documented wild-type EGFR and negative ALK',
      'Life expectancy ≥ 12 weeks',
    ),
    want: ['-EGFR', '-ALK'],
  },
  // 9
  {
    inc: I(
      'Stage IV NSCLC',
      'Absence of EGFR sensitizing mutations, ALK or ROS1 rearrangements, BRAF V600E, NTRK fusions, RET fusions or MET exon 14 skipping (testing per local standard)',
    ),
    want: [
      ...S('-'),
      '-ALK:FUSION',
      '-ROS1:FUSION',
      '-BRAF:V600E',
      '-NTRK:FUSION',
      '-RET:FUSION',
      '-MET:EX14SKIP',
    ],
  },
  // 10
  {
    inc: I(
      'Stage IV NSCLC (squamous or non-squamous)',
      'For non-squamous histology only: no known EGFR mutation or ALK fusion',
    ),
    want: ['-EGFR', '-ALK:FUSION'],
  },
  // 11 exclusion lasting only until targeted therapy -> no row
  {
    exc: E(
      'Known EGFR mutation or ALK rearrangement, unless the patient has progressed on or was intolerant to an approved tyrosine kinase inhibitor',
    ),
    want: [],
  },
  // 12
  {
    exc: E('Actionable genomic alterations (EGFR, ALK, ROS1, BRAF V600E) other than KRAS G12C'),
    want: ['-EGFR', '-ALK', '-ROS1', '-BRAF:V600E'],
  },
  // 13
  {
    inc: I('Previously untreated metastatic NSCLC'),
    exc: 'Exclusion Criteria:\n\n* Known presence of any of the following:\n  * EGFR sensitizing mutation\n  * ALK rearrangement\n  * ROS1 rearrangement\n* Prior treatment with an anti-PD-1/PD-L1 agent',
    want: [...S('-'), '-ALK:FUSION', '-ROS1:FUSION'],
  },
  // 14
  {
    inc: I(
      'Histologically confirmed metastatic NSCLC',
      'Patients whose tumours are known to harbour any of the following genomic alterations will not be eligible: EGFR exon 19 deletion or exon 21 L858R mutation; ALK fusion; ROS1 fusion; RET fusion',
    ),
    want: ['-EGFR:EX19DEL', '-EGFR:L858R', '-ALK:FUSION', '-ROS1:FUSION', '-RET:FUSION'],
  },
  // 15
  {
    exc: 'EXCLUSION CRITERIA:\n\n1. KNOWN EGFR MUTATION OR ALK REARRANGEMENT\n2. PRIOR IMMUNOTHERAPY\n3. INTERSTITIAL LUNG DISEASE',
    want: ['-EGFR', '-ALK:FUSION'],
  },
  // 16
  {
    inc: I('NSCLC stage IIIB/IV', 'PD-L1 TPS &gt;= 50% by local assay'),
    exc: E('Known EGFR-sensitizing mutation &amp; ALK fusion'),
    want: ['+PD-L1:TPS>=50', ...S('-'), '-ALK:FUSION'],
  },
  // 17
  {
    inc: I(
      'Metastatic NSCLC',
      'PD-L1 TPS \\>= 1%',
      'Tumour negative for EGFR and ALK \\(local testing\\)',
    ),
    want: ['+PD-L1:TPS>=1', '-EGFR', '-ALK'],
  },
  // 18
  {
    inc: I('進行期 NSCLC: advanced non-squamous NSCLC, EGFR／ALK wild-type', 'PD-L1 TPS ≥ 50％'),
    want: ['-EGFR', '-ALK', '+PD-L1:TPS>=50'],
  },
  // 19 odd hyphens
  {
    inc: I('Non‑squamous NSCLC that is EGFR‐negative and ALK–negative', 'PD‑L1 TPS 1–49%'),
    want: ['-EGFR', '-ALK', '+PD-L1:TPS1-49'],
  },
  // 20 footnotes
  {
    exc: E(
      'Known EGFR*, ALK† or ROS1¹ alterations',
      '*, †, ¹ as determined by local testing; testing is not mandatory',
    ),
    want: ['-EGFR', '-ALK', '-ROS1'],
  },
  // 21
  {
    exc: E('Known driver mutation: EGFR; ALK; ROS1; BRAF V600E'),
    want: ['-EGFR', '-ALK', '-ROS1', '-BRAF:V600E'],
  },
  // 22
  {
    inc: I('Stage IV NSCLC without targetable alterations [EGFR, ALK, ROS1, RET, NTRK]'),
    want: ['-EGFR', '-ALK', '-ROS1', '-RET', '-NTRK'],
  },
  // 23 no rows: SCLC
  {
    inc: I(
      'Histologically confirmed extensive-stage small cell lung cancer',
      'No prior systemic therapy for ES-SCLC',
    ),
    exc: E('Mixed small cell and non-small cell histology'),
    want: [],
  },
  // 24 no rows: mesothelioma
  {
    inc: I(
      'Unresectable malignant pleural mesothelioma (epithelioid, sarcomatoid or biphasic)',
      'Tumour tissue available for PD-L1 testing',
    ),
    want: [],
  },
  // 25 no rows: supportive care
  {
    inc: 'Inclusion Criteria:\n\n* Diagnosis of lung cancer (any stage, any histology) receiving chemotherapy or immunotherapy\n* Fatigue score ≥ 4 on a 0-10 scale\n* Able to walk unassisted',
    exc: 'Exclusion Criteria:\n\n* Uncontrolled pain\n* Pregnancy',
    want: [],
  },
  // 26 no rows: screening
  {
    inc: 'Inclusion Criteria:\n\n* Age 50-80 years\n* At least 20 pack-years of smoking history\n* Current smoker or quit within the past 15 years',
    exc: 'Exclusion Criteria:\n\n* Prior lung cancer\n* Chest CT within 12 months',
    want: [],
  },
  // 27 no rows: tests only
  {
    inc: I(
      'Advanced NSCLC',
      'Tumour tissue must be submitted for testing of EGFR, ALK, ROS1, BRAF, KRAS, MET, RET, NTRK and PD-L1',
    ),
    want: [],
  },
  // 28 no rows: status known
  {
    inc: I('Stage IV non-squamous NSCLC', 'EGFR and ALK status must be known before randomization'),
    want: [],
  },
  // 29 no rows: regardless
  {
    inc: I(
      'Metastatic NSCLC, regardless of PD-L1 expression',
      'Patients with EGFR or ALK alterations are eligible if they have received appropriate targeted therapy',
    ),
    want: [],
  },
  // 30
  {
    inc: I(
      'Squamous or non-squamous NSCLC',
      'Patients with non-squamous histology must have documented EGFR wild-type and ALK-negative status; testing not required for squamous histology',
    ),
    want: ['-EGFR', '-ALK'],
  },
  // 31 doubt: the bracketed closed list specifies the sensitising class (two rows, not five)
  {
    exc: E(
      'Tumours with EGFR sensitising mutations (exon 19 deletion, L858R), ALK fusions or ROS1 fusions',
    ),
    want: ['-EGFR:EX19DEL', '-EGFR:L858R', '-ALK:FUSION', '-ROS1:FUSION'],
  },
  // 32
  {
    inc: I(
      'NSCLC with PD-L1 tumour proportion score < 50%',
      'No known EGFR, ALK, ROS1 alterations',
    ),
    want: ['+PD-L1:TPS<50', '-EGFR', '-ALK', '-ROS1'],
  },
  // 33
  {
    inc: I('PD-L1 negative (TPS < 1%) advanced NSCLC', 'EGFR/ALK/ROS1 wild type'),
    want: ['+PD-L1:TPS<1', '-EGFR', '-ALK', '-ROS1'],
  },
  // 34
  {
    inc: I('Previously untreated NSCLC with PD-L1 expression ≥ 1% and < 50% (TPS, SP263)'),
    exc: E('Documented EGFR mutation or ALK rearrangement'),
    want: ['+PD-L1:TPS1-49', '-EGFR', '-ALK:FUSION'],
  },
  // 35 doubt: TC read as TPS
  {
    inc: I(
      'Stage IV NSCLC with PD-L1 TC ≥ 50% (SP263 assay)',
      'No sensitizing EGFR mutation or ALK translocation',
    ),
    want: ['+PD-L1:TPS>=50', ...S('-'), '-ALK:FUSION'],
  },
  // 36
  {
    inc: I(
      'PD-L1 CPS ≥ 10 advanced NSCLC',
      'Tumours without EGFR, ALK or ROS1 actionable alterations',
    ),
    want: ['+PD-L1:CPS>=10', '-EGFR', '-ALK', '-ROS1'],
  },
  // 37 doubt: "PD-L1 high" defined in brackets
  {
    inc: I('PD-L1 high (TPS ≥ 50%) metastatic NSCLC'),
    exc: E('EGFR, ALK, ROS1, RET, BRAF or NTRK driver alterations'),
    want: ['+PD-L1:TPS>=50', '-EGFR', '-ALK', '-ROS1', '-RET', '-BRAF', '-NTRK'],
  },
  // 38
  {
    exc: E('PD-L1 TPS ≥ 50%', 'Known EGFR or ALK genomic alteration'),
    want: ['-PD-L1:TPS>=50', '-EGFR', '-ALK'],
  },
  // 39 no rows
  {
    inc: I('Limited-stage SCLC eligible for concurrent chemoradiotherapy'),
    exc: E('Prior thoracic radiotherapy'),
    want: [],
  },
  // 40
  {
    exc: E(
      'Subjects with EGFR, ALK, ROS1, BRAF, MET, RET or NTRK alterations for which approved targeted therapy is available',
    ),
    want: ['-EGFR', '-ALK', '-ROS1', '-BRAF', '-MET', '-RET', '-NTRK'],
  },
  // 41 with the exception of (exclusion: re-admit only)
  {
    exc: E(
      'Known oncogenic driver alteration, with the exception of KRAS mutations: e.g. EGFR, ALK, ROS1, BRAF',
    ),
    want: ['-EGFR', '-ALK', '-ROS1', '-BRAF'],
  },
  // 42 inclusion carve-out
  {
    inc: I(
      'NSCLC with an EGFR mutation other than exon 20 insertion',
      'Progression after first-line EGFR TKI',
    ),
    want: ['+EGFR', '-EGFR:EX20INS'],
  },
  // 43 "except" in exclusion only re-admits
  {
    exc: E(
      'Any known targetable driver alteration (EGFR, ALK, ROS1, BRAF V600E, RET, NTRK, MET exon 14), except KRAS G12C',
    ),
    want: ['-EGFR', '-ALK', '-ROS1', '-BRAF:V600E', '-RET', '-NTRK', '-MET:EX14SKIP'],
  },
  // 44 doubt: 'negative for EGFR activating mutations' read as the class (not gene level, as a negative state would be); ALK/ROS1 'negative for ... rearrangement' gene level
  {
    inc: 'Inclusion Criteria:\n\n1. Stage IV NSCLC.\n2. Non-squamous tumours must be tested and negative for:\n   a. EGFR activating mutations\n   b. ALK rearrangement\n   c. ROS1 rearrangement\n3. Measurable disease.',
    want: [...S('-'), '-ALK', '-ROS1'],
  },
  // 45 no rows: conditional
  {
    inc: I(
      'Advanced NSCLC after platinum chemotherapy',
      'Patients with EGFR mutation or ALK fusion must have received prior targeted therapy',
    ),
    want: [],
  },
  // 46
  {
    inc: I(
      'Metastatic NSCLC with known EGFR sensitizing mutation (Ex19del or L858R)',
      'Progression on osimertinib',
    ),
    exc: E('EGFR T790M or C797S mutation'),
    want: ['+EGFR:EX19DEL', '+EGFR:L858R', '-EGFR:T790M', '-EGFR:C797S'],
  },
  // 47
  {
    inc: I(
      'NSCLC without EGFR mutation, ALK rearrangement, ROS1 rearrangement, BRAF V600E mutation, RET rearrangement, NTRK fusion or MET exon 14 skipping mutation',
    ),
    want: [
      '-EGFR',
      '-ALK:FUSION',
      '-ROS1:FUSION',
      '-BRAF:V600E',
      '-RET:FUSION',
      '-NTRK:FUSION',
      '-MET:EX14SKIP',
    ],
  },
  // 48 no rows: biobank
  {
    inc: 'Inclusion Criteria:\n\n* Any patient with suspected or confirmed lung cancer undergoing biopsy\n* Consent to store tissue and blood for future analysis of EGFR, ALK, KRAS and PD-L1',
    want: [],
  },
  // 49
  {
    inc: I('Stage IIIB/IV NSCLC; EGFR (-), ALK (-)'),
    want: ['-EGFR', '-ALK'],
  },
  // 50
  {
    inc: I(
      'Stage IV NSCLC',
      'Patients with tumours harbouring EGFR mutations, ALK translocations, ROS1 rearrangements are excluded',
    ),
    want: ['-EGFR', '-ALK:FUSION', '-ROS1:FUSION'],
  },
  // 51
  {
    exc: E(
      'Tumour with an EGFR mutation (exon 19 deletion, exon 21 L858R, G719X, L861Q, S768I) or ALK rearrangement',
    ),
    want: [...S('-'), '-ALK:FUSION'],
  },
  // 52 no rows: with or without
  {
    inc: I('Advanced NSCLC with or without EGFR mutation', 'PD-L1 status known or unknown'),
    want: [],
  },
  // 53
  {
    inc: I('PD-L1 positive (TPS ≥ 1%) NSCLC'),
    exc: E('Patients with known EGFR, ALK mutations'),
    want: ['+PD-L1:TPS>=1', '-EGFR', '-ALK'],
  },
  // 54
  {
    inc: I('PD-L1-positive advanced NSCLC (any positive score)'),
    want: ['+PD-L1'],
  },
  // 55 no rows: mesothelioma
  {
    inc: I(
      'Histologically confirmed MPM, previously treated with platinum-pemetrexed',
      'Archival tissue for BAP1 and PD-L1 exploratory analysis',
    ),
    want: [],
  },
  // 56
  {
    inc: I(
      'Metastatic NSCLC',
      'No EGFR-sensitising mutation or ALK-rearrangement detected in tissue or plasma',
    ),
    want: [...S('-'), '-ALK:FUSION'],
  },
  // 57
  {
    exc: E('EGFR mutant, ALK-positive, ROS1-positive NSCLC'),
    want: ['-EGFR', '-ALK:FUSION', '-ROS1:FUSION'],
  },
  // 58
  {
    exc: E('Presence of EGFR / ALK / ROS1 / BRAF V600 driver mutations'),
    want: ['-EGFR', '-ALK', '-ROS1', '-BRAF:V600E'],
  },
  // 59 no rows
  {
    inc: I('Patients with stage I-III NSCLC scheduled for surgical resection'),
    exc: E('Neoadjuvant therapy'),
    want: [],
  },
  // 60 doubt: ROS1 'negative result if tested' read as a gate
  {
    inc: I(
      'Stage IV NSCLC with PD-L1 TPS ≥ 50%',
      'Documented absence of EGFR and ALK alterations; ROS1 testing where locally available, with negative result if tested',
    ),
    want: ['+PD-L1:TPS>=50', '-EGFR', '-ALK', '-ROS1'],
  },
  // 61
  {
    inc: I('ALK-positive or ROS1-positive NSCLC confirmed by FISH, IHC or NGS'),
    exc: E('Concurrent EGFR mutation'),
    want: ['+ALK:FUSION', '+ROS1:FUSION', '-EGFR'],
  },
  // 62
  {
    exc: E('Patients known to have an activating EGFR mutation or an ALK gene rearrangement'),
    want: [...S('-'), '-ALK:FUSION'],
  },
  // 63
  {
    inc: I('Participants must not have a known EGFR mutation or ALK/ROS1 fusion'),
    want: ['-EGFR', '-ALK:FUSION', '-ROS1:FUSION'],
  },
  // 64 no rows: re-admitting exception in exclusion
  {
    exc: E('Prior EGFR TKI therapy, except for patients with EGFR-mutant disease who progressed'),
    want: [],
  },
  // 65 doubt: '(if tested)' read as a testing note beside a gate
  {
    inc: I('Non-squamous NSCLC EGFR wild-type, ALK negative, ROS1 negative (if tested)'),
    want: ['-EGFR', '-ALK', '-ROS1'],
  },
  // 66
  {
    exc: E('Known genomic alterations in EGFR (e.g., exon 19 deletion, L858R), ALK, ROS1'),
    want: ['-EGFR', '-ALK', '-ROS1'],
  },
  // 67
  {
    inc: I(
      'Advanced NSCLC, tumour PD-L1 TPS ≥ 1%',
      'Tumours must not harbour EGFR, ALK or ROS1 alterations (testing per local standard of care)',
    ),
    want: ['+PD-L1:TPS>=1', '-EGFR', '-ALK', '-ROS1'],
  },
  // 68
  {
    exc: E(
      'Non-squamous NSCLC patients with documented sensitising EGFR mutations or ALK translocations; patients with squamous histology need not be tested',
    ),
    want: [...S('-'), '-ALK:FUSION'],
  },
  // 69 no rows: SCLC
  {
    inc: I('Extensive-stage SCLC', 'PD-L1 testing is not required'),
    want: [],
  },
  // 70
  {
    inc: I('NSCLC with KRAS G12C mutation', 'No other known driver (EGFR, ALK, ROS1)'),
    want: ['+KRAS:G12C', '-EGFR', '-ALK', '-ROS1'],
  },
  // 71 doubt: 'sensitizing' qualifies only EGFR (class); ALK/ROS1/BRAF gene level
  {
    inc: I('Stage IV NSCLC; no known sensitizing EGFR, ALK, ROS1 or BRAF alterations'),
    want: [...S('-'), '-ALK', '-ROS1', '-BRAF'],
  },
  // 72 no rows
  {
    inc: 'Inclusion Criteria:\n\n* Patients with lung cancer receiving immune checkpoint inhibitors\n* Willing to complete quality-of-life questionnaires',
    exc: 'Exclusion Criteria:\n\n* Cognitive impairment',
    want: [],
  },
  // 73
  {
    inc: I(
      'Tumours harbouring an EGFR mutation (exon 19 deletion or exon 21 L858R) or ALK rearrangement are not eligible',
    ),
    want: ['-EGFR:EX19DEL', '-EGFR:L858R', '-ALK:FUSION'],
  },
  // 74 exclusion lasting only until targeted therapy -> no row
  {
    exc: E(
      'EGFR mutation, ALK fusion, ROS1 fusion, RET fusion, NTRK fusion, BRAF V600E, MET exon 14 skipping or KRAS G12C, unless previously treated with the corresponding approved targeted therapy',
    ),
    want: [],
  },
  // 75
  {
    exc: E(
      'Known EGFR activating mutations (i.e., exon 19 deletion or exon 21 L858R)',
      'Known ALK-rearranged tumours',
    ),
    want: ['-EGFR:EX19DEL', '-EGFR:L858R', '-ALK:FUSION'],
  },
  // 76
  {
    inc: I(
      'NSCLC with PD-L1 ≥ 50% (22C3)',
      'No EGFR mutation; no ALK rearrangement; no ROS1 rearrangement',
    ),
    want: ['+PD-L1:TPS>=50', '-EGFR', '-ALK:FUSION', '-ROS1:FUSION'],
  },
  // 77 no rows
  {
    inc: I(
      'Pathologically confirmed NSCLC of any stage',
      'EGFR, ALK and PD-L1 results, if available, will be collected',
    ),
    want: [],
  },
  // 78
  {
    inc: I(
      'Stage IV non-squamous NSCLC',
      'Patients with EGFR or ALK alterations are ineligible, even if previously treated with targeted therapy',
    ),
    want: ['-EGFR', '-ALK'],
  },
  // 79
  {
    inc: I('Previously untreated advanced NSCLC'),
    exc: E('Known EGFR/ALK/ROS1/RET/NTRK/BRAF/MET aberration'),
    want: ['-EGFR', '-ALK', '-ROS1', '-RET', '-NTRK', '-BRAF', '-MET'],
  },
  // 80
  {
    inc: I('PD-L1 TPS &lt; 1% NSCLC'),
    exc: E('EGFR &amp; ALK known alterations'),
    want: ['+PD-L1:TPS<1', '-EGFR', '-ALK'],
  },
  // 81
  {
    inc: I(
      'Metastatic NSCLC that is negative for EGFR mutations and ALK rearrangement by an approved test',
    ),
    want: ['-EGFR', '-ALK'],
  },
  // 82 no rows: SCLC
  {
    inc: I('Relapsed SCLC after one platinum-based line', 'DLL3 expression not required'),
    want: [],
  },
  // 83
  {
    inc: 'Inclusion Criteria:\n\n* Stage IV NSCLC\n* Molecular status:\n  * EGFR wild-type\n  * ALK negative\n  * ROS1 negative\n* PD-L1 TPS ≥ 1%',
    want: ['-EGFR', '-ALK', '-ROS1', '+PD-L1:TPS>=1'],
  },
  // 84 doubt: 'positive' gives FUSION for ALK/ROS1/RET/NTRK, gene level for EGFR/BRAF/MET
  {
    exc: E('Driver genes positive (EGFR, ALK, ROS1, BRAF, RET, MET, NTRK)'),
    want: ['-EGFR', '-ALK:FUSION', '-ROS1:FUSION', '-BRAF', '-RET:FUSION', '-MET', '-NTRK:FUSION'],
  },
  // 85
  {
    inc: I('EGFR‐mutated (exon 19 del/L858R) NSCLC after osimertinib', 'PD-L1 any'),
    want: ['+EGFR:EX19DEL', '+EGFR:L858R'],
  },
  // 86 doubt: closed list after the gene -> EX20INS + MUT (point mutation), no extra gene row beyond MUT
  {
    inc: I('HER2-mutant NSCLC (exon 20 insertion or point mutation)'),
    exc: E('Known EGFR or ALK driver alteration'),
    want: ['+HER2:EX20INS', '+HER2:MUT', '-EGFR', '-ALK'],
  },
  // 87 no rows
  {
    inc: I('Thymic carcinoma or thymoma after platinum therapy'),
    want: [],
  },
  // 88
  {
    inc: I(
      'PD-L1 expression on ≥ 1% of tumour cells',
      'Squamous NSCLC or non-squamous NSCLC with no EGFR/ALK alteration',
    ),
    want: ['+PD-L1:TPS>=1', '-EGFR', '-ALK'],
  },
  // 89
  {
    exc: E('Sensitizing mutations of the EGFR gene, or rearrangement of the ALK or ROS1 genes'),
    want: [...S('-'), '-ALK:FUSION', '-ROS1:FUSION'],
  },
  // 90 no rows
  {
    inc: I('Any patient with advanced NSCLC treated with pembrolizumab in routine practice'),
    exc: E('Participation in an interventional trial'),
    want: [],
  },
  // 91
  {
    inc: I(
      'Untreated stage IV NSCLC',
      'No known EGFR-, ALK-, ROS1-, or BRAF-driver alterations for which targeted therapy is approved',
    ),
    want: ['-EGFR', '-ALK', '-ROS1', '-BRAF'],
  },
  // 92
  {
    inc: I('MET exon 14 skipping mutation or MET amplification (GCN ≥ 10)'),
    exc: E('EGFR sensitizing mutations, ALK fusions'),
    want: ['+MET:EX14SKIP', '+MET:AMP', ...S('-'), '-ALK:FUSION'],
  },
  // 93 doubt: 'wild-type EGFR and ALK, ROS1 status' read as wild-type for all three
  {
    inc: I('Documented wild-type EGFR and ALK, ROS1 status by tissue NGS'),
    want: ['-EGFR', '-ALK', '-ROS1'],
  },
  // 94 no rows: chemo trial, only tests named
  {
    inc: I('Stage IIIB-IV NSCLC', 'EGFR and ALK testing performed per institutional practice'),
    want: [],
  },
  // 95
  {
    inc: I('RET fusion-positive NSCLC'),
    exc: E('Additional known driver such as EGFR, ALK, ROS1, KRAS'),
    want: ['+RET:FUSION', '-EGFR', '-ALK', '-ROS1', '-KRAS'],
  },
  // 96
  {
    inc: I(
      'Previously untreated stage IV NSCLC with TPS ≥ 50% by 22C3; patients with EGFR mutation or ALK rearrangement excluded',
    ),
    want: ['+PD-L1:TPS>=50', '-EGFR', '-ALK:FUSION'],
  },
  // 97 no rows
  {
    inc: I('Patients with NSCLC brain metastases planned for stereotactic radiosurgery'),
    want: [],
  },
  // 98
  {
    exc: E('Known EGFR exon 20 insertion'),
    inc: I('EGFR-mutant NSCLC'),
    want: ['+EGFR', '-EGFR:EX20INS'],
  },
  // 99
  {
    inc: I('Non-squamous NSCLC: negative for EGFR and ALK (for squamous: testing not required)'),
    want: ['-EGFR', '-ALK'],
  },
  // 100 no rows
  {
    inc: 'Inclusion Criteria:\n\n* Smokers aged 55-74 enrolled in LDCT screening\n* Pulmonary nodule ≥ 6 mm',
    want: [],
  },
  // 101
  {
    exc: E('Patients with EGFR mutations, ALK, ROS1, RET, or NTRK fusions'),
    want: ['-EGFR', '-ALK:FUSION', '-ROS1:FUSION', '-RET:FUSION', '-NTRK:FUSION'],
  },
  // 102
  {
    inc: I('PD-L1 TPS 1% to 49%'),
    exc: E('EGFR mutation or ALK/ROS1 rearrangement'),
    want: ['+PD-L1:TPS1-49', '-EGFR', '-ALK:FUSION', '-ROS1:FUSION'],
  },
  // 103 no rows
  {
    inc: I('Extensive-stage SCLC or large cell neuroendocrine carcinoma of the lung'),
    want: [],
  },
  // 104
  {
    inc: I(
      'Locally advanced NSCLC eligible for chemoradiation',
      'Known EGFR mutation or ALK rearrangement: not allowed',
    ),
    want: ['-EGFR', '-ALK:FUSION'],
  },
  // 105
  {
    exc: E('Tumour harbouring an EGFR, ALK, ROS1 or other actionable oncogenic alteration'),
    want: ['-EGFR', '-ALK', '-ROS1'],
  },
  // 106 no rows: permissive
  {
    inc: I('Advanced NSCLC', 'Patients with KRAS mutations are allowed'),
    want: [],
  },
  // 107
  {
    inc: I('NSCLC, EGFR mutation negative, ALK fusion negative, ROS1 fusion negative'),
    want: ['-EGFR', '-ALK', '-ROS1'],
  },
  // 108 no rows
  {
    inc: I('SCLC, limited or extensive stage, candidate for prophylactic cranial irradiation'),
    want: [],
  },
  // 109
  {
    inc: I('PD-L1 TPS ≥ 50%; EGFR, ALK, and ROS1 negative (as per local testing)'),
    want: ['+PD-L1:TPS>=50', '-EGFR', '-ALK', '-ROS1'],
  },
  // 110
  {
    exc: E(
      'Known BRAF V600E mutation, EGFR sensitizing mutation, ALK fusion, or ROS1 fusion (testing not required before entry)',
    ),
    want: ['-BRAF:V600E', ...S('-'), '-ALK:FUSION', '-ROS1:FUSION'],
  },
  // 111 no rows
  {
    inc: I(
      'Stage IV NSCLC progressing after chemo-immunotherapy',
      'Prior targeted therapy is allowed for patients with driver alterations',
    ),
    want: [],
  },
  // 112
  {
    inc: I(
      'Stage III unresectable NSCLC; absence of EGFR mutation and ALK rearrangement required for enrolment',
    ),
    want: ['-EGFR', '-ALK:FUSION'],
  },
  // 113 no rows
  {
    inc: I('Malignant pleural mesothelioma, epithelioid subtype'),
    exc: E('Prior immunotherapy'),
    want: [],
  },
  // 114
  {
    exc: 'Exclusion Criteria:\n\n1. Patients with known oncogenic drivers:\n   - EGFR (exon 19 deletion, exon 21 L858R)\n   - ALK translocation\n   - ROS1 rearrangement\n2. Prior anti-PD-1 therapy.',
    want: ['-EGFR:EX19DEL', '-EGFR:L858R', '-ALK:FUSION', '-ROS1:FUSION'],
  },
  // 115 no rows
  {
    inc: I('Lung cancer patients undergoing smoking cessation counselling'),
    want: [],
  },
  // 116
  {
    inc: I(
      'Stage IV NSCLC with PD-L1 TPS ≥ 1%',
      'No EGFR sensitizing mutations and no ALK translocations detected',
    ),
    want: ['+PD-L1:TPS>=1', ...S('-'), '-ALK:FUSION'],
  },
  // 117 no rows
  {
    inc: I('Advanced NSCLC of any PD-L1 status', 'EGFR/ALK status may be known or unknown'),
    want: [],
  },
  // 118
  {
    inc: I('EGFR mutation status: negative; ALK status: negative'),
    want: ['-EGFR', '-ALK'],
  },
  // 119
  {
    exc: E(
      'Known EGFR, ALK, ROS1 or BRAF V600E driver alterations (patients with non-squamous histology must be tested for EGFR and ALK)',
    ),
    want: ['-EGFR', '-ALK', '-ROS1', '-BRAF:V600E'],
  },
];
