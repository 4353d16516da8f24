/**
 * sha256 over source files: what a result kept between runs was computed with. A cache or
 * a carried-over row is only as good as the code that made it, so each is stored with the
 * fingerprint of that code and dropped when the fingerprint differs.
 */
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../config/env.js';

export interface CodeScope {
  /** Folders whose `.ts` files count (recursively), relative to the project root. */
  dirs: readonly string[];
  /** Single files that count (any extension). */
  files: readonly string[];
  /** Path segments whose files never count (evaluation labels, generators). */
  skip?: readonly string[];
}

const computed = new Map<string, Promise<string>>();

/** sha256 (hex) of the scope's files, names and bytes, in a stable order. Memoised per scope. */
export function codeFingerprint(scope: CodeScope): Promise<string> {
  const id = JSON.stringify(scope);
  let result = computed.get(id);
  if (!result) {
    result = hashScope(scope);
    computed.set(id, result);
  }
  return result;
}

async function hashScope(scope: CodeScope): Promise<string> {
  const files: string[] = [...scope.files];
  const skipped = (rel: string) => (scope.skip ?? []).some((s) => rel.split(path.sep).includes(s));
  for (const dir of scope.dirs) {
    for (const entry of await fs.readdir(path.join(PROJECT_ROOT, dir), {
      recursive: true,
      withFileTypes: true,
    })) {
      const rel = path.relative(PROJECT_ROOT, path.join(entry.parentPath, entry.name));
      if (entry.isFile() && entry.name.endsWith('.ts') && !skipped(rel)) files.push(rel);
    }
  }
  const hash = createHash('sha256');
  for (const rel of files.sort())
    hash
      .update(rel)
      .update('\0')
      .update(await fs.readFile(path.join(PROJECT_ROOT, rel)));
  return hash.digest('hex');
}

/**
 * Everything a published row of the pipeline depends on besides its input record: the
 * mapping, enrichment, geocoding, flag rules, snapshot format and the libraries and data
 * packages (package-lock.json). The demo generator and evaluations are not part of a run.
 */
export const PIPELINE_CODE: CodeScope = {
  dirs: ['pipeline', 'domain', 'diagnosis', 'text', 'geo', 'snapshot'],
  files: ['package-lock.json'],
  skip: ['eval', 'demo'],
};

/** What a place-cache entry depends on: the geocoder, the shared geography and its data packages. */
export const GEOCODE_CODE: CodeScope = {
  dirs: ['pipeline/geocode', 'geo'],
  files: ['domain/geo.ts', 'package-lock.json'],
  skip: ['eval'],
};
