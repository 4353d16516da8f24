/**
 * Dates as the sources spell them -> ISO `YYYY-MM-DD`, by declared formats: a caller names
 * the formats its source uses, in the order to try them, because "03/04/2024" is 3 April
 * in a European export and 4 March in a US one. The registry's formats are one such list
 * (`REGISTRY_DATE_FORMATS`), each sponsor's catalog entry declares its own.
 *
 * A date of month or year precision means the first day of the period, which is how the
 * registry sorts its partial dates.
 */

/**
 * Each format's pattern, with named groups: `y` year, `m` month number or `mon` month
 * name, `d` day (absent: the first).
 */
const FORMATS = {
  'YYYY-MM-DD': /^(?<y>\d{4})-(?<m>\d{1,2})-(?<d>\d{1,2})$/, // 2024-03-15
  /** ISO with a time of day, which is dropped: 2024-03-15T10:00:00Z */
  'YYYY-MM-DDThh:mm': /^(?<y>\d{4})-(?<m>\d{1,2})-(?<d>\d{1,2})T.*$/,
  'YYYY-MM': /^(?<y>\d{4})-(?<m>\d{1,2})$/, // 2024-03
  YYYY: /^(?<y>\d{4})$/, // 2024
  'DD/MM/YYYY': /^(?<d>\d{1,2})[/.](?<m>\d{1,2})[/.](?<y>\d{4})$/, // 15/03/2024, 15.03.2024
  'MM/DD/YYYY': /^(?<m>\d{1,2})\/(?<d>\d{1,2})\/(?<y>\d{4})$/, // 03/15/2024
  'DD-MMM-YYYY': /^(?<d>\d{1,2})[-\s](?<mon>[A-Za-z]{3,9}\.?)[-\s](?<y>\d{4})$/, // 15-Mar-2024
  'MMMM YYYY': /^(?<mon>[A-Za-z]{3,9}\.?),?\s+(?<y>\d{4})$/, // March 2024, Sept 2025
  'MMMM D, YYYY': /^(?<mon>[A-Za-z]{3,9}\.?)\s+(?<d>\d{1,2}),?\s+(?<y>\d{4})$/, // March 15, 2024
} as const satisfies Record<string, RegExp>;

export type DateFormat = keyof typeof FORMATS;

/**
 * ClinicalTrials.gov: v2 gives "2024-03-15" or a partial "2024-03"; the classic XML and
 * v1 JSON give "July 2001" or "September 26, 2012".
 */
export const REGISTRY_DATE_FORMATS: readonly DateFormat[] = [
  'YYYY-MM-DD',
  'YYYY-MM',
  'YYYY',
  'YYYY-MM-DDThh:mm',
  'MMMM YYYY',
  'MMMM D, YYYY',
];

export type DateParse = { ok: true; value: string | null } | { ok: false; reason: string };

/** Empty text is a missing date (ok, null); text that fits none of the formats is an error. */
export function parseDate(
  raw: string | null | undefined,
  formats: readonly DateFormat[],
): DateParse {
  const s = (raw ?? '').trim();
  if (!s) return { ok: true, value: null };
  for (const format of formats) {
    const value = read(s, FORMATS[format]);
    if (value) return { ok: true, value };
  }
  return { ok: false, reason: `"${s}" matches none of ${formats.join(', ')}` };
}

/** A registry date, or null when it is missing or spelled in none of the registry's formats. */
export function parseRegistryDate(raw: string | null | undefined): string | null {
  const parsed = parseDate(raw, REGISTRY_DATE_FORMATS);
  return parsed.ok ? parsed.value : null;
}

function read(s: string, pattern: RegExp): string | null {
  const groups = pattern.exec(s)?.groups;
  if (!groups) return null;
  const month = groups.mon === undefined ? Number(groups.m ?? 1) : monthNumber(groups.mon);
  if (month === null) return null;
  return iso(Number(groups.y), month, Number(groups.d ?? 1));
}

/** Month names in English, lower case: "january" ... "december". */
const MONTH_NAMES = Array.from({ length: 12 }, (_, i) =>
  new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' })
    .format(new Date(Date.UTC(2000, i, 1)))
    .toLowerCase(),
);

/** "Mar", "mar.", "March" and "Sept" name a month; "Marchember" does not. */
function monthNumber(name: string): number | null {
  const s = name.toLowerCase().replace(/\.$/, '');
  if (s.length < 3) return null;
  const i = MONTH_NAMES.findIndex((full) => full.startsWith(s));
  return i < 0 ? null : i + 1;
}

function iso(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1) return null;
  const dt = new Date(Date.UTC(y, m - 1, d));
  // Rejects 31/02 and friends, which Date would roll over into the next month.
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d) return null;
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
}
