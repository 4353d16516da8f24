/**
 * GET /api/v1/reference: the OpenAPI document rendered by Swagger UI, served from the
 * project's own `swagger-ui-dist` (no CDN, no web fonts: the page works offline). No key;
 * the page's "Try it out" sends the key the user enters under "Authorize".
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Request, Response } from 'express';
import { API_NAME, BASE_PATH } from '../identity.js';
import { ApiError } from '../errors.js';
import { assertNoParameters } from '../params/no-params.js';
import { DOCS_CACHE_CONTROL } from './caching.js';

export const REFERENCE_PATH = `${BASE_PATH}/reference`;
const ASSETS_PATH = `${REFERENCE_PATH}/assets`;

// The package's main module loads the 1.4 MB browser bundle into Node; only its directory is needed.
const SWAGGER_UI_DIR = path.dirname(
  createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'),
);

/** The only files of the package the page needs; nothing else in it is served. */
const ASSETS = new Set([
  'swagger-ui.css',
  'swagger-ui-bundle.js',
  'favicon-32x32.png',
  'reference-init.js',
]);

const page = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${API_NAME}: reference</title>
  <link rel="stylesheet" href="${ASSETS_PATH}/swagger-ui.css">
  <link rel="icon" type="image/png" href="${ASSETS_PATH}/favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="${ASSETS_PATH}/swagger-ui-bundle.js"></script>
  <script src="${ASSETS_PATH}/reference-init.js"></script>
</body>
</html>
`;

// validatorUrl null: the stock page would send the document to validator.swagger.io.
const init = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(`${BASE_PATH}/openapi.json`)},
  dom_id: '#swagger-ui',
  validatorUrl: null,
  deepLinking: true,
  displayRequestDuration: true,
  defaultModelsExpandDepth: 0,
});
`;

/**
 * The API's own policy is default-src 'none' (it serves no pages); this one page runs its
 * own scripts and calls the API from the same origin. Swagger UI sets inline styles and
 * shows data: images; nothing is loaded from anywhere else.
 */
const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

export function referencePage(req: Request, res: Response): void {
  assertNoParameters(req.query as Record<string, unknown>);
  res
    .set({
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': DOCS_CACHE_CONTROL,
      'Content-Security-Policy': PAGE_CSP,
    })
    .send(page);
}

export function referenceAsset(req: Request, res: Response): void {
  const file = String(req.params.file);
  if (!ASSETS.has(file)) throw new ApiError('not_found', `No resource at ${req.path}.`);
  if (file === 'reference-init.js') {
    res
      .set({
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': DOCS_CACHE_CONTROL,
      })
      .send(init);
    return;
  }
  res.sendFile(path.join(SWAGGER_UI_DIR, file), { maxAge: '1d' });
}

export const REFERENCE_ASSET_ROUTE = `${ASSETS_PATH}/:file`;
