/** Plaintext API keys and the one-way hash under which every store keeps them. */
import { createHash, randomBytes } from 'node:crypto';
import type { Tier } from '../../domain/tiers.js';
import type { ApiKeyRecord } from './types.js';

/** Visible prefix so a leaked key is recognisable (secret scanners, logs). */
export const KEY_PREFIX = 'lt_';

/** 32 random bytes: guessing a key is hopeless, so a fast unsalted hash is enough. */
export function generatePlaintextKey(): string {
  return KEY_PREFIX + randomBytes(32).toString('base64url');
}

export function hashKey(plaintext: string): string {
  return createHash('sha256').update(plaintext, 'utf8').digest('hex');
}

/** A new key: its plaintext (shown once) and the record every store keeps instead. */
export function newKeyRecord(
  label: string,
  tier: Tier,
): { record: ApiKeyRecord; plaintext: string } {
  const plaintext = generatePlaintextKey();
  return {
    plaintext,
    record: {
      label,
      tier,
      hash: hashKey(plaintext),
      created_at: new Date().toISOString(),
      revoked_at: null,
    },
  };
}
