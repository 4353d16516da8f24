import { createHash } from 'node:crypto';

/**
 * JSON with object keys sorted at every level, so the same record hashes the same
 * whatever key order the registry (or a dump tool) serialised it in.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value))
    return '[' + value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',') + ']';
  const record = value as Record<string, unknown>;
  const parts: string[] = [];
  for (const key of Object.keys(record).sort()) {
    if (record[key] === undefined) continue;
    parts.push(JSON.stringify(key) + ':' + canonicalJson(record[key]));
  }
  return '{' + parts.join(',') + '}';
}

/** sha256 (hex) of the canonical JSON of a raw record: the `content_hash` of its trial. */
export function contentHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}
