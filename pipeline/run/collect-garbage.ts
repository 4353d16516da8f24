/**
 * A full garbage collection on demand, without starting Node with --expose-gc (the CLI,
 * the queue workers and the bench spawn the pipeline in their own ways): the flag set at
 * run time and V8's `gc` taken from a fresh context, as Jest does for --logHeapUsage.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | null = null;

export function collectGarbage(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}
