/**
 * The one place errors become responses: an ApiError keeps its code, status and headers;
 * anything else is answered 500 internal_error, never with a stack trace. The error an
 * answer replaces is its ApiError's `cause`, and is logged (a stack only for a 500).
 */
import type { ErrorRequestHandler, NextFunction, Request, Response } from 'express';
import type { Logger } from '../../config/logger.js';
import { ApiError } from '../errors.js';
import { RedisUnavailableError } from '../redis.js';
import { logSafeUrl } from './access-log.js';
import { bodyParserError } from './body-limit.js';

/** Errors Express itself raises carry a 4xx status (e.g. a path with broken %-encoding). */
function fromFrameworkError(err: unknown): ApiError | null {
  const status =
    (err as { status?: unknown; statusCode?: unknown })?.status ??
    (err as { statusCode?: unknown })?.statusCode;
  if (status === 400)
    return new ApiError(
      'invalid_parameter',
      'The request URL is malformed (bad percent-encoding).',
      { cause: err },
    );
  if (status === 404) return new ApiError('not_found', 'No such resource.', { cause: err });
  return null;
}

/** Seconds a client should wait after a 503 for an unavailable Redis (reconnects retry every 2 s at most). */
export const DEPENDENCY_RETRY_AFTER_S = 5;

/** Keys and counters live in Redis: without it the API fails closed (503), never open. */
export function fromDependencyError(err: unknown): ApiError | null {
  if (!(err instanceof RedisUnavailableError)) return null;
  return new ApiError(
    'service_unavailable',
    'The key and usage store is unavailable; retry shortly.',
    {
      headers: { 'Retry-After': String(DEPENDENCY_RETRY_AFTER_S) },
      cause: err,
    },
  );
}

/**
 * The cause of an error answer: a 500's with its stack at error level (a bug to fix); any
 * other's at debug, as one line naming the cause, since the answer already tells the
 * client: a client error is not a fault of the server, and an outage or a flood of bad
 * requests would otherwise write a stack per request.
 */
export function logRefusal(logger: Logger, apiError: ApiError, req: Request): void {
  // The URL as the access log has it: a key sent in the URL stays out of this line too.
  const fields = {
    code: apiError.code,
    status: apiError.status,
    method: req.method,
    path: logSafeUrl(req.originalUrl),
  };
  if (apiError.code === 'internal_error') {
    logger.error({ ...fields, err: apiError.cause }, 'unhandled error');
    return;
  }
  const cause = apiError.cause;
  logger.debug(
    cause === undefined
      ? fields
      : { ...fields, cause: cause instanceof Error ? cause.message : String(cause) },
    `request refused: ${apiError.code}`,
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
    const apiError =
      err instanceof ApiError
        ? err
        : (bodyParserError(err) ??
          fromFrameworkError(err) ??
          fromDependencyError(err) ??
          new ApiError('internal_error', 'An internal error occurred.', { cause: err }));
    logRefusal(logger, apiError, req);
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
