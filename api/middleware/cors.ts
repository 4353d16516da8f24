/** CORS for browser clients: any origin, GET only, the key headers in, our headers out. */
import cors from 'cors';
import type { RequestHandler } from 'express';
import { EXPOSED_HEADERS } from '../headers.js';

export function apiCors(): RequestHandler {
  return cors({
    origin: '*',
    methods: ['GET', 'HEAD'],
    allowedHeaders: ['Authorization', 'X-API-Key', 'Content-Type'],
    exposedHeaders: [...EXPOSED_HEADERS],
    maxAge: 86_400,
  });
}
