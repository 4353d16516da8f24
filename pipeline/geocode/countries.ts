/**
 * Country names as ClinicalTrials.gov and sponsor files write them -> ISO 3166-1 alpha-2,
 * the country code the gazetteer uses.
 */
import countries from 'i18n-iso-countries';
import { isUsCountry } from '../../domain/geo.js';
import { normalisePlace } from '../../geo/place-name.js';

// Registry spellings i18n-iso-countries does not know (old CT.gov names and its own forms).
const REGISTRY_ODDITIES: Readonly<Record<string, string>> = {
  'iran islamic republic of': 'IR',
  'turkey turkiye': 'TR',
  'macedonia the former yugoslav republic of': 'MK',
  'korea democratic people s republic of': 'KP',
  'libyan arab jamahiriya': 'LY',
  'congo the democratic republic of the': 'CD',
  'palestinian territory occupied': 'PS',
  'palestinian territories': 'PS',
  'palestine state of': 'PS',
  'former serbia and montenegro': 'RS',
  'serbia and montenegro': 'RS',
  macau: 'MO',
  macao: 'MO',
  'netherlands antilles': 'CW',
  'virgin islands u s': 'VI',
  'u s virgin islands': 'VI',
  swaziland: 'SZ',
  burma: 'MM',
  'viet nam': 'VN',
  'hong kong sar': 'HK',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  'great britain': 'GB',
  uk: 'GB',
};

const memo = new Map<string, string | null>();

/** "Korea, Republic of" -> "KR", "Turkey (Türkiye)" -> "TR", "United States" -> "US"; null when unknown. */
export function countryCode(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const cached = memo.get(raw);
  if (cached !== undefined) return cached;
  const code = resolve(raw.trim());
  memo.set(raw, code);
  return code;
}

function resolve(name: string): string | null {
  if (isUsCountry(name)) return 'US';
  const key = normalisePlace(name);
  const odd = REGISTRY_ODDITIES[key];
  if (odd) return odd;
  if (/^[A-Za-z]{2}$/.test(name) && countries.isValid(name.toUpperCase()))
    return name.toUpperCase();
  const direct = countries.getAlpha2Code(name, 'en') ?? countries.getSimpleAlpha2Code(name, 'en');
  if (direct) return direct;
  // "Bolivia (Plurinational State of)", "Tanzania, United Republic of": the short name leads.
  const head = name
    .replace(/\s*\(.*\)\s*$/, '')
    .split(',')[0]
    .trim();
  if (head && head !== name)
    return countries.getAlpha2Code(head, 'en') ?? countries.getSimpleAlpha2Code(head, 'en') ?? null;
  return null;
}

/** US states and territories whose places use US ZIP codes; GeoNames files the territories as countries. */
export const US_ZIP_TERRITORIES: ReadonlySet<string> = new Set([
  'US',
  'PR',
  'GU',
  'VI',
  'AS',
  'MP',
]);
