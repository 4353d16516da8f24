/**
 * HTTP caching of responses. Data responses change only when a new snapshot is published,
 * so each gets a validator built from the snapshot version and the request: a client that
 * sends it back in If-None-Match gets 304 without the body (still counted: the quota
 * middleware has run by then, as documented). Freshness is the `fresh` package's
 * (If-None-Match with weak comparison and `*`, If-Modified-Since only without it), given
 * the two conditional headers alone: Express's `req.fresh` also answers 200 to any request
 * carrying `Cache-Control: no-cache`, which fetch() adds to every request that sets
 * If-None-Match by hand, so an app revalidating with fetch would never get its 304. That
 * directive is addressed to caches; an origin server evaluates the conditions (RFC 9110
 * section 13.2.2).
 *
 * The ETag is weak (W/): the body also carries the key's quota counters, which change on
 * every request, so two 200s for one validator are equivalent but not byte-identical,
 * which RFC 9110 section 8.8.1 reserves strong validators for.
 */
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import fresh from 'fresh';
import type { LoadedSnapshot } from '../live-snapshot.js';

/** Counted data endpoints: the key's own cache may reuse a response for five minutes. */
export const DATA_CACHE_CONTROL = 'private, max-age=300';
/** /docs and /openapi.json change only with a deploy. */
export const DOCS_CACHE_CONTROL = 'public, max-age=3600';
/** The body depends on the key (quota counters), so a cache must key on it too. */
const DATA_VARY = 'Authorization, X-API-Key';

/** True when the request's If-None-Match / If-Modified-Since hold for the validators set on `res`. */
function isFresh(req: Request, res: Response): boolean {
  const conditions = {
    'if-none-match': req.headers['if-none-match'],
    'if-modified-since': req.headers['if-modified-since'],
  };
  return fresh(conditions, { etag: res.get('ETag'), 'last-modified': res.get('Last-Modified') });
}

function digest(text: string | Buffer): string {
  return createHash('sha1').update(text).digest('base64url').slice(0, 22);
}

/**
 * The validators and caching headers of a data response, in the order they are set: ETag,
 * Cache-Control, Vary, and Last-Modified when the snapshot's creation time reads as a date.
 * A route serving several representations (JSON, CSV) of one URL validates each apart, and
 * caches key on Accept too (`format` given).
 */
export function dataValidators(
  snapshot: LoadedSnapshot,
  url: string,
  format?: string,
): [string, string][] {
  const { version, created_at } = snapshot.manifest;
  const headers: [string, string][] = [
    ['ETag', `W/"${version}-${digest(format && format !== 'json' ? `${format} ${url}` : url)}"`],
    ['Cache-Control', DATA_CACHE_CONTROL],
    ['Vary', format ? `${DATA_VARY}, Accept` : DATA_VARY],
  ];
  const published = new Date(created_at);
  if (!Number.isNaN(published.getTime())) headers.push(['Last-Modified', published.toUTCString()]);
  return headers;
}

/**
 * Sets ETag, Last-Modified, Cache-Control and Vary for a data response and answers 304
 * when the client's copy is current. Returns true when the 304 was sent.
 */
export function notModified(
  req: Request,
  res: Response,
  snapshot: LoadedSnapshot,
  format?: string,
): boolean {
  for (const [name, value] of dataValidators(snapshot, req.originalUrl, format))
    res.set(name, value);
  if (!isFresh(req, res)) return false;
  res.status(304).end();
  return true;
}

/** A fixed body (docs, OpenAPI): strong ETag of its bytes, a long public max-age, 304 when current. */
export function sendStaticJson(req: Request, res: Response, body: Buffer, etag: string): void {
  res.set({ ETag: etag, 'Cache-Control': DOCS_CACHE_CONTROL });
  if (isFresh(req, res)) {
    res.status(304).end();
    return;
  }
  res.set('Content-Type', 'application/json; charset=utf-8').send(body);
}

export function strongEtag(body: Buffer): string {
  return `"${digest(body)}"`;
}
