/**
 * Phase and study-type vocabulary. Trials carry the registry's phase codes
 * (`phases[]` in ClinicalTrials.gov v2); the API shows a label and filters on
 * `trialPhase`, where "Phase II" matches every trial whose phases include phase 2.
 */

export const PHASE_CODES = ['EARLY_PHASE1', 'PHASE1', 'PHASE2', 'PHASE3', 'PHASE4', 'NA'] as const;
export type PhaseCode = (typeof PHASE_CODES)[number];

export const STUDY_TYPES = ['Interventional', 'Observational', 'Expanded Access'] as const;
export type StudyType = (typeof STUDY_TYPES)[number];

export const TRIAL_PHASE_FILTERS = [
  'Early Phase I',
  'Phase I',
  'Phase II',
  'Phase III',
  'Phase IV',
  'Not Applicable',
  'Interventional',
  'Observational',
  'All Phases',
] as const;
export type TrialPhaseFilter = (typeof TRIAL_PHASE_FILTERS)[number];

/**
 * Which phase codes each phase `trialPhase` value matches (early phase 1 is phase 1 too;
 * Not Applicable is the registry's NA: device, behavioural and other studies without phases).
 */
export const PHASE_FILTER_CODES: Readonly<Partial<Record<TrialPhaseFilter, readonly PhaseCode[]>>> =
  {
    'Early Phase I': ['EARLY_PHASE1'],
    'Phase I': ['EARLY_PHASE1', 'PHASE1'],
    'Phase II': ['PHASE2'],
    'Phase III': ['PHASE3'],
    'Phase IV': ['PHASE4'],
    'Not Applicable': ['NA'],
  };

/** The `trialPhase` value of one phase code: the filter a client names with the stored code. */
const FILTER_OF_CODE: Readonly<Record<PhaseCode, TrialPhaseFilter>> = {
  EARLY_PHASE1: 'Early Phase I',
  PHASE1: 'Phase I',
  PHASE2: 'Phase II',
  PHASE3: 'Phase III',
  PHASE4: 'Phase IV',
  NA: 'Not Applicable',
};

/**
 * A `trialPhase` value in either spelling: the label ("Phase III", any case) or the stored
 * code and its variants ("PHASE3", "Phase 3", "EARLY_PHASE1", "NA", "N/A"). Null for text
 * naming no value, or several phases ("Phase 1/Phase 2": list them instead).
 */
export function parsePhaseFilter(raw: string): TrialPhaseFilter | null {
  const key = raw.trim().toLowerCase().replace(/\s+/g, ' ');
  const label = TRIAL_PHASE_FILTERS.find((f) => f.toLowerCase() === key);
  if (label) return label;
  if (/^n\/?a$/.test(key)) return 'Not Applicable';
  const codes = parsePhases(raw);
  return codes.length === 1 ? FILTER_OF_CODE[codes[0]] : null;
}

export const PHASE_FILTER_STUDY_TYPE: Readonly<Partial<Record<TrialPhaseFilter, StudyType>>> = {
  Interventional: 'Interventional',
  Observational: 'Observational',
};

const ROMAN: Readonly<Record<PhaseCode, string>> = {
  EARLY_PHASE1: 'Early Phase I',
  PHASE1: 'Phase I',
  PHASE2: 'Phase II',
  PHASE3: 'Phase III',
  PHASE4: 'Phase IV',
  NA: 'N/A',
};

/** Display label: "Phase I/II", "Phase III", "Early Phase I", "N/A", or null with no phase. */
export function phaseLabel(phases: readonly PhaseCode[]): string | null {
  const sorted = PHASE_CODES.filter((p) => phases.includes(p));
  if (sorted.length === 0) return null;
  if (sorted.length === 1) return ROMAN[sorted[0]];
  const numbered = sorted.filter((p) => p !== 'NA');
  return 'Phase ' + numbered.map((p) => ROMAN[p].replace(/^(Early )?Phase /, '')).join('/');
}

/** Accepts v2 codes ("PHASE2"), "Phase 2", "Phase II", "Phase 1/Phase 2", "Early Phase 1", "N/A". */
export function parsePhases(raw: string | readonly string[] | null | undefined): PhaseCode[] {
  if (!raw) return [];
  const parts = (Array.isArray(raw) ? raw : String(raw).split(/[/,|]|\band\b/i)) as string[];
  const out = new Set<PhaseCode>();
  for (const part of parts) {
    const s = part
      .trim()
      .toUpperCase()
      .replace(/[\s_-]+/g, '');
    if (!s) continue;
    if ((PHASE_CODES as readonly string[]).includes(part.trim().toUpperCase())) {
      out.add(part.trim().toUpperCase() as PhaseCode);
      continue;
    }
    if (/^(N\/?A|NOTAPPLICABLE)$/.test(s)) out.add('NA');
    else if (/EARLY(PHASE)?(1|I)$/.test(s) || s === 'PHASE0' || s === '0') out.add('EARLY_PHASE1');
    else {
      const m = s.match(/^(?:PHASE)?(IV|III|II|I|4|3|2|1)$/);
      if (m)
        out.add(
          (
            {
              I: 'PHASE1',
              '1': 'PHASE1',
              II: 'PHASE2',
              '2': 'PHASE2',
              III: 'PHASE3',
              '3': 'PHASE3',
              IV: 'PHASE4',
              '4': 'PHASE4',
            } as const
          )[m[1] as 'I'],
        );
    }
  }
  return PHASE_CODES.filter((p) => out.has(p));
}

/** Normalises "INTERVENTIONAL", "interventional", "Expanded Access" to the label. */
export function parseStudyType(raw: string | null | undefined): StudyType | null {
  if (!raw) return null;
  const s = raw
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  if (s === 'INTERVENTIONAL') return 'Interventional';
  if (s === 'OBSERVATIONAL' || s === 'OBSERVATIONAL_PATIENT_REGISTRY') return 'Observational';
  if (s === 'EXPANDED_ACCESS') return 'Expanded Access';
  return null;
}
