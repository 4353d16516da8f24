/**
 * The MCP tools' input and output schemas. Inputs are the REST filters as JSON values,
 * built from the same domain vocabularies and rule texts as the query-string validator
 * (api/params/trials-query.ts); a tool turns them back into query-string values and runs
 * that validator, so both surfaces accept and refuse the same things. Outputs are the
 * REST response schemas (api/openapi/schemas.ts) with the quota made optional: over stdio
 * no key is counted.
 */
import { z } from 'zod';
import { TABLE_NAMES } from '../../domain/rows.js';
import {
  DetailTrialSchema,
  ListMetaSchema,
  MatchListResponseSchema,
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

/** A patient profile: the /match parameters, under their REST names. */
export const MatchPatientInput = z.strictObject(toolInputShape('match'));

const optionalQuota = {
  quota_used: QuotaMetaSchema.shape.quota_used.optional(),
  quota_limit: QuotaMetaSchema.shape.quota_limit.optional(),
};

export const TrialListOutput = z.object({
  data: TrialListResponseSchema.shape.data,
  meta: ListMetaSchema.extend(optionalQuota),
  query: z.string().describe('the same search on the REST API: GET this path with an API key'),
});

export const MatchListOutput = z.object({
  data: MatchListResponseSchema.shape.data,
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
