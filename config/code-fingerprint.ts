/**
 * sha256 over source files: what a result kept between runs was computed with. A cache, a
 * carried-over row or a prebuilt serving index is only as good as the code that made it, so
 * each is stored with the fingerprint of that code and dropped when the fingerprint differs.
 * Shared: the pipeline's scopes are in pipeline/run/code-fingerprint.ts, the serving index's
 * in api/query/index-file.ts.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './env.js';

export interface CodeScope {
  /** Folders whose `.ts` files count (recursively), relative to the project root. */
  dirs: readonly string[];
  /** Single files that count (any extension). */
  files: readonly string[];
  /** Path segments whose files never count (evaluation labels, generators). */
  skip?: readonly string[];
}

const computed = new Map<string, Promise<string>>();

/**
 * sha256 (hex) of the scope's files, names and bytes, in a stable order. Memoised per scope,
 * so it names the code the process loaded: a scope is hashed when the module declaring it
 * loads (fingerprintAtLoad), not at first use, which in a long-running worker can come weeks
 * after a `git pull` put other code on disk than the code it runs.
 */
export function codeFingerprint(scope: CodeScope): Promise<string> {
  const id = JSON.stringify(scope);
  let result = computed.get(id);
  if (!result) {
    try {
      result = Promise.resolve(hashScope(scope));
    } catch (err) {
      result = Promise.reject(err as Error);
      // Reported to whoever asks for the fingerprint, not as an unhandled rejection at load.
      result.catch(() => undefined);
    }
    computed.set(id, result);
  }
  return result;
}

/** Hashes `scope` now (at the declaring module's load); returns it for use as a constant. */
export function fingerprintAtLoad<S extends CodeScope>(scope: S): S {
  void codeFingerprint(scope);
  return scope;
}

// Synchronous on purpose: the files are read before any other work of the process.
function hashScope(scope: CodeScope): string {
  const files: string[] = [...scope.files];
  const skipped = (rel: string) => (scope.skip ?? []).some((s) => rel.split(path.sep).includes(s));
  for (const dir of scope.dirs) {
    for (const entry of fs.readdirSync(path.join(PROJECT_ROOT, dir), {
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
      .update(fs.readFileSync(path.join(PROJECT_ROOT, rel)));
  return hash.digest('hex');
}
