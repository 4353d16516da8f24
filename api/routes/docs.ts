/** GET /api/v1/docs: no key, never counted; the body is built once per app. */
import type { Request, Response } from 'express';
import { buildApiDocs } from '../docs.js';
import { assertNoParameters } from '../params/no-params.js';
import { sendJsonBytes } from './send.js';

export function docsHandler(contactEmail: string) {
  const body = Buffer.from(JSON.stringify(buildApiDocs(contactEmail)));
  return function docs(req: Request, res: Response): void {
    assertNoParameters(req.query as Record<string, unknown>);
    sendJsonBytes(res, body);
  };
}
