/**
 * One access-log line per response (pino-http): method, path and query, status, time.
 * Keys travel in headers and headers are not logged; a query value whose name says key
 * or token (a client putting its key in the URL) is masked.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../../config/logger.js';

const SECRET_QUERY = /([?&][^=&]*(?:key|token|secret|password)[^=&]*=)[^&]*/gi;

export function maskUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

export function accessLog(logger: Logger): RequestHandler {
  return pinoHttp({
    logger: logger.child({ component: 'access' }),
    quietReqLogger: true,
    serializers: {
      req: (req: IncomingMessage & { raw?: IncomingMessage }) => ({
        method: req.method,
        url: maskUrl(req.url ?? ''),
      }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessMessage: (req, res) => `${req.method} ${res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method} ${res.statusCode}`,
  }) as unknown as RequestHandler;
}
