/**
 * Version directories under a snapshot root and the `latest` pointer. A version name is
 * the UTC publish time (`20261122T001500Z`), with `-02`, `-03` ... when several publish
 * within one second, so plain string order is time order.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { MANIFEST_FILE } from './schema.js';

export const LATEST_POINTER = 'latest';
export const TEMP_PREFIX = '.tmp-';

/**
 * A temp name that says who made it (`.tmp-<pid>@<host>-<uuid>`), so the next publish on
 * the same host can tell a killed publisher's leftovers from a publish still running.
 */
export function tempName(kind = ''): string {
  return `${TEMP_PREFIX}${kind}${process.pid}@${os.hostname()}-${randomUUID()}`;
}

const TEMP_OWNER_RE =
  /^\.tmp-(?:latest-|served-)?(\d+)@(.+)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function ownerIsGone(name: string): boolean {
  const m = TEMP_OWNER_RE.exec(name);
  if (!m || m[2] !== os.hostname()) return false;
  const pid = Number(m[1]);
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

const VERSION_RE = /^\d{8}T\d{6}Z(?:-\d{2,})?$/;

export function isVersionName(name: string): boolean {
  return VERSION_RE.test(name);
}

export function baseVersionName(now: Date): string {
  return now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** The n-th candidate name for a publish at `now` (0 = no suffix). */
export function versionCandidate(now: Date, n: number): string {
  const base = baseVersionName(now);
  return n === 0 ? base : `${base}-${String(n + 1).padStart(2, '0')}`;
}

/** Published versions under `root`, oldest first. Temp dirs and the pointer are skipped. */
export async function listVersions(root: string): Promise<string[]> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await fs.readdir(root, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return entries
    .filter((e) => e.isDirectory() && isVersionName(e.name))
    .map((e) => e.name)
    .sort();
}

/** The version `latest` points at, or null when there is none (or it dangles). */
export async function resolveLatest(
  root: string,
): Promise<{ version: string; dir: string } | null> {
  let target: string;
  try {
    target = await fs.readlink(path.join(root, LATEST_POINTER));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EINVAL') return null;
    throw err;
  }
  const dir = path.resolve(root, target);
  const version = path.basename(dir);
  try {
    await fs.access(path.join(dir, MANIFEST_FILE));
  } catch {
    return null;
  }
  return { version, dir };
}

/**
 * Points `latest` at `version`. A new symlink is made beside it and renamed over the old
 * one: rename(2) replaces atomically, so a reader sees the old or the new target, never
 * a missing pointer. Both the old and the new target are then recorded as served
 * (`served.json`); the old one again because a process killed right after an earlier
 * switch never recorded it.
 */
export async function switchLatest(root: string, version: string): Promise<void> {
  const previous = (await resolveLatest(root))?.version ?? null;
  // Read before the switch: a root without the record counts what `latest` had reached.
  const served = await servedVersions(root);
  const tmp = path.join(root, tempName('latest-'));
  await fs.symlink(version, tmp);
  try {
    await fs.rename(tmp, path.join(root, LATEST_POINTER));
  } catch (err) {
    await fs.rm(tmp, { force: true });
    throw err;
  }
  await fsyncDir(root);
  const now = previous === null ? [version] : [previous, version];
  if (now.every((v) => served.has(v))) return;
  for (const v of now) served.add(v);
  await writeServed(root, served);
}

/** Versions `latest` has pointed at, oldest first; retention counts only these. */
export const SERVED_FILE = 'served.json';

/**
 * The versions recorded as served. A root without the record (published before it was
 * kept) counts every version up to the one `latest` points at: those were served in turn.
 */
export async function servedVersions(root: string): Promise<Set<string>> {
  try {
    const text = await fs.readFile(path.join(root, SERVED_FILE), 'utf8');
    return new Set((JSON.parse(text) as { versions: string[] }).versions);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const current = (await resolveLatest(root))?.version;
  if (!current) return new Set();
  return new Set((await listVersions(root)).filter((v) => v <= current));
}

async function writeServed(root: string, served: Iterable<string>): Promise<void> {
  const file = path.join(root, SERVED_FILE);
  const tmp = path.join(root, tempName('served-'));
  await fs.writeFile(tmp, `${JSON.stringify({ versions: [...served].sort() }, null, 2)}\n`);
  await fs.rename(tmp, file);
}

/**
 * Deletes served versions beyond the newest `keep` served ones, never the one `latest`
 * points at, and versions never served that are older than it (a publisher killed between
 * placing its version and moving `latest`: superseded, it will never be served). A never
 * served version newer than `latest` is kept: a publish still running, or its retry, moves
 * `latest` to it. Returns the names deleted.
 */
export async function pruneVersions(root: string, keep: number): Promise<string[]> {
  const versions = await listVersions(root);
  const current = (await resolveLatest(root))?.version;
  const served = await servedVersions(root);
  if (current) served.add(current);
  const servedInOrder = versions.filter((v) => served.has(v));
  const keepSet = new Set(servedInOrder.slice(Math.max(0, servedInOrder.length - keep)));
  if (current) keepSet.add(current);
  const removed: string[] = [];
  for (const v of versions) {
    if (keepSet.has(v)) continue;
    if (!served.has(v) && (current === undefined || v > current)) continue;
    await fs.rm(path.join(root, v), { recursive: true, force: true });
    removed.push(v);
    served.delete(v);
  }
  if (removed.length) await writeServed(root, served);
  return removed;
}

/**
 * Removes temp entries left by a publisher that was killed: at once when their owner was
 * a process on this host that no longer exists, otherwise (another host sharing the
 * folder, an unnamed leftover) once older than `maxAgeMs`, since a younger one may belong
 * to a publish still running elsewhere. Returns the names removed.
 */
export async function removeStaleTemps(
  root: string,
  maxAgeMs: number,
  now = Date.now(),
): Promise<string[]> {
  const entries = await fs.readdir(root, { withFileTypes: true });
  const removed: string[] = [];
  for (const e of entries) {
    if (!e.name.startsWith(TEMP_PREFIX)) continue;
    const p = path.join(root, e.name);
    const st = await fs.lstat(p).catch(() => null);
    if (!st) continue;
    if (ownerIsGone(e.name) || now - st.mtimeMs > maxAgeMs) {
      await fs.rm(p, { recursive: true, force: true });
      removed.push(e.name);
    }
  }
  return removed;
}

export async function fsyncDir(dir: string): Promise<void> {
  const fh = await fs.open(dir, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

export async function fsyncFile(file: string): Promise<void> {
  const fh = await fs.open(file, 'r+');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}
