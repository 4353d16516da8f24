/**
 * The Express app of /api/v1. Order of a request (docs/architecture.md): access log, a kept
 * list or /match page or MCP tool call answered at once (routes/kept-hits.ts,
 * mcp/kept-calls.ts: admitted, then sent as the rest of the chain would), compression,
 * operator routes, security headers, CORS (API, MCP and /healthz only), route match
 * (404/405), content negotiation (406), API key (401/403), snapshot (503), limits (429,
 * counts), parameter validation (400) and handler, then the one error middleware. Key,
 * snapshot and limits are one step (admission): one Redis round trip when keys and counters
 * live there. MCP over HTTP (`/mcp`) is its own router beside /api/v1, with JSON-RPC error
 * bodies (api/mcp/http.ts).
 */
import compression from 'compression';
import express, { type RequestHandler, type Router } from 'express';
import type { Redis } from 'ioredis';
import type { Logger } from '../config/logger.js';
import { BASE_PATH } from './identity.js';
import type { KeyStore } from './keys/types.js';
import { StoreGate, type RequestGate } from './limits/gate.js';
import type { UsageCounter } from './limits/types.js';
import { MCP_PATH, mcpRouter } from './mcp/http.js';
import { keptCalls } from './mcp/kept-calls.js';
import { acceptFormats, acceptJson, RESPONSE_FORMATS } from './middleware/accept-json.js';
import { allowGet } from './middleware/allow-get.js';
import { admission } from './middleware/admission.js';
import { apiCors } from './middleware/cors.js';
import { errorHandler, notFound } from './middleware/error-handler.js';
import { apiSecurityHeaders } from './middleware/security.js';
import { docsHandler } from './routes/docs.js';
import { healthHandler } from './routes/health.js';
import { metaHandler } from './routes/meta.js';
import { openApiHandler } from './routes/openapi.js';
import { BROTLI_PARAMS, COMPRESSION_THRESHOLD_BYTES } from './routes/compressed-bodies.js';
import { ROUTE_PATHS } from './routes/paths.js';
import { referenceAsset, referencePage } from './routes/reference.js';
import { listSources } from './routes/sources.js';
import { getTrial, listTrials } from './routes/trials.js';
import { keptHits, recordedHeaders } from './routes/kept-hits.js';
import { listMatches } from './routes/match.js';
import { listChanges } from './routes/changes.js';
import type { SnapshotHolder } from './live-snapshot.js';

export interface AppDeps {
  snapshots: SnapshotHolder;
  keys: KeyStore;
  usage: UsageCounter;
  /**
   * Key lookup and counting in one call (RedisGate over the same Redis as keys and usage).
   * @defaultValue a StoreGate asking `keys`, then `usage`
   */
  gate?: RequestGate;
  logger: Logger;
  /** Shown in /docs as where to request a key. */
  contactEmail: string;
  /**
   * The counters' Redis connection, pinged by /healthz; null when running on the fallback
   * stores. A getter follows a server that moves from the fallback to Redis.
   */
  redis?: Redis | null | (() => Redis | null);
  /** Operator-only routes (queue dashboard); mounted at the root, they choose their own paths. */
  operatorRouter?: Router;
  /** Access log (pino-http), first so it times every response. */
  accessLog?: RequestHandler;
}

export function createApp(deps: AppDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // Express's own ETag hashes every body (sha1 of ~30 KB per list page); the routes set
  // validators from the snapshot version instead (routes/caching.ts), before building a body.
  app.set('etag', false);

  if (deps.accessLog) app.use(deps.accessLog);
  const securityHeaders = apiSecurityHeaders();
  const cors = apiCors();
  const gate = deps.gate ?? new StoreGate(deps.keys, deps.usage);
  const constantHeaders = recordedHeaders([securityHeaders, cors]);
  // A repeated list or /match page, or MCP tool call, before the rest of the chain, which
  // would decide it the same way.
  app.use(keptHits({ snapshots: deps.snapshots, gate, constantHeaders }));
  app.use(keptCalls({ snapshots: deps.snapshots, gate, constantHeaders }));
  // gzip or br for clients that accept it, from 1 KB up; smaller bodies are not worth the
  // CPU. The data routes compress each body once per snapshot and URL themselves
  // (routes/compressed-bodies.ts, with the same negotiation and Brotli settings); this
  // compresses the rest (MCP, docs, errors) per response.
  app.use(
    compression({ threshold: COMPRESSION_THRESHOLD_BYTES, brotli: { params: BROTLI_PARAMS } }),
  );
  // Operator routes first: they set their own headers and get no CORS (same-origin only).
  if (deps.operatorRouter) app.use(deps.operatorRouter);
  app.use(securityHeaders);
  app.use([BASE_PATH, MCP_PATH, '/healthz'], cors);
  app.use(mcpRouter({ snapshots: deps.snapshots, gate, logger: deps.logger }));

  const counted = admission(gate, { count: true, snapshots: deps.snapshots });
  const peeked = admission(gate, { count: false });
  const route = (path: string, ...handlers: RequestHandler[]) => {
    app.all(path, allowGet);
    app.get(path, ...handlers);
  };
  /** A route that answers JSON: 406 first when the client's Accept admits none. */
  const jsonRoute = (path: string, ...handlers: RequestHandler[]) =>
    route(path, acceptJson, ...handlers);

  jsonRoute(ROUTE_PATHS.health, healthHandler(deps.snapshots, deps.redis ?? null));
  jsonRoute(ROUTE_PATHS.docs, docsHandler(deps.contactEmail));
  jsonRoute(ROUTE_PATHS.openapi, openApiHandler(deps.contactEmail));
  route(ROUTE_PATHS.reference, referencePage);
  route(ROUTE_PATHS.referenceAsset, referenceAsset);
  jsonRoute(ROUTE_PATHS.meta, peeked, metaHandler(deps.snapshots));
  jsonRoute(ROUTE_PATHS.sources, counted, listSources);
  // The trial list also answers CSV (format=csv or Accept: text/csv).
  route(ROUTE_PATHS.trials, acceptFormats(RESPONSE_FORMATS), counted, listTrials(deps.snapshots));
  jsonRoute(ROUTE_PATHS.trial, counted, getTrial);
  jsonRoute(ROUTE_PATHS.match, counted, listMatches);
  jsonRoute(ROUTE_PATHS.changes, counted, listChanges(deps.snapshots));

  app.use(notFound);
  app.use(errorHandler(deps.logger));
  return app;
}
