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

describe('a lead sentence standing for the exclusion heading', () => {
  it.each([
    'Participants are excluded from the study if any of the following criteria apply:',
    'You may not be eligible for this study if:',
    'A participant will not be eligible for study entry if any of the following criteria are met:',
    'Subjects who meet any of the following criteria will not be enrolled:',
  ])('"%s" opens the exclusion section', (lead) => {
    expect(splitCriteria(`Inclusion Criteria:\n* NSCLC\n${lead}\n* Known EGFR mutation`)).toEqual({
      inclusion: '* NSCLC',
      exclusion: '* Known EGFR mutation',
    });
  });

  it('a bulleted lead heads its own sub-items inside the section, not a section', () => {
    const text =
      'Inclusion Criteria:\n* NSCLC\n* Patients with any of the following are excluded:\n  * EGFR mutation\n* ECOG 0-1';
    expect(splitCriteria(text).exclusion).toBeNull();
  });

  it('a sentence that only mentions exclusion in passing opens nothing', () => {
    const text =
      'Inclusion Criteria:\n* NSCLC; patients previously excluded may be rescreened\n* ECOG 0-1';
    expect(splitCriteria(text).exclusion).toBeNull();
  });
});

describe('criteria flattened onto one line', () => {
  it('puts each heading and bullet back on a line of its own', () => {
    expect(
      splitCriteria(
        'Inclusion Criteria: * Age 18 or older * No brain metastases * EGFR L858R Exclusion Criteria: * Known ALK fusion * Prior osimertinib',
      ),
    ).toEqual({
      inclusion: '* Age 18 or older\n* No brain metastases\n* EGFR L858R',
      exclusion: '* Known ALK fusion\n* Prior osimertinib',
    });
  });

  it('reads a heading without its colon when a bullet follows it, and numbered runs', () => {
    expect(
      splitCriteria(
        'Inclusion Criteria 1. Age 18 or older 2. EGFR L858R mutation 3. ECOG 0-1 Exclusion Criteria 1. Known ALK fusion 2. Prior osimertinib',
      ),
    ).toEqual({
      inclusion: '1. Age 18 or older\n2. EGFR L858R mutation\n3. ECOG 0-1',
      exclusion: '1. Known ALK fusion\n2. Prior osimertinib',
    });
  });

  it('reads headings written without colon or bullet before a new sentence, or as a bare keyword', () => {
    expect(
      splitCriteria(
        'Inclusion Criteria Patients with KRAS G12C mutation ECOG 0-1 Exclusion Criteria Known EGFR mutation',
      ),
    ).toEqual({
      inclusion: 'Patients with KRAS G12C mutation ECOG 0-1',
      exclusion: 'Known EGFR mutation',
    });
    expect(
      splitCriteria('Inclusion: KRAS G12C mutation; ECOG 0-1 Exclusion: known EGFR mutation'),
    ).toEqual({ inclusion: 'KRAS G12C mutation; ECOG 0-1', exclusion: 'known EGFR mutation' });
    // A longer heading keeps its words together.
    expect(
      splitCriteria('Additional Inclusion Criteria For Sub-Study 1 Part A:\n* KRAS G12C mutation'),
    ).toEqual({ inclusion: '* KRAS G12C mutation', exclusion: null });
  });

  it('keeps prose dashes, lone numbers and lined text as they are', () => {
    const lined =
      'Inclusion Criteria:\n* ECOG 0-1. 2 prior lines allowed\n* MET exon 14 skipping mutation - no new testing required';
    expect(splitCriteria(lined)).toEqual({
      inclusion:
        '* ECOG 0-1. 2 prior lines allowed\n* MET exon 14 skipping mutation - no new testing required',
      exclusion: null,
    });
  });
});

describe('long registry lines', () => {
  it('breaks a long line only at a run of items, never at numbers closing brackets', () => {
    const phases =
      '* Candidate to receive first-line anti-PD-1 therapy in combination with chemotherapy, or be within 6 months (Phase 1) or 3 months (Phase 2) of starting this type of systemic treatment, with a documented PD-L1 tumour proportion score from an archival or fresh tissue sample assessed by the central laboratory before enrolment';
    expect(splitCriteria(`Inclusion Criteria:\n${phases}`).inclusion).toBe(phases);
    const run =
      '* Adequate organ function within 14 days before the first dose, as follows: 1) absolute neutrophil count at least 1.5 x 10^9/L without growth factor support in the prior week; 2) platelets at least 100 x 10^9/L without transfusion in the prior week; 3) haemoglobin at least 9 g/dL; 4) creatinine clearance at least 50 mL/min';
    expect(splitCriteria(`Inclusion Criteria:\n${run}`).inclusion?.split('\n')).toHaveLength(5);
  });
});

describe('readings a review of the 2026-11-27 evening rules found broken, now held', () => {
  it('an inclusion lead ("not eligible unless") or a sub-header ruling out a list opens no section', () => {
    expect(
      splitCriteria(
        'Patients will not be eligible for inclusion in this study unless all of the following criteria are met:\n1. NSCLC with EGFR exon 19 deletion',
      ).exclusion,
    ).toBeNull();
    expect(
      splitCriteria(
        'Inclusion Criteria:\n* NSCLC\nPatients whose tumours harbour any of the following are not eligible:\n* EGFR mutation\nPatients must also have:\n* PD-L1 TPS >= 50%',
      ).exclusion,
    ).toBeNull();
  });
  it('a lead beside a real exclusion heading restates it and moves nothing', () => {
    expect(
      splitCriteria(
        'Inclusion Criteria:\n* NSCLC\nExclusion Criteria:\nParticipants are excluded from the study if any of the following criteria apply:\n* Known EGFR mutation',
      ),
    ).toEqual({
      inclusion: '* NSCLC',
      exclusion:
        'Participants are excluded from the study if any of the following criteria apply:\n* Known EGFR mutation',
    });
  });
  it('a part heading in lined text does not make the text flattened', () => {
    const text =
      'Phase 1 Inclusion Criteria:\n* Solid tumour\nPhase 2 Inclusion Criteria:\n* Stage IV NSCLC without known sensitizing alterations in 1) EGFR, 2) ALK, or 3) ROS1';
    expect(splitCriteria(text).inclusion).toContain('in 1) EGFR, 2) ALK, or 3) ROS1');
  });
  it('never breaks a criterion at its own enumeration or at a spaced number range', () => {
    const long =
      '* Histologically confirmed stage IV non-squamous non-small cell lung cancer, aged 18 - 75 years, ECOG performance status 0 - 1, measurable disease per RECIST 1.1, adequate organ function, no prior systemic therapy for advanced disease, without EGFR mutations in exons 18 - 21 and no known actionable genomic alteration in 1) EGFR, 2) ALK, 3) ROS1, or 4) BRAF as determined by local testing';
    expect(splitCriteria(`Inclusion Criteria:\n${long}`).inclusion).toBe(long);
  });
  it('keeps the first criterion of a heading that lost its colon and line break', () => {
    expect(
      splitCriteria(
        'Inclusion Criteria\n* KRAS G12C mutation\nExclusion Criteria Patients with known EGFR mutation\n* Pregnancy',
      ),
    ).toEqual({
      inclusion: '* KRAS G12C mutation',
      exclusion: 'Patients with known EGFR mutation\n* Pregnancy',
    });
    // A heading describing its part keeps reading as one.
    expect(
      splitCriteria(
        'Inclusion Criteria\n* NSCLC\nExclusion Criteria for the Dose-Expansion Part\n* Known EGFR mutation',
      ),
    ).toEqual({ inclusion: '* NSCLC', exclusion: '* Known EGFR mutation' });
  });
});
