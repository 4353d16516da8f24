/**
 * Diagnosis evidence: the word hints that skip most text never skip a piece the classifier
 * would read as a signal (compared with the unfiltered search), and every signal of a
 * trial whose text states it has at least one piece of evidence.
 */
import { describe, expect, it } from 'vitest';
import { findEvidence } from '../../api/query/evidence.js';
import { generateDemoTables } from '../../pipeline/demo/index.js';
import { realTables } from '../helpers/real-tables.js';

describe('diagnosis evidence', () => {
  it('finds with the hints exactly what the unfiltered search finds (real records and demo data)', async () => {
    const demo = generateDemoTables({ scale: 'demo', now: new Date('2026-11-01T00:00:00Z') });
    const trials = [...(await realTables()).trials, ...demo.trials];
    let signals = 0;
    for (const t of trials) {
      const hinted = findEvidence(t);
      expect(hinted, t.nct_id).toEqual(findEvidence(t, false));
      signals +=
        hinted.diagnosis_types.length + hinted.sclc_stages.length + hinted.nsclc_stages.length;
    }
    expect(signals).toBeGreaterThan(trials.length);
  }, 60_000);

  it('names a piece of text for each type signal of the real records', async () => {
    for (const t of (await realTables()).trials) {
      const e = findEvidence(t);
      for (const type of t.diagnosis_types)
        expect(
          e.diagnosis_types.map((x) => x.value),
          t.nct_id,
        ).toContain(type);
      for (const x of e.diagnosis_types) expect(t.diagnosis_types).toContain(x.value);
    }
  });
});
