/**
 * Authenticates a request by its API key: `Authorization: Bearer <key>` (preferred) or
 * `X-API-Key: <key>`. Every request looks the key up in the store again, so a key the
 * operator revokes is refused on the very next request.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ApiError } from '../errors.js';
import type { KeyStore } from '../keys/types.js';

const BEARER = /^Bearer[ \t]+(\S+)\s*$/i;

/** The presented key, or null when the request carries none. */
export function presentedKey(req: Request): string | null {
  const authorization = req.get('authorization');
  const bearer = authorization ? BEARER.exec(authorization) : null;
  if (bearer) return bearer[1];
  const header = req.get('x-api-key')?.trim();
  return header ? header : null;
}

export const missingKeyError = (): ApiError =>
  new ApiError(
    'missing_api_key',
    'An API key is required: send "Authorization: Bearer <key>" or "X-API-Key: <key>".',
    {
      headers: { 'WWW-Authenticate': 'Bearer' },
    },
  );

export const invalidKeyError = (): ApiError =>
  new ApiError('invalid_api_key', 'The API key is not valid.', {
    headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
  });

export const revokedKeyError = (): ApiError =>
  new ApiError('key_revoked', 'The API key has been revoked.');

export function apiKey(store: KeyStore): RequestHandler {
  return async function apiKey(req: Request, res: Response, next: NextFunction): Promise<void> {
    const plaintext = presentedKey(req);
    if (plaintext === null) {
      next(missingKeyError());
      return;
    }
    try {
      const record = await store.findByPlaintext(plaintext);
      if (!record) {
        next(invalidKeyError());
        return;
      }
      if (record.revoked_at !== null) {
        next(revokedKeyError());
        return;
      }
      res.locals.apiKey = record;
      next();
    } catch (error) {
      next(error);
    }
  };
}
