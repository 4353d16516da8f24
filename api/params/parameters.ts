/**
 * The query parameters, one row each: the one declaration of a parameter. Its value kind
 * (./value-kinds.ts: how the query-string text is read, the JSON form MCP takes, the type
 * and allowed values), its meaning, examples and default, and where it applies. Everything
 * else is derived from these rows: the validator (./read-query.ts, ./trials-query.ts), the
 * TrialQuery type, FILTER_PARAMETERS, the OpenAPI parameters (api/openapi/parameters.ts),
 * the MCP input schemas (api/mcp/schemas.ts), /docs (api/docs.ts) and the parameter
 * tables of README.md and docs/api.md (./parameter-docs.ts, `npm run docs:parameters`).
 * How a filter selects trials is its entry in api/query/filter.ts, and how `explain`
 * words it its entry in api/query/explain.ts: both are keyed by FilterParameter, so the
 * type-check asks for them when a filter row is added. Order: the contract's.
 */
import type { z } from 'zod';
import { GENES, SEQUENCED_GENES, parseGene, type Gene } from '../../domain/biomarkers.js';
import {
  DIAGNOSIS_TYPE_FILTERS,
  NSCLC_STAGE_ADMITTED_BY,
  NSCLC_STAGES,
  SCLC_STAGES,
  STAGES,
} from '../../domain/diagnosis.js';
import { COUNTRY_FILTERS, MAX_RADIUS_MILES, parseUsState } from '../../domain/geo.js';
import { TRIAL_PHASE_FILTERS, parsePhaseFilter } from '../../domain/phase.js';
import { GENDER_FILTERS } from '../../domain/sex.js';
import { DEFAULT_STATUS_BUCKETS, STATUS_BUCKETS, TRIAL_STATUSES } from '../../domain/status.js';
import { ZIP_PATTERN } from '../../geo/zip-centroid.js';
import { isVersionName } from '../../snapshot/versions.js';
import { MAX_QUERY_TERMS, tokenize } from '../query/text-index.js';
import { SORT_SPELLINGS, type NearQuery } from '../query/types.js';
import { RESPONSE_FORMATS } from '../middleware/accept-json.js';
import { mutationList } from './mutation-list.js';
import { decodePageToken, encodePageToken } from './page-token.js';
import {
  booleanValue,
  fieldNames,
  listOf,
  oneOf,
  positiveNumber,
  spelledAs,
  textList,
  textValue,
  wholeNumber,
  type ValueKind,
} from './value-kinds.js';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;
export const MAX_AGE = 130;
export const MAX_Q_LENGTH = 200;

/**
 * Where a parameter is taken: `trials` GET /trials; `detail` GET /trials/{nct_id} (the
 * filters, to shape `match`); `match` GET /match, the patient search; `mcp` the MCP tool
 * of each of those routes takes it too; `changes` GET /changes, the change feed.
 */
export const SURFACES = ['trials', 'detail', 'match', 'changes', 'mcp'] as const;
export type Surface = (typeof SURFACES)[number];

/**
 * `filter`: selects trials (an entry in api/query/filter.ts and api/query/explain.ts);
 * `near`: zip and radius, which select and order together (api/query/search.ts);
 * `page`: shapes the page, never which trials match;
 * `profile`: what /match knows of the patient, judged against each trial's biomarker rows
 * (api/query/match.ts), never a /trials filter.
 */
export type ParameterRole = 'filter' | 'near' | 'page' | 'profile';

interface ParameterFields<N extends string, T> extends ValueKind<T> {
  name: N;
  role: ParameterRole;
  on: readonly Surface[];
  /** The rule, in full: /docs, OpenAPI, MCP and docs/api.md show it. */
  description: string;
  /** Query-string values; the first is the README's example. */
  examples: readonly [string, ...string[]];
  /** What an absent parameter means, as a query-string value. */
  default?: string | number;
  /** The validator fills `default` in when the parameter is absent (never null in TrialQuery). */
  fills?: true;
}

/**
 * A parameter has a row of its own in the README's table, with what it matches in a few
 * words (`brief`), or is shown in the row of another (`readmeWith`).
 */
export type ParameterDef<N extends string = string, T = unknown> = ParameterFields<N, T> &
  ({ brief: string; readmeWith?: undefined } | { readmeWith: string; brief?: undefined });

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyParameter = ParameterDef<string, any>;

/** A row, with its name and value types kept for TrialQuery. */
const parameter = <const D extends AnyParameter>(def: D): D => def;

const ALL: readonly Surface[] = ['trials', 'detail', 'match', 'mcp'];
const FILTER: readonly Surface[] = ['trials', 'detail', 'mcp'];
const LIST_PAGE: readonly Surface[] = ['trials', 'match', 'mcp'];
const ANY_PAGE: readonly Surface[] = ['trials', 'match', 'changes', 'mcp'];
const CHANGES: readonly Surface[] = ['changes'];
const TRIALS_PAGE: readonly Surface[] = ['trials', 'mcp'];
const MATCH: readonly Surface[] = ['match', 'mcp'];
const TRIALS_ONLY: readonly Surface[] = ['trials'];
const PROJECTED: readonly Surface[] = ['trials', 'detail'];

const isoDate = (raw: string): string | undefined => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw)) return undefined;
  const d = new Date(`${raw}T00:00:00Z`);
  // Round-tripping rejects dates such as 2024-02-30 that Date would roll over.
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === raw ? raw : undefined;
};

/** A token as the API hands them out (the second page of the default search of a version). */
const EXAMPLE_PAGE_TOKEN = encodePageToken({
  version: '20261101T030000Z',
  offset: DEFAULT_LIMIT,
  query: 'hgVTd1UNlk4z',
});

/** A snapshot version name as the API reports it (X-Snapshot-Version, meta.version). */
const snapshotVersion = () =>
  textValue(
    'string (snapshot version)',
    (raw) => (isVersionName(raw) ? raw : undefined),
    'must be a snapshot version such as 20261101T030000Z (the X-Snapshot-Version of a response)',
    { type: 'string', pattern: '^\\d{8}T\\d{6}Z(-\\d{2,})?$' },
  );

const WORDS_RULE = `must hold 1 to ${MAX_QUERY_TERMS} words (letters or digits), at most ${MAX_Q_LENGTH} characters`;
/** "early admitted by early or resectable; ..." from the domain's table. */
const stageAdmissions = () =>
  NSCLC_STAGES.map((s) => `${s}: ${NSCLC_STAGE_ADMITTED_BY[s].join(' or ')}`).join('; ');

const queryTerms = (raw: string): string[] | undefined => {
  const terms = tokenize(raw);
  return raw.length <= MAX_Q_LENGTH && terms.length > 0 && terms.length <= MAX_QUERY_TERMS
    ? terms
    : undefined;
};

export const PARAMETERS = [
  parameter({
    name: 'diagnosisType',
    ...oneOf(DIAGNOSIS_TYPE_FILTERS),
    role: 'filter',
    on: ALL,
    default: 'unknown',
    description:
      'nsclc/sclc: trials classified that type or with no type signal; unknown: no restriction',
    brief: 'nsclc, sclc or unknown',
    examples: ['nsclc'],
  }),
  parameter({
    name: 'cancerStage',
    ...oneOf(SCLC_STAGES),
    role: 'filter',
    on: FILTER,
    description:
      'SCLC only: restricts to SCLC-eligible trials that mention the stage or no SCLC stage at ' +
      'all; trials mentioning only the opposite stage are excluded',
    brief:
      `SCLC stage (${SCLC_STAGES.join(', ')}); \`stage\`: the patient's NSCLC ` +
      `(${NSCLC_STAGES.join(', ')}) or SCLC stage`,
    examples: ['extensive'],
  }),
  parameter({
    name: 'stage',
    ...oneOf(STAGES),
    role: 'filter',
    on: ALL,
    description:
      `the patient's stage. NSCLC (${NSCLC_STAGES.join(', ')}): trials that take NSCLC ` +
      `patients and whose stage signals admit that stage (${stageAdmissions()}), or that give ` +
      `no NSCLC stage signal. SCLC (${SCLC_STAGES.join(', ')}): as cancerStage. A trial with no ` +
      'stage signal is kept for every stage',
    readmeWith: 'cancerStage',
    examples: ['extensive', 'metastatic', 'stage_iii_unresectable'],
  }),
  parameter({
    name: 'country',
    ...oneOf(COUNTRY_FILTERS),
    role: 'filter',
    on: FILTER,
    description:
      'us: at least one US site (territories included); international: at least one site outside the US',
    brief: 'site location',
    examples: ['us'],
  }),
  parameter({
    name: 'state',
    ...textValue(
      'string',
      (raw) => parseUsState(raw) ?? undefined,
      'must be a two-letter US state code such as CA (or its full name)',
    ),
    role: 'filter',
    on: FILTER,
    description:
      'two-letter US state or territory code (full names accepted): at least one site there',
    examples: ['CA', 'NY'],
    readmeWith: 'country',
  }),
  parameter({
    name: 'gender',
    ...oneOf(GENDER_FILTERS),
    role: 'filter',
    on: ALL,
    description: 'trial accepts that sex (trials open to all sexes match both)',
    examples: ['female'],
    readmeWith: 'age',
  }),
  parameter({
    name: 'age',
    ...wholeNumber(0, MAX_AGE, `must be a whole number of years from 0 to ${MAX_AGE}`),
    role: 'filter',
    on: ALL,
    description: `years, 0-${MAX_AGE}: age_min <= age <= age_max, a missing bound is open`,
    brief: 'eligibility by age and sex',
    examples: ['70'],
  }),
  parameter({
    name: 'trialPhase',
    ...listOf(TRIAL_PHASE_FILTERS, parsePhaseFilter),
    role: 'filter',
    on: FILTER,
    description:
      'any of the values (one value works as before), as labels or as the stored codes ' +
      '(PHASE3, Phase 3, EARLY_PHASE1, NA). Phase N matches every trial whose phases include N ' +
      '(Phase I/II matches Phase I and Phase II; Early Phase I trials match Phase I too); Not ' +
      'Applicable: trials the registry gives no phase (NA); Interventional/Observational match ' +
      'the study type; All Phases: no filter',
    brief: 'phase labels; a combined phase matches each part',
    examples: ['Phase III'],
  }),
  parameter({
    name: 'trialStatus',
    ...listOf(TRIAL_STATUSES),
    role: 'filter',
    on: FILTER,
    description:
      "any of the status labels (one value works as before); 'Not yet recruiting' is distinct " +
      "from 'Recruiting'. Given without statusBuckets, the default buckets do not apply",
    brief: 'status labels (replaces the default buckets)',
    examples: ['Recruiting,Active'],
  }),
  parameter({
    name: 'statusBuckets',
    ...listOf(STATUS_BUCKETS),
    role: 'filter',
    on: ALL,
    default: DEFAULT_STATUS_BUCKETS.join(','),
    description: 'trials in any of the buckets',
    brief: `${STATUS_BUCKETS.join(', ')} (default: ${DEFAULT_STATUS_BUCKETS.join(', ')})`,
    examples: ['completed'],
  }),
  parameter({
    name: 'biomarkers',
    ...listOf(GENES, (raw): Gene | null => parseGene(raw)),
    role: 'filter',
    on: FILTER,
    description:
      'any of the genes is a required biomarker of the trial; a trial that excludes the gene ' +
      'outright never matches',
    brief: 'requires any listed gene, never excludes it',
    examples: ['EGFR,ALK'],
  }),
  parameter({
    name: 'mutations',
    ...mutationList(),
    role: 'filter',
    on: FILTER,
    description:
      'comma-separated GENE:ALTERATION pairs (any of them matches), e.g. EGFR:L858R,KRAS:G12C; ' +
      'PD-L1 takes an expression range: PD-L1:TPS>=50, PD-L1:TPS<1, PD-L1:TPS1-49, ' +
      'PD-L1:CPS>=10. A trial matches when it requires that alteration, a broader one that ' +
      'covers it (KRAS G12X covers G12C), or the gene with no narrower alteration; never when ' +
      'it excludes the gene or the alteration',
    brief:
      'an alteration or a PD-L1 range such as `PD-L1:TPS>=50` (gene-level requirements match too)',
    examples: ['EGFR:L858R,KRAS:G12C', 'PD-L1:TPS>=50'],
  }),
  parameter({
    name: 'markers',
    ...mutationList(),
    role: 'profile',
    on: MATCH,
    description:
      "what the patient's tumour has: GENE:ALTERATION ids (EGFR:L858R, KRAS:G12C, ALK:FUSION, " +
      'HER2:OVEREXP for IHC expression) and a PD-L1 score as PD-L1:TPS=60 (or a range such as ' +
      'PD-L1:TPS>=50). A listed alteration also says the gene was tested: a trial requiring ' +
      'another alteration of that gene is ineligible. Nothing else is assumed: a requirement ' +
      'on a gene not listed here or in negativeFor makes the trial needs_testing',
    brief: 'positive alterations and a PD-L1 score',
    examples: ['EGFR:L858R', 'KRAS:G12C,PD-L1:TPS=60'],
  }),
  parameter({
    name: 'negativeFor',
    ...listOf(SEQUENCED_GENES, (raw): Gene | null => {
      const gene = parseGene(raw);
      return gene && gene !== 'PD-L1' ? gene : null;
    }),
    role: 'profile',
    on: MATCH,
    description:
      'genes tested with no alteration found (sequencing): a trial requiring an alteration of ' +
      'one is ineligible, one excluding it is not. Protein expression (OVEREXP) is another ' +
      'test and stays unknown; give a PD-L1 score in markers (PD-L1:TPS=0)',
    brief: 'genes tested negative',
    examples: ['EGFR,ALK,ROS1'],
  }),
  parameter({
    name: 'firstPostedAfter',
    ...textValue('date (YYYY-MM-DD)', isoDate, 'must be a calendar date as YYYY-MM-DD', {
      type: 'string',
      format: 'date',
    }),
    role: 'filter',
    on: FILTER,
    description: 'trials first posted on or after this date',
    brief: 'first posted, last updated on or after the date',
    examples: ['2025-01-01'],
  }),
  parameter({
    name: 'lastUpdatedAfter',
    ...textValue('date (YYYY-MM-DD)', isoDate, 'must be a calendar date as YYYY-MM-DD', {
      type: 'string',
      format: 'date',
    }),
    role: 'filter',
    on: FILTER,
    description:
      'trials last updated on or after this date (with sort=last_updated:asc, an incremental ' +
      'sync reads what changed since its last run)',
    examples: ['2025-06-01'],
    readmeWith: 'firstPostedAfter',
  }),
  parameter({
    name: 'sponsor',
    ...textList('comma-separated text list', queryTerms, WORDS_RULE),
    role: 'filter',
    on: FILTER,
    description:
      'any of the names: the lead sponsor holds every word of one (accents and case ignored, ' +
      'the last word as a prefix), e.g. astrazeneca, "national cancer"',
    brief: 'lead sponsor, intervention name (any of the names; words, the last a prefix)',
    examples: ['AstraZeneca', 'Amgen,Pfizer'],
  }),
  parameter({
    name: 'intervention',
    ...textList('comma-separated text list', queryTerms, WORDS_RULE),
    role: 'filter',
    on: FILTER,
    description:
      "any of the names: one of the trial's interventions is named with every word of one " +
      '(accents and case ignored, the last word as a prefix), e.g. osimertinib, "radiation therapy"',
    examples: ['osimertinib', 'pembrolizumab,nivolumab'],
    readmeWith: 'sponsor',
  }),
  parameter({
    name: 'zip',
    ...textValue(
      'string (5 digits)',
      (raw) => (ZIP_PATTERN.test(raw) ? raw : undefined),
      'must be a 5-digit US ZIP code',
      { type: 'string', pattern: '^[0-9]{5}$' },
    ),
    role: 'near',
    on: ALL,
    description:
      'US ZIP code; requires radius. Searches US sites with coordinates; adds nearest_site and ' +
      'distance_miles and orders nearest first',
    brief: `US sites within the radius (miles, ≤ ${MAX_RADIUS_MILES}; both or neither), nearest first`,
    examples: ['10001'],
  }),
  parameter({
    name: 'radius',
    ...positiveNumber(
      MAX_RADIUS_MILES,
      'number (miles)',
      `must be a number of miles greater than 0 and at most ${MAX_RADIUS_MILES}`,
    ),
    role: 'near',
    on: ALL,
    description: `greater than 0, at most ${MAX_RADIUS_MILES}; requires zip`,
    examples: ['100'],
    readmeWith: 'zip',
  }),
  parameter({
    name: 'limit',
    ...wholeNumber(1, MAX_LIMIT, `must be an integer from 1 to ${MAX_LIMIT}`),
    role: 'page',
    on: ANY_PAGE,
    default: DEFAULT_LIMIT,
    fills: true,
    description: `page size, 1-${MAX_LIMIT}`,
    examples: ['20'],
    readmeWith: 'explain',
  }),
  parameter({
    name: 'offset',
    ...wholeNumber(0, Number.MAX_SAFE_INTEGER, 'must be an integer >= 0'),
    role: 'page',
    on: ANY_PAGE,
    default: 0,
    fills: true,
    description: 'results skipped, >= 0',
    examples: ['40'],
    readmeWith: 'explain',
  }),
  parameter({
    name: 'pageToken',
    ...textValue(
      'string (opaque)',
      decodePageToken,
      'not a page token this API handed out (edited or truncated?); use meta.next_page_token ' +
        'as it is, or leave pageToken out to start from the first page',
    ),
    role: 'page',
    on: TRIALS_ONLY,
    description:
      'the next page of a paging run pinned to one snapshot version: meta.next_page_token of ' +
      'the previous page, sent with the same other parameters (limit may change; not with ' +
      'offset). Every page of the run comes from the version its first page was read from, so ' +
      'a run across a monthly refresh sees every trial once. A replaced version stays readable ' +
      'for 30 minutes after the swap (by default); then the token gets 410 page_token_expired, whose ' +
      'message gives the first page to start again from',
    brief: 'the next page from the same snapshot version (`meta.next_page_token`)',
    examples: [EXAMPLE_PAGE_TOKEN],
  }),
  parameter({
    name: 'format',
    ...oneOf(RESPONSE_FORMATS),
    role: 'page',
    on: TRIALS_ONLY,
    description:
      'json (the default) or csv: one row per trial, a header row, RFC 4180 (CRLF); the ' +
      'columns are `fields` (nct_id first) or the list fields; a list of plain values is ' +
      "joined with ' | ' (an empty list is an empty field), an object or list of objects " +
      '(locations_sample, nearest_site, match) is its JSON text; a text starting with = + - @ ' +
      "gets a leading '. Paging in the Link header (by page token) and the total in " +
      'X-Total-Count. Accept: text/csv asks for ' +
      'CSV too; format wins over Accept, and an Accept that excludes the format is 406',
    brief: 'CSV instead of JSON (or `Accept: text/csv`); only the named fields (nct_id kept)',
    examples: ['csv'],
  }),
  parameter({
    name: 'fields',
    ...fieldNames(),
    role: 'page',
    on: PROJECTED,
    description:
      "only these members of each trial, by the response's field names (nct_id is always " +
      'kept, first): on /trials the list fields, nearest_site, distance_miles and match; on ' +
      'the detail endpoint its fields. A named field the response does not carry (nearest_site ' +
      'without zip) is left out. With format=csv, the columns in this order. An unknown name ' +
      'is a 400 listing the valid ones',
    examples: ['nct_id,brief_title,status,last_updated'],
    readmeWith: 'format',
  }),
  parameter({
    name: 'q',
    ...textValue('string', queryTerms, WORDS_RULE, { type: 'string', maxLength: MAX_Q_LENGTH }),
    role: 'filter',
    on: FILTER,
    description:
      `free text: trials whose id, titles, interventions, sponsor, conditions or keywords hold ` +
      `every word (AND), the last word as a prefix; accents and case ignored; ` +
      `1-${MAX_QUERY_TERMS} words, at most ${MAX_Q_LENGTH} characters. Combines with every filter`,
    brief: 'free text over ids, titles, drugs, sponsor; order',
    examples: ['osimertinib', 'KEYNOTE-789', 'NCT0423', 'amgen sotorasib'],
  }),
  parameter({
    name: 'sort',
    ...spelledAs('enum', SORT_SPELLINGS),
    role: 'page',
    on: TRIALS_PAGE,
    description:
      'relevance (needs q: matches in the id and titles first), last_updated or start_date ' +
      '(newest first; -last_updated and last_updated:desc say so explicitly, last_updated:asc ' +
      'is oldest first; missing dates last either way), distance (needs zip). Without sort: ' +
      'distance with a ZIP, relevance with q, else recruiting first then most recently ' +
      'updated. Ties keep that default order',
    examples: ['last_updated', 'last_updated:asc'],
    readmeWith: 'q',
  }),
  parameter({
    name: 'since',
    ...snapshotVersion(),
    role: 'page',
    on: CHANGES,
    description:
      'required: the snapshot version the client last read (X-Snapshot-Version of any data ' +
      'response, or meta.version of the last /changes run). Lists each trial added, changed or ' +
      'removed between it and until, one net change per trial: added then removed is left out, ' +
      'a trial changed in several versions lists every field that changed. 410 ' +
      'changes_unavailable when the feed does not reach back that far (versions pruned, or ' +
      'published before the feed): read /trials in full, then follow /changes from its version',
    brief: 'what changed since a version',
    examples: ['20261001T030000Z'],
  }),
  parameter({
    name: 'until',
    ...snapshotVersion(),
    role: 'page',
    on: CHANGES,
    description:
      'the later version (default: the one served; the next and prev links pin it, so a paged ' +
      'read stays on one pair across a refresh); a version on disk, newer than since',
    examples: ['20261101T030000Z'],
    readmeWith: 'since',
  }),
  parameter({
    name: 'includeIneligible',
    ...booleanValue(),
    role: 'page',
    on: MATCH,
    default: 'false',
    fills: true,
    description:
      'true also lists the trials the profile rules out, last, with match.status ineligible ' +
      'and the reason (the excluding or contradicted biomarker rows)',
    brief: 'list ruled-out trials too',
    examples: ['true'],
  }),
  parameter({
    name: 'explain',
    ...booleanValue(),
    role: 'page',
    on: LIST_PAGE,
    default: 'false',
    fills: true,
    description:
      "true adds `match` to each trial: every filter's verdict with its reason and evidence, the " +
      'biomarker rows that matched (and those that would exclude a patient with the asked ' +
      "markers), and a ZIP search's nearest site with its geocoding precision. On /match, " +
      "`match` is always there (the patient's status); explain adds its filters and nearest_site",
    brief: 'why each trial matched; paging (`meta.next`, `Link`)',
    examples: ['true'],
  }),
] as const;

type Row = (typeof PARAMETERS)[number];
export type ParameterName = Row['name'];
export type FilterParameter = Extract<Row, { role: 'filter' }>['name'];

/** The parameters that select trials, in the table's order. */
export const FILTER_PARAMETERS = PARAMETERS.filter((p) => p.role === 'filter').map(
  (p) => p.name,
) as FilterParameter[];

/** Each parameter's value once read: null when absent, unless the row fills its default. */
export type ValuesOf<D extends readonly AnyParameter[]> = {
  [R in D[number] as R['name']]: R extends { fills: true }
    ? z.output<R['schema']>
    : z.output<R['schema']> | null;
};

/** A validated request as the query engine takes it; `near` is zip + radius with the ZIP's centroid. */
export type TrialQuery = ValuesOf<typeof PARAMETERS> & { near: NearQuery | null };

/** The /trials parameters the detail endpoint does not take (they shape a list, not `match`). */
export const LIST_ONLY_PARAMETERS = PARAMETERS.filter(
  (p) => p.on.includes('trials') && !p.on.includes('detail'),
).map((p) => p.name);

/** The /docs entry of each parameter a surface takes. */
export function parameterDocs(surface: Surface, table: readonly AnyParameter[] = PARAMETERS) {
  return table
    .filter((p) => p.on.includes(surface))
    .map((p) => ({
      name: p.name,
      in: 'query',
      type: p.type,
      ...(p.allowed ? { allowed: p.allowed } : {}),
      default: p.default ?? null,
      rule: p.description,
    }));
}
