/**
 * Content negotiation of the JSON routes: a request whose Accept admits no JSON gets 406
 * not_acceptable (before the key is checked, so it is not counted), instead of a JSON body
 * it said it cannot take. No Accept, `*\/*`, `application/*` and `application/json` (any
 * parameters) admit it, with Express's (the `accepts` package's) reading of q-values.
 */
import type { NextFunction, Request, Response } from 'express';
import { ApiError } from '../errors.js';

export const JSON_MEDIA_TYPE = 'application/json';
/** What is sent: both forms are offered, so `application/json; charset=utf-8` in Accept matches too. */
const OFFERED = [JSON_MEDIA_TYPE, `${JSON_MEDIA_TYPE}; charset=utf-8`];

export function acceptJson(req: Request, _res: Response, next: NextFunction): void {
  if (!req.headers.accept || req.accepts(OFFERED)) {
    next();
    return;
  }
  next(
    new ApiError(
      'not_acceptable',
      `this endpoint answers ${JSON_MEDIA_TYPE} only, which Accept: ${req.headers.accept} does not admit`,
    ),
  );
}
