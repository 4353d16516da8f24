/**
 * Operator-only routes need OPERATOR_TOKEN, as `Authorization: Bearer <token>` (scripts,
 * curl) or as the password of HTTP Basic (any user name), which a browser asks for by itself
 * and then resends with the dashboard's own API calls.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** Both sides are hashed first, so the comparison takes the same time whatever the lengths. */
function sameSecret(given: string, expected: Buffer): boolean {
  return timingSafeEqual(createHash('sha256').update(given).digest(), expected);
}

function presentedToken(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, value = ''] = header.trim().split(/\s+/, 2);
  if (/^bearer$/i.test(scheme)) return value || null;
  if (/^basic$/i.test(scheme)) {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon >= 0 ? decoded.slice(colon + 1) : null;
  }
  return null;
}

const WAYS_IN =
  'Send it as "Authorization: Bearer <OPERATOR_TOKEN>", or in a browser enter it as the ' +
  'password of the login prompt (any user name).';

export function operatorAuth(token: string): RequestHandler {
  const expected = createHash('sha256').update(token).digest();
  return function operatorAuth(req: Request, res: Response, next: NextFunction): void {
    res.set('Cache-Control', 'no-store');
    const given = presentedToken(req.get('authorization'));
    if (given !== null && sameSecret(given, expected)) {
      next();
      return;
    }
    // One challenge per header, Basic first: Chromium shows its login prompt only for a
    // Basic challenge it can find, and finds none inside a combined "Bearer ..., Basic ..." value.
    res
      .status(401)
      .set('WWW-Authenticate', [
        'Basic realm="lungtrials operator", charset="UTF-8"',
        'Bearer realm="lungtrials operator"',
      ])
      .json({
        error:
          given === null
            ? {
                code: 'operator_token_required',
                message: `This operator route needs the operator token. ${WAYS_IN}`,
              }
            : {
                code: 'invalid_operator_token',
                message: `The operator token is not valid. ${WAYS_IN}`,
              },
      });
  };
}
