/**
 * The benchmark's geo comparison on a small world: the H3-prefiltered index and the
 * brute-force one must answer every ZIP + radius search identically (totals, order,
 * nearest site, distance), as `npm run bench` asserts at full scale.
 */
import { describe, expect, it } from 'vitest';
import { parseTrialsQuery } from '../../api/params/trials-query.js';
import { searchTrials } from '../../api/query/search.js';
import { buildTrialIndex } from '../../api/query/trial-index.js';
import { randomZips } from '../../bench/http-mixes.js';
import { generateDemoTables } from '../../pipeline/demo/index.js';

describe('bench geo comparison', () => {
  const tables = generateDemoTables({
    scale: 'demo',
    seed: 'bench-test',
    now: new Date('2026-11-01T00:00:00Z'),
  });
  const h3 = buildTrialIndex(tables, { geo: 'h3' });
  const brute = buildTrialIndex(tables, { geo: 'brute' });

  it('gives the same results with the H3 prefilter as with brute force', () => {
    let nonEmpty = 0;
    for (const zip of randomZips(60, 'test-zips')) {
      for (const radius of ['5', '25', '100', '250', '500']) {
        for (const extra of [
          {},
          { offset: '10', limit: '7' },
          { diagnosisType: 'nsclc', country: 'us' },
        ]) {
          const q = { ...parseTrialsQuery({ zip, radius, ...extra }) };
          const a = searchTrials(h3, q);
          const b = searchTrials(brute, q);
          expect(a).toEqual(b);
          if (a.total > 0) nonEmpty++;
        }
      }
    }
    expect(nonEmpty).toBeGreaterThan(100);
  });
});
