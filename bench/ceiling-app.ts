/**
 * The ceiling: Express 5 with the API's settings and CORS middleware, sending one
 * prebuilt JSON body the size of a default list page through the same send helper. No
 * key, counter, validation or search, so the gap to it is what the app itself costs.
 */
import cors from 'cors';
import express from 'express';
import { sendJsonBytes } from '../api/routes/send.js';

export function ceilingApp(body: Buffer): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(
    cors({
      origin: '*',
      methods: ['GET', 'HEAD'],
      allowedHeaders: ['Authorization', 'X-API-Key', 'Content-Type'],
      exposedHeaders: ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Burst-Limit', 'X-RateLimit-Burst-Remaining', 'Retry-After'],
      maxAge: 86_400,
    }),
  );
  app.get('/ceiling', (_req, res) => sendJsonBytes(res, body));
  return app;
}
