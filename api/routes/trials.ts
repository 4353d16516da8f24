/**
 * GET /api/v1/trials and GET /api/v1/trials/:nct_id. The bodies are built by plain
 * functions that the MCP tools call too, so both surfaces answer from one query path.
 */
import type { Request, RequestHandler, Response } from 'express';
import { ApiError, invalidParameter } from '../errors.js';
import type { LoadedSnapshot, SnapshotHolder } from '../live-snapshot.js';
import { useSnapshot } from '../middleware/require-snapshot.js';
import { encodePageToken, queryDigest } from '../params/page-token.js';
import { chosenFormat, RESPONSE_FORMATS } from '../middleware/accept-json.js';
import { parseDetailQuery, parseTrialsQuery } from '../params/trials-query.js';
import { CSV_CONTENT_TYPE, csvColumns, trialsCsv, trialsCsvFromIndex } from './csv.js';
import { projectBody, projectionOf, projectListPage } from './projection.js';
import { explainTrial } from '../query/explain.js';
import { unitVector } from '../query/geo-candidates.js';
import {
  pageLinks,
  renderTrialList,
  renderWithQuota,
  type ListPage,
  type PageLinks,
  type QuotaMeta,
} from '../query/render.js';
import { memoSearch } from '../query/search-memo.js';
import type { TrialIndex } from '../query/trial-index.js';
import { DETAIL_META_OPEN, DETAIL_OPEN, detailHead } from '../query/trial-json.js';
import { DEFAULT_LIMIT, type TrialQuery } from '../params/parameters.js';
import { notModified } from './caching.js';
import {
  keptBodyFor,
  quotaTail,
  sendDataBody,
  sendKept,
  type BodyAlloc,
  type PackedBody,
} from './compressed-bodies.js';
import { keepRecipe, type ListRecipe } from './list-recipes.js';
import { quotaOf, routeLocals } from './send.js';

/** The list envelope for a validated query; with `explain`, each trial carries its `match`. */
export function trialListBody(
  index: TrialIndex,
  query: TrialQuery,
  quota: QuotaMeta | null,
): Buffer {
  return trialListPage(index, query, quota, null).body;
}

/**
 * The list envelope and, given `urlFor` (a page's URL by offset), its next/prev links in
 * meta; given `tokenFor` (a page token by offset), `meta.next_page_token`; given `alloc`,
 * written into the bytes it gives (renderTrialList).
 */
export function trialListPage(
  index: TrialIndex,
  query: TrialQuery,
  quota: QuotaMeta | null,
  urlFor: ((offset: number) => string) | null,
  tokenFor: ((offset: number) => string) | null = null,
  alloc?: BodyAlloc,
): { body: Buffer; links: PageLinks | null; ranks: number[]; recipe: Omit<ListRecipe, 'headers'> } {
  const result = memoSearch(index, query);
  const extras = query.explain
    ? result.hits.map((hit) =>
        Buffer.from(`,"match":${JSON.stringify(explainTrial(index, hit.rank, query, hit))}`),
      )
    : undefined;
  const links = urlFor ? pageLinks(result.total, query.limit, query.offset, urlFor) : null;
  const { near } = query;
  const centre = near ? unitVector(near.lat, near.lon) : null;
  const page: ListPage = {
    limit: query.limit,
    offset: query.offset,
    ...(links ? { links } : {}),
    ...(tokenFor
      ? {
          nextPageToken:
            query.offset + query.limit < result.total ? tokenFor(query.offset + query.limit) : null,
        }
      : {}),
  };
  return {
    body: renderTrialList(index, result, page, quota, extras, centre, alloc),
    links,
    ranks: result.hits.map((h) => h.rank),
    recipe: { result, page, centre },
  };
}

/**
 * The request's own URL with another offset (limit kept as asked, so pages line up); given
 * `tokenFor`, the page is named by a page token instead of an offset (a token run's links).
 */
export function pageUrl(
  req: Request,
  limit: number,
  tokenFor: ((offset: number) => string) | null = null,
): (offset: number) => string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(req.query as Record<string, unknown>)) {
    if (name === 'offset' || name === 'limit' || name === 'pageToken') continue;
    // A list sent repeated is repeated in the links, as the client sent it.
    for (const item of Array.isArray(value) ? value : [value])
      if (typeof item === 'string') params.append(name, item);
  }
  return (offset) => {
    const p = new URLSearchParams(params);
    p.set('limit', String(limit));
    if (tokenFor) p.set('pageToken', tokenFor(offset));
    else p.set('offset', String(offset));
    return `${req.baseUrl}${req.path}?${p.toString()}`;
  };
}

/** RFC 8288 Link header value for the page links, or null when there are none. */
export function linkHeader(links: PageLinks): string | null {
  const parts = [
    links.next ? `<${links.next}>; rel="next"` : null,
    links.prev ? `<${links.prev}>; rel="prev"` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}

/** Rank of a trial id as stored, or upper-cased (nct01234567 finds NCT01234567). */
export function findRank(index: TrialIndex, id: string): number | undefined {
  return index.rankById.get(id) ?? index.rankById.get(id.trim().toUpperCase());
}

/** Rank of a trial id as `findRank` finds it; 404 otherwise. */
export function rankOf(index: TrialIndex, id: string): number {
  const rank = findRank(index, id);
  if (rank === undefined) throw new ApiError('not_found', `No trial with id '${id}'.`);
  return rank;
}

/** The prebuilt detail JSON ends with this; a request with filters puts its match in its place. */
const NULL_MATCH_TAIL = 'null}'.length;

/**
 * The detail envelope; `match` explains the trial against `matchQuery` (null without filters).
 * The detail is kept compressed (query/trial-json.ts): inflated here, for what the stored
 * gzip head (`packedDetail`) does not answer.
 */
export function trialDetailBody(
  index: TrialIndex,
  id: string,
  matchQuery: TrialQuery | null,
  quota: QuotaMeta | null,
): Buffer {
  const rank = rankOf(index, id);
  const head = detailHead(index, rank);
  if (!matchQuery) return Buffer.concat([head, detailEnd(quota)]);
  const json = head.subarray(DETAIL_OPEN.length, head.length - DETAIL_META_OPEN.length);
  const withMatch = Buffer.concat([
    json.subarray(0, json.length - NULL_MATCH_TAIL),
    Buffer.from(`${JSON.stringify(explainTrial(index, rank, matchQuery))}}`),
  ]);
  return renderWithQuota(withMatch, quota);
}

/** What follows a detail body's head (DETAIL_META_OPEN): the key's counters and the closing braces. */
function detailEnd(quota: QuotaMeta | null): Buffer {
  return quota ? quotaTail(quota) : Buffer.from('}}');
}

/**
 * The detail of `rank` as the compressed head a gzip client is sent (query/trial-json.ts),
 * completed per response by `bodyEnd` as a head kept in the ring is: no compression per
 * request and nothing kept for it.
 */
export function packedDetail(index: TrialIndex, rank: number): PackedBody {
  return {
    coding: 'gzip',
    head: index.detailGzip[rank],
    crc: index.detailCrc[rank],
    headBytes: index.detailBytes[rank],
    headers: {},
  };
}

/**
 * GET /trials. With `pageToken` the page is read from the snapshot version the token pins
 * (api/params/page-token.ts) at the token's offset, and its links carry tokens too.
 */
export function listTrials(holder: SnapshotHolder): RequestHandler {
  return function listTrials(req: Request, res: Response): void {
    const { usage } = routeLocals(res);
    const parsed = parseTrialsQuery(req.query as Record<string, unknown>);
    const { snapshot, query } = pinnedPage(req, res, holder, parsed);
    const format = chosenFormat(req, query.format, RESPONSE_FORMATS);
    const fields = projectionOf(query.fields, 'trials');
    if (notModified(req, res, snapshot, format)) return;
    const digest = queryDigest(query);
    const tokenFor = (offset: number) =>
      encodePageToken({ version: snapshot.manifest.version, offset, query: digest });
    const quota = quotaOf(usage);
    if (format === 'csv') {
      sendTrialsCsv(req, res, { snapshot, query, quota }, fields, tokenFor);
      return;
    }
    const urlFor = pageUrl(req, query.limit, query.pageToken ? tokenFor : null);
    sendDataBody(req, res, snapshot.compressed, quota, (alloc) => {
      // A projected page is a new body: the rendered one is not kept, so not written in place.
      const { body, links, ranks, recipe } = trialListPage(
        snapshot.index,
        query,
        quota,
        urlFor,
        tokenFor,
        fields ? undefined : alloc,
      );
      const link = links && linkHeader(links);
      // A plain miss (given `alloc`): the page can be rendered again from its recipe once
      // its bytes leave the ring (./list-recipes.ts); explain's members are not kept.
      if (alloc && !fields && !query.explain)
        keepRecipe(snapshot.index, req.originalUrl, {
          ...recipe,
          headers: link ? { Link: link } : {},
        });
      return {
        body: !fields
          ? body
          : asListed(query)
            ? projectListPage(snapshot.index, ranks, body, fields)
            : projectBody(body, fields),
        ...(link ? { headers: { Link: link } } : {}),
      };
    });
  };
}

/** Whether a page's trials are their list JSON as prebuilt (no ZIP splice, no explain). */
const asListed = (query: TrialQuery): boolean => query.near === null && !query.explain;

/**
 * A page as CSV (./csv.ts). Its next and previous pages are linked by page token, so an
 * export that crosses a refresh reads one version; the total is in X-Total-Count. The body
 * (no per-key counters in CSV) is kept per snapshot and URL with the plain JSON bodies: a
 * repeated export costs no search and no conversion (~1.5-2 ms of CPU a 50-row page).
 */
function sendTrialsCsv(
  req: Request,
  res: Response,
  { snapshot, query, quota }: { snapshot: LoadedSnapshot; query: TrialQuery; quota: QuotaMeta },
  fields: string[] | null,
  tokenFor: (offset: number) => string,
): void {
  const ref = keptBodyFor(req, query.format === 'csv' ? 'csv' : 'csv accept')!;
  const kept = snapshot.compressed.getKept(ref, res);
  if (kept) {
    sendKept(res, kept, ref.kind, quota);
    return;
  }
  const urlFor = pageUrl(req, query.limit, tokenFor);
  const { body, links, ranks } = trialListPage(snapshot.index, query, null, urlFor, tokenFor);
  const columns = csvColumns(fields, { near: query.near !== null, explain: query.explain });
  const { text, total } = asListed(query)
    ? trialsCsvFromIndex(snapshot.index, ranks, body, columns)
    : trialsCsv(body, columns);
  const link = links && linkHeader(links);
  // Sent as bytes, so Express leaves the Content-Type as set (it already names utf-8).
  const bytes = Buffer.from(text);
  const headers: Record<string, string> = {
    ...(link ? { Link: link } : {}),
    'Content-Type': CSV_CONTENT_TYPE,
    'X-Total-Count': String(total),
  };
  if (req.method === 'GET') snapshot.compressed.putPlain(ref.key, bytes, headers);
  res.set(headers).send(bytes);
}

/**
 * The snapshot and query a /trials request reads: the admitted snapshot, or with a page
 * token the version it pins (while the holder keeps it) at the token's offset.
 */
function pinnedPage(
  req: Request,
  res: Response,
  holder: SnapshotHolder,
  query: TrialQuery,
): { snapshot: LoadedSnapshot; query: TrialQuery } {
  const { snapshot } = routeLocals(res);
  const token = query.pageToken;
  if (!token) return { snapshot, query };
  if ((req.query as Record<string, unknown>).offset !== undefined)
    throw invalidParameter('offset', 'not with pageToken: the token says where its page starts');
  if (token.query !== queryDigest(query))
    throw invalidParameter(
      'pageToken',
      'issued for another query: send it with the parameters of the request that returned it ' +
        '(limit may change)',
    );
  const pinned = holder.at(token.version);
  if (!pinned) throw pinnedVersionGone(req, token.version, snapshot, holder.retainPreviousMs);
  useSnapshot(res, pinned);
  return { snapshot: pinned, query: { ...query, offset: token.offset } };
}

function pinnedVersionGone(
  req: Request,
  version: string,
  serving: LoadedSnapshot,
  retainMs: number,
): ApiError {
  // Another API process may have swapped first: this one has not loaded that version yet.
  if (version > serving.manifest.version)
    return new ApiError(
      'snapshot_unavailable',
      `The snapshot version ${version} this page token pins is not loaded here yet; retry shortly.`,
      { headers: { 'Retry-After': '30' } },
    );
  const first = pageUrl(req, Number(req.query.limit ?? DEFAULT_LIMIT) || DEFAULT_LIMIT)(0);
  return new ApiError(
    'page_token_expired',
    `The snapshot version ${version} this page token pins is no longer served (a replaced ` +
      `version stays readable for ${Math.round(retainMs / 60_000)} minutes after the swap). ` +
      `Start the paging run again from the first page, ${first}, which reads version ` +
      `${serving.manifest.version}.`,
  );
}

export function getTrial(req: Request, res: Response): void {
  const { snapshot, usage } = routeLocals(res);
  const { match: matchQuery, fields: asked } = parseDetailQuery(
    req.query as Record<string, unknown>,
  );
  const fields = projectionOf(asked, 'detail');
  const rank = rankOf(snapshot.index, String(req.params.nct_id));
  if (notModified(req, res, snapshot)) return;
  const quota = quotaOf(usage);
  // A plain detail is its prebuilt JSON: keeping a second copy would only crowd out list pages.
  const asStored = matchQuery === null && fields === null;
  sendDataBody(
    req,
    res,
    snapshot.compressed,
    quota,
    () => {
      const body = trialDetailBody(snapshot.index, String(req.params.nct_id), matchQuery, quota);
      return { body: fields ? projectBody(body, fields) : body };
    },
    {
      keepPlain: !asStored,
      packed: asStored ? packedDetail(snapshot.index, rank) : undefined,
    },
  );
}
