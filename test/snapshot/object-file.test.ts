/**
 * snapshot/object-file.ts: what goes in comes back, typed arrays as aligned views of the
 * file's bytes, shared instances as one object; what it cannot hold is refused at write,
 * and a file cut short is refused at read.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ObjectFileError, openObjectFile, writeObjectFile } from '../../snapshot/object-file.js';
import { createHash } from 'node:crypto';

class Point {
  constructor(
    readonly x: number,
    readonly ys: Float64Array,
  ) {}
  sum(): number {
    return this.x + this.ys.reduce((a, b) => a + b, 0);
  }
}
const CLASSES = { Point };

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lungtrials-objfile-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function roundTrip(fields: Record<string, unknown>, meta: unknown = { v: 1 }) {
  const file = path.join(dir, 'f.bin');
  await writeObjectFile(file, meta, fields, CLASSES);
  const opened = await openObjectFile<typeof meta>(file, CLASSES);
  const out = await opened.fields();
  const sha = createHash('sha256')
    .update(await fs.readFile(file))
    .digest('hex');
  return { meta: opened.meta, out, sha256: opened.sha256(), sha };
}

describe('object file', () => {
  it('gives back every kind of value it stores, and the whole file hashed', async () => {
    const shared = new Point(2, Float64Array.from([0.5, 1.5]));
    const ints = Int32Array.from([1, -2, 3]);
    const fields = {
      plain: { a: 'text', b: [1, 2.5, null, true], nested: { c: [] as unknown[] } },
      odd: [NaN, Infinity, -Infinity, undefined],
      views: {
        u8: Uint8Array.from([1, 2, 3]),
        i16: Int16Array.from([-7, 7]),
        u32: Uint32Array.from([4_000_000_000]),
        f64: Float64Array.from([Math.PI, -0.125]),
        buf: Buffer.from('{"json":"body"}'),
        same: ints,
        again: ints,
      },
      bodies: [Buffer.from('first'), Buffer.from(''), Buffer.from('third é')],
      postings: [Int32Array.from([1, 2]), Int32Array.from([]), Int32Array.from([9])],
      map: new Map<unknown, unknown>([
        ['k', new Set(['a', 'b'])],
        [3, shared],
      ]),
      point: shared,
    };
    const { meta, out, sha256, sha } = await roundTrip(fields);
    expect(meta).toEqual({ v: 1 });
    expect(sha256).toBe(sha);
    expect(out).toStrictEqual(fields);
    const views = out.views as typeof fields.views;
    expect(views.again).toBe(views.same);
    expect(Buffer.isBuffer(views.buf)).toBe(true);
    for (const v of Object.values(views)) expect(v.byteOffset % v.BYTES_PER_ELEMENT).toBe(0);
    expect((out.bodies as Buffer[]).map((b) => b.toString())).toEqual(['first', '', 'third é']);
    const point = out.point as Point;
    expect(point).toBeInstanceOf(Point);
    expect(point.sum()).toBe(4);
    expect((out.map as Map<unknown, unknown>).get(3)).toBe(point);
  });

  it('gives back a long array written in pieces, an instance shared across pieces as one', async () => {
    const shared = new Point(1, Float64Array.from([2]));
    const long = Array.from({ length: 5000 }, (_v, i) =>
      i % 1000 === 0 ? shared : { i, text: `row ${i}`, nan: i === 4999 ? NaN : i },
    );
    const file = path.join(dir, 'f.bin');
    await writeObjectFile(file, {}, { long, after: shared }, CLASSES);
    const header = JSON.parse(
      (await fs.readFile(file))
        .subarray(12, 12 + (await fs.readFile(file)).readUInt32LE(8))
        .toString(),
    ) as { fields: [string, number | number[]][] };
    expect(header.fields[0][1]).toHaveLength(3);
    const out = await (await openObjectFile(file, CLASSES)).fields();
    expect(out.long).toStrictEqual(long);
    const back = out.long as unknown[];
    expect(back[4000]).toBe(back[0]);
    expect(out.after).toBe(back[0]);
  });

  it('cuts an array of large elements into pieces of about 256 KiB, each read back whole', async () => {
    // 300 elements of ~10 KB: fewer than a piece's 2,048, but ~3 MB of JSON.
    const big = Array.from({ length: 300 }, (_v, i) => ({ i, text: 'x'.repeat(10_000) }));
    const file = path.join(dir, 'f.bin');
    await writeObjectFile(file, {}, { big, small: [1, 2, 3] }, CLASSES);
    const bytes = await fs.readFile(file);
    const header = JSON.parse(bytes.subarray(12, 12 + bytes.readUInt32LE(8)).toString()) as {
      fields: [string, number | number[]][];
      sections: { bytes: number }[];
    };
    const pieces = header.fields[0][1] as number[];
    expect(pieces.length).toBeGreaterThanOrEqual(12);
    for (const n of pieces)
      expect(header.sections[n].bytes).toBeLessThanOrEqual(256 * 1024 + 10_100);
    // A short array stays one section.
    expect(typeof header.fields[1][1]).toBe('number');
    const out = await (await openObjectFile(file, CLASSES)).fields();
    expect(out.big).toStrictEqual(big);
    expect(out.small).toStrictEqual([1, 2, 3]);
  });

  it('cuts a long Map or Set into pieces read a piece per event-loop turn, entries in order', async () => {
    const shared = new Point(3, Float64Array.from([1]));
    const cells = new Map(Array.from({ length: 41_000 }, (_v, i) => [`86${i.toString(16)}ff`, i]));
    const ids = new Set(Array.from({ length: 5000 }, (_v, i) => `NCT${i}`));
    // An instance first met in a long Map: its entries stay inline, so `after` finds it.
    const holding = new Map(Array.from({ length: 5000 }, (_v, i) => [i, i === 7 ? shared : i]));
    const bodies = Array.from({ length: 5000 }, (_v, i) => Buffer.from(`{"i":${i}}`));
    const fields = { geo: { buckets: new Map([[6, { ranges: cells }]]) }, ids, holding, bodies };
    const file = path.join(dir, 'f.bin');
    await writeObjectFile(file, {}, { ...fields, after: shared }, CLASSES);
    const bytes = await fs.readFile(file);
    const text = bytes.toString();
    expect(text).toContain('{"ranges":{"$mp":[');
    expect(text).toContain('{"$sp":[');
    expect(text).toContain('{"$m":[[0,0],[1,1]');
    let turns = 0;
    let reading = true;
    const tick = () => {
      turns++;
      if (reading) setImmediate(tick);
    };
    setImmediate(tick);
    const out = await (await openObjectFile(file, CLASSES)).fields();
    reading = false;
    // 41,000 cells in pieces of 2,048: at least one turn each.
    expect(turns).toBeGreaterThanOrEqual(20);
    expect(out.geo).toStrictEqual(fields.geo);
    const back = (out.geo as typeof fields.geo).buckets.get(6)!.ranges;
    expect([...back.keys()]).toEqual([...cells.keys()]);
    expect(out.ids).toStrictEqual(ids);
    expect([...(out.ids as Set<string>)]).toEqual([...ids]);
    expect(out.holding).toStrictEqual(holding);
    expect((out.holding as Map<number, unknown>).get(7)).toBe(out.after);
    expect((out.bodies as Buffer[]).map((b) => b.toString())).toEqual(bodies.map(String));
  });

  it('refuses what it could not give back', async () => {
    const file = path.join(dir, 'f.bin');
    await expect(writeObjectFile(file, {}, { d: new Date(0) }, CLASSES)).rejects.toThrow(
      /class Date is not in the class table/,
    );
    await expect(writeObjectFile(file, {}, { o: { $t: 1 } }, CLASSES)).rejects.toThrow(
      /may not start with \$/,
    );
    await expect(writeObjectFile(file, {}, { f: () => 1 }, CLASSES)).rejects.toThrow(
      ObjectFileError,
    );
  });

  it('refuses a file cut short or of another kind', async () => {
    const file = path.join(dir, 'f.bin');
    await writeObjectFile(file, {}, { a: Float64Array.from([1, 2, 3]), b: 'x' }, CLASSES);
    const bytes = await fs.readFile(file);
    await fs.writeFile(file, bytes.subarray(0, bytes.length - 4));
    const cut = await openObjectFile(file, CLASSES);
    await expect(cut.fields()).rejects.toThrow(/ends early|JSON/);
    await fs.writeFile(file, Buffer.from('PAR1 not an object file'));
    await expect(openObjectFile(file, CLASSES)).rejects.toThrow(/not an object file/);
  });
});
