/**
 * The MCP tools' input and output schemas. Inputs are the REST filters as JSON values,
 * built from the same domain vocabularies and rule texts as the query-string validator
 * (api/params/trials-query.ts); a tool turns them back into query-string values and runs
 * that validator, so both surfaces accept and refuse the same things. Outputs are the
 * REST response schemas (api/openapi/schemas.ts) with the quota made optional: over stdio
 * no key is counted.
 */
import { z } from 'zod';
import { PDL1_METRICS, PDL1_SCALE } from '../../domain/biomarkers.js';
import { DIAGNOSIS_TYPES, SCLC_STAGES } from '../../domain/diagnosis.js';
import { MAX_RADIUS_MILES } from '../../domain/geo.js';
import { GENDER_FILTERS } from '../../domain/sex.js';
import { TABLE_NAMES } from '../../domain/rows.js';
import {
  DetailTrialSchema,
  ListMetaSchema,
  QuotaMetaSchema,
  SourceSchema,
  TrialListResponseSchema,
} from '../openapi/schemas.js';
import {
  PARAMETERS,
  type AnyParameter,
  type ParameterName,
  type Surface,
} from '../params/parameters.js';

/** Page size when a tool call gives none: a model reads every trial it is sent. */
export const MCP_DEFAULT_LIMIT = 10;

/** What a tool does differently from its REST route when an argument is left out. */
const TOOL_DEFAULTS: Partial<Record<ParameterName, string>> = {
  limit: `${MCP_DEFAULT_LIMIT} here`,
};

/** A row's rule as a tool argument's description: the allowed values a JSON enum cannot hold, and its default. */
function argumentDescription(p: AnyParameter): string {
  const perKey =
    p.allowed && !Array.isArray(p.allowed)
      ? `. Values per ${p.name === 'mutations' ? 'gene' : 'key'}: ` +
        Object.entries(p.allowed as Record<string, readonly string[]>)
          .filter(([, ids]) => ids.length > 0)
          .map(([key, ids]) => `${key} ${ids.join(' ')}`)
          .join('; ')
      : '';
  const fallback = TOOL_DEFAULTS[p.name as ParameterName] ?? p.default;
  return `${p.description}${perKey}${fallback === undefined ? '' : `; default ${fallback}`}`;
}

/** The arguments of the tool that mirrors `surface`: its rows, as JSON values. */
export function toolInputShape(
  surface: Surface,
  table: readonly AnyParameter[] = PARAMETERS,
): Record<string, z.ZodType> {
  return Object.fromEntries(
    table
      .filter((p) => p.on.includes(surface) && p.on.includes('mcp'))
      .map((p) => [p.name, p.json.optional().describe(argumentDescription(p))]),
  );
}

const row = (name: ParameterName): AnyParameter => PARAMETERS.find((p) => p.name === name)!;

/** Some rows as tool arguments, under their REST names. */
const argumentsOf = (names: readonly ParameterName[]) =>
  toolInputShape(
    'mcp',
    PARAMETERS.filter((p) => names.includes(p.name)),
  );

export const SearchTrialsInput = z.strictObject(toolInputShape('trials'));

export const GetTrialInput = z.strictObject({
  nct_id: z
    .string()
    .min(1)
    .describe(
      'registry id such as NCT04613596 (case-insensitive), or a sponsor-only study id from a search result',
    ),
  ...toolInputShape('detail'),
});

/** A patient as a clinician or the patient would describe them; every field optional. */
export const MatchPatientInput = z.strictObject({
  age: row('age').json.optional().describe('age in years'),
  sex: z
    .enum(GENDER_FILTERS)
    .optional()
    .describe("the patient's sex; trials open to all sexes match both"),
  diagnosis_type: z
    .enum(DIAGNOSIS_TYPES)
    .optional()
    .describe('non-small cell (nsclc) or small cell (sclc) lung cancer'),
  sclc_stage: z.enum(SCLC_STAGES).optional().describe('SCLC only: limited or extensive stage'),
  biomarkers: z
    .array(z.string())
    .min(1)
    .optional()
    .describe(
      "the tumour's alterations as GENE:ALTERATION ids (EGFR:L858R, KRAS:G12C, ALK:FUSION), " +
        'or a bare GENE when only the gene is known (EGFR); same vocabulary as search_trials ' +
        'mutations. Trials requiring any of them are returned',
    ),
  pdl1: z
    .strictObject({
      metric: z.enum(PDL1_METRICS),
      value: z.number().min(PDL1_SCALE.TPS.min).max(PDL1_SCALE.TPS.max),
    })
    .optional()
    .describe(
      'PD-L1 expression, e.g. {"metric": "TPS", "value": 60}: trials requiring a PD-L1 range that contains it',
    ),
  zip: z.string().optional().describe('US ZIP code of the patient; requires radius_miles'),
  radius_miles: z
    .number()
    .positive()
    .max(MAX_RADIUS_MILES)
    .optional()
    .describe(`how far the patient can travel, at most ${MAX_RADIUS_MILES} miles`),
  ...argumentsOf(['statusBuckets', 'limit', 'offset']),
});

const optionalQuota = {
  quota_used: QuotaMetaSchema.shape.quota_used.optional(),
  quota_limit: QuotaMetaSchema.shape.quota_limit.optional(),
};

export const TrialListOutput = z.object({
  data: TrialListResponseSchema.shape.data,
  meta: ListMetaSchema.extend(optionalQuota),
  query: z.string().describe('the same search on the REST API: GET this path with an API key'),
});

export const TrialDetailOutput = z.object({
  data: DetailTrialSchema,
  meta: z.object(optionalQuota),
});

export const SourcesOutput = z.object({
  data: z.array(SourceSchema),
  meta: z.object(optionalQuota),
});

export const SnapshotInfoOutput = z.object({
  version: z
    .string()
    .describe('snapshot version (UTC build time); changes when the monthly refresh publishes'),
  created_at: z.string(),
  schema_version: z.number().int(),
  row_counts: z.object(
    Object.fromEntries(TABLE_NAMES.map((t) => [t, z.number().int()])) as Record<
      (typeof TABLE_NAMES)[number],
      z.ZodNumber
    >,
  ),
});
