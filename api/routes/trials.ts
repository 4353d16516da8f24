/** GET /api/v1/trials and GET /api/v1/trials/:nct_id. */
import type { Request, Response } from 'express';
import { ApiError } from '../errors.js';
import { assertNoParameters } from '../params/no-params.js';
import { parseTrialsQuery } from '../params/trials-query.js';
import { renderTrialList, renderWithQuota } from '../query/render.js';
import { searchTrials } from '../query/search.js';
import { quotaOf, routeLocals, sendJsonBytes } from './send.js';

export function listTrials(req: Request, res: Response): void {
  const { snapshot, usage } = routeLocals(res);
  const query = parseTrialsQuery(req.query as Record<string, unknown>);
  const result = searchTrials(snapshot.index, query);
  sendJsonBytes(res, renderTrialList(snapshot.index, result, query, quotaOf(usage)));
}

export function getTrial(req: Request, res: Response): void {
  const id = String(req.params.nct_id);
  const { snapshot, usage } = routeLocals(res);
  assertNoParameters(req.query as Record<string, unknown>);
  const { rankById } = snapshot.index;
  // Ids are matched as stored, then upper-cased (nct01234567 finds NCT01234567).
  const rank = rankById.get(id) ?? rankById.get(id.trim().toUpperCase());
  if (rank === undefined) throw new ApiError('not_found', `No trial with id '${id}'.`);
  sendJsonBytes(res, renderWithQuota(snapshot.index.detailJson[rank], quotaOf(usage)));
}
