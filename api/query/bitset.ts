/**
 * A fixed-size set of trial ranks. Trials are stored in the default order, so walking the
 * set bits from low to high yields results already sorted: filtering is word-wide AND/OR
 * over ~460 words at full scale instead of per-trial object tests.
 */
export class Bitset {
  readonly size: number;
  readonly words: Uint32Array;

  constructor(size: number, words?: Uint32Array) {
    this.size = size;
    this.words = words ?? new Uint32Array((size + 31) >>> 5);
  }

  static full(size: number): Bitset {
    const b = new Bitset(size);
    b.words.fill(0xffffffff);
    const tail = size & 31;
    // Bits past `size` stay clear so count() and iteration never see phantom trials.
    if (tail !== 0) b.words[b.words.length - 1] = (1 << tail) - 1;
    return b;
  }

  set(i: number): void {
    this.words[i >>> 5] |= 1 << (i & 31);
  }

  clear(i: number): void {
    this.words[i >>> 5] &= ~(1 << (i & 31));
  }

  has(i: number): boolean {
    return (this.words[i >>> 5] & (1 << (i & 31))) !== 0;
  }

  clone(): Bitset {
    return new Bitset(this.size, this.words.slice());
  }

  and(other: Bitset): this {
    const a = this.words;
    const b = other.words;
    for (let i = 0; i < a.length; i++) a[i] &= b[i];
    return this;
  }

  or(other: Bitset): this {
    const a = this.words;
    const b = other.words;
    for (let i = 0; i < a.length; i++) a[i] |= b[i];
    return this;
  }

  andNot(other: Bitset): this {
    const a = this.words;
    const b = other.words;
    for (let i = 0; i < a.length; i++) a[i] &= ~b[i];
    return this;
  }

  /** Clears every set bit whose index fails `keep`. */
  retain(keep: (i: number) => boolean): this {
    const w = this.words;
    for (let wi = 0; wi < w.length; wi++) {
      let word = w[wi];
      while (word !== 0) {
        const bit = word & -word;
        const i = (wi << 5) + (31 - Math.clz32(bit));
        if (!keep(i)) w[wi] &= ~bit;
        word ^= bit;
      }
    }
    return this;
  }

  count(): number {
    let n = 0;
    const w = this.words;
    for (let i = 0; i < w.length; i++) {
      let v = w[i];
      v = v - ((v >>> 1) & 0x55555555);
      v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
      n += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
    }
    return n;
  }

  /** Set bits in ascending order, skipping the first `skip`, at most `take` of them. */
  slice(skip: number, take: number): number[] {
    const out: number[] = [];
    if (take <= 0) return out;
    const w = this.words;
    let seen = 0;
    for (let wi = 0; wi < w.length; wi++) {
      let word = w[wi];
      if (word === 0) continue;
      if (seen + popcount(word) <= skip) {
        seen += popcount(word);
        continue;
      }
      while (word !== 0) {
        const bit = word & -word;
        if (seen >= skip) {
          out.push((wi << 5) + (31 - Math.clz32(bit)));
          if (out.length === take) return out;
        }
        seen++;
        word ^= bit;
      }
    }
    return out;
  }

  forEach(fn: (i: number) => void): void {
    const w = this.words;
    for (let wi = 0; wi < w.length; wi++) {
      let word = w[wi];
      while (word !== 0) {
        const bit = word & -word;
        fn((wi << 5) + (31 - Math.clz32(bit)));
        word ^= bit;
      }
    }
  }
}

function popcount(v: number): number {
  v = v - ((v >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
