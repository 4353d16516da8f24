/**
 * The one place errors become responses: an ApiError keeps its code, status and headers;
 * anything else is logged and answered 500 internal_error, never with a stack trace.
 */
import type { ErrorRequestHandler, NextFunction, Request, Response } from 'express';
import type { Logger } from '../../config/logger.js';
import { ApiError } from '../errors.js';
import { RedisUnavailableError } from '../redis.js';

/** Errors Express itself raises carry a 4xx status (e.g. a path with broken %-encoding). */
function fromFrameworkError(err: unknown): ApiError | null {
  const status =
    (err as { status?: unknown; statusCode?: unknown })?.status ??
    (err as { statusCode?: unknown })?.statusCode;
  if (status === 400)
    return new ApiError(
      'invalid_parameter',
      'The request URL is malformed (bad percent-encoding).',
    );
  if (status === 404) return new ApiError('not_found', 'No such resource.');
  return null;
}

/** Seconds a client should wait after a 503 for an unavailable Redis (reconnects retry every 2 s at most). */
export const DEPENDENCY_RETRY_AFTER_S = 5;

/** Keys and counters live in Redis: without it the API fails closed (503), never open. */
function fromDependencyError(err: unknown, logger: Logger): ApiError | null {
  if (!(err instanceof RedisUnavailableError)) return null;
  logger.debug({ err: err.message }, 'request refused: Redis unavailable');
  return new ApiError(
    'service_unavailable',
    'The key and usage store is unavailable; retry shortly.',
    {
      headers: { 'Retry-After': String(DEPENDENCY_RETRY_AFTER_S) },
    },
  );
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return function errorHandler(
    err: unknown,
    req: Request,
    res: Response,
    next: NextFunction,
  ): void {
    if (res.headersSent) {
      next(err);
      return;
    }
    let apiError =
      err instanceof ApiError ? err : (fromFrameworkError(err) ?? fromDependencyError(err, logger));
    if (!apiError) {
      logger.error({ err, method: req.method, path: req.path }, 'unhandled error');
      apiError = new ApiError('internal_error', 'An internal error occurred.');
    }
    // An error must not be reused from a cache, nor keep the validators a handler set before failing.
    res.removeHeader('ETag');
    res.removeHeader('Last-Modified');
    res
      .status(apiError.status)
      .set({ 'Cache-Control': 'no-store', ...apiError.headers })
      .json(apiError.toBody());
  };
}

/** Any path no route claimed. */
export function notFound(req: Request, _res: Response, next: NextFunction): void {
  next(new ApiError('not_found', `No resource at ${req.path}.`));
}
