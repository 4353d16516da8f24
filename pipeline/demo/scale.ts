/** Sizes of the two demo scales. `full` matches the counts the API contract states. */
export type DemoScale = 'demo' | 'full';

export interface ScaleTargets {
  trials: number;
  sites: number;
  biomarkerRows: number;
  biomarkerTrials: number;
}

const FULL: ScaleTargets = {
  trials: 14_534,
  sites: 376_000,
  biomarkerRows: 7_704,
  biomarkerTrials: 3_383,
};
const DEMO_TRIALS = 300;

/** The demo scale keeps the full scale's proportions (sites per trial, biomarker share). */
export const SCALE_TARGETS: Readonly<Record<DemoScale, ScaleTargets>> = {
  full: FULL,
  demo: {
    trials: DEMO_TRIALS,
    sites: Math.round((DEMO_TRIALS * FULL.sites) / FULL.trials),
    biomarkerRows: Math.round((DEMO_TRIALS * FULL.biomarkerRows) / FULL.trials),
    biomarkerTrials: Math.round((DEMO_TRIALS * FULL.biomarkerTrials) / FULL.trials),
  },
};

export const DEFAULT_DEMO_SEED = 'lungtrials-demo';

export function demoTrialId(index: number): string {
  return `DEMO-${String(index + 1).padStart(6, '0')}`;
}

export const DEMO_BASE_URL = 'https://demo.lungtrials.example';
