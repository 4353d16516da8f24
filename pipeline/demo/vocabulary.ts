/**
 * Words the demo trials are made of: invented investigational agents (names no real drug
 * carries), the standard-of-care agents real lung trials compare against, outcomes,
 * sponsors and MeSH terms. Everything invented says "demo" somewhere a reader looks.
 */
import type { Gene } from '../../domain/biomarkers.js';

/** Invented agents by target, with the INN stems a reader expects (-tinib, -mab ...). */
export const DEMO_AGENTS: Readonly<Record<Gene | 'IO' | 'SCLC' | 'OTHER', readonly string[]>> = {
  EGFR: ['demertinib', 'lorvatinib-d', 'sampletinib'],
  KRAS: ['kradesib', 'mockorasib'],
  ALK: ['alkademotinib', 'fictalectinib'],
  ROS1: ['rosademotinib'],
  BRAF: ['brafiximib'],
  MET: ['metademotinib', 'placemetinib'],
  RET: ['retademotinib'],
  NTRK: ['trkademotinib'],
  HER2: ['herdemotuzumab deruxtecan-demo', 'zongademotinib'],
  'PD-L1': ['exemplimab', 'sandbolimab'],
  IO: ['exemplimab', 'sandbolimab', 'pretendolimab', 'demovalimab'],
  SCLC: ['dllademotamab', 'lurbidemotin', 'tarlademotamab'],
  OTHER: ['demoplatin-liposomal', 'vaccinia-demo-LC1', 'stereotactic demo-radiotherapy protocol'],
};

/** Standard agents and procedures that appear beside the investigational one. */
export const STANDARD_AGENTS: readonly string[] = [
  'Carboplatin',
  'Cisplatin',
  'Pemetrexed',
  'Docetaxel',
  'Paclitaxel',
  'Etoposide',
  'Gemcitabine',
  'Osimertinib',
  'Pembrolizumab',
  'Durvalumab',
  'Atezolizumab',
  'Nivolumab',
];

export const INTERVENTION_TYPES = [
  'DRUG',
  'BIOLOGICAL',
  'RADIATION',
  'PROCEDURE',
  'DEVICE',
  'BEHAVIORAL',
  'OTHER',
  'DIAGNOSTIC_TEST',
] as const;

export const ACADEMIC_SPONSORS: readonly string[] = [
  'Demo Oncology Group',
  'Demo Thoracic Oncology Consortium',
  'Demo University Cancer Center',
  'Demo Lung Cancer Research Network',
  'Demo Asia-Pacific Oncology Cooperative',
  'Demo Radiation Oncology Alliance',
  'Demo Community Oncology Network',
  'Demo European Thoracic Trials Unit',
  'Demo Therapeutics Inc.',
  'Demo Biopharma Co., Ltd.',
  'Demo Precision Medicine Institute',
  'Demo Cancer Hospital Foundation',
];

export const FACILITY_KINDS: readonly string[] = [
  'Demo Cancer Center',
  'Demo University Hospital',
  'Demo Thoracic Oncology Clinic',
  'Demo Medical Center',
  'Demo Cancer Institute',
  'Demo Regional Oncology',
  'Demo Research Site',
  'Demo Community Hospital',
];

export interface OutcomeTemplate {
  measure: string;
  time_frame: string;
  description: string | null;
}

export const PRIMARY_OUTCOMES: readonly OutcomeTemplate[] = [
  {
    measure: 'Progression-free survival (PFS) by blinded independent central review',
    time_frame: 'Up to approximately 36 months',
    description:
      'Time from randomization to radiographic progression per RECIST 1.1 or death from any cause.',
  },
  {
    measure: 'Overall survival (OS)',
    time_frame: 'Up to approximately 60 months',
    description: 'Time from randomization to death from any cause.',
  },
  {
    measure: 'Objective response rate (ORR)',
    time_frame: 'Up to approximately 24 months',
    description:
      'Proportion of participants with a confirmed complete or partial response per RECIST 1.1.',
  },
  {
    measure: 'Number of participants with dose-limiting toxicities (DLTs)',
    time_frame: 'Cycle 1 (21 days)',
    description: 'DLTs graded by NCI CTCAE v5.0 during the first cycle.',
  },
  {
    measure: 'Pathological complete response (pCR) rate',
    time_frame: 'At surgery, approximately 12 weeks after the first dose',
    description: 'Absence of viable tumor in the resected lung and lymph nodes.',
  },
  {
    measure: 'Event-free survival (EFS)',
    time_frame: 'Up to approximately 5 years',
    description: null,
  },
];

export const SECONDARY_OUTCOMES: readonly OutcomeTemplate[] = [
  {
    measure: 'Duration of response (DoR)',
    time_frame: 'Up to approximately 36 months',
    description: 'Time from first documented response to progression or death.',
  },
  {
    measure: 'Disease control rate (DCR)',
    time_frame: 'Up to approximately 24 months',
    description:
      'Proportion of participants with complete response, partial response or stable disease.',
  },
  {
    measure: 'Number of participants with treatment-emergent adverse events',
    time_frame: 'Up to 90 days after the last dose',
    description: 'Graded by NCI CTCAE v5.0.',
  },
  {
    measure: 'Intracranial objective response rate',
    time_frame: 'Up to approximately 24 months',
    description: 'Per RANO-BM in participants with measurable brain metastases.',
  },
  {
    measure: 'Change from baseline in EORTC QLQ-LC13 symptom scores',
    time_frame: 'Baseline to week 24',
    description: null,
  },
  {
    measure: 'Maximum plasma concentration (Cmax)',
    time_frame: 'Cycle 1 day 1 to cycle 2 day 1',
    description: 'Pharmacokinetics of the investigational agent.',
  },
];

export const DOCUMENT_TYPES: readonly string[] = [
  'Study Protocol',
  'Statistical Analysis Plan',
  'Informed Consent Form',
];

export interface MeshTerm {
  id: string;
  term: string;
}

/** Real MeSH descriptors (a public vocabulary, not trial data). */
export const MESH = {
  lung: { id: 'D008175', term: 'Lung Neoplasms' },
  nsclc: { id: 'D002289', term: 'Carcinoma, Non-Small-Cell Lung' },
  sclc: { id: 'D055752', term: 'Small Cell Lung Carcinoma' },
  adeno: { id: 'D000077192', term: 'Adenocarcinoma of Lung' },
  squamous: { id: 'D002294', term: 'Carcinoma, Squamous Cell' },
  neoplasmsSecondary: { id: 'D009362', term: 'Neoplasm Metastasis' },
} as const satisfies Record<string, MeshTerm>;
