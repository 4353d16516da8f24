/** Diagnosis type, stage and population vocabulary (the `diagnosisType`, `cancerStage` and `stage` filters). */

export const DIAGNOSIS_TYPES = ['nsclc', 'sclc'] as const;
export type DiagnosisType = (typeof DIAGNOSIS_TYPES)[number];

/** Filter values: a type, or `unknown` for no restriction (the contract's default). */
export const DIAGNOSIS_TYPE_FILTERS = ['nsclc', 'sclc', 'unknown'] as const;
export type DiagnosisTypeFilter = (typeof DIAGNOSIS_TYPE_FILTERS)[number];

export const SCLC_STAGES = ['limited', 'extensive'] as const;
export type SclcStage = (typeof SCLC_STAGES)[number];

/** NSCLC stage signals of a trial, and the NSCLC values of the `stage` filter. */
export const NSCLC_STAGES = [
  'early',
  'resectable',
  'stage_iii_unresectable',
  'locally_advanced',
  'metastatic',
] as const;
export type NsclcStage = (typeof NSCLC_STAGES)[number];

/** The `stage` filter: a patient's stage in the NSCLC or the SCLC vocabulary. */
export const STAGES = [...NSCLC_STAGES, ...SCLC_STAGES] as const;
export type Stage = (typeof STAGES)[number];

export function isSclcStage(stage: Stage): stage is SclcStage {
  return (SCLC_STAGES as readonly string[]).includes(stage);
}

/**
 * The trial stage signals that admit a patient at each NSCLC stage. Neighbouring settings
 * overlap in the registries' wording: "early-stage" trials take resectable patients and
 * "resectable" ones early-stage patients; "locally advanced" trials are for unresectable
 * stage III disease and the reverse. A metastatic patient is admitted only by `metastatic`.
 */
export const NSCLC_STAGE_ADMITTED_BY: Readonly<Record<NsclcStage, readonly NsclcStage[]>> = {
  early: ['early', 'resectable'],
  resectable: ['resectable', 'early'],
  locally_advanced: ['locally_advanced', 'stage_iii_unresectable'],
  stage_iii_unresectable: ['stage_iii_unresectable', 'locally_advanced'],
  metastatic: ['metastatic'],
};

/**
 * Who a trial is for: patients with lung cancer; a pan-tumour population (solid tumours in
 * general, or several tumour types lung among them); people without cancer (screening,
 * early detection, pulmonary nodules, prevention); or another tumour type only.
 */
export const POPULATIONS = ['lung_cancer', 'pan_tumour', 'screening', 'other_tumour'] as const;
export type Population = (typeof POPULATIONS)[number];

/** Populations that take lung cancer patients (unless the trial excludes their type). */
export const LUNG_PATIENT_POPULATIONS: readonly Population[] = ['lung_cancer', 'pan_tumour'];
