/**
 * The refresh stages and what each waits for. The inline runner walks this order; the
 * BullMQ flow builds its job tree from the same table, so the two cannot drift apart.
 */

export const STAGE_NAMES = [
  'registry',
  'sponsor-csv',
  'scrape',
  'extract',
  'geocode',
  'flags',
  'publish',
] as const;
export type StageName = (typeof STAGE_NAMES)[number];

export const STAGE_DEPENDS_ON: Readonly<Record<StageName, readonly StageName[]>> = {
  registry: [],
  'sponsor-csv': [],
  scrape: [],
  extract: ['registry', 'sponsor-csv', 'scrape'],
  geocode: ['extract'],
  flags: ['geocode'],
  publish: ['flags'],
};

export const STAGE_TITLES: Readonly<Record<StageName, string>> = {
  registry: 'registry sync',
  'sponsor-csv': 'sponsor CSV import',
  scrape: 'sponsor web scraping',
  extract: 'merge and biomarker extraction',
  geocode: 'geocoding',
  flags: 'automated flagging',
  publish: 'snapshot publish',
};
