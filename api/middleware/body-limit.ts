/**
 * Bodies are bounded before any work: a route that reads a body puts `bodyLimit` first, so a
 * declared Content-Length over its limit is answered 413 `payload_too_large` before the key
 * is checked and without reading a byte. A body without a length (chunked) is counted by the
 * route's parser, which stops at the same limit and raises the error `bodyParserError` maps
 * to the same 413.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ApiError } from '../errors.js';

/** `POST /mcp`: a JSON-RPC message or batch of tool calls; a tool's arguments are a few hundred bytes. */
export const MCP_BODY_LIMIT_BYTES = 256 * 1024;

/**
 * The operator dashboard's writes (retry, clean, promote a job): bull-board parses them with
 * `express.json()`, whose default limit is this.
 */
export const DASHBOARD_BODY_LIMIT_BYTES = 100 * 1024;

export function payloadTooLarge(limitBytes: number, cause?: unknown): ApiError {
  return new ApiError(
    'payload_too_large',
    `The request body is larger than the ${Math.round(limitBytes / 1024)} KB this endpoint accepts.`,
    { cause, headers: { Connection: 'close' } },
  );
}

export function bodyLimit(limitBytes: number): RequestHandler {
  return function bodyLimit(req: Request, _res: Response, next: NextFunction): void {
    const declared = req.get('content-length');
    if (declared !== undefined && Number(declared) > limitBytes) {
      next(payloadTooLarge(limitBytes));
      return;
    }
    next();
  };
}

/**
 * The errors body-parser (express.json) raises carry a `type` and a 4xx status: they are the
 * client's, answered as such and never as a 500.
 */
export function bodyParserError(err: unknown): ApiError | null {
  const e = err as { type?: unknown; status?: unknown; limit?: unknown; message?: unknown };
  if (typeof e?.type !== 'string' || typeof e.status !== 'number') return null;
  if (e.status === 413) return payloadTooLarge(typeof e.limit === 'number' ? e.limit : 0, err);
  if (e.type === 'entity.parse.failed')
    return new ApiError('invalid_parameter', 'The request body is not JSON.', { cause: err });
  if (e.status >= 400 && e.status < 500)
    return new ApiError('bad_request', `The request body cannot be read: ${String(e.message)}.`, {
      cause: err,
    });
  return null;
}
