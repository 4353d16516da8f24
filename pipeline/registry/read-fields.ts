/**
 * Defensive readers for untyped registry JSON. Registry records are trimmed, partial or
 * from older schema versions, so every accessor turns a missing or mistyped value into
 * null / [] instead of throwing.
 */

export type Json = Record<string, unknown>;

export function obj(value: unknown): Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Json)
    : {};
}

/**
 * The keys of each dotted path, split once: the paths are the layouts' few dozen constants,
 * read for every field of every site of a full build (~376,000 sites), where splitting them
 * again per read was ~5% of the build's CPU (bench/README.md, "Pipeline, 2026-11-28").
 */
const PATH_KEYS = new Map<string, readonly string[]>();

function keysOf(path: string): readonly string[] {
  let keys = PATH_KEYS.get(path);
  if (keys === undefined) {
    keys = path.split('.');
    PATH_KEYS.set(path, keys);
  }
  return keys;
}

/** Walks a dotted path through nested objects; any gap gives undefined. */
export function at(value: unknown, path: string): unknown {
  let cur: unknown = value;
  for (const key of keysOf(path)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Json)[key];
  }
  return cur;
}

/** Text of a scalar, or of an XML element parsed with attributes (`{"#text": ...}`). */
export function str(value: unknown): string | null {
  if (typeof value === 'string') {
    const t = value.trim();
    return t ? t : null;
  }
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (value !== null && typeof value === 'object' && '#text' in value)
    return str((value as Json)['#text']);
  return null;
}

/** A list whatever the source gave: XML parsers turn a single child into a scalar. */
export function arr(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

export function strings(value: unknown): string[] {
  return arr(value)
    .map(str)
    .filter((s): s is string => s !== null);
}

export function int(value: unknown): number | null {
  const s = str(value);
  if (s === null) return null;
  const n = Number(s.replace(/,/g, ''));
  return Number.isFinite(n) ? Math.trunc(n) : null;
}

export function num(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const s = str(value);
  if (s === null) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}
