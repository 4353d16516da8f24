/** Errors a key store throws for operator mistakes; the CLI prints their message as is. */
import { TIERS } from '../../domain/tiers.js';
import type { ApiKeyRecord } from './types.js';

export class KeyLabelExistsError extends Error {
  constructor(readonly label: string) {
    super(`a key labelled "${label}" already exists (labels are unique; revoked keys keep theirs)`);
    this.name = 'KeyLabelExistsError';
  }
}

export class InvalidKeyLabelError extends Error {
  constructor(readonly label: string) {
    super(`invalid label "${label}": use 1-64 characters from A-Z a-z 0-9 . _ -`);
    this.name = 'InvalidKeyLabelError';
  }
}

const LABEL = /^[A-Za-z0-9._-]{1,64}$/;

/** Labels end up in Redis key names, file names of nothing, and log lines: keep them plain. */
export function assertValidLabel(label: string): void {
  if (!LABEL.test(label)) throw new InvalidKeyLabelError(label);
}

/** A record from a backup or key file that cannot be stored as is. */
export class InvalidKeyRecordError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidKeyRecordError';
  }
}

/** A record read from outside (a backup) must look like one this service wrote. */
export function assertImportable(record: ApiKeyRecord): void {
  assertValidLabel(record.label);
  if (!/^[0-9a-f]{64}$/.test(record.hash))
    throw new InvalidKeyRecordError(`key "${record.label}": hash is not a hex sha256`);
  if (!TIERS.includes(record.tier))
    throw new InvalidKeyRecordError(
      `key "${record.label}": unknown tier ${JSON.stringify(record.tier)}`,
    );
  if (typeof record.created_at !== 'string' || Number.isNaN(Date.parse(record.created_at))) {
    throw new InvalidKeyRecordError(`key "${record.label}": created_at is not a date`);
  }
  if (
    record.revoked_at !== null &&
    (typeof record.revoked_at !== 'string' || Number.isNaN(Date.parse(record.revoked_at)))
  ) {
    throw new InvalidKeyRecordError(`key "${record.label}": revoked_at is neither null nor a date`);
  }
}
