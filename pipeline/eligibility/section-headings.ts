/**
 * What a criteria section heading looks like, as data. Registries write the two headings in
 * many forms ("Core Exclusion Criteria:", "Part 1: Key Exclusion Criteria", "4.2 Exclusion
 * Criteria", "Main Exclusion Criteria for the Dose-Expansion Part:", "Exclusion criteria:
 * - subjects meeting any of these ...") and criteria themselves start with the same words
 * ("* Eligibility for surgical resection", "Inclusion of patients with ..."). A new form is a
 * new entry here, not a new branch in the splitter.
 */
import { anyOf, words } from '../../text/regex-parts.js';

export type SectionKind = 'inclusion' | 'exclusion';

/** Words that may stand before the section keyword of a heading ("Key", "Core", "Select" ...). */
export const HEADING_QUALIFIERS = [
  'key',
  'main',
  'core',
  'select',
  'selected',
  'major',
  'minor',
  'general',
  'additional',
  'specific',
  'special',
  'principal',
  'important',
  'primary',
  'basic',
  'common',
  'other',
  'further',
  'detailed',
  'summary',
  'abbreviated',
  'brief',
  'study',
  'protocol',
  'trial',
  'participant',
  'participants',
  'patient',
  'patients',
  'subject',
  'subjects',
  'medical',
  'clinical',
  'disease',
  'cancer-specific',
  'disease-specific',
  'tumor-specific',
  'tumour-specific',
  'cohort-specific',
  'general medical',
  'of',
  'the',
  'for',
  'all',
  'and',
  'to',
  'in',
  'screening',
  'enrollment',
  'enrolment',
  'registration',
  'randomization',
  'randomisation',
  'pre-registration',
  'step',
  'stage',
  'phase',
  'part',
  'cohort',
  'arm',
  'group',
  'module',
  'section',
  'substudy',
  'sub-study',
];

/**
 * "Part 1:", "Phase 2", "Cohort A -", "Parts A, B and C": a label of the part of the trial the
 * heading covers.
 */
export const PART_LABEL =
  String.raw`(?:part|phase|cohort|arm|group|module|step|stage|section|sub-?study)s?\s+` +
  String.raw`[\w.]{1,6}(?:\s*(?:,|and|&|or|\/)\s*[\w.]{1,6})*\s*[:\-–]?`;

/** Line markers a heading may carry: bullets, outline numbers ("4.2", "10."), markdown emphasis. */
export const LINE_MARKER = new RegExp(
  String.raw`^(?:\s*` +
    anyOf([
      String.raw`[*•·▪#>_]+`,
      String.raw`[-–]+(?=\s)`,
      String.raw`\(?\d{1,2}(?:\.\d{1,2})*[.)]?(?=\s)`,
      String.raw`\(?[A-Ha-h][.)](?=\s)`,
      String.raw`\(?[ivx]{1,4}[.)](?=\s)`,
      String.raw`[\u2460-\u2473]`,
    ]) +
    String.raw`\s*)+`,
);

export const LEAD_HEADING_RULE_ID = 'heading.ruling-out-lead';

/** Who a lead sentence speaks of ("Participants are excluded ... if any of the following apply:"). */
const LEAD_SUBJECTS = [
  'patient',
  'patients',
  'participant',
  'participants',
  'subject',
  'subjects',
  'individual',
  'individuals',
  'person',
  'persons',
  'people',
  'candidate',
  'candidates',
  'volunteer',
  'volunteers',
  'you',
];
/** What a lead sentence says of them when it heads the exclusion criteria. */
const LEAD_RULING_OUT = [
  'excluded',
  'not be eligible',
  'not eligible',
  'ineligible',
  'not be enrolled',
  'not be included',
  'not be entered',
  'not be randomized',
  'not be randomised',
  'not qualify',
  'cannot participate',
  'cannot take part',
  'not be able to participate',
  'not be able to take part',
];

export interface HeadingRule {
  id: string;
  /** Which section the heading opens, or null for a rule that says "this line is not a heading". */
  opens: SectionKind | 'keyword' | null;
  /** Tested against the line with its markers removed. */
  pattern: RegExp;
  /**
   * Only a line without a bullet or number: a bulleted lead ("* Patients with any of the
   * following are excluded:") heads its own sub-items inside a section, not a section.
   */
  plainLineOnly?: boolean;
  note: string;
}

const KEYWORD = String.raw`(?<kw>inclusion|exclusion|eligibility)s?`;
const CRITERIA = String.raw`\s*(?:criteria|criterion|criterions)\b`;
const NOTE = String.raw`(?:\s*[(\[][^()\[\]\n]{0,300}[)\]])?`;
/**
 * Each qualifier starts the line or follows whitespace, and is followed by whitespace or
 * one of `:,-–`, so it is bounded without `\b` (which makes these patterns slow to compile).
 */
const QUALIFIERS =
  String.raw`(?:(?:${PART_LABEL}|${words(HEADING_QUALIFIERS, { bounded: false })})` +
  String.raw`\s*[:,\-–]?\s+)*`;
/** Verbs that make a line a sentence about criteria, not a heading ("Additional exclusion criteria exist"). */
const SENTENCE_VERB =
  String.raw`\b(?:exist|exists|apply|applies|may|might|will|are|is|must|can|could|should|shall|` +
  String.raw`specified|described|listed|defined|see|refer|per|met|meet|based)\b`;

/**
 * Ordered: the first rule that matches decides. Rules with `opens: null` are guards
 * (pseudo-rules in ConText terms) that stop a criterion from being read as a heading.
 */
export const HEADING_RULES: HeadingRule[] = [
  {
    id: 'guard.both-sections',
    opens: null,
    pattern: /\binclusion\b[^\n]{0,20}\bexclusion\b|\bexclusion\b[^\n]{0,20}\binclusion\b/i,
    note: '"Other inclusion/exclusion criteria may apply" names both sections and opens neither',
  },
  {
    id: LEAD_HEADING_RULE_ID,
    opens: 'exclusion',
    plainLineOnly: true,
    pattern: new RegExp(
      // It speaks of the study's criteria ("... if any of the following criteria apply:", "...
      // for this study if:"), never "unless"/"only if" (an inclusion lead: "Patients will not be
      // eligible unless all of the following are met:"); a sub-header ruling out a marker list
      // ("Patients whose tumours harbour any of the following are not eligible:") heads items.
      String.raw`^(?=[^:\n]*\b(?:criteria|criterion|study|trial|protocol)\b|[^:\n]*\bif\s*:\s*$)` +
        String.raw`(?![^:\n]*\b(?:unless|only if|also)\b)` +
        String.raw`(?:(?:a|an|the|any)\s+)?(?:${words(LEAD_SUBJECTS)})\b[^:\n]{0,200}?` +
        String.raw`\b(?:${words(LEAD_RULING_OUT)})\b[^:\n]{0,160}:\s*$`,
      'i',
    ),
    note:
      'a sentence standing for the exclusion heading: "Participants are excluded from the study if any ' +
      'of the following criteria apply:", "You may not be eligible for this study if:"',
  },
  {
    id: 'heading.non-inclusion',
    opens: 'exclusion',
    pattern: new RegExp(`^${QUALIFIERS}non[-\\s]?inclusion(?:${CRITERIA})?${NOTE}\\s*:?\\s*$`, 'i'),
    note: '"Non-inclusion criteria:", the French registries\' name for the exclusion criteria',
  },
  {
    id: 'heading.ineligibility',
    opens: 'exclusion',
    pattern: new RegExp(`^${QUALIFIERS}ineligibility(?:${CRITERIA})?${NOTE}\\s*:?\\s*$`, 'i'),
    note: '"Ineligibility criteria:", "Ineligibility:"',
  },
  {
    id: 'heading.criteria-for',
    opens: 'keyword',
    pattern: new RegExp(
      `^${QUALIFIERS}(?:criteria|criterion)\\s+(?:for|of)\\s+(?:the\\s+)?(?:patient\\s+)?${KEYWORD}${NOTE}\\s*:?\\s*$`,
      'i',
    ),
    note: '"Criteria for exclusion:", "Criteria of inclusion"',
  },
  {
    id: 'heading.criteria-inline-text',
    opens: 'keyword',
    pattern: new RegExp(
      `^${QUALIFIERS}${KEYWORD}${CRITERIA}${NOTE}\\s*[:\\-–]\\s*(?<rest>\\S.*)$`,
      'i',
    ),
    note:
      '"Exclusion criteria: - subjects meeting any of these will not be enrolled": the heading, ' +
      'then its first text on the same line',
  },
  {
    // "Exclusion Criteria Patients with known EGFR mutation": a page that lost the colon and the
    // line break; a subject right after "Criteria" starts the first criterion.
    id: 'heading.criteria-run-on-subject',
    opens: 'keyword',
    pattern: new RegExp(
      `^${QUALIFIERS}${KEYWORD}${CRITERIA}${NOTE}\\s+` +
        String.raw`(?<rest>(?:${words(LEAD_SUBJECTS)})\b.*)$`,
      'i',
    ),
    note: '"Exclusion Criteria Patients with known EGFR mutation" (colon and line break lost)',
  },
  {
    id: 'heading.criteria',
    opens: 'keyword',
    pattern: new RegExp(
      `^${QUALIFIERS}${KEYWORD}${CRITERIA}${NOTE}` +
        `(?<desc>(?:(?!${SENTENCE_VERB})[^.:;\\n]){0,250})?${NOTE}\\s*:?\\s*$`,
      'i',
    ),
    note:
      '"Inclusion Criteria", "Core Exclusion Criteria:", ' +
      '"Exclusion Criteria-Metastatic Colorectal Carcinoma", ' +
      '"Main Exclusion Criteria for the Dose-Expansion Part:"',
  },
  {
    id: 'heading.long-with-colon',
    opens: 'keyword',
    pattern: new RegExp(`^${QUALIFIERS}${KEYWORD}${CRITERIA}[^\\n]{0,200}:\\s*$`, 'i'),
    note:
      'a long heading ending in a colon ("Main Inclusion Criteria for the Single Agent ' +
      'Dose Escalation and the Combination with Pembrolizumab:")',
  },
  {
    id: 'heading.bare-keyword-colon',
    opens: 'keyword',
    // Case-sensitive: the words before the keyword are a title ("General Medical"), not a sentence.
    pattern: new RegExp(
      `^(?:[A-Z][\\w-]*\\s+){0,3}(?<kw>[Ii]nclusion|[Ee]xclusion|INCLUSION|EXCLUSION)[sS]?` +
        `${NOTE}\\s*:(?<rest>\\s*(?:\\S.*)?)$`,
    ),
    note: '"Inclusion:", "General Medical Exclusions:", "Participant Inclusion: Collection of T cells (Part A)"',
  },
  {
    id: 'heading.bare-keyword-line',
    opens: 'keyword',
    pattern: new RegExp(`^${QUALIFIERS}(?<kw>inclusion|exclusion)s?${NOTE}$`, 'i'),
    note: 'a line holding the keyword alone ("INCLUSION", "Exclusions")',
  },
];

/**
 * A heading as written mid-text, capitalised as headings are (so "meets the inclusion criteria:"
 * in a sentence is none): an optional qualifier, the keyword, "Criteria" (unflatten.ts too).
 */
export const CAPITALISED_QUALIFIER = String.raw`(?:(?:Key|Main|Core|Major|Select(?:ed)?|General)\s+)?`;
export const CAPITALISED_KEYWORD = String.raw`(?:Inclusion|Exclusion|INCLUSION|EXCLUSION)`;
export const CAPITALISED_CRITERIA = String.raw`\s+(?:Criteria|CRITERIA|criteria)`;

/**
 * "... informed consent. Exclusion Criteria: ..." in a record written without line breaks:
 * a capitalised heading with its colon after the end of a sentence.
 */
export const INLINE_HEADING = new RegExp(
  String.raw`(?<=[.;!?]\s{1,4})${CAPITALISED_QUALIFIER}(?<kw>${CAPITALISED_KEYWORD})${CAPITALISED_CRITERIA}\s*:`,
  'g',
);
export const INLINE_HEADING_RULE_ID = 'heading.after-sentence';
