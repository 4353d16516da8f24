/**
 * Normalised place names: the one spelling both the gazetteer index and the cache key use,
 * so "St. Louis", "Saint-Louis" and "SAINT LOUIS" meet, as do "Kraków" and "Krakow".
 */

// Letters that NFKD does not split into a base letter and a mark.
const FOLD: Readonly<Record<string, string>> = {
  ł: 'l',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
};

// Abbreviations the registry and the gazetteer spell differently; applied word by word.
const WORDS: Readonly<Record<string, string>> = {
  st: 'saint',
  ste: 'sainte',
  ft: 'fort',
  mt: 'mount',
  pt: 'port',
};

export function normalisePlace(raw: string | null | undefined): string {
  if (!raw) return '';
  const folded = raw
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[łøæœßđðþıħ]/g, (c) => FOLD[c] ?? c);
  return folded
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .map((w, i, all) => (all.length > 1 ? (WORDS[w] ?? w) : w))
    .join(' ');
}

// Administrative suffixes East Asian registries and GeoNames attach to some cities but not
// others ("Goyang-si", "Kashiwa-shi", "Guangzhou Shi"), and "City" ("Quezon City").
// "Township" stays: "Shelby Township, MI" is 290 km from the town of Shelby, MI.
const ADMIN_SUFFIX = /\s(si|shi|gun|gu|ku|ken|city|xian|qu)$/;

/** The name with an administrative suffix removed, or null when it has none. */
export function withoutAdminSuffix(normalised: string): string | null {
  const stripped = normalised.replace(ADMIN_SUFFIX, '');
  return stripped !== normalised && stripped.length > 0 ? stripped : null;
}

/**
 * Five-digit US ZIP from "20892", "20892-1234", "20892 1234", " 208921234"; Excel-mangled
 * four-digit New England ZIPs ("2114") get their leading zero back. Null otherwise.
 */
export function normaliseUsZip(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const compact = raw.replace(/\s+/g, '');
  const m = compact.match(/^(\d{4,5})(?:-?\d{4})?$/);
  if (!m) return null;
  return m[1].padStart(5, '0');
}
