import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../../pipeline/biomarkers/eval/evaluate.js';
import { defaultDataDir } from '../../../pipeline/biomarkers/eval/corpus.js';

// Quality gate on the labelled real trials (criteria read from ../shared/data/ctgov).
describe('biomarker evaluation on the labelled set', () => {
  it('has the shared trial data', () => {
    expect(
      fs.existsSync(defaultDataDir()),
      `shared trial data missing: ${defaultDataDir()} (needed by the biomarker evaluation)`,
    ).toBe(true);
  });

  // A floor under the ConText engine's figures (2026-11-27 afternoon: alteration level 97.3 /
  // 97.1, gene level 98.8 / 96.6), not a target: these labels are the ones the rules were read on.
  it('keeps the F1 floors at alteration and gene level', () => {
    const report = evaluate();
    expect(report.trials).toBeGreaterThanOrEqual(100);
    expect(report.trialsWithBiomarkers).toBeGreaterThan(40);
    expect(report.overall.required.f1).toBeGreaterThanOrEqual(0.95);
    expect(report.overall.excluded.f1).toBeGreaterThanOrEqual(0.95);
    expect(report.geneLevel.required.f1).toBeGreaterThanOrEqual(0.96);
  });
});
