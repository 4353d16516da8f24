/**
 * The Express app of /api/v1. Order of a request (docs/architecture.md): CORS, route
 * match (404/405), API key (401/403), snapshot (503), limits (429, counts), parameter
 * validation (400) and handler, then the one error middleware. MCP over HTTP (`/mcp`)
 * is its own router beside /api/v1, with JSON-RPC error bodies (api/mcp/http.ts).
 */
import express, { type RequestHandler, type Router } from 'express';
import type { Logger } from '../config/logger.js';
import { BASE_PATH } from './docs.js';
import type { KeyStore } from './keys/types.js';
import type { UsageCounter } from './limits/types.js';
import { mcpRouter } from './mcp/http.js';
import { allowGet } from './middleware/allow-get.js';
import { apiKey } from './middleware/api-key.js';
import { apiCors } from './middleware/cors.js';
import { errorHandler, notFound } from './middleware/error-handler.js';
import { rateLimit } from './middleware/rate-limit.js';
import { requireSnapshot } from './middleware/require-snapshot.js';
import { docsHandler } from './routes/docs.js';
import { metaHandler } from './routes/meta.js';
import { openApiHandler } from './routes/openapi.js';
import { listSources } from './routes/sources.js';
import { getTrial, listTrials } from './routes/trials.js';
import type { SnapshotHolder } from './snapshot-holder.js';

export interface AppDeps {
  snapshots: SnapshotHolder;
  keys: KeyStore;
  usage: UsageCounter;
  logger: Logger;
  /** Shown in /docs as where to request a key. */
  contactEmail: string;
  /** Operator-only routes (queue dashboard); mounted at the root, they choose their own paths. */
  operatorRouter?: Router;
}

export function createApp(deps: AppDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // An ETag hashes every body (sha1 of ~30 KB per list page), and a 304 would still count
  // against the quota; clients gain nothing from it here.
  app.set('etag', false);

  app.use(apiCors());
  if (deps.operatorRouter) app.use(deps.operatorRouter);
  app.use(mcpRouter({ snapshots: deps.snapshots, keys: deps.keys, usage: deps.usage, logger: deps.logger }));

  const authenticate = apiKey(deps.keys);
  const snapshot = requireSnapshot(deps.snapshots);
  const counted = rateLimit(deps.usage, { count: true });
  const peeked = rateLimit(deps.usage, { count: false });
  const route = (path: string, ...handlers: RequestHandler[]) => {
    app.all(path, allowGet);
    app.get(path, ...handlers);
  };

  route(`${BASE_PATH}/docs`, docsHandler(deps.contactEmail));
  route(`${BASE_PATH}/openapi.json`, openApiHandler(deps.contactEmail));
  route(`${BASE_PATH}/meta`, authenticate, peeked, metaHandler(deps.snapshots));
  route(`${BASE_PATH}/sources`, authenticate, snapshot, counted, listSources);
  route(`${BASE_PATH}/trials`, authenticate, snapshot, counted, listTrials);
  route(`${BASE_PATH}/trials/:nct_id`, authenticate, snapshot, counted, getTrial);

  app.use(notFound);
  app.use(errorHandler(deps.logger));
  return app;
}
