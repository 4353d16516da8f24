/**
 * Blind batch 10: criteria snippets in styles the earlier batches lack (whole
 * ClinicalTrials.gov blocks under "Key Inclusion Criteria:" headings, SCLC and transformed
 * SCLC, thoracic baskets, neoadjuvant/adjuvant arms, Japanese and Chinese investigator
 * phrasing, registries, HER2 baskets, negated lists with "and/or", "nor", "neither", PD-L1
 * cohorts), labelled (pipeline/biomarkers/eval/README.md) before the extractor was run on
 * them and written without reading the extractor's source. Before-fix figures: the
 * README's batch table. Decisions the conventions do not spell out are noted beside a case.
 */
import type { WrittenCase } from './written-batch.js';

export const BATCH10: WrittenCase[] = [
  {
    inc: 'Key Inclusion Criteria:\n\n* Adults ≥ 18 years with histologically confirmed, locally advanced or metastatic non-squamous NSCLC\n* Tumor harbors an EGFR exon 19 deletion or exon 21 L858R mutation, alone or together with other EGFR mutations, as assessed locally\n* ECOG performance status 0-1',
    exc: 'Key Exclusion Criteria:\n\n* Prior treatment with any EGFR TKI\n* Symptomatic brain metastases',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R'],
  },
  {
    inc: 'Key Inclusion Criteria:\n* Histologically or cytologically confirmed extensive-stage small cell lung cancer (ES-SCLC)\n* No prior systemic therapy for ES-SCLC\n* Archival tumor tissue for retrospective DLL3 analysis',
    want: [],
  },
  {
    inc: '* Histologically confirmed SCLC transformed from EGFR-mutant NSCLC following EGFR TKI treatment (tSCLC)',
    want: ['+EGFR'],
  },
  {
    exc: '* Mixed histology with NSCLC components, or known EGFR mutation (to rule out transformed SCLC)',
    want: ['-EGFR'],
  },
  {
    inc: '* One of the following thoracic malignancies: malignant pleural mesothelioma, thymoma or thymic carcinoma, or NSCLC with no available standard therapy\n* BAP1 loss by IHC is not required',
    want: [],
  },
  {
    inc: '* Resectable stage II–IIIB NSCLC\n* Arm B only: EGFR/ALK wild-type required (tested on the diagnostic biopsy)',
    want: ['-EGFR', '-ALK'],
  },
  // "in combination with other EGFR mutations including T790M" is permissive: T790M is accepted, not required.
  {
    inc: '* Complete (R0) resection of stage IB-IIIA NSCLC\n* EGFR mutation (Ex19del or L858R), alone or in combination with other EGFR mutations including T790M',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R'],
  },
  {
    inc: '* EGFR gene mutation-positive (exon 19 deletion or exon 21 L858R point mutation) confirmed by the cobas EGFR Mutation Test v2',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R'],
  },
  {
    inc: '* ALK fusion gene-positive NSCLC diagnosed by an approved companion diagnostic (IHC, FISH or RT-PCR)',
    want: ['+ALK:FUSION'],
  },
  // First labelled without '+EGFR' (the TKI given for the listed alterations); on review, a TKI named after the
  // alterations is a second mention, as batch 8's "(Del19 or L858R) ... after 1st or 2nd generation EGFR-TKI" and #81 here.
  {
    inc: '* Patients with EGFR-sensitive mutations (19del, L858R) who had disease progression after first-line icotinib',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R', '+EGFR'],
  },
  { inc: '* PD-L1 expression ≥ 50% (22C3 pharmDx) in tumor cells', want: ['+PD-L1:TPS>=50'] },
  {
    inc: '* Patients with advanced NSCLC and documented ROS1 status (positive or negative) at diagnosis',
    want: [],
  },
  {
    inc: '* Diagnosed with ALK-positive advanced NSCLC between 2015 and 2022 and treated with at least one ALK TKI in routine practice',
    want: ['+ALK:FUSION'],
  },
  {
    inc: '* Locally advanced or metastatic solid tumour (including NSCLC, biliary, bladder, cervical, endometrial, ovarian, pancreatic) with HER2 overexpression (IHC 3+ or 2+) by local or central assessment',
    want: ['+HER2:OVEREXP'],
  },
  {
    inc: '* Solid tumours with ERBB2 amplification detected by NGS (copy number ≥ 6) or ISH (HER2/CEP17 ratio ≥ 2.0)',
    want: ['+HER2:AMP'],
  },
  {
    inc: '* Stage IV NSCLC without sensitizing EGFR, ALK, ROS1, BRAF V600E, MET ex14, RET, NTRK alterations (squamous histology may be enrolled without testing)',
    want: ['-EGFR', '-ALK', '-ROS1', '-BRAF:V600E', '-MET:EX14SKIP', '-RET', '-NTRK'],
  },
  {
    inc: '* KRAS G12C mutation documented in tumor tissue\n* Prior treatment with a KRAS G12C inhibitor is not allowed',
    want: ['+KRAS:G12C'],
  },
  {
    inc: '* Must have progressed on or after osimertinib administered as first-line treatment',
    want: ['+EGFR'],
  },
  { inc: '* KRAS-mutant NSCLC with TP53 co-mutation', want: ['+KRAS'] },
  {
    inc: '* Non-squamous NSCLC with documented STK11 and/or KEAP1 loss-of-function mutation; tumours with EGFR or ALK alterations are excluded',
    want: ['-EGFR', '-ALK'],
  },
  { inc: '* TMB-high (≥10 mut/Mb) by FoundationOne CDx; PD-L1 TPS not required', want: [] },
  { inc: '* No EGFR and/or ALK genomic alterations', want: ['-EGFR', '-ALK'] },
  {
    inc: '* Tumor must not harbor an EGFR sensitizing mutation nor an ALK rearrangement',
    want: ['-EGFR', '-ALK:FUSION'],
  },
  {
    inc: '* Neither EGFR mutation nor ALK fusion detected by tissue or plasma testing',
    want: ['-EGFR', '-ALK:FUSION'],
  },
  {
    inc: '* Cohort 1: PD-L1 TPS <1%\n* Cohort 2: PD-L1 TPS 1-49%',
    want: ['+PD-L1:TPS<1', '+PD-L1:TPS1-49'],
  },
  {
    inc: '* Previously untreated stage IV NSCLC with PD-L1 TPS < 1% or 1–49% (two separate cohorts)',
    want: ['+PD-L1:TPS<1', '+PD-L1:TPS1-49'],
  },
  // A HER2 exon 20 "mutation" is not necessarily an insertion: both exons specify HER2:MUT, which covers EX20INS.
  { inc: '* Known HER2 mutation (exon 19 or exon 20) by NGS', want: ['+HER2:MUT'] },
  {
    inc: '* EGFR exon 20 insertion mutations, including A763_Y764insFQEA',
    want: ['+EGFR:EX20INS'],
  },
  {
    inc: '* EGFR 21 exon L858R point mutation or 19 exon deletion confirmed in tissue',
    want: ['+EGFR:L858R', '+EGFR:EX19DEL'],
  },
  {
    inc: '* Patients who are positive for EGFR T790M mutation by the cobas test after failure of EGFR-TKI',
    want: ['+EGFR:T790M', '+EGFR'],
  },
  // Known positives are the ones kept out; "unknown" is only tolerance of missing tests.
  { inc: '* EGFR mutation-negative or unknown status', want: ['-EGFR'] },
  { inc: '* ALK-negative by Ventana IHC and EGFR wild-type by PCR', want: ['-ALK', '-EGFR'] },
  { exc: '* Patients without known EGFR mutation status are excluded', want: [] },
  { exc: '* Tumors that have not been tested for ALK and ROS1', want: [] },
  {
    exc: '* Known driver mutation in EGFR, ALK, ROS1 or RET; KRAS, BRAF and MET alterations are permitted',
    want: ['-EGFR', '-ALK', '-ROS1', '-RET'],
  },
  {
    inc: '* MET exon 14 skipping alteration (METΔ14) detected in tissue or plasma',
    want: ['+MET:EX14SKIP'],
  },
  {
    inc: '* High-level MET amplification (MET:CEP7 ratio ≥ 5 or mean MET GCN ≥ 10)',
    want: ['+MET:AMP'],
  },
  {
    inc: '* RET gene rearrangement-positive NSCLC (KIF5B-RET, CCDC6-RET, NCOA4-RET or other partner)',
    want: ['+RET:FUSION'],
  },
  { inc: '* TRK fusion-positive cancers (e.g., ETV6-NTRK3, TPM3-NTRK1)', want: ['+NTRK:FUSION'] },
  {
    inc: '* BRAF V600E mutation detected by NGS; non-V600E BRAF mutations are not eligible',
    want: ['+BRAF:V600E', '-BRAF:NONV600'],
  },
  {
    inc: '* BRAF class II (e.g., K601E, L597R, G469A) or class III (e.g., D594G, G466V) mutations',
    want: ['+BRAF:NONV600'],
  },
  { inc: '* KRAS G12D-mutated tumors (pancreatic, colorectal, or NSCLC)', want: ['+KRAS:G12D'] },
  { inc: '* KRAS p.Gly12Val mutation identified by a CLIA-certified assay', want: ['+KRAS:G12V'] },
  { inc: '* Tumor harbors a KRAS codon 12 mutation (any G12 substitution)', want: ['+KRAS:G12X'] },
  {
    inc: '* EGFR exon 18 G719X, exon 21 L861Q or exon 20 S768I, alone or as compound mutations',
    want: ['+EGFR:G719X', '+EGFR:L861Q', '+EGFR:S768I'],
  },
  {
    inc: '* EGFR C797S mutation (with or without T790M) detected after progression on osimertinib',
    want: ['+EGFR:C797S', '+EGFR'],
  },
  {
    exc: '* Presence of EGFR T790M mutation (such patients are eligible for osimertinib)',
    want: ['-EGFR:T790M'],
  },
  { inc: '* PD-L1 CPS ≥ 1 (22C3) for cohort A; any CPS for cohort B', want: ['+PD-L1:CPS>=1'] },
  {
    inc: '* PD-L1 TPS not required; EGFR/ALK testing required only for non-squamous histology',
    want: [],
  },
  {
    inc: '* PD-L1 TPS < 50%; patients with TPS ≥ 50% are not eligible',
    want: ['+PD-L1:TPS<50', '-PD-L1:TPS>=50'],
  },
  // SP142 TC3 is tumour-cell expression of at least 50%; IC3 is an immune-cell score with no id.
  { inc: '* PD-L1 TC3 or IC3 by the SP142 assay', want: ['+PD-L1:TPS>=50'] },
  { exc: '* PD-L1 negative tumors (TPS < 1%)', want: ['-PD-L1:TPS<1'] },
  {
    exc: '* Known ALK rearrangement, except patients who have progressed on at least one ALK inhibitor',
    want: [],
  },
  {
    inc: '* EGFR-mutated NSCLC (excluding exon 20 insertions and de novo T790M)',
    want: ['+EGFR', '-EGFR:EX20INS', '-EGFR:T790M'],
  },
  {
    inc: '* Resectable stage IIA-IIIB NSCLC eligible for neoadjuvant chemo-immunotherapy; known EGFR mutations or ALK rearrangements must be excluded before randomization',
    want: ['-EGFR', '-ALK:FUSION'],
  },
  {
    inc: '* Patients with tumours harbouring EGFR or ALK alterations are not candidates for this study',
    want: ['-EGFR', '-ALK'],
  },
  {
    inc: '* Documented oncogenic alteration in one of:\n  * ROS1 (fusion)\n  * NTRK1-3 (fusion)\n  * ALK (fusion), after at least one prior ALK TKI',
    want: ['+ROS1:FUSION', '+NTRK:FUSION', '+ALK:FUSION'],
  },
  {
    exc: '* Known driver alterations, namely:\n  a. EGFR sensitizing mutation;\n  b. ALK fusion;\n  c. ROS1 fusion;\n  d. BRAF V600E mutation',
    want: ['-EGFR', '-ALK:FUSION', '-ROS1:FUSION', '-BRAF:V600E'],
  },
  {
    inc: '* Patients with NSCLC whose tumors were tested for at least one of EGFR, ALK, ROS1, BRAF, KRAS, MET, RET, NTRK',
    want: [],
  },
  {
    inc: '* EGFR-mutant NSCLC patients receiving any line of osimertinib in routine clinical practice',
    want: ['+EGFR'],
  },
  {
    inc: '* HER2-positive NSCLC, defined as IHC 3+ or ISH amplified',
    want: ['+HER2:OVEREXP', '+HER2:AMP'],
  },
  { inc: '* Patient must not have received a prior EGFR TKI', want: [] },
  {
    inc: '* EGFR mutation-positive: exon 19 deletion (any) or exon 21 L858R, detected in ctDNA using the Guardant360 assay',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R'],
  },
  { inc: '* Positive ROS1 fusion gene test (RT-PCR or NGS)', want: ['+ROS1:FUSION'] },
  {
    inc: 'Inclusion Criteria:\n1. Age 18-75 years\n2. NSCLC patients with EGFR 19del/21L858R and brain metastases\n3. KPS ≥ 70',
    want: ['+EGFR:EX19DEL', '+EGFR:L858R'],
  },
  {
    exc: '1. Presence of EGFR exon 20 insertion or T790M mutation at baseline\n2. Previous treatment with a third-generation EGFR-TKI',
    want: ['-EGFR:EX20INS', '-EGFR:T790M'],
  },
  {
    exc: '* Small cell or mixed small cell histology\n* Known ALK or ROS1 gene fusion, or EGFR sensitizing mutation (Ex19del, L858R), unless previously treated with appropriate targeted therapy',
    want: [],
  },
  {
    inc: '* c-MET protein expression IHC 3+ in ≥ 25% of tumor cells (Ventana SP44)',
    want: ['+MET'],
  },
  // Suspended hyphens: "EGFR-" is EGFR-positive (gene level); ALK/ROS1/RET positive are fusions.
  {
    exc: '* Patients with EGFR-, ALK-, ROS1-, or RET-positive NSCLC',
    want: ['-EGFR', '-ALK:FUSION', '-ROS1:FUSION', '-RET:FUSION'],
  },
  {
    inc: '* For non-squamous histology: negative EGFR and ALK status (ROS1 unknown is allowed)',
    want: ['-EGFR', '-ALK'],
  },
  { inc: '* Squamous NSCLC, regardless of EGFR/ALK status', want: [] },
  {
    inc: '* PD-L1 expression in 1–49% of tumor cells (PD-L1 low) or ≥ 50% (PD-L1 high), each a separate stratum',
    want: ['+PD-L1:TPS1-49', '+PD-L1:TPS>=50'],
  },
  {
    inc: '* Mutated KRAS (G12C) as determined by the therascreen KRAS RGQ PCR kit',
    want: ['+KRAS:G12C'],
  },
  {
    inc: '* NSCLC harboring KRAS G12C; ineligible if a co-occurring EGFR mutation or ALK fusion is present',
    want: ['+KRAS:G12C', '-EGFR', '-ALK:FUSION'],
  },
  {
    exc: '* Tumors with known EGFR exon 19 deletion/L858R, ALK, ROS1, NTRK, RET, or BRAF V600E alterations',
    want: ['-EGFR:EX19DEL', '-EGFR:L858R', '-ALK', '-ROS1', '-NTRK', '-RET', '-BRAF:V600E'],
  },
  {
    inc: '* Disease progression following lorlatinib as the only prior ALK-TKI',
    want: ['+ALK:FUSION'],
  },
  {
    inc: '* Previously treated with at least one platinum-containing regimen; prior anti-PD-1/PD-L1 therapy is allowed',
    want: [],
  },
  { inc: '* Tumour EGFR status must be available (mutation-positive or wild-type)', want: [] },
  {
    inc: '* Relapsed SCLC after platinum; DLL3 expression not required; any PD-L1 level',
    want: [],
  },
  { inc: '* Malignant pleural mesothelioma, or NSCLC with PD-L1 ≥ 1%', want: ['+PD-L1:TPS>=1'] },
  { inc: '* EGFR E746_A750del or other exon 19 deletion', want: ['+EGFR:EX19DEL'] },
  {
    inc: '* L858R/T790M double mutation confirmed after progression on gefitinib',
    want: ['+EGFR:L858R', '+EGFR:T790M', '+EGFR'],
  },
  { inc: '* EGFR Del19 or Ex21 mutation', want: ['+EGFR:EX19DEL', '+EGFR:L858R'] },
  {
    inc: '* Driver gene negative (EGFR, ALK and ROS1 wild type)',
    want: ['-EGFR', '-ALK', '-ROS1'],
  },
  { inc: '* Pan-negative for EGFR/KRAS/ALK by NGS', want: ['-EGFR', '-KRAS', '-ALK'] },
  {
    inc: '* ROS1-rearranged NSCLC, either TKI-naïve (cohort 1) or pretreated with crizotinib or entrectinib (cohort 2)',
    want: ['+ROS1:FUSION'],
  },
  {
    inc: '* Tumour with MET amplification or MET exon 14 skipping after at least one prior EGFR TKI',
    want: ['+MET:AMP', '+MET:EX14SKIP', '+EGFR'],
  },
  { exc: '* Prior treatment with larotrectinib, entrectinib or another TRK inhibitor', want: [] },
  { inc: '* In case of an EGFR mutation, prior osimertinib is mandatory', want: [] },
  {
    inc: '* Non-squamous NSCLC with no EGFR sensitizing mutation nor ALK translocation; unknown ROS1 status is acceptable',
    want: ['-EGFR', '-ALK:FUSION'],
  },
  { inc: '* BRAF wild-type and NRAS-mutant tumours', want: ['-BRAF'] },
];
