/**
 * Who a trial is for (domain/diagnosis.ts POPULATIONS), and the lung cancer types its
 * criteria exclude. Read from the same pieces of text as the type signals: conditions,
 * keywords and titles say what the trial is about; the inclusion criteria are read only
 * when those name no tumour at all.
 *
 * Each piece of text gives signals (`populationSignals`); the API's evidence reads the
 * pieces one at a time with the same function, so it can only name text that decided.
 */
import type { DiagnosisType, Population } from '../domain/diagnosis.js';
import { anyOf, words } from '../text/regex-parts.js';
import { allMatches } from '../text/matches.js';

export type PopulationSignal = 'lung' | 'solid' | 'other' | 'screening' | 'disease';

/** Carcinoids and well-differentiated neuroendocrine tumours of the lung are not lung cancer. */
const NEUROENDOCRINE_TUMOUR = new RegExp(
  String.raw`\b(?:(?:well[-\s]differentiated\s+)?neuroendocrine\s+tumou?rs?|` +
    String.raw`(?:typical\s+|atypical\s+)?carcinoids?)\b` +
    String.raw`(?:\s+(?:of\s+(?:the\s+)?)?(?:lung|pulmonary|bronch\w*))?`,
  'gi',
);
const NON_SMALL = /\bnon[-\s]*small[-\s]*cell\b/gi;

const CANCER_NOUN = String.raw`(?:cancers?|carcinomas?|adenocarcinomas?|neoplasms?|tumou?rs?|malignanc\w*)`;
const LUNG = new RegExp(
  anyOf([
    String.raw`\b(?:NSCLC|SCLC|LUAD|LUSC|NON_SMALL)\b`,
    String.raw`\b(?:lung|bronch\w*|pulmonary)\b[\w\s,()-]{0,30}?\b${CANCER_NOUN}`,
    String.raw`\b${CANCER_NOUN}\s+of\s+(?:the\s+)?(?:lung|bronch)`,
    String.raw`\bsmall[-\s]*cell\s+(?:lung|carcinoma)`,
  ]),
  'i',
);
const SOLID = new RegExp(
  anyOf([
    String.raw`(?<!criteria\s+in\s+)\bsolid\s+(?:tumou?rs?|malignanc\w*|cancers?|neoplasms?|carcinomas?)\b`,
    String.raw`\b(?:tumou?r|histology)[- ]agnostic\b`,
    String.raw`\bpan[- ]?tumou?r\b`,
    String.raw`\badvanced\s+(?:malignan\w*|cancers\b|tumou?rs\b)`,
  ]),
  'i',
);
/** Tumour sites that are not the lung: a site word with a cancer noun near it, or a tumour name. */
const OTHER_SITES = [
  'breast',
  'colorectal',
  'colon',
  'rectal',
  'rectum',
  'gastric',
  'stomach',
  'gastroesophageal',
  'gastro-oesophageal',
  'esophageal',
  'oesophageal',
  'pancreatic',
  'pancreas',
  'ovarian',
  'ovary',
  'fallopian tube',
  'peritoneal',
  'endometrial',
  'uterine',
  'cervical',
  'cervix',
  'prostate',
  'prostatic',
  'renal',
  'kidney',
  'bladder',
  'urothelial',
  'hepatocellular',
  'hepatic',
  'liver',
  'biliary',
  'bile duct',
  'gall bladder',
  'gallbladder',
  'head and neck',
  'nasopharyngeal',
  'thyroid',
  'brain',
  'bone',
  'skin',
  'anal',
  'testicular',
  'germ cell',
  'merkel cell',
];
const TUMOUR_NAMES = [
  'melanoma',
  'glioma',
  'glioblastoma',
  'sarcoma',
  'osteosarcoma',
  'lymphoma',
  'leukemia',
  'leukaemia',
  'myeloma',
  'mesothelioma',
  'cholangiocarcinoma',
  'thymoma',
  'neuroblastoma',
  'HCC',
  'PDAC',
  'RCC',
  'HNSCC',
  'CRC',
  'GIST',
  'NET_TUMOUR',
];
const OTHER = new RegExp(
  anyOf([`${words(OTHER_SITES)}[\\w\\s,()-]{0,25}?\\b${CANCER_NOUN}`, words(TUMOUR_NAMES)]),
  'i',
);
const SCREENING = new RegExp(
  anyOf([
    String.raw`\bscreen(?:ing)?\b`,
    String.raw`\bearly\s+(?:\w+\s+)?detection\b`,
    String.raw`\b(?:pulmonary|lung)\s+nodules?\b`,
    String.raw`\bhealthy\s+volunteers?\b`,
    String.raw`\b(?:chemo)?prevention\b`,
    String.raw`\bat\s+(?:high\s+)?risk\s+(?:of|for)\s+(?:developing\s+)?lung\s+cancer\b`,
  ]),
  'i',
);
/** Words of a disease already diagnosed: a screening word beside them is about the patients' care. */
const DISEASE = new RegExp(
  anyOf([
    String.raw`\bmetasta\w*`,
    String.raw`\badvanced\b`,
    String.raw`\brecurren\w*`,
    String.raw`\brefractory\b`,
    String.raw`\bunresectable\b`,
    String.raw`\bresect\w*`,
    String.raw`\bstage\s+(?:[IV]+|[1-4])\b`,
    String.raw`\b(?:chemo|radio|immuno)therapy\b`,
  ]),
  'i',
);

function masked(text: string): string {
  return text.replace(NON_SMALL, 'NON_SMALL').replace(NEUROENDOCRINE_TUMOUR, 'NET_TUMOUR');
}

/** The population signals one piece of text gives. */
export function populationSignals(text: string): Set<PopulationSignal> {
  const t = masked(text);
  const out = new Set<PopulationSignal>();
  if (LUNG.test(t)) out.add('lung');
  if (SOLID.test(t)) out.add('solid');
  if (OTHER.test(t)) out.add('other');
  if (SCREENING.test(t)) out.add('screening');
  if (DISEASE.test(t)) out.add('disease');
  return out;
}

export interface PopulationInput {
  /** Conditions, keywords and titles: what the trial is about. */
  described: readonly string[];
  inclusion: string | null;
  /** The trial's lung cancer types (diagnosis/classify.ts), from the same text. */
  types: readonly DiagnosisType[];
}

function union(texts: readonly string[]): Set<PopulationSignal> {
  const out = new Set<PopulationSignal>();
  for (const t of texts) for (const s of populationSignals(t)) out.add(s);
  return out;
}

/**
 * The population, in order: screening words with no lung cancer type and no disease words;
 * a lung cancer named (type, or lung with a cancer noun) alone, or beside other tumours or
 * solid tumours in general (pan-tumour); solid tumours in general; another tumour named;
 * failing all of those, the inclusion criteria read the same way.
 */
export function classifyPopulation(input: PopulationInput): Population {
  return populationOf(input).population;
}

/**
 * The population, and whether a pan-tumour trial takes solid tumours in general (its
 * described fields or inclusion criteria say so): such a basket takes patients of every lung
 * cancer type, whichever types its conditions list.
 */
export function populationOf(input: PopulationInput): {
  population: Population;
  allSolidTumours: boolean;
} {
  const about = union(input.described);
  const inclusion = union((input.inclusion ?? '').split('\n').filter((line) => line.trim() !== ''));
  const population = decide(input.types, about, inclusion);
  const allSolidTumours =
    population === 'pan_tumour' && (about.has('solid') || inclusion.has('solid'));
  return { population, allSolidTumours };
}

function decide(
  types: readonly DiagnosisType[],
  about: Set<PopulationSignal>,
  inclusion: Set<PopulationSignal>,
): Population {
  if (types.length === 0 && about.has('screening') && !about.has('disease')) return 'screening';
  const lung = types.length > 0 || about.has('lung');
  if (lung) return about.has('other') || about.has('solid') ? 'pan_tumour' : 'lung_cancer';
  if (about.has('solid')) return 'pan_tumour';
  if (about.has('other')) return 'other_tumour';
  if (inclusion.has('solid')) return 'pan_tumour';
  if (inclusion.has('lung')) return 'lung_cancer';
  if (inclusion.has('screening')) return 'screening';
  return 'other_tumour';
}

/** "A Retrospective Study", "a retrospective cohort study": the title states the design. */
const RETROSPECTIVE = /\bretrospective(?:ly)?\b/i;

/**
 * A study no patient can enter: an observational study its title calls retrospective reads
 * the records of patients treated before (the intubation injuries of past anaesthesias, a
 * grading of resected lymph nodes), however its registry status reads. /match leaves it out.
 */
export function isRetrospective(trial: {
  study_type: string | null;
  brief_title: string | null;
  official_title: string | null;
}): boolean {
  if (trial.study_type !== 'Observational') return false;
  return RETROSPECTIVE.test(`${trial.brief_title ?? ''} ${trial.official_title ?? ''}`);
}

/** Which signals stand behind each population, for the evidence of the API. */
export const POPULATION_EVIDENCE: Readonly<Record<Population, readonly PopulationSignal[]>> = {
  lung_cancer: ['lung'],
  pan_tumour: ['lung', 'solid', 'other'],
  screening: ['screening'],
  other_tumour: ['other'],
};

const SMALL_CELL = /\bsmall[-\s]*cell\b|\bSCLC\b|\boat[- ]cell\b/i;
const NSCLC_WORDS = /\bNSCLC\b|\bNON_SMALL\b/;
/**
 * A mention in the exclusion criteria that is about a subgroup or the patient's history
 * ("NSCLC with an EGFR mutation", "history of small cell lung cancer") excludes nobody by type.
 */
const QUALIFIED = new RegExp(
  words([
    'harboring',
    'harbouring',
    'positive',
    'mutation',
    'mutant',
    'mutated',
    'alteration',
    'rearrangement',
    'driver',
    'prior',
    'previous',
    'previously',
    'treated',
    'therapy',
    'except',
    'unless',
    'history',
    'other than',
  ]),
  'i',
);
const CLAUSES = /[^.;\n]+/g;

const TYPE_NAME = String.raw`(?:NON_SMALL|NSCLC|SCLC|small[-\s]*cell)`;
/**
 * "mixed non-small cell and small cell carcinoma", "combined small cell and non-small cell":
 * a tumour of both histologies, whose exclusion leaves a patient with either pure type in.
 */
const MIXED_HISTOLOGY = new RegExp(
  String.raw`\b(?:mixed|combined)\s+${TYPE_NAME}(?:\s+(?:lung\s+)?(?:cancer|carcinoma))?` +
    String.raw`\s*(?:and|or|\/|with|plus)\s*${TYPE_NAME}`,
  'gi',
);

/** Words that make an inclusion clause rule a type out ("small cell or mixed histologies are excluded"). */
const RULED_OUT =
  /\b(?:excluded|not eligible|ineligible|not allowed|not permitted|no|not|without)\b/i;

/**
 * The lung cancer types a criteria text rules out: any unqualified mention in the exclusion
 * criteria ("small cell, carcinoid or GIST tumours excluded"), or a mention in an inclusion
 * clause that also says it is excluded or absent (`inclusion` true).
 */
export function typesExcludedIn(text: string, inclusion = false): Set<DiagnosisType> {
  const out = new Set<DiagnosisType>();
  const masked = text.replace(NON_SMALL, 'NON_SMALL').replace(MIXED_HISTOLOGY, 'MIXED_HISTOLOGY');
  for (const m of allMatches(CLAUSES, masked)) {
    const clause = m[0];
    if (QUALIFIED.test(clause)) continue;
    if (inclusion && !RULED_OUT.test(clause)) continue;
    if (SMALL_CELL.test(clause)) out.add('sclc');
    if (NSCLC_WORDS.test(clause)) out.add('nsclc');
  }
  return out;
}
