/**
 * The polarity rules, as data (ConText/NegEx style, see STYLE.md): each rule has an id, the
 * conditions that trigger it (a cue pattern tested in a scope before or after the mention,
 * or a named check), and a verdict. `read.ts` runs them: the first `decide` rule that
 * holds settles the mention; otherwise every `negate` rule that holds flips the section's
 * direction, then the `carve` rules apply. A new construct is a new row here.
 */
import type { Gene } from '../../../domain/biomarkers.js';
import type { MentionKind } from '../mentions.js';
import type { ScopeName, Section } from './context.js';
import * as P from './patterns.js';

/**
 * - not-a-requirement: the marker is named but gates nothing (testing, permission, example);
 * - conditional: it names who a condition applies to, not who may enrol;
 * - other-tumour: it qualifies another tumour type's cohort;
 * - excluded / required: a fixed direction whatever the section;
 * - as-section / opposite-of-section: the section's direction, or its reverse;
 * - negate: flips the direction (negate and carve stages).
 */
export type Verdict =
  | 'not-a-requirement'
  | 'conditional'
  | 'other-tumour'
  | 'excluded'
  | 'required'
  | 'as-section'
  | 'opposite-of-section'
  | 'negate';

/** Checks that are computed rather than matched (named so the table stays data). */
export type CheckName =
  | 'stated-after'
  | 'stated-after-40'
  | 'examples-of-permitted'
  | 'negation-is-previous-genes-state'
  | 'negated-list-header'
  | 'carved'
  | 'carve-of-other'
  | 'not-negated'
  | 'no-alteration';

export type Condition =
  | { scope: ScopeName; pattern: RegExp; absent?: boolean }
  | { check: CheckName; absent?: boolean }
  | { sections: Section[] }
  | { genes: Gene[]; absent?: boolean }
  | { kinds: MentionKind[] }
  | { any: Condition[] };

export interface PolarityRule {
  id: string;
  stage: 'decide' | 'negate' | 'carve';
  verdict: Verdict;
  /** All must hold. */
  when: Condition[];
  /**
   * A criterion the rule is for; the rule must fire on it (`rule-firings.test.ts`). "(exclusion)"
   * puts it in that section.
   */
  example: string;
}

const NOT_EXCLUSION: Section[] = ['inclusion', 'title', 'conditions', 'keywords'];
const before = (pattern: RegExp, absent = false): Condition => ({
  scope: 'before',
  pattern,
  absent,
});
/** A negation cue before the mention, read across gene symbols the lexicon does not track. */
const negBefore = (absent = false): Condition => ({
  scope: 'before-symbols',
  pattern: P.PRE_NEG,
  absent,
});
const afterOuter = (pattern: RegExp): Condition => ({ scope: 'after-outer', pattern });

export const MARKER_RULES: PolarityRule[] = [
  // -- decide: conditions and subgroups
  {
    id: 'conditional.if-when',
    stage: 'decide',
    verdict: 'conditional',
    when: [before(P.CONDITIONAL_BEFORE), before(P.INELIGIBLE_IF, true)],
    example: 'if EGFR mutation is present, ...',
  },
  {
    id: 'conditional.unless-treated',
    stage: 'decide',
    verdict: 'conditional',
    when: [
      afterOuter(P.UNLESS_TREATED_AFTER),
      { any: [{ sections: ['exclusion'] }, afterOuter(P.POST_VERB_NEG)] },
    ],
    example: 'EGFR-mutant patients are not eligible unless they have progressed on a TKI',
  },
  {
    id: 'conditional.if-treated-after',
    stage: 'decide',
    verdict: 'conditional',
    when: [afterOuter(P.IF_AFTER)],
    example: 'absence of T790M if treated with erlotinib',
  },
  {
    id: 'conditional.therapy-for-subgroup',
    stage: 'decide',
    verdict: 'conditional',
    when: [
      before(P.FOR_SUBGROUP),
      { scope: 'next-80', pattern: P.SUBGROUP_AFTER },
      { scope: 'clause', pattern: P.THERAPY_WORDS },
    ],
    example: 'Prior treatment with cetuximab for KRAS wild-type subjects',
  },
  {
    id: 'conditional.therapy-guided-by-marker',
    stage: 'decide',
    verdict: 'conditional',
    when: [before(P.THERAPY_GUIDED_BY_BEFORE)],
    example:
      'Patients with NSCLC must have had appropriate targeted therapy as indicated by abnormalities in ALK or EGFR',
  },
  {
    id: 'pseudo.lab-value',
    stage: 'decide',
    verdict: 'not-a-requirement',
    when: [{ scope: 'after', pattern: P.LAB_VALUE_AFTER }],
    example: 'ALK <= 2.5 ULN (alkaline phosphatase)',
  },
  {
    id: 'pseudo.strata',
    stage: 'decide',
    verdict: 'not-a-requirement',
    when: [{ sections: ['inclusion', 'exclusion'] }, { scope: 'after', pattern: P.STRATA }],
    example: 'PD-L1 TC < 1% vs. >= 1% vs. unknown',
  },
  {
    id: 'pseudo.scored-by-method',
    stage: 'decide',
    verdict: 'not-a-requirement',
    when: [{ scope: 'after', pattern: P.SCORED_BY_AFTER }],
    example: 'HER2 expression scored using ASCO/CAP guidelines',
  },
  {
    id: 'pseudo.target-of-excluded-therapy-after',
    stage: 'decide',
    verdict: 'not-a-requirement',
    when: [
      { sections: ['exclusion'] },
      before(P.PRIOR_EXPOSURE),
      { scope: 'after', pattern: P.TARGETED_THERAPY_AFTER },
    ],
    example: 'prior ALK or NTRK fusion gene targeted therapies (exclusion)',
  },
  {
    id: 'pseudo.target-of-excluded-therapy',
    stage: 'decide',
    verdict: 'not-a-requirement',
    when: [{ sections: ['exclusion'] }, before(P.THERAPY_TARGET_BEFORE)],
    example: 'Prior tyrosine kinase inhibitors for the EGFR mutation (exclusion)',
  },
  {
    id: 'pseudo.either-status',
    stage: 'decide',
    verdict: 'not-a-requirement',
    when: [{ scope: 'clause', pattern: P.EITHER_WORDS }],
    example: 'EGFR mutation-positive or wild-type',
  },
  {
    id: 'pseudo.any-pd-l1-level',
    stage: 'decide',
    verdict: 'not-a-requirement',
    when: [{ genes: ['PD-L1'] }, before(P.ANY_LEVEL_BEFORE)],
    example: 'any PD-L1 expression',
  },
  {
    id: 'pseudo.family-history',
    stage: 'decide',
    verdict: 'not-a-requirement',
    when: [before(P.FAMILY_HISTORY)],
    example: 'family history of EGFR T790M germline',
  },
  {
    id: 'pseudo.definition',
    stage: 'decide',
    verdict: 'not-a-requirement',
    when: [{ genes: ['PD-L1'], absent: true }, before(P.DEFINED_AS_BEFORE)],
    example: 'ISH positive is defined as HER2/CEP17 ratio >= 2',
  },
  // -- decide: example lists
  {
    id: 'negation.example-of-negated-category',
    stage: 'decide',
    verdict: 'excluded',
    when: [
      { sections: ['inclusion'] },
      before(P.EXAMPLE_BEFORE),
      negBefore(true),
      { scope: 'before-example-cue', pattern: P.NEGATED_CATEGORY },
    ],
    example:
      'must not harbour another targetable alteration, for example (among others) an EGFR ' +
      'activating mutation or an ALK fusion',
  },
  {
    id: 'pseudo.example-of-inclusion-category',
    stage: 'decide',
    verdict: 'not-a-requirement',
    when: [{ sections: ['inclusion'] }, before(P.EXAMPLE_BEFORE), negBefore(true)],
    example: 'actionable alterations (e.g. EGFR exon 19 deletion)',
  },
  // -- decide: statements that gate nothing
  {
    id: 'pseudo.not-a-requirement-later',
    stage: 'decide',
    verdict: 'not-a-requirement',
    when: [{ scope: 'following', pattern: P.NOT_REQUIRED_LATER }],
    example:
      'NSCLC patients may be tested for EGFR as standard of care, but it is not a requirement of the trial',
  },
  {
    id: 'pseudo.not-sufficient-alone',
    stage: 'decide',
    verdict: 'not-a-requirement',
    when: [afterOuter(P.NOT_SUFFICIENT_AFTER)],
    example: 'HER2 overexpression alone is not sufficient',
  },
  {
    id: 'pseudo.neither-required',
    stage: 'decide',
    verdict: 'not-a-requirement',
    when: [before(P.NEITHER_BEFORE), afterOuter(P.NEITHER_REQUIRED_AFTER)],
    example: 'Neither T790M nor C797S is required',
  },
  {
    id: 'conditional.and-not-treated',
    stage: 'decide',
    verdict: 'conditional',
    when: [afterOuter(P.AND_NOT_TREATED)],
    example: 'EGFR mutation and has not received a TKI',
  },
  {
    id: 'pseudo.either-sign',
    stage: 'decide',
    verdict: 'not-a-requirement',
    when: [{ scope: 'next-20', pattern: P.EITHER_SIGN }],
    example: 'HER2 -/+',
  },
  {
    id: 'conditional.subject-must-have-had',
    stage: 'decide',
    verdict: 'conditional',
    when: [before(P.SUBJECT_WITH), afterOuter(P.MUST_HAVE_HAD)],
    example: 'patients with EGFR mutations must have received a TKI',
  },
  {
    id: 'conditional.marker-adjective-subject-must-have-had',
    stage: 'decide',
    verdict: 'conditional',
    when: [{ scope: 'after', pattern: P.MARKER_ADJECTIVE_SUBJECT }, afterOuter(P.MUST_HAVE_HAD)],
    example:
      'KRAS G12C mutant participants must have received prior treatment with a KRAS G12C inhibitor',
  },
  {
    id: 'pseudo.permissive-before',
    stage: 'decide',
    verdict: 'not-a-requirement',
    when: [before(P.PERMISSIVE_BEFORE)],
    example: 'regardless of PD-L1 / with or without EGFR',
  },
  {
    id: 'pseudo.permissive-example-aside',
    stage: 'decide',
    verdict: 'not-a-requirement',
    when: [{ check: 'examples-of-permitted' }, before(P.ONLY, true)],
    example: '... are eligible (i.e. KRAS G12C)',
  },
  {
    id: 'pseudo.permissive-in-aside',
    stage: 'decide',
    verdict: 'not-a-requirement',
    when: [{ scope: 'after-in-paren', pattern: P.PERMISSIVE_AFTER }, before(P.ONLY, true)],
    example: '(EGFR T790M is allowed)',
  },
  {
    id: 'pseudo.permissive-after',
    stage: 'decide',
    verdict: 'not-a-requirement',
    when: [afterOuter(P.PERMISSIVE_AFTER), before(P.ONLY, true)],
    example: 'ALK-positive patients are eligible',
  },
  {
    id: 'pseudo.testing-before',
    stage: 'decide',
    verdict: 'not-a-requirement',
    when: [before(P.TESTING_BEFORE), { check: 'stated-after-40', absent: true }],
    example: 'tissue for testing of EGFR',
  },
  {
    id: 'negation.status-stated-negative-later',
    stage: 'decide',
    verdict: 'opposite-of-section',
    when: [
      { scope: 'after-symbols', pattern: P.TESTING_AFTER },
      { check: 'stated-after', absent: true },
      before(P.STATE_BEFORE, true),
      { scope: 'following', pattern: P.LATER_NEGATIVE_FOR_ALL },
    ],
    example: 'EGFR and ALK status must be known; negative for both',
  },
  {
    id: 'pseudo.status-mention',
    stage: 'decide',
    verdict: 'not-a-requirement',
    when: [
      { scope: 'after-symbols', pattern: P.TESTING_AFTER },
      { check: 'stated-after', absent: true },
      before(P.STATE_BEFORE, true),
    ],
    example: 'EGFR status must be known',
  },
  {
    id: 'pseudo.test-method',
    stage: 'decide',
    verdict: 'not-a-requirement',
    when: [
      { scope: 'after', pattern: P.TEST_METHOD_AFTER },
      { check: 'stated-after', absent: true },
    ],
    example: 'c-MET IHC',
  },
  {
    id: 'pseudo.assay-product',
    stage: 'decide',
    verdict: 'not-a-requirement',
    when: [
      before(P.ASSAY_BRAND_BEFORE),
      { scope: 'after', pattern: P.ASSAY_PRODUCT_AFTER },
      { check: 'stated-after-40', absent: true },
    ],
    example: 'therascreen KRAS RGQ PCR',
  },
  {
    id: 'pdl1.negative-for',
    stage: 'decide',
    verdict: 'as-section',
    when: [{ genes: ['PD-L1'] }, before(P.PDL1_NEGATIVE_BEFORE)],
    example: 'negative for PD-L1 (a TPS < 1 range)',
  },
  {
    id: 'pseudo.pd-l1-assay-name',
    stage: 'decide',
    verdict: 'not-a-requirement',
    when: [{ genes: ['PD-L1'] }, { scope: 'after', pattern: P.PDL1_ASSAY_AFTER }],
    example: 'PD-L1 (22C3) assay',
  },
  // -- negate: each that holds flips the direction
  {
    id: 'negation.before',
    stage: 'negate',
    verdict: 'negate',
    when: [negBefore(), { check: 'negation-is-previous-genes-state', absent: true }],
    example: 'without known EGFR mutation',
  },
  {
    id: 'negation.ineligible-if',
    stage: 'negate',
    verdict: 'negate',
    when: [{ sections: NOT_EXCLUSION }, before(P.INELIGIBLE_IF), negBefore(true)],
    example: 'ineligible if a co-occurring EGFR mutation is present',
  },
  {
    id: 'negation.after',
    stage: 'negate',
    verdict: 'negate',
    when: [
      { genes: ['PD-L1'], absent: true },
      { scope: 'after', pattern: P.POST_NEG },
    ],
    example: 'EGFR wild-type / ALK-negative',
  },
  {
    id: 'negation.are-excluded',
    stage: 'negate',
    verdict: 'negate',
    when: [
      { sections: NOT_EXCLUSION },
      { any: [{ scope: 'after-in-paren', pattern: P.POST_VERB_NEG }, afterOuter(P.POST_VERB_NEG)] },
    ],
    example: 'patients with ALK fusions are excluded',
  },
  {
    id: 'negation.list-header',
    stage: 'negate',
    verdict: 'negate',
    when: [{ check: 'negated-list-header' }],
    example: 'Must not have any of the following:\n  * EGFR mutation',
  },
  // -- carve: exceptions
  {
    id: 'carve.other-alterations',
    stage: 'carve',
    verdict: 'not-a-requirement',
    when: [{ check: 'carve-of-other' }, { check: 'no-alteration' }],
    example: 'excluding any other EGFR mutations',
  },
  {
    id: 'carve.exclusion-readmits',
    stage: 'carve',
    verdict: 'not-a-requirement',
    when: [{ check: 'carved' }, { sections: ['exclusion'] }, { check: 'not-negated' }],
    example: 'EGFR mutations, except T790M (exclusion)',
  },
  {
    id: 'carve.out',
    stage: 'carve',
    verdict: 'negate',
    when: [{ check: 'carved' }],
    example: 'EGFR mutation other than T790M',
  },
];

/**
 * A targeted therapy or drug implies the driver only when the inclusion criteria demand
 * that the patient has had it ("progressed on an EGFR TKI"); anything else ("no prior EGFR
 * TKI", exclusion of prior therapy, anti-PD-L1 antibodies) says nothing about the tumour.
 */
export const THERAPY_RULES: PolarityRule[] = [
  {
    id: 'therapy.outside-inclusion',
    stage: 'decide',
    verdict: 'not-a-requirement',
    when: [
      {
        any: [
          { sections: ['exclusion', 'title', 'conditions', 'keywords'] },
          { genes: ['PD-L1', 'HER2'] },
        ],
      },
    ],
    example: 'prior EGFR TKI (exclusion)',
  },
  {
    id: 'therapy.allowed-prior-lines',
    stage: 'decide',
    verdict: 'not-a-requirement',
    when: [{ scope: 'clause', pattern: P.ALLOWED_PRIOR_LINES }],
    example: 'at most 2 lines of prior therapy (second line: EGFR-targeted therapy)',
  },
  {
    id: 'therapy.antibody',
    stage: 'decide',
    verdict: 'not-a-requirement',
    when: [before(P.ANTI_BEFORE)],
    example: 'anti-EGFR antibody',
  },
  {
    id: 'therapy.conditional-subject',
    stage: 'decide',
    verdict: 'conditional',
    when: [before(P.MARKED_SUBJECT_MUST)],
    example: 'patients with EGFR mutations must be previously treated with EGFR inhibitors',
  },
  {
    id: 'therapy.conditional-marker-adjective-subject',
    stage: 'decide',
    verdict: 'conditional',
    when: [before(P.MARKER_ADJECTIVE_SUBJECT_MUST)],
    example: 'EGFR-mutant patients must have progressed on an EGFR TKI',
  },
  {
    id: 'therapy.not-indicated',
    stage: 'decide',
    verdict: 'excluded',
    when: [
      { kinds: ['therapy'] },
      { any: [afterOuter(P.NOT_INDICATED_AFTER), before(P.NOT_CANDIDATE_BEFORE)] },
    ],
    example: 'EGFR TKI therapy is not indicated',
  },
  {
    id: 'therapy.drug-without-prior',
    stage: 'decide',
    verdict: 'not-a-requirement',
    when: [
      { kinds: ['drug'] },
      { any: [before(P.DOSES_OF_BEFORE), before(P.PRIOR_THERAPY_BEFORE, true)] },
    ],
    example: 'osimertinib 80 mg daily',
  },
  {
    id: 'therapy.no-prior-requirement',
    stage: 'decide',
    verdict: 'not-a-requirement',
    when: [
      {
        any: [
          { scope: 'clause', pattern: P.PRIOR_THERAPY, absent: true },
          { scope: 'clause', pattern: P.NAIVE },
        ],
      },
    ],
    example: 'EGFR TKI-naive',
  },
  {
    id: 'therapy.conditional',
    stage: 'decide',
    verdict: 'conditional',
    when: [
      { any: [{ scope: 'clause', pattern: P.THERAPY_CONDITION }, before(P.CONDITIONAL_BEFORE)] },
    ],
    example: 'prior ALK inhibitor if applicable',
  },
  // "with or without prior osimertinib" leaves the therapy open; in "C797S (with or without
  // T790M) after osimertinib" the phrase governs the marker between, and negates nothing.
  {
    id: 'therapy.with-or-without',
    stage: 'decide',
    verdict: 'not-a-requirement',
    when: [before(P.WITH_OR_WITHOUT_BEFORE)],
    example: 'with or without prior osimertinib',
  },
  {
    id: 'therapy.negated',
    stage: 'decide',
    verdict: 'not-a-requirement',
    when: [
      {
        any: [
          { scope: 'before-plain', pattern: P.PRE_NEG },
          { scope: 'before-plain', pattern: P.NEGATION_WORD },
        ],
      },
    ],
    example: 'no prior EGFR TKI',
  },
  {
    id: 'therapy.permissive',
    stage: 'decide',
    verdict: 'not-a-requirement',
    when: [
      {
        any: [
          before(P.PERMISSIVE_BEFORE),
          afterOuter(P.PERMISSIVE_AFTER),
          { scope: 'clause', pattern: P.MODAL_PERMISSION },
        ],
      },
    ],
    example: 'prior osimertinib is allowed',
  },
  {
    id: 'therapy.prior-targeted-implies-driver',
    stage: 'decide',
    verdict: 'required',
    when: [],
    example: 'progressed on an EGFR TKI',
  },
];
