/**
 * Lung cancer type (NSCLC, SCLC, both, or no signal) and stage signals, from the trial's
 * conditions, MeSH terms, titles, keywords and inclusion criteria.
 *
 * "small cell" inside "non-small cell" is masked before SCLC is looked for; squamous,
 * adenocarcinoma and large cell lung carcinomas count as NSCLC; mesothelioma and
 * carcinoid match neither. Inclusion text only adds a type when the mention is not
 * negated ("no small cell component").
 */
import type { DiagnosisType, NsclcStage, SclcStage } from '../../domain/diagnosis.js';

export interface DiagnosisInput {
  conditions: string[];
  mesh_terms: string[];
  title: string | null;
  official_title: string | null;
  keywords: string[];
  inclusion: string | null;
}

export interface Diagnosis {
  diagnosis_types: DiagnosisType[];
  sclc_stages: SclcStage[];
  nsclc_stages: NsclcStage[];
}

const NON_SMALL = /\bnon[-\s]*small[-\s]*cell\b/gi;
const NSCLC = /\bNSCLC\b|\bNON_SMALL\b|\b(?:lung|pulmonary|bronch\w*)\s+(?:adenocarcinoma|squamous|large[- ]cell carcinoma)|\b(?:adenocarcinoma|squamous[- ]cell carcinoma|large[- ]cell carcinoma)\s+of\s+(?:the\s+)?(?:lung|bronch)|\bsquamous\b[^.;\n]{0,30}\blung\b|\bLUAD\b|\bLUSC\b/i;
const SCLC = /\bSCLC\b|\bsmall[-\s]*cell\s+(?:lung|bronch|carcinoma of (?:the\s+)?(?:lung|bronch)|cancer of (?:the\s+)?lung)|\b(?:extensive|limited)[-\s]*(?:stage|disease)\s+small[-\s]*cell\b|\boat[- ]cell\b/i;
const NEGATED_BEFORE = /\b(?:no|not|without|excluding|except|other than|non|absence of|mixed|transformed|transformation|components?|elements?|features?)\b[^.;]{0,40}$/i;
const EXCLUDED_AFTER = /^[^.;]{0,80}\b(?:are|is|will be)\s+(?:excluded|not eligible|ineligible|not allowed|not permitted)\b/i;

const LIMITED = /\b(?:LS-?SCLC|limited[-\s]*(?:stage|disease)|LD-?SCLC)\b/i;
const EXTENSIVE = /\b(?:ES-?SCLC|extensive[-\s]*(?:stage|disease)|ED-?SCLC)\b/i;

const STAGE_PATTERNS: ReadonlyArray<[NsclcStage, RegExp]> = [
  ['early', /\bearly[-\s]*stage\b|\bstage\s+(?:I[AB]?\d?|II[AB]?|1[AB]?|2[AB]?)\b(?![-–]?\s*(?:III|IV|3|4))/i],
  ['resectable', /(?<!un|non-?|non\s)\b(?:resectable|resected|completely resected|operable|neo-?adjuvant|adjuvant|perioperative|surgical resection)\b/i],
  ['stage_iii_unresectable', /\bunresectable[^.;\n]{0,40}\bstage\s+(?:III|3)|\bstage\s+(?:III|3)[ABC]?\b[^.;\n]{0,60}\b(?:unresectable|inoperable|not amenable to (?:surgical )?resection)/i],
  ['locally_advanced', /\blocally[-\s]+advanced\b/i],
  ['metastatic', /\bmetastatic\b|\bstage\s+(?:IV[ABC]?|4[ABC]?)\b/i],
];

function has(re: RegExp, text: string): boolean {
  return re.test(text);
}

/** The type signal of one text; inclusion mentions must not be negated. */
function typesIn(text: string, guarded: boolean): Set<DiagnosisType> {
  const out = new Set<DiagnosisType>();
  const masked = text.replace(NON_SMALL, 'NON_SMALL');
  const scan = (re: RegExp, type: DiagnosisType) => {
    const global = new RegExp(re.source, 'gi');
    for (const m of masked.matchAll(global)) {
      if (guarded && NEGATED_BEFORE.test(masked.slice(Math.max(0, m.index! - 60), m.index!))) continue;
      if (guarded && EXCLUDED_AFTER.test(masked.slice(m.index! + m[0].length))) continue;
      out.add(type);
      return;
    }
  };
  scan(NSCLC, 'nsclc');
  scan(SCLC, 'sclc');
  return out;
}

export function classifyDiagnosis(input: DiagnosisInput): Diagnosis {
  const described = [...input.conditions, ...input.mesh_terms, ...input.keywords, input.title ?? '', input.official_title ?? ''];
  const types = new Set<DiagnosisType>();
  for (const t of described) for (const d of typesIn(t, false)) types.add(d);
  const inclusion = input.inclusion ?? '';
  for (const d of typesIn(inclusion, true)) types.add(d);

  const all = [...described, inclusion].join('\n');
  const sclc_stages: SclcStage[] = [];
  if (types.has('sclc')) {
    const sclcText = all.replace(NON_SMALL, 'NON_SMALL');
    if (has(LIMITED, sclcText)) sclc_stages.push('limited');
    if (has(EXTENSIVE, sclcText)) sclc_stages.push('extensive');
  }
  const nsclc_stages: NsclcStage[] = [];
  if (types.has('nsclc')) {
    for (const [stage, re] of STAGE_PATTERNS) if (has(re, all)) nsclc_stages.push(stage);
  }
  const diagnosis_types = (['nsclc', 'sclc'] as const).filter((t) => types.has(t));
  return { diagnosis_types, sclc_stages, nsclc_stages };
}
