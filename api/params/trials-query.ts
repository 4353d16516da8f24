/**
 * The 17 query parameters of GET /api/v1/trials: one table read by both the validator
 * and /api/v1/docs, so the documented values are the accepted ones. Allowed values come
 * from domain/; semantics are DESIGN.md's and docs/architecture.md's.
 */
import { z } from 'zod';
import {
  ALTERATIONS,
  GENES,
  expressionRangeProblem,
  isAlteration,
  parseExpressionRange,
  parseGene,
  type Gene,
} from '../../domain/biomarkers.js';
import { DIAGNOSIS_TYPE_FILTERS, SCLC_STAGES } from '../../domain/diagnosis.js';
import { COUNTRY_FILTERS, MAX_RADIUS_MILES, parseUsState } from '../../domain/geo.js';
import { TRIAL_PHASE_FILTERS } from '../../domain/phase.js';
import { GENDER_FILTERS } from '../../domain/sex.js';
import { DEFAULT_STATUS_BUCKETS, STATUS_BUCKETS, TRIAL_STATUSES } from '../../domain/status.js';
import { invalidParameter } from '../errors.js';
import { ZIP_PATTERN, zipCentroid } from '../../geo/zip-centroid.js';
import { MAX_QUERY_TERMS, tokenize } from '../query/text-index.js';
import { SORT_ORDERS, type MutationCriterion, type TrialQuery } from '../query/types.js';
import { listOf, oneOf, parsed } from './vocab-schemas.js';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;
export const MAX_AGE = 130;
export const MAX_Q_LENGTH = 200;

export interface ParameterSpec {
  name: keyof typeof TRIAL_PARAMETER_SCHEMAS;
  type: string;
  allowed?: readonly string[] | Readonly<Record<string, readonly string[]>>;
  default: string | number | null;
  rule: string;
}

const mutationRule =
  'comma-separated GENE:ALTERATION pairs (any of them matches), e.g. EGFR:L858R,KRAS:G12C; ' +
  'PD-L1 takes an expression range: PD-L1:TPS>=50, PD-L1:TPS<1, PD-L1:TPS1-49, PD-L1:CPS>=10';

function parseMutation(raw: string): MutationCriterion | string {
  const at = raw.indexOf(':');
  if (at <= 0) return `'${raw}' is not GENE:ALTERATION`;
  const gene = parseGene(raw.slice(0, at));
  const id = raw
    .slice(at + 1)
    .trim()
    .toUpperCase();
  if (!gene) return `unknown biomarker '${raw.slice(0, at).trim()}'; allowed: ${GENES.join(', ')}`;
  if (gene === 'PD-L1') {
    const range = parseExpressionRange(id);
    if (!range)
      return `PD-L1 takes an expression range such as TPS>=50, TPS<1, TPS1-49 or CPS>=10, not '${id}'`;
    const problem = expressionRangeProblem(range);
    return problem ? `PD-L1 '${id}': ${problem}` : { gene, range };
  }
  if (!isAlteration(gene, id))
    return `unknown alteration '${id}' for ${gene}; allowed: ${ALTERATIONS[gene].join(', ')}`;
  return { gene, alteration: id };
}

const mutations = z
  .string()
  .meta({
    type: 'array',
    items: { type: 'string', pattern: '^[A-Za-z0-9-]+:.+$' },
    examples: [['EGFR:L858R', 'KRAS:G12C'], ['PD-L1:TPS>=50']],
  })
  .transform((raw, ctx): MutationCriterion[] => {
    const out: MutationCriterion[] = [];
    for (const item of raw.split(',')) {
      const m = parseMutation(item.trim());
      if (typeof m === 'string') {
        ctx.addIssue({ code: 'custom', message: m });
        return z.NEVER;
      }
      out.push(m);
    }
    return out;
  });

const isoDate = parsed(
  (raw) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(raw)) return undefined;
    const d = new Date(`${raw}T00:00:00Z`);
    // Round-tripping rejects dates such as 2024-02-30 that Date would roll over.
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === raw ? raw : undefined;
  },
  'must be a calendar date as YYYY-MM-DD',
  { type: 'string', format: 'date', examples: ['2024-01-01'] },
);

const wholeNumber = (min: number, max: number, rule: string) =>
  parsed(
    (raw) =>
      /^\d+$/.test(raw) && Number(raw) >= min && Number(raw) <= max ? Number(raw) : undefined,
    rule,
    {
      type: 'integer',
      minimum: min,
      ...(max < Number.MAX_SAFE_INTEGER ? { maximum: max } : {}),
    },
  );

export const TRIAL_PARAMETER_SCHEMAS = {
  diagnosisType: oneOf(DIAGNOSIS_TYPE_FILTERS),
  cancerStage: oneOf(SCLC_STAGES),
  country: oneOf(COUNTRY_FILTERS),
  state: parsed(
    (raw) => parseUsState(raw) ?? undefined,
    'must be a two-letter US state code such as CA (or its full name)',
    { type: 'string', examples: ['CA', 'NY'] },
  ),
  gender: oneOf(GENDER_FILTERS),
  age: wholeNumber(0, MAX_AGE, `must be a whole number of years from 0 to ${MAX_AGE}`),
  trialPhase: listOf(TRIAL_PHASE_FILTERS),
  trialStatus: listOf(TRIAL_STATUSES),
  statusBuckets: listOf(STATUS_BUCKETS),
  biomarkers: listOf(GENES, (raw): Gene | null => parseGene(raw)),
  mutations,
  firstPostedAfter: isoDate,
  zip: parsed((raw) => (ZIP_PATTERN.test(raw) ? raw : undefined), 'must be a 5-digit US ZIP code', {
    type: 'string',
    pattern: '^[0-9]{5}$',
    examples: ['10001'],
  }),
  radius: parsed(
    (raw) => {
      const n = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : NaN;
      return n > 0 && n <= MAX_RADIUS_MILES ? n : undefined;
    },
    `must be a number of miles greater than 0 and at most ${MAX_RADIUS_MILES}`,
    { type: 'number', exclusiveMinimum: 0, maximum: MAX_RADIUS_MILES, examples: [50] },
  ),
  limit: wholeNumber(1, MAX_LIMIT, `must be an integer from 1 to ${MAX_LIMIT}`),
  offset: wholeNumber(0, Number.MAX_SAFE_INTEGER, 'must be an integer >= 0'),
  q: parsed(
    (raw) => {
      const terms = tokenize(raw);
      return raw.length <= MAX_Q_LENGTH && terms.length > 0 && terms.length <= MAX_QUERY_TERMS
        ? terms
        : undefined;
    },
    `must hold 1 to ${MAX_QUERY_TERMS} words (letters or digits), at most ${MAX_Q_LENGTH} characters`,
    {
      type: 'string',
      maxLength: MAX_Q_LENGTH,
      examples: ['osimertinib', 'KEYNOTE-789', 'NCT0423', 'amgen sotorasib'],
    },
  ),
  sort: oneOf(SORT_ORDERS),
  explain: parsed(
    (raw) => (/^true$/i.test(raw) ? true : /^false$/i.test(raw) ? false : undefined),
    'must be true or false',
  ),
};

/** What /docs shows per parameter, in the contract's order. */
export const TRIAL_PARAMETERS: readonly ParameterSpec[] = [
  {
    name: 'diagnosisType',
    type: 'enum',
    allowed: DIAGNOSIS_TYPE_FILTERS,
    default: 'unknown',
    rule: 'nsclc/sclc: trials classified that type or with no type signal; unknown: no restriction',
  },
  {
    name: 'cancerStage',
    type: 'enum',
    allowed: SCLC_STAGES,
    default: null,
    rule:
      'SCLC only: restricts to SCLC-eligible trials that mention the stage or no SCLC stage at ' +
      'all; trials mentioning only the opposite stage are excluded',
  },
  {
    name: 'country',
    type: 'enum',
    allowed: COUNTRY_FILTERS,
    default: null,
    rule: 'us: at least one US site (territories included); international: at least one site outside the US',
  },
  {
    name: 'state',
    type: 'string',
    default: null,
    rule: 'two-letter US state or territory code (full names accepted): at least one site there',
  },
  {
    name: 'gender',
    type: 'enum',
    allowed: GENDER_FILTERS,
    default: null,
    rule: 'trial accepts that sex (trials open to all sexes match both)',
  },
  {
    name: 'age',
    type: 'integer',
    default: null,
    rule: `years, 0-${MAX_AGE}: age_min <= age <= age_max, a missing bound is open`,
  },
  {
    name: 'trialPhase',
    type: 'comma-separated enum list',
    allowed: TRIAL_PHASE_FILTERS,
    default: null,
    rule:
      'any of the values (one value works as before). Phase N matches every trial whose phases ' +
      'include N (Phase I/II matches Phase I and Phase II; Early Phase I counts as Phase I); ' +
      'Interventional/Observational match the study type; All Phases: no filter',
  },
  {
    name: 'trialStatus',
    type: 'comma-separated enum list',
    allowed: TRIAL_STATUSES,
    default: null,
    rule:
      "any of the status labels (one value works as before); 'Not yet recruiting' is distinct " +
      "from 'Recruiting'. Given without statusBuckets, the default buckets do not apply",
  },
  {
    name: 'statusBuckets',
    type: 'comma-separated enum list',
    allowed: STATUS_BUCKETS,
    default: DEFAULT_STATUS_BUCKETS.join(','),
    rule: 'trials in any of the buckets',
  },
  {
    name: 'biomarkers',
    type: 'comma-separated enum list',
    allowed: GENES,
    default: null,
    rule:
      'any of the genes is a required biomarker of the trial; a trial that excludes the gene ' +
      'outright never matches',
  },
  {
    name: 'mutations',
    type: 'comma-separated GENE:ALTERATION list',
    allowed: ALTERATIONS,
    default: null,
    rule:
      `${mutationRule}. A trial matches when it requires that alteration, a broader one that ` +
      `covers it (KRAS G12X covers G12C), or the gene with no narrower alteration; never when it ` +
      `excludes the gene or the alteration`,
  },
  {
    name: 'firstPostedAfter',
    type: 'date (YYYY-MM-DD)',
    default: null,
    rule: 'trials first posted on or after this date',
  },
  {
    name: 'zip',
    type: 'string (5 digits)',
    default: null,
    rule:
      'US ZIP code; requires radius. Searches US sites with coordinates; adds nearest_site and ' +
      'distance_miles and orders nearest first',
  },
  {
    name: 'radius',
    type: 'number (miles)',
    default: null,
    rule: `greater than 0, at most ${MAX_RADIUS_MILES}; requires zip`,
  },
  { name: 'limit', type: 'integer', default: DEFAULT_LIMIT, rule: `page size, 1-${MAX_LIMIT}` },
  { name: 'offset', type: 'integer', default: 0, rule: 'results skipped, >= 0' },
  {
    name: 'q',
    type: 'string',
    default: null,
    rule:
      `free text: trials whose id, titles, interventions, sponsor, conditions or keywords hold ` +
      `every word (AND), the last word as a prefix; accents and case ignored; ` +
      `1-${MAX_QUERY_TERMS} words, at most ${MAX_Q_LENGTH} characters. Combines with every filter`,
  },
  {
    name: 'sort',
    type: 'enum',
    allowed: SORT_ORDERS,
    default: null,
    rule:
      'relevance (needs q: matches in the id and titles first), last_updated or start_date ' +
      '(newest first, missing dates last), distance (needs zip). Without sort: distance with a ' +
      'ZIP, relevance with q, else recruiting first then most recently updated. Ties keep that ' +
      'default order',
  },
  {
    name: 'explain',
    type: 'boolean',
    allowed: ['true', 'false'],
    default: 'false',
    rule:
      "true adds `match` to each trial: every filter's verdict with its reason and evidence, the " +
      'biomarker rows that matched (and those that would exclude a patient with the asked ' +
      "markers), and a ZIP search's nearest site with its geocoding precision",
  },
];

const TrialsQuerySchema = z
  .object(
    Object.fromEntries(
      Object.entries(TRIAL_PARAMETER_SCHEMAS).map(([k, s]) => [k, s.optional()]),
    ) as {
      [K in keyof typeof TRIAL_PARAMETER_SCHEMAS]: z.ZodOptional<
        (typeof TRIAL_PARAMETER_SCHEMAS)[K]
      >;
    },
  )
  .strict();

const PARAMETER_NAMES = Object.keys(TRIAL_PARAMETER_SCHEMAS);

/**
 * Validates `req.query` (Express's simple parser: repeated names arrive as arrays) and
 * returns the engine's query. Throws ApiError invalid_parameter naming the parameter.
 */
export function parseTrialsQuery(query: Record<string, unknown>): TrialQuery {
  // No prototype: a parameter named __proto__ must stay a key the schema can refuse.
  const input: Record<string, string> = Object.create(null);
  for (const [name, value] of Object.entries(query)) {
    if (typeof value !== 'string')
      throw invalidParameter(
        name,
        'given more than once; pass one value (lists are comma-separated)',
      );
    // A blank form field means "not set", as it does in a browser's query string.
    if (value.trim() !== '') input[name] = value;
  }
  const result = TrialsQuerySchema.safeParse(input);
  if (!result.success) {
    const issues = result.error.issues;
    const unknown = issues.find((i) => i.code === 'unrecognized_keys');
    if (unknown && unknown.code === 'unrecognized_keys') {
      throw invalidParameter(
        unknown.keys[0],
        `unknown parameter; allowed: ${PARAMETER_NAMES.join(', ')}`,
      );
    }
    throw invalidParameter(String(issues[0].path[0]), issues[0].message);
  }
  const p = result.data;
  if (p.zip !== undefined && p.radius === undefined)
    throw invalidParameter('radius', 'required when zip is given');
  if (p.radius !== undefined && p.zip === undefined)
    throw invalidParameter('zip', 'required when radius is given');
  if (p.sort === 'relevance' && p.q === undefined)
    throw invalidParameter('sort', 'relevance needs q');
  if (p.sort === 'distance' && p.zip === undefined)
    throw invalidParameter('sort', 'distance needs zip and radius');
  let near: TrialQuery['near'] = null;
  if (p.zip !== undefined && p.radius !== undefined) {
    const c = zipCentroid(p.zip);
    if (!c) throw invalidParameter('zip', `unknown US ZIP code '${p.zip}'`);
    near = { zip: p.zip, lat: c.latitude, lon: c.longitude, radiusMiles: p.radius };
  }
  return {
    diagnosisType: p.diagnosisType ?? null,
    cancerStage: p.cancerStage ?? null,
    country: p.country ?? null,
    state: p.state ?? null,
    gender: p.gender ?? null,
    age: p.age ?? null,
    trialPhase: p.trialPhase ?? null,
    trialStatus: p.trialStatus ?? null,
    statusBuckets: p.statusBuckets ?? null,
    biomarkers: p.biomarkers ?? null,
    mutations: p.mutations ?? null,
    firstPostedAfter: p.firstPostedAfter ?? null,
    near,
    text: p.q ?? null,
    sort: p.sort ?? null,
    limit: p.limit ?? DEFAULT_LIMIT,
    offset: p.offset ?? 0,
    explain: p.explain ?? false,
  };
}

/** Parameters that shape a page rather than select trials; the detail endpoint takes none of them. */
const PAGE_PARAMETERS = ['limit', 'offset', 'explain', 'sort'];

/**
 * The detail endpoint's optional filters (every /trials filter): its `match` explains the
 * trial against them. Null when none is given.
 */
export function parseMatchQuery(query: Record<string, unknown>): TrialQuery | null {
  for (const name of Object.keys(query)) {
    if (PAGE_PARAMETERS.includes(name))
      throw invalidParameter(
        name,
        'not taken by the detail endpoint; it takes the /trials filters only',
      );
  }
  const q = parseTrialsQuery(query);
  const filtered = Object.values(query).some((v) => typeof v === 'string' && v.trim() !== '');
  return filtered ? q : null;
}
