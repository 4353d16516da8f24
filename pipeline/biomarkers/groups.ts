/**
 * Requirement groups: which required markers a patient must have together. Criteria of a
 * section are all required (AND); labelled cohorts are alternatives (OR); inside one
 * criterion, markers of different genes joined as a list ("EGFR, ALK or ROS1") are
 * alternatives and markers joined by "with", "plus", "and concurrent" are required together.
 * The result is the disjunctive normal form: each group is one way in. A row every way in
 * needs keeps group null (as do all rows of a trial with one way in); a row some ways in
 * share is written once per group.
 */
import type { Gene } from '../../domain/biomarkers.js';

/** Where a required row came from, as far as grouping needs to know. */
export interface GroupUnit {
  /** The cohort label governing the criterion, or '' for criteria every cohort shares. */
  cohort: string;
  /** One criterion (statement) of one section, or one title/condition. */
  criterion: string;
  /** The criterion joins its markers with "with" / "plus" / "and concurrent" (all required). */
  together: boolean;
}

export interface Groupable {
  gene: Gene;
  requirement: string;
  scope: string;
  group: number | null;
  unit?: GroupUnit;
}

/** Beyond this many ways in, further or-lists become groups of their own (lenient, never wrong by AND). */
const MAX_GROUPS = 24;

export function assignGroups<R extends Groupable>(rows: R[], key: (r: R) => string): R[] {
  const required = rows.filter((r) => r.requirement === 'required' && r.scope === 'lung');
  const ways = waysIn(required, key);
  // A row every way in needs is simply required: it keeps group null, like a trial with one way in.
  const groupsOf = (r: R) =>
    ways.every((w) => w.includes(r))
      ? [null]
      : ways.flatMap((w, i) => (w.includes(r) ? [i + 1] : []));
  const seen = new Set<string>();
  return rows.flatMap((r) =>
    (required.includes(r) ? groupsOf(r) : [null])
      .filter(
        (g) => !seen.has(`${key(r)}|${r.scope}|${g}`) && !!seen.add(`${key(r)}|${r.scope}|${g}`),
      )
      .map((group) => ({ ...r, group })),
  );
}

function waysIn<R extends Groupable>(required: R[], key: (r: R) => string): R[][] {
  const criteria = new Map<string, { cohort: string; rows: R[]; together: boolean }>();
  for (const r of required) {
    const u = r.unit ?? { cohort: '', criterion: `row:${key(r)}`, together: false };
    const c = criteria.get(u.criterion) ?? { cohort: u.cohort, rows: [], together: u.together };
    c.rows.push(r);
    criteria.set(u.criterion, c);
  }
  const cohorts = [...new Set([...criteria.values()].map((c) => c.cohort))].filter((c) => c);
  const ways = (cohorts.length > 0 ? cohorts : ['']).flatMap((cohort) => {
    const conjuncts = [...criteria.values()]
      .filter((c) => c.cohort === '' || c.cohort === cohort)
      .map((c) => (c.together ? [c.rows] : byGene(c.rows)));
    // A criterion restated elsewhere ("EGFR/ALK negative" in both sections) is one conjunct.
    return product(distinct(conjuncts, (alts) => alts.map((a) => signature(a, key)).join('||')));
  });
  return distinct(ways, (w) => signature(w, key));
}

const signature = <R>(rows: R[], key: (r: R) => string) =>
  [...new Set(rows.map(key))].sort().join('&');

function distinct<T>(items: T[], sig: (t: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((t) => !seen.has(sig(t)) && !!seen.add(sig(t)));
}

function byGene<R extends Groupable>(rows: R[]): R[][] {
  const out = new Map<Gene, R[]>();
  for (const r of rows) out.set(r.gene, [...(out.get(r.gene) ?? []), r]);
  return [...out.values()];
}

/** Every choice of one alternative per conjunct; or-lists past MAX_GROUPS stand alone. */
function product<R>(conjuncts: R[][][]): R[][] {
  let ways: R[][] = [[]];
  const alone: R[][] = [];
  for (const alternatives of conjuncts) {
    if (ways.length * alternatives.length > MAX_GROUPS) {
      alone.push(...alternatives);
      continue;
    }
    ways = ways.flatMap((w) => alternatives.map((a) => [...w, ...a]));
  }
  return [...ways.filter((w) => w.length > 0), ...alone];
}

/** "EGFR mutation with MET amplification", "KRAS G12C plus PD-L1 >= 50%": required together. */
const TOGETHER =
  /\b(?:with|plus|along with|as well as|in addition to|co-?occurring|concurrent|concomitant|acquired|and also)\b/i;
/** "EGFR mutation and MET amplification": an "and" after a marker that has its own qualifier. */
const AND_AFTER_QUALIFIED =
  /\b(?:mutat\w*|fusion\w*|amplifi\w*|rearrange\w*|express\w*|positive|[0-9]+\s*%)\s+and\b/i;

/** Whether the markers of one criterion, in text order, are joined as "all of them". */
export function joinedTogether(
  text: string,
  spans: { start: number; end: number; gene: Gene }[],
): boolean {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i].gene === sorted[i - 1].gene) continue;
    const gap = text.slice(sorted[i - 1].start, sorted[i].start);
    if (/\bor\b/i.test(gap)) continue;
    if (TOGETHER.test(gap) || (AND_AFTER_QUALIFIED.test(gap) && !gap.includes(','))) return true;
  }
  return false;
}
