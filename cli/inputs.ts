/**
 * Checks of the command line's paths and sponsor names, made before any stage runs, so a
 * typo is refused at once instead of after the registry stage has spent its minutes.
 */
import { statSync } from 'node:fs';
import { SPONSOR_SOURCES } from '../domain/sources.js';
import { UsageError } from './errors.js';

/** The path, when it exists (a file or a directory as asked); otherwise a UsageError naming the flag. */
export function existingPath(
  value: string,
  flag: string,
  kind: 'file' | 'dir' | 'any' = 'any',
): string {
  let stat;
  try {
    stat = statSync(value);
  } catch {
    throw new UsageError(`${flag}: ${value} does not exist`);
  }
  if (kind === 'dir' && !stat.isDirectory())
    throw new UsageError(`${flag}: ${value} is not a directory`);
  if (kind === 'file' && !stat.isFile()) throw new UsageError(`${flag}: ${value} is not a file`);
  return value;
}

/** Sponsor slugs of one ingest kind (`csv` or `web`), or all. */
export function sponsorSlugs(ingest?: 'csv' | 'web'): string[] {
  return SPONSOR_SOURCES.filter((s) => !ingest || s.ingest === ingest).map((s) => s.slug);
}

/** Refuses slugs that are not sponsors of that kind, naming the ones that are. */
export function knownSponsors(slugs: Iterable<string>, flag: string, ingest?: 'csv' | 'web'): void {
  const known = sponsorSlugs(ingest);
  const unknown = [...slugs].filter((s) => !known.includes(s));
  if (unknown.length) {
    const kind = ingest === 'csv' ? 'CSV sponsors' : ingest === 'web' ? 'web sponsors' : 'sponsors';
    throw new UsageError(
      `${flag}: unknown sponsor ${unknown.join(', ')}; ${kind} are ${known.join(', ')}`,
    );
  }
}
