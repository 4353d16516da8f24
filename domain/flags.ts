/** Automated flags: the kinds written to the flags table and shown on the detail view. */

export const FLAG_KINDS = [
  'stale_record', // recruiting but not updated for over two years
  'status_disagreement', // sponsor and registry disagree on status
  'no_geocodable_site', // no site could be placed on the map
  'age_bounds_inverted', // minimum age above maximum age
  'missing_eligibility', // no eligibility criteria text
  'biomarker_contradiction', // same biomarker both required and excluded
  'duplicate_trial', // the same trial arrived from more than one source
  'bad_source_row', // a sponsor CSV row or page that could not be imported
  'page_shape_changed', // a sponsor page no longer matches its adapter
] as const;
export type FlagKind = (typeof FLAG_KINDS)[number];

export const FLAG_SEVERITIES = ['info', 'warning', 'error'] as const;
export type FlagSeverity = (typeof FLAG_SEVERITIES)[number];
