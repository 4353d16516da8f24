/**
 * Which trials carry biomarker requirements and which ones, hitting the scale's exact row
 * and trial counts. The first biomarker trials take the coverage clauses (every gene and
 * alteration, required and excluded, every PD-L1 cut-off); the rest get a theme: a
 * targeted trial for one driver gene, or an immunotherapy trial with a PD-L1 cut-off that
 * excludes driver-positive patients, as real lung cancer trials do.
 */
import type { Gene } from '../../domain/biomarkers.js';
import {
  MULTI_CLAUSES,
  PDL1_CLAUSES,
  TrialBiomarkerSet,
  coverageClauses,
  singleClauses,
  themeClauses,
  type Clause,
} from './biomarker-clauses.js';
import { nudgeToTotal, type DemoRandom } from './random.js';
import type { TrialPlan } from './trial-plan.js';

export interface BiomarkerPlan {
  /** The theme gene of the trial (drives title and agent), or null. */
  theme: Gene | null;
  set: TrialBiomarkerSet;
}

const THEME_GENES: ReadonlyArray<readonly [Gene, number]> = [
  ['EGFR', 26],
  ['PD-L1', 28],
  ['KRAS', 12],
  ['ALK', 8],
  ['MET', 6],
  ['HER2', 6],
  ['ROS1', 4],
  ['BRAF', 4],
  ['RET', 4],
  ['NTRK', 2],
];

/** Rows per biomarker trial before the exact-total adjustment (mean ~2.3 like the contract's 7,704 / 3,383). */
const ROW_COUNTS: ReadonlyArray<readonly [number, number]> = [
  [1, 36],
  [2, 26],
  [3, 19],
  [4, 11],
  [5, 5],
  [6, 3],
];
const MAX_ROWS = 8;

const EXCLUDED_DRIVERS = [
  ...MULTI_CLAUSES.filter((c) => c.section === 'exclusion'),
  ...singleClauses(1).filter((c) => c.section === 'exclusion'),
];

export function planBiomarkers(
  plans: readonly TrialPlan[],
  target: { rows: number; trials: number },
  rng: DemoRandom,
): Map<number, BiomarkerPlan> {
  // Biomarker criteria belong to trials with eligibility text; SCLC-only trials rarely
  // select on these genes, so they come last.
  const eligible = plans.filter((p) => p.has_eligibility);
  const preferred = rng.shuffle(eligible.filter((p) => p.diagnosis !== 'sclc'));
  const rest = rng.shuffle(eligible.filter((p) => p.diagnosis === 'sclc'));
  const chosen = [...preferred, ...rest].slice(0, target.trials);
  if (chosen.length < target.trials)
    throw new Error(
      `demo: only ${chosen.length} trials can carry biomarkers, need ${target.trials}`,
    );
  chosen.sort((a, b) => a.index - b.index);

  const capacities = exactCounts(chosen.length, target.rows, rng);
  const sets = chosen.map(() => new TrialBiomarkerSet());

  // Coverage first, round-robin, each clause into the next trial with room for it.
  let cursor = 0;
  for (const clause of coverageClauses()) {
    for (let tries = 0; tries < sets.length; tries++) {
      const i = (cursor + tries) % sets.length;
      if (sets[i].fits(clause, capacities[i])) {
        sets[i].add(clause);
        cursor = i + 1;
        break;
      }
    }
  }

  const out = new Map<number, BiomarkerPlan>();
  chosen.forEach((plan, i) => {
    const set = sets[i];
    const theme = set.clauses.length > 0 ? themeOf(set.clauses[0]) : rng.weighted(THEME_GENES);
    if (set.size === 0) addFirst(set, themeClauses(theme, rng.int(0, 2)), capacities[i], rng);
    fill(set, theme, capacities[i], rng);
    out.set(plan.index, { theme, set });
  });
  return out;
}

/** Row counts per trial, each in [1, MAX_ROWS], summing exactly to `total`. */
function exactCounts(n: number, total: number, rng: DemoRandom): number[] {
  if (total < n || total > n * MAX_ROWS)
    throw new Error(`demo: cannot spread ${total} biomarker rows over ${n} trials`);
  const counts = Array.from({ length: n }, () => rng.weighted(ROW_COUNTS));
  return nudgeToTotal(counts, total, MAX_ROWS, [...counts.keys()], rng);
}

function themeOf(clause: Clause): Gene {
  return clause.rows[0].gene;
}

function addFirst(
  set: TrialBiomarkerSet,
  candidates: readonly Clause[],
  capacity: number,
  rng: DemoRandom,
): void {
  for (const c of rng.shuffle(candidates)) {
    if (set.fits(c, capacity)) {
      set.add(c);
      return;
    }
  }
}

/**
 * Tops a trial up to exactly `capacity` rows: theme-flavoured clauses first, then any
 * single-row clause (there are ~70, so a compatible one always exists).
 */
function fill(set: TrialBiomarkerSet, theme: Gene, capacity: number, rng: DemoRandom): void {
  const flavoured =
    theme === 'PD-L1'
      ? EXCLUDED_DRIVERS
      : [
          ...themeClauses(theme, rng.int(0, 2)),
          ...EXCLUDED_DRIVERS.filter((c) =>
            c.rows.every((r) => r.gene !== theme || r.alteration !== null),
          ),
          ...PDL1_CLAUSES,
        ];
  for (const pool of [flavoured, singleClauses(rng.int(0, 2))]) {
    for (const c of rng.shuffle(pool)) {
      if (set.size >= capacity) return;
      if (set.fits(c, capacity)) set.add(c);
    }
  }
  if (set.size !== capacity)
    throw new Error(`demo: could not fill ${capacity} biomarker rows (have ${set.size})`);
}
