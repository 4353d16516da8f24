/**
 * A class of drivers excluded without naming one ("no known actionable genomic alterations"):
 * its members are `driver_class` rows (DRIVER_CLASSES), read by the same ConText engine as a
 * named marker, so negation, ruling-out, conditions, carve-outs and labels work on it alike.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DRIVER_CLASSES } from '../../../domain/biomarkers.js';
import { formatUnit } from '../../../pipeline/biomarkers/eval/units.js';
import { classUnits, extractUnits } from '../../helpers/biomarker-units.js';

const members = (cls: keyof typeof DRIVER_CLASSES, except: string[] = []) =>
  DRIVER_CLASSES[cls]
    .filter(([gene]) => !except.includes(gene))
    .map(([gene, alteration]) =>
      formatUnit({
        nct_id: 'NCT00000000',
        requirement: 'excluded',
        gene,
        alteration: alteration ?? '*',
      }),
    )
    .sort();

describe('a class of drivers named without a marker', () => {
  it('excludes the class when the exclusion criteria name it', () => {
    expect(classUnits({ exclusion: '* Known actionable genomic alterations' })).toEqual(
      members('actionable'),
    );
    expect(
      classUnits({
        exclusion: '* Tumors with targetable alterations with approved available therapy.',
      }),
    ).toEqual(members('actionable'));
    expect(classUnits({ exclusion: '* Patients with a known oncogenic driver' })).toEqual(
      members('oncogenic'),
    );
  });

  it('excludes it when the inclusion criteria negate it, and not when they require it', () => {
    expect(
      classUnits({
        inclusion: '* No known actionable driver alteration with approved first-line therapy',
      }),
    ).toEqual(members('actionable'));
    expect(
      classUnits({
        inclusion:
          '* Patients with actionable genomic alterations must have progressed on targeted therapy',
      }),
    ).toEqual([]);
    expect(classUnits({ inclusion: '* Documented actionable genomic alteration' })).toEqual([]);
  });

  it('leaves out the genes an exception carves out, and those the trial requires', () => {
    expect(
      classUnits({
        exclusion: "* Patient's cancer has a known oncogenic driver alteration other than ALK.",
      }),
    ).toEqual(members('oncogenic', ['ALK']));
    expect(
      classUnits({
        inclusion: '* Documented ALK rearrangement',
        exclusion: '* Other known oncogenic drivers',
      }),
    ).toEqual(members('oncogenic', ['ALK']));
  });

  it('is no class where markers named for it say what it is, or it qualifies a gene', () => {
    for (const exclusion of [
      '* Known actionable alterations (EGFR, ALK)',
      '* Known actionable alterations, i.e. EGFR or ALK',
      '* Known driver mutations in EGFR or ALK',
      '* Known actionable mutation/gene rearrangement of EGFR or ALK',
      '* Known EGFR driver mutation',
    ]) {
      expect(classUnits({ exclusion }), exclusion).toEqual([]);
      expect(extractUnits({ exclusion }).length, exclusion).toBeGreaterThan(0);
    }
  });

  it('stays the class beside the markers given as its examples', () => {
    for (const exclusion of [
      '* Known actionable alterations (e.g., EGFR, ALK)',
      '* Known actionable alterations such as EGFR or ALK',
      '* Known actionable alterations, including but not limited to EGFR or ALK',
    ]) {
      expect(classUnits({ exclusion }), exclusion).toEqual(members('actionable'));
      expect(extractUnits({ exclusion }), exclusion).toEqual(['-ALK', '-EGFR']);
    }
  });

  it('is the actionable class where approved or available therapy qualifies a driver', () => {
    expect(
      classUnits({
        exclusion:
          '* Driver mutations for which targeted therapies are approved as frontline treatment',
      }),
    ).toEqual(members('actionable'));
  });

  it('gates nothing as a therapy target, a data item, a condition, or words referring back', () => {
    for (const c of [
      { exclusion: '* Has received a targeted therapy for an actionable genomic alteration' },
      { exclusion: '* Incomplete common driver mutation data' },
      {
        inclusion:
          '* No additional treatments are allowed for individuals with no actionable genomic alterations',
      },
      {
        exclusion:
          '* Known EGFR or ALK alterations (all patients must be tested to identify these driver alterations)',
      },
    ])
      expect(classUnits(c), JSON.stringify(c)).toEqual([]);
  });

  it('is no exclusion of the trial where it names a cohort or labels the criteria after it', () => {
    expect(
      classUnits({ exclusion: '* Targetable Oncogene - Biopsy Cohort (includes blood draw)' }),
    ).toEqual([]);
    expect(
      classUnits({
        inclusion:
          '* For participants without actionable mutations: have progressed on anti-PD-1 therapy',
      }),
    ).toEqual([]);
    expect(
      classUnits({ inclusion: '* Subjects without actionable genomic alterations (AGAs):' }),
    ).toEqual([]);
  });

  it('reads alike whatever neutral words, qualifier or head noun the class is written with', () => {
    const qualifier = fc.constantFrom('actionable', 'targetable', 'druggable');
    const modifier = fc.constantFrom('', 'genomic ', 'molecular ', 'genetic ', 'oncogenic ');
    const head = fc.constantFrom('alterations', 'mutations', 'aberrations', 'drivers', 'variants');
    const neutral = fc.constantFrom('', 'known ', 'documented ', 'other known ');
    const frame = fc.constantFrom(
      (p: string) => ({ exclusion: `* Patients with ${p}` }),
      (p: string) => ({ exclusion: `* ${p[0].toUpperCase()}${p.slice(1)} (per local testing)` }),
      (p: string) => ({ inclusion: `* No ${p}` }),
      (p: string) => ({ inclusion: `* Patients must not have ${p}` }),
    );
    fc.assert(
      fc.property(qualifier, modifier, head, neutral, frame, (q, m, h, n, f) => {
        expect(classUnits(f(`${n}${q} ${m}${h}`))).toEqual(members('actionable'));
      }),
      { numRuns: 150 },
    );
  });
});
