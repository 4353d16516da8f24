/**
 * The demo key `npm start` prints. Its plaintext is kept in DATA_DIR/demo-key.txt (owner
 * only) so every start prints the same working key; this is the one deliberate exception
 * to "plaintext is never stored", limited to the label `demo` on the operator's machine.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Tier } from '../../domain/tiers.js';
import type { KeyStore } from './types.js';

export const DEMO_KEY_LABEL = 'demo';
export const DEMO_KEY_TIER: Tier = 'partner';

export function demoKeyPath(dataDir: string): string {
  return path.join(dataDir, 'demo-key.txt');
}

/**
 * Returns the stored demo key when the store still accepts it; otherwise (first start, a
 * different store, a revoked or removed key) replaces the `demo` record with a new key.
 */
export async function ensureDemoKey(
  store: KeyStore,
  dataDir: string,
): Promise<{ plaintext: string; created: boolean }> {
  const file = demoKeyPath(dataDir);
  const stored = (await fs.readFile(file, 'utf8').catch(() => '')).trim();
  if (stored) {
    const record = await store.findByPlaintext(stored);
    if (record && record.label === DEMO_KEY_LABEL && record.revoked_at === null) return { plaintext: stored, created: false };
  }
  await store.remove(DEMO_KEY_LABEL);
  const { plaintext } = await store.create(DEMO_KEY_LABEL, DEMO_KEY_TIER);
  await fs.mkdir(dataDir, { recursive: true });
  await fs.writeFile(file, `${plaintext}\n`, { mode: 0o600 });
  return { plaintext, created: true };
}
