/**
 * Biomarker vocabulary: the ten genes of the `biomarkers` filter, the canonical
 * alteration ids of the `mutations` filter (docs/product-rules.md), and how alterations nest.
 * The extractor, the validator, the query engine, /docs and the tests all read it.
 */

export const GENES = [
  'EGFR',
  'ALK',
  'ROS1',
  'KRAS',
  'BRAF',
  'MET',
  'RET',
  'NTRK',
  'HER2',
  'PD-L1',
] as const;
export type Gene = (typeof GENES)[number];

/** Genes a sequencing panel reports (PD-L1 is an IHC score, not a sequencing result). */
export const SEQUENCED_GENES = GENES.filter(
  (g): g is Exclude<Gene, 'PD-L1'> => g !== 'PD-L1',
) as unknown as readonly [Exclude<Gene, 'PD-L1'>, ...Exclude<Gene, 'PD-L1'>[]];

/** Alteration ids per gene. PD-L1 is an expression marker: see PDL1_METRICS. */
export const ALTERATIONS: Readonly<Record<Gene, readonly string[]>> = {
  EGFR: ['EX19DEL', 'L858R', 'T790M', 'C797S', 'EX20INS', 'G719X', 'L861Q', 'S768I', 'OVEREXP'],
  KRAS: ['G12C', 'G12D', 'G12V', 'G12X'],
  BRAF: ['V600E', 'NONV600'],
  MET: ['EX14SKIP', 'AMP', 'OVEREXP'],
  ALK: ['FUSION'],
  ROS1: ['FUSION'],
  RET: ['FUSION'],
  NTRK: ['FUSION'],
  HER2: ['MUT', 'EX20INS', 'AMP', 'OVEREXP'],
  'PD-L1': [],
};

/**
 * A broader alteration covers narrower ones: a trial that requires KRAS G12X (any
 * G12 mutation) wants a patient with G12C; HER2 "mutation" includes exon 20 insertions.
 */
export const ALTERATION_COVERS: Readonly<
  Partial<Record<Gene, Readonly<Record<string, readonly string[]>>>>
> = {
  KRAS: { G12X: ['G12C', 'G12D', 'G12V'] },
  HER2: { MUT: ['EX20INS'] },
};

/**
 * "Sensitising / activating / TKI-sensitive EGFR mutation" names a class, not the gene: the
 * extractor writes one row per member (same requirement and group), so an exon 20 insertion
 * patient never matches it. Protein expression (`OVEREXP`) is never a mutation.
 */
export const EGFR_SENSITIZING = ['EX19DEL', 'L858R', 'G719X', 'L861Q', 'S768I'] as const;

/**
 * Alterations found by a protein test (IHC), not by sequencing: a patient's sequencing result
 * (a listed alteration, or the gene tested negative) says nothing about them.
 */
/**
 * What a criterion means when it excludes a class of drivers without naming one: `actionable`
 * ("actionable / targetable genomic alteration") is each alteration with an approved targeted
 * therapy for NSCLC in first line (the NCCN list: the EGFR sensitising class, ALK, ROS1, BRAF
 * V600E, MET exon 14 skipping, RET, NTRK, KRAS G12C); `oncogenic` ("oncogenic driver", "driver
 * mutation") is any sequence alteration of the driver genes. A class member the trial itself
 * requires is never excluded by its class ("other oncogenic drivers" in an ALK trial).
 */
export const DRIVER_CLASSES = {
  actionable: [
    ...EGFR_SENSITIZING.map((a) => ['EGFR', a] as const),
    ['ALK', 'FUSION'],
    ['ROS1', 'FUSION'],
    ['BRAF', 'V600E'],
    ['MET', 'EX14SKIP'],
    ['RET', 'FUSION'],
    ['NTRK', 'FUSION'],
    ['KRAS', 'G12C'],
  ],
  oncogenic: SEQUENCED_GENES.map((g) => [g, null] as const),
} as const satisfies Record<string, readonly (readonly [Gene, string | null])[]>;
export type DriverClass = keyof typeof DRIVER_CLASSES;

export const EXPRESSION_ALTERATIONS: readonly string[] = ['OVEREXP'];

export function isExpressionAlteration(alteration: string | null): boolean {
  return alteration !== null && EXPRESSION_ALTERATIONS.includes(alteration);
}

export const REQUIREMENTS = ['required', 'excluded'] as const;
export type Requirement = (typeof REQUIREMENTS)[number];

/**
 * Whose requirement a row is: `lung` gates entry for a lung cancer patient; `other_tumour`
 * qualifies another tumour type's cohort ("HER2-negative breast carcinoma", "melanoma with
 * BRAF V600") and never filters lung trials; `driver_class` is one member of a class of drivers a
 * lung trial excludes without naming it ("no known actionable genomic alteration", DRIVER_CLASSES):
 * `/match` reads it as an exclusion, the filters and a trial's `biomarkers` list do not.
 */
export const BIOMARKER_SCOPES = ['lung', 'other_tumour', 'driver_class'] as const;
export type BiomarkerScope = (typeof BIOMARKER_SCOPES)[number];

/** PD-L1 expression scores: tumour proportion score and combined positive score. */
export const PDL1_METRICS = ['TPS', 'CPS'] as const;
export type PdL1Metric = (typeof PDL1_METRICS)[number];

/** Values each score can take: TPS is a percentage; CPS is reported capped at 100. */
export const PDL1_SCALE: Readonly<Record<PdL1Metric, { min: number; max: number }>> = {
  TPS: { min: 0, max: 100 },
  CPS: { min: 0, max: 100 },
};

export const COMPARATORS = ['>=', '>', '<=', '<', 'between'] as const;
export type Comparator = (typeof COMPARATORS)[number];

/**
 * A numeric expression range, closed at both ends where given: ">= 50" is
 * {low: 50, high: null}; "< 1" is {low: null, high: 1, highExclusive: true};
 * "1-49" is {low: 1, high: 49}.
 */
export interface ExpressionRange {
  metric: PdL1Metric;
  low: number | null;
  high: number | null;
  lowExclusive: boolean;
  highExclusive: boolean;
}

/** Case-insensitive gene lookup that also accepts the synonyms callers type. */
const GENE_SYNONYMS: Readonly<Record<string, Gene>> = {
  EGFR: 'EGFR',
  ALK: 'ALK',
  ROS1: 'ROS1',
  KRAS: 'KRAS',
  BRAF: 'BRAF',
  MET: 'MET',
  RET: 'RET',
  NTRK: 'NTRK',
  NTRK1: 'NTRK',
  NTRK2: 'NTRK',
  NTRK3: 'NTRK',
  HER2: 'HER2',
  ERBB2: 'HER2',
  'PD-L1': 'PD-L1',
  PDL1: 'PD-L1',
  CD274: 'PD-L1',
};

export function parseGene(raw: string): Gene | null {
  return GENE_SYNONYMS[raw.trim().toUpperCase().replace(/\s+/g, '')] ?? null;
}

export function isAlteration(gene: Gene, alteration: string): boolean {
  return ALTERATIONS[gene].includes(alteration);
}

/** Alterations that `alteration` stands for, itself included. */
export function coveredBy(gene: Gene, alteration: string): string[] {
  const narrower = ALTERATION_COVERS[gene]?.[alteration] ?? [];
  return [alteration, ...narrower];
}

/** Alterations that would cover `alteration` (itself included): G12C -> [G12C, G12X]. */
export function coveringAlterations(gene: Gene, alteration: string): string[] {
  const out = [alteration];
  for (const [broad, narrow] of Object.entries(ALTERATION_COVERS[gene] ?? {})) {
    if (narrow.includes(alteration)) out.push(broad);
  }
  return out;
}

/**
 * PD-L1 mutation ids accepted by the `mutations` filter: "TPS>=50", "TPS<1", "TPS1-49",
 * "CPS>=10" (metric, then a comparator and number, or a closed range).
 */
export function parseExpressionRange(raw: string): ExpressionRange | null {
  const m = raw
    .trim()
    .toUpperCase()
    .replace(/\s+/g, '')
    .match(/^(TPS|CPS)(?:(>=|>|<=|<|=)(\d+(?:\.\d+)?)|(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?))%?$/);
  if (!m) return null;
  const metric = m[1] as PdL1Metric;
  if (m[4] !== undefined) {
    const low = Number(m[4]);
    const high = Number(m[5]);
    if (low > high) return null;
    return { metric, low, high, lowExclusive: false, highExclusive: false };
  }
  const n = Number(m[3]);
  switch (m[2]) {
    case '>=':
      return { metric, low: n, high: null, lowExclusive: false, highExclusive: false };
    case '>':
      return { metric, low: n, high: null, lowExclusive: true, highExclusive: false };
    case '<=':
      return { metric, low: null, high: n, lowExclusive: false, highExclusive: false };
    case '<':
      return { metric, low: null, high: n, lowExclusive: false, highExclusive: true };
    default:
      return { metric, low: n, high: n, lowExclusive: false, highExclusive: false };
  }
}

/**
 * Why a parsed range cannot describe a real score (a bound outside the metric's scale, or
 * a range holding no value of it: TPS<0, TPS>100), or null when it is usable.
 */
export function expressionRangeProblem(r: ExpressionRange): string | null {
  const { min, max } = PDL1_SCALE[r.metric];
  for (const v of [r.low, r.high]) {
    if (v !== null && (v < min || v > max)) return `${r.metric} runs from ${min} to ${max}`;
  }
  if (
    (r.high !== null && (r.high < min || (r.high === min && r.highExclusive))) ||
    (r.low !== null && (r.low > max || (r.low === max && r.lowExclusive)))
  ) {
    return `no ${r.metric} value (${min}-${max}) is in that range`;
  }
  return null;
}

/** True when two ranges of the same metric share at least one value. */
/**
 * What PD-L1 named without a cut-off ("PD-L1 positive", "PD-L1+ NSCLC", "PD-L1 expression")
 * requires or excludes: a score of 1 or more, in whichever metric is asked.
 */
export function positiveScore(metric: PdL1Metric): ExpressionRange {
  return { metric, low: 1, high: null, lowExclusive: false, highExclusive: false };
}

export function rangesOverlap(a: ExpressionRange, b: ExpressionRange): boolean {
  if (a.metric !== b.metric) return false;
  const aboveLow = (r: ExpressionRange, v: number | null, vExcl: boolean) =>
    r.low === null || v === null || v > r.low || (v === r.low && !r.lowExclusive && !vExcl);
  return aboveLow(a, b.high, b.highExclusive) && aboveLow(b, a.high, a.highExclusive);
}

/** True when every value of `inner` lies in `outer` (same metric): a patient's score meets a cut-off. */
export function rangeWithin(inner: ExpressionRange, outer: ExpressionRange): boolean {
  if (inner.metric !== outer.metric) return false;
  const lowOk =
    outer.low === null ||
    (inner.low !== null &&
      (inner.low > outer.low ||
        (inner.low === outer.low && (!outer.lowExclusive || inner.lowExclusive))));
  const highOk =
    outer.high === null ||
    (inner.high !== null &&
      (inner.high < outer.high ||
        (inner.high === outer.high && (!outer.highExclusive || inner.highExclusive))));
  return lowOk && highOk;
}

export function formatExpressionRange(r: ExpressionRange): string {
  if (r.low !== null && r.high !== null)
    return r.low === r.high ? `${r.metric}=${r.low}` : `${r.metric}${r.low}-${r.high}`;
  if (r.low !== null) return `${r.metric}${r.lowExclusive ? '>' : '>='}${r.low}`;
  if (r.high !== null) return `${r.metric}${r.highExclusive ? '<' : '<='}${r.high}`;
  return r.metric;
}
