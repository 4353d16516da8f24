import { PermanentStageError } from '../errors.js';

/**
 * A record that cannot become a trial (no NCT id). Callers count it as failed and go on;
 * any other error from a mapper is a bug and should surface.
 */
export class InvalidStudyError extends Error {
  override readonly name = 'InvalidStudyError';
  readonly code = 'invalid_study';

  constructor(
    message: string,
    readonly origin?: string,
  ) {
    super(message);
  }
}

/** A dump or full sync with no valid registry record: retrying reads the same nothing. */
export class EmptyRegistryInputError extends PermanentStageError {
  override name = 'EmptyRegistryInputError';
}
