/** API key records as stored (hashed) and the store every part of the service uses. */
import type { Tier } from '../../domain/tiers.js';

export interface ApiKeyRecord {
  /** Unique, operator-chosen name ("acme-trial-finder"). */
  label: string;
  tier: Tier;
  /** Hex sha256 of the plaintext key; the plaintext is never stored. */
  hash: string;
  created_at: string;
  revoked_at: string | null;
}

export interface KeyStore {
  /** Creates a key; throws if the label exists. The plaintext is returned once, here. */
  create(label: string, tier: Tier): Promise<{ record: ApiKeyRecord; plaintext: string }>;
  /** Looks a presented key up by its hash; null when unknown. */
  findByPlaintext(plaintext: string): Promise<ApiKeyRecord | null>;
  findByLabel(label: string): Promise<ApiKeyRecord | null>;
  /** Marks the key revoked; false when no such label. */
  revoke(label: string): Promise<boolean>;
  /** Deletes the record so the label can be reused (the demo key is replaced this way); false when no such label. */
  remove(label: string): Promise<boolean>;
  list(): Promise<ApiKeyRecord[]>;
  /** Adds a stored record as is (backups, the key file); false when its label or hash exists. */
  importRecord(record: ApiKeyRecord): Promise<boolean>;
}
