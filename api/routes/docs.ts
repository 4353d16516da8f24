/** GET /api/v1/docs: no key, never counted; the body is built once per app. */
import type { Request, Response } from 'express';
import { buildApiDocs } from '../docs.js';
import { assertNoParameters } from '../params/no-params.js';
import { sendStaticJson, strongEtag } from './caching.js';

export function docsHandler(contactEmail: string) {
  const body = Buffer.from(JSON.stringify(buildApiDocs(contactEmail)));
  const etag = strongEtag(body);
  return function docs(req: Request, res: Response): void {
    assertNoParameters(req.query as Record<string, unknown>);
    sendStaticJson(req, res, body, etag);
  };
}
