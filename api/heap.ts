/**
 * How far V8 lets the old generation grow past what the last full collection kept. Left to
 * its own heuristic, V8 allows up to ~4x while the process allocates fast, so under load the
 * API's JS heap (~95 MB live: the index's objects) grew to 300-330 MB of promoted request
 * garbage between two mark-compacts, and RSS under load to 700-820 MB against 500 at rest
 * (issue 24's target is 600). Each request's Express, helmet and compression closures
 * (~25 KB) outlive a scavenge often enough to be promoted. At 1.5x the heap peaked at
 * ~155 MB and RSS at ~515 MB in the same load (bench/README.md, "RSS under load"), for
 * mark-compacts about twice as often (each ~10 ms, mostly concurrent).
 */
import v8 from 'node:v8';

/** Old generation limit after a full collection: live bytes x (1 + this / 100). */
export const HEAP_GROWING_PERCENT = 50;

/** Called once when a serving process starts (V8 reads the flag at every full collection). */
export function boundHeapGrowth(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
