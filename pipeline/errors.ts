/**
 * The one error type the queue side knows about. A stage throws it (or a subclass) when
 * another attempt on the same saved inputs cannot succeed: a missing input file, a 4xx from
 * the registry, an export without a required column, a publish the shrink guard refused.
 * Anything else is treated as passing (network, 429/5xx after the client's own retries, a
 * restarted Redis, a killed worker) and is retried with backoff.
 */
export class PermanentStageError extends Error {
  override name = 'PermanentStageError';

  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
  }
}

/**
 * True when `err` or an error in its `cause` chain is permanent: the stage runner wraps a
 * stage's error in its own, and callers need not know how deep the stage's one sits.
 */
export function isPermanentStageError(err: unknown): boolean {
  const seen = new Set<unknown>();
  for (let e: unknown = err; e instanceof Error && !seen.has(e); e = e.cause) {
    if (e instanceof PermanentStageError) return true;
    seen.add(e);
  }
  return false;
}
