/**
 * The expected answer of each profile for each trial, from truth.json's description of the
 * trial (written from its text) by the rules in README.md beside this file. Written apart
 * from api/query/match.ts on purpose: it reads the hand description, never biomarker rows.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EGFR_SENSITIZING, parseExpressionRange, rangeWithin } from '../../domain/biomarkers.js';
import type { ExpressionRange } from '../../domain/biomarkers.js';
import type { MatchStatus } from '../../api/query/match.js';

export const TRUTH_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'truth.json');

export interface Profile {
  id: string;
  label: string;
  diagnosisType: 'nsclc' | 'sclc';
  stage?: string;
  markers: string[];
  negativeFor: string[];
}

type Cohort = string[] | { for: string[]; all: string[] };

export interface TruthTrial {
  population: string | null;
  admits: string[];
  stages?: Partial<Record<'nsclc' | 'sclc', string[]>>;
  cohorts: Cohort[];
  excluded: string[];
  must_know?: string[];
  skip?: Record<string, string>;
}

export interface Truth {
  profiles: Profile[];
  trials: Record<string, TruthTrial>;
}

export function loadTruth(file = TRUTH_FILE): Truth {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Truth;
}

interface Marker {
  gene: string;
  /** Alterations that meet it; null: any sequence alteration of the gene. */
  alterations: string[] | null;
  range: ExpressionRange | null;
  negated: boolean;
}

function parseMarker(raw: string): Marker {
  const negated = raw.startsWith('!');
  const [gene, alt] = (negated ? raw.slice(1) : raw).split(':');
  if (gene === 'PD-L1') {
    const range = alt ? parseExpressionRange(alt) : null;
    if (alt && !range) throw new Error(`truth.json: bad PD-L1 marker ${raw}`);
    return { gene, alterations: null, range, negated };
  }
  const alterations =
    alt === undefined ? null : alt === 'SENSITIZING' ? [...EGFR_SENSITIZING] : [alt];
  return { gene, alterations, range: null, negated };
}

const EXPRESSION = 'OVEREXP';

/** The profile's positive sequence alterations of a gene (expression is another test). */
function sequence(p: Profile, gene: string): string[] {
  return p.markers
    .map(parseMarker)
    .filter((m) => m.gene === gene && m.alterations !== null)
    .flatMap((m) => m.alterations!)
    .filter((a) => a !== EXPRESSION);
}

function score(p: Profile): ExpressionRange | null {
  return p.markers.map(parseMarker).find((m) => m.gene === 'PD-L1')?.range ?? null;
}

type State = 'met' | 'contradicted' | 'unknown';

function markerState(m: Marker, p: Profile): State {
  if (m.gene === 'PD-L1') {
    const s = score(p);
    if (!s) return 'unknown';
    if (!m.range) return 'met';
    return rangeWithin(s, m.range) ? 'met' : 'contradicted';
  }
  const found = sequence(p, m.gene);
  const tested = found.length > 0 || p.negativeFor.includes(m.gene);
  if (m.negated) return found.length > 0 ? 'contradicted' : tested ? 'met' : 'unknown';
  if (m.alterations?.includes(EXPRESSION))
    return p.markers.includes(`${m.gene}:${EXPRESSION}`) ? 'met' : 'unknown';
  const meets =
    m.alterations === null ? found.length > 0 : found.some((a) => m.alterations!.includes(a));
  if (meets) return 'met';
  return tested ? 'contradicted' : 'unknown';
}

function excludesProfile(raw: string, p: Profile): boolean {
  const m = parseMarker(raw);
  if (m.gene === 'PD-L1') {
    const s = score(p);
    return s !== null && (m.range === null || rangeWithin(s, m.range));
  }
  const found = sequence(p, m.gene);
  return m.alterations === null ? found.length > 0 : found.some((a) => m.alterations!.includes(a));
}

function known(gene: string, p: Profile): boolean {
  if (gene === 'PD-L1') return score(p) !== null;
  return sequence(p, gene).length > 0 || p.negativeFor.includes(gene);
}

/** The marker lists of the cohorts open to the profile's type. */
function openCohorts(t: TruthTrial, p: Profile): string[][] {
  return t.cohorts
    .filter((c) => Array.isArray(c) || c.for.includes(p.diagnosisType))
    .map((c) => (Array.isArray(c) ? c : c.all));
}

/**
 * Whether the profile could enter the trial through a marker it has: its expected status is
 * eligible or needs_testing, and some open cohort requires a marker the profile has and
 * nothing the profile rules out (other markers may still need a test). What a marker filter
 * (/trials `mutations`) should find for the profile.
 */
export function entersThroughMarker(t: TruthTrial, p: Profile): boolean {
  const status = expectedStatus(t, p);
  if (status !== 'eligible' && status !== 'needs_testing') return false;
  return openCohorts(t, p).some(
    (c) =>
      c.some((raw) => !raw.startsWith('!') && markerState(parseMarker(raw), p) === 'met') &&
      c.every((raw) => markerState(parseMarker(raw), p) !== 'contradicted'),
  );
}

/** The expected status, or null when the trial's text leaves this profile's answer open. */
export function expectedStatus(t: TruthTrial, p: Profile): MatchStatus | null {
  if (t.skip?.[p.id]) return null;
  const type = p.diagnosisType;
  if (!t.admits.includes(type)) return 'ineligible';
  const stages = t.stages?.[type];
  if (p.stage && stages && !stages.includes(p.stage)) return 'ineligible';
  if (t.excluded.some((e) => excludesProfile(e, p))) return 'ineligible';
  const states = openCohorts(t, p)
    .map((c) => c.map((raw) => markerState(parseMarker(raw), p)))
    .map((s): State =>
      s.includes('contradicted') ? 'contradicted' : s.every((x) => x === 'met') ? 'met' : 'unknown',
    );
  const allKnown = (t.must_know ?? []).every((g) => known(g, p));
  if (states.includes('met')) return allKnown ? 'eligible' : 'needs_testing';
  return states.includes('unknown') ? 'needs_testing' : 'ineligible';
}
