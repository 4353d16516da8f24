/** Sponsor stages: CSV exports and scraped web registries, each optional per run. */
import path from 'node:path';
import { importSponsorCsvs } from '../../sponsors/csv-import.js';
import type { StageContext } from '../run-stage.js';
import type { StageOutput } from '../stage-outputs.js';
import { withInputs, type InputPath } from './inputs.js';

const NOTHING = {
  summary: { skipped: true },
  data: { trials: [], flags: [] },
} satisfies StageOutput<'sponsor-csv' | 'scrape'>;

export async function sponsorCsvStage(
  ctx: StageContext<'sponsor-csv'>,
): Promise<StageOutput<'sponsor-csv'>> {
  const { sponsorCsvDir, sponsorCsvFiles } = ctx.options;
  if (!sponsorCsvDir && !sponsorCsvFiles) return NOTHING;
  const input = sponsorCsvFiles ? { files: sponsorCsvFiles } : { dir: sponsorCsvDir! };
  const inputs: InputPath[] = sponsorCsvFiles
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

export async function scrapeStage(ctx: StageContext<'scrape'>): Promise<StageOutput<'scrape'>> {
  const scrape = ctx.options.scrape;
  if (!scrape) return NOTHING;
  // Playwright takes ~1 s to load: a run that scrapes nothing (most runs) never loads it.
  const { scrapeSponsors } = await import('../../sponsors/scrape.js');
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
