/**
 * Who compresses each detail head into its stored gzip head (gzipHead at DETAIL_GZIP_LEVEL)
 * while an index is built. Built in one go (tests, in-memory holders) the builder packs each
 * head as it renders it; built in slices (a publish, a server's swap) it hands the heads to a
 * worker thread in batches, so the ~1.2 s of deflate at full scale runs on the other core
 * beside the rest of the build instead of on the build's own thread (bench/README.md, "Full
 * build, 2026-11-28"). Either way a head's bytes are the same, copied into an arena.
 */
import { Worker } from 'node:worker_threads';
import { GZIP_HEADER, gzipHead } from './gzip-head.js';
import { ByteArena, DETAIL_GZIP_LEVEL } from './trial-json.js';

export interface DetailPacker {
  /** Packs `head`; `place` receives its gzip head now or before `finish()` resolves. */
  pack(head: Buffer, place: (packed: Buffer) => void): void;
  /** While too many heads wait to be packed, a promise of fewer (the builder pauses), else null. */
  backlog(): Promise<void> | null;
  /** No more heads: the last are sent, and a worker stops once they are placed. */
  end(): void;
  /** Once every packed head is placed and any worker stopped (ending it first); rejects with the packing's failure. */
  finish(): Promise<void>;
  /** Stops any worker at once (after a failed build). */
  close(): Promise<void>;
}

/** Packs each head on the calling thread, as it is given. */
export function packInline(): DetailPacker {
  const arena = new ByteArena();
  return {
    pack: (head, place) => place(copyInto(arena, gzipHead(head, DETAIL_GZIP_LEVEL))),
    backlog: () => null,
    end: () => {},
    finish: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

function copyInto(arena: ByteArena, bytes: Uint8Array): Buffer {
  const out = arena.alloc(bytes.length);
  out.set(bytes, 0);
  return out;
}

/**
 * Heads per message: a batch's plain bytes. Small enough that the worker starts soon after
 * the build does and that the last batch is little work left after it, large enough that a
 * message (a copy in, a transfer each way) is per ~20 heads, not per head.
 */
const BATCH_BYTES = 256 * 2 ** 10;
/**
 * Plain bytes sent and not yet packed past which the builder pauses: the heads are ~167 MB
 * at full scale, and a worker starved of its core must not let them pile up in the
 * publish's memory (its peak RSS bound is 1 GB).
 */
const MAX_PENDING_BYTES = 8 * 2 ** 20;

/**
 * The worker's code: plain CommonJS run by `eval`, so the thread loads no TypeScript loader
 * (it starts with no execArgv) and starts in a few milliseconds. Each message is a batch of
 * heads end to end and their end offsets; the answer is their raw deflates end to end (the
 * gzip header is added on this side), in the order the batches came.
 */
const PACK_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const zlib = require('node:zlib');
const options = { level: workerData.level, finishFlush: zlib.constants.Z_SYNC_FLUSH };
parentPort.on('message', ({ bytes, ends }) => {
  const heads = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const deflated = [];
  const outEnds = new Int32Array(ends.length);
  let start = 0;
  let total = 0;
  for (let i = 0; i < ends.length; i++) {
    const d = zlib.deflateRawSync(heads.subarray(start, ends[i]), options);
    deflated.push(d);
    total += d.length;
    outEnds[i] = total;
    start = ends[i];
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const d of deflated) {
    out.set(d, at);
    at += d.length;
  }
  // The batch's buffer goes back too, to carry the next batch.
  parentPort.postMessage({ bytes: out, ends: outEnds, spent: bytes }, [
    out.buffer,
    outEnds.buffer,
    bytes.buffer,
  ]);
});
`;

/** The worker's answer to a batch. */
interface Packed {
  bytes: Uint8Array;
  ends: Int32Array;
  /** The batch's own bytes, handed back. */
  spent: Uint8Array<ArrayBuffer>;
}

interface Batch {
  places: Array<(packed: Buffer) => void>;
  bytes: number;
}

/** Packs the heads on a worker thread, a batch at a time. */
export function packOffThread(): DetailPacker {
  return new OffThreadPacker();
}

class OffThreadPacker implements DetailPacker {
  private readonly arena = new ByteArena();
  private readonly worker = new Worker(PACK_WORKER, {
    eval: true,
    workerData: { level: DETAIL_GZIP_LEVEL },
    resourceLimits: { maxYoungGenerationSizeMb: 2, maxOldGenerationSizeMb: 16 },
    execArgv: [],
  });
  private readonly sent: Batch[] = [];
  private pendingBytes = 0;
  private failure: Error | null = null;
  private waiters: Array<() => void> = [];
  private ended: Promise<void> | null = null;
  /** Set when this side terminates the worker: its exit is then no failure. */
  private stopping = false;
  /** Batch buffers back from the worker, reused: not ~650 of them left to the collectors. */
  private readonly free: Buffer<ArrayBuffer>[] = [];
  private filling: Buffer<ArrayBuffer> = Buffer.allocUnsafeSlow(BATCH_BYTES);
  private fill: Batch = { places: [], bytes: 0 };
  private ends: number[] = [];

  constructor() {
    this.worker.on('message', (packed: Packed) => this.placeBatch(packed));
    this.worker.on('error', (err) => {
      this.failure = err;
      this.settle();
    });
    this.worker.on('exit', (code) => {
      if (!this.stopping)
        this.failure ??= new Error(`packing details: worker exited (code ${code})`);
      this.settle();
    });
  }

  pack(head: Buffer, place: (packed: Buffer) => void): void {
    if (this.fill.bytes + head.length > this.filling.length) this.send();
    // A head longer than a batch is a batch of its own.
    if (head.length > this.filling.length) this.filling = Buffer.allocUnsafeSlow(head.length);
    this.filling.set(head, this.fill.bytes);
    this.fill.bytes += head.length;
    this.fill.places.push(place);
    this.ends.push(this.fill.bytes);
  }

  backlog(): Promise<void> | null {
    if (this.failure) return Promise.reject(this.failure);
    return this.pendingBytes > MAX_PENDING_BYTES ? this.changed() : null;
  }

  end(): void {
    if (this.ended) return;
    this.ended = (async () => {
      this.send();
      while (this.sent.length > 0) await this.changed();
      // Its isolate's memory is given back before the rest of the build and the writes.
      this.stopping = true;
      await this.worker.terminate();
    })();
    this.ended.catch(() => {}); // finish() hands the failure on
  }

  finish(): Promise<void> {
    this.end();
    return this.ended!;
  }

  async close(): Promise<void> {
    this.stopping = true;
    await this.worker.terminate();
  }

  private placeBatch({ bytes, ends, spent }: Packed): void {
    const batch = this.sent.shift()!;
    if (spent.buffer.byteLength === BATCH_BYTES) this.free.push(Buffer.from(spent.buffer));
    let start = 0;
    for (let i = 0; i < ends.length; i++) {
      const out = this.arena.alloc(GZIP_HEADER.length + ends[i] - start);
      out.set(GZIP_HEADER, 0);
      out.set(bytes.subarray(start, ends[i]), GZIP_HEADER.length);
      batch.places[i](out);
      start = ends[i];
    }
    this.pendingBytes -= batch.bytes;
    this.settle();
  }

  private send(): void {
    if (this.fill.places.length === 0) return;
    const bytes = new Uint8Array(this.filling.buffer, this.filling.byteOffset, this.fill.bytes);
    const offsets = Int32Array.from(this.ends);
    this.worker.postMessage({ bytes, ends: offsets }, [this.filling.buffer, offsets.buffer]);
    this.sent.push(this.fill);
    this.pendingBytes += this.fill.bytes;
    this.filling = this.free.pop() ?? Buffer.allocUnsafeSlow(BATCH_BYTES);
    this.fill = { places: [], bytes: 0 };
    this.ends = [];
  }

  /** Once the worker answers or fails. */
  private changed(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (this.failure) return reject(this.failure);
      this.waiters.push(() => (this.failure ? reject(this.failure) : resolve()));
    });
  }

  private settle(): void {
    const woken = this.waiters;
    this.waiters = [];
    for (const wake of woken) wake();
  }
}
