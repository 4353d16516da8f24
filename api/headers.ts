/** Response headers the API sets beyond HTTP's own; CORS exposes exactly these, /docs lists them. */
export const EXPOSED_HEADERS = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Burst-Limit',
  'X-RateLimit-Burst-Remaining',
  'Retry-After',
  'X-Snapshot-Version',
  'Link',
  'ETag',
] as const;
