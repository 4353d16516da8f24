/**
 * The demo key `npm start` prints. Its plaintext is kept in DATA_DIR/demo-key.json (owner
 * only) so every start prints the same working key; this is the one deliberate exception
 * to "plaintext is never stored", limited to the label `demo` on the operator's machine.
 * The file also records which store holds the key (Redis at a URL and prefix, or the key
 * file), so a start on another store says why the key it prints is new.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import type { Tier } from '../../domain/tiers.js';
import type { KeyStore } from './types.js';
import { RedisUnavailableError } from '../redis.js';

export const DEMO_KEY_LABEL = 'demo';
export const DEMO_KEY_TIER: Tier = 'partner';

/** Which store holds keys in this process: its kind and where it is (a redacted URL and prefix, or a path). */
export interface KeyStoreIdentity {
  backend: 'redis' | 'file';
  location: string;
}

interface DemoKeyFile extends KeyStoreIdentity {
  key: string;
  created_at: string;
}

export interface DemoKey {
  plaintext: string;
  created: boolean;
  /** Why an existing demo key was replaced; null for the first one and for a reused one. */
  reason: string | null;
}

export function demoKeyPath(dataDir: string): string {
  return path.join(dataDir, 'demo-key.json');
}

/** The plain-text file of earlier versions: read once, then replaced by demo-key.json. */
function legacyDemoKeyPath(dataDir: string): string {
  return path.join(dataDir, 'demo-key.txt');
}

/**
 * Returns the stored demo key when the current store still accepts it; otherwise (first
 * start, a different store, a revoked or removed key) replaces the `demo` record in the
 * current store with a new key and says why.
 */
export async function ensureDemoKey(
  store: KeyStore,
  dataDir: string,
  identity: KeyStoreIdentity,
): Promise<DemoKey> {
  const saved = await readDemoKeyFile(dataDir);
  if (saved) {
    // A server on the file fallback cannot tell a missing demo key from one in Redis: make a new one.
    const record = await store.findByPlaintext(saved.key).catch((error: unknown) => {
      if (error instanceof RedisUnavailableError) return null;
      throw error;
    });
    if (record && record.label === DEMO_KEY_LABEL && record.revoked_at === null) {
      if (saved.backend !== identity.backend || saved.location !== identity.location) {
        await writeDemoKeyFile(dataDir, saved.key, identity);
        await fs.rm(legacyDemoKeyPath(dataDir), { force: true });
      }
      return { plaintext: saved.key, created: false, reason: null };
    }
  }
  await store.remove(DEMO_KEY_LABEL);
  const { plaintext } = await store.create(DEMO_KEY_LABEL, DEMO_KEY_TIER);
  await writeDemoKeyFile(dataDir, plaintext, identity);
  await fs.rm(legacyDemoKeyPath(dataDir), { force: true });
  return { plaintext, created: true, reason: saved ? replacedBecause(saved, identity) : null };
}

function replacedBecause(saved: Partial<KeyStoreIdentity>, now: KeyStoreIdentity): string {
  const where = (s: Partial<KeyStoreIdentity>) =>
    s.backend === 'redis' ? `Redis at ${s.location}` : `the key file ${s.location}`;
  if (!saved.backend)
    return (
      `the saved demo key is not in ${where(now)}, so a new one was created there; the ` +
      `key printed before no longer works`
    );
  if (saved.backend !== now.backend || saved.location !== now.location) {
    return (
      `the saved demo key was held by ${where(saved)}, but this start uses ${where(now)}, ` +
      `which does not know it, so a new one was created there; the key printed before no ` +
      `longer works`
    );
  }
  return `the saved demo key was revoked or removed from ${where(now)}, so a new one was created there`;
}

async function readDemoKeyFile(
  dataDir: string,
): Promise<(Partial<KeyStoreIdentity> & { key: string }) | null> {
  const json = await fs.readFile(demoKeyPath(dataDir), 'utf8').catch(() => null);
  if (json !== null) {
    try {
      const parsed = JSON.parse(json) as Partial<DemoKeyFile>;
      if (typeof parsed.key === 'string' && parsed.key)
        return { key: parsed.key, backend: parsed.backend, location: parsed.location };
    } catch {
      // An unreadable file is treated as no key: a new one replaces it.
    }
  }
  const legacy = (await fs.readFile(legacyDemoKeyPath(dataDir), 'utf8').catch(() => '')).trim();
  return legacy ? { key: legacy } : null;
}

async function writeDemoKeyFile(
  dataDir: string,
  key: string,
  identity: KeyStoreIdentity,
): Promise<void> {
  await fs.mkdir(dataDir, { recursive: true });
  const body: DemoKeyFile = {
    key,
    backend: identity.backend,
    location: identity.location,
    created_at: new Date().toISOString(),
  };
  const file = demoKeyPath(dataDir);
  await writeFileAtomic(file, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
}
