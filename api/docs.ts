/**
 * GET /api/v1/docs: the machine-readable description, generated from the vocabularies,
 * parameter table, presenters and error codes the service itself uses, so it cannot
 * drift from what the validator accepts and the routes return.
 */
import { GEO_PRECISIONS, STATE_SOURCES } from '../domain/geo.js';
import { DEFAULT_STATUS_BUCKETS, STATUS_BUCKETS, TRIAL_STATUSES } from '../domain/status.js';
import { BURST_WINDOW_SECONDS, TIER_LIMITS, TIERS } from '../domain/tiers.js';
import { ERROR_STATUS, type ErrorCode } from './errors.js';
import { ALLOWED_METHODS } from './middleware/allow-get.js';
import { MCP_BODY_LIMIT_BYTES } from './middleware/body-limit.js';
import { DEFAULT_LIMIT, MAX_LIMIT, parameterDocs } from './params/parameters.js';
import {
  BIOMARKER_FIELDS,
  CRITERION_ROW_FIELDS,
  DETAIL_FIELDS,
  EVIDENCE_FIELDS,
  EXPLAINED_NEAREST_SITE_FIELDS,
  FILTER_EXPLANATION_FIELDS,
  FLAG_FIELDS,
  LIST_FIELDS,
  LOCATION_FIELDS,
  LOCATIONS_SAMPLE_SIZE,
  MATCH_FIELDS,
  NEAREST_SITE_FIELDS,
  SOURCE_FIELDS,
} from './present.js';
import { EXPOSED_HEADERS, RESPONSE_HEADERS } from './headers.js';
import { ListMetaSchema, QuotaMetaSchema } from './openapi/schemas.js';
import { z } from 'zod';
import { SOURCES_PHRASE } from '../domain/sources.js';
import { ENDPOINTS, servedPath, type EndpointDef } from './openapi/endpoints.js';
import { API_NAME, API_VERSION, BASE_PATH } from './identity.js';

export const ERROR_WHEN: Readonly<Record<ErrorCode, string>> = {
  invalid_parameter:
    'a query parameter is unknown, malformed or out of range, or one that takes a single ' +
    'value is repeated; the message names the parameter and the rule',
  bad_request: 'the request is not valid HTTP/1.1 (refused by the HTTP parser before any route)',
  missing_api_key: 'no API key was sent',
  invalid_api_key: 'the API key is not known',
  key_revoked: 'the API key was revoked or disabled by the operator',
  not_found: 'unknown path, or no trial with that id',
  method_not_allowed: `a method other than ${ALLOWED_METHODS} on a known path (the Allow header lists them)`,
  not_acceptable:
    'the Accept header admits no representation the endpoint serves (application/json); ' +
    'sent before the key is checked, not counted',
  page_token_expired:
    'the snapshot version a pageToken pins is no longer served (a replaced version stays ' +
    'readable for 30 minutes by default); the message gives the first page to start again from',
  changes_unavailable:
    'GET /changes: the change feed does not reach back to `since` (versions pruned, or ' +
    'published before the feed); the message gives the way forward',
  payload_too_large:
    `the request body is over the endpoint's limit (${MCP_BODY_LIMIT_BYTES / 1024} KB for POST /mcp), ` +
    'refused before the key is checked',
  rate_limit_exceeded:
    'the per-minute burst limit is exceeded; Retry-After gives the seconds to wait',
  headers_too_large: 'the request headers exceed the server limit (16 KB)',
  quota_exceeded: 'the daily quota is used up; Retry-After gives the seconds until 00:00 UTC',
  internal_error: 'an unexpected server error (no details are exposed)',
  snapshot_unavailable:
    'no data snapshot is loaded yet (or not yet the version a pageToken pins, on an API process ' +
    'that has not swapped to it)',
  service_unavailable:
    'the key and usage store (Redis) is not answering; the request is refused rather than ' +
    'served unchecked; Retry-After gives the seconds to wait',
};

/** Each member of an object schema with its description (the envelopes' meta). */
function described(schema: z.ZodObject): Record<string, string> {
  return Object.fromEntries(
    Object.entries(schema.shape).map(([name, member]) => {
      const inner = member instanceof z.ZodOptional ? member.unwrap() : member;
      return [name, (inner as z.ZodType).meta()?.description ?? ''];
    }),
  );
}

/** Who runs the API and on what terms. */
function about(contactEmail: string) {
  return {
    name: API_NAME,
    version: API_VERSION,
    base_path: BASE_PATH,
    description:
      `Read-only JSON API over lung cancer clinical trials from ${SOURCES_PHRASE}, ` +
      'with structured biomarker requirements and geocoded sites. Refreshed monthly. Not medical advice: link ' +
      'patients to the trial `url`.',
    openapi: {
      url: `${BASE_PATH}/openapi.json`,
      description:
        'OpenAPI 3.1 document of this API (types, allowed values, examples, errors), for ' +
        'client generators and API tools',
    },
    contact: {
      email: contactEmail,
      key_requests:
        `Keys are provisioned by the operator on request: e-mail ${contactEmail} with your ` +
        `organisation, what you are building and the expected daily request volume.`,
    },
    terms_of_use: [
      'Attribute the service on public surfaces that use the data.',
      'Do not present API output as medical advice; link patients to the registry or sponsor page (`url`).',
      'Do not re-host the full dataset as a competing database.',
      'Respect your quota.',
    ],
  };
}

const AUTH = {
  required: true,
  header: 'Authorization: Bearer <API_KEY>',
  fallback_header: 'X-API-Key: <API_KEY>',
  exempt: ENDPOINTS.filter((e) => !e.auth).map(servedPath),
  errors: { missing_api_key: 401, invalid_api_key: 401, key_revoked: 403 },
};

const RATE_LIMITS = {
  tiers: Object.fromEntries(
    TIERS.map((t) => [
      t,
      {
        daily_quota: TIER_LIMITS[t].dailyQuota,
        burst_per_minute: TIER_LIMITS[t].burstPerMinute,
      },
    ]),
  ),
  daily_reset: '00:00 UTC',
  burst_window: `sliding ${BURST_WINDOW_SECONDS} s`,
  counted:
    'every authenticated request to a counting endpoint that is not itself refused with 429 (400s and 304s count)',
  headers: Object.fromEntries(
    Object.entries(RESPONSE_HEADERS).map(([name, h]) => [name, h.description]),
  ),
};

const ENVELOPES = {
  list: { data: 'array', meta: described(ListMetaSchema) },
  single: { data: 'object or array', meta: described(QuotaMetaSchema) },
  error: {
    error: {
      code: 'string (see errors)',
      message: 'string',
      parameter: 'the parameter at fault (invalid_parameter only)',
    },
  },
};

const FIELDS = {
  trial_list: LIST_FIELDS,
  trial_detail: DETAIL_FIELDS,
  location: LOCATION_FIELDS,
  zip_search_extra: {
    nearest_site: NEAREST_SITE_FIELDS,
    distance_miles: 'miles to the nearest site, rounded to 0.1',
  },
  explain_extra: { match: 'added to each trial when explain=true' },
  match: MATCH_FIELDS,
  filter_explanation: FILTER_EXPLANATION_FIELDS,
  criterion_row: CRITERION_ROW_FIELDS,
  explained_nearest_site: EXPLAINED_NEAREST_SITE_FIELDS,
  evidence: EVIDENCE_FIELDS,
  biomarker: BIOMARKER_FIELDS,
  flag: FLAG_FIELDS,
  source: SOURCE_FIELDS,
  notes: {
    conditions:
      'array of strings in both representations; conditions_arr (detail) is the same array',
    locations_sample:
      `the first ${LOCATIONS_SAMPLE_SIZE} sites in the record's order; in a ZIP + radius ` +
      `search, the ${LOCATIONS_SAMPLE_SIZE} sites nearest the ZIP centroid, nearest first ` +
      `(sites without coordinates last)`,
    nearest_site:
      'ZIP + radius search only: the nearest US site with coordinates, with its own status and geo_precision',
    location_count: 'number of sites of the trial (the length of detail `locations`)',
    geo_precision:
      `on every location and nearest_site: how its point was found, one of ` +
      `${GEO_PRECISIONS.join(', ')} (the registry's coordinates, the US ZIP centroid, the ` +
      `town, no point: never in a radius search). A US town several states share is placed ` +
      `only when the record says which; else none`,
    state_source:
      `on every location and nearest_site: ${STATE_SOURCES.join(' or ')}. record: the record ` +
      `gives the state; geocode: the record gives none and state is the resolved place's ` +
      `(its ZIP's, or its town's), so state= finds the site; null when state is null`,
    dates: 'YYYY-MM-DD or null',
    status:
      `one of ${TRIAL_STATUSES.join(', ')}, or null when the registry status is unknown. Not ` +
      `yet recruiting is its own label in the recruiting bucket; Closed covers TERMINATED, ` +
      `WITHDRAWN, SUSPENDED and NO_LONGER_AVAILABLE`,
    overall_status:
      "the source's own status value (a ClinicalTrials.gov overallStatus such as " +
      "NOT_YET_RECRUITING or SUSPENDED, or a sponsor's text)",
    brief_title:
      "the registry's short title; some trials have no official_title but always a brief_title",
    sexes_eligible: 'ALL, FEMALE or MALE',
    match:
      'filters: one entry per filter in effect (default status buckets included; `zip` ' +
      'stands for zip + radius), each with met, a reason and evidence ' +
      ("({field, text}: a biomarker row's section and source_text, or the trial field and " +
        'text behind a diagnosis or stage signal); ') +
      ('biomarkers.matched: required rows satisfying an asked marker, each with its ' +
        'criterion; biomarkers.excluding: rows that would exclude a patient with an asked ' +
        'marker (never a match); ') +
      "nearest_site: a ZIP search's nearest site with distance_miles, else null",
    evidence:
      'diagnosis_types, sclc_stages, nsclc_stages: each signal of the trial with the field ' +
      'and text (a condition, title, keyword or inclusion line) it comes from',
  },
};

const ERRORS = Object.entries(ERROR_STATUS).map(([code, status]) => ({
  code,
  status,
  when: ERROR_WHEN[code as ErrorCode],
}));

const SEMANTICS = [
  'Request pipeline: CORS, route match (404/405), API key (401/403), limits (429), ' +
    'parameter validation (400, still counted), handler.',
  'Unknown query parameters, and a single-value parameter given twice, are 400 ' +
    'invalid_parameter (a list takes its values repeated or comma-separated); endpoints other than ' +
    '/trials take no parameters. A parameter given with an empty value counts as not given.',
  'Enum values match case-insensitively and mean their canonical spelling.',
  'Filters combine with AND; the values inside one comma-separated list combine with OR.',
  'q: free text over id, titles, interventions, sponsor, conditions and keywords; every ' +
    'word must match (the last as a prefix); it combines with every filter.',
  'sort: relevance (needs q), last_updated, start_date (newest first), distance (needs ' +
    'zip). Without sort: distance with a ZIP, relevance with q, else the default order.',
  `Default order: recruiting bucket first, then most recently updated, then nct_id. Status ` +
    `buckets: ${STATUS_BUCKETS.join(', ')}; default ${DEFAULT_STATUS_BUCKETS.join(',')}.`,
  'trialStatus without statusBuckets searches every bucket; with both, a trial must ' +
    'satisfy both. trialStatus and trialPhase take one value or a comma-separated list (any ' +
    'of them).',
  'diagnosisType nsclc/sclc keeps trials classified that type or with no type signal; ' +
    'trials only for the other type are excluded.',
  'cancerStage keeps SCLC-eligible trials that mention the chosen stage or no SCLC stage ' +
    'at all; trials whose only stage signal is the other stage are excluded.',
  'A trial that excludes a gene outright, or the asked alteration, never matches biomarkers / mutations.',
  'ZIP + radius: US sites with coordinates within the radius of the ZIP centroid; each ' +
    'trial reports nearest_site and distance_miles; order is nearest first (at 0.1 mile), ' +
    'then the default order.',
  'state: a US site whose record gives no state counts under the state of the place it was ' +
    'geocoded to (state_source geocode); a site left at geo_precision none has no state ' +
    'unless its record gives one.',
  `limit 1-${MAX_LIMIT} (default ${DEFAULT_LIMIT}); pages are stable within one snapshot ` +
    `version: offset pages concatenate to the full ordered list. meta.next / meta.prev and ` +
    `the Link header (rel="next", rel="prev") give the neighbouring pages.`,
  'Caching: data responses carry a weak ETag (snapshot version + request URL), ' +
    'Last-Modified (snapshot publication) and Cache-Control: private, max-age=300; a ' +
    'matching If-None-Match (or If-Modified-Since) gets 304 with no body, which still counts ' +
    'against the quota. /docs and /openapi.json: public, max-age=3600. Bodies of 1 KB and ' +
    'more are gzip- or br-compressed for clients that accept it.',
  'GET /healthz (no key, not counted): snapshot version and age, Redis ' +
    'reachable/unreachable/fallback; 503 before a snapshot is loaded.',
  'A new monthly snapshot is picked up without a restart; one response always comes from ' +
    'one snapshot version (see /meta).',
];

const CORS = {
  allowed_origins: '*',
  allowed_headers: ['Authorization', 'X-API-Key', 'Content-Type'],
  exposed_headers: [...EXPOSED_HEADERS],
};

/** An endpoint row as /docs lists it. */
function docsEndpoint(e: EndpointDef) {
  const path = e.pathParameter
    ? [
        {
          name: e.pathParameter.name,
          in: 'path',
          type: 'string',
          rule: e.pathParameter.description,
        },
      ]
    : [];
  const query = e.query ? parameterDocs(e.query) : [];
  return {
    method: 'GET',
    path: servedPath(e),
    auth: e.auth,
    counts_against_quota: e.counts,
    summary: e.summary,
    description: e.description,
    ...(path.length + query.length > 0 ? { parameters: [...path, ...query] } : {}),
    response: e.body,
  };
}

export function buildApiDocs(contactEmail: string): Record<string, unknown> {
  return {
    ...about(contactEmail),
    auth: AUTH,
    rate_limits: RATE_LIMITS,
    endpoints: ENDPOINTS.map(docsEndpoint),
    envelopes: ENVELOPES,
    fields: FIELDS,
    errors: ERRORS,
    semantics: SEMANTICS,
    cors: CORS,
  };
}
