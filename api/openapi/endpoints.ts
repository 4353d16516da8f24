/**
 * The endpoints, one row each: the one declaration of what an endpoint is, needs and
 * returns. The OpenAPI document (./document.ts: its paths, with the responses it adds per
 * operation) and /docs (api/docs.ts: its endpoint list) are both written from these rows,
 * and the query parameters of each come from the parameter table (its `query` surface).
 */
import { SOURCES_PHRASE } from '../../domain/sources.js';
import type { Surface } from '../params/parameters.js';
import { BASE_PATH } from '../identity.js';
import { ROUTE_PATHS } from '../routes/paths.js';
import { LOCATIONS_SAMPLE_SIZE } from './schemas.js';

export interface EndpointDef {
  route: Exclude<keyof typeof ROUTE_PATHS, 'referenceAsset' | 'mcp'>;
  operationId: string;
  tag: 'trials' | 'service';
  summary: string;
  description: string;
  /** Needs an API key. */
  auth: boolean;
  /** Counts against the daily quota. */
  counts: boolean;
  /** Its query parameters: the parameter table's rows on this surface (none without). */
  query?: Surface;
  pathParameter?: { name: string; description: string; example: string };
  /** The response body in words (/docs). */
  body: string;
  /** Left out of the OpenAPI document (an HTML page, not an API operation). */
  page?: true;
}

export const ENDPOINTS: readonly EndpointDef[] = [
  {
    route: 'trials',
    operationId: 'searchTrials',
    tag: 'trials',
    summary: 'Search trials',
    description:
      `Paginated; each trial carries at most ${LOCATIONS_SAMPLE_SIZE} sample locations. ` +
      `Filters combine with AND; the values of one list with OR; \`q\` adds free text over ` +
      `ids, titles, interventions, sponsor, conditions and keywords. Order: \`sort\`, else ` +
      `nearest first with a ZIP, most relevant first with \`q\`, else recruiting bucket first, ` +
      `then most recently updated, then nct_id. Pages: \`meta.next\` / \`meta.prev\` and the ` +
      `\`Link\` header; \`meta.next_page_token\` as \`pageToken\` reads every page of a run from ` +
      `one snapshot version. \`format=csv\` (or Accept: text/csv) gives CSV; \`fields\` keeps ` +
      `only the named members. With \`zip\` + \`radius\`, each trial carries \`nearest_site\` and ` +
      `\`distance_miles\`. With \`explain=true\`, each trial carries \`match\`: every filter's ` +
      `verdict with its reason and evidence, the biomarker rows that matched and those that ` +
      `would exclude a patient with the asked markers, and a ZIP search's nearest site with ` +
      `its geocoding precision.`,
    auth: true,
    counts: true,
    query: 'trials',
    body: 'list envelope; data: array of trial (list representation)',
  },
  {
    route: 'match',
    operationId: 'matchPatient',
    tag: 'trials',
    summary: 'Trials a patient could enter',
    description:
      'From what the patient is known to have: the /trials filters it takes (type, stage, age, ' +
      'sex, status buckets, ZIP and radius) select trials for lung cancer patients (lung cancer ' +
      "or pan-tumour population), and each trial's biomarker requirements are read as its ways " +
      'in (requirement groups: cohorts, or branches of "EGFR or ALK"; inside one, every gene is ' +
      'needed). A requirement is met by a listed positive (`markers`), ruled out by a gene in ' +
      '`negativeFor` (or by another alteration of a listed gene, or a PD-L1 score outside its ' +
      'range), else unknown. `match.status`: eligible (a way in fully met, no exclusion names a ' +
      'positive), needs_testing (a way in rests on unknown genes; `match.tests` names them) ' +
      'or, with includeIneligible=true, ineligible. Order: eligible, then needs_testing, then ' +
      'ineligible; within each, nearest first with a ZIP, else the /trials default order. ' +
      'Same envelope, paging and Link header as /trials.',
    auth: true,
    counts: true,
    query: 'match',
    body: 'list envelope; data: array of trial (list representation) with `match`',
  },
  {
    route: 'trial',
    operationId: 'getTrial',
    tag: 'trials',
    summary: 'One trial, detail representation',
    description:
      'Always carries `evidence` (the text behind each diagnosis and stage signal) and ' +
      '`match`: the trial explained against the /trials filters given to this request, null ' +
      'with none. The filters never change the status: 404 `not_found` only for an unknown id.',
    auth: true,
    counts: true,
    query: 'detail',
    pathParameter: {
      name: 'nct_id',
      description: 'registry id (case-insensitive) or a sponsor-only study id',
      example: 'NCT01234567',
    },
    body: 'single envelope; data: trial (detail representation)',
  },
  {
    route: 'changes',
    operationId: 'listChanges',
    tag: 'trials',
    summary: 'Trials added, changed or removed since a version',
    description:
      'For a client that mirrors results: the trials added, changed or removed between the ' +
      'snapshot version it last read (`since`: the X-Snapshot-Version of any data response) ' +
      'and the one served (or `until`), one net change per trial in id order, paged like ' +
      '/trials. Each published version records its changes against the version it replaced; ' +
      'the feed joins those records from `since` on (added then removed: left out; changed ' +
      'in several versions: every field that changed). Then read the added and changed ' +
      "trials' details, drop the removed ones, and next time ask since `meta.version`. 410 " +
      '`changes_unavailable` when the records do not reach back to `since`.',
    auth: true,
    counts: true,
    query: 'changes',
    body: 'list envelope; data: array of change {nct_id, change, fields}; meta.since and meta.version',
  },
  {
    route: 'sources',
    operationId: 'listSources',
    tag: 'service',
    summary: 'Data sources with trial counts',
    description: `The sources (${SOURCES_PHRASE}), each with its trial count in the served snapshot.`,
    auth: true,
    counts: true,
    body: 'single envelope; data: array of source',
  },
  {
    route: 'meta',
    operationId: 'getKeyMeta',
    tag: 'service',
    summary: "The calling key's tier, today's usage and the snapshot served",
    description:
      "The calling key's label and tier, today's usage and the snapshot being served. Safe to poll.",
    auth: true,
    counts: false,
    body:
      'single envelope; data: { key: {label, tier}, usage: {day, quota_used, quota_limit, ' +
      'quota_remaining, quota_resets_at, burst_used, burst_limit, burst_window_seconds}, ' +
      'snapshot: {version, created_at, schema_version, row_counts} | null }',
  },
  {
    route: 'docs',
    operationId: 'getDocs',
    tag: 'service',
    summary: 'The contract as a JSON description',
    description:
      'This description: endpoints, parameters, envelopes, fields, errors; links to the OpenAPI document.',
    auth: false,
    counts: false,
    body: 'this document (no envelope)',
  },
  {
    route: 'openapi',
    operationId: 'getOpenApi',
    tag: 'service',
    summary: 'This OpenAPI 3.1 document',
    description: 'Every parameter with its schema, every response with its schema and an example.',
    auth: false,
    counts: false,
    body: 'OpenAPI document (no envelope)',
  },
  {
    route: 'reference',
    operationId: 'getReference',
    tag: 'service',
    summary: 'The OpenAPI document as a browsable page',
    description: 'Swagger UI served by this API (works offline), with a "Try it out" form.',
    auth: false,
    counts: false,
    body: 'HTML page',
    page: true,
  },
  {
    route: 'health',
    operationId: 'getHealth',
    tag: 'service',
    summary: 'Health: snapshot served, its age, Redis',
    description:
      '503 before a snapshot is loaded. `redis` is reachable, unreachable, or fallback (file ' +
      'keys and in-process counters).',
    auth: false,
    counts: false,
    body: '{ status, snapshot: {version, created_at, age_seconds} | null, redis, uptime_seconds } (no envelope)',
  },
];

/** The path as a client writes it (`{nct_id}` for a path parameter). */
export const servedPath = (e: EndpointDef): string =>
  ROUTE_PATHS[e.route].replace(/:(\w+)/g, '{$1}');

/** Under the OpenAPI server URL (BASE_PATH), or at the root for /healthz. */
export const underBase = (e: EndpointDef): boolean => servedPath(e).startsWith(`${BASE_PATH}/`);

/** The path in the OpenAPI document: relative to BASE_PATH where it is under it. */
export const openApiPath = (e: EndpointDef): string =>
  underBase(e) ? servedPath(e).slice(BASE_PATH.length) : servedPath(e);

/** What a description adds about keys and the quota. */
export function quotaNote(e: EndpointDef): string {
  if (e.counts) return 'Counts against the daily quota (400s included; 429s not).';
  return e.auth ? 'Does not count against the quota.' : 'No key; not counted.';
}
