/**
 * The MCP tools' input and output schemas. Inputs are the REST filters as JSON values,
 * built from the same domain vocabularies and rule texts as the query-string validator
 * (api/params/trials-query.ts); a tool turns them back into query-string values and runs
 * that validator, so both surfaces accept and refuse the same things. Outputs are the
 * REST response schemas (api/openapi/schemas.ts) with the quota made optional: over stdio
 * no key is counted.
 */
import { z } from 'zod';
import { GENES } from '../../domain/biomarkers.js';
import { DIAGNOSIS_TYPE_FILTERS, SCLC_STAGES } from '../../domain/diagnosis.js';
import { COUNTRY_FILTERS, MAX_RADIUS_MILES } from '../../domain/geo.js';
import { TRIAL_PHASE_FILTERS } from '../../domain/phase.js';
import { GENDER_FILTERS } from '../../domain/sex.js';
import { STATUS_BUCKETS, TRIAL_STATUSES } from '../../domain/status.js';
import { TABLE_NAMES } from '../../domain/rows.js';
import {
  DetailTrialSchema,
  ListMetaSchema,
  QuotaMetaSchema,
  SourceSchema,
  TrialListResponseSchema,
} from '../openapi/schemas.js';
import {
  MAX_AGE,
  MAX_LIMIT,
  TRIAL_PARAMETERS,
  type ParameterSpec,
} from '../params/trials-query.js';
import { SORT_ORDERS } from '../query/types.js';

/** Page size when a tool call gives none: a model reads every trial it is sent. */
export const MCP_DEFAULT_LIMIT = 10;

const rule = (name: ParameterSpec['name']): string =>
  TRIAL_PARAMETERS.find((p) => p.name === name)!.rule;

/** Every /trials filter, as JSON. */
export const filterShape = {
  diagnosisType: z.enum(DIAGNOSIS_TYPE_FILTERS).optional().describe(rule('diagnosisType')),
  cancerStage: z.enum(SCLC_STAGES).optional().describe(rule('cancerStage')),
  country: z.enum(COUNTRY_FILTERS).optional().describe(rule('country')),
  state: z.string().optional().describe(rule('state')),
  gender: z.enum(GENDER_FILTERS).optional().describe(rule('gender')),
  age: z.number().int().min(0).max(MAX_AGE).optional().describe(rule('age')),
  trialPhase: z.array(z.enum(TRIAL_PHASE_FILTERS)).min(1).optional().describe(rule('trialPhase')),
  trialStatus: z.array(z.enum(TRIAL_STATUSES)).min(1).optional().describe(rule('trialStatus')),
  statusBuckets: z
    .array(z.enum(STATUS_BUCKETS))
    .min(1)
    .optional()
    .describe(`${rule('statusBuckets')}; default recruiting, active, unknown`),
  biomarkers: z.array(z.enum(GENES)).min(1).optional().describe(rule('biomarkers')),
  mutations: z
    .array(z.string())
    .min(1)
    .optional()
    .describe(
      `${rule('mutations')}. Alteration ids per gene: ` +
        'EGFR EX19DEL L858R T790M C797S EX20INS G719X L861Q S768I; KRAS G12C G12D G12V G12X; ' +
        'BRAF V600E NONV600; MET EX14SKIP AMP; ALK/ROS1/RET/NTRK FUSION; HER2 MUT EX20INS AMP OVEREXP',
    ),
  firstPostedAfter: z
    .string()
    .optional()
    .describe(`YYYY-MM-DD: ${rule('firstPostedAfter')}`),
  zip: z.string().optional().describe(rule('zip')),
  radius: z.number().positive().max(MAX_RADIUS_MILES).optional().describe(rule('radius')),
  q: z.string().optional().describe(rule('q')),
};

const pageShape = {
  limit: z
    .number()
    .int()
    .min(1)
    .max(MAX_LIMIT)
    .optional()
    .describe(`trials returned, 1-${MAX_LIMIT}; default ${MCP_DEFAULT_LIMIT} here`),
  offset: z.number().int().min(0).optional().describe('trials skipped, for the next page'),
};

export const SearchTrialsInput = z.strictObject({
  ...filterShape,
  ...pageShape,
  sort: z.enum(SORT_ORDERS).optional().describe(rule('sort')),
  explain: z.boolean().optional().describe(rule('explain')),
});

export const GetTrialInput = z.strictObject({
  nct_id: z
    .string()
    .min(1)
    .describe(
      'registry id such as NCT04613596 (case-insensitive), or a sponsor-only study id from a search result',
    ),
  ...filterShape,
});

/** A patient as a clinician or the patient would describe them; every field optional. */
export const MatchPatientInput = z.strictObject({
  age: z.number().int().min(0).max(MAX_AGE).optional().describe('age in years'),
  sex: z
    .enum(GENDER_FILTERS)
    .optional()
    .describe("the patient's sex; trials open to all sexes match both"),
  diagnosis_type: z
    .enum(['nsclc', 'sclc'])
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
    .strictObject({ metric: z.enum(['TPS', 'CPS']), value: z.number().min(0).max(100) })
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
  statusBuckets: filterShape.statusBuckets,
  ...pageShape,
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
