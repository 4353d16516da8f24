/**
 * Lung cancer type (NSCLC, SCLC, both, or no signal) and stage signals, from the trial's
 * conditions, MeSH terms, titles, keywords and inclusion criteria.
 *
 * "small cell" inside "non-small cell" is masked before SCLC is looked for; squamous,
 * adenocarcinoma and large cell lung carcinomas count as NSCLC; mesothelioma and
 * carcinoid match neither. Inclusion text only adds a type when the mention is not
 * negated ("no small cell component").
 */
import {
  LUNG_PATIENT_POPULATIONS,
  NSCLC_STAGES,
  type DiagnosisType,
  type NsclcStage,
  type Population,
  type SclcStage,
} from '../domain/diagnosis.js';
import { anyOf } from '../text/regex-parts.js';
import { allMatches } from '../text/matches.js';
import { populationOf, typesExcludedIn } from './population.js';

export interface DiagnosisInput {
  conditions: string[];
  mesh_terms: string[];
  title: string | null;
  official_title: string | null;
  keywords: string[];
  inclusion: string | null;
  /** Read only for the types it rules out ("small cell, carcinoid or GIST tumours excluded"). */
  exclusion?: string | null;
}

export interface Diagnosis {
  diagnosis_types: DiagnosisType[];
  /** Whether it takes lung cancer patients at all (its population is lung cancer or pan-tumour). */
  lung_cancer: boolean;
  sclc_stages: SclcStage[];
  nsclc_stages: NsclcStage[];
  /** Who the trial is for (diagnosis/population.ts). */
  population: Population;
  /** Types the criteria rule out, among those the trial is not classified as. */
  excluded_types: DiagnosisType[];
  /** Types a patient may have to enter: what `diagnosisType` and the stage filters search. */
  admitted_types: DiagnosisType[];
}

/** The diagnosis fields of a row no diagnosis stage has read yet. */
export function unclassified(): Diagnosis {
  return {
    diagnosis_types: [],
    lung_cancer: false,
    sclc_stages: [],
    nsclc_stages: [],
    population: 'other_tumour',
    excluded_types: [],
    admitted_types: [],
  };
}

/** The diagnosis fields of a trial row, in one place for the stages that store and restore them. */
export function diagnosisOf(d: Diagnosis): Diagnosis {
  const { diagnosis_types, lung_cancer, sclc_stages, nsclc_stages } = d;
  const { population, excluded_types, admitted_types } = d;
  return {
    diagnosis_types,
    lung_cancer,
    sclc_stages,
    nsclc_stages,
    population,
    excluded_types,
    admitted_types,
  };
}

const NON_SMALL = /\bnon[-\s]*small[-\s]*cell\b/gi;
const NSCLC = new RegExp(
  [
    String.raw`\bNSCLC\b`,
    String.raw`\bNON_SMALL\b`,
    String.raw`\b(?:lung|pulmonary|bronch\w*)\s+(?:adenocarcinoma|squamous|large[- ]cell carcinoma)`,
    String.raw`\b(?:adenocarcinoma|squamous[- ]cell carcinoma|large[- ]cell carcinoma)` +
      String.raw`\s+of\s+(?:the\s+)?(?:lung|bronch)`,
    String.raw`\bsquamous\b[^.;\n]{0,30}\blung\b`,
    String.raw`\bLUAD\b`,
    String.raw`\bLUSC\b`,
  ].join('|'),
  'i',
);
const SCLC = new RegExp(
  [
    String.raw`\bSCLC\b`,
    String.raw`\bsmall[-\s]*cell\s+` +
      String.raw`(?:lung|bronch|carcinoma of (?:the\s+)?(?:lung|bronch)|cancer of (?:the\s+)?lung)`,
    String.raw`\b(?:extensive|limited)[-\s]*(?:stage|disease)\s+small[-\s]*cell\b`,
    String.raw`\boat[- ]cell\b`,
  ].join('|'),
  'i',
);
// "non" negates only the word it is attached to ("non-SCLC"), not a type 40 characters on
// ("stage III (non-N3) NSCLC").
const NEGATED_BEFORE = new RegExp(
  String.raw`\b(?:no|not|without|excluding|except|other than|absence of|mixed|transformed|` +
    String.raw`transformation|components?|elements?|features?)\b[^.;]{0,40}$|\bnon[-\s]*$`,
  'i',
);
const EXCLUDED_AFTER =
  /^[^.;]{0,80}\b(?:are|is|will be)\s+(?:excluded|not eligible|ineligible|not allowed|not permitted)\b/i;

// "limited or extensive stage disease" names both stages with one noun.
const BOTH_SCLC_STAGES =
  String.raw`(?:limited|extensive)[-\s]*(?:stage\s+)?(?:or|and|and\/or|\/)\s*` +
  String.raw`(?:limited|extensive)[-\s]*(?:stage|disease)`;
const LIMITED = new RegExp(
  String.raw`\b(?:LS-?SCLC|limited[-\s]*(?:stage|disease)|LD-?SCLC|${BOTH_SCLC_STAGES})\b`,
  'i',
);
const EXTENSIVE = new RegExp(
  String.raw`\b(?:ES-?SCLC|extensive[-\s]*(?:stage|disease)|ED-?SCLC|${BOTH_SCLC_STAGES})\b`,
  'i',
);

/**
 * NSCLC stage signals, as data. Each is read per clause; `unless` names what in the same
 * clause makes a match describe the patient's history or another setting instead of the
 * trial's population ("prior adjuvant chemotherapy", "major surgery within 4 weeks",
 * "recurrence after resected early-stage disease" in an advanced-disease trial).
 */
interface StageRule {
  id: string;
  stage: NsclcStage;
  pattern: RegExp;
  unless?: RegExp;
}
const HISTORY_WORDS =
  String.raw`\b(?:prior|previous(?:ly)?|received|receiving|history of|completed|relaps\w*|` +
  String.raw`recurr\w*|progress\w*|after|following|since|within\s+\d+|more than\s+\d+|` +
  String.raw`at least\s+\d+|major surgery|surgery\s+within|allowed|permitted|administered|counted)\b`;
const ADVANCED_WORDS =
  String.raw`\b(?:unresectable|inoperable|non-?resectable|metastatic|stage\s+(?:IV|4)|advanced|` +
  String.raw`not amenable|not (?:a )?candidates?|ineligible for|not eligible for)\b`;
const HISTORY = new RegExp(HISTORY_WORDS, 'i');
const TISSUE_WORDS = String.raw`\b(?:samples?|tissues?|specimens?|blocks?|archival|biops\w*)\b`;
/**
 * "Advanced NSCLC" without "locally" or "metastatic" is the registries' word for stage
 * IIIB-IV: both advanced settings, never early or resectable disease. Not "advanced age",
 * "advance directive" or "advanced practice" nurses, and not a history ("prior therapy for
 * advanced disease") or a negation ("no advanced disease").
 */
const ADVANCED_ONLY =
  /(?<!locally[-\s]+)\badvanced(?![-\s]+(?:age|directives?|practice|care|imaging|life))\b/i;
const NOT_ADVANCED = new RegExp(anyOf([HISTORY_WORDS, String.raw`\b(?:no|not|without)\b`]), 'i');
export const STAGE_RULES: StageRule[] = [
  {
    id: 'stage.early',
    stage: 'early',
    pattern:
      /\bearly[-\s]*stage\b|\bstage\s+(?:I[AB]?\d?|II[AB]?|1[AB]?|2[AB]?)\b(?![-–]?\s*(?:III|IV|3|4))/i,
    unless: HISTORY,
  },
  {
    id: 'stage.resectable',
    stage: 'resectable',
    pattern: new RegExp(
      String.raw`(?<!un|non-?|non\s)\b(?:resectable|resected|completely resected|operable|` +
        String.raw`neo-?adjuvant|adjuvant|perioperative|surgical resection)\b`,
      'i',
    ),
    // "resected tumour samples" is about tissue for testing, not the trial's setting.
    unless: new RegExp(anyOf([HISTORY_WORDS, ADVANCED_WORDS, TISSUE_WORDS]), 'i'),
  },
  {
    id: 'stage.iii-unresectable',
    stage: 'stage_iii_unresectable',
    pattern: new RegExp(
      String.raw`\bunresectable[^.;\n]{0,40}\bstage\s+(?:III|3)|` +
        String.raw`\bstage\s+(?:III|3)[ABC]?\b[^.;\n]{0,60}` +
        String.raw`\b(?:unresectable|inoperable|not amenable to (?:surgical )?resection)`,
      'i',
    ),
  },
  { id: 'stage.advanced', stage: 'locally_advanced', pattern: ADVANCED_ONLY, unless: NOT_ADVANCED },
  { id: 'stage.advanced', stage: 'metastatic', pattern: ADVANCED_ONLY, unless: NOT_ADVANCED },
  {
    id: 'stage.locally-advanced',
    stage: 'locally_advanced',
    pattern: /\blocally[-\s]+advanced\b/i,
  },
  {
    id: 'stage.metastatic',
    stage: 'metastatic',
    pattern: /\bmetastatic\b|\bstage\s+(?:IV[ABC]?|4[ABC]?)\b/i,
  },
];

/** A clause of a text: stage words are read where they stand. */
const CLAUSES = /[^.;\n]+/g;

function stageHolds(rule: StageRule, text: string): boolean {
  for (const m of allMatches(CLAUSES, text)) {
    const clause = m[0];
    if (rule.pattern.test(clause) && !(rule.unless?.test(clause) ?? false)) return true;
  }
  return false;
}

function has(re: RegExp, text: string): boolean {
  return re.test(text);
}

// Global copies for walking every match of the guarded scan (compiled once, not per text).
const NSCLC_ALL = new RegExp(NSCLC.source, 'gi');
const SCLC_ALL = new RegExp(SCLC.source, 'gi');

/**
 * The type signal of one text; inclusion mentions (`guarded`) must not be negated. The
 * API's evidence (api/query/evidence.ts) reads each piece of a trial's text with this and
 * the two stage readers below, so it names only text the classifier reads that way.
 */
export function typesIn(text: string, guarded: boolean): Set<DiagnosisType> {
  const out = new Set<DiagnosisType>();
  const masked = text.replace(NON_SMALL, 'NON_SMALL');
  const scan = (re: RegExp, type: DiagnosisType) => {
    re.lastIndex = 0;
    for (let m = re.exec(masked); m !== null; m = re.exec(masked)) {
      if (guarded && NEGATED_BEFORE.test(masked.slice(Math.max(0, m.index - 60), m.index)))
        continue;
      if (guarded && EXCLUDED_AFTER.test(masked.slice(m.index + m[0].length))) continue;
      out.add(type);
      return;
    }
  };
  scan(NSCLC_ALL, 'nsclc');
  scan(SCLC_ALL, 'sclc');
  return out;
}

/** SCLC stages a text names (read once the trial is known to be SCLC). */
export function sclcStagesIn(text: string): SclcStage[] {
  const masked = text.replace(NON_SMALL, 'NON_SMALL');
  const out: SclcStage[] = [];
  if (has(LIMITED, masked)) out.push('limited');
  if (has(EXTENSIVE, masked)) out.push('extensive');
  return out;
}

/** NSCLC stage signals of a text, clause by clause (read once the trial is known to be NSCLC). */
export function nsclcStagesIn(text: string): NsclcStage[] {
  const out = new Set<NsclcStage>();
  for (const rule of STAGE_RULES) if (stageHolds(rule, text)) out.add(rule.stage);
  return NSCLC_STAGES.filter((s) => out.has(s));
}

/**
 * SCLC stages from TNM words, for an SCLC trial that says neither limited nor extensive
 * ("stage II or operable stage III"): disease confined to the chest (early, resectable,
 * stage III, locally advanced) is limited-stage; metastatic disease is extensive-stage.
 */
export function sclcStagesFromTnm(text: string): SclcStage[] {
  const stages = nsclcStagesIn(text);
  const out: SclcStage[] = [];
  if (stages.some((s) => s !== 'metastatic')) out.push('limited');
  if (stages.includes('metastatic')) out.push('extensive');
  return out;
}

/** Types the criteria rule out: negated in the inclusion criteria, or named in the exclusion criteria. */
function excludedTypes(input: DiagnosisInput, types: Set<DiagnosisType>): DiagnosisType[] {
  const out = typesExcludedIn(input.exclusion ?? '');
  for (const t of typesExcludedIn(input.inclusion ?? '', true)) out.add(t);
  return DIAGNOSIS_ORDER.filter((t) => out.has(t) && !types.has(t));
}

const DIAGNOSIS_ORDER = ['nsclc', 'sclc'] as const;

export function classifyDiagnosis(input: DiagnosisInput): Diagnosis {
  const described = [
    ...input.conditions,
    ...input.mesh_terms,
    ...input.keywords,
    input.title ?? '',
    input.official_title ?? '',
  ];
  const types = new Set<DiagnosisType>();
  for (const t of described) for (const d of typesIn(t, false)) types.add(d);
  const inclusion = input.inclusion ?? '';
  for (const d of typesIn(inclusion, true)) types.add(d);
  const diagnosis_types = DIAGNOSIS_ORDER.filter((t) => types.has(t));
  const { population, allSolidTumours } = populationOf({
    described: [
      ...input.conditions,
      ...input.keywords,
      input.title ?? '',
      input.official_title ?? '',
    ],
    inclusion: input.inclusion,
    types: diagnosis_types,
  });
  const lung_cancer = LUNG_PATIENT_POPULATIONS.includes(population);
  const excluded_types = excludedTypes(input, types);
  // No type signal, or a basket of all solid tumours: every type its criteria do not rule out.
  const open = types.size === 0 || allSolidTumours;
  const admitted_types = lung_cancer
    ? DIAGNOSIS_ORDER.filter((t) => types.has(t) || (open && !excluded_types.includes(t)))
    : [];
  const all = [...described, inclusion].join('\n');
  let sclc_stages = admitted_types.includes('sclc') ? sclcStagesIn(all) : [];
  if (types.has('sclc') && sclc_stages.length === 0) sclc_stages = sclcStagesFromTnm(all);
  const nsclc_stages = admitted_types.includes('nsclc') ? nsclcStagesIn(all) : [];
  return {
    diagnosis_types,
    lung_cancer,
    sclc_stages,
    nsclc_stages,
    population,
    excluded_types,
    admitted_types,
  };
}
