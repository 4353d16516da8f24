/** GET /api/v1/openapi.json: the OpenAPI 3.1 document; no key, never counted, built once per app. */
import type { Request, Response } from 'express';
import { buildOpenApiDocument } from '../openapi/document.js';
import { assertNoParameters } from '../params/no-params.js';
import { sendStaticJson, strongEtag } from './caching.js';

export function openApiHandler(contactEmail: string) {
  const body = Buffer.from(JSON.stringify(buildOpenApiDocument(contactEmail)));
  const etag = strongEtag(body);
  return function openApi(req: Request, res: Response): void {
    assertNoParameters(req.query as Record<string, unknown>);
    sendStaticJson(req, res, body, etag);
  };
}
