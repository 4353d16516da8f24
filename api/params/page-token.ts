/**
 * Page tokens (`pageToken`, handed out as `meta.next_page_token`): the snapshot version a
 * paging run started on, the offset of the next page and a digest of the query it pages
 * through. A token pins its version, so a run that crosses a hot swap reads every page
 * from the version it began with (the holder keeps the replaced version readable for a
 * while: api/live-snapshot.ts). The token is opaque to clients and carries nothing they
 * could not ask directly (a version and an offset); its digest makes an edited, truncated
 * or made-up token a 400 rather than a page of something else. It is a checksum, not a
 * secret: every API process reads every other's tokens.
 */
import { createHash } from 'node:crypto';

export interface PageToken {
  /** The snapshot version the run started on. */
  version: string;
  /** Where the page starts. */
  offset: number;
  /** Digest of the query (everything but the page position): see `queryDigest`. */
  query: string;
}

const SALT = 'lungtrials page token v1:';

const digest = (text: string, bytes: number): string =>
  createHash('sha256').update(text).digest().subarray(0, bytes).toString('base64url');

/** `<payload>.<check>`, both base64url. */
export function encodePageToken(token: PageToken): string {
  const payload = Buffer.from(JSON.stringify([token.version, token.offset, token.query])).toString(
    'base64url',
  );
  return `${payload}.${digest(SALT + payload, 12)}`;
}

/** The token, or undefined for text this API did not issue (or that was changed since). */
export function decodePageToken(raw: string): PageToken | undefined {
  const m = /^([A-Za-z0-9_-]{1,600})\.([A-Za-z0-9_-]{16})$/.exec(raw);
  if (!m || digest(SALT + m[1], 12) !== m[2]) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(m[1], 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 3) return undefined;
    const [version, offset, query] = value as unknown[];
    if (typeof version !== 'string' || typeof query !== 'string') return undefined;
    if (!Number.isSafeInteger(offset) || (offset as number) < 0) return undefined;
    return { version, offset: offset as number, query };
  } catch {
    return undefined;
  }
}

/**
 * A digest of a validated query without its page position (limit, offset, pageToken) and
 * shape (format, fields: which trials and in which order stay the same): a token is good for
 * the query it was issued for, in whichever spelling it is sent again (comma-separated or
 * repeated lists in any order, any case of an enum value).
 */
export function queryDigest(values: Record<string, unknown>): string {
  return digest(canonicalQuery(values), 9);
}

/** The text queryDigest digests: the query's parameters, lists sorted, page position and shape left out. */
export function canonicalQuery(values: Record<string, unknown>): string {
  const { limit: _l, offset: _o, pageToken: _p, format: _f, fields: _s, ...rest } = values;
  // A list means any of its values: its order is no part of the query. Absent parameters
  // are left out, so a parameter added to the API later changes no token.
  const canonical = Object.keys(rest)
    .filter((k) => rest[k] !== null && rest[k] !== undefined)
    .sort()
    .map((k) => {
      const v = rest[k];
      return JSON.stringify([k, Array.isArray(v) ? v.map((x) => JSON.stringify(x)).sort() : v]);
    });
  return canonical.join('\n');
}
