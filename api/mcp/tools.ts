/**
 * The MCP tools. Each one calls the function the matching REST handler calls
 * (api/routes/trials.ts, the index's prebuilt JSON), so a tool's structured result is the
 * REST body for the same query, parsed; the text beside it is a short summary for the
 * model. Errors keep the REST error codes: a refused call is a tool error whose text is the
 * REST error envelope.
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { tableRowCounts } from '../../domain/rows.js';
import type { Logger } from '../../config/logger.js';
import { ApiError, invalidParameter } from '../errors.js';
import { BASE_PATH } from '../identity.js';
import { parseMatchQuery, parsePatientQuery, parseTrialsQuery } from '../params/trials-query.js';
import { matchListBody } from '../routes/match.js';
import type { QuotaMeta } from '../query/render.js';
import { trialDetailBody, trialListBody } from '../routes/trials.js';
import type { LoadedSnapshot } from '../live-snapshot.js';
import { renderWithQuota } from '../query/render.js';
import {
  GetTrialInput,
  MatchListOutput,
  MatchPatientInput,
  MCP_DEFAULT_LIMIT,
  SearchTrialsInput,
  SnapshotInfoOutput,
  SourcesOutput,
  TrialDetailOutput,
  TrialListOutput,
} from './schemas.js';
import { SOURCES_PHRASE } from '../../domain/sources.js';

export interface McpContext {
  /** The snapshot a call reads, taken when the call starts (a hot swap serves the next call). */
  snapshot(): LoadedSnapshot | null;
  /** The key's usage after this call was counted (HTTP); null where no key is counted (stdio). */
  quota(): QuotaMeta | null;
  logger: Logger;
}

export const TOOL_NAMES = [
  'search_trials',
  'get_trial',
  'match_patient',
  'list_sources',
  'snapshot_info',
] as const;

type ListOutput = z.infer<typeof TrialListOutput>;
type DetailOutput = z.infer<typeof TrialDetailOutput>;
type MatchOutput = z.infer<typeof MatchListOutput>;

const DESCRIPTIONS: Readonly<Record<(typeof TOOL_NAMES)[number], string>> = {
  search_trials:
    `Search lung cancer clinical trials (${SOURCES_PHRASE}, ` +
    `refreshed monthly) by diagnosis type, SCLC stage, biomarker genes and exact alterations ` +
    `with polarity (a trial that excludes the asked marker never matches), PD-L1 cut-off ranges, ` +
    `age, sex, phase, status, US state or country, and distance from a US ZIP code. Filters ` +
    `combine with AND; values inside one list with OR. Order: with zip + radius nearest site ` +
    `first, otherwise recruiting first and most recently updated. Set explain=true to get, per ` +
    `trial, why it matched: each filter's verdict, the biomarker rows and the exact eligibility ` +
    `sentences behind them, the rows that would exclude a patient with the asked markers, and ` +
    `the nearest site with its distance. Returns ${MCP_DEFAULT_LIMIT} trials unless limit says ` +
    `otherwise; page with offset. Not medical advice: give patients each trial's url. Example: ` +
    `{"mutations": ["KRAS:G12C"], "zip": "60611", "radius": 50, "statusBuckets": ["recruiting"], ` +
    `"explain": true}`,
  get_trial:
    'One trial in full: eligibility criteria, every site with coordinates, structured biomarker ' +
    'requirements with their source sentences, diagnosis and stage signals with the text they ' +
    'come from (evidence), outcomes, flags. Give any search_trials filters as well to get ' +
    '`match`: whether and why this trial meets them. Example: {"nct_id": "NCT04613596", ' +
    '"mutations": ["KRAS:G12C"], "zip": "60611", "radius": 50}',
  match_patient:
    'The trials one lung cancer patient could enter (GET /match). Give what the tumour has as ' +
    'markers (GENE:ALTERATION ids and a PD-L1 score such as PD-L1:TPS=60), the genes tested ' +
    'negative as negativeFor, and the type, stage, age, gender, ZIP and radius. Nothing else is ' +
    "assumed: each trial's match.status is eligible (a cohort's biomarker requirements are all " +
    "met and no exclusion hits the patient's markers), needs_testing (a requirement rests on a " +
    'gene of unknown status; match.tests names the test) or, with includeIneligible=true, ' +
    'ineligible with the reason. Eligible first, then needs_testing; nearest first within each ' +
    'when zip and radius are given. Searches recruiting, active and unknown-status trials ' +
    "unless statusBuckets says otherwise. Not medical advice: give patients each trial's url. " +
    'Example: {"diagnosisType": "nsclc", "stage": "metastatic", "markers": ["KRAS:G12C", ' +
    '"PD-L1:TPS=60"], "negativeFor": ["EGFR", "ALK", "ROS1"], "age": 64, "zip": "60611", ' +
    '"radius": 100}',
  list_sources:
    `The data sources (${SOURCES_PHRASE}) with the number of trials each contributes to the ` +
    'served snapshot.',
  snapshot_info:
    'Which data snapshot is being served: its version and build time and the row count of each ' +
    'table. Changes after the monthly refresh.',
};

function errorResult(error: ApiError): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(error.toBody()) }] };
}

function jsonOf<T>(body: Buffer): T {
  return JSON.parse(body.toString('utf8')) as T;
}

/** Tool arguments as query-string values, so the REST validator judges them. */
function queryStrings(args: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined || value === null) continue;
    out[name] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return out;
}

function restPath(path: string, strings: Record<string, string>): string {
  const query = Object.entries(strings)
    .map(([k, v]) => `${k}=${encodeURIComponent(v).replace(/%2C/gi, ',').replace(/%3A/gi, ':')}`)
    .join('&');
  return `${BASE_PATH}${path}${query ? `?${query}` : ''}`;
}

function clip(text: string | null, max: number): string {
  if (!text) return '(no title)';
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function listSummary(out: ListOutput): string {
  const { total, offset } = out.meta;
  const lines = [
    total === 0
      ? 'No trials match.'
      : `${total} trials match; trials ${offset + 1}-${offset + out.data.length} follow. REST equivalent: ${out.query}`,
  ];
  out.data.forEach((t, i) => {
    const parts = [
      `${offset + i + 1}. ${t.nct_id}: ${clip(t.official_title, 110)}`,
      `${t.status ?? 'status unknown'}, ${t.phase ?? 'phase n/a'}`,
    ];
    if ('distance_miles' in t)
      parts.push(
        `${t.distance_miles} mi (${[t.nearest_site.city, t.nearest_site.state].filter(Boolean).join(', ')})`,
      );
    if ('match' in t && t.match.biomarkers.matched.length > 0) {
      const matched = t.match.biomarkers.matched.map((r) =>
        `${r.gene} ${r.alteration ?? ''}`.trim(),
      );
      parts.push(`matched ${[...new Set(matched)].join(', ')}`);
    }
    if ('match' in t && t.match.biomarkers.excluding.length > 0)
      parts.push(`note: ${t.match.biomarkers.excluding.length} excluding row(s)`);
    parts.push(t.url);
    lines.push(parts.join(' | '));
  });
  return lines.join('\n');
}

function detailSummary(out: DetailOutput): string {
  const t = out.data;
  const markers = t.biomarkers
    .map((b) => `${b.gene} ${b.alteration ?? ''} ${b.requirement}`.replace(/\s+/g, ' '))
    .join('; ');
  const lines = [
    `${t.nct_id}: ${clip(t.official_title, 200)}`,
    `${t.status ?? 'status unknown'}, ${t.phase ?? 'phase n/a'}, sponsor ` +
      `${t.sponsor ?? 'unknown'}, ${t.location_count} sites, ages ` +
      `${t.age_min ?? 'any'}-${t.age_max ?? 'any'}. ${t.url}`,
    `Biomarkers: ${markers || 'none extracted'}.`,
  ];
  if (t.match)
    lines.push(
      `Match: ${t.match.filters.map((f) => `${f.parameter} ${f.met ? 'met' : 'NOT met'} (${f.reason})`).join('; ')}`,
    );
  return lines.join('\n');
}

/** Runs a tool body on the call's snapshot; ApiErrors become tool errors with the REST envelope. */
function call(
  ctx: McpContext,
  toolName: string,
  body: (snapshot: LoadedSnapshot) => CallToolResult,
): CallToolResult {
  try {
    const snapshot = ctx.snapshot();
    if (!snapshot)
      throw new ApiError(
        'snapshot_unavailable',
        'No data snapshot is loaded yet; try again shortly.',
      );
    return body(snapshot);
  } catch (error) {
    if (error instanceof ApiError) return errorResult(error);
    ctx.logger.error({ err: error, tool: toolName }, 'MCP tool failed');
    return errorResult(
      new ApiError('internal_error', 'An internal error occurred.', { cause: error }),
    );
  }
}

function listResult(
  snapshot: LoadedSnapshot,
  strings: Record<string, string>,
  ctx: McpContext,
): CallToolResult {
  if (strings.limit === undefined) strings.limit = String(MCP_DEFAULT_LIMIT);
  const query = parseTrialsQuery(strings);
  const body = jsonOf<Omit<ListOutput, 'query'>>(trialListBody(snapshot.index, query, ctx.quota()));
  const out: ListOutput = { ...body, query: restPath('/trials', strings) };
  return { structuredContent: out, content: [{ type: 'text', text: listSummary(out) }] };
}

function matchSummary(out: MatchOutput): string {
  const { total, offset } = out.meta;
  const lines = [
    total === 0
      ? 'No trial fits this patient.'
      : `${total} trials; trials ${offset + 1}-${offset + out.data.length} follow (eligible ` +
        `first, then needs_testing). REST equivalent: ${out.query}`,
  ];
  out.data.forEach((t, i) => {
    const parts = [
      `${offset + i + 1}. ${t.nct_id}: ${clip(t.official_title, 110)}`,
      `${t.match.status}: ${t.match.reason}`,
    ];
    if ('distance_miles' in t) parts.push(`${t.distance_miles} mi`);
    parts.push(t.url);
    lines.push(parts.join(' | '));
  });
  return lines.join('\n');
}

function matchResult(
  snapshot: LoadedSnapshot,
  strings: Record<string, string>,
  ctx: McpContext,
): CallToolResult {
  if (strings.limit === undefined) strings.limit = String(MCP_DEFAULT_LIMIT);
  const query = parsePatientQuery(strings);
  const body = jsonOf<Omit<MatchOutput, 'query'>>(
    matchListBody(snapshot.index, query, ctx.quota()),
  );
  const out: MatchOutput = { ...body, query: restPath('/match', strings) };
  return { structuredContent: out, content: [{ type: 'text', text: matchSummary(out) }] };
}

interface ToolDef<I extends z.ZodObject = z.ZodObject> {
  name: (typeof TOOL_NAMES)[number];
  title: string;
  input: I;
  output: z.ZodObject;
  run(args: z.infer<I>, snapshot: LoadedSnapshot, ctx: McpContext): CallToolResult;
}

const tool = <I extends z.ZodObject>(def: ToolDef<I>): ToolDef => def as unknown as ToolDef;

const NoInput = z.strictObject({});

export const TOOLS: readonly ToolDef[] = [
  tool({
    name: 'search_trials',
    title: 'Search lung cancer trials',
    input: SearchTrialsInput,
    output: TrialListOutput,
    run: (args, snapshot, ctx) => listResult(snapshot, queryStrings(args), ctx),
  }),
  tool({
    name: 'get_trial',
    title: 'One trial in full',
    input: GetTrialInput,
    output: TrialDetailOutput,
    run: ({ nct_id, ...filters }, snapshot, ctx) => {
      const matchQuery = parseMatchQuery(queryStrings(filters));
      const out = jsonOf<DetailOutput>(
        trialDetailBody(snapshot.index, nct_id, matchQuery, ctx.quota()),
      );
      return { structuredContent: out, content: [{ type: 'text', text: detailSummary(out) }] };
    },
  }),
  tool({
    name: 'match_patient',
    title: 'Trials for a patient, explained',
    input: MatchPatientInput,
    output: MatchListOutput,
    run: (profile, snapshot, ctx) => matchResult(snapshot, queryStrings(profile), ctx),
  }),
  tool({
    name: 'list_sources',
    title: 'Data sources',
    input: NoInput,
    output: SourcesOutput,
    run: (_args, snapshot, ctx) => {
      const out = jsonOf<z.infer<typeof SourcesOutput>>(
        renderWithQuota(snapshot.index.sourcesJson, ctx.quota()),
      );
      const text = out.data
        .map((s) => `${s.name} (${s.slug}, ${s.kind}): ${s.trial_count} trials`)
        .join('\n');
      return { structuredContent: out, content: [{ type: 'text', text }] };
    },
  }),
  tool({
    name: 'snapshot_info',
    title: 'Snapshot being served',
    input: NoInput,
    output: SnapshotInfoOutput,
    run: (_args, { manifest }) => {
      const out = {
        version: manifest.version,
        created_at: manifest.created_at,
        schema_version: manifest.schema_version,
        row_counts: tableRowCounts(manifest),
      };
      const text =
        `Snapshot ${out.version} (built ${out.created_at}): ${out.row_counts.trials} trials, ` +
        `${out.row_counts.sites} sites, ${out.row_counts.biomarkers} biomarker rows.`;
      return { structuredContent: out, content: [{ type: 'text', text }] };
    },
  }),
];

const BY_NAME = new Map(TOOLS.map((t) => [t.name as string, t]));

let listed: Tool[] | null = null;

/**
 * tools/list, with JSON Schemas converted from the zod schemas once per process. The
 * output schemas are advertised but not re-checked per call: a result is the REST body,
 * which the tests parse with the same schemas, and checking a 50-trial page costs more
 * than building it (~3.5 ms against ~0.5 ms).
 */
export function toolList(): Tool[] {
  listed ??= TOOLS.map((t) => ({
    name: t.name,
    title: t.title,
    description: DESCRIPTIONS[t.name],
    inputSchema: z.toJSONSchema(t.input, { target: 'draft-7', io: 'input' }) as Tool['inputSchema'],
    outputSchema: z.toJSONSchema(t.output, {
      target: 'draft-7',
      io: 'output',
    }) as Tool['outputSchema'],
    annotations: { title: t.title, readOnlyHint: true, openWorldHint: false },
  }));
  return listed;
}

/**
 * Arguments judged by the tool's input schema; the first issue names the argument, as a REST 400
 * names the parameter.
 */
function parseArguments<I extends z.ZodObject>(input: I, args: unknown): z.infer<I> {
  const result = input.safeParse(args ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  // A misnamed argument (`markers`, `radius`) would otherwise be dropped and widen the search
  // without a word, where REST refuses an unknown parameter.
  if (issue.code === 'unrecognized_keys' && issue.path.length === 0) {
    const allowed = Object.keys(input.shape).join(', ') || 'none';
    throw invalidParameter(issue.keys[0], `unknown argument; allowed: ${allowed}`);
  }
  throw invalidParameter(String(issue.path[0] ?? 'arguments'), issue.message);
}

/**
 * A tools/call of a known tool, as the SDK's handler and the HTTP fast path (http.ts) run
 * it; null for a tool of another name.
 */
export function callTool(ctx: McpContext, name: string, args: unknown): CallToolResult | null {
  const def = BY_NAME.get(name);
  if (!def) return null;
  return call(ctx, def.name, (snapshot) => def.run(parseArguments(def.input, args), snapshot, ctx));
}

/** Whether `name` is one of the tools (the fast path leaves the others to the SDK's error). */
export function isToolName(name: unknown): boolean {
  return typeof name === 'string' && BY_NAME.has(name);
}

export function registerTools(server: Server, ctx: McpContext): void {
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolList() }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const result = callTool(ctx, request.params.name, request.params.arguments);
    if (!result)
      throw new McpError(
        ErrorCode.InvalidParams,
        `Tool ${request.params.name} not found; tools: ${TOOL_NAMES.join(', ')}`,
      );
    return result;
  });
}
