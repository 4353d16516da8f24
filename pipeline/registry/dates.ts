/**
 * Registry dates to ISO `YYYY-MM-DD`. v2 gives "2024-03-15" or a partial "2024-03";
 * the classic XML and v1 JSON give "July 2001" or "September 26, 2012". A partial date
 * means the first day of the period, which is how the registry sorts them.
 */

const MONTHS: Readonly<Record<string, number>> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

export function parseRegistryDate(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const s = raw.trim();
  let m = s.match(/^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?(?:T.*)?$/);
  if (m) return iso(Number(m[1]), m[2] ? Number(m[2]) : 1, m[3] ? Number(m[3]) : 1);
  m = s.match(/^([A-Za-z]+)\.?\s+(?:(\d{1,2}),?\s+)?(\d{4})$/);
  if (m) {
    const month = MONTHS[m[1].toLowerCase().slice(0, 3)];
    if (!month) return null;
    return iso(Number(m[3]), month, m[2] ? Number(m[2]) : 1);
  }
  return null;
}

function iso(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const d = new Date(Date.UTC(year, month - 1, day));
  // Rejects "2023-02-30" rather than rolling it into March.
  if (d.getUTCMonth() !== month - 1) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
