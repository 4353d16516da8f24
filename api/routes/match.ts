/**
 * GET /api/v1/match: the trials a patient could enter (api/query/match-search.ts), written
 * by the /trials list renderer with each trial's `match` (the patient's status, the rows
 * behind it and, with explain, every filter's verdict) spliced in. The MCP tool
 * match_patient calls matchListBody, so both surfaces answer from one path.
 */
import type { Request, Response } from 'express';
import type { PatientMatch } from '../openapi/schemas.js';
import type { TrialQuery } from '../params/parameters.js';
import { parsePatientQuery } from '../params/trials-query.js';
import { presentBiomarker, type TrialMatch } from '../present.js';
import { explainTrial } from '../query/explain.js';
import { unitVector } from '../query/geo-candidates.js';
import type { TrialVerdict } from '../query/match.js';
import { searchMatches } from '../query/match-search.js';
import { pageLinks, renderTrialList, type PageLinks, type QuotaMeta } from '../query/render.js';
import type { TrialIndex } from '../query/trial-index.js';
import { notModified } from './caching.js';
import { sendDataBody, type BodyAlloc } from './compressed-bodies.js';
import { quotaOf, routeLocals } from './send.js';
import { linkHeader, pageUrl } from './trials.js';

export function presentPatientMatch(
  verdict: TrialVerdict,
  explained: TrialMatch | null,
): PatientMatch {
  return {
    status: verdict.status,
    reason: verdict.reason,
    tests: verdict.tests,
    group: verdict.group,
    biomarkers: verdict.rows.map(({ row, role }) => ({ ...presentBiomarker(row), role })),
    filters: explained?.filters ?? [],
    nearest_site: explained?.nearest_site ?? null,
  };
}

/**
 * The /match list envelope and, given `urlFor`, its next/prev links; given `alloc`, written
 * into the bytes it gives (renderTrialList).
 */
export function matchListPage(
  index: TrialIndex,
  query: TrialQuery,
  quota: QuotaMeta | null,
  urlFor: ((offset: number) => string) | null,
  alloc?: BodyAlloc,
): { body: Buffer; links: PageLinks | null } {
  const result = searchMatches(index, query);
  const extras = result.hits.map((hit) => {
    const explained = query.explain ? explainTrial(index, hit.rank, query, hit) : null;
    return Buffer.from(`,"match":${JSON.stringify(presentPatientMatch(hit.verdict, explained))}`);
  });
  const links = urlFor ? pageLinks(result.total, query.limit, query.offset, urlFor) : null;
  const { near } = query;
  const page = { limit: query.limit, offset: query.offset, ...(links ? { links } : {}) };
  const centre = near ? unitVector(near.lat, near.lon) : null;
  return { body: renderTrialList(index, result, page, quota, extras, centre, alloc), links };
}

export function matchListBody(
  index: TrialIndex,
  query: TrialQuery,
  quota: QuotaMeta | null,
): Buffer {
  return matchListPage(index, query, quota, null).body;
}

export function listMatches(req: Request, res: Response): void {
  const { snapshot, usage } = routeLocals(res);
  const query = parsePatientQuery(req.query as Record<string, unknown>);
  if (notModified(req, res, snapshot)) return;
  const quota = quotaOf(usage);
  // Kept per snapshot and URL like a /trials page: a repeated patient costs no search.
  sendDataBody(req, res, snapshot.compressed, quota, (alloc) => {
    const urlFor = pageUrl(req, query.limit);
    const { body, links } = matchListPage(snapshot.index, query, quota, urlFor, alloc);
    const link = links && linkHeader(links);
    return { body, ...(link ? { headers: { Link: link } } : {}) };
  });
}
