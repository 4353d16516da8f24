/**
 * Keys in Redis, shared by every API process and the operator CLI. Nothing is cached:
 * each lookup reads Redis, so a key the CLI creates or revokes takes effect on the next
 * request. Layout under the prefix:
 *   keys:hash:<sha256>  HASH  label, tier, hash, created_at[, revoked_at]
 *   keys:label:<label>  STRING <sha256>
 *   keys:all            SET   of <sha256>
 */
import type { Redis } from 'ioredis';
import { TIERS, type Tier } from '../../domain/tiers.js';
import { luaCommand, redisCall } from '../redis.js';
import { assertImportable, assertValidLabel, KeyLabelExistsError } from './errors.js';
import { hashKey, newKeyRecord } from './secret.js';
import type { ApiKeyRecord, KeyStore } from './types.js';

// One script per change, so a label, its record and the set of all keys change together.
const CREATE = luaCommand(new URL('./create.lua', import.meta.url), 3);
const IMPORT = luaCommand(new URL('./import.lua', import.meta.url), 3);
const REVOKE = luaCommand(new URL('./revoke.lua', import.meta.url), 2);
const REMOVE = luaCommand(new URL('./remove.lua', import.meta.url), 3);

export class RedisKeyStore implements KeyStore {
  constructor(
    private readonly redis: Redis,
    /** REDIS_PREFIX (config/env.ts); every key name starts with it. */
    private readonly prefix: string,
  ) {}

  async create(label: string, tier: Tier): Promise<{ record: ApiKeyRecord; plaintext: string }> {
    assertValidLabel(label);
    const { record, plaintext } = newKeyRecord(label, tier);
    const created = await CREATE(
      this.redis,
      [this.labelKey(label), this.recordKey(record.hash), this.allKey()],
      [record.hash, label, tier, record.created_at],
    );
    if (created !== 1) throw new KeyLabelExistsError(label);
    return { record, plaintext };
  }

  async importRecord(record: ApiKeyRecord): Promise<boolean> {
    assertImportable(record);
    const done = await IMPORT(
      this.redis,
      [this.labelKey(record.label), this.recordKey(record.hash), this.allKey()],
      [record.hash, record.label, record.tier, record.created_at, record.revoked_at ?? ''],
    );
    return done === 1;
  }

  async findByPlaintext(plaintext: string): Promise<ApiKeyRecord | null> {
    return this.findByHash(hashKey(plaintext));
  }

  async findByLabel(label: string): Promise<ApiKeyRecord | null> {
    const hash = await redisCall(() => this.redis.get(this.labelKey(label)));
    return hash ? this.findByHash(hash) : null;
  }

  async revoke(label: string): Promise<boolean> {
    const done = await REVOKE(
      this.redis,
      [this.labelKey(label), this.recordKey('')],
      [new Date().toISOString()],
    );
    return done === 1;
  }

  async remove(label: string): Promise<boolean> {
    const done = await REMOVE(
      this.redis,
      [this.labelKey(label), this.recordKey(''), this.allKey()],
      [],
    );
    return done === 1;
  }

  async list(): Promise<ApiKeyRecord[]> {
    const hashes = await redisCall(() => this.redis.smembers(this.allKey()));
    const pipeline = this.redis.pipeline();
    for (const hash of hashes) pipeline.hgetall(this.recordKey(hash));
    const replies = (await redisCall(() => pipeline.exec())) ?? [];
    const records: ApiKeyRecord[] = [];
    for (const [error, fields] of replies) {
      if (error) throw error;
      const record = toRecord(fields as Record<string, string>);
      if (record) records.push(record);
    }
    return records.sort((a, b) => a.label.localeCompare(b.label));
  }

  private async findByHash(hash: string): Promise<ApiKeyRecord | null> {
    return toRecord(await redisCall(() => this.redis.hgetall(this.recordKey(hash))));
  }

  private labelKey(label: string): string {
    return `${this.prefix}keys:label:${label}`;
  }

  private recordKey(hash: string): string {
    return `${this.prefix}keys:hash:${hash}`;
  }

  private allKey(): string {
    return `${this.prefix}keys:all`;
  }
}

function toRecord(fields: Record<string, string>): ApiKeyRecord | null {
  if (!fields.hash || !fields.label) return null;
  const tier = fields.tier as Tier;
  // A record with a tier this version does not know cannot be limited correctly: treat it as unknown.
  if (!TIERS.includes(tier)) return null;
  return {
    label: fields.label,
    tier,
    hash: fields.hash,
    created_at: fields.created_at,
    revoked_at: fields.revoked_at ?? null,
  };
}
