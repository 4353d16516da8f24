/**
 * Response heads kept in one buffer allocated once and written as a ring, oldest out
 * first, with a second chance for what is read: plain heads, and (./compressed-bodies.ts)
 * compressed heads and MCP results too, each with what its owner keeps beside the bytes.
 *
 * Why not one Buffer per kept body: a body evicted from such an LRU has lived long enough
 * to be promoted, so only a mark-compact frees it, and V8 started one for about every 130 MB
 * of external memory set free that way. A ZIP page is ~119 KiB and the bench's 500 ZIPs
 * never repeat within the 32 MiB, so every request evicted a page: zip 100 mi cost 1.47 ms
 * of server CPU a request kept that way against 0.88 ms not kept at all (same session,
 * bench/README.md). Here a kept body is a copy into the ring, or (`claim`, a list page
 * rendered on a miss) written there in place, and an eviction frees nothing.
 *
 * A kept head is a view into the ring: its bytes stay until a later body is written over
 * them, which never happens while a response is still sending them (`get` holds them until
 * that response closes; a body that would overwrite them is not kept).
 *
 * Oldest out first keeps nothing of a cycle of pages larger than the ring: the bench's 500
 * ZIP pages at one radius (~58 MiB) each evicted the page asked next, so every request was
 * rendered again. Keys the owner counts uses of (`worth`: a list page's recipe,
 * ./list-recipes.ts) are admitted by frequency, as TinyLFU does: such a key's body (`claim`
 * given its key) takes room, or a read of it moves it to the newest end, only when it was
 * used more than every counted head it would write over; a head whose key is not counted
 * weighs nothing. Equally used pages keep what is kept, so such a cycle hits as often as the
 * ring holds pages (bench/README.md, "ZIP pages admitted by use").
 */

/** What sends a kept head: its bytes are held until it emits `close` (an http.ServerResponse). */
export interface Sending {
  /** Its client is gone: it emitted `close` already and sends nothing more. */
  readonly destroyed: boolean;
  once(event: 'close', listener: () => void): unknown;
}

export interface KeptPlain<I = never> {
  /** The kept bytes: a view into the ring. */
  readonly head: Buffer;
  /** Response headers that belong to the body (a list's Link). */
  readonly headers: Record<string, string>;
  /** What the owner keeps beside the bytes (a compressed head's coding and checksum). */
  readonly info?: I;
}

/** Room claimed at the newest end (PlainRing.claim): `bytes` for the caller to write in place. */
export interface Claim {
  readonly start: number;
  readonly bytes: Buffer;
}

interface Slot<I> extends KeptPlain<I> {
  readonly key: string;
  /** Where it starts in the running count of bytes written (its offset: start % capacity). */
  readonly start: number;
  /** Responses still sending it. */
  sending: number;
}

export class PlainRing<I = never> {
  private ring: Buffer | null = null;
  private readonly slots = new Map<string, Slot<I>>();
  /** Written slots oldest first, including those no longer named but still being sent. */
  private readonly order: Slot<I>[] = [];
  /** Bytes written so far, wrap-around gaps included. */
  private written = 0;

  /**
   * @param capacity bytes of the ring, allocated at the first put
   * @param worth uses counted for a key, undefined for one not counted (see the file's comment)
   */
  constructor(
    readonly capacity: number,
    private readonly worth: (key: string) => number | undefined = () => undefined,
  ) {}

  /** Heads kept. */
  get size(): number {
    return this.slots.size;
  }

  /** Heads kept whose `info` passes `test` (a count for tests and reports: it walks them). */
  count(test: (info: I | undefined) => boolean): number {
    let n = 0;
    for (const slot of this.slots.values()) if (test(slot.info)) n++;
    return n;
  }

  /** Whether a head is kept under `key` (a look that moves nothing and holds nothing). */
  has(key: string): boolean {
    return this.slots.has(key);
  }

  /**
   * The head kept under `key`, held for `sending` (null: not sent) until it closes. A head
   * read in the older half of the ring is moved to the newest end first, so what is read
   * often stays, as in an LRU.
   */
  get(key: string, sending: Sending | null): KeptPlain<I> | undefined {
    let slot = this.slots.get(key);
    if (!slot) return undefined;
    if (this.written - slot.start > this.capacity / 2 && this.admits(key, slot.head.length, slot))
      slot = this.rewrite(slot) ?? slot;
    hold(slot, sending);
    return slot;
  }

  /**
   * Room for `n` bytes at the newest end, for a body written there in place instead of
   * rendered into a Buffer of its own and copied in (no per-response allocation: a ZIP page
   * is ~119 KiB); `keep` names it once written. Null when `put` would not keep `n` bytes,
   * or when the body for `key` is not admitted over the heads it would write over.
   */
  claim(n: number, key?: string): Claim | null {
    if (key !== undefined && !this.admits(key, n, null)) return null;
    const start = this.allocate(n, null);
    if (start === null) return null;
    const at = start % this.capacity;
    return { start, bytes: this.ring!.subarray(at, at + n) };
  }

  /**
   * Keeps the first `length` bytes written into `claim` under `key`, held for `sending`
   * until it closes; false (nothing kept) when the ring has claimed room since, which may
   * lie over them.
   */
  keep(
    key: string,
    claim: Claim,
    length: number,
    headers: Record<string, string>,
    sending: Sending | null,
  ): boolean {
    if (this.written !== claim.start + claim.bytes.length || length > claim.bytes.length)
      return false;
    const slot: Slot<I> = {
      key,
      start: claim.start,
      head: claim.bytes.subarray(0, length),
      headers,
      sending: 0,
    };
    this.name(slot);
    hold(slot, sending);
    return true;
  }

  /** Keeps a copy of `bytes` under `key`, unless they exceed the ring or a response holds the space. */
  put(key: string, bytes: Uint8Array, headers: Record<string, string>, info?: I): void {
    const start = this.allocate(bytes.length, null);
    if (start === null) return;
    const at = start % this.capacity;
    this.ring!.set(bytes, at);
    this.name({
      key,
      start,
      head: this.ring!.subarray(at, at + bytes.length),
      headers,
      info,
      sending: 0,
    });
  }

  /**
   * Whether `key`'s `n` bytes may be written at the newest end (a new body, or `moving`
   * moved there): always for a key not counted; for a counted one, when it was used more
   * than every counted head still named that they would write over.
   */
  private admits(key: string, n: number, moving: Slot<I> | null): boolean {
    const uses = this.worth(key);
    if (uses === undefined) return true;
    const { order, slots } = this;
    const limit = this.newestStart(n) + n - this.capacity;
    for (let i = 0; i < order.length && order[i].start < limit; i++) {
      const slot = order[i];
      if (slot === moving || slots.get(slot.key) !== slot) continue;
      if ((this.worth(slot.key) ?? 0) >= uses) return false;
    }
    return true;
  }

  private name(slot: Slot<I>): void {
    this.slots.set(slot.key, slot);
    this.order.push(slot);
  }

  /** The slot's bytes copied to the newest end; undefined when that would overwrite them. */
  private rewrite(slot: Slot<I>): Slot<I> | undefined {
    const n = slot.head.length;
    const start = this.allocate(n, slot);
    if (start === null) return undefined;
    const at = start % this.capacity;
    const from = slot.start % this.capacity;
    // The two places never overlap: allocate stops short of overwriting `slot`.
    this.ring!.copyWithin(at, from, from + n);
    const moved: Slot<I> = { ...slot, start, head: this.ring!.subarray(at, at + n), sending: 0 };
    this.name(moved);
    return moved;
  }

  /** Where `n` bytes written next start, in the running count of bytes written. */
  private newestStart(n: number): number {
    const { capacity, written } = this;
    // A head never wraps around: it starts the next lap when this one has too little left.
    return (written % capacity) + n > capacity
      ? written + capacity - (written % capacity)
      : written;
  }

  /**
   * Room for `n` bytes at the newest end: the running offset they start at, after dropping
   * the oldest slots they overwrite; null when `n` exceeds the ring, or when that would
   * overwrite a slot still being sent or `keep`.
   */
  private allocate(n: number, keep: Slot<I> | null): number | null {
    const { capacity, order } = this;
    if (n > capacity) return null;
    const start = this.newestStart(n);
    // A slot starting before this would share bytes with [start, start + n) in the ring.
    const limit = start + n - capacity;
    while (order.length > 0 && order[0].start < limit) {
      const oldest = order[0];
      if (oldest.sending > 0 || oldest === keep) return null;
      order.shift();
      if (this.slots.get(oldest.key) === oldest) this.slots.delete(oldest.key);
    }
    this.ring ??= Buffer.allocUnsafeSlow(capacity);
    this.written = start + n;
    return start;
  }
}

/** Holds `slot`'s bytes until `sending` closes. */
function hold(slot: { sending: number }, sending: Sending | null): void {
  // A response whose client left while the request waited (Redis admission is async) had
  // its `close` already: a hold would never be let go, and the ring would stop keeping.
  if (!sending || sending.destroyed) return;
  slot.sending++;
  sending.once('close', () => slot.sending--);
}
