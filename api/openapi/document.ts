/**
 * The OpenAPI 3.1 document of /api/v1, generated from the zod schemas the validator
 * runs (api/params/) and the response schemas (./schemas.ts), with the error codes,
 * tiers and headers the middleware uses. Served at /api/v1/openapi.json and rendered at
 * /api/v1/reference.
 */
import { z } from 'zod';
import { createDocument, type ZodOpenApiResponseObject } from 'zod-openapi';
import { BURST_WINDOW_SECONDS, TIER_LIMITS, TIERS } from '../../domain/tiers.js';
import { ERROR_WHEN } from '../docs.js';
import { API_NAME, BASE_PATH } from '../identity.js';
import { DATA_CACHE_CONTROL } from '../routes/caching.js';
import { CSV_CONTENT_TYPE } from '../routes/csv.js';
import { RESPONSE_HEADERS, type ResponseHeader } from '../headers.js';
import type { ErrorCode } from '../errors.js';
import { PARAMETERS, type AnyParameter } from '../params/parameters.js';
import { ENDPOINTS, openApiPath, quotaNote, underBase, type EndpointDef } from './endpoints.js';
import { queryParametersSchema } from './parameters.js';
import {
  EXAMPLE_DETAIL_TRIAL,
  EXAMPLE_EXPLAINED_ZIP_LIST_TRIAL,
  EXAMPLE_LIST_TRIAL,
  EXAMPLE_MATCH,
  EXAMPLE_PATIENT_MATCH,
  EXAMPLE_SOURCES,
  EXAMPLE_ZIP_LIST_TRIAL,
} from './examples.js';
import {
  ErrorResponseSchema,
  HealthSchema,
  KeyMetaResponseSchema,
  SourcesResponseSchema,
  TrialDetailResponseSchema,
  MatchListResponseSchema,
  ChangesResponseSchema,
  TrialListResponseSchema,
} from './schemas.js';
import { SOURCES_PHRASE } from '../../domain/sources.js';

/** The document's own version: bump the minor when fields or parameters are added. */
export const OPENAPI_INFO_VERSION = '1.6.0';

const tierTable = TIERS.map(
  (t) => `| ${t} | ${TIER_LIMITS[t].dailyQuota} | ${TIER_LIMITS[t].burstPerMinute} |`,
).join('\n');

/** Response header objects, described by the header table (api/headers.ts). */
const headers = (...names: ResponseHeader[]) =>
  Object.fromEntries(
    names.map((name) => [
      name,
      {
        description: RESPONSE_HEADERS[name].description,
        schema: { type: RESPONSE_HEADERS[name].type },
      },
    ]),
  );

const rateLimitHeaders = headers(
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Burst-Limit',
  'X-RateLimit-Burst-Remaining',
);
const linkHeader = headers('Link');
const snapshotHeader = {
  ...headers('X-Snapshot-Version', 'ETag'),
  'Last-Modified': {
    description: 'when the snapshot was published (for If-Modified-Since)',
    schema: { type: 'string' },
  },
  'Cache-Control': { description: DATA_CACHE_CONTROL, schema: { type: 'string' } },
} as const;

/** 304 on a current If-None-Match / If-Modified-Since: no body, and still counted. */
const notModifiedResponse: ZodOpenApiResponseObject = {
  description:
    'Not Modified: the validator sent in If-None-Match (or the date in If-Modified-Since) is ' +
    'current, so the body is left out. It counts against the daily quota like a 200.',
  headers: {
    ...rateLimitHeaders,
    ETag: { description: 'the current validator', schema: { type: 'string' } },
  } as ZodOpenApiResponseObject['headers'],
};

function errorResponse(
  codes: ErrorCode[],
  extraHeaders: Record<string, { description: string; schema: { type: string } }> = {},
): ZodOpenApiResponseObject {
  return {
    description: codes.map((c) => `\`${c}\`: ${ERROR_WHEN[c]}`).join('; '),
    headers: extraHeaders as ZodOpenApiResponseObject['headers'],
    content: {
      'application/json': {
        schema: ErrorResponseSchema,
        examples: Object.fromEntries(
          codes.map((c) => [
            c,
            {
              value: {
                error: {
                  code: c,
                  message: ERROR_WHEN[c],
                  ...(c === 'invalid_parameter' ? { parameter: 'limit' } : {}),
                },
              },
            },
          ]),
        ),
      },
    },
  };
}

const retryAfter = headers('Retry-After');

/** Errors every keyed endpoint can answer. */
function keyedErrors(counted: boolean): Record<string, ZodOpenApiResponseObject> {
  return {
    '400': errorResponse(['invalid_parameter']),
    '401': errorResponse(['missing_api_key', 'invalid_api_key']),
    '403': errorResponse(['key_revoked']),
    ...(counted
      ? {
          '429': errorResponse(['rate_limit_exceeded', 'quota_exceeded'], {
            ...rateLimitHeaders,
            ...retryAfter,
          }),
        }
      : {}),
    '500': errorResponse(['internal_error']),
    '503': errorResponse(['service_unavailable'], retryAfter),
  };
}

const snapshotErrors = {
  '503': errorResponse(['service_unavailable', 'snapshot_unavailable'], retryAfter),
};

function ok(
  description: string,
  schema: z.ZodType,
  examples: Record<string, unknown>,
  headers: Record<string, unknown> = {},
): ZodOpenApiResponseObject {
  return {
    description,
    headers: { ...rateLimitHeaders, ...headers } as ZodOpenApiResponseObject['headers'],
    content: {
      'application/json': {
        schema,
        examples: Object.fromEntries(
          Object.entries(examples).map(([name, value]) => [name, { value }]),
        ),
      },
    },
  };
}

/** A list response that also comes as CSV (api/routes/csv.ts). */
function withCsv(response: ZodOpenApiResponseObject): ZodOpenApiResponseObject {
  return {
    ...response,
    content: {
      ...response.content,
      [CSV_CONTENT_TYPE]: {
        schema: z.string().meta({ description: 'RFC 4180 CSV with a header row' }),
        example:
          'nct_id,brief_title,status,last_updated\r\n' +
          `${EXAMPLE_LIST_TRIAL.nct_id},${EXAMPLE_LIST_TRIAL.brief_title},` +
          `${EXAMPLE_LIST_TRIAL.status},${EXAMPLE_LIST_TRIAL.last_updated}\r\n`,
      },
    },
  };
}

/** A list body of one trial, as the example of a search. */
const onePage = (trial: unknown, quotaUsed: number) => ({
  data: [trial],
  meta: {
    total: 1,
    limit: 50,
    offset: 0,
    next: null,
    prev: null,
    next_page_token: null,
    quota_used: quotaUsed,
    quota_limit: 1000,
  },
});

/** What a snapshot data endpoint answers besides 200: 304, the keyed errors, 503 without a snapshot. */
const dataErrors = (): Record<string, ZodOpenApiResponseObject> => ({
  '304': notModifiedResponse,
  ...keyedErrors(true),
  ...snapshotErrors,
});

/** Each operation's responses, keyed by its operationId in ENDPOINTS. */
const RESPONSES: Readonly<Record<string, () => Record<string, ZodOpenApiResponseObject>>> = {
  searchTrials: () => ({
    '200': withCsv(
      ok(
        'A page of matching trials. With `fields`, each trial holds only the named members ' +
          '(nct_id first). As text/csv (format=csv or Accept: text/csv): one row per trial, ' +
          'the total in X-Total-Count, the pages in Link.',
        TrialListResponseSchema,
        {
          search: onePage(EXAMPLE_LIST_TRIAL, 12),
          zip_radius: onePage(EXAMPLE_ZIP_LIST_TRIAL, 13),
          explained: onePage(EXAMPLE_EXPLAINED_ZIP_LIST_TRIAL, 14),
        },
        { ...snapshotHeader, ...linkHeader, ...headers('X-Total-Count') },
      ),
    ),
    '410': errorResponse(['page_token_expired']),
    ...dataErrors(),
  }),
  listChanges: () => ({
    '200': ok(
      'The net changes between the two versions, a page of them.',
      ChangesResponseSchema,
      {
        changes: {
          data: [
            {
              nct_id: 'NCT01234567',
              change: 'changed',
              fields: ['status', 'last_updated', 'sites'],
            },
            { nct_id: 'NCT07654321', change: 'added', fields: [] },
          ],
          meta: {
            since: '20261001T030000Z',
            version: '20261101T030000Z',
            total: 2,
            limit: 50,
            offset: 0,
            next: null,
            prev: null,
            quota_used: 17,
            quota_limit: 1000,
          },
        },
      },
      { ...snapshotHeader, ...linkHeader },
    ),
    '410': errorResponse(['changes_unavailable']),
    ...dataErrors(),
  }),
  matchPatient: () => ({
    '200': ok(
      'A page of the trials the patient could enter, eligible first.',
      MatchListResponseSchema,
      {
        match: {
          data: [{ ...EXAMPLE_LIST_TRIAL, match: EXAMPLE_PATIENT_MATCH }],
          meta: {
            total: 1,
            limit: 50,
            offset: 0,
            next: null,
            prev: null,
            quota_used: 16,
            quota_limit: 1000,
          },
        },
      },
      { ...snapshotHeader, ...linkHeader },
    ),
    '304': notModifiedResponse,
    ...keyedErrors(true),
    ...snapshotErrors,
  }),
  getTrial: () => ({
    '200': ok(
      'The trial.',
      TrialDetailResponseSchema,
      {
        trial: { data: EXAMPLE_DETAIL_TRIAL, meta: { quota_used: 14, quota_limit: 1000 } },
        with_filters: {
          data: { ...EXAMPLE_DETAIL_TRIAL, match: EXAMPLE_MATCH },
          meta: { quota_used: 15, quota_limit: 1000 },
        },
        with_fields: {
          data: {
            nct_id: EXAMPLE_DETAIL_TRIAL.nct_id,
            brief_title: EXAMPLE_DETAIL_TRIAL.brief_title,
            inclusion_criteria: EXAMPLE_DETAIL_TRIAL.inclusion_criteria,
          },
          meta: { quota_used: 16, quota_limit: 1000 },
        },
      },
      snapshotHeader,
    ),
    '404': errorResponse(['not_found']),
    ...dataErrors(),
  }),
  listSources: () => ({
    '200': ok(
      'The sources.',
      SourcesResponseSchema,
      { sources: { data: EXAMPLE_SOURCES, meta: { quota_used: 15, quota_limit: 1000 } } },
      snapshotHeader,
    ),
    ...dataErrors(),
  }),
  getKeyMeta: () => ({
    '200': ok('Key, usage and snapshot.', KeyMetaResponseSchema, {
      meta: {
        data: {
          key: { label: 'my-app', tier: 'standard' },
          usage: {
            day: '2026-11-25',
            quota_used: 15,
            quota_limit: 1000,
            quota_remaining: 985,
            quota_resets_at: '2026-11-26T00:00:00.000Z',
            burst_used: 2,
            burst_limit: 60,
            burst_window_seconds: 60,
          },
          snapshot: {
            version: '20261101T000000Z',
            created_at: '2026-11-01T00:00:00.000Z',
            schema_version: 1,
            row_counts: {
              trials: 14534,
              sites: 376000,
              biomarkers: 7704,
              flags: 120,
              sources: 20,
            },
          },
        },
        meta: { quota_used: 15, quota_limit: 1000 },
      },
    }),
    ...keyedErrors(false),
  }),
  getDocs: () => ({
    '200': {
      description: 'The description.',
      content: { 'application/json': { schema: z.object({}).loose() } },
    },
  }),
  getHealth: () => ({
    '200': {
      description: 'Serving.',
      content: { 'application/json': { schema: HealthSchema } },
    },
    '503': {
      description: 'No snapshot loaded yet.',
      content: { 'application/json': { schema: HealthSchema } },
    },
  }),
  getOpenApi: () => ({
    '200': {
      description: 'The document.',
      content: { 'application/json': { schema: z.object({}).loose() } },
    },
  }),
};

/** The endpoints that need no key, as the description names them. */
const KEY_NOTE = ENDPOINTS.filter((e) => !e.auth)
  .map((e) => `\`${openApiPath(e)}\``)
  .join(', ');

function info(contactEmail: string) {
  return {
    title: API_NAME,
    version: OPENAPI_INFO_VERSION,
    description:
      `Read-only JSON API over lung cancer clinical trials from ${SOURCES_PHRASE}, ` +
      'with structured biomarker requirements and geocoded sites, refreshed monthly.\n\n' +
      "**Not medical advice**: link patients to each trial's `url`.\n\n" +
      `Every endpoint but ${KEY_NOTE} needs an API key (request one from ${contactEmail}), ` +
      'sent as `Authorization: Bearer <key>` or `X-API-Key: <key>`.\n\n' +
      `| tier | requests/day | requests/${BURST_WINDOW_SECONDS} s |\n|---|---|---|\n${tierTable}\n\n` +
      'The daily quota resets at 00:00 UTC. The contract in prose: `GET /api/v1/docs`.',
    contact: { email: contactEmail },
  };
}

/** One path of the document, from its endpoint row. */
function pathItem(e: EndpointDef, parameters: readonly AnyParameter[]) {
  const query = e.query ? { query: queryParametersSchema(parameters, e.query) } : {};
  const path = e.pathParameter
    ? {
        path: z.object({
          [e.pathParameter.name]: z.string().meta({
            description: e.pathParameter.description,
            examples: [e.pathParameter.example],
          }),
        }),
      }
    : {};
  return {
    // /healthz is served at the root, beside /api/v1 rather than under it.
    ...(underBase(e)
      ? {}
      : { servers: [{ url: '/', description: 'this server, outside /api/v1' }] }),
    get: {
      operationId: e.operationId,
      tags: [e.tag],
      summary: e.summary,
      description: `${e.description} ${quotaNote(e)}`,
      ...(e.auth ? {} : { security: [] }),
      ...(e.query || e.pathParameter ? { requestParams: { ...query, ...path } } : {}),
      responses: RESPONSES[e.operationId](),
    },
  };
}

/** `parameters`: the parameter table (a test passes one with a row added). */
export function buildOpenApiDocument(
  contactEmail: string,
  parameters: readonly AnyParameter[] = PARAMETERS,
): Record<string, unknown> {
  return createDocument({
    openapi: '3.1.0',
    info: info(contactEmail),
    servers: [{ url: BASE_PATH, description: 'this server' }],
    security: [{ bearerAuth: [] }, { apiKeyHeader: [] }],
    tags: [
      { name: 'trials', description: 'Search and read trials' },
      { name: 'service', description: 'Sources, key usage and the API description' },
    ],
    paths: Object.fromEntries(
      ENDPOINTS.filter((e) => !e.page).map((e) => [openApiPath(e), pathItem(e, parameters)]),
    ),
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'Authorization: Bearer <API_KEY>',
        },
        apiKeyHeader: {
          type: 'apiKey',
          in: 'header',
          name: 'X-API-Key',
          description: 'fallback header',
        },
      },
    },
  }) as unknown as Record<string, unknown>;
}
