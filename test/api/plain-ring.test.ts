/**
 * Plain heads kept in one ring: oldest out first, a second chance when read, held while sent;
 * counted keys admitted by frequency.
 */
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { PlainRing } from '../../api/routes/plain-ring.js';

const bodies = (n: number, size: number): Buffer[] =>
  Array.from({ length: n }, () => randomBytes(size));

describe('PlainRing', () => {
  it('gives back the bytes put, and drops the oldest when the ring is full', () => {
    const ring = new PlainRing(10_000);
    const kept = bodies(5, 3_000);
    kept.forEach((b, i) => ring.put(`k${i}`, b, { Link: `<${i}>` }));
    // 3,000-byte heads: three fit, so k0 and k1 were written over.
    expect(ring.size).toBe(3);
    expect(ring.get('k0', null)).toBeUndefined();
    expect(ring.get('k1', null)).toBeUndefined();
    for (const i of [2, 3, 4]) {
      const got = ring.get(`k${i}`, null)!;
      expect(got.head.equals(kept[i])).toBe(true);
      expect(got.headers).toEqual({ Link: `<${i}>` });
    }
  });

  it('keeps nothing larger than the ring, and a put for a kept key replaces it', () => {
    const ring = new PlainRing(10_000);
    ring.put('big', randomBytes(10_001), {});
    expect(ring.get('big', null)).toBeUndefined();
    const [a, b] = bodies(2, 2_000);
    ring.put('k', a, {});
    ring.put('k', b, {});
    expect(ring.size).toBe(1);
    expect(ring.get('k', null)!.head.equals(b)).toBe(true);
  });

  it('moves a head read in the older half to the newest end, so it outlives unread ones', () => {
    const ring = new PlainRing(10_000);
    const kept = bodies(12, 1_000);
    for (let i = 0; i < 6; i++) ring.put(`k${i}`, kept[i], {});
    // k0 starts 6,000 bytes back, more than half the ring: reading it moves it.
    expect(ring.get('k0', null)!.head.equals(kept[0])).toBe(true);
    for (let i = 6; i < 12; i++) ring.put(`k${i}`, kept[i], {});
    expect(ring.get('k0', null)!.head.equals(kept[0])).toBe(true);
    expect(ring.get('k1', null)).toBeUndefined();
  });

  it('writes over no head still being sent: what would is not kept until the response closes', () => {
    const ring = new PlainRing(10_000);
    const kept = bodies(4, 3_000);
    ring.put('k0', kept[0], {});
    const response = Object.assign(new EventEmitter(), { destroyed: false });
    const sending = ring.get('k0', response)!;
    for (let i = 1; i < 4; i++) ring.put(`k${i}`, kept[i], {});
    // k3 needed k0's bytes: it was not kept, and k0 is intact for the response.
    expect(ring.get('k3', null)).toBeUndefined();
    expect(sending.head.equals(kept[0])).toBe(true);
    response.emit('close');
    ring.put('k3', kept[3], {});
    expect(ring.get('k3', null)!.head.equals(kept[3])).toBe(true);
    expect(ring.get('k0', null)).toBeUndefined();
  });

  it('holds nothing for a response whose client has gone (its close came before)', () => {
    const ring = new PlainRing(10_000);
    const kept = bodies(4, 3_000);
    ring.put('k0', kept[0], {});
    const gone = Object.assign(new EventEmitter(), { destroyed: true });
    expect(ring.get('k0', gone)!.head.equals(kept[0])).toBe(true);
    for (let i = 1; i < 4; i++) ring.put(`k${i}`, kept[i], {});
    expect(ring.get('k3', null)!.head.equals(kept[3])).toBe(true);
    expect(ring.get('k0', null)).toBeUndefined();
  });

  it('keeps a body written in place into claimed room, held while sent', () => {
    const ring = new PlainRing(10_000);
    const [a, b, c] = bodies(3, 3_000);
    const claim = ring.claim(3_010)!;
    claim.bytes.set(a, 0);
    claim.bytes.fill(7, 3_000);
    const response = Object.assign(new EventEmitter(), { destroyed: false });
    // The first 3,000 bytes are the head; the last 10 (a tail) are not kept.
    expect(ring.keep('k0', claim, 3_000, { Link: '<0>' }, response)).toBe(true);
    expect(ring.get('k0', null)).toMatchObject({ headers: { Link: '<0>' } });
    expect(ring.get('k0', null)!.head.equals(a)).toBe(true);
    ring.put('k1', b, {});
    ring.put('k2', c, {});
    // A fourth 3,000 bytes would overwrite k0, which the response still sends.
    expect(ring.claim(3_000)).toBeNull();
    response.emit('close');
    expect(ring.claim(3_000)).not.toBeNull();
    expect(ring.get('k0', null)).toBeUndefined();
  });

  it('keeps no claimed room once more has been claimed after it, nor room it cannot hold', () => {
    const ring = new PlainRing(10_000);
    expect(ring.claim(10_001)).toBeNull();
    const first = ring.claim(1_000)!;
    ring.claim(1_000);
    expect(ring.keep('k0', first, 1_000, {}, null)).toBe(false);
    expect(ring.get('k0', null)).toBeUndefined();
    const last = ring.claim(1_000)!;
    expect(ring.keep('k1', last, 1_001, {}, null)).toBe(false);
    expect(ring.keep('k1', last, 1_000, {}, null)).toBe(true);
  });

  it('admits a counted key only over counted heads used less, and any key not counted', () => {
    const uses = new Map<string, number>();
    const ring = new PlainRing(10_000, (key) => uses.get(key));
    for (let i = 0; i < 10; i++) {
      uses.set(`k${i}`, 2);
      ring.put(`k${i}`, randomBytes(1_000), {});
    }
    // k10, asked as often as k0 that it would write over, is not admitted; asked more, it is.
    uses.set('k10', 2);
    expect(ring.claim(1_000, 'k10')).toBeNull();
    uses.set('k10', 3);
    const claim = ring.claim(1_000, 'k10')!;
    expect(ring.keep('k10', claim, 1_000, {}, null)).toBe(true);
    expect(ring.has('k0')).toBe(false);
    // A key not counted, and room claimed without a key, take room as before.
    expect(ring.claim(1_000, 'other')).not.toBeNull();
    expect(ring.claim(1_000)).not.toBeNull();
    expect(ring.has('k2')).toBe(false);
    // Over heads not counted, a counted key used once is admitted.
    const loose = new PlainRing(10_000, (key) => uses.get(key));
    for (let i = 0; i < 10; i++) loose.put(`loose${i}`, randomBytes(1_000), {});
    uses.set('k11', 1);
    expect(loose.claim(1_000, 'k11')).not.toBeNull();
  });

  it('moves a counted head read in the older half only over heads used less', () => {
    const uses = new Map<string, number>();
    const ring = new PlainRing(10_000, (key) => uses.get(key));
    for (let i = 0; i < 10; i++) {
      uses.set(`k${i}`, 1);
      ring.put(`k${i}`, randomBytes(1_000), {});
    }
    // k1 would move over k0, used as much: it stays, and k0 with it.
    ring.get('k1', null);
    expect(ring.has('k0')).toBe(true);
    uses.set('k1', 2);
    ring.get('k1', null);
    expect(ring.has('k0')).toBe(false);
    expect(ring.has('k1')).toBe(true);
  });

  it('keeps hitting a cycle of more pages than it holds, where oldest out first never hits', () => {
    const lap = (ring: PlainRing, uses: Map<string, number>): number => {
      let hits = 0;
      for (let i = 0; i < 15; i++) {
        const key = `k${i}`;
        uses.set(key, (uses.get(key) ?? 0) + 1);
        if (ring.get(key, null)) hits++;
        else {
          const claim = ring.claim(1_000, key);
          if (claim) ring.keep(key, claim, 1_000, {}, null);
        }
      }
      return hits;
    };
    const counted = new Map<string, number>();
    const admitting = new PlainRing(10_000, (key) => counted.get(key));
    const fifo = new PlainRing(10_000);
    const hits = [];
    for (let i = 0; i < 5; i++) hits.push([lap(admitting, counted), lap(fifo, new Map())]);
    // Ten of fifteen 1,000-byte pages fit the 10,000 bytes.
    expect(hits.slice(1)).toEqual(Array(4).fill([10, 0]));
  });
});
