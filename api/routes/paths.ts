/**
 * The paths the app's routes answer (Express patterns), declared once: app.ts mounts its
 * routes at them and the access log keeps only their literal segments and `:parameters`
 * of the expected form (middleware/access-log.ts).
 */
import { BASE_PATH } from '../identity.js';
import { REFERENCE_ASSET_ROUTE, REFERENCE_PATH } from './reference.js';

/** MCP over Streamable HTTP (api/mcp/http.ts). */
export const MCP_PATH = '/mcp';

export const ROUTE_PATHS = {
  health: '/healthz',
  docs: `${BASE_PATH}/docs`,
  openapi: `${BASE_PATH}/openapi.json`,
  reference: REFERENCE_PATH,
  referenceAsset: REFERENCE_ASSET_ROUTE,
  meta: `${BASE_PATH}/meta`,
  sources: `${BASE_PATH}/sources`,
  trials: `${BASE_PATH}/trials`,
  trial: `${BASE_PATH}/trials/:nct_id`,
  match: `${BASE_PATH}/match`,
  changes: `${BASE_PATH}/changes`,
  mcp: MCP_PATH,
} as const;
