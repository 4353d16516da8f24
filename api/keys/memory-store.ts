/**
 * Keys held in this process only. The HTTP tests use it, and it is the base of the
 * file-backed store; like every store it keeps hashes, never plaintext.
 */
import type { Tier } from '../../domain/tiers.js';
import { assertImportable, assertValidLabel, KeyLabelExistsError } from './errors.js';
import { hashKey, newKeyRecord } from './secret.js';
import type { ApiKeyRecord, KeyStore } from './types.js';

export class MemoryKeyStore implements KeyStore {
  private readonly byHash = new Map<string, ApiKeyRecord>();
  private readonly hashByLabel = new Map<string, string>();

  constructor(records: Iterable<ApiKeyRecord> = []) {
    for (const record of records) this.put(record);
  }

  async create(label: string, tier: Tier): Promise<{ record: ApiKeyRecord; plaintext: string }> {
    assertValidLabel(label);
    if (this.hashByLabel.has(label)) throw new KeyLabelExistsError(label);
    const { record, plaintext } = newKeyRecord(label, tier);
    this.put(record);
    return { record: { ...record }, plaintext };
  }

  async importRecord(record: ApiKeyRecord): Promise<boolean> {
    assertImportable(record);
    if (this.hashByLabel.has(record.label) || this.byHash.has(record.hash)) return false;
    this.put(record);
    return true;
  }

  async findByPlaintext(plaintext: string): Promise<ApiKeyRecord | null> {
    const record = this.byHash.get(hashKey(plaintext));
    return record ? { ...record } : null;
  }

  async findByLabel(label: string): Promise<ApiKeyRecord | null> {
    const hash = this.hashByLabel.get(label);
    const record = hash === undefined ? undefined : this.byHash.get(hash);
    return record ? { ...record } : null;
  }

  async revoke(label: string): Promise<boolean> {
    const hash = this.hashByLabel.get(label);
    const record = hash === undefined ? undefined : this.byHash.get(hash);
    if (!record) return false;
    // Revoking twice keeps the first date: it is when the key stopped working.
    record.revoked_at ??= new Date().toISOString();
    return true;
  }

  async remove(label: string): Promise<boolean> {
    const hash = this.hashByLabel.get(label);
    if (hash === undefined) return false;
    this.hashByLabel.delete(label);
    this.byHash.delete(hash);
    return true;
  }

  async list(): Promise<ApiKeyRecord[]> {
    return [...this.byHash.values()]
      .map((record) => ({ ...record }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }

  /** Every record, for stores that persist this one (copies). */
  snapshot(): ApiKeyRecord[] {
    return [...this.byHash.values()].map((record) => ({ ...record }));
  }

  private put(record: ApiKeyRecord): void {
    this.byHash.set(record.hash, { ...record });
    this.hashByLabel.set(record.label, record.hash);
  }
}
