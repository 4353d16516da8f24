/** Geography shared by the geocoder, the snapshot and the query: US states, precision, H3. */

export const US_STATES: Readonly<Record<string, string>> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  PR: 'Puerto Rico',
  GU: 'Guam',
  VI: 'U.S. Virgin Islands',
  AS: 'American Samoa',
  MP: 'Northern Mariana Islands',
};

const STATE_BY_NAME: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(US_STATES).map(([code, name]) => [name.toUpperCase(), code]),
);

/** "California", "california", "CA" -> "CA"; anything else -> null. */
export function parseUsState(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const s = raw.trim().toUpperCase();
  if (US_STATES[s]) return s;
  return STATE_BY_NAME[s] ?? null;
}

/** How a site's coordinates were found. */
export const GEO_PRECISIONS = ['site', 'zip', 'city', 'none'] as const;
export type GeoPrecision = (typeof GEO_PRECISIONS)[number];

/**
 * Where a site's served `state` comes from: the record itself, or the geocoder's resolved
 * place when the record gave none (its ZIP, the one town of that name, or the town the
 * trial's other evidence points to; `geo_precision` says how close the point is).
 */
export const STATE_SOURCES = ['record', 'geocode'] as const;
export type StateSource = (typeof STATE_SOURCES)[number];

/** Resolution of the H3 cell stored per site; coarser cells are its parents. */
export const SITE_H3_RESOLUTION = 7;

export const US_COUNTRY = 'United States';

/** Registry country names that mean the United States. */
export function isUsCountry(country: string | null | undefined): boolean {
  if (!country) return false;
  const s = country.trim().toUpperCase();
  return s === 'UNITED STATES' || s === 'US' || s === 'USA' || s === 'UNITED STATES OF AMERICA';
}

export const MAX_RADIUS_MILES = 500;

/** `country` filter values: at least one US site, or at least one site outside the US. */
export const COUNTRY_FILTERS = ['us', 'international'] as const;
export type CountryFilter = (typeof COUNTRY_FILTERS)[number];
