/**
 * The admission of one request: its key (unknown, revoked or live) and, for a live key,
 * its usage peeked or counted. With keys and counters in Redis this is one script call
 * (RedisGate); otherwise the key store and the counter are asked in turn (StoreGate).
 */
import type { KeyStore } from '../keys/types.js';
import { hashKey } from '../keys/secret.js';
import type { ApiKeyRecord } from '../keys/types.js';
import type { Redis } from 'ioredis';
import { Admitter, type AdmitMode } from './admit-command.js';
import type { UsageCounterOptions } from './options.js';
import type { UsageCounter, UsageDecision } from './types.js';

export type Admission =
  | { status: 'unknown' }
  | { status: 'revoked'; record: ApiKeyRecord }
  /** usage is null for mode 'lookup'. */
  | { status: 'live'; record: ApiKeyRecord; usage: UsageDecision | null };

export interface RequestGate {
  /** 'lookup': the key only; 'peek': and its usage; 'consume': and count the request when both limits allow. */
  admit(plaintext: string, mode: AdmitMode): Promise<Admission>;
}

export class StoreGate implements RequestGate {
  constructor(
    private readonly keys: KeyStore,
    private readonly usage: UsageCounter,
  ) {}

  async admit(plaintext: string, mode: AdmitMode): Promise<Admission> {
    const record = await this.keys.findByPlaintext(plaintext);
    if (!record) return { status: 'unknown' };
    if (record.revoked_at !== null) return { status: 'revoked', record };
    if (mode === 'lookup') return { status: 'live', record, usage: null };
    const usage =
      mode === 'consume'
        ? await this.usage.consume(record.hash, record.tier)
        : await this.usage.peek(record.hash, record.tier);
    return { status: 'live', record, usage };
  }
}

/** RedisKeyStore's records and RedisUsageCounter's counters, read and counted in one round trip. */
export class RedisGate implements RequestGate {
  private readonly script: Admitter;

  constructor(redis: Redis, prefix: string, options: UsageCounterOptions = {}) {
    this.script = new Admitter(redis, prefix, options);
  }

  async admit(plaintext: string, mode: AdmitMode): Promise<Admission> {
    const reply = await this.script.admit(hashKey(plaintext), mode);
    if (reply.status !== 'live') return reply;
    return { status: 'live', record: reply.record!, usage: reply.usage };
  }
}
