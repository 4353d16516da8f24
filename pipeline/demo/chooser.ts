import type { DemoRandom } from './random.js';

/**
 * Weighted choice that hands out every value once, in order, before choosing at random:
 * the first trials of each kind cover the whole vocabulary, so even the small demo has
 * every status, phase and sex, whatever the seed.
 */
export class CoveringChooser {
  private readonly used = new Map<string, number>();

  constructor(private readonly rng: DemoRandom) {}

  choose<T>(key: string, items: ReadonlyArray<readonly [T, number]>): T {
    const n = this.used.get(key) ?? 0;
    if (n < items.length) {
      this.used.set(key, n + 1);
      return items[n][0];
    }
    return this.rng.weighted(items);
  }
}
