/**
 * A trial that excludes a class of drivers without naming one ("known actionable genomic
 * alterations"): the rows the extractor writes for it shut out a patient who has a member, leave
 * the others as they were, and never show in the trial's biomarker lists.
 */
import { describe, expect, it } from 'vitest';
import { presentDetailTrial } from '../../api/present.js';
import { judgeTrial, lungRows, matchStatus, trialWays } from '../../api/query/match.js';
import type { PatientProfile } from '../../api/query/types.js';
import type { Gene } from '../../domain/biomarkers.js';
import { extractBiomarkers } from '../../pipeline/biomarkers/index.js';
import { trialRow } from '../helpers/trial-fixtures.js';

const NO_EVIDENCE = {
  diagnosis_types: [],
  sclc_stages: [],
  nsclc_stages: [],
  population: [],
  excluded_types: [],
};

const rowsOf = (inclusion: string, exclusion: string) =>
  extractBiomarkers({ nct_id: 'NCT00000001', inclusion, exclusion });

const has = (gene: Gene, alteration: string): PatientProfile => ({
  positives: [{ gene, alteration }],
  negativeFor: [],
});

function verdict(rows: ReturnType<typeof rowsOf>, p: PatientProfile) {
  const full = judgeTrial(rows, p);
  // The status-only path /match runs over every kept trial must agree.
  expect(matchStatus(trialWays(lungRows(rows)), p, new Map())).toBe(full.status);
  return full;
}

describe('/match and a class of drivers excluded', () => {
  const io = rowsOf(
    '* Stage IV NSCLC',
    '* Known actionable genomic alterations\n* Prior anti-PD-1 therapy',
  );

  it('rules out a patient with a member of the class, saying why', () => {
    const v = verdict(io, has('EGFR', 'L858R'));
    expect(v.status).toBe('ineligible');
    expect(v.reason).toMatch(/EGFR L858R, which the patient has \(the criteria exclude a class/);
    expect(v.rows.map((r) => [r.role, r.row.scope, r.row.source_text])).toEqual([
      ['excludes', 'driver_class', 'Known actionable genomic alterations'],
    ]);
    expect(verdict(io, has('ALK', 'FUSION')).status).toBe('ineligible');
  });

  it('leaves a patient whose alteration is outside the class as before', () => {
    expect(verdict(io, has('KRAS', 'G12D')).status).toBe('eligible');
    expect(verdict(io, { positives: [], negativeFor: ['EGFR', 'ALK'] }).status).toBe('eligible');
  });

  it('never excludes the marker the trial itself requires', () => {
    const alk = rowsOf('* Documented ALK rearrangement', '* Other known oncogenic drivers');
    expect(verdict(alk, has('ALK', 'FUSION')).status).toBe('eligible');
    expect(verdict(alk, has('KRAS', 'G12D')).status).toBe('ineligible');
  });

  it('shows the class rows in neither biomarker list of the trial', () => {
    const detail = presentDetailTrial(trialRow('NCT00000001'), [], io, [], NO_EVIDENCE);
    expect(detail.biomarkers).toEqual([]);
    expect(detail.other_cohort_biomarkers).toEqual([]);
  });
});
