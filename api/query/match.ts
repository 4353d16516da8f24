/**
 * GET /match: which trials a patient could enter, from what the patient is known to have
 * (positive alterations and PD-L1 score), the genes tested negative, and nothing else
 * assumed. Each trial's lung biomarker rows are read as its ways in: the rows with no
 * requirement group are needed whichever way, each group adds one way (a cohort, or one
 * branch of "EGFR or ALK"); inside a way, rows of one gene are alternatives and every gene
 * is needed. Exclusions apply to every way.
 *
 * A required row is met, contradicted or unknown for the patient:
 * - a PD-L1 cut-off: met when the patient's score lies inside it, contradicted when outside,
 *   unknown without a score of that metric;
 * - protein expression (OVEREXP): met only by a listed expression positive, else unknown (an
 *   IHC test, which sequencing does not answer);
 * - any other row: met by a listed alteration it covers (a gene-level row covers every
 *   sequence alteration of the gene); contradicted when the gene was tested (listed in
 *   negativeFor, or positive for another alteration of it); unknown otherwise.
 */
import {
  coveredBy,
  coveringAlterations,
  formatExpressionRange,
  isExpressionAlteration,
  positiveScore,
  rangesOverlap,
  rangeWithin,
  type Gene,
} from '../../domain/biomarkers.js';
import type { BiomarkerRow } from '../../domain/rows.js';
import { MATCH_STATUSES, type ROW_ROLES } from '../openapi/schemas.js';
import { describeRow } from './explain.js';
import { rowRange } from './trial-index.js';
import type { PatientProfile } from './types.js';

export type MatchStatus = (typeof MATCH_STATUSES)[number];

export type RowVerdict = 'met' | 'contradicted' | 'unknown';

export { MATCH_STATUSES };
export type RowRole = (typeof ROW_ROLES)[number];

export interface TrialVerdict {
  status: MatchStatus;
  reason: string;
  /** needs_testing: the tests that could open a way in, e.g. "MET AMP", "PD-L1 TPS>=50". */
  tests: string[];
  /** The requirement group the status rests on; null for the rows needed whichever way in. */
  group: number | null;
  /** The rows behind the verdict: met and open rows of the way in, the rows contradicted, or the excluding rows. */
  rows: { row: BiomarkerRow; role: RowRole }[];
}

const tagged = (rows: readonly BiomarkerRow[], role: RowRole) => {
  const seen = new Set<BiomarkerRow>();
  return rows.filter((r) => !seen.has(r) && !!seen.add(r)).map((row) => ({ row, role }));
};

function sequencePositives(p: PatientProfile, gene: Gene): string[] {
  return p.positives.flatMap((m) =>
    m.gene === gene && m.alteration !== undefined && !isExpressionAlteration(m.alteration)
      ? [m.alteration]
      : [],
  );
}

function pdl1Verdict(row: BiomarkerRow, p: PatientProfile): RowVerdict {
  const need = rowRange(row);
  const scores = p.positives.flatMap((m) => (m.range ? [m.range] : []));
  // PD-L1 with no cut-off ("PD-L1 positive", "PD-L1+ NSCLC") is a positive score: 1 or more.
  if (need === null) {
    if (scores.some((s) => rangeWithin(s, positiveScore(s.metric)))) return 'met';
    return scores.some((s) => !rangesOverlap(s, positiveScore(s.metric)))
      ? 'contradicted'
      : 'unknown';
  }
  const score = scores.find((s) => s.metric === need.metric);
  if (!score) return 'unknown';
  if (rangeWithin(score, need)) return 'met';
  return rangesOverlap(score, need) ? 'unknown' : 'contradicted';
}

export function requiredRowVerdict(row: BiomarkerRow, p: PatientProfile): RowVerdict {
  if (row.gene === 'PD-L1') return pdl1Verdict(row, p);
  if (isExpressionAlteration(row.alteration)) {
    const listed = p.positives.some((m) => m.gene === row.gene && m.alteration === row.alteration);
    return listed ? 'met' : 'unknown';
  }
  const found = sequencePositives(p, row.gene);
  if (row.alteration === null) {
    if (found.length > 0) return 'met';
    return p.negativeFor.includes(row.gene) ? 'contradicted' : 'unknown';
  }
  const wanted = coveredBy(row.gene, row.alteration);
  if (found.some((a) => wanted.includes(a))) return 'met';
  // A broader alteration than the row's ("KRAS G12X" for a G12C row) leaves it open.
  if (found.some((a) => coveredBy(row.gene, a).includes(row.alteration!))) return 'unknown';
  if (found.length > 0 || p.negativeFor.includes(row.gene)) return 'contradicted';
  return 'unknown';
}

/** Whether an excluded row shuts the patient out: it names something the patient has. */
export function excludesPatient(row: BiomarkerRow, p: PatientProfile): boolean {
  if (row.gene === 'PD-L1') {
    const out = rowRange(row);
    // No cut-off: a positive score (1 or more) is what is excluded.
    return p.positives.some(
      (m) => m.range && rangeWithin(m.range, out ?? positiveScore(m.range.metric)),
    );
  }
  return p.positives.some(
    (m) =>
      m.gene === row.gene &&
      m.alteration !== undefined &&
      (row.alteration === null
        ? !isExpressionAlteration(m.alteration)
        : coveringAlterations(m.gene, m.alteration).includes(row.alteration)),
  );
}

interface Way {
  group: number | null;
  rows: BiomarkerRow[];
}

/** The trial's ways in: the ungrouped rows, plus each group's rows (one way when there is no group). */
function waysIn(required: BiomarkerRow[]): Way[] {
  const common = required.filter((r) => r.group === null);
  const groups = [...new Set(required.flatMap((r) => (r.group === null ? [] : [r.group])))];
  if (groups.length === 0) return [{ group: null, rows: common }];
  return groups.map((g) => ({
    group: g,
    rows: [...common, ...required.filter((r) => r.group === g)],
  }));
}

interface WayVerdict {
  way: Way;
  verdict: RowVerdict;
  met: BiomarkerRow[];
  contradicted: BiomarkerRow[];
  unknown: BiomarkerRow[];
}

function judgeWay(way: Way, p: PatientProfile): WayVerdict {
  const out: WayVerdict = { way, verdict: 'met', met: [], contradicted: [], unknown: [] };
  const genes = [...new Set(way.rows.map((r) => r.gene))];
  for (const gene of genes) {
    const rows = way.rows.filter((r) => r.gene === gene);
    const verdicts = rows.map((r) => requiredRowVerdict(r, p));
    if (verdicts.includes('met')) out.met.push(...rows.filter((_r, i) => verdicts[i] === 'met'));
    else if (verdicts.every((v) => v === 'contradicted')) {
      out.contradicted.push(...rows);
      out.verdict = 'contradicted';
    } else {
      out.unknown.push(...rows.filter((_r, i) => verdicts[i] === 'unknown'));
      if (out.verdict === 'met') out.verdict = 'unknown';
    }
  }
  return out;
}

function testLabel(row: BiomarkerRow): string {
  const range = rowRange(row);
  if (range) return `PD-L1 ${formatExpressionRange(range)}`;
  if (row.gene === 'PD-L1') return 'PD-L1';
  return row.alteration ? `${row.gene} ${row.alteration}` : `${row.gene} (any alteration)`;
}

const labels = (rows: BiomarkerRow[]) => [...new Set(rows.map(describeRow))].join(', ');

/**
 * A trial with no lung biomarker row: eligible whatever the patient has. One shared answer,
 * since /match judges every trial its filters keep and most trials have no row (frozen: a
 * page's presenter only reads it).
 */
const NO_REQUIREMENT: TrialVerdict = Object.freeze({
  status: 'eligible',
  reason: 'no biomarker requirement',
  tests: Object.freeze([]) as unknown as string[],
  group: null,
  rows: Object.freeze([]) as unknown as TrialVerdict['rows'],
});

interface Assessment {
  /** Lung rows the trial excludes and the patient has. */
  excluding: BiomarkerRow[];
  ways: WayVerdict[];
}

/** The row-level work of a verdict, no words: what judgeTrial and matchStatus both read. */
function assess(lung: readonly BiomarkerRow[], p: PatientProfile): Assessment {
  const excluding = lung.filter((b) => b.requirement === 'excluded' && excludesPatient(b, p));
  if (excluding.length > 0) return { excluding, ways: [] };
  const ways = waysIn(lung.filter((b) => b.requirement === 'required')).map((w) => judgeWay(w, p));
  return { excluding, ways };
}

/**
 * The rows a verdict reads: a trial's lung rows and the members of a class of drivers it
 * excludes without naming them (another tumour type's cohort never counts).
 */
export const lungRows = (markers: readonly BiomarkerRow[]): BiomarkerRow[] =>
  markers.filter((b) => b.scope === 'lung' || b.scope === 'driver_class');

/**
 * A trial's lung rows arranged for matchStatus, whatever the patient: the excluded rows,
 * and each way in as its genes' rows (judgeWay's grouping, done once).
 */
export interface TrialWays {
  excluded: readonly BiomarkerRow[];
  ways: readonly (readonly (readonly BiomarkerRow[])[])[];
}

export function trialWays(lung: readonly BiomarkerRow[]): TrialWays {
  return {
    excluded: lung.filter((b) => b.requirement === 'excluded'),
    ways: waysIn(lung.filter((b) => b.requirement === 'required')).map((way) =>
      [...new Set(way.rows.map((r) => r.gene))].map((g) => way.rows.filter((r) => r.gene === g)),
    ),
  };
}

/** A row's verdict depends only on what it asks (gene, alteration, cut-off): one call per kind and patient. */
function rowKey(r: BiomarkerRow): string {
  return `${r.gene}|${r.alteration}|${r.metric}|${r.comparator}|${r.cutoff}|${r.cutoff_high}`;
}

/**
 * judgeTrial's status alone, without the reason, tests and rows: /match judges every trial
 * its filters keep, and words only the page's. `memo` holds row verdicts for this patient
 * (a fresh Map per patient). Same answer as judgeTrial(...).status (test/api/match-status.test.ts).
 */
export function matchStatus(
  t: TrialWays,
  p: PatientProfile,
  memo: Map<string, RowVerdict>,
): MatchStatus {
  for (const row of t.excluded) if (excludesPatient(row, p)) return 'ineligible';
  let open = false;
  for (const genes of t.ways) {
    let way: RowVerdict = 'met';
    for (const rows of genes) {
      let met = false;
      let allContradicted = true;
      for (const row of rows) {
        const key = rowKey(row);
        let v = memo.get(key);
        if (v === undefined) memo.set(key, (v = requiredRowVerdict(row, p)));
        if (v === 'met') met = true;
        if (v !== 'contradicted') allContradicted = false;
      }
      if (met) continue;
      if (allContradicted) way = 'contradicted';
      else if (way === 'met') way = 'unknown';
    }
    if (way === 'met') return 'eligible';
    if (way === 'unknown') open = true;
  }
  return open ? 'needs_testing' : 'ineligible';
}

/** The patient against one trial's biomarker rows (all scopes given; only lung rows count). */
export function judgeTrial(markers: readonly BiomarkerRow[], p: PatientProfile): TrialVerdict {
  const lung = lungRows(markers);
  if (lung.length === 0) return NO_REQUIREMENT;
  const { excluding, ways } = assess(lung, p);
  if (excluding.length > 0) {
    return {
      status: 'ineligible',
      reason: `excludes ${labels(excluding)}, which the patient has${
        excluding.some((r) => r.scope === 'driver_class')
          ? ' (the criteria exclude a class of drivers it belongs to)'
          : ''
      }`,
      tests: [],
      group: null,
      rows: tagged(excluding, 'excludes'),
    };
  }
  const met = ways.find((w) => w.verdict === 'met');
  if (met) {
    return {
      status: 'eligible',
      reason:
        met.met.length > 0
          ? `requires ${labels(met.met)}, which the patient has`
          : 'no biomarker requirement',
      tests: [],
      group: met.way.group,
      rows: tagged(met.met, 'met'),
    };
  }
  const open = ways.filter((w) => w.verdict === 'unknown');
  if (open.length > 0) {
    const tests = [...new Set(open.flatMap((w) => w.unknown.map(testLabel)))];
    return {
      status: 'needs_testing',
      reason: `could enter after testing for ${tests.join(' or ')}`,
      tests,
      group: open.length === 1 ? open[0].way.group : null,
      rows: [
        ...tagged(
          open.flatMap((w) => w.met),
          'met',
        ),
        ...tagged(
          open.flatMap((w) => w.unknown),
          'unknown',
        ),
      ],
    };
  }
  const against = ways.flatMap((w) => w.contradicted);
  return {
    status: 'ineligible',
    reason: `requires ${labels(against)}, which the patient's results rule out`,
    tests: [],
    group: ways.length === 1 ? ways[0].way.group : null,
    rows: tagged(against, 'contradicted'),
  };
}
