/**
 * The cue vocabularies of the polarity rules: what a negation, a carve-out, a permission, a
 * condition, a test mention or a state word looks like. Each is a trigger that a rule in
 * `rules.ts` tests against one scope of the sentence. Word lists are data; the patterns
 * that join them are built by `chainOf` / `words`, never by editing another pattern's source.
 */
import { DASH_CONTINUES, UNTRACKED_LETTER_GENES } from '../lexicon.js';
import { anyOf, chainOf, without, words } from '../../../text/regex-parts.js';

/** Words allowed between a cue and the mention it governs ("without known EGFR"), in matching order. */
export const CHAIN_WORDS: readonly string[] = [
  'known',
  'documented',
  'any',
  'evidence',
  'of',
  'for',
  'with',
  'a',
  'an',
  'the',
  'tumou?rs?',
  'cancers?',
  'harbou?r(?:ing',
  's)?',
  'hav(?:e',
  'ing)',
  'has',
  'had',
  'carry(?:ing)?',
  'contain(?:ing)?',
  'show(?:ing)?',
  'be',
  'been',
  'is',
  'are',
  'detectable',
  'detected',
  'presence',
  'history',
  'activating',
  'sensiti[sz]ing',
  'actionable',
  'targetable',
  'oncogenic',
  'driver',
  'drivers',
  'genomic',
  'genetic',
  'molecular',
  'oncogenes?',
  'biomarkers?',
  'mutations?',
  'alterations?',
  'aberrations?',
  'rearrangements?',
  'fusions?',
  'translocations?',
  'amplifications?',
  'over-?expression',
  'gene',
  'genes',
  'or',
  'and',
  String.raw`and\/or`,
  'nor',
  'other',
  'in',
  'to',
  'confirmed',
  'expression',
  'mutant',
  'mutated',
  'somatic',
  'germline',
  'common',
  'classical',
  'also',
  'identified',
  'including',
  String.raw`e\.g\.`,
  'such as',
  'currently',
  'previously',
  'following',
  'that',
  'which',
  'whose',
  'who',
  'do',
  'does',
  'known to',
  'status',
  'active',
  'exon',
  'exons',
  String.raw`\d+`,
  'receptor',
  'this',
  'includes',
  'rare',
  'uncommon',
  'atypical',
  'deletions?',
  'insertions?',
  'point',
  'sensitive',
  'specific',
  'types?',
  'variants?',
  'but not limited to',
  'not limited to',
  'limited to',
  'one',
  'more',
  'following',
  'as',
  'like',
  'namely',
  String.raw`i\.e\.`,
  'de novo',
  'primary',
  'acquired',
  'secondary',
  'pre-?existing',
  'baseline',
  'co-?occurring',
  'concurrent',
  'concomitant',
  'co-?existing',
];
export const CHAIN_SEPARATORS = String.raw`[\s,\/(\-–:\u0001\u0002]|\([^()]*\)`;
export const CHAIN = chainOf(CHAIN_SEPARATORS, CHAIN_WORDS);

// "negative EGFR and ALK status": the adjective directly before the gene (the "$" is the mention's start).
export const NEG_CUE =
  String.raw`\b` +
  anyOf([
    'not (?:be )?positive (?:for|to)',
    String.raw`negative(?=\s+(?:\u0001|$))`,
    String.raw`negative(?=\s+(?:(?:oncogenic|oncogene|driver|actionable|targetable)\s+)+` +
      String.raw`(?:genes?\s+)?(?:mutations?|alterations?|drivers?)\b)`,
    'without',
    'no',
    'not',
    'nor',
    'neither',
    'negative (?:for|to)',
    String.raw`negative (?:(?:test|testing|staining|genetic|molecular|genomic)\s+)?` +
      '(?:results?|tests?|testing|staining|findings?) (?:on|for|of|by)',
    'absence of',
    'absent',
    'lack(?:ing)?(?: of)?',
    'free of',
    'wild[- ]?type(?: for)?',
    'never',
    'ineligible',
    'exclud(?:e|es|ing) (?:patients|subjects|participants|those)',
    'cannot',
    'must not',
  ]);
export const CARVE_CUE =
  String.raw`\b` +
  anyOf([
    'except(?: for)?',
    'excluding',
    'with the exception of',
    'other than',
    'apart from',
    'besides',
    'but not',
    'not including',
    'excepting',
    '(?:the )?exceptions?(?: is| are)?:?',
  ]);
export const PRE_NEG = new RegExp(`${NEG_CUE}${CHAIN}$`, 'i');
export const PRE_CARVE = new RegExp(`${CARVE_CUE}${CHAIN}$`, 'i');
/**
 * A gene symbol the lexicon does not track ("PIK3CA", "STK11", "TP53", "NRAS"): tracked genes are
 * already masked, so an untracked one would otherwise break the chain between a cue and the
 * mention ("no known PIK3CA or EGFR mutation"). Upper case with a digit, or a listed letter-only
 * gene, so that acronyms like "CNS" or "IHC" still end a chain. Case-sensitive on purpose.
 */
export const UNTRACKED_SYMBOL = new RegExp(
  String.raw`\b[A-Z](?=[A-Z0-9]*\d)[A-Z0-9]{2,7}\b|` + words(UNTRACKED_LETTER_GENES),
  'g',
);

/** Words allowed between a mention and a cue after it ("EGFR mutation status is negative"). */
export const POST_CHAIN_WORDS: readonly string[] = [
  'or',
  'and',
  String.raw`and\/or`,
  'mutations?',
  'status',
  'gene',
  'genes',
  'alterations?',
  'rearrangements?',
  'fusions?',
  'expression',
  'tumou?rs?',
  'is',
  'are',
  'was',
  'were',
  'must',
  'be',
  'to',
  'known',
  'confirmed',
  'documented',
  'tested',
  'by',
  'both',
  'all',
  'results?',
  'for',
  'as',
  'sensitive',
  'sensiti[sz]ing',
  'activating',
  'driver',
  'drivers',
  'common',
  // "EGFR FISH negative": the method named between the gene and its state.
  'FISH',
  'IHC',
  'NGS',
  'PCR',
];
export const POST_CHAIN_SEPARATORS = String.raw`[\s,\/()\-–:\u0001\u0002]`;
export const POST_CHAIN = chainOf(POST_CHAIN_SEPARATORS, POST_CHAIN_WORDS);
/** "EGFR-, ALK-, ROS1-, or RET-positive": each dash waits for the suffix of the last gene of the list. */
export const SUSPENDED_HYPHEN = String.raw`[\s,]*(?:(?:or|and|and\/or|nor)\s+)?\u0001+\s*-`;
export const POST_NEG = new RegExp(
  `^${POST_CHAIN}` +
    anyOf([
      'wild[- ]?type',
      'wildtype',
      String.raw`WT\b`,
      String.raw`negative(?!\s+(?:for|to)\b)`,
      'negativity',
      String.raw`-\s*ve\b`,
      String.raw`(?<!\s)-(?!${SUSPENDED_HYPHEN})(?=[\])};,]|\s*$|\s+(?!${DASH_CONTINUES}))`,
      'not detected',
      'undetectable',
      'absent',
      'non-?mutated',
      'unmutated',
      'not mutated',
      'not amplified',
      'not rearranged',
      String.raw`(?<=:\s*)(?:no|none)(?=\s*(?:[.;,)]|$))`,
    ]),
  'i',
);
// "are not candidates for this study" excludes; "are not candidates for osimertinib" names a therapy.
export const POST_VERB_NEG = new RegExp(
  String.raw`\b(?:are|is|will be|must be|should be|were|would be|shall be)\s+` +
    String.raw`(?:considered\s+|deemed\s+)?` +
    anyOf([
      'excluded',
      'not eligible',
      'ineligible',
      'not allowed',
      'not permitted',
      'not be (?:enrolled|included|eligible)',
      String.raw`not (?:suitable\s+|eligible\s+|appropriate\s+)?candidates?\b` +
        String.raw`(?!\s+for\s+(?!(?:this|the|these)\s+(?:study|trial|protocol|cohort|arm)s?\b))`,
    ]),
  'i',
);
/** "ineligible if a co-occurring EGFR mutation is present": an exclusion, not a condition. */
export const INELIGIBLE_IF = new RegExp(
  `\\b(?:ineligible|not eligible|excluded|not allowed|not permitted)\\s+if\\b${CHAIN}$`,
  'i',
);

// "who are eligible for pembrolizumab monotherapy" names a candidate for a therapy, not a permission to enrol.
export const PERMISSIVE_AFTER = new RegExp(
  String.raw`\b` +
    anyOf([
      String.raw`(?:are|is|were|was|will be|may be|would be|also|remain|be)\s+(?:also\s+)?` +
        anyOf([
          String.raw`eligible(?!\s+(?:for|to receive)\s+(?!` +
            String.raw`(?:this|the|these|enrol\w*|participat\w*|inclusion|study|trial|cohorts?|arms?|parts?)\b))`,
          'allowed',
          'permitted',
          'acceptable',
          'included',
          'enrolled',
        ]),
      '(?:are|is) not excluded',
      'requirements? (?:is|are) (?:excluded|waived|not applicable)',
      'may (?:enrol|enroll|be enrolled|be enroled|participate|be included|join)',
      'can (?:be )?(?:enrolled|enroled|included|participate|enrol|enroll|join)',
      'not required',
      '(?:is|are) optional',
      String.raw`(?<!(?:\b(?:negative|positive|wild[- ]?type|wildtype|WT)|%|\d)` +
        String.raw`\s*,?\s+(?:or|and\/or|\/)\s+(?:status\s+)?)unknown`,
    ]) +
    String.raw`\b`,
  'i',
);
// "L858R alone or concurrent rare EGFR mutations" offers the co-mutation; a bare "concurrent
// EGFR mutation" (in an exclusion, or "KRAS G12C with concurrent MET amplification") names one.
export const PERMISSIVE_BEFORE = new RegExp(
  String.raw`\b` +
    anyOf([
      String.raw`(?:which|that)\s+(?:may|might|can|could)\s+(?:also\s+)?include`,
      'with or without',
      '(?:alone or )?in combination with other',
      'alone or (?:in combination |together )?with',
      'regardless of',
      'irrespective of',
      'independent(?:ly)? of',
      'unselected for',
      'not selected for',
      'any level of',
      'all levels of',
      'unknown',
      'alone or (?:with )?(?:concurrent|co-?occurring|co-?existing|coexistent|accompanied by)',
    ]) +
    `${CHAIN}$`,
  'i',
);
export const ONLY = /\bonly\b/i;
/**
 * "Neither EGFR T790M nor C797S is required": the "neither" belongs to the requirement, not the
 * markers.
 */
export const NEITHER_REQUIRED_AFTER =
  /^[^;]*?\b(?:is|are)\s+(?:required|needed|mandatory|necessary)\b/i;
/**
 * "HER2 overexpression or amplification alone is not sufficient": named to be set aside, neither
 * required nor excluded.
 */
export const NOT_SUFFICIENT_AFTER = new RegExp(
  String.raw`^[^;]*?\b(?:alone|only|by itself|by themselves)\s+(?:is|are|will|does|do)\s+not\s+` +
    String.raw`(?:be\s+)?(?:sufficient|enough|qualify|adequate)\b`,
  'i',
);

/** Words that name a test, before "of", "for" or "by" ("testing for", "assessment of"). */
const TEST_NOUNS: readonly string[] = [
  '(?:presence|absence) or (?:presence|absence)',
  'test(?:ed|ing|s)?',
  'screen(?:ed|ing)?',
  'assess(?:ed|ment)?',
  'evaluat(?:ed|ion)',
  'determin(?:e|ed|ation)',
  'analys(?:is|ed)',
  'samples?',
  'tissue',
  'specimens?',
  'submitted',
  'submission',
  'available',
  'availability',
  'collection',
  'measurement',
  'measured',
  'central(?:ly)?',
];
/** Words allowed between "testing for" and the mention ("testing for known EGFR"). */
const TEST_CHAIN_WORDS: readonly string[] = [
  'a',
  'an',
  'known',
  'any',
  'the',
  'their',
  'tumou?r',
  'biomarkers?',
  'testing',
  'tests?',
  'analysis',
  'profiling',
  'panel',
  'NGS',
  'status',
  'expression',
  'level',
  'levels',
  'mutations?',
  'mutational',
  'molecular',
  'or',
  'and',
  String.raw`and\/or`,
  'including',
  String.raw`e\.g\.`,
  'such as',
  'retrospective',
  'exploratory',
  'analysis',
  'central',
  'local',
  'confirmation',
  'confirmatory',
  'of',
  'at least',
  'one',
  'more',
  'each',
  'all',
  'either',
  'following',
];
export const TESTING_BEFORE = new RegExp(
  String.raw`\b${anyOf(TEST_NOUNS)}\s+(?:of|for|by)` +
    String.raw`(?:[\s,\/(\-–:\u0001\u0002]|\b${anyOf(TEST_CHAIN_WORDS)}\b)*$`,
  'i',
);
// Unknown short upper-case tokens ("ROS" typo'd beside ALK) may sit in a list before "status".
export const TESTING_AFTER = new RegExp(
  `^${chainOf(POST_CHAIN_SEPARATORS, without(POST_CHAIN_WORDS, ['status']))}` +
    anyOf([
      'status',
      'testing',
      String.raw`tests?\b`,
      'results?',
      'assessments?',
      'analys[ie]s',
      String.raw`assays?\b`,
      String.raw`CDx\b`,
      String.raw`pharmDx\b`,
      String.raw`kits?\b`,
      'evaluation',
      'profiling',
      'reports?',
      'screening',
      'determination',
      'information',
    ]),
  'i',
);
/** "negative EGFR and ALK status": the state is written before the genes. */
export const STATE_BEFORE = new RegExp(
  String.raw`\b(?:negative|positive|wild[- ]?type|wildtype|mutant|mutated|rearranged)\s+` +
    String.raw`(?:[\u0001\u0002\s,\/]|\b(?:and|or|and\/or)\b)*$`,
  'i',
);
export const POSITIVE_WORD =
  /\b(?:positive|pos(?:ti|it)ve|mutant|mutated|harbou?r|deletion|insertion|rearrange|fusion|amplif|wild|negative)/i;
/**
 * For PD-L1 a cut-off makes a "status" sentence a requirement ("PD-L1 status (defined as 1% or
 * greater)").
 */
export const CUTOFF_WORD = /\b(?:or greater|or higher|or more|at least)\b|[≥≤<>%]/i;

export const CONDITIONAL_BEFORE = new RegExp(
  String.raw`\b(?:if|when|whether|in case|in the case of|in the event|unless|` +
    String.raw`for (?:patients|participants|subjects|those|individuals) (?:with|whose|harbou?ring))\b` +
    String.raw`|\b(?:required|mandatory|needed|necessary|indicated)\s+(?:only\s+)?for\s*$`,
  'i',
);
export const SUBJECT_WITH = new RegExp(
  String.raw`\b(?:patients|participants|subjects|those|individuals|persons|people|tumou?rs|cancers)` +
    String.raw`\s+(?:\w+\s+){0,2}?(?:with|whose|harbou?ring|carrying|who|that)\b`,
  'i',
);
const MUST_VERBS = anyOf([
  'must',
  'should',
  'need to',
  'needs to',
  'will need to',
  'are required to',
  'is required to',
  'will be required to',
]);
export const MUST_HAVE_HAD = new RegExp(
  String.raw`\b${MUST_VERBS}\s+(?:(?:also|either|already)\s+)?(?:have\s+)?(?:(?:also|either|already)\s+)?` +
    anyOf([
      'had',
      'received',
      'progress',
      'progressed',
      'been',
      'failed',
      'undergone',
      'exhausted',
      'completed',
      'experienced',
      'previously',
      'prior',
      'documented (?:disease )?progression',
      'disease progression',
      'progression',
      String.raw`be\s+(?:refractory|intolerant|ineligible|previously|treated)`,
    ]),
  'i',
);
/**
 * "EGFR-mutant patients must have received a TKI", "KRASG12C mutant participants must have
 * received ...": the marker is an adjective of the subject a prior-therapy demand applies to, as
 * in "patients with EGFR mutations must have received a TKI" (SUBJECT_WITH).
 */
const SUBJECT_NOUN = String.raw`(?:patients|participants|subjects|individuals|persons|people|cases)\b`;
const MARKER_ADJECTIVE =
  String.raw`[\s\-]*(?:(?:mutation|gene|fusion|rearrangement)[\s\-]+)?` +
  String.raw`(?:(?:mutant|mutated|positive|rearranged|altered|amplified|driven|expressing|\+)[\s\-]+)?` +
  String.raw`(?:(?:advanced|metastatic|recurrent|NSCLC|lung|cancer|solid|tumou?r)\s+){0,3}`;
export const MARKER_ADJECTIVE_SUBJECT = new RegExp(`^${MARKER_ADJECTIVE}${SUBJECT_NOUN}`, 'i');
export const MARKER_ADJECTIVE_SUBJECT_MUST = new RegExp(
  String.raw`[\u0001\u0002]${MARKER_ADJECTIVE}${SUBJECT_NOUN}[^;]*\b${MUST_VERBS}\b[^;]*$`,
  'i',
);
/**
 * "must have had appropriate targeted therapy as indicated by abnormalities in ALK, EGFR",
 * "targeted therapy where indicated for an EGFR mutation": the marker says which therapy was
 * due, not who may enrol.
 */
const GUIDE_CHAIN = chainOf(CHAIN_SEPARATORS, [
  ...CHAIN_WORDS,
  'abnormalit(?:y|ies)',
  'their',
  'profiles?',
  'results?',
]);
export const THERAPY_GUIDED_BY_BEFORE = new RegExp(
  String.raw`\b(?:therap(?:y|ies)|treatments?|agents?|drugs?|inhibitors?|TKIs?|regimens?|medications?)\b` +
    String.raw`[^;]{0,40}?\b` +
    anyOf([
      String.raw`(?:as\s+|where\s+|when\s+|if\s+)?(?:clinically\s+)?` +
        String.raw`(?:indicated|guided|directed|dictated|determined|selected|chosen)\s+(?:by|for)`,
      String.raw`(?:as\s+)?appropriate\s+(?:for|to)`,
      String.raw`according\s+to`,
      String.raw`based\s+(?:up)?on`,
      String.raw`in\s+accordance\s+with`,
      String.raw`matched\s+to`,
    ]) +
    `${GUIDE_CHAIN}$`,
  'i',
);
export const PRIOR_THERAPY = new RegExp(
  String.raw`\b(?:progress\w*|relaps\w*|recurr\w*|resistan\w*|refractory|fail\w*|received|treated|` +
    String.raw`pre-?treated|prior|previous\w*|after|following|intoleran\w*|exposed|exposure)\b`,
  'i',
);
export const NAIVE = /\bna[iï]ve\b/i;
export const THERAPY_TARGET_BEFORE = new RegExp(
  String.raw`\b(?:inhibitors?|degraders?|therap(?:y|ies)|treatments?|agents?|drugs?|TKIs?)\b[^;]{0,20}` +
    String.raw`\b(?:for|against|targeting)\s+(?:the\s+|an?\s+)?[\s\u0001]*$`,
  'i',
);
export const EITHER_POS = String.raw`(?:mutation[- ])?(?:positive|mutant|mutated)`;
export const EITHER_NEG = String.raw`(?:mutation[- ])?negative|wild[- ]?type|wildtype|non-?mutated`;
/** "mutation-positive or wild-type", "negative or positive": both states of the marker are accepted. */
export const EITHER_WORDS = new RegExp(
  String.raw`\b(?:${EITHER_POS})\s+(?:or|and\/or|\/)\s+(?:${EITHER_NEG})\b` +
    String.raw`|\b(?:${EITHER_NEG})\s+(?:or|and\/or|\/)\s+(?:${EITHER_POS})\b`,
  'i',
);
export const PDL1_NEGATIVE_BEFORE = /\bnegative (?:for|to)\s*$/i;
export const PDL1_ASSAY_AFTER =
  /^\s*(?:\(?\s*(?:SP263|SP142|22C3|28-8)\b|IHC\b|immunohistochemistry|assays?\b|antibod|pharmDx|CDx)/i;
export const FAMILY_HISTORY = /\b(?:family history|first-degree relatives?|relatives?)\b[^;]*$/i;
/** "tumours with actionable alterations (e.g. EGFR exon 19 deletion)": the category is the requirement. */
/** Words that introduce examples ("e.g.", "eg," as registries also write it, "such as"). */
export const EXAMPLE_CUES: readonly string[] = [
  String.raw`e\.g\.?`,
  String.raw`eg(?=[,:]|\s+\()`,
  'for example',
  'for instance',
  'such as',
  'including but not limited to',
];
const EXAMPLE_CUE = String.raw`\b(?:${EXAMPLE_CUES.join('|')})`;
export const EXAMPLE_CUE_LAST = new RegExp(`${EXAMPLE_CUE}(?![\\s\\S]*${EXAMPLE_CUE})`, 'i');
export const NEGATED_CATEGORY = new RegExp(
  String.raw`\b(?:no|not|without|absence of|negative for|lack of|free of|never had)\s+(?:[\w-]+\s+){0,4}?` +
    String.raw`(?:mutations?|alterations?|aberrations?|drivers?|rearrangements?|fusions?|variants?)\b[^;]*$`,
  'i',
);
export const EXAMPLE_BEFORE = new RegExp(
  `${EXAMPLE_CUE}${chainOf(CHAIN_SEPARATORS, without(CHAIN_WORDS, [String.raw`e\.g\.`, 'such as']))}$`,
  'i',
);
export const AND_NOT_TREATED =
  /^[^;]*?\band (?:has|have|had) not (?:yet )?(?:received|been treated|had)\b/i;
export const EITHER_SIGN = /^\s*(?:-\s*\/\s*\+|\+\s*\/\s*-)/;
/** A later clause of the sentence, naming no gene, that says the statuses named before are negative. */
export const LATER_NEGATIVE_FOR_ALL = new RegExp(
  String.raw`^[^.;]*;[^;\u0001\u0002]*?\b` +
    anyOf([
      String.raw`(?:negative|wild[- ]?type)\s+for\s+(?:both|all|each|either|them|these)`,
      String.raw`(?:both|all|each)\s+(?:(?:must|should|shall)\s+be\s+|are\s+|being\s+)?(?:negative|wild[- ]?type)`,
    ]) +
    String.raw`\b`,
  'i',
);
/**
 * "c-MET IHC", "PD-L1 and ALK FISH": a gene named with the test run on it ("by FISH" says how a
 * requirement is confirmed).
 */
export const TEST_METHOD_AFTER = /^[\s\-]*(?:IHC|immunohistochemistry|FISH|NGS|PCR)\b/i;
/** "therascreen KRAS RGQ PCR", "cobas EGFR Mutation Test": a gene inside an assay's product name. */
export const ASSAY_BRAND_BEFORE =
  /\b(?:therascreen|cobas|idylla|oncomine|guardant\w*|foundation\s*one\w*|ventana|dako|qiagen|amoydx|super-?ARMS)\s*$/i;
export const ASSAY_PRODUCT_AFTER =
  /^[\s\-]*(?:[A-Z][A-Za-z0-9]{1,5}\s+){0,2}(?:RT-?|dd|q)?(?:PCR|NGS|IHC|FISH|assay|kit|panel|test|CDx|pharmDx)\b/i;
/**
 * "X are not eligible unless they have progressed on targeted therapy", "EGFR mutation if
 * treated with erlotinib", "cetuximab for KRAS wild-type subjects": the marker names who
 * a condition applies to, not who may enrol.
 */
export const UNLESS_TREATED_AFTER = new RegExp(
  String.raw`^[^;]*?\b(?:unless|except(?:\s+(?:for|in|when|if))?\s+` +
    String.raw`(?:(?:patients|participants|subjects|those|individuals|they|the patient)\b|(?=if\b|when\b)))` +
    String.raw`[^;]*?\b` +
    anyOf([
      String.raw`progress\w*`,
      'received',
      'treated',
      'pre-?treated',
      'failed',
      'refractory',
      String.raw`resistan\w*`,
      String.raw`intoleran\w*`,
      'exhausted',
      'ineligible',
      String.raw`contraindicat\w*`,
      'unable',
      'unwilling',
      'refused',
    ]) +
    String.raw`\b`,
  'i',
);
export const IF_AFTER = new RegExp(
  String.raw`^[^;()]*?\b(?:if|when)\s+` +
    String.raw`(?:(?:the\s+)?(?:patients?|participants?|subjects?|they|he|she)\s+(?:\w+\s+){0,2}?)?` +
    String.raw`(?:(?:previously|already|currently)\s+)?` +
    String.raw`(?:treated|received|receiving|pre-?treated|progress\w*|exposed|non-?squamous|squamous|` +
    String.raw`of\s+(?:non-?)?squamous)\b`,
  'i',
);
export const FOR_SUBGROUP = /\bfor\s+(?:[\s\u0001]|\b(?:the|known|documented)\b)*$/i;
export const SUBGROUP_AFTER = new RegExp(
  String.raw`^[\s\-]*(?:` +
    anyOf([
      'wild[- ]?type',
      'wildtype',
      'WT',
      'mutant',
      'mutated',
      'mutation[- ]positive',
      'mutation[- ]negative',
      'positive',
      'negative',
      'rearranged',
      'altered',
      'driven',
      'non-?mutated',
      String.raw`\+`,
      '-',
    ]) +
    String.raw`\s*)?` +
    String.raw`(?:patients|subjects|participants|individuals|tumou?rs|disease|cancers?|NSCLC|CRC|cohorts?)\b`,
  'i',
);
export const THERAPY_WORDS =
  /\b(?:therap(?:y|ies)|treatments?|treated|received|inhibitors?|antibod(?:y|ies)|regimens?|agents?|drugs?|TKIs?)\b/i;
export const MARKED_SUBJECT_MUST = new RegExp(
  String.raw`\b(?:patients|participants|subjects|those|individuals)\s+(?:\w+\s+){0,2}?` +
    String.raw`(?:with|whose|harbou?ring|carrying)\b[^;]*?[\u0001\u0002][^;]*` +
    String.raw`\b(?:must|should|need to|needs to|are required to|is required to|will need to|will be required to)\b` +
    String.raw`[^;]*$`,
  'i',
);
export const THERAPY_CONDITION = new RegExp(
  String.raw`\b` +
    anyOf([
      'if',
      'when',
      'in case',
      'for (?:patients|participants|subjects|those) with',
      'in (?:patients|participants|subjects|those) with',
      'where (?:applicable|indicated|appropriate)',
      'as applicable',
      'if applicable',
      'when indicated',
    ]) +
    String.raw`\b`,
  'i',
);

// Inline enumerations ("one of: i) family history ... iii) presence of EGFR ...") are alternatives:
// a cue in one item does not reach into the next.
export const BOUNDARY = new RegExp(
  String.raw`;|\b(?:but(?! not limited)|however|whereas|although|though|provided that)\b` +
    String.raw`|(?<=\s)\(?(?:i{1,3}|iv|vi{0,3}|ix|x|[a-h])\)(?=\s)`,
  'gi',
);

// Inline patterns of the rule table, named so each rule reads as data.
export const ANY_LEVEL_BEFORE =
  /\bany\s+(?:[\u0001\s]|\b(?:level|levels|expression|status|of)\b)*$/i;
export const DEFINED_AS_BEFORE = /\b(?:is|are)\s+defined\s+as\b/i;
export const NEITHER_BEFORE = /\bneither\b/i;
export const EXAMPLE_ASIDE_START = /^\s*(?:i\.e\.|e\.g\.|such as|namely|for example)/i;
export const SCORE_WORD = /\b[1-3]\s*\+/;
export const ANTI_BEFORE = /\banti-?\s*$/i;
export const NOT_INDICATED_AFTER =
  /^[^;]*?\b(?:is|are)\s+not\s+(?:indicated|recommended|an option)\b/i;
export const NOT_CANDIDATE_BEFORE =
  /\b(?:not (?:a )?candidates? for|ineligible for|not eligible for)\s[^;]*$/i;
export const DOSES_OF_BEFORE = /\bdoses? of\s*$/i;
export const PRIOR_THERAPY_BEFORE = new RegExp(
  String.raw`(?:progress\w*|relaps\w*|resistan\w*|refractory|fail\w*|received|treated|treatment|therapy|` +
    String.raw`prior|previous\w*|after|following|intoleran\w*|exposed)\b[^.;]{0,60}$`,
  'i',
);
export const WITH_OR_WITHOUT_BEFORE = /\bwith or without\b[^;()\u0001\u0002]*$/i;
export const NEGATION_WORD = /\b(?:no|not|without|never)\b/i;
export const MODAL_PERMISSION = /\b(?:may|might|can|could|allowed|permitted)\b/i;
export const OTHER_WORD = /\bother\b/i;
export const NEGATION_STATE_START = /^(?:wild|negative)/i;
export const GENE_JUST_BEFORE = /\u0001[\s-]*$/;
export const HEADER_NEG = new RegExp(
  String.raw`\b(?:not|no|without|none of|must not|do not|does not|absence of)\s+(?:[\w-]+\s+){0,4}?` +
    String.raw`(?:(?:any|one|all|either)\s+of\s+)?(?:the\s+)?(?:following|these|below)\b[^:]{0,80}:\s*$`,
  'i',
);

// "ALK <= 2.5 ULN" (alkaline phosphatase), "EGFR >= 60 mL/min" (eGFR): a lab value, not a gene.
export const LAB_VALUE_AFTER = new RegExp(
  String.raw`^\s*(?:\([^()]{0,20}\)\s*)?(?:level\s*)?(?:[≤≥<>=]|=<|>=|<=|\bof\b)[^;]{0,25}?` +
    String.raw`(?:\bULN\b|upper limit|mL\/min|U\/L|\bIU\b)`,
  'i',
);
// "HER2 expression scored using current ASCO/CAP guidelines": how a result is read, not which result.
export const SCORED_BY_AFTER = new RegExp(
  String.raw`^\s*(?:expression|status|level|score|results?)?\s*(?:is\s+|will be\s+|must be\s+|to be\s+)?` +
    String.raw`(?:scored|assessed|determined|evaluated|measured|graded|interpreted)\s+` +
    String.raw`(?:using|by|per|according to|with|centrally|locally)\b`,
  'i',
);
// "PD-L1 (TC < 1% vs. >= 1% vs. unknown)": strata of an analysis, not an entry gate.
export const STRATA = /\b(?:vs\.?|versus)\s/i;
// "ALK or NTRK fusion gene targeted therapies" (exclusion): the marker names a prior therapy's target.
export const TARGETED_THERAPY_AFTER = new RegExp(
  String.raw`^(?:[\s,\/\-\u0001]|\b(?:or|and|and\/or)\b)*` +
    String.raw`(?:\b(?:fusions?|mutations?|mutant|alterations?|rearrangements?|genes?|positive|driven)\b[\s\-]*){0,3}` +
    String.raw`(?:-?targeted|-?directed|targeting)\s+(?:therap|agents?|drugs?|treatments?|inhibitors?)`,
  'i',
);
// "at most 2 lines of prior therapy (...; second line: EGFR-targeted therapy)": an upper bound of
// what was allowed.
export const ALLOWED_PRIOR_LINES = new RegExp(
  String.raw`\b(?:at most|up to|no more than|maximum of|a maximum of|not more than)\s+` +
    String.raw`(?:\d+|one|two|three)\s+(?:prior\s+)?(?:lines?|regimens?)\b`,
  'i',
);
export const PRIOR_EXPOSURE =
  /\b(?:prior|previous(?:ly)?|received|treated|treatment|participation|exposure|exposed)\b/i;
// "EGFR and ALK may be tested as standard of care, but is not a requirement of the trial": said in the next clause.
export const NOT_REQUIRED_LATER =
  /^[^.;]*?\b(?:is|are)\s+not\s+(?:a\s+)?(?:requirements?|required|mandatory|needed)\b/i;
