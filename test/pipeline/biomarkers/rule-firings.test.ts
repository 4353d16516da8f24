/**
 * Every polarity rule earns its place: it fires on the criterion its table row gives as its
 * example, and the firings across the labelled real text are counted so rules that real
 * trials never use show up (`npm run eval:biomarkers` prints the table; docs/biomarkers.md
 * lists the ones at zero).
 */
import { describe, expect, it } from 'vitest';
import { explainBiomarkers } from '../../../pipeline/biomarkers/extract.js';
import { MARKER_RULES, THERAPY_RULES } from '../../../pipeline/biomarkers/polarity/index.js';
import { evaluate } from '../../../pipeline/biomarkers/eval/evaluate.js';

const ALL = [...MARKER_RULES, ...THERAPY_RULES];

describe('polarity rule table', () => {
  it('has unique rule ids', () => {
    expect(new Set(ALL.map((r) => r.id)).size).toBe(ALL.length);
  });

  it.each(ALL.map((r) => [r.id, r] as const))('%s fires on its own example', (_id, rule) => {
    const inExclusion = /\(exclusion\)/.test(rule.example);
    const text = `* ${rule.example.replace(/\s*\(exclusion\)/, '')}`;
    const fired = new Set<string>();
    explainBiomarkers(
      {
        nct_id: 'NCT00000000',
        inclusion: inExclusion ? null : text,
        exclusion: inExclusion ? text : null,
      },
      (p) => {
        for (const id of p.rules) fired.add(id);
      },
    );
    expect([...fired]).toContain(rule.id);
  });

  it('counts firings on the labelled real trials, every rule listed', () => {
    const report = evaluate();
    expect(Object.keys(report.ruleFirings)).toEqual(expect.arrayContaining(ALL.map((r) => r.id)));
    expect(report.deadRules.every((id) => report.ruleFirings[id] === 0)).toBe(true);
    // Negation before the mention is the workhorse of real criteria.
    expect(report.ruleFirings['negation.before']).toBeGreaterThan(20);
  });
});
