/** Precision, recall and F1 over sets of units, grouped the ways the issue asks for. */
import type { Unit } from './units.js';
import { unitKey } from './units.js';

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

export interface Figures extends Counts {
  precision: number;
  recall: number;
  f1: number;
}

export function figures(c: Counts): Figures {
  // An empty group (nothing expected, nothing found) is perfect, not undefined.
  const precision = c.tp + c.fp === 0 ? 1 : c.tp / (c.tp + c.fp);
  const recall = c.tp + c.fn === 0 ? 1 : c.tp / (c.tp + c.fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { ...c, precision, recall, f1 };
}

/** Counts per group, where `group` maps a unit to its group name (null: not counted). */
export function countBy(
  expected: Unit[],
  found: Unit[],
  group: (u: Unit) => string | null,
  project: (u: Unit) => string = unitKey,
): Map<string, Counts> {
  const out = new Map<string, Counts>();
  const get = (g: string) => {
    let c = out.get(g);
    if (!c) out.set(g, (c = { tp: 0, fp: 0, fn: 0 }));
    return c;
  };
  const exp = new Map<string, Unit>();
  for (const u of expected) exp.set(project(u), u);
  const got = new Map<string, Unit>();
  for (const u of found) got.set(project(u), u);
  for (const [k, u] of got) {
    const g = group(u);
    if (g === null) continue;
    if (exp.has(k)) get(g).tp++;
    else get(g).fp++;
  }
  for (const [k, u] of exp) {
    const g = group(u);
    if (g === null) continue;
    if (!got.has(k)) get(g).fn++;
  }
  return out;
}

export function figuresBy(
  expected: Unit[],
  found: Unit[],
  group: (u: Unit) => string | null,
  project?: (u: Unit) => string,
): Record<string, Figures> {
  const out: Record<string, Figures> = {};
  const counts = countBy(expected, found, group, project);
  for (const k of [...counts.keys()].sort()) out[k] = figures(counts.get(k)!);
  return out;
}
