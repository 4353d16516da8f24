/** GET /api/v1/sources: the registry and the sponsor registries (domain/sources.ts) with trial counts. */
import type { Request, Response } from 'express';
import { notModified } from './caching.js';
import { assertNoParameters } from '../params/no-params.js';
import { renderWithQuota } from '../query/render.js';
import { sendDataBody } from './compressed-bodies.js';
import { quotaOf, routeLocals } from './send.js';

export function listSources(req: Request, res: Response): void {
  const { snapshot, usage } = routeLocals(res);
  assertNoParameters(req.query as Record<string, unknown>);
  if (notModified(req, res, snapshot)) return;
  const quota = quotaOf(usage);
  sendDataBody(req, res, snapshot.compressed, quota, () => ({
    body: renderWithQuota(snapshot.index.sourcesJson, quota),
  }));
}
