/**
 * Long index builds written as generators that `yield` between small steps. Run to the
 * end they are plain synchronous code (tests, benchmarks, in-memory holders); run in
 * slices, they hand the event loop back every few milliseconds, so a snapshot swap never
 * stops the API from answering while the next index is built beside the current one.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

export type Steps<T> = Generator<void, T, void>;

export function runToEnd<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** Longest stretch the builder keeps the event loop, in ms. */
export const SLICE_MS = 5;

/**
 * Runs `steps` a slice at a time; between slices, `pause` may hand back a promise to wait
 * for first (work the steps handed elsewhere falling behind them).
 */
export async function runInSlices<T>(
  steps: Steps<T>,
  sliceMs = SLICE_MS,
  pause?: () => Promise<void> | null,
): Promise<T> {
  let deadline = performance.now() + sliceMs;
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    if (performance.now() >= deadline) {
      // setImmediate, not a microtask: pending socket reads and timers run first.
      await nextTurn();
      const wait = pause?.();
      if (wait) await wait;
      deadline = performance.now() + sliceMs;
    }
  }
}
