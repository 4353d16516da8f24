/**
 * The ceiling: Express 5 with the API's settings, CORS and compression middleware (which
 * compresses nothing for the bench's clients: they send no Accept-Encoding), sending one
 * prebuilt JSON body the size of a default list page through the same send helper. No
 * key, counter, validation or search, so the gap to it is what the app itself costs.
 */
import compression from 'compression';
import express from 'express';
import { COMPRESSION_THRESHOLD_BYTES } from '../api/routes/compressed-bodies.js';
import { apiCors } from '../api/middleware/cors.js';
import { sendJsonBytes } from '../api/routes/send.js';

export function ceilingApp(body: Buffer): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(apiCors());
  app.use(compression({ threshold: COMPRESSION_THRESHOLD_BYTES }));
  app.get('/ceiling', (_req, res) => sendJsonBytes(res, body));
  return app;
}
