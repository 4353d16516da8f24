/**
 * The facts of one demo trial before any text is written: design, status and dates that
 * agree with each other (a not-yet-recruiting trial starts in the future, a completed one
 * has finished), diagnosis and stage signals, eligibility and sponsor.
 */
import type { DiagnosisType, NsclcStage, SclcStage } from '../../domain/diagnosis.js';
import { NSCLC_STAGES } from '../../domain/diagnosis.js';
import type { PhaseCode, StudyType } from '../../domain/phase.js';
import type { Sex } from '../../domain/sex.js';
import { SPONSOR_SOURCES, type SourceIdentity } from '../../domain/sources.js';
import type { CoveringChooser } from './chooser.js';
import type { DemoRandom } from './random.js';

export type DiagnosisPattern = 'nsclc' | 'sclc' | 'both' | 'none';
export type SclcStagePattern = 'limited' | 'extensive' | 'both' | 'none';

export interface TrialPlan {
  index: number;
  nct_id: string;
  study_type: StudyType;
  phases: PhaseCode[];
  /** Registry overallStatus, or null when the record has none. */
  overall_status: string | null;
  diagnosis: DiagnosisPattern;
  diagnosis_types: DiagnosisType[];
  sclc_pattern: SclcStagePattern | null;
  sclc_stages: SclcStage[];
  nsclc_stages: NsclcStage[];
  sex: Sex;
  age_min: number | null;
  age_max: number | null;
  has_eligibility: boolean;
  /** Pharma sponsor (one of the 19) or null for an academic/biotech sponsor. */
  pharma: SourceIdentity | null;
  sponsor: string;
  /** The sponsor registry lists the trial too (pharma_url). */
  on_sponsor_registry: boolean;
  /** Only the sponsor registry has it: no registry record, id in the sponsor's style. */
  sponsor_only: boolean;
  enrollment: number | null;
  dates: TrialDates;
}

export interface TrialDates {
  study_start: number | null;
  first_posted: number;
  primary_completion: number | null;
  study_completion: number | null;
  last_updated: number;
}

const DAY = 86_400_000;

const INTERVENTIONAL_STATUSES: ReadonlyArray<readonly [string | null, number]> = [
  ['RECRUITING', 22],
  ['NOT_YET_RECRUITING', 6],
  ['ENROLLING_BY_INVITATION', 1.5],
  ['ACTIVE_NOT_RECRUITING', 10],
  ['COMPLETED', 36],
  ['TERMINATED', 9],
  ['WITHDRAWN', 3],
  ['SUSPENDED', 0.7],
  ['UNKNOWN', 9],
  [null, 0.3],
];
const EXPANDED_ACCESS_STATUSES: ReadonlyArray<readonly [string, number]> = [
  ['NO_LONGER_AVAILABLE', 4],
  ['AVAILABLE', 3],
  ['TEMPORARILY_NOT_AVAILABLE', 1],
  ['APPROVED_FOR_MARKETING', 1],
];
const STUDY_TYPES: ReadonlyArray<readonly [StudyType, number]> = [
  ['Interventional', 77],
  ['Observational', 22],
  ['Expanded Access', 1],
];
const PHASE_SETS: ReadonlyArray<readonly [PhaseCode[], number]> = [
  [['PHASE2'], 30],
  [['PHASE1'], 17],
  [['PHASE1', 'PHASE2'], 11],
  [['PHASE3'], 14],
  [['PHASE2', 'PHASE3'], 3],
  [['EARLY_PHASE1'], 2],
  [['PHASE4'], 4],
  [['NA'], 19],
];
const DIAGNOSES: ReadonlyArray<readonly [DiagnosisPattern, number]> = [
  ['nsclc', 65],
  ['sclc', 12],
  ['both', 5],
  ['none', 18],
];
const SCLC_PATTERNS: ReadonlyArray<readonly [SclcStagePattern, number]> = [
  ['limited', 30],
  ['extensive', 40],
  ['both', 10],
  ['none', 20],
];
const SEXES: ReadonlyArray<readonly [Sex, number]> = [
  ['ALL', 95],
  ['FEMALE', 3],
  ['MALE', 2],
];
const AGE_PATTERNS: ReadonlyArray<readonly [[number | null, number | null], number]> = [
  [[18, null], 58],
  [[18, 75], 8],
  [[65, null], 4],
  [[null, null], 5],
  [[18, 80], 5],
  [[20, null], 5],
  [[18, 70], 4],
  [[12, null], 1],
  [[70, null], 2],
  [[null, 75], 1],
  [[19, null], 3],
  [[18, 65], 4],
];

export interface PlanContext {
  rng: DemoRandom;
  chooser: CoveringChooser;
  now: number;
  trials: number;
  academicSponsors: readonly string[];
}

export function planTrial(
  index: number,
  nctId: string,
  ctx: PlanContext,
  sponsorOnly: boolean,
): TrialPlan {
  const { rng, chooser } = ctx;
  const study_type = sponsorOnly ? 'Interventional' : chooser.choose('study_type', STUDY_TYPES);
  const phases: PhaseCode[] =
    study_type === 'Interventional' ? chooser.choose('phases', PHASE_SETS).slice() : [];
  const overall_status =
    study_type === 'Expanded Access'
      ? chooser.choose('ea_status', EXPANDED_ACCESS_STATUSES)
      : chooser.choose('status', INTERVENTIONAL_STATUSES);

  const diagnosis = chooser.choose('diagnosis', DIAGNOSES);
  const diagnosis_types: DiagnosisType[] =
    diagnosis === 'both' ? ['nsclc', 'sclc'] : diagnosis === 'none' ? [] : [diagnosis];
  const sclc_pattern = diagnosis_types.includes('sclc')
    ? chooser.choose('sclc_pattern', SCLC_PATTERNS)
    : null;
  const sclc_stages: SclcStage[] =
    sclc_pattern === 'both'
      ? ['limited', 'extensive']
      : sclc_pattern === 'limited' || sclc_pattern === 'extensive'
        ? [sclc_pattern]
        : [];
  const nsclc_stages: NsclcStage[] =
    diagnosis_types.includes('nsclc') && rng.chance(0.7)
      ? NSCLC_STAGES.filter(() => rng.chance(0.3)).slice(0, 2)
      : [];

  const sex = chooser.choose('sex', SEXES);
  const [age_min, age_max] = chooser.choose('age', AGE_PATTERNS);

  const pharmaShare = sponsorOnly ? 1 : 0.4;
  const pharma = rng.chance(pharmaShare)
    ? chooser.choose(
        'pharma',
        SPONSOR_SOURCES.map((s) => [s, 1] as const),
      )
    : null;
  const sponsor = pharma ? `${pharma.name} (demo)` : rng.pick(ctx.academicSponsors);
  const on_sponsor_registry = sponsorOnly || (pharma !== null && rng.chance(0.7));

  const dates = planDates(rng, ctx.now, study_type, overall_status);
  return {
    index,
    nct_id: nctId,
    study_type,
    phases,
    overall_status,
    diagnosis,
    diagnosis_types,
    sclc_pattern,
    sclc_stages,
    nsclc_stages,
    sex,
    age_min,
    age_max,
    has_eligibility: true,
    pharma,
    sponsor,
    on_sponsor_registry,
    sponsor_only: sponsorOnly,
    enrollment: planEnrollment(rng, phases, study_type, overall_status),
    dates,
  };
}

function planEnrollment(
  rng: DemoRandom,
  phases: readonly PhaseCode[],
  type: StudyType,
  status: string | null,
): number | null {
  if (status === 'WITHDRAWN') return 0;
  if (type === 'Expanded Access') return null;
  if (rng.chance(0.01)) return null;
  const mean =
    type === 'Observational'
      ? 300
      : phases.includes('PHASE3')
        ? 550
        : phases.includes('PHASE2')
          ? 90
          : phases.includes('PHASE1') || phases.includes('EARLY_PHASE1')
            ? 35
            : 120;
  return Math.max(1, Math.round(mean * Math.exp(0.7 * gaussian(rng) - 0.245)));
}

/** Standard normal draw (Box-Muller). */
export function gaussian(rng: DemoRandom): number {
  const u = Math.max(rng.float(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.float());
}

function planDates(
  rng: DemoRandom,
  now: number,
  type: StudyType,
  status: string | null,
): TrialDates {
  const days = (a: number, b: number) => rng.int(a, b) * DAY;
  const past = (maxYears: number, minDays = 10) => now - days(minDays, Math.round(maxYears * 365));
  let first_posted: number;
  let study_start: number | null;
  let primary_completion: number | null;
  let last_updated: number;
  switch (status) {
    case 'NOT_YET_RECRUITING':
      first_posted = past(1);
      study_start = now + days(20, 270);
      primary_completion = study_start + days(500, 1800);
      last_updated = Math.max(first_posted, now - days(1, 90));
      break;
    case 'RECRUITING':
    case 'ENROLLING_BY_INVITATION':
      first_posted = past(6);
      study_start = Math.min(now - DAY, first_posted + days(-60, 120));
      primary_completion = now + days(60, 1500);
      // A few recruiting records nobody has touched for years: the stale_record flag's case.
      last_updated = rng.chance(0.04) ? now - days(800, 1500) : now - days(1, 330);
      last_updated = Math.max(last_updated, first_posted);
      break;
    case 'ACTIVE_NOT_RECRUITING':
      first_posted = past(10, 700);
      study_start = first_posted + days(-30, 120);
      primary_completion = rng.chance(0.5) ? now + days(30, 900) : now - days(30, 700);
      last_updated = Math.max(first_posted, now - days(1, 600));
      break;
    case 'UNKNOWN':
      first_posted = past(20, 1500);
      study_start = first_posted + days(0, 180);
      primary_completion = study_start + days(365, 1500);
      last_updated = Math.min(now - days(760, 900), primary_completion + days(0, 400));
      last_updated = Math.max(last_updated, first_posted);
      break;
    default: {
      // Finished one way or another: completed, terminated, withdrawn, suspended, expanded access.
      first_posted = past(20, 500);
      study_start = first_posted + days(-30, 150);
      primary_completion = Math.min(now - days(30, 200), study_start + days(200, 2000));
      if (primary_completion < study_start) primary_completion = study_start + days(30, 90);
      last_updated = Math.min(now - DAY, primary_completion + days(30, 700));
    }
  }
  let study_completion = primary_completion === null ? null : primary_completion + days(0, 720);
  if (
    study_completion !== null &&
    status !== null &&
    ['COMPLETED', 'TERMINATED', 'WITHDRAWN'].includes(status)
  ) {
    study_completion = Math.min(study_completion, last_updated);
    if (study_completion < (primary_completion ?? 0)) primary_completion = study_completion;
  }
  if (type === 'Expanded Access') {
    study_start = null;
    primary_completion = null;
    study_completion = null;
  } else {
    if (rng.chance(0.03)) primary_completion = null;
    if (rng.chance(0.05)) study_completion = null;
  }
  return {
    first_posted,
    study_start,
    primary_completion,
    study_completion,
    last_updated: Math.max(last_updated, first_posted),
  };
}

export function isoDate(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString().slice(0, 10);
}
