/** Diagnosis type and stage vocabulary (the `diagnosisType` and `cancerStage` filters). */

export const DIAGNOSIS_TYPES = ['nsclc', 'sclc'] as const;
export type DiagnosisType = (typeof DIAGNOSIS_TYPES)[number];

/** Filter values: a type, or `unknown` for no restriction (the contract's default). */
export const DIAGNOSIS_TYPE_FILTERS = ['nsclc', 'sclc', 'unknown'] as const;
export type DiagnosisTypeFilter = (typeof DIAGNOSIS_TYPE_FILTERS)[number];

export const SCLC_STAGES = ['limited', 'extensive'] as const;
export type SclcStage = (typeof SCLC_STAGES)[number];

/** NSCLC stage signals carried on the detail view (not a filter). */
export const NSCLC_STAGES = [
  'early',
  'resectable',
  'stage_iii_unresectable',
  'locally_advanced',
  'metastatic',
] as const;
export type NsclcStage = (typeof NSCLC_STAGES)[number];
