/** Sponsor stages: CSV exports and scraped web registries, each optional per run. */
import path from 'node:path';
import type { FlagRow } from '../../../domain/rows.js';
import { importSponsorCsvs } from '../../sponsors/csv-import.js';
import { scrapeSponsors } from '../../sponsors/scrape.js';
import type { SponsorTrial } from '../../sponsors/types.js';
import type { RunContext } from '../context.js';
import type { StageOutput } from '../run-stage.js';
import { withInputs, type StageInput } from './inputs.js';

export interface SponsorStageData {
  trials: SponsorTrial[];
  flags: FlagRow[];
}

const NOTHING: StageOutput<SponsorStageData> = {
  summary: { skipped: true },
  data: { trials: [], flags: [] },
};

export async function sponsorCsvStage(ctx: RunContext): Promise<StageOutput<SponsorStageData>> {
  const { sponsorCsvDir, sponsorCsvFiles } = ctx.options;
  if (!sponsorCsvDir && !sponsorCsvFiles) return NOTHING;
  const input = sponsorCsvFiles ? { files: sponsorCsvFiles } : { dir: sponsorCsvDir! };
  const inputs: StageInput[] = sponsorCsvFiles
    ? Object.entries(sponsorCsvFiles).map(([slug, file]) => ({
        what: `sponsor CSV for ${slug}`,
        path: file,
      }))
    : [{ what: 'sponsor CSV directory', path: sponsorCsvDir! }];
  const result = await withInputs(inputs, () =>
    importSponsorCsvs(input, {
      logger: ctx.deps.logger,
      stateFile: path.join(ctx.deps.dataDir, 'sponsors', 'csv-state.json'),
      lastGoodDir: path.join(ctx.deps.dataDir, 'sponsors', 'csv-last-good'),
      optional: ctx.options.optionalSponsors,
    }),
  );
  return { summary: { ...result.summary }, data: { trials: result.trials, flags: result.flags } };
}

export async function scrapeStage(ctx: RunContext): Promise<StageOutput<SponsorStageData>> {
  const scrape = ctx.options.scrape;
  if (!scrape) return NOTHING;
  const result = await scrapeSponsors(
    { baseUrls: scrape.baseUrls, slugs: scrape.slugs },
    {
      chromiumPath: ctx.deps.chromiumPath ?? '/usr/bin/chromium',
      logger: ctx.deps.logger,
      stateFile: path.join(ctx.deps.dataDir, 'sponsors', 'scrape-state.json'),
    },
  );
  return { summary: { ...result.summary }, data: { trials: result.trials, flags: result.flags } };
}
