/**
 * Response headers the API sets beyond HTTP's own, with what each means: CORS exposes
 * exactly these, and /docs and the OpenAPI document describe them from this table.
 */
import { BURST_WINDOW_SECONDS } from '../domain/tiers.js';

export const RESPONSE_HEADERS = {
  'X-RateLimit-Limit': { type: 'integer', description: "daily quota of the key's tier" },
  'X-RateLimit-Remaining': { type: 'integer', description: 'requests left today (UTC)' },
  'X-RateLimit-Burst-Limit': {
    type: 'integer',
    description: `requests allowed per ${BURST_WINDOW_SECONDS} s`,
  },
  'X-RateLimit-Burst-Remaining': {
    type: 'integer',
    description: 'requests left in the current burst window',
  },
  'Retry-After': {
    type: 'integer',
    description: 'seconds to wait; for quota_exceeded, the seconds until 00:00 UTC',
  },
  'X-Snapshot-Version': {
    type: 'string',
    description: 'the snapshot version this response was built from (trials, detail and sources)',
  },
  Link: {
    type: 'string',
    description:
      'RFC 8288 links to the next and previous page (rel="next", rel="prev"), as in meta.next / meta.prev',
  },
  'X-Total-Count': {
    type: 'integer',
    description: 'CSV lists: the number of matching trials (meta.total of the JSON list)',
  },
  ETag: {
    type: 'string',
    description:
      'weak validator from the snapshot version and the request URL; send it back in If-None-Match',
  },
} as const satisfies Record<string, { type: 'integer' | 'string'; description: string }>;

export type ResponseHeader = keyof typeof RESPONSE_HEADERS;
export const EXPOSED_HEADERS = Object.keys(RESPONSE_HEADERS) as ResponseHeader[];
