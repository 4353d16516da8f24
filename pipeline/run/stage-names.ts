/**
 * The refresh stages and the stages whose data each reads. The inline runner walks
 * STAGE_NAMES in order; the BullMQ flow builds its job tree from the same table
 * (STAGE_WAITS_FOR), so the two cannot drift apart.
 */

export const STAGE_NAMES = [
  'registry',
  'sponsor-csv',
  'scrape',
  'enrich',
  'geocode',
  'flags',
  'publish',
] as const;
export type StageName = (typeof STAGE_NAMES)[number];

/**
 * The stages whose data each stage reads: `stageData` accepts no other, at compile time
 * (StageInput) and at run time.
 */
export const STAGE_DEPENDS_ON = {
  registry: [],
  'sponsor-csv': [],
  scrape: [],
  enrich: ['registry', 'sponsor-csv', 'scrape'],
  geocode: ['enrich'],
  flags: ['enrich', 'geocode'],
  publish: ['enrich', 'geocode', 'flags'],
} as const satisfies Readonly<Record<StageName, readonly StageName[]>>;

/** The stages stage N may read the data of. */
export type StageInput<N extends StageName> = (typeof STAGE_DEPENDS_ON)[N][number];

/** STAGE_DEPENDS_ON[stage], as a plain list. */
export function stageInputs(stage: StageName): readonly StageName[] {
  return STAGE_DEPENDS_ON[stage];
}

/** True when `from` reads `to`'s data, directly or through other stages. */
function reads(from: StageName, to: StageName): boolean {
  return stageInputs(from).some((s) => s === to || reads(s, to));
}

for (const [i, stage] of STAGE_NAMES.entries()) {
  const later = stageInputs(stage).filter((s) => STAGE_NAMES.indexOf(s) >= i);
  if (later.length)
    throw new Error(
      `STAGE_NAMES must list ${later.join(', ')} before ${stage}, which reads its data`,
    );
}

/**
 * What each stage waits for: its inputs but those another of its inputs already reads. A
 * stage's inputs have all finished once these have, and this is the tree the BullMQ flow
 * runs (a flow is a tree: a stage two stages waited for would need two jobs).
 */
export const STAGE_WAITS_FOR: Readonly<Record<StageName, readonly StageName[]>> = (() => {
  const waitsFor = {} as Record<StageName, readonly StageName[]>;
  for (const stage of STAGE_NAMES) {
    const inputs = stageInputs(stage);
    waitsFor[stage] = inputs.filter((s) => !inputs.some((other) => other !== s && reads(other, s)));
  }
  return waitsFor;
})();

/** The stage no other stage waits for: a run is done when it is. */
export const FINAL_STAGE: StageName = (() => {
  const waitedFor = new Set(STAGE_NAMES.flatMap((s) => STAGE_WAITS_FOR[s]));
  const finals = STAGE_NAMES.filter((s) => !waitedFor.has(s));
  if (finals.length !== 1)
    throw new Error(
      `STAGE_DEPENDS_ON must have exactly one final stage, found ${finals.join(', ')}`,
    );
  return finals[0];
})();

export const STAGE_TITLES: Readonly<Record<StageName, string>> = {
  registry: 'registry sync',
  'sponsor-csv': 'sponsor CSV import',
  scrape: 'sponsor web scraping',
  enrich: 'merge, biomarkers and diagnosis',
  geocode: 'geocoding',
  flags: 'automated flagging',
  publish: 'snapshot publish',
};
