/**
 * Every ConText row earns its place: it fires on the criterion its row gives as its example
 * (a modifier reaches a marker there; a pseudo or terminate row's cue is found there), and the
 * firings across the labelled real text are counted so rows that real trials never use show up
 * (`npm run eval:biomarkers` prints the table).
 */
import { describe, expect, it } from 'vitest';
import { explainBiomarkers } from '../../../pipeline/biomarkers/extract.js';
import {
  ANAPHOR_RULES,
  CONTEXT_RULES,
  TUMOUR_RULES,
} from '../../../pipeline/biomarkers/context/rules.js';
import { cueIdsIn } from '../../../pipeline/biomarkers/context/engine.js';
import { evaluate } from '../../../pipeline/biomarkers/eval/evaluate.js';

const ALL = [...CONTEXT_RULES, ...TUMOUR_RULES];

function firedOn(example: string): Set<string> {
  const inExclusion = /\(exclusion\)/.test(example);
  const text = `* ${example.replace(/\s*\(exclusion\)/, '')}`;
  const fired = new Set<string>(cueIdsIn(text, ['pseudo', 'terminate']));
  explainBiomarkers(
    {
      nct_id: 'NCT00000000',
      inclusion: inExclusion ? null : text,
      exclusion: inExclusion ? text : null,
    },
    (p) => {
      for (const id of p.fired) fired.add(id);
    },
  );
  return fired;
}

describe('ConText rule table', () => {
  it('has unique rule ids and no pattern syntax in its words', () => {
    expect(new Set(ALL.map((r) => r.id)).size).toBe(ALL.length);
    // Words, the '*' ending, and the punctuation tokens ';', ':' ("Note:") and ',' (", with").
    for (const r of ALL) for (const w of r.words) expect(w).toMatch(/^[a-z0-9 ;:,*]+$/);
  });

  it.each(ALL.map((r) => [r.id, r] as const))('%s fires on its own example', (_id, rule) => {
    expect([...firedOn(rule.example)]).toContain(rule.id);
  });

  it.each(ANAPHOR_RULES.map((r) => [r.id, r] as const))(
    '%s carries a cue to the markers of its own example',
    (id, rule) => {
      const carried = [...firedOn(rule.example)].filter((f) => f.endsWith(`+${id}`));
      expect(carried.length).toBeGreaterThan(0);
      expect(rule.words.every((w) => /^[a-z0-9 *]+$/.test(w))).toBe(true);
    },
  );

  it('counts firings on the labelled real trials, every rule listed', () => {
    const report = evaluate();
    expect(Object.keys(report.ruleFirings)).toEqual(expect.arrayContaining(ALL.map((r) => r.id)));
    expect(report.deadRules.every((id) => report.ruleFirings[id] === 0)).toBe(true);
    // Negation before the marker is the workhorse of real criteria.
    expect(report.ruleFirings['negation.forward']).toBeGreaterThan(20);
  });
});
