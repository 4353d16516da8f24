/** Known paths answer only GET and HEAD (OPTIONS is CORS's); other methods get 405. */
import type { NextFunction, Request, Response } from 'express';
import { ApiError } from '../errors.js';

export const ALLOWED_METHODS = 'GET, HEAD';

export function allowGet(req: Request, _res: Response, next: NextFunction): void {
  if (req.method === 'GET' || req.method === 'HEAD') {
    next();
    return;
  }
  next(
    new ApiError('method_not_allowed', `${req.method} is not allowed here; use GET.`, {
      headers: { Allow: ALLOWED_METHODS },
    }),
  );
}
