/** The written batches (batch8.ts, ...; 9 and 11 not blind): every case as its own test. */
import { describe, expect, it } from 'vitest';
import { caseUnits } from './blind-batch.js';
import { BATCH8 } from './batch8.js';
import { BATCH9 } from './batch9.js';
import { BATCH10 } from './batch10.js';
import { BATCH11 } from './batch11.js';
import { BATCH12 } from './batch12.js';

describe.each([
  ['8', BATCH8],
  ['9', BATCH9],
  ['10', BATCH10],
  ['11', BATCH11],
  ['12', BATCH12],
] as const)('blind batch %s', (_name, cases) => {
  it.each(cases.map((c, i) => [i, c] as const))('case %i', (_i, c) => {
    if (c.open) expect(caseUnits(c), c.open).not.toEqual([...c.want].sort());
    else expect(caseUnits(c)).toEqual([...c.want].sort());
  });
});
