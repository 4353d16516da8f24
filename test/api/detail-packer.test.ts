/**
 * A detail head packed on the worker thread is the head packed inline, byte for byte, and
 * every head is placed once before finish() resolves: many small heads across batches and
 * one longer than a batch.
 */
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { packInline, packOffThread } from '../../api/query/detail-packer.js';
import { gunzipHead } from '../../api/query/gzip-head.js';

function heads(): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i < 400; i++)
    out.push(
      Buffer.from(`{"data":{"nct_id":"NCT${i}","text":"${'word '.repeat(i * 7)}"},"meta":{`),
    );
  // Longer than a batch (256 KiB), between small ones.
  out.splice(200, 0, Buffer.from(`{"data":${JSON.stringify('x'.repeat(600_000) + 'y'.repeat(9))}`));
  return out;
}

describe('detail packer', () => {
  it('packs on the worker what it packs inline, every head placed once', async () => {
    const input = heads();
    const inline: Buffer[] = [];
    const one = packInline();
    input.forEach((h, i) => one.pack(h, (p) => (inline[i] = p)));
    await one.finish();

    const off: Buffer[] = [];
    const placed = new Array<number>(input.length).fill(0);
    const packer = packOffThread();
    try {
      for (let i = 0; i < input.length; i++) {
        packer.pack(input[i], (p) => {
          placed[i]++;
          off[i] = p;
        });
        await packer.backlog();
      }
      await packer.finish();
    } finally {
      await packer.close();
    }
    expect(placed.every((n) => n === 1)).toBe(true);
    input.forEach((h, i) => {
      expect(off[i].equals(inline[i])).toBe(true);
      expect(gunzipHead(off[i], h.length).equals(h)).toBe(true);
      // With a gzip trailer it is a whole gzip stream of the head.
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(zlib.crc32(h), 0);
      trailer.writeUInt32LE(h.length, 4);
      const ended = Buffer.concat([off[i], Buffer.from([3, 0]), trailer]);
      expect(zlib.gunzipSync(ended).equals(h)).toBe(true);
    });
  });
});
