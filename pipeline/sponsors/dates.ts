/**
 * Sponsor date spellings -> ISO dates. Each sponsor declares its formats, because
 * "03/04/2024" is 3 April in a European export and 4 March in a US one.
 */
import type { DateFormat } from './types.js';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function monthNumber(name: string, full: boolean): number | null {
  const s = name.toLowerCase().replace(/\.$/, '');
  const i = MONTHS.indexOf(s.slice(0, 3));
  if (i < 0) return null;
  // "Sept" is common in exports; otherwise a full name must be spelled out whole.
  if (
    full &&
    s.length > 3 &&
    !new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' })
      .format(new Date(Date.UTC(2000, i, 1)))
      .toLowerCase()
      .startsWith(s)
  )
    return null;
  return i + 1;
}

function iso(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1) return null;
  const dt = new Date(Date.UTC(y, m - 1, d));
  // Rejects 31/02 and friends, which Date would roll over into the next month.
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const PARSERS: Record<DateFormat, (s: string) => string | null> = {
  'YYYY-MM-DD': (s) => {
    const m = s.match(/^(\d{4})-(\d{1,2})-(\d{1,2})$/);
    return m ? iso(+m[1], +m[2], +m[3]) : null;
  },
  'DD/MM/YYYY': (s) => {
    const m = s.match(/^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/);
    return m ? iso(+m[3], +m[2], +m[1]) : null;
  },
  'MM/DD/YYYY': (s) => {
    const m = s.match(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/);
    return m ? iso(+m[3], +m[1], +m[2]) : null;
  },
  'DD-MMM-YYYY': (s) => {
    const m = s.match(/^(\d{1,2})[-\s]([A-Za-z]{3,9}\.?)[-\s](\d{4})$/);
    const month = m ? monthNumber(m[2], true) : null;
    return m && month ? iso(+m[3], month, +m[1]) : null;
  },
  // Month precision: the first of the month, as the registry's partial dates are read.
  'MMMM YYYY': (s) => {
    const m = s.match(/^([A-Za-z]{3,9}\.?),?\s+(\d{4})$/);
    const month = m ? monthNumber(m[1], true) : null;
    return m && month ? iso(+m[2], month, 1) : null;
  },
  'YYYY-MM': (s) => {
    const m = s.match(/^(\d{4})-(\d{1,2})$/);
    return m ? iso(+m[1], +m[2], 1) : null;
  },
};

export type DateParse = { ok: true; value: string | null } | { ok: false; reason: string };

/** Empty text is a missing date (ok, null); text that fits none of the formats is an error. */
export function parseSponsorDate(
  raw: string | null | undefined,
  formats: readonly DateFormat[],
): DateParse {
  const s = (raw ?? '').trim();
  if (!s) return { ok: true, value: null };
  for (const f of formats) {
    const value = PARSERS[f](s);
    if (value) return { ok: true, value };
  }
  return { ok: false, reason: `"${s}" matches none of ${formats.join(', ')}` };
}
