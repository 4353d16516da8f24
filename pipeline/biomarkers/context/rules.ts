/**
 * The ConText modifier rules, as data (NegEx / ConText / medspaCy): each row is a few word
 * sequences, a category, a direction and how far its scope reaches. `engine.ts` reads them;
 * a new construct is a new word in a row, never a pattern for one sentence.
 *
 * Words are matched on tokens: case-insensitive, hyphens are spaces, a trailing '*' matches any
 * ending ("exclud*"), a masked marker never matches. `maxTokens` is the longest run of tokens
 * the scope crosses without meeting a marker: a list of markers carries the scope on, so
 * "no known A, B (per local testing), C or D" reaches D, while a condition further on does not.
 */
import type { Gene } from '../../../domain/biomarkers.js';

/**
 * - negated: the marker must be absent (flips the section's direction);
 * - ruled-out: its carriers are excluded, in whichever section ("patients with X are excluded");
 * - not-gating: named but gates nothing ("regardless of", "is allowed", "not required");
 * - testing: the marker is named as a test or status; gates nothing unless a negation also
 *   reaches it ("no known EGFR, ALK (testing not required)" still excludes);
 * - conditional: names who a condition applies to ("if", "patients with X must have received");
 * - other-tumour / lung-tumour: the tumour the marker qualifies (the nearer one decides);
 * - prior-therapy: the marker names a therapy's target, not the patient's tumour;
 * - carve: an exception to the surrounding requirement ("other than T790M");
 * - obligation: the criterion is written as what the patient must be or have ("must be EGFR
 *   negative"): among the exclusion criteria too it states a requirement, not whom it excludes.
 */
export type Category =
  | 'negated'
  | 'ruled-out'
  | 'not-gating'
  | 'testing'
  | 'conditional'
  | 'other-tumour'
  | 'lung-tumour'
  | 'prior-therapy'
  | 'carve'
  | 'obligation';

export type Direction = 'forward' | 'backward' | 'bidirectional' | 'terminate' | 'pseudo';

export interface ContextRule {
  id: string;
  /** Alternative word sequences that trigger the rule. */
  words: string[];
  /** Null for terminate and pseudo rows. */
  category: Category | null;
  direction: Direction;
  /** Tokens the scope may cross without meeting a marker (terminate and pseudo rows: 0). */
  maxTokens: number;
  /**
   * Bidirectional rows: the backward reach, when shorter than the forward one. A list after the
   * cue runs on as far as a forward cue's ("must be negative for A detected by an approved test,
   * B or C"), while the words before it are another clause's more often than its subject's.
   */
  maxTokensBack?: number;
  /**
   * Bidirectional rows: the backward reach counts only where a negation follows the cue within
   * two words ("EGFR and ALK must be negative", "should have tested negative"). Before an
   * obligation about anything else the markers name whom it is about ("patients with an EGFR
   * mutation who should receive osimertinib first"), not what they must be.
   */
  backOnlyBeforeNegation?: boolean;
  /** Genes the cue never applies to ("negative for PD-L1" is a cut-off, read by pdl1.ts). */
  exceptGenes?: Gene[];
  /** Terminate rows: end only scopes running this way (default both). */
  endsOnly?: 'forward';
  /**
   * Terminate rows: the clause the cue opens, up to the next comma, is an aside to a cue after
   * it: a backward scope crosses it without counting its words ("EGFR mutation which is expected
   * to respond to a TKI, must have received ...").
   */
  clauseIsAside?: boolean;
  /**
   * The cue counts only where it opens the statement ("In patients with EGFR mutation, prior
   * TKI is required"); elsewhere the words name the population ("a cohort in participants
   * with ALK fusion").
   */
  atStart?: boolean;
  /**
   * The cue opens the statement's leading clause, and its scope is that clause up to the comma
   * the main clause follows ("For EGFR mutation-positive participants, prior TKI is required";
   * "Where an EGFR mutation is present, ..."). A list of markers does not end the clause; a
   * clause ending at a colon or with the statement is no condition (a header names a cohort).
   */
  leadingClause?: boolean;
  /**
   * Where the cue opens the statement, its scope is the clause up to the comma the main clause
   * follows ("Except for KRAS G12C, known driver mutations in EGFR, ALK ..." excludes the rest).
   */
  clauseAtStart?: boolean;
  /** Leading-clause rows: a clause holding one of these words names a cohort, not a condition. */
  notInClause?: string[];
  /** False: the scope stops at a bracket rather than reading the aside ("other than EGFR (e.g. ALK)"). */
  crossesAsides?: boolean;
  /**
   * The cue counts only where none of these words stands in the few words before it, in its
   * clause: "an actionable driver identified on NGS testing, such as ALK fusion" states a result.
   */
  notAfter?: string[];
  /**
   * The scope crosses a comma only inside a list of markers ("EGFR, ALK or ROS1 TKI"): a target
   * is written against its therapy, so a comma with no marker beyond it ends the therapy's reach
   * ("NSCLC with ROS1 fusion, TKI-naive", "BRAF V600-mutant NSCLC, BRAF/MEK inhibitor naive").
   */
  listCommasOnly?: boolean;
  /**
   * The cue does not count where one of these word sequences follows it: "eligible only if all
   * of the following criteria apply:" introduces the criteria, it names no condition.
   */
  notBefore?: string[];
  /**
   * Forward rows: the scope runs only over a list the cue itself opens, in brackets right after
   * it or after "such as" / "e.g." / "i.e." / "including" ("prior targeted therapy (e.g., EGFR,
   * ALK)", "biomarker analysis, including EGFR and ALK"); elsewhere the row reaches nothing.
   */
  ownListOnly?: boolean;
  /**
   * True: a cue inside brackets reaches out of them. A tumour named in an aside qualifies what
   * the aside describes ("Cohorts 1 and 2 (gastric cancer) only: known HER2-positive status").
   */
  leavesAsides?: boolean;
  /** Genes the cue only applies to ("any PD-L1 expression"; "any EGFR mutation" still gates). */
  onlyGenes?: Gene[];
  /**
   * The cue reads a therapy's targets as the markers that call for it ("ALK-directed therapy is
   * not indicated": no ALK fusion); elsewhere a therapy mention states no marker.
   */
  readsTherapyTargets?: boolean;
  /**
   * The cue reaches only a therapy's targets; a marker it reaches is not cued ("not a candidate
   * for curative surgery, with an EGFR mutation" keeps the EGFR requirement).
   */
  therapyOnly?: boolean;
  /**
   * The cue gates nothing only where the marker states no state of its own and no negation
   * reaches it: "EGFR status unknown" gates nothing, "EGFR wild-type or unknown" still rules
   * EGFR out (a known state is the one that counts).
   */
  yieldsToState?: boolean;
  /**
   * The sections the cue counts in (default every one): "EGFR-mutant patients who have not
   * received osimertinib" names a subgroup when excluded, a requirement when admitted.
   */
  sections?: Array<'inclusion' | 'exclusion'>;
  /**
   * Words that end the scope, in its direction. A therapy's "with or without savolitinib" ends
   * where the population begins ("... in EGFRm+ MET-amplified NSCLC"); "after EGFR TKI" names
   * its therapy's targets back to "after", not the marker before it.
   */
  stopsAt?: string[];
  /**
   * Words that end the scope once it has passed a marker or drug: a therapy phrase ends after the
   * therapy it names ("treated with osimertinib for EGFR-mutated NSCLC"), while "an inhibitor
   * for patients with BRAF V600E" still names the inhibitor's target.
   */
  stopsAfterTarget?: string[];
  /**
   * Negation rows: in these sections the cue restates the section instead of flipping it. "Must
   * not have an EGFR mutation" written among the exclusion criteria excludes EGFR, as the same
   * words do among the inclusion criteria; "patients without an EGFR mutation" there does not.
   */
  restatesIn?: Array<'inclusion' | 'exclusion'>;
  /**
   * Matched with the pseudo cues, before them where it starts earlier: its words hold a pseudo
   * phrase ("who have not received" holds "not received"), which would otherwise take them.
   */
  beforePseudo?: boolean;
  /** A criterion the rule must fire on (`rule-firings.test.ts`); "(exclusion)" puts it there. */
  example: string;
}

/**
 * Words after which a test or status names another marker's: "ALK rearrangement regardless of /
 * irrespective of / with any PD-L1 status", "ROS1 fusion and known PD-L1 status" test PD-L1 only.
 */
const OTHER_MARKERS_TEST = ['of', 'known', 'with', 'any'];

/** A test named by its noun: "molecular testing (EGFR, ALK)", "routine NGS that includes EGFR". */
const TEST_NOUNS = [
  'testing',
  'test',
  'tests',
  'analysis',
  'analyses',
  'assay',
  'assays',
  'profiling',
  'genotyping',
  'sequencing',
  'detection',
  'ngs',
  'panel',
  'panels',
];
/** Tests whose result a criterion may state: "NGS ruled out ...", "gene detection excluded ...". */
const RESULT_TESTS = [...TEST_NOUNS, 'fish', 'ihc', 'pcr'];

/** Verbs of a test still to be done, besides "tested": "will be analysed for EGFR", "must be assessed". */
const TEST_VERBS = [
  'assessed',
  'analysed',
  'analyzed',
  'evaluated',
  'screened',
  'sequenced',
  'profiled',
];

/** Who a study enrols, as titles and criteria name them. */
const POPULATION_NOUNS = [
  'patients',
  'participants',
  'subjects',
  'adults',
  'people',
  'individuals',
];

/**
 * Words that open a list. The engine's scope reads every opener (a cue's own list, a class's
 * named markers); the post-rules read the `examples` ones, whose items are examples of something
 * broader ("EGFR mutation (e.g. L858R)"), not what it is ("i.e.", "namely"). An abbreviation is
 * also read without its full stops ("eg,", "ie (").
 */
export interface ListOpener {
  words: string;
  examples: boolean;
  /** Words after which the opener says which ones rather than giving examples ("including one of"). */
  notBefore?: string[];
}

export const LIST_OPENERS: readonly ListOpener[] = [
  { words: 'such as', examples: true },
  { words: 'e.g.', examples: true },
  { words: 'for example', examples: true },
  { words: 'for instance', examples: true },
  {
    words: 'including',
    examples: true,
    notBefore: ['only', 'one or more of', 'at least one of', 'any of', 'either', 'one of'],
  },
  { words: 'i.e.', examples: false },
  { words: 'namely', examples: false },
  // A clause naming some of what the thing holds, as "including" does: "an NGS panel that
  // includes EGFR, ALK, ...", "any EGFR mutation (this includes exons 19 or 21, exon 20 ...)".
  ...['that', 'which', 'this', 'these'].flatMap((w) =>
    ['includes', 'include', 'covers', 'cover'].map((v) => ({
      words: `${w} ${v}`,
      examples: true,
    })),
  ),
];

/**
 * The first words of the openers of examples: an exception ends where examples of what remains
 * begin ("solid tumour other than breast or gastric cancer, including NSCLC").
 */
export const EXAMPLE_OPENER_WORDS = [
  ...new Set(LIST_OPENERS.filter((o) => o.examples).map((o) => o.words.split(/[\s.]/)[0])),
];

/** Words that carve an exception out of what comes before them ("EGFR mutation other than T790M"). */
const CARVE_WORDS = [
  'except',
  'except for',
  'excluding',
  'with the exception of',
  'other than',
  'apart from',
  'besides',
  'but not',
  'not including',
  'excepting',
  'exception',
  'exceptions',
];

/**
 * What a targeted therapy is called; the markers right before it are its targets. Not the list
 * after it: "a driver mutation with approved targeted therapy (such as EGFR, ALK)" names drivers.
 */
const TARGETED_THERAPY_NOUNS = [
  'targeted therapy',
  'targeted therapies',
  'targeted agent',
  'targeted agents',
  'targeted treatment',
  'targeted drug*',
  'inhibitor',
  'inhibitors',
  'tki',
  'tkis',
  'tyrosine kinase inhibitor*',
];

/** Words that state a test's result, not a test to be done ("positive on NGS analysis"). */
const STATED_RESULT_WORDS = [
  'positive',
  'positivity',
  'identified',
  'detected',
  'documented',
  'confirmed',
  'showing',
  'shows',
  'showed',
  'revealed',
  'revealing',
  'harbor*',
  'harbour*',
  'found',
];

/** Histologies a criterion carves out of the lung cancers it admits; they are no marker. */
const HISTOLOGY_WORDS = [
  'squamous',
  'predominantly squamous',
  'pure squamous',
  'squamous cell',
  'small cell',
  'large cell',
  'neuroendocrine',
  'adenocarcinoma',
  'non squamous',
  'mixed',
  'sarcomatoid',
  'carcinoid',
  'histology',
  'histologies',
];

export const CONTEXT_RULES: ContextRule[] = [
  // -- pseudo: phrases whose cue words mean nothing here (they cancel the cues inside them)
  {
    id: 'pseudo.not-limited-to',
    words: ['not limited to', 'but not limited to', 'not restricted to', 'not exclusively'],
    category: null,
    direction: 'pseudo',
    maxTokens: 0,
    example: 'no known driver, such as (but not limited to) EGFR or ALK',
  },
  {
    id: 'pseudo.quantity',
    words: [
      'no more than',
      'not more than',
      'no less than',
      'not less than',
      'no later than',
      'no longer',
      'not only',
      'no fewer than',
    ],
    category: null,
    direction: 'pseudo',
    maxTokens: 0,
    example: 'no more than 2 prior lines; EGFR mutation',
  },
  {
    // A concession, not a condition: "Patients with EGFR or ALK alterations are ineligible, even
    // if previously treated with targeted therapy" excludes them whatever their treatment.
    id: 'pseudo.concession',
    words: ['even if', 'even when', 'even though', 'even after', 'even in the case of'],
    category: null,
    direction: 'pseudo',
    maxTokens: 0,
    example: 'patients with EGFR alterations are ineligible, even if previously treated with a TKI',
  },
  {
    id: 'pseudo.not-a-candidate',
    words: [
      'not amenable',
      'not feasible',
      'not otherwise specified',
      'not possible',
      // "PD-L1 TPS >= 1% and ineligible for cisplatin": a treatment ruled out, not the marker.
      'ineligible for',
      'ineligible to receive',
    ],
    category: null,
    direction: 'pseudo',
    maxTokens: 0,
    example: 'stage IIIB not amenable to curative surgery, with an EGFR mutation',
  },
  {
    id: 'pseudo.no-prior',
    words: [
      'no prior',
      'not previously',
      'not received',
      'not have received',
      'not been treated',
      'not been previously',
      'not be exposed',
      'not been exposed',
      'not exposed',
      'not have been exposed',
    ],
    category: null,
    direction: 'pseudo',
    maxTokens: 0,
    example: 'no prior systemic therapy for EGFR-mutant NSCLC',
  },
  {
    // The means of confirming a result ("EGFR mutation confirmed by local testing") is not a test mention.
    id: 'pseudo.confirmed-by-test',
    words: [
      'by testing',
      'by test',
      'by tests',
      'by central testing',
      'by local testing',
      'by genetic testing',
      'by molecular testing',
      'by genomic testing',
      'by ngs testing',
      'by tissue testing',
      'by plasma testing',
      'by blood testing',
      'by an approved test',
      'by a validated test',
      'by an fda approved test',
      'by a local test',
      'by a central test',
      'per local testing',
      'per central testing',
      'by local or central testing',
      'by central or local testing',
      'on local testing',
      'on central testing',
      'by any test',
      'by an appropriate test',
      'by a certified test',
      'by a clia certified test',
      'using an approved test',
      'using a validated test',
      'by central test',
      'by local test',
      'per local test',
    ],
    category: null,
    direction: 'pseudo',
    maxTokens: 0,
    example: 'EGFR mutation confirmed by local testing',
  },
  {
    // A positive test is a stated result: its "test" names no test to be done.
    id: 'pseudo.positive-test',
    words: [
      'tested positive',
      'tested positive for',
      // "EGFR mutation analysis positive", "positive result of ALK analysis": results, not tests.
      'analysis positive',
      'analysis showing',
      'analysis showed',
      'analysis shows',
      'analysis confirming',
      'analysis confirmed',
      'analysis revealing',
      'analysis revealed',
      'positive result of',
      'positive results of',
      'positive test for',
      'positive test',
      'test positive',
      'tests positive',
      'positive testing for',
      'positive result for',
      'positive results for',
      // "previous genetic testing for a definite EGFR-sensitive mutation": a result the test found.
      'testing for a definite',
      'testing for definite',
      'tested for a definite',
      'test for a definite',
    ],
    category: null,
    direction: 'pseudo',
    maxTokens: 0,
    example: 'tested positive for a MET exon 14 skipping mutation',
  },
  {
    // "NSCLC other than squamous histology with an EGFR mutation": the exception is a
    // histology, spent on its noun; the marker after it is the population's.
    id: 'pseudo.carved-histology',
    words: CARVE_WORDS.flatMap((carve) => HISTOLOGY_WORDS.map((h) => `${carve} ${h}`)),
    category: null,
    direction: 'pseudo',
    maxTokens: 0,
    example: 'non-squamous NSCLC other than squamous histology with an EGFR activating mutation',
  },
  {
    id: 'pseudo.gene-name',
    words: [
      'rat sarcoma',
      'accelerated fibrosarcoma',
      'sarcoma viral',
      'sarcoma virus',
      'lymphoma kinase',
      'neuroblastoma ras',
      'neuroblastoma rat',
    ],
    category: null,
    direction: 'pseudo',
    maxTokens: 0,
    example: 'anaplastic lymphoma kinase (ALK) fusion',
  },
  // -- terminate: a clause boundary ends every scope
  {
    id: 'terminate.clause',
    words: [
      ';',
      // "ALK rearrangement / Note: prior crizotinib is allowed": a note joined onto the line
      // above is a statement of its own.
      'note :',
      'notes :',
      'nb :',
      'please note',
      'but',
      'however',
      'although',
      'whereas',
      'while',
      'unless',
      'except',
      'excluding',
      'other than',
      'apart from',
      'with the exception of',
      'and with',
      'and have',
      'and has',
      'and must',
      'and only',
    ],
    category: null,
    direction: 'terminate',
    maxTokens: 0,
    example: 'EGFR mutation; no ALK fusion',
  },
  {
    // What the patient has, set after what they lack: "NSCLC without EGFR sensitizing mutation,
    // with c-Met overexpression (IHC 3+)". Not "..., with or without T790M".
    id: 'terminate.comma-with',
    words: [', with', ', and with', ', but with'],
    notBefore: ['or without', 'or no', 'the exception of'],
    category: null,
    direction: 'terminate',
    maxTokens: 0,
    endsOnly: 'forward',
    example: 'NSCLC without EGFR sensitizing mutation, with c-Met overexpression',
  },
  {
    // A relative clause starts after its noun: a cue before it does not reach into it, but a
    // cue after it still reaches the noun ("EGFR mutation which ... must have received").
    id: 'terminate.relative-clause',
    words: ['who', 'whom', 'which', 'whose'],
    category: null,
    direction: 'terminate',
    maxTokens: 0,
    endsOnly: 'forward',
    clauseIsAside: true,
    example: 'no brain metastases which require steroids; EGFR mutation',
  },
  {
    // The population a study is for starts a new phrase: "Drug A alone or in combination with
    // Drug B in patients with KRAS G12C NSCLC" (a cue about the drugs does not reach the marker).
    id: 'terminate.population',
    words: ['in', 'for', 'among'].flatMap((p) => POPULATION_NOUNS.map((n) => `${p} ${n} with`)),
    category: null,
    direction: 'terminate',
    maxTokens: 0,
    endsOnly: 'forward',
    example: 'alone or in combination with pembrolizumab in patients with KRAS G12C mutation',
  },
  {
    // The other state starts a new phrase: "Negative for PD-L1, and Positive for KRAS p.G12C".
    id: 'terminate.opposite-state',
    // Joined on by a conjunction: "must not be positive for" stays one negation.
    words: ['and', 'but', 'yet'].flatMap((c) => [
      `${c} positive for`,
      `${c} positivity for`,
      `${c} positive to`,
    ]),
    category: null,
    direction: 'terminate',
    maxTokens: 0,
    endsOnly: 'forward',
    example: 'negative for PD-L1 and positive for KRAS G12C',
  },
  // -- negation
  {
    id: 'negation.forward',
    words: [
      'no',
      'not',
      'without',
      'nor',
      'neither',
      'never',
      'cannot',
      'absence of',
      'absent',
      'lack',
      'lacks',
      'lacking',
      'lack of',
      'free of',
      'free from',
      'devoid of',
      'clear of',
      // "Loss of T790M (T790M-negative by tissue or ctDNA) after osimertinib".
      'loss of',
      // "Tumour must be wild-type for EGFR, ALK and ROS1": the state before the list it governs.
      'wild type for',
      'wildtype for',
      'negative for',
      'negative to',
      'not positive for',
      'negative test* for',
      'negative result* for',
      // "Negative results on molecular testing (e.g., EGFR, ALK, ROS1)": the test's list is what was negative.
      'negative on',
      'negative result* on',
      'negative result* of',
      'tested negative for',
      'none of',
      'negative oncogen*',
      'negative driver*',
      'negative actionable',
      'negative targetable',
      'negative genomic',
      // A class of drivers stated negative, its genes named after it: "Driver gene negative
      // (EGFR/ALK/ROS1) NSCLC", "Oncogene-negative NSCLC (EGFR, ALK)".
      ...['driver', 'driver gene*', 'driver mutation*', 'oncogene', 'oncogenic driver*'].flatMap(
        (c) => [`${c} negative`, `${c} wild type`],
      ),
    ],
    category: 'negated',
    direction: 'forward',
    maxTokens: 12,
    exceptGenes: ['PD-L1'],
    example: 'no known EGFR mutation, ALK fusion (per local testing), ROS1 or RET rearrangement',
  },
  {
    // A criterion written as an obligation states what the patient must be, in either section:
    // "(exclusion) Patients must be EGFR and ALK negative" rules EGFR and ALK out, as the same
    // words do among the inclusion criteria ("must not have" restates likewise, restatesIn).
    id: 'obligation.modal',
    words: [
      'must',
      'must also',
      'should',
      'shall',
      'are required to',
      'is required to',
      'required to',
      'need to',
      'needs to',
    ],
    category: 'obligation',
    direction: 'bidirectional',
    // As far as the negation it often opens ("must be negative for A by local testing or B").
    maxTokens: 12,
    maxTokensBack: 4,
    backOnlyBeforeNegation: true,
    sections: ['exclusion'],
    example: '(exclusion) Patients must be EGFR and ALK negative',
  },
  {
    // A rule written as a rule ("Patients must not have ...") says the same in either section.
    id: 'negation.imperative',
    words: [
      'must not have',
      'must not harbor',
      'must not harbour',
      'must not carry',
      'must not display',
      'must not exhibit',
      'should not have',
      'should not harbor',
      'should not harbour',
      'may not have',
      'must not have any',
      'must not have known',
    ],
    category: 'negated',
    direction: 'forward',
    maxTokens: 12,
    exceptGenes: ['PD-L1'],
    restatesIn: ['exclusion'],
    example: '(exclusion) Patients must not have an EGFR mutation or ALK rearrangement',
  },
  {
    // "ALK and ROS1 must be negative for rearrangement", "... must be negative for EGFR and ALK",
    // "... must be negative for both": the marker may stand on either side. Longer than
    // negation.backward's "must be negative", so it wins there.
    id: 'negation.negative-for',
    words: [
      // "must" / "should" before it is an obligation cue of its own.
      'be negative for',
      'are negative for',
      'be negative on',
    ],
    category: 'negated',
    direction: 'bidirectional',
    maxTokens: 12,
    maxTokensBack: 3,
    exceptGenes: ['PD-L1'],
    example: 'tumour ALK and ROS1 must be negative for rearrangement by FISH',
  },
  {
    id: 'negation.backward',
    words: [
      'not detected',
      'undetectable',
      'not present',
      'not mutated',
      'non mutated',
      'unmutated',
      'not amplified',
      'not rearranged',
      // A state said through a verb after the marker: "EGFR status, if known, must be wild-type".
      ...['be', 'is', 'are', 'tested'].flatMap((v) =>
        ['negative', 'wild type', 'wildtype'].map((state) => `${v} ${state}`),
      ),
      'negative or unknown',
      // A result stated after the marker: "ALK fusion was not found", "EGFR mutation was absent".
      'not found',
      'not identified',
      'not observed',
      'was absent',
      'were absent',
      'is absent',
      'are absent',
    ],
    category: 'negated',
    direction: 'backward',
    maxTokens: 12,
    // "PD-L1 negative" is a cut-off (TPS < 1), read by pdl1.ts.
    exceptGenes: ['PD-L1'],
    example: 'EGFR and ALK alterations must be negative',
  },
  {
    // "EGFR-, ALK- or ROS1-directed therapy is not indicated": the therapy a driver would call
    // for is ruled out, so the driver is absent. Short reach: the therapy's words only.
    id: 'negation.not-indicated',
    words: ['not indicated', 'not be indicated'],
    category: 'negated',
    readsTherapyTargets: true,
    direction: 'backward',
    maxTokens: 4,
    example: 'EGFR-, ALK- or ROS1-directed therapy is not indicated as primary therapy',
  },
  {
    // "Not a candidate for EGFR- or ALK-directed therapy", "... targeted therapy is not
    // appropriate": the therapy a driver would call for is ruled out, as "not indicated" says.
    // Therapies only: "not a candidate for surgery, with an EGFR mutation" keeps its marker.
    id: 'negation.not-a-candidate',
    words: [
      'not candidate*',
      'not a candidate',
      'not be a candidate',
      'not be candidates',
      'not a suitable candidate',
      'not suitable',
      'not eligible for',
      'not be eligible for',
      'not appropriate',
      'not be appropriate',
    ],
    category: 'negated',
    readsTherapyTargets: true,
    therapyOnly: true,
    direction: 'bidirectional',
    maxTokens: 4,
    example: 'Patients must not be candidates for EGFR-, ALK- or ROS1-directed therapy',
  },
  {
    // "EGFR and ALK status documented as negative": a result stated after the status words.
    // Short reach: "NSCLC whose lymph nodes were negative" says nothing of the marker.
    id: 'negation.stated-result',
    words: [
      'be negative',
      'was negative',
      'were negative',
      'been negative',
      'documented as negative',
      'confirmed as negative',
      'confirmed negative',
      'reported as negative',
      'known to be negative',
      'analysis negative',
    ],
    category: 'negated',
    direction: 'backward',
    maxTokens: 3,
    example: 'EGFR and ALK status documented as negative',
  },
  {
    id: 'ruled-out.backward',
    words: [
      'are excluded',
      'is excluded',
      'will be excluded',
      'must be excluded',
      'should be excluded',
      'be excluded',
      'excluded',
      'are not eligible',
      'is not eligible',
      'not eligible',
      'are not allowed',
      'is not allowed',
      'not allowed',
      'not permitted',
      'are not permitted',
      'is not permitted',
      'not be enrolled',
      'not be included',
      'not candidates for this study',
      'not candidates for the study',
      'are excluded from',
      'excluded from the study',
      // A result said through a verb: "ALK fusion was ruled out by FISH".
      'ruled out',
      'been ruled out',
    ],
    category: 'ruled-out',
    direction: 'backward',
    maxTokens: 12,
    example: 'patients whose tumours harbour an ALK fusion or a ROS1 rearrangement are excluded',
  },
  {
    // Who is ineligible stands before the word; what follows it is a therapy or another
    // clause ("Cisplatin-ineligible NSCLC with PD-L1 TPS >= 50%" rules nothing out).
    id: 'ruled-out.ineligible',
    words: [
      'ineligible',
      'are ineligible',
      'is ineligible',
      'considered ineligible',
      'are considered ineligible',
      'deemed ineligible',
      'will be ineligible',
    ],
    category: 'ruled-out',
    direction: 'backward',
    maxTokens: 12,
    example: 'participants with ERBB2 activating mutations are considered ineligible',
  },
  {
    id: 'ruled-out.ineligible-if',
    words: [
      'ineligible if',
      'not eligible if',
      'excluded if',
      'not allowed if',
      // Longer than ruled-out.ineligible's "are ineligible", so the forward reading wins here.
      'are ineligible if',
      'is ineligible if',
      'will be ineligible if',
      'are excluded if',
      'is excluded if',
      'will be excluded if',
      'are not eligible if',
    ],
    category: 'ruled-out',
    direction: 'forward',
    maxTokens: 12,
    example: 'excluded if the tumour harbours a known EGFR mutation',
  },
  {
    // A test's result ruling markers out, the test named first: "Gene detection excluded EGFR
    // sensitive mutation and ALK fusion", "NGS has ruled out ALK and ROS1 rearrangements".
    id: 'ruled-out.by-test',
    words: RESULT_TESTS.flatMap((t) =>
      [
        'excluded',
        'has excluded',
        'have excluded',
        'ruled out',
        'has ruled out',
        'have ruled out',
      ].map((v) => `${t} ${v}`),
    ),
    category: 'ruled-out',
    direction: 'forward',
    maxTokens: 12,
    example: 'gene detection excluded EGFR sensitive mutation and ALK fusion',
  },
  // -- gates nothing
  {
    id: 'not-gating.forward',
    words: [
      'regardless of',
      'irrespective of',
      'independent of',
      'independently of',
      'whether or not',
      'unselected for',
      'not selected for',
      'any level of',
      'all levels of',
      'known or unknown',
      'unknown',
      'which may include',
      'that may include',
      'may also include',
      'may have',
      'may harbor',
      'may harbour',
      'can have',
      'allowed to have',
      'family history of',
      'scored using',
      'scored by',
      'stratified by',
      'stratification by',
      'stratified according to',
      'stratified based on',
      'stratification factor*',
      'stratification variable*',
    ],
    category: 'not-gating',
    direction: 'forward',
    maxTokens: 6,
    example: 'regardless of PD-L1 expression or EGFR status',
  },
  {
    // A therapy given with or without another names no marker; the population after it does:
    // "Osimertinib with or without savolitinib in EGFRm+ MET-amplified NSCLC".
    id: 'not-gating.with-or-without',
    words: [
      'with or without',
      'alone or in combination with',
      'in combination with other',
      'alone or concurrent',
      'alone or with concurrent',
      'alone or co occurring',
      'alone or with',
    ],
    category: 'not-gating',
    direction: 'forward',
    maxTokens: 6,
    stopsAt: ['in', 'for', 'among', 'as'],
    example: 'with or without EGFR-directed therapy',
  },
  {
    // Both states named side by side admit either: "EGFR negative or positive NSCLC",
    // "positive or negative for ALK".
    id: 'not-gating.both-states',
    words: [
      'negative or positive',
      'positive or negative',
      'positive and negative',
      'negative and positive',
      'mutant or wild type',
      'mutated or wild type',
      'wild type or mutant',
      'wild type or mutated',
      'mutant and wild type',
      'wild type and mutant',
    ],
    category: 'not-gating',
    direction: 'bidirectional',
    maxTokens: 4,
    example: 'EGFR negative or positive NSCLC',
  },
  {
    // A co-occurrence excluded names the trial's own marker as its anchor: "Co-existing EGFR or
    // ALK alteration in addition to the MET exon 14 skipping mutation" excludes EGFR and ALK,
    // not MET. Admitted, the same words join two requirements ("MET amplification in addition
    // to an EGFR mutation").
    id: 'not-gating.co-occurrence-anchor',
    words: [
      'in addition to',
      'together with',
      'co occurring with',
      'coexisting with',
      'co existing with',
      'concurrent with',
      'along with',
    ],
    category: 'not-gating',
    direction: 'forward',
    maxTokens: 3,
    sections: ['exclusion'],
    example:
      '(exclusion) Co-existing EGFR alteration in addition to the MET exon 14 skipping mutation',
  },
  {
    // "EGFR status unknown" gates nothing; "EGFR wild-type or unknown", "ALK negative or ALK
    // status unknown", "EGFR mutation negative/unknown": the known state gates.
    id: 'not-gating.unknown',
    words: ['or unknown', 'unknown', 'or status unknown', 'or not known', 'or not tested'],
    category: 'not-gating',
    direction: 'backward',
    maxTokens: 6,
    yieldsToState: true,
    example: 'EGFR mutation status unknown',
  },
  {
    // A status asked for only where it exists gates nothing ("EGFR and ALK status, if known"),
    // unless a state is stated beside it: "EGFR status, if known, must be negative" rules EGFR
    // out, "patients with EGFR mutation, if known, are excluded" too.
    id: 'not-gating.if-known',
    words: ['if', 'when', 'where'].flatMap((w) =>
      ['known', 'available', 'applicable', 'tested', 'performed', 'done', 'assessed'].map(
        (k) => `${w} ${k}`,
      ),
    ),
    category: 'not-gating',
    direction: 'backward',
    maxTokens: 14,
    yieldsToState: true,
    example: 'EGFR and ALK status, if known',
  },
  {
    id: 'not-gating.backward',
    words: [
      'is allowed',
      'are allowed',
      'allowed',
      'permitted',
      'is permitted',
      'are permitted',
      'are eligible',
      'is eligible',
      'are also eligible',
      'also eligible',
      'will also be eligible',
      'will be allowed',
      'will also be allowed',
      'will be permitted',
      'may be eligible',
      'will be eligible',
      'may be enrolled',
      'may enrol*',
      'may participate',
      'may be included',
      'can be enrolled',
      'can be included',
      'can participate',
      'are acceptable',
      'is acceptable',
      'acceptable',
      'not required',
      'is not required',
      'are not required',
      'not necessary',
      'need not',
      'is optional',
      'optional',
      'are not excluded',
      'is not excluded',
      // What patients with a marker may do, not what they must have: "patients with EGFR/ALK
      // positive disease may receive TKI as per standard of care".
      'may receive',
      'may be treated',
      'may continue',
      'not sufficient',
      'alone is not sufficient',
      // "HER2 amplification or overexpression alone does not qualify".
      'does not qualify',
      'do not qualify',
      'not qualify',
      'or wild type',
      'or negative',
      'or positive',
      'is not a requirement',
    ],
    category: 'not-gating',
    direction: 'backward',
    maxTokens: 14,
    example: 'patients with a known ALK rearrangement are eligible',
  },
  {
    id: 'not-gating.germline',
    words: ['germline', 'inherited', 'hereditary', 'high risk of carrying', 'family history of'],
    category: 'not-gating',
    direction: 'forward',
    maxTokens: 3,
    example: 'carriers of a germline EGFR T790M variant',
  },
  {
    // "EGFR T790M germline variant": right after the marker only, so "known to be T790M+ (on
    // tumour or plasma) or known germline T790M" keeps the tumour's T790M before the "or".
    id: 'not-gating.germline-after',
    words: ['germline', 'inherited', 'hereditary'],
    category: 'not-gating',
    direction: 'backward',
    maxTokens: 0,
    example: 'carriers of an EGFR T790M germline variant',
  },
  {
    // A sentence that defines a term ("*Actionable alterations are defined as ALK rearrangement,
    // ROS1 fusion, ..."; "ISH positive is defined as ...") gates nothing, over its whole list. A
    // definition in apposition to a requirement ("NSCLC with an actionable alteration, defined
    // as ALK fusion or RET fusion") is no cue: it names what is required.
    id: 'not-gating.definition',
    words: [
      'is defined as',
      'are defined as',
      'is defined by',
      'are defined by',
      'will be defined as',
      'is considered as',
    ],
    category: 'not-gating',
    direction: 'forward',
    maxTokens: 3,
    example: 'ISH positive is defined as HER2/CEP17 ratio >= 2',
  },
  {
    // "Reporting of the presence or absence of a KRAS G12C mutation": a test of both states; a
    // negation elsewhere still gates ("...; patients must be negative for both").
    id: 'testing.presence-or-absence',
    words: ['presence or absence of', 'absence or presence of', 'presence and absence of'],
    category: 'testing',
    direction: 'forward',
    maxTokens: 4,
    example: 'reporting of the presence or absence of a KRAS G12C mutation',
  },
  {
    // "Sufficient tumour tissue for EGFR mutation analysis": a test named right after the marker.
    id: 'testing.analysis',
    words: ['analysis', 'analyses', 'genotyping'],
    category: 'testing',
    direction: 'backward',
    maxTokens: 1,
    example: 'sufficient tumour tissue available for EGFR mutation analysis',
  },
  {
    // The markers a test's own list of examples names ("molecular testing (EGFR, ALK, ROS1)").
    id: 'testing.own-list',
    words: TEST_NOUNS,
    category: 'testing',
    direction: 'forward',
    maxTokens: 4,
    ownListOnly: true,
    notAfter: STATED_RESULT_WORDS,
    example: 'willing to undergo biopsy for biomarker analysis, including EGFR and ALK',
  },
  {
    // "ALK <= 2.5 x ULN" is alkaline phosphatase, a lab value named like a gene.
    id: 'not-gating.lab-value',
    words: ['uln', 'upper limit of normal', 'institutional upper limit', 'iu l', 'u l'],
    category: 'not-gating',
    direction: 'backward',
    maxTokens: 4,
    example: 'ALK <= 2.5 x ULN',
  },
  {
    id: 'not-gating.any-expression',
    words: ['any', 'all'],
    category: 'not-gating',
    direction: 'forward',
    maxTokens: 2,
    onlyGenes: ['PD-L1'],
    example: 'any PD-L1 expression',
  },
  {
    // The sides of a comparison of the marker's values; "drug A vs. drug B in patients with EGFR
    // mutation" compares treatments, so the scope is short.
    id: 'not-gating.strata',
    words: ['vs', 'versus'],
    category: 'not-gating',
    direction: 'bidirectional',
    maxTokens: 3,
    example: 'PD-L1 TPS < 1% vs >= 1%',
  },
  {
    id: 'testing.forward',
    words: [
      'testing for',
      'tested for',
      'be tested for',
      'been tested for',
      'being tested for',
      'test for',
      'tests for',
      'testing of',
      'tissue for',
      'sample for',
      'samples for',
      'specimen for',
      'assessment of',
      'analysis of',
      'determination of',
      'evaluation of',
      'collection of',
      'to determine',
      'to assess',
      'to evaluate',
      'to test',
      'status of',
      'assay for',
      // The test's list after its verb: "tumor tissue will be analysed for EGFR, ALK and ROS1".
      ...TEST_VERBS.flatMap((v) => [`${v} for`, `be ${v} for`]),
    ],
    category: 'testing',
    direction: 'forward',
    maxTokens: 8,
    example: 'archival tissue for testing of EGFR and ALK',
  },
  {
    id: 'testing.backward',
    words: [
      // A test still to be done; a bare "tested" tells how a stated marker was found
      // ("Documented KRAS G12C mutation tested in tissue or plasma").
      'be tested',
      'being tested',
      'been tested',
      'not tested',
      'will be collected',
      'will be tested',
      ...TEST_VERBS.flatMap((v) => [`be ${v}`, `will be ${v}`]),
      'must be known',
      'must be documented',
      'must be available',
    ],
    category: 'testing',
    direction: 'backward',
    maxTokens: 3,
    stopsAfterTarget: OTHER_MARKERS_TEST,
    example: 'EGFR mutation status must be known',
  },
  {
    // The test or status itself named after its markers: a negation before them negates the test
    // ("without EGFR and ALK testing", "without known EGFR mutation status": not tested, no row),
    // not the markers (decide.ts).
    id: 'testing.test-noun',
    words: ['status', 'testing', 'test', 'tests', 'assay', 'assays', 'results', 'data'],
    category: 'testing',
    direction: 'backward',
    maxTokens: 3,
    stopsAfterTarget: OTHER_MARKERS_TEST,
    example: 'EGFR and ALK testing',
  },
  // -- conditions and subgroups
  {
    id: 'conditional.forward',
    words: [
      'if',
      'when',
      'in case of',
      'in the case of',
      'in case',
      'in the event',
      'as indicated by',
      'if indicated by',
      'as guided by',
      'for patients with',
      'for subjects with',
      'for participants with',
      'for individuals with',
      'for people with',
      'for those with',
      'only for',
      'required for',
      'is required for',
      'are required for',
      'mandatory for',
      'required in',
      'is required in',
      'mandatory in',
    ],
    notBefore: [
      'all of the following',
      'any of the following',
      'all the following',
      'any one of the following',
      'one of the following',
      'the following',
      'they meet',
      'they fulfil*',
      'they fulfill*',
      'they satisfy',
    ],
    category: 'conditional',
    direction: 'forward',
    maxTokens: 8,
    example: 'if an EGFR mutation is present, prior osimertinib is required',
  },
  {
    // Who a statement's main clause applies to, named in a clause before it: the markers there
    // select a subgroup, they gate nothing ("For EGFR mutation-positive participants, prior EGFR
    // TKI is required"). A clause naming a cohort is the cohort's requirement.
    id: 'conditional.subgroup-first',
    words: [
      ...['in', 'for', 'among'].flatMap((p) => [
        p,
        ...POPULATION_NOUNS.map((n) => `${p} ${n} with`),
      ]),
      'where',
      'whenever',
    ],
    category: 'conditional',
    direction: 'forward',
    maxTokens: 8,
    atStart: true,
    leadingClause: true,
    notInClause: [
      'cohort*',
      'arm',
      'arms',
      'part',
      'parts',
      'group*',
      'module*',
      'stratum',
      'strata',
      'expansion',
    ],
    example: 'For EGFR mutation-positive participants, prior EGFR TKI is required',
  },
  {
    id: 'conditional.backward',
    words: [
      'must have received',
      'must have progressed',
      'must have been treated',
      'must have been previously treated',
      'must be previously treated',
      'should have received',
      'must have had',
      'must have failed',
      'must have experienced',
      'must have documented',
      'need to have received',
      'required to have received',
      'must have prior',
      'must have previously received',
      'must have been offered',
      'should have been treated',
      'must have progression',
      'must also have received',
      'must have also received',
      'should have disease progression',
      'should have progressed',
      'must have disease progression',
      'should have had',
      'should have failed',
      'must have been previously treated with',
      'must be refractory',
      'should be refractory',
      'will need to progress',
      'need to progress',
      'need to have progressed',
      'must progress',
      'should progress',
      'if treated',
      'if previously treated',
      'if pretreated',
      'if received',
      'if they received',
      'if they have received',
      'if they had received',
      'if eligible',
      'if indicated',
      // What a subgroup must already have had: "... must have exhausted available targeted
      // therapies". Not "may have received": permissive about therapy, silent on the marker.
      'must either be',
      'must either have',
      'must have exhausted',
      'should have exhausted',
      'must have been intolerant',
      'must be intolerant',
    ],
    category: 'conditional',
    direction: 'backward',
    maxTokens: 8,
    example: 'patients with EGFR mutations must have received a TKI',
  },
  {
    // Excluded until treated: the exclusion names who must have had a therapy first, the
    // marker gates nothing. In the inclusion criteria the same words describe the enrolled.
    id: 'conditional.untreated-subgroup',
    words: [
      'who have not received',
      'who have not yet received',
      'who did not receive',
      'who have not been treated',
      'who have not been previously treated',
      'who have not progressed',
      'who have not had',
      'who have not failed',
      'not previously treated with',
    ],
    category: 'conditional',
    direction: 'backward',
    maxTokens: 8,
    sections: ['exclusion'],
    beforePseudo: true,
    example: '(exclusion) EGFR-mutant patients who have not received osimertinib',
  },
  {
    id: 'conditional.unless',
    words: ['unless'],
    category: 'conditional',
    direction: 'bidirectional',
    maxTokens: 10,
    example: 'EGFR-mutant patients are not eligible unless they have progressed on a TKI',
  },
  // -- a therapy's target
  {
    id: 'prior-therapy.forward',
    words: [
      'prior treatment with',
      'previously treated with',
      'pretreated with',
      'progressed on',
      'progression on',
      'resistant to',
      'refractory to',
      'intolerant to',
      'intolerance to',
      'treated with',
      'exposed to',
      'exposure to',
      'activity in',
      'activities in',
      'active in',
      'approved for',
      'indicated for',
      // "has received a targeted therapy for an actionable genomic alteration": the therapy's target.
      'targeted therapy for',
      'targeted therapies for',
      'targeted treatment for',
      // "an EGFR TKI for EGFR-mutant disease": the disease the inhibitor was given for.
      'tki for',
      'tkis for',
      'inhibitor for',
      'inhibitors for',
    ],
    // "treated with osimertinib for EGFR-mutated NSCLC": the disease it was given for; "progression
    // on osimertinib with MET amplification": what came with the progression.
    stopsAfterTarget: ['for', 'in', 'with'],
    category: 'prior-therapy',
    direction: 'forward',
    maxTokens: 3,
    example: 'progressed on a KRAS G12C inhibitor',
  },
  {
    id: 'prior-therapy.backward',
    words: TARGETED_THERAPY_NOUNS,
    category: 'prior-therapy',
    direction: 'backward',
    maxTokens: 2,
    // "MET amplification (GCN >= 6) after EGFR TKI": the preposition introducing the therapy.
    stopsAt: ['after', 'following', 'on', 'despite', 'post'],
    // "driver mutations for which targeted therapies are approved": a relative clause describing
    // the marker, not a therapy it names.
    notAfter: ['which', 'whom'],
    // "EGFR-TKI sensitizing mutation": sensitivity to the therapy describes the marker.
    notBefore: ['sensiti*', 'responsive'],
    listCommasOnly: true,
    example: 'prior ALK or NTRK fusion gene targeted therapies (exclusion)',
  },
  {
    // "No prior treatment with agents targeting EGFR mutation or ALK rearrangement": the targets
    // of a therapy, the whole list (a pseudo "no prior" has taken "prior treatment"); a short
    // reach, so "... targeting PD-1 or PD-L1 and a documented KRAS G12C mutation" keeps KRAS.
    id: 'prior-therapy.targeting',
    words: ['targeting', 'directed against', 'directed at', 'inhibitor of', 'inhibitors of'],
    category: 'prior-therapy',
    direction: 'forward',
    maxTokens: 2,
    example: 'no prior treatment with agents targeting EGFR mutation or ALK rearrangement',
  },
  {
    // "since the market launch of the ROS1 indication": a drug's licence, right after its target.
    id: 'prior-therapy.indication',
    words: ['indication', 'indications'],
    category: 'prior-therapy',
    direction: 'backward',
    maxTokens: 0,
    example: 'since the market launch of the ROS1 indication in Spain',
  },
  // -- carve-outs
  {
    id: 'carve.forward',
    words: CARVE_WORDS,
    category: 'carve',
    direction: 'forward',
    maxTokens: 6,
    stopsAt: EXAMPLE_OPENER_WORDS,
    crossesAsides: false,
    clauseAtStart: true,
    example: 'EGFR mutation other than T790M',
  },
];

/**
 * Words that refer back to the list of markers named just before them ("EGFR and ALK status must
 * be known; patients must be negative for both"): a cue of a carried category that reaches the
 * words reaches that list too, across a semicolon. Only the last list before the words (not a
 * requirement earlier in the criterion: "PD-L1 TPS >= 50%; EGFR and ALK ... negative for both"),
 * only negations, and only pronouns at the clause's end. Not "these alterations": a condition
 * on them ("Histologically confirmed EGFR-mutant NSCLC; patients with these mutations must have
 * progressed on osimertinib") restates a requirement as often as it names a subgroup.
 */
export interface AnaphorRule {
  id: string;
  words: string[];
  carries: Category[];
  /** The words count only where nothing but punctuation follows them ("negative for both."). */
  endsClause?: boolean;
  example: string;
}

export const ANAPHOR_RULES: AnaphorRule[] = [
  {
    // Only at the clause's end: "must not have received both chemotherapy and a TKI" names other things.
    id: 'anaphor.both',
    words: ['both', 'all of them', 'each of them', 'both of them', 'all of these', 'each of these'],
    carries: ['negated'],
    endsClause: true,
    example: 'EGFR and ALK status must be known; patients must be negative for both',
  },
];

/** Tumour names: the nearer of a lung term and another tumour's term decides a marker's scope. */
export const TUMOUR_RULES: ContextRule[] = [
  tumour('tumour.lung', 'lung-tumour', [
    'nsclc',
    'sclc',
    'luad',
    'lusc',
    'lung',
    'pulmonary',
    'bronch*',
    'thoracic',
  ]),
  tumour('tumour.any-solid', 'lung-tumour', [
    'solid tumor*',
    'solid tumour*',
    'solid malignanc*',
    'solid cancer*',
    'any tumor type',
    'any tumour type',
    'all solid',
    'any solid',
    'tumor agnostic',
    'tumour agnostic',
    'histology agnostic',
    'pan tumor',
    'pan tumour',
    'any cancer',
    'advanced cancer*',
    'advanced solid',
  ]),
  tumour('tumour.breast', 'other-tumour', ['breast', 'mammary', 'tnbc', 'bc', 'abc', 'mbc', 'ebc']),
  tumour('tumour.gastrointestinal', 'other-tumour', [
    'gastric',
    'gastro oesophageal',
    'gastroesophageal',
    'gastro esophageal',
    'gej',
    'oesophageal',
    'esophageal',
    'stomach',
    'colorectal',
    'colon',
    'rectal',
    'crc',
    'mcrc',
    'anal',
    'small bowel',
    'appendiceal',
  ]),
  tumour('tumour.hepatobiliary-pancreatic', 'other-tumour', [
    'pancreatic',
    'pancreas',
    'pdac',
    'biliary',
    'cholangiocarcinoma',
    'gallbladder',
    'hepatocellular',
    'hcc',
    'liver cancer',
  ]),
  tumour('tumour.gynaecological', 'other-tumour', [
    'ovarian',
    'ovary',
    'endometrial',
    'uterine',
    'cervical cancer',
    'cervical carcinoma',
    'cervix',
  ]),
  tumour('tumour.genitourinary', 'other-tumour', [
    'prostate',
    'prostatic',
    'urothelial',
    'bladder',
    'renal cell',
    'rcc',
    'kidney',
    'testicular',
    'germ cell',
  ]),
  tumour('tumour.skin-cns-other', 'other-tumour', [
    'melanoma',
    'glioma',
    'glioblastoma',
    'astrocytoma',
    'gist',
    'thyroid',
    'head and neck',
    'hnscc',
    'hnc',
    'salivary',
    'nasopharyngeal',
    'mesothelioma',
    'leukemia',
    'leukaemia',
    'myeloma',
    'sarcoma*',
    'lymphoma*',
    'neuroblastoma*',
    'cancers of other',
    'other tumor types',
    'other tumour types',
  ]),
];

function tumour(id: string, category: Category, words: string[]): ContextRule {
  return {
    id,
    words,
    category,
    direction: 'bidirectional',
    maxTokens: 10,
    leavesAsides: true,
    example: `${words[0]} with an EGFR mutation`,
  };
}
