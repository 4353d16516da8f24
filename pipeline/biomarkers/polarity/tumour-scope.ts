/**
 * Which tumour a biomarker mention qualifies. Pan-tumour and basket trials write cohorts of
 * other cancers beside the lung ones ("Part C: HR-positive, HER2-negative breast
 * carcinoma", "melanoma with a BRAF V600 mutation is excluded"); such a marker belongs to
 * that cohort and must not filter lung trials. The tumour named nearest the mention in its
 * clause decides; with none there, the nearest enclosing list header that names one.
 */
import type { BiomarkerScope } from '../../../domain/biomarkers.js';
import { anyOf, words } from '../../../text/regex-parts.js';
import type { MentionContext } from './context.js';

export interface TumourTerm {
  id: string;
  /** True for terms that take in lung cancer (lung itself, "solid tumours", "any tumour type"). */
  lung: boolean;
  pattern: string;
}

/** Tumour names, as data. A term that includes lung cancer keeps the mention a lung requirement. */
export const TUMOUR_TERMS: TumourTerm[] = [
  {
    id: 'tumour.lung',
    lung: true,
    pattern: String.raw`\b(?:NSCLC|SCLC|LUAD|LUSC|lung|pulmonary|bronch\w*|thoracic)\b`,
  },
  {
    id: 'tumour.any-solid',
    lung: true,
    pattern:
      String.raw`\b` +
      anyOf([
        String.raw`solid\s+(?:tumou?rs?|malignanc(?:y|ies)|cancers?)`,
        String.raw`(?:any|all)\s+(?:solid\s+)?(?:tumou?r|cancer)\s*(?:types?|histolog(?:y|ies))?`,
        'tumou?r[- ]agnostic',
        'histology[- ]agnostic',
        'pan[- ]tumou?r',
      ]) +
      String.raw`\b`,
  },
  { id: 'tumour.breast', lung: false, pattern: words(['breast', 'mammary', 'TNBC']) },
  {
    id: 'tumour.gastrointestinal',
    lung: false,
    pattern: words([
      'gastric',
      'gastro-oesophageal',
      'gastroesophageal',
      'gastro-esophageal',
      'GEJ',
      'oesophageal',
      'esophageal',
      'stomach',
      'colorectal',
      'colon',
      'rectal',
      'CRC',
      'mCRC',
      'anal',
      'small bowel',
      'appendiceal',
    ]),
  },
  {
    id: 'tumour.hepatobiliary-pancreatic',
    lung: false,
    pattern: words([
      'pancreatic',
      'pancreas',
      'PDAC',
      'biliary',
      'cholangiocarcinoma',
      'gallbladder',
      'hepatocellular',
      'HCC',
      'liver cancer',
    ]),
  },
  {
    id: 'tumour.gynaecological',
    lung: false,
    pattern: words([
      'ovarian',
      'ovary',
      'endometrial',
      'uterine',
      'cervical cancer',
      'cervical carcinoma',
      'cervix',
    ]),
  },
  {
    id: 'tumour.genitourinary',
    lung: false,
    pattern: words([
      'prostate',
      'prostatic',
      'urothelial',
      'bladder',
      'renal cell',
      'RCC',
      'kidney',
      'testicular',
      'germ cell',
    ]),
  },
  {
    id: 'tumour.skin-cns-other',
    lung: false,
    pattern: words([
      'melanoma',
      'glioma',
      'glioblastoma',
      'astrocytoma',
      'GIST',
      'thyroid',
      'head and neck',
      'HNSCC',
      'HNC',
      'salivary',
      'nasopharyngeal',
      'mesothelioma',
      'leukemia',
      'leukaemia',
      'myeloma',
    ]),
  },
  // Gene names spell out tumour words: Kirsten/Harvey rat sarcoma (KRAS, HRAS), anaplastic
  // lymphoma kinase (ALK), neuroblastoma RAS (NRAS).
  {
    id: 'tumour.sarcoma-lymphoma',
    lung: false,
    pattern: String.raw`(?<!\brat\s)\bsarcomas?\b|\blymphomas?\b(?!\s+kinase)|\bneuroblastomas?\b(?!\s+RAS)`,
  },
];

/** Any tumour term, to blank them out of the gap between the names of a list. */
const ANY_TUMOUR_TERM = new RegExp(TUMOUR_TERMS.map((t) => t.pattern).join('|'), 'gi');
const TERM_RES = TUMOUR_TERMS.map((t) => ({
  term: t,
  re: new RegExp(t.pattern, 'gi'),
  once: new RegExp(t.pattern, 'i'),
}));

export interface TumourScope {
  scope: BiomarkerScope;
  /** The tumour term rule that decided, if any. */
  rule: string | null;
}

/** The term nearest to [start, end) in text, by gap in characters. */
function nearestTerm(
  text: string,
  start: number,
  end: number,
): { term: TumourTerm; gap: number } | null {
  let best: { term: TumourTerm; gap: number } | null = null;
  for (const { term, re } of TERM_RES) {
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) {
      const s = m.index!;
      const e = s + m[0].length;
      const gap = e <= start ? start - e : s >= end ? s - end : 0;
      // A lung term wins a tie: "NSCLC or breast cancer with HER2 mutation" stays a lung row.
      if (!best || gap < best.gap || (gap === best.gap && term.lung)) best = { term, gap };
    }
  }
  return best;
}

/**
 * Words that may stand between a marker and the tumour noun it qualifies ("PD-L1+ (CPS>=1)
 * triple-negative breast").
 */
const MODIFIER_WORDS: readonly string[] = [
  'positive',
  'negative',
  'mutant',
  'mutated',
  'wild[- ]?type',
  'amplified',
  'expressing',
  'overexpressing',
  'driven',
  'rearranged',
  'fusion',
  'low',
  'high',
  'triple[- ]negative',
  'HR[+-]?',
  'advanced',
  'metastatic',
  'recurrent',
  'adenocarcinoma',
  'squamous',
  'non[- ]?squamous',
];
const MODIFIER_GAP = new RegExp(
  String.raw`^(?:[\s\-+\/≥≤<>=%\d.)]|\([^()]{0,30}\)|\b${anyOf(MODIFIER_WORDS)}\b)*$`,
  'i',
);
/**
 * A list of tumour names ("HNC, Esophageal, Lung, Mesothelioma, Pancreatic cancers"): only tumour
 * words and joiners.
 */
const TUMOUR_LIST_GAP =
  /^(?:[\s,\/()]|\b(?:and|or|cancers?|carcinomas?|tumou?rs?|neoplasms?|adenocarcinomas?)\b)*$/i;

/**
 * The first tumour term after [end] when only modifiers separate it from the mention
 * ("HER2-negative breast cancer").
 */
function qualifiedNoun(
  text: string,
  end: number,
): { term: TumourTerm; start: number; end: number } | null {
  let best: { term: TumourTerm; start: number; end: number } | null = null;
  for (const { term, re } of TERM_RES) {
    re.lastIndex = end;
    const m = re.exec(text);
    if (!m || m.index - end > 60) continue;
    if (!best || m.index < best.start) best = { term, start: m.index, end: m.index + m[0].length };
  }
  return best && MODIFIER_GAP.test(text.slice(end, best.start)) ? best : null;
}

/**
 * A marker written before a tumour noun qualifies that tumour ("HER2-negative breast
 * cancer", "PD-L1+ (CPS>=1) triple-negative breast cancer"), unless the noun heads a list of
 * tumours that includes lung. Otherwise a clause that names lung cancer (or all solid
 * tumours) anywhere keeps its markers for lung patients ("NSCLC (cohort 1) or PDAC
 * (cohort 2) with KRAS G12D"), and failing that the tumour named nearest decides.
 */
function scopeIn(text: string, start: number, end: number): TumourScope | null {
  const noun = qualifiedNoun(text, end);
  if (noun && !noun.term.lung) {
    const listsLung = TERM_RES.some(({ term, re }) => {
      if (!term.lung) return false;
      re.lastIndex = noun.end;
      const m = re.exec(text);
      return (
        m !== null &&
        m.index - noun.end <= 120 &&
        TUMOUR_LIST_GAP.test(text.slice(noun.end, m.index).replace(ANY_TUMOUR_TERM, ' '))
      );
    });
    if (!listsLung) return { scope: 'other_tumour', rule: noun.term.id };
  }
  if (noun && noun.term.lung) return { scope: 'lung', rule: noun.term.id };
  const lung = TERM_RES.find(({ term, once }) => term.lung && once.test(text));
  if (lung) return { scope: 'lung', rule: lung.term.id };
  const near = nearestTerm(text, start, end);
  return near ? { scope: 'other_tumour', rule: near.term.id } : null;
}

export function tumourScope(ctx: MentionContext): TumourScope {
  const m = ctx.mention;
  const inClause = scopeIn(ctx.clause, m.start - ctx.clauseStart, m.end - ctx.clauseStart);
  if (inClause) return inClause;
  const labels = ctx.lead ? [ctx.lead, ...ctx.headers] : ctx.headers;
  for (let i = labels.length - 1; i >= 0; i--) {
    const h = scopeIn(labels[i], labels[i].length, labels[i].length);
    if (h) return { scope: h.scope, rule: `${h.rule} (list header)` };
  }
  if (ctx.trialTumour)
    return { scope: 'other_tumour', rule: `${ctx.trialTumour} (trial diagnosis)` };
  return { scope: 'lung', rule: null };
}

/** An inclusion criterion that states the diagnosis ("histologically proven cancer of the pancreas or colon"). */
const DIAGNOSIS_STATEMENT =
  /\b(?:histolog\w*|cytolog\w*|patholog\w*|confirmed|diagnos\w*|proven|documented)\b/i;
/** Other tumours named as history or a second cancer say nothing about the trial's own. */
const NOT_OWN_TUMOUR = /\b(?:history|prior|previous|other|second|another|malignanc(?:y|ies))\b/i;

export interface TrialTumourInput {
  conditions: readonly string[];
  titles: readonly string[];
  /** The inclusion criteria, one statement each. */
  inclusion: readonly string[];
}

/**
 * "Have histologically or cytologically proven cancer of the pancreas or colon" with "Have one of
 * the KRAS mutations included in the vaccine" in another bullet: when the conditions, titles and
 * diagnosis criteria name only other tumours, and nothing in the inclusion criteria, conditions or
 * titles names lung (or all solid tumours), a marker whose own clause names no tumour belongs to
 * those tumours. Returns the id of the first tumour term named, or null (lung, or not known).
 */
export function trialTumour(input: TrialTumourInput): string | null {
  const lungSeen = [...input.conditions, ...input.titles, ...input.inclusion].some((t) =>
    TERM_RES.some(({ term, once }) => term.lung && once.test(t)),
  );
  if (lungSeen) return null;
  const own = [
    ...input.conditions,
    ...input.titles,
    ...input.inclusion.filter((t) => DIAGNOSIS_STATEMENT.test(t) && !NOT_OWN_TUMOUR.test(t)),
  ];
  for (const t of own) {
    const hit = TERM_RES.find(({ term, once }) => !term.lung && once.test(t));
    if (hit) return hit.term.id;
  }
  return null;
}
