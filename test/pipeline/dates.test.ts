import { describe, expect, it } from 'vitest';
import { parseDate, parseRegistryDate } from '../../pipeline/dates.js';

describe('parseDate (the formats a sponsor declares)', () => {
  it.each([
    ['2024-03-15', ['YYYY-MM-DD'], '2024-03-15'],
    ['15/03/2024', ['DD/MM/YYYY'], '2024-03-15'],
    ['03/15/2024', ['MM/DD/YYYY'], '2024-03-15'],
    ['15-Mar-2024', ['DD-MMM-YYYY'], '2024-03-15'],
    ['5-sep-2024', ['DD-MMM-YYYY'], '2024-09-05'],
    ['March 2024', ['MMMM YYYY'], '2024-03-01'],
    ['Sept 2025', ['MMMM YYYY'], '2025-09-01'],
    ['2024-03', ['YYYY-MM'], '2024-03-01'],
  ] as const)('%s as %s', (raw, formats, want) => {
    expect(parseDate(raw, formats)).toEqual({ ok: true, value: want });
  });

  it('reads 03/04/2024 by the sponsor declared order', () => {
    expect(parseDate('03/04/2024', ['DD/MM/YYYY'])).toEqual({
      ok: true,
      value: '2024-04-03',
    });
    expect(parseDate('03/04/2024', ['MM/DD/YYYY'])).toEqual({
      ok: true,
      value: '2024-03-04',
    });
  });

  it('rejects impossible days and undeclared formats, and treats empty as missing', () => {
    expect(parseDate('31/02/2024', ['DD/MM/YYYY']).ok).toBe(false);
    expect(parseDate('2023-02-29', ['YYYY-MM-DD']).ok).toBe(false);
    expect(parseDate('Marchember 2024', ['MMMM YYYY']).ok).toBe(false);
    expect(parseDate('2024-03-15', ['DD/MM/YYYY'])).toEqual({
      ok: false,
      reason: '"2024-03-15" matches none of DD/MM/YYYY',
    });
    expect(parseDate('  ', ['YYYY-MM-DD'])).toEqual({ ok: true, value: null });
  });
});

describe('parseRegistryDate', () => {
  it.each([
    ['2024-03', '2024-03-01'],
    ['2024', '2024-01-01'],
    ['2024-03-15', '2024-03-15'],
    ['July 2001', '2001-07-01'],
    ['September 26, 2012', '2012-09-26'],
    ['Sept 2019', '2019-09-01'],
    ['2023-02-30', null],
    ['soon', null],
    ['', null],
  ])('%s -> %s', (raw, iso) => {
    expect(parseRegistryDate(raw)).toBe(iso);
  });
});
