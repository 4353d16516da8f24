/**
 * The byte spans of the members of a trial's prebuilt list JSON, found without parsing it
 * and kept per snapshot index (one Int32Array per trial, in the list fields' order): `fields=`
 * and CSV copy members out of them, where JSON.parse of each 95 KiB page had cost most of
 * their time (bench/README.md, "Exports"). The scanner walks strings with indexOf and
 * counts brackets between them; it reads the compact JSON the presenters write (no
 * whitespace between tokens) and throws on anything else, so a presenter that changes its
 * output fails loudly in the tests rather than projecting the wrong bytes.
 */
import { LIST_FIELDS } from '../present.js';
import type { TrialIndex } from '../query/trial-index.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** [start, end) of a value in the buffer. */
export type Span = readonly [number, number];

function fail(at: number): never {
  throw new Error(`json-members: unexpected byte at ${at}`);
}

/** The end (exclusive) of the string whose opening quote is at `at`. */
function stringEnd(buf: Buffer, at: number): number {
  let q = at;
  for (;;) {
    q = buf.indexOf(QUOTE, q + 1);
    if (q < 0) fail(at);
    // A quote is escaped when an odd number of backslashes precede it.
    let b = q - 1;
    while (buf[b] === BACKSLASH) b--;
    if ((q - 1 - b) % 2 === 0) return q + 1;
  }
}

/** The end (exclusive) of the value starting at `at`. */
export function valueEnd(buf: Buffer, at: number): number {
  const first = buf[at];
  if (first === QUOTE) return stringEnd(buf, at);
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) {
    let i = at;
    while (i < buf.length && buf[i] !== COMMA && buf[i] !== CLOSE_BRACE && buf[i] !== CLOSE_BRACKET)
      i++;
    return i;
  }
  let depth = 0;
  for (let i = at; i < buf.length; i++) {
    const c = buf[i];
    if (c === QUOTE) i = stringEnd(buf, i) - 1;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
    else if ((c === CLOSE_BRACE || c === CLOSE_BRACKET) && --depth === 0) return i + 1;
  }
  return fail(at);
}

/** The members of the object at `at` (which must be `{`), by name, in order. */
export function objectMembers(buf: Buffer, at: number): Map<string, Span> {
  if (buf[at] !== OPEN_BRACE) fail(at);
  const members = new Map<string, Span>();
  let i = at + 1;
  if (buf[i] === CLOSE_BRACE) return members;
  for (;;) {
    if (buf[i] !== QUOTE) fail(i);
    const keyEnd = stringEnd(buf, i);
    // Keys are the schemas' field names: ASCII, never escaped.
    const name = buf.toString('latin1', i + 1, keyEnd - 1);
    if (buf[keyEnd] !== COLON) fail(keyEnd);
    const end = valueEnd(buf, keyEnd + 1);
    members.set(name, [keyEnd + 1, end]);
    if (buf[end] === CLOSE_BRACE) return members;
    if (buf[end] !== COMMA) fail(end);
    i = end + 1;
  }
}

/** Each list field's index in the spans. */
const FIELD_AT = new Map(LIST_FIELDS.map((f, i) => [f, i]));
const spansByIndex = new WeakMap<TrialIndex, (Int32Array | undefined)[]>();

/**
 * The value span of every list field in `index.listJson[rank]`: [start, end) at 2i, 2i + 1
 * for LIST_FIELDS[i], -1 where absent. Scanned once per trial and snapshot.
 */
export function listMemberSpans(index: TrialIndex, rank: number): Int32Array {
  let all = spansByIndex.get(index);
  if (!all) spansByIndex.set(index, (all = new Array<Int32Array | undefined>(index.size)));
  let spans = all[rank];
  if (!spans) {
    spans = new Int32Array(LIST_FIELDS.length * 2).fill(-1);
    for (const [name, [start, end]] of objectMembers(index.listJson[rank], 0)) {
      const i = FIELD_AT.get(name as (typeof LIST_FIELDS)[number]);
      if (i !== undefined) spans.set([start, end], 2 * i);
    }
    all[rank] = spans;
  }
  return spans;
}

/** The span of `field` in the trial's list JSON, or undefined when it has none. */
export function listMemberSpan(spans: Int32Array, field: string): Span | undefined {
  const i = FIELD_AT.get(field as (typeof LIST_FIELDS)[number]);
  return i === undefined || spans[2 * i] < 0 ? undefined : [spans[2 * i], spans[2 * i + 1]];
}
