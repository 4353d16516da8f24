/** Eligible sexes as the registry states them, and the `gender` filter values. */

export const SEXES = ['ALL', 'FEMALE', 'MALE'] as const;
export type Sex = (typeof SEXES)[number];

export const GENDER_FILTERS = ['male', 'female'] as const;
export type GenderFilter = (typeof GENDER_FILTERS)[number];

export function parseSex(raw: string | null | undefined): Sex {
  const s = (raw ?? '').trim().toUpperCase();
  if (s === 'FEMALE' || s === 'F' || s === 'WOMEN') return 'FEMALE';
  if (s === 'MALE' || s === 'M' || s === 'MEN') return 'MALE';
  return 'ALL';
}

/** "18 Years", "6 Months", "65", "N/A" -> whole years, or null when open. Months round down. */
export function parseAgeYears(raw: string | number | null | undefined): number | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'number') return Number.isFinite(raw) ? Math.floor(raw) : null;
  const m = raw
    .trim()
    .match(/^(\d+(?:\.\d+)?)\s*(years?|yrs?|y|months?|mos?|weeks?|wks?|days?|hours?|minutes?)?$/i);
  if (!m) return null;
  const n = Number(m[1]);
  const unit = (m[2] ?? 'years').toLowerCase();
  if (unit.startsWith('y')) return Math.floor(n);
  if (unit.startsWith('mo')) return Math.floor(n / 12);
  if (unit.startsWith('w')) return Math.floor(n / 52);
  if (unit.startsWith('d')) return Math.floor(n / 365);
  return 0;
}
