/**
 * docs/architecture.md stays true to the tree: every top-level folder has its row, and every
 * repository path the page names exists.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/processes.js';

const DOC = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');

/** Root folders .gitignore names (`node_modules/`, `.data/` ...): not part of the tree. */
const IGNORED_DIRS = new Set([
  '.git',
  ...readFileSync(path.join(ROOT, '.gitignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /^[\w.-]+\/$/.test(l))
    .map((l) => l.slice(0, -1)),
]);

/** Names the page uses for files that exist only at run time, not in the repository. */
const RUNTIME_FILES = new Set([
  // written into every published snapshot
  'schema.json',
]);

const topLevel = readdirSync(ROOT, { withFileTypes: true }).filter(
  (e) => !IGNORED_DIRS.has(e.name),
);
const TOP_NAMES = new Set(topLevel.map((e) => e.name));

/** Every path in the tree, relative to the root, folders with a trailing slash. */
function walk(rel: string, out: string[]): string[] {
  for (const e of readdirSync(path.join(ROOT, rel), { withFileTypes: true })) {
    if (e.name === 'node_modules' || (rel === '' && IGNORED_DIRS.has(e.name))) continue;
    const p = rel ? `${rel}/${e.name}` : e.name;
    out.push(e.isDirectory() ? `${p}/` : p);
    if (e.isDirectory()) walk(p, out);
  }
  return out;
}

/** Code spans that name a file (`x/y.ts`, `errors.ts`) or a folder (`stages/`). */
function namedPaths(markdown: string): string[] {
  const spans = [...markdown.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]);
  return [...new Set(spans)].filter(
    (s) =>
      /^\.?[\w-]+(\/[\w.-]+)*\/?$/.test(s) &&
      (s.endsWith('/') || /\.(ts|js|mjs|cjs|md|json|lua|sh)$/.test(s)) &&
      !/^\.\w+$/.test(s),
  );
}

describe('docs/architecture.md', () => {
  it('has a row for every top-level folder', () => {
    const folders = topLevel.filter((e) => e.isDirectory()).map((e) => e.name);
    expect(folders.length).toBeGreaterThan(5);
    const missing = folders.filter((name) => !DOC.includes(`| \`${name}/\``));
    expect(missing).toEqual([]);
  });

  it('names only paths that exist', () => {
    const tree = walk('', []);
    const named = namedPaths(DOC);
    expect(named.length).toBeGreaterThan(30);
    const missing = named.filter((p) => {
      if (RUNTIME_FILES.has(p)) return false;
      // A path from the root must exist as written; a short name (a row's `stages/`) somewhere.
      if (TOP_NAMES.has(p.split('/')[0])) {
        try {
          const stat = statSync(path.join(ROOT, p));
          return p.endsWith('/') && !stat.isDirectory();
        } catch {
          return true;
        }
      }
      return !tree.some((t) => t === p || t.endsWith(`/${p}`));
    });
    expect(missing).toEqual([]);
  });
});
