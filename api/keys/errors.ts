/** Errors a key store throws for operator mistakes; the CLI prints their message as is. */

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
