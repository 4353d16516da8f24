/**
 * One access-log line per response (pino-http): method, path and query, status, time.
 * Keys travel in headers and headers are not logged. The URL is logged by what the service
 * knows, not by what a value looks like: a query parameter keeps its value only when its
 * name is one of the API's parameters (and the value holds nothing shaped like a key);
 * every other value is masked (and a name that does not read as one), and so is every path
 * segment that is not a literal of a route's path (routes/paths.ts) or an id of the form its
 * parameter takes. Clients put keys, tokens and passwords in URLs under any name (`k=`,
 * `auth=`, `/trials/<key>`); none of them is logged.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../../config/logger.js';
import { isTrialId } from '../../domain/nct-id.js';
import { BASE_PATH } from '../identity.js';
import { KEY_PREFIX } from '../keys/secret.js';
import { MCP_PATH, ROUTE_PATHS } from '../routes/paths.js';
import { DASHBOARD_PATH } from '../operator/paths.js';
import { PARAMETERS } from '../params/parameters.js';

export const MASK = '[redacted]';

/** Query parameter names whose values are logged: the rows of the parameter table. */
const LOGGED_PARAMETERS: ReadonlySet<string> = new Set(PARAMETERS.map((p) => p.name));

/** A route parameter's value is logged when it has the form the parameter takes. */
const PATH_PARAMETER_FORMS: Readonly<Record<string, (value: string) => boolean>> = {
  nct_id: isTrialId,
  file: (value) => /^[a-z0-9-]{1,40}\.(?:css|js|png)$/.test(value),
};

const ROUTES = Object.values(ROUTE_PATHS).map(segmentsOf);

/** Mounts whose paths below them are not listed here: only the mount itself is kept. */
const KNOWN_PREFIXES = [BASE_PATH, MCP_PATH, DASHBOARD_PATH].map(segmentsOf);

const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,31}$/;

const KEY_SHAPED = new RegExp(`${KEY_PREFIX}[A-Za-z0-9_-]{8,}`);

function segmentsOf(path: string): string[] {
  return path.split('/').slice(1);
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** A route's segments when `segments` is a path it answers; null otherwise. */
function matching(pattern: readonly string[], segments: readonly string[]): string[] | null {
  if (pattern.length !== segments.length) return null;
  const kept: string[] = [];
  for (const [i, part] of pattern.entries()) {
    const segment = segments[i];
    if (!part.startsWith(':')) {
      if (part !== segment) return null;
      kept.push(segment);
      continue;
    }
    const value = decoded(segment);
    const ofForm = PATH_PARAMETER_FORMS[part.slice(1)]?.(value) && !KEY_SHAPED.test(value);
    kept.push(ofForm ? segment : MASK);
  }
  return kept;
}

function safePath(path: string): string {
  const segments = segmentsOf(path);
  for (const pattern of ROUTES) {
    const kept = matching(pattern, segments);
    if (kept) return `/${kept.join('/')}`;
  }
  // No route answers it (a 404), or one below a mount: keep the longest known prefix.
  let keep = 0;
  for (const prefix of KNOWN_PREFIXES)
    if (prefix.length > keep && prefix.every((p, i) => segments[i] === p)) keep = prefix.length;
  return `/${segments.map((s, i) => (i < keep ? s : MASK)).join('/')}`;
}

function safeQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      if (pair === '') return pair;
      const eq = pair.indexOf('=');
      const name = decoded(eq < 0 ? pair : pair.slice(0, eq));
      // An unknown name is kept when it reads as a name (a client's typo is worth seeing).
      if (!LOGGED_PARAMETERS.has(name))
        return `${PLAIN_NAME.test(name) && !KEY_SHAPED.test(name) ? name : MASK}=${MASK}`;
      const value = eq < 0 ? '' : pair.slice(eq + 1);
      return KEY_SHAPED.test(decoded(value)) ? `${name}=${MASK}` : pair;
    })
    .join('&');
}

/** The URL as logged. */
export function logSafeUrl(url: string): string {
  const q = url.indexOf('?');
  const path = safePath(q < 0 ? url : url.slice(0, q));
  return q < 0 ? path : `${path}?${safeQuery(url.slice(q + 1))}`;
}

export function accessLog(logger: Logger): RequestHandler {
  return pinoHttp({
    logger: logger.child({ component: 'access' }),
    quietReqLogger: true,
    serializers: {
      // Serialised when the request arrives (pino-http binds it then), before any routing.
      req: (req: IncomingMessage) => ({ method: req.method, url: logSafeUrl(req.url ?? '') }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessMessage: (req, res) => `${req.method} ${res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method} ${res.statusCode}`,
  }) as unknown as RequestHandler;
}
