/** The literal registry of stage functions, one per StageName. */
import type { RunContext } from '../context.js';
import type { StageOutput } from '../run-stage.js';
import type { StageName } from '../stage-names.js';
import { extractStage } from './extract.js';
import { flagsStage } from './flags.js';
import { geocodeStage } from './geocode.js';
import { publishStage } from './publish.js';
import { registryStage } from './registry.js';
import { scrapeStage, sponsorCsvStage } from './sponsors.js';

export const STAGES: Readonly<
  Record<StageName, (ctx: RunContext) => Promise<StageOutput<unknown>>>
> = {
  registry: registryStage,
  'sponsor-csv': sponsorCsvStage,
  scrape: scrapeStage,
  extract: extractStage,
  geocode: geocodeStage,
  flags: flagsStage,
  publish: publishStage,
};
