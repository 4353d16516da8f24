import { describe, expect, it } from 'vitest';
import {
  findHeadings,
  readHeadingLine,
  splitCriteria,
} from '../../../pipeline/eligibility/split-criteria.js';

/** The section a criterion line lands in. */
function sectionOf(text: string, line: string): 'inclusion' | 'exclusion' | 'none' {
  const s = splitCriteria(text);
  if (s.exclusion?.includes(line)) return 'exclusion';
  if (s.inclusion?.includes(line)) return 'inclusion';
  return 'none';
}

const withHeadings = (inc: string, exc: string) =>
  `${inc}\n\n* Histologically confirmed NSCLC\n\n${exc}\n\n* Known EGFR mutation\n* Prior ALK inhibitor`;

describe('splitCriteria: heading forms', () => {
  const cases: Array<[string, string, string]> = [
    ['plain', 'Inclusion Criteria:', 'Exclusion Criteria:'],
    ['upper case, no colon', 'INCLUSION CRITERIA', 'EXCLUSION CRITERIA'],
    ['qualifier Core', 'Core Inclusion Criteria:', 'Core Exclusion Criteria:'],
    ['qualifier Select', 'Select Inclusion Criteria:', 'Select Exclusion Criteria:'],
    ['qualifier Selected/Key', 'Selected Inclusion Criteria:', 'Key Exclusion Criteria:'],
    ['part label', 'Part 1: Key Inclusion Criteria', 'Part 1: Key Exclusion Criteria'],
    ['outline number', '4.1 Inclusion Criteria', '4.2 Exclusion Criteria'],
    ['escaped outline number', '4\\.1 Inclusion Criteria', '4\\.2 Exclusion Criteria'],
    ['numbered item heading', '9. Inclusion criteria:', '10. Special exclusion criteria:'],
    [
      'long heading',
      'Main Inclusion Criteria for the Dose-Expansion Part:',
      'Main Exclusion Criteria for the Dose-Expansion Part:',
    ],
    [
      'descriptor after a dash',
      'Inclusion Criteria- All Cohorts',
      'Exclusion Criteria-Metastatic Colorectal Carcinoma',
    ],
    [
      'bracketed note',
      'Inclusion Criteria (for all phases)',
      'Exclusion Criteria (1st Screening prior to Tumor Resection - See below):',
    ],
    ['bulleted heading', '* INCLUSION CRITERIA:', '* GENERAL MEDICAL EXCLUSION CRITERIA'],
    ['markdown bold', '**Inclusion Criteria:**', '**Exclusion Criteria:**'],
    ['bare keyword with a colon', 'Inclusion:', 'General Medical Exclusions:'],
    ['eligibility criteria opens inclusion', 'Eligibility Criteria:', 'Exclusion criteria :'],
  ];
  for (const [name, inc, exc] of cases) {
    it(name, () => {
      const text = withHeadings(inc, exc);
      expect(sectionOf(text, 'Histologically confirmed NSCLC')).toBe('inclusion');
      expect(sectionOf(text, 'Known EGFR mutation')).toBe('exclusion');
      expect(sectionOf(text, 'Prior ALK inhibitor')).toBe('exclusion');
      // The heading itself is not served as a criterion.
      expect(splitCriteria(text).exclusion).not.toContain(
        exc.replace(/^\*+\s*/, '').replace(/\*+$/, ''),
      );
    });
  }

  it('a heading with its text on the same line keeps that text in its section', () => {
    const text =
      'Inclusion Criteria: Patients must have stage IV NSCLC.\n\nExclusion criteria: - subjects meeting any of these will not be enrolled\n* Known EGFR mutation';
    const s = splitCriteria(text);
    expect(s.inclusion).toBe('Patients must have stage IV NSCLC.');
    expect(s.exclusion).toContain('- subjects meeting any of these will not be enrolled');
    expect(s.exclusion).toContain('Known EGFR mutation');
    expect(findHeadings(text).map((h) => h.rule)).toEqual([
      'heading.criteria-inline-text',
      'heading.criteria-inline-text',
    ]);
  });

  it('a heading after a sentence on one long line still opens its section', () => {
    const s = splitCriteria(
      'Inclusion Criteria: Adults with NSCLC. Exclusion Criteria: Known ALK fusion.',
    );
    expect(s.exclusion).toBe('Known ALK fusion.');
    expect(s.inclusion).toBe('Adults with NSCLC.');
  });

  it('per-part headings keep alternating sections', () => {
    const text = [
      'Key Eligibility Criteria (additional criteria may apply) Part 1 Key Inclusion Criteria',
      '* NSCLC',
      'Part 1: Key Exclusion Criteria',
      '* EGFR mutation',
      'Part 2 : Key Inclusion Criteria',
      '* SCLC',
      'Part 2: Key Exclusion Criteria',
      '* ALK fusion',
    ].join('\n');
    const s = splitCriteria(text);
    expect(s.inclusion).toContain('* NSCLC');
    expect(s.inclusion).toContain('* SCLC');
    expect(s.exclusion).toContain('* EGFR mutation');
    expect(s.exclusion).toContain('* ALK fusion');
    expect(s.inclusion).not.toContain('EGFR');
  });
});

describe('splitCriteria: criteria are never taken for headings', () => {
  const notHeadings = [
    '* Eligibility for surgical resection of the primary tumour.',
    '* Eligibility for surgical removal of tumor tissue.',
    'Inclusion of patients with advanced malignancies confirmed histologically',
    'Exclusion of patients with brain metastases',
    'Other inclusion/exclusion criteria are specified in the protocol.',
    'Additional Exclusion criteria exist',
    '* Other protocol defined exclusion criteria could apply',
    '* Do not meet the inclusion criteria',
    '* Patients must be eligible for platinum-based chemotherapy',
  ];
  for (const line of notHeadings) {
    it(line, () => {
      expect(readHeadingLine(line)).toBeNull();
      const text = `Inclusion Criteria:\n* NSCLC\nExclusion Criteria:\n${line}\n* Known EGFR mutation`;
      expect(sectionOf(text, 'Known EGFR mutation')).toBe('exclusion');
    });
  }

  it('text before any heading is inclusion; no heading at all is all inclusion', () => {
    expect(splitCriteria('* NSCLC\n* ECOG 0-1')).toEqual({
      inclusion: '* NSCLC\n* ECOG 0-1',
      exclusion: null,
    });
    expect(splitCriteria('  ')).toEqual({ inclusion: null, exclusion: null });
  });

  it('each heading names the rule that recognised it', () => {
    expect(readHeadingLine('Core Exclusion Criteria:')).toMatchObject({
      kind: 'exclusion',
      rule: 'heading.criteria',
    });
    expect(readHeadingLine('General Medical Exclusions:')).toMatchObject({
      kind: 'exclusion',
      rule: 'heading.bare-keyword-colon',
    });
  });
});

describe('exclusion headings by other names', () => {
  it.each([
    'Criteria for exclusion:',
    'Non-inclusion criteria:',
    'Ineligibility criteria:',
    'Ineligibility:',
  ])('"%s" opens the exclusion section', (heading) => {
    expect(
      splitCriteria(`Inclusion Criteria:\n* NSCLC\n${heading}\n* Known EGFR mutation`),
    ).toEqual({
      inclusion: '* NSCLC',
      exclusion: '* Known EGFR mutation',
    });
  });

  it('"Criteria for inclusion" opens the inclusion section', () => {
    expect(
      splitCriteria(
        'Criteria for inclusion:\n* NSCLC\nCriteria for exclusion:\n* Known EGFR mutation',
      ),
    ).toEqual({
      inclusion: '* NSCLC',
      exclusion: '* Known EGFR mutation',
    });
  });
});
