import seedrandom from 'seedrandom';

/** A seeded source of choices; the same seed gives the same demo data on every machine. */
export class DemoRandom {
  private readonly next: () => number;

  constructor(seed: string) {
    // alea: fast and well distributed; the default ARC4 is ~3x slower at 400k sites.
    this.next = seedrandom.alea(seed);
  }

  float(): number {
    return this.next();
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks by weight: `[['a', 3], ['b', 1]]` gives 'a' three times as often. */
  weighted<T>(items: ReadonlyArray<readonly [T, number]>): T {
    let total = 0;
    for (const [, w] of items) total += w;
    let r = this.next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    return items[items.length - 1][0];
  }

  /** `n` distinct items (or all of them when fewer). */
  sample<T>(items: readonly T[], n: number): T[] {
    return this.shuffle(items).slice(0, n);
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }
}

/**
 * Moves `counts` (in place) one step at a time, at random positions among `places`, until
 * they sum to `total`, keeping each count at a place within [1, max]. Counts drawn at random
 * or rounded from shares miss a scale's exact target; this makes the total exact.
 */
export function nudgeToTotal(
  counts: number[],
  total: number,
  max: number,
  places: readonly number[],
  rng: DemoRandom,
): number[] {
  let diff = total - counts.reduce((a, b) => a + b, 0);
  while (diff !== 0) {
    const i = places[rng.int(0, places.length - 1)];
    if (diff > 0 && counts[i] < max) {
      counts[i]++;
      diff--;
    } else if (diff < 0 && counts[i] > 1) {
      counts[i]--;
      diff++;
    }
  }
  return counts;
}
