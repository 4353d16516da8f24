/**
 * A file of named values read back without parsing row by row: typed arrays and byte strings
 * are stored as raw little-endian sections that the reader maps to views of one buffer, and
 * everything else as one JSON text per named value. The serving index of a snapshot
 * (SERVING_INDEX_FILE) is written this way; its layout is docs/snapshot.md's "The serving
 * index".
 *
 * Layout, offsets from the start of the file:
 * - 0-7: the magic `LTOBJ001`; 8-11: header length H (u32 LE); 12..12+H: the header, JSON
 *   `{ meta, sections: [{ kind, offset, bytes }], fields: [[name, section]] }`.
 * - the binary sections, each at a multiple of 8 (typed arrays, native little-endian),
 *   then the JSON sections, one per field in `fields` order (a top-level array longer than
 *   ARRAY_PIECE in pieces: its entry lists their sections); nothing after the last.
 * In a field's JSON a tagged object, whose only or first key starts with `$`, stands for
 * what JSON cannot hold: `{"$t":n}` the typed array of section n (`kind` names its type),
 * `{"$va":[data,offsets]}` an array of typed arrays of one kind (section `data` cut at the
 * Int32 byte `offsets`; byte strings are Buffers), `{"$m":[[k,v]...]}` a Map, `{"$s":[...]}`
 * a Set, `{"$mp":[n...]}` / `{"$sp":[n...]}` a Map / Set whose entries are JSON sections n
 * (pieces cut as a long array's, each a JSON array of its `$m` / `$s` entries; only when no
 * class instance first appears in them), `{"$n":"NaN"}` a non-finite number, `{"$u":1}` undefined,
 * `{"$c":name,"$i":id,"f":{...}}` an instance of a class the caller names (its own
 * fields), `{"$r":id}` the same instance again. Plain objects never
 * carry a key starting with `$` (the writer refuses them).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sha256FileOffThread } from './checksum.js';

const MAGIC = Buffer.from('LTOBJ001');
const ALIGN = 8;
/** Elements of a top-level array per JSON section (a 14,500-trial field is ~8 pieces). */
const ARRAY_PIECE = 2048;
/**
 * And at most about this many bytes of JSON a piece (but one element; counted in UTF-16
 * units): the reader parses a piece per event-loop turn, and a piece of 2,048 trials'
 * evidence (2.7 MB) took 36-75 ms to JSON.parse alone at load 9, a request's wait during a
 * swap (bench/README.md, "Details kept compressed").
 */
const PIECE_BYTES = 256 * 2 ** 10;

const VIEW_TYPES = {
  Buffer,
  Uint8Array,
  Int8Array,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  Float32Array,
  Float64Array,
} as const;
type ViewKind = keyof typeof VIEW_TYPES;
type Kind = ViewKind | 'json';

interface SectionEntry {
  kind: Kind;
  offset: number;
  bytes: number;
}

interface Header<M> {
  meta: M;
  sections: SectionEntry[];
  /** A field's JSON section, or the sections of its pieces (a long array). */
  fields: [string, number | number[]][];
}

/** Classes whose instances a file may hold, by constructor name. */
export type ClassTable = Readonly<Record<string, { prototype: object }>>;

export class ObjectFileError extends Error {
  override name = 'ObjectFileError';
}

const pad = (n: number) => (ALIGN - (n % ALIGN)) % ALIGN;

function viewKind(v: ArrayBufferView): ViewKind {
  const kind = (Buffer.isBuffer(v) ? 'Buffer' : v.constructor.name) as ViewKind;
  if (!(kind in VIEW_TYPES)) throw new ObjectFileError(`cannot store a ${kind}`);
  return kind;
}

class Encoder {
  readonly chunks: Uint8Array[][] = [];
  readonly kinds: Kind[] = [];
  private readonly views = new Map<ArrayBufferView, number>();
  private readonly instances = new Map<object, number>();

  constructor(private readonly classes: ClassTable) {}

  section(kind: Kind, chunks: Uint8Array[]): number {
    this.kinds.push(kind);
    return this.chunks.push(chunks) - 1;
  }

  private view(v: ArrayBufferView): number {
    let n = this.views.get(v);
    if (n === undefined) {
      n = this.section(viewKind(v), [new Uint8Array(v.buffer, v.byteOffset, v.byteLength)]);
      this.views.set(v, n);
    }
    return n;
  }

  /** Views of one kind: one section, cut at byte offsets. */
  private viewArray(list: readonly ArrayBufferView[], kind: ViewKind): unknown {
    const offsets = new Int32Array(list.length + 1);
    let at = 0;
    for (let i = 0; i < list.length; i++) {
      at += list[i].byteLength;
      if (at > 0x7fffffff) throw new ObjectFileError('an array of views over 2 GB');
      offsets[i + 1] = at;
    }
    const chunks = list.map((v) => new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
    return { $va: [this.section(kind, chunks), this.view(offsets)] };
  }

  value(v: unknown): unknown {
    if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
    if (typeof v === 'number') return Number.isFinite(v) ? v : { $n: String(v) };
    if (v === undefined) return { $u: 1 };
    if (typeof v !== 'object') throw new ObjectFileError(`cannot store a ${typeof v}`);
    if (ArrayBuffer.isView(v)) return { $t: this.view(v) };
    if (Array.isArray(v)) {
      const kind = v.length > 0 && ArrayBuffer.isView(v[0]) ? viewKind(v[0]) : null;
      if (kind && v.every((x) => ArrayBuffer.isView(x) && viewKind(x) === kind))
        return this.viewArray(v as ArrayBufferView[], kind);
      return v.map((x: unknown) => this.value(x));
    }
    if (v instanceof Map)
      return this.collection('$m', () => [...v].map(([k, x]) => [this.value(k), this.value(x)]));
    if (v instanceof Set) return this.collection('$s', () => [...v].map((x) => this.value(x)));
    const proto = Object.getPrototypeOf(v) as object | null;
    if (proto === Object.prototype || proto === null) return this.fields(v);
    const name = (proto as { constructor?: { name?: string } }).constructor?.name ?? '';
    if (this.classes[name]?.prototype !== proto)
      throw new ObjectFileError(`class ${name || '(anonymous)'} is not in the class table`);
    const seen = this.instances.get(v);
    if (seen !== undefined) return { $r: seen };
    const id = this.instances.size;
    this.instances.set(v, id);
    return { $c: name, $i: id, f: this.fields(v) };
  }

  /**
   * A Map's or Set's entries inline, or when they fill more than one piece (arrayPieces) in
   * sections of their own, which the reader decodes a piece per event-loop turn: the geo
   * index's H3 cell maps (37,000 entries, 1.3 MB) and the trial ids' ranks were each one
   * synchronous step of 23-34 ms in a swapping server at load 13. Pieces are decoded after
   * the rest of their section, so entries in which an instance first appears stay inline
   * (a later `{"$r":id}` to it must find it decoded).
   */
  private collection(tag: '$m' | '$s', entries: () => unknown[]): unknown {
    const before = this.instances.size;
    const encoded = entries();
    const pieces = encoded.length > 1 && this.instances.size === before ? arrayPieces(encoded) : [];
    if (pieces.length <= 1) return { [tag]: encoded };
    return { [`${tag}p`]: pieces.map((p) => this.section('json', [p])) };
  }

  private fields(o: object): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(o)) {
      if (k.startsWith('$')) throw new ObjectFileError(`a key may not start with $: ${k}`);
      out[k] = this.value(x);
    }
    return out;
  }
}

/**
 * A top-level array's JSON in pieces of at most ARRAY_PIECE elements and PIECE_BYTES bytes
 * (a larger element is a piece of its own); one piece is the array's JSON as it is.
 */
function arrayPieces(items: readonly unknown[]): Buffer[] {
  const pieces: Buffer[] = [];
  let texts: string[] = [];
  let bytes = 0;
  const close = () => {
    pieces.push(Buffer.from(`[${texts.join(',')}]`));
    texts = [];
    bytes = 0;
  };
  for (const item of items) {
    const text = JSON.stringify(item);
    if (texts.length > 0 && (texts.length === ARRAY_PIECE || bytes + text.length > PIECE_BYTES))
      close();
    texts.push(text);
    bytes += text.length + 1;
  }
  if (texts.length > 0 || pieces.length === 0) close();
  return pieces;
}

/**
 * A field's JSON section, or for an array of more than one piece its pieces' sections, so
 * the reader parses it a piece per event-loop turn.
 */
function fieldSections(enc: Encoder, v: unknown): number | number[] {
  const encoded = enc.value(v);
  if (!Array.isArray(encoded)) return enc.section('json', [Buffer.from(JSON.stringify(encoded))]);
  const pieces = arrayPieces(encoded);
  return pieces.length === 1
    ? enc.section('json', pieces)
    : pieces.map((p) => enc.section('json', [p]));
}

/** Most buffers per writev(2) (Linux's IOV_MAX), and bytes gathered before one. */
const WRITEV_BUFFERS = 1024;
const WRITEV_BYTES = 8 * 2 ** 20;

/** Writes `buffers` at the file's position, finishing a short writev one buffer at a time. */
async function writevAll(fh: fs.FileHandle, buffers: Uint8Array[], bytes: number): Promise<void> {
  const { bytesWritten } = await fh.writev(buffers);
  let skip = bytesWritten;
  if (skip === bytes) return;
  for (const b of buffers) {
    if (skip >= b.byteLength) {
      skip -= b.byteLength;
      continue;
    }
    let rest = b.subarray(skip);
    skip = 0;
    while (rest.byteLength > 0) rest = rest.subarray((await fh.write(rest)).bytesWritten);
  }
}

/**
 * Writes `fields` (in their key order; the reader restores them in the same order, so an
 * instance met again in a later field is the same object) and `meta` (plain JSON, read
 * before anything else) to `file`; returns the file's sha256 (hex), hashed as written.
 */
export async function writeObjectFile(
  file: string,
  meta: unknown,
  fields: Record<string, unknown>,
  classes: ClassTable,
): Promise<string> {
  const enc = new Encoder(classes);
  const fieldList: [string, number | number[]][] = Object.entries(fields).map(([name, v]) => [
    name,
    fieldSections(enc, v),
  ]);
  const sizes = enc.chunks.map((c) => c.reduce((n, b) => n + b.byteLength, 0));
  // Binary sections first (aligned), JSON last, so the reader keeps one buffer for the views.
  const order = enc.kinds
    .map((_k, i) => i)
    .sort((a, b) => +(enc.kinds[a] === 'json') - +(enc.kinds[b] === 'json'));
  const headerOf = (start: number): Buffer => {
    const sections: SectionEntry[] = new Array(sizes.length);
    let at = start;
    for (const i of order) {
      at += enc.kinds[i] === 'json' ? 0 : pad(at);
      sections[i] = { kind: enc.kinds[i], offset: at, bytes: sizes[i] };
      at += sizes[i];
    }
    return Buffer.from(
      JSON.stringify({ meta, sections, fields: fieldList } satisfies Header<unknown>),
    );
  };
  // The header's length moves the sections, whose offsets are in the header: settle it.
  let header = headerOf(0);
  for (let guess = 0; ;) {
    const start = 12 + header.length + pad(12 + header.length);
    if (start === guess) break;
    guess = start;
    header = headerOf(start);
  }
  const head = Buffer.alloc(12);
  MAGIC.copy(head, 0);
  head.writeUInt32LE(header.length, 8);
  const hash = createHash('sha256');
  const fh = await fs.open(file, 'w');
  try {
    let at = 0;
    // The ~29,000 trial bodies are as many buffers: gathered into writev calls, not a write each.
    let batch: Uint8Array[] = [];
    let batchBytes = 0;
    const flush = async () => {
      if (batch.length > 0) await writevAll(fh, batch, batchBytes);
      batch = [];
      batchBytes = 0;
    };
    const write = async (bytes: Uint8Array) => {
      hash.update(bytes);
      batch.push(bytes);
      batchBytes += bytes.byteLength;
      at += bytes.byteLength;
      if (batch.length >= WRITEV_BUFFERS || batchBytes >= WRITEV_BYTES) await flush();
    };
    await write(head);
    await write(header);
    const entries = (JSON.parse(header.toString()) as Header<unknown>).sections;
    for (const i of order) {
      if (entries[i].offset > at) await write(Buffer.alloc(entries[i].offset - at));
      for (const chunk of enc.chunks[i]) await write(chunk);
    }
    await flush();
    await fh.sync();
  } finally {
    await fh.close();
  }
  return hash.digest('hex');
}

class Decoder {
  private readonly instances = new Map<number, object>();
  /**
   * Work left by the last value decoded, a piece per entry: the pieces of Maps and Sets
   * (`$mp`, `$sp`) and the views of a long `$va` beyond its first ARRAY_PIECE; the caller
   * runs one per event-loop turn (drain) before the next section.
   */
  private readonly later: (() => void)[] = [];

  constructor(
    private readonly classes: ClassTable,
    private readonly views: (n: number) => unknown,
    /** A JSON section's text parsed (not decoded). */
    private readonly section: (n: number) => unknown,
  ) {}

  /** Runs the work left by the values decoded so far, one piece per event-loop turn. */
  async drain(): Promise<void> {
    for (let i = 0; i < this.later.length; i++) {
      await nextTurn();
      this.later[i]();
    }
    this.later.length = 0;
  }

  value(v: unknown): unknown {
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) v[i] = this.value(v[i]);
      return v;
    }
    const o = v as Record<string, unknown>;
    let first: string | undefined;
    for (const k in o) {
      first = k;
      break;
    }
    if (first === undefined || first.charCodeAt(0) !== 36) {
      for (const k in o) o[k] = this.value(o[k]);
      return o;
    }
    return this.tagged(first, o);
  }

  private tagged(tag: string, o: Record<string, unknown>): unknown {
    switch (tag) {
      case '$t':
        return this.views(o.$t as number);
      case '$va': {
        const [data, offs] = o.$va as [number, number];
        const all = this.views(data) as Int32Array;
        const at = this.views(offs) as Int32Array;
        const size = all.BYTES_PER_ELEMENT;
        const out = new Array<unknown>(at.length - 1);
        // 14,534 trial bodies' views took 15 ms in one step at load 13: a piece at a time.
        const fill = (from: number) => {
          const to = Math.min(out.length, from + ARRAY_PIECE);
          for (let i = from; i < to; i++) out[i] = all.subarray(at[i] / size, at[i + 1] / size);
        };
        fill(0);
        for (let from = ARRAY_PIECE; from < out.length; from += ARRAY_PIECE)
          this.later.push(() => fill(from));
        return out;
      }
      case '$m':
        return this.mapEntries(new Map(), o.$m as [unknown, unknown][]);
      case '$s':
        return this.setEntries(new Set(), o.$s as unknown[]);
      case '$mp': {
        const out = new Map<unknown, unknown>();
        for (const n of o.$mp as number[])
          this.later.push(() => this.mapEntries(out, this.section(n) as [unknown, unknown][]));
        return out;
      }
      case '$sp': {
        const out = new Set<unknown>();
        for (const n of o.$sp as number[])
          this.later.push(() => this.setEntries(out, this.section(n) as unknown[]));
        return out;
      }
      case '$n':
        return Number(o.$n);
      case '$u':
        return undefined;
      case '$r':
        return this.instances.get(o.$r as number);
      case '$c': {
        const cls = this.classes[o.$c as string];
        if (!cls) throw new ObjectFileError(`class ${String(o.$c)} is not in the class table`);
        const out = Object.create(cls.prototype) as Record<string, unknown>;
        this.instances.set(o.$i as number, out);
        const f = o.f as Record<string, unknown>;
        for (const k in f) out[k] = this.value(f[k]);
        return out;
      }
      default:
        throw new ObjectFileError(`unknown tag ${tag}`);
    }
  }

  private mapEntries(out: Map<unknown, unknown>, entries: [unknown, unknown][]): typeof out {
    for (const [k, x] of entries) out.set(this.value(k), this.value(x));
    return out;
  }

  private setEntries(out: Set<unknown>, entries: unknown[]): typeof out {
    for (const x of entries) out.add(this.value(x));
    return out;
  }
}

export interface ObjectFile<M> {
  meta: M;
  /**
   * Decodes the fields (only those named in `only` when given: the file is still read and
   * hashed whole; an instance first met in a field left out is not restored), yielding
   * to the event loop between two (a server keeps answering).
   */
  fields(only?: readonly string[]): Promise<Record<string, unknown>>;
  /** sha256 (hex) of the whole file, known once fields() has read it. */
  sha256(): string;
  /** Closes a file whose fields are not wanted (fields() closes it itself). */
  close(): Promise<void>;
}

async function readExactly(fh: fs.FileHandle, buf: Buffer, position: number): Promise<void> {
  let done = 0;
  while (done < buf.length) {
    const { bytesRead } = await fh.read(buf, done, buf.length - done, position + done);
    if (bytesRead === 0) throw new ObjectFileError('file ends early');
    done += bytesRead;
  }
}

/** Bytes read per call: a piece at a time, as a swapping server reads its next index. */
const READ_PIECE = 8 * 2 ** 20;

/** Reads `buf` from `position` a piece at a time. */
async function readPieces(fh: fs.FileHandle, buf: Buffer, position: number): Promise<void> {
  for (let at = 0; at < buf.length; at += READ_PIECE)
    await readExactly(fh, buf.subarray(at, Math.min(buf.length, at + READ_PIECE)), position + at);
}

/** One view per binary section, made when first asked: an array stored once and met twice is one array again. */
function sectionViews(
  sections: readonly SectionEntry[],
  binary: Buffer,
  base: number,
): (n: number) => unknown {
  const made = new Map<number, unknown>();
  return (n) => {
    if (made.has(n)) return made.get(n);
    const s = sections[n];
    if (!s || s.kind === 'json') throw new ObjectFileError(`no binary section ${n}`);
    const offset = binary.byteOffset + s.offset - base;
    const Type = VIEW_TYPES[s.kind] as Float64ArrayConstructor;
    const view =
      s.kind === 'Buffer'
        ? Buffer.from(binary.buffer, offset, s.bytes)
        : new Type(binary.buffer, offset, s.bytes / Type.BYTES_PER_ELEMENT);
    made.set(n, view);
    return view;
  };
}

/**
 * The fields from the JSON sections (`text` starts at file offset `textStart`), a section
 * or a piece of one per event-loop turn.
 */
async function decodeFields(
  header: Header<unknown>,
  classes: ClassTable,
  views: (n: number) => unknown,
  text: Buffer,
  textStart: number,
  only: readonly string[] | undefined,
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const section = (n: number): unknown => {
    const s = header.sections[n];
    const at = s.offset - textStart;
    return JSON.parse(text.toString('utf8', at, at + s.bytes));
  };
  const dec = new Decoder(classes, views, section);
  for (const [name, n] of header.fields) {
    if (only && !only.includes(name)) continue;
    if (typeof n === 'number') out[name] = dec.value(section(n));
    else {
      const whole: unknown[] = [];
      for (const piece of n) {
        for (const x of dec.value(section(piece)) as unknown[]) whole.push(x);
        await dec.drain();
        await nextTurn();
      }
      out[name] = whole;
    }
    await dec.drain();
    await nextTurn();
  }
  return out;
}

/**
 * Opens `file` and reads its header; `meta` is available at once (to decide whether the
 * rest is worth reading), the fields when asked. The rest is read once, in order, while a
 * worker thread hashes the whole file from its own reads (sha256FileOffThread): 200+ MB
 * hashed here held a swapping server up ~130 ms, and a publish's thread has the index to
 * build. Both read the same bytes as long as nobody writes the file meanwhile: a snapshot's
 * files are never written once published.
 */
export async function openObjectFile<M>(file: string, classes: ClassTable): Promise<ObjectFile<M>> {
  const fh = await fs.open(file, 'r');
  let digest: string | null = null;
  try {
    const size = (await fh.stat()).size;
    const head = Buffer.alloc(12);
    await readExactly(fh, head, 0);
    if (!head.subarray(0, 8).equals(MAGIC))
      throw new ObjectFileError(`${file}: not an object file`);
    const headerBytes = Buffer.alloc(head.readUInt32LE(8));
    await readExactly(fh, headerBytes, 12);
    const header = JSON.parse(headerBytes.toString()) as Header<M>;
    const binaryEnd = Math.max(
      12 + headerBytes.length,
      ...header.sections.filter((s) => s.kind !== 'json').map((s) => s.offset + s.bytes),
    );
    const fields = async (only?: readonly string[]): Promise<Record<string, unknown>> => {
      const hashed = sha256FileOffThread(file);
      // Settled below; a read that fails first must not leave its rejection unhandled.
      hashed.catch(() => undefined);
      try {
        const binStart = 12 + headerBytes.length;
        // Laid out as in the file from the 8-aligned offset before binStart, in a buffer of
        // its own (offset 0), so every section's view is aligned.
        const base = binStart - (binStart % ALIGN);
        const binary = Buffer.allocUnsafeSlow(binaryEnd - base);
        await readPieces(fh, binary.subarray(binStart - base), binStart);
        const text = Buffer.allocUnsafeSlow(size - binaryEnd);
        await readPieces(fh, text, binaryEnd);
        const views = sectionViews(header.sections, binary, base);
        const out = await decodeFields(header, classes, views, text, binaryEnd, only);
        digest = await hashed;
        return out;
      } finally {
        await fh.close();
      }
    };
    return {
      meta: header.meta,
      fields,
      close: () => fh.close(),
      sha256: () => {
        if (digest === null) throw new ObjectFileError('sha256 before the file was read');
        return digest;
      },
    };
  } catch (err) {
    await fh.close();
    throw err;
  }
}
