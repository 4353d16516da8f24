/**
 * The OpenAPI 3.1 document of /api/v1, generated from the zod schemas the validator
 * runs (api/params/) and the response schemas (./schemas.ts), with the error codes,
 * tiers and headers the middleware uses. Served at /api/v1/openapi.json and rendered at
 * /api/v1/reference.
 */
import { z } from 'zod';
import { createDocument, type ZodOpenApiResponseObject } from 'zod-openapi';
import { BURST_WINDOW_SECONDS, TIER_LIMITS, TIERS } from '../../domain/tiers.js';
import { API_NAME, BASE_PATH, ERROR_WHEN } from '../docs.js';
import { DATA_CACHE_CONTROL } from '../routes/caching.js';
import type { ErrorCode } from '../errors.js';
import { LIST_ONLY_PARAMETERS, PARAMETERS, type AnyParameter } from '../params/parameters.js';
import { queryParametersSchema } from './parameters.js';
import {
  EXAMPLE_DETAIL_TRIAL,
  EXAMPLE_EXPLAINED_ZIP_LIST_TRIAL,
  EXAMPLE_LIST_TRIAL,
  EXAMPLE_MATCH,
  EXAMPLE_SOURCES,
  EXAMPLE_ZIP_LIST_TRIAL,
} from './examples.js';
import {
  ErrorResponseSchema,
  HealthSchema,
  KeyMetaResponseSchema,
  SourcesResponseSchema,
  TrialDetailResponseSchema,
  TrialListResponseSchema,
} from './schemas.js';
import { SOURCES_PHRASE } from '../../domain/sources.js';

/** The document's own version: bump the minor when fields or parameters are added. */
export const OPENAPI_INFO_VERSION = '1.3.0';

const tierTable = TIERS.map(
  (t) => `| ${t} | ${TIER_LIMITS[t].dailyQuota} | ${TIER_LIMITS[t].burstPerMinute} |`,
).join('\n');

const rateLimitHeaders = {
  'X-RateLimit-Limit': {
    description: "daily quota of the key's tier",
    schema: { type: 'integer' },
  },
  'X-RateLimit-Remaining': {
    description: 'requests left today (UTC)',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Burst-Limit': {
    description: `requests allowed per ${BURST_WINDOW_SECONDS} s`,
    schema: { type: 'integer' },
  },
  'X-RateLimit-Burst-Remaining': {
    description: 'requests left in the current burst window',
    schema: { type: 'integer' },
  },
} as const;
const linkHeader = {
  Link: {
    description:
      'RFC 8288 links to the next and previous page (rel="next", rel="prev"), as in meta.next / meta.prev',
    schema: { type: 'string' },
  },
} as const;
const snapshotHeader = {
  'X-Snapshot-Version': {
    description: 'the snapshot version this response was built from',
    schema: { type: 'string' },
  },
  ETag: {
    description:
      'weak validator from the snapshot version and the request URL; send it back in If-None-Match',
    schema: { type: 'string' },
  },
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

const retryAfter = {
  'Retry-After': {
    description: 'seconds to wait; for quota_exceeded, the seconds until 00:00 UTC',
    schema: { type: 'integer' },
  },
};

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
    '503': errorResponse(['service_unavailable'], retryAfterSeconds),
  };
}

const retryAfterSeconds = {
  'Retry-After': { description: 'seconds', schema: { type: 'integer' } },
};
const snapshotErrors = {
  '503': errorResponse(['service_unavailable', 'snapshot_unavailable'], retryAfterSeconds),
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

/** `parameters`: the parameter table (a test passes one with a row added). */
export function buildOpenApiDocument(
  contactEmail: string,
  parameters: readonly AnyParameter[] = PARAMETERS,
): Record<string, unknown> {
  const quotaNote = 'Counts against the daily quota (400s included; 429s not).';
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: API_NAME,
      version: OPENAPI_INFO_VERSION,
      description:
        `Read-only JSON API over lung cancer clinical trials from ${SOURCES_PHRASE}, ` +
        'with structured biomarker requirements and geocoded sites, refreshed monthly.\n\n' +
        "**Not medical advice**: link patients to each trial's `url`.\n\n" +
        'Every endpoint but `/docs`, `/openapi.json`, `/reference` (this page) and `/healthz` ' +
        `needs an API key (request one from ${contactEmail}), ` +
        'sent as `Authorization: Bearer <key>` or `X-API-Key: <key>`.\n\n' +
        `| tier | requests/day | requests/${BURST_WINDOW_SECONDS} s |\n|---|---|---|\n${tierTable}\n\n` +
        'The daily quota resets at 00:00 UTC. The contract in prose: `GET /api/v1/docs`.',
      contact: { email: contactEmail },
    },
    servers: [{ url: BASE_PATH, description: 'this server' }],
    security: [{ bearerAuth: [] }, { apiKeyHeader: [] }],
    tags: [
      { name: 'trials', description: 'Search and read trials' },
      { name: 'service', description: 'Sources, key usage and the API description' },
    ],
    paths: {
      '/trials': {
        get: {
          operationId: 'searchTrials',
          tags: ['trials'],
          summary: 'Search trials',
          description:
            `Filters combine with AND; the values of one comma-separated list with OR; \`q\` ` +
            `adds free text over ids, titles, interventions, sponsor, conditions and keywords. ` +
            `Order: \`sort\`, else nearest first with a ZIP, most relevant first with \`q\`, ` +
            `else recruiting bucket first, then most recently updated, then nct_id. Pages: ` +
            `\`meta.next\` / \`meta.prev\` and the \`Link\` header. With \`zip\` + \`radius\`, ` +
            `each trial carries \`nearest_site\` and \`distance_miles\`. With \`explain=true\`, ` +
            `each trial carries \`match\`: every filter's verdict with its reason and evidence, ` +
            `the biomarker rows that matched and those that would exclude a patient with the ` +
            `asked markers, and a ZIP search's nearest site with its geocoding precision. ` +
            `${quotaNote}`,
          requestParams: { query: queryParametersSchema(parameters, 'trials') },
          responses: {
            '200': ok(
              'A page of matching trials.',
              TrialListResponseSchema,
              {
                search: {
                  data: [EXAMPLE_LIST_TRIAL],
                  meta: {
                    total: 1,
                    limit: 50,
                    offset: 0,
                    next: null,
                    prev: null,
                    quota_used: 12,
                    quota_limit: 1000,
                  },
                },
                zip_radius: {
                  data: [EXAMPLE_ZIP_LIST_TRIAL],
                  meta: {
                    total: 1,
                    limit: 50,
                    offset: 0,
                    next: null,
                    prev: null,
                    quota_used: 13,
                    quota_limit: 1000,
                  },
                },
                explained: {
                  data: [EXAMPLE_EXPLAINED_ZIP_LIST_TRIAL],
                  meta: {
                    total: 1,
                    limit: 50,
                    offset: 0,
                    next: null,
                    prev: null,
                    quota_used: 14,
                    quota_limit: 1000,
                  },
                },
              },
              { ...snapshotHeader, ...linkHeader },
            ),
            '304': notModifiedResponse,
            ...keyedErrors(true),
            ...snapshotErrors,
          },
        },
      },
      '/trials/{nct_id}': {
        get: {
          operationId: 'getTrial',
          tags: ['trials'],
          summary: 'One trial, detail representation',
          description:
            `Always carries \`evidence\` (the text behind each diagnosis and stage signal) and ` +
            `\`match\`: the trial explained against the /trials filters given to this request ` +
            `(every /trials parameter but ${LIST_ONLY_PARAMETERS.join(', ')}), null with none. The ` +
            `filters never change the status: 404 \`not_found\` only for an unknown id. ` +
            `${quotaNote}`,
          requestParams: {
            query: queryParametersSchema(parameters, 'detail'),
            path: z.object({
              nct_id: z.string().meta({
                description: 'registry id (case-insensitive) or a sponsor-only study id',
                examples: ['NCT01234567'],
              }),
            }),
          },
          responses: {
            '200': ok(
              'The trial.',
              TrialDetailResponseSchema,
              {
                trial: { data: EXAMPLE_DETAIL_TRIAL, meta: { quota_used: 14, quota_limit: 1000 } },
                with_filters: {
                  data: { ...EXAMPLE_DETAIL_TRIAL, match: EXAMPLE_MATCH },
                  meta: { quota_used: 15, quota_limit: 1000 },
                },
              },
              snapshotHeader,
            ),
            '304': notModifiedResponse,
            '404': errorResponse(['not_found']),
            ...keyedErrors(true),
            ...snapshotErrors,
          },
        },
      },
      '/sources': {
        get: {
          operationId: 'listSources',
          tags: ['service'],
          summary: 'Data sources with trial counts',
          description: `The sources: ${SOURCES_PHRASE}. ${quotaNote}`,
          responses: {
            '200': ok(
              'The sources.',
              SourcesResponseSchema,
              { sources: { data: EXAMPLE_SOURCES, meta: { quota_used: 15, quota_limit: 1000 } } },
              snapshotHeader,
            ),
            '304': notModifiedResponse,
            ...keyedErrors(true),
            ...snapshotErrors,
          },
        },
      },
      '/meta': {
        get: {
          operationId: 'getKeyMeta',
          tags: ['service'],
          summary: "The calling key's tier, today's usage and the snapshot served",
          description: 'Does not count against the quota; safe to poll.',
          responses: {
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
          },
        },
      },
      '/docs': {
        get: {
          operationId: 'getDocs',
          tags: ['service'],
          summary: 'The contract as a JSON description',
          description: 'No key; not counted. Links to this OpenAPI document.',
          security: [],
          responses: {
            '200': {
              description: 'The description.',
              content: { 'application/json': { schema: z.object({}).loose() } },
            },
          },
        },
      },
      '/healthz': {
        // Served at the root, beside /api/v1 rather than under it.
        servers: [{ url: '/', description: 'this server, outside /api/v1' }],
        get: {
          operationId: 'getHealth',
          tags: ['service'],
          summary: 'Health: snapshot served, its age, Redis',
          description:
            'No key; not counted. 503 before a snapshot is loaded. `redis` is reachable, ' +
            'unreachable, or fallback (file keys and in-process counters).',
          security: [],
          responses: {
            '200': {
              description: 'Serving.',
              content: { 'application/json': { schema: HealthSchema } },
            },
            '503': {
              description: 'No snapshot loaded yet.',
              content: { 'application/json': { schema: HealthSchema } },
            },
          },
        },
      },
      '/openapi.json': {
        get: {
          operationId: 'getOpenApi',
          tags: ['service'],
          summary: 'This OpenAPI 3.1 document',
          description: 'No key; not counted.',
          security: [],
          responses: {
            '200': {
              description: 'The document.',
              content: { 'application/json': { schema: z.object({}).loose() } },
            },
          },
        },
      },
    },
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
