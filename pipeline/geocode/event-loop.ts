/**
 * The geocoder's indexes take seconds of synchronous work on a loaded machine. A queue
 * worker renews its job lock on a timer, so a long stretch without yielding makes BullMQ
 * take a healthy job for stalled; the builds yield every YIELD_EVERY items.
 */
export const YIELD_EVERY = 10_000;

/** Lets timers (a job lock's renewal) run before the caller continues. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
