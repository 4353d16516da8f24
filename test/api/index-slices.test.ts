/**
 * The index a swapping server builds in slices is the index built in one go, and building
 * it hands the event loop back: a callback queued after the build starts runs before the
 * build ends (so requests keep being answered during a swap).
 */
import { describe, expect, it } from 'vitest';
import { buildTrialIndex, buildTrialIndexInSlices } from '../../api/query/trial-index.js';
import { generateDemoTables } from '../../pipeline/demo/index.js';

describe('index built in slices', () => {
  it('equals the one-go index and yields to the event loop while it is built', async () => {
    const tables = generateDemoTables({ scale: 'demo' });
    const whole = buildTrialIndex(tables);
    let finished = false;
    let turnsDuring = 0;
    const tick = () => {
      if (finished) return;
      turnsDuring++;
      setImmediate(tick);
    };
    setImmediate(tick);
    const sliced = await buildTrialIndexInSlices(tables).finally(() => {
      finished = true;
    });
    expect(turnsDuring).toBeGreaterThan(1);
    expect(sliced.nctIds).toEqual(whole.nctIds);
    expect(Buffer.concat(sliced.listJson).equals(Buffer.concat(whole.listJson))).toBe(true);
    expect(Buffer.concat(sliced.detailGzip).equals(Buffer.concat(whole.detailGzip))).toBe(true);
    expect(Buffer.concat(sliced.locationsJson).equals(Buffer.concat(whole.locationsJson))).toBe(
      true,
    );
    expect(sliced.sets.gene.EGFR.words).toEqual(whole.sets.gene.EGFR.words);
    expect(sliced.geo.pairSite).toEqual(whole.geo.pairSite);
    expect(sliced.geo.pairRank).toEqual(whole.geo.pairRank);
    const near = (index: typeof whole) => {
      const found: number[] = [];
      index.geo.candidates.within(40.75, -73.99, 300, (p) => found.push(p));
      return found.sort((a, b) => a - b);
    };
    expect(near(sliced).length).toBeGreaterThan(0);
    expect(near(sliced)).toEqual(near(whole));
    expect(sliced.text.tokens).toEqual(whole.text.tokens);
    expect(sliced.orders.last_updated).toEqual(whole.orders.last_updated);
  });
});
