import { describe, expect, it } from 'vitest';
import { computeFlags } from '../../../pipeline/flags/compute.js';
import type { BiomarkerRow } from '../../../domain/rows.js';
import { trialRecord } from './records.js';

const now = new Date('2026-10-01T00:00:00Z');
const eligible = { inclusion_criteria: '* Adults with NSCLC', exclusion_criteria: null };
const geocoded = [{ latitude: 40.7, longitude: -74 }];

function kinds(flags: { kind: string }[]): string[] {
  return flags.map((f) => f.kind).sort();
}

describe('computeFlags', () => {
  it('raises no flag on a clean recruiting trial', () => {
    const r = trialRecord(
      {
        nct_id: 'NCT90000010',
        status: 'Recruiting',
        last_updated: '2026-06-01',
        age_min: 18,
        age_max: 80,
        ...eligible,
      },
      geocoded,
    );
    expect(computeFlags({ records: [r], biomarkers: [], now })).toEqual([]);
  });

  it('flags a recruiting record not updated for over two years, not one updated within two years', () => {
    const stale = trialRecord(
      { nct_id: 'NCT90000011', status: 'Recruiting', last_updated: '2024-09-30', ...eligible },
      geocoded,
    );
    const fresh = trialRecord(
      { nct_id: 'NCT90000012', status: 'Enrolling', last_updated: '2024-10-01', ...eligible },
      geocoded,
    );
    const completed = trialRecord(
      { nct_id: 'NCT90000013', status: 'Completed', last_updated: '2015-01-01', ...eligible },
      geocoded,
    );
    const flags = computeFlags({ records: [stale, fresh, completed], biomarkers: [], now });
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({
      nct_id: 'NCT90000011',
      kind: 'stale_record',
      severity: 'warning',
      source: 'ctgov',
    });
    expect(JSON.parse(flags[0].details!)).toEqual({
      status: 'Recruiting',
      last_updated: '2024-09-30',
      checked_on: '2026-10-01',
    });
  });

  it('flags each sponsor whose status disagrees with the registry', () => {
    const r = trialRecord({ nct_id: 'NCT90000020', status: 'Recruiting', ...eligible }, geocoded);
    const sponsorStatuses = new Map([
      [
        'NCT90000020',
        [
          { slug: 'pfizer', status: 'Closed' as const },
          { slug: 'merck', status: 'Recruiting' as const },
          { slug: 'novartis', status: null },
        ],
      ],
    ]);
    const flags = computeFlags({ records: [r], biomarkers: [], sponsorStatuses, now });
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ kind: 'status_disagreement', source: 'pfizer' });
    expect(JSON.parse(flags[0].details!)).toEqual({
      registry_status: 'Recruiting',
      sponsor: 'pfizer',
      sponsor_status: 'Closed',
    });
  });

  it('flags sites none of which has coordinates, but not a trial with no sites', () => {
    const ungeocoded = trialRecord({ nct_id: 'NCT90000030', ...eligible }, [
      { city: 'Boston' },
      { city: 'Austin', latitude: 30.2, longitude: null },
    ]);
    const siteless = trialRecord({ nct_id: 'NCT90000031', ...eligible });
    const flags = computeFlags({ records: [ungeocoded, siteless], biomarkers: [], now });
    expect(flags.map((f) => [f.nct_id, f.kind])).toEqual([['NCT90000030', 'no_geocodable_site']]);
    expect(JSON.parse(flags[0].details!)).toEqual({ site_count: 2 });
  });

  it('flags inverted age bounds as an error', () => {
    const r = trialRecord(
      { nct_id: 'NCT90000040', age_min: 65, age_max: 18, ...eligible },
      geocoded,
    );
    const flags = computeFlags({ records: [r], biomarkers: [], now });
    expect(flags).toMatchObject([{ kind: 'age_bounds_inverted', severity: 'error' }]);
    expect(JSON.parse(flags[0].details!)).toEqual({ age_min: 65, age_max: 18 });
  });

  it('flags a trial with no eligibility text', () => {
    const r = trialRecord(
      { nct_id: 'NCT90000050', inclusion_criteria: null, exclusion_criteria: '  ' },
      geocoded,
    );
    expect(kinds(computeFlags({ records: [r], biomarkers: [], now }))).toEqual([
      'missing_eligibility',
    ]);
  });

  it('flags a biomarker both required and excluded, with both source sentences', () => {
    const r = trialRecord({ nct_id: 'NCT90000060', ...eligible }, geocoded);
    const row = (
      requirement: 'required' | 'excluded',
      alteration: string | null,
      section: string,
      text: string,
    ): BiomarkerRow => ({
      nct_id: 'NCT90000060',
      gene: 'EGFR',
      alteration,
      requirement,
      metric: null,
      comparator: null,
      cutoff: null,
      cutoff_high: null,
      section,
      source_text: text,
      scope: 'lung',
      group: requirement === 'required' ? 1 : null,
    });
    const biomarkers = [
      row('required', 'T790M', 'inclusion', 'EGFR T790M mutation'),
      row('excluded', 'T790M', 'exclusion', 'Known T790M'),
      row('required', null, 'inclusion', 'EGFR mutation'),
      row('excluded', 'EX20INS', 'inclusion', 'excluding exon 20 insertions'),
    ];
    const flags = computeFlags({ records: [r], biomarkers, now });
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({
      kind: 'biomarker_contradiction',
      message: 'EGFR T790M is both required and excluded',
    });
    expect(JSON.parse(flags[0].details!)).toMatchObject({
      gene: 'EGFR',
      alteration: 'T790M',
      required: [{ section: 'inclusion', source_text: 'EGFR T790M mutation' }],
      excluded: [{ section: 'exclusion', source_text: 'Known T790M' }],
    });
  });
});
