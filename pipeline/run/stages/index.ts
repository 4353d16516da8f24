/** The literal registry of stage functions, one per StageName. */
import type { StageFunction } from '../run-stage.js';
import type { StageName } from '../stage-names.js';
import { enrichStage } from './enrich.js';
import { flagsStage } from './flags.js';
import { geocodeStage } from './geocode.js';
import { publishStage } from './publish.js';
import { registryStage } from './registry.js';
import { scrapeStage, sponsorCsvStage } from './sponsors.js';

export const STAGES: { readonly [N in StageName]: StageFunction<N> } = {
  registry: registryStage,
  'sponsor-csv': sponsorCsvStage,
  scrape: scrapeStage,
  enrich: enrichStage,
  geocode: geocodeStage,
  flags: flagsStage,
  publish: publishStage,
};
