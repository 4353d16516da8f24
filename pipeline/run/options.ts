/**
 * What a refresh run is built from. The same options drive `pipeline run --inline`,
 * `refresh` (BullMQ flow) and the benchmark; they are saved with the run so a retried
 * stage, on any worker, sees exactly what the first attempt saw.
 */
import { z } from 'zod';

/** Share of trials a publish may lose against the serving version without --allow-shrink. */
export const DEFAULT_MAX_SHRINK = 0.2;

/** Share of trials a publish may gain over the serving version without --allow-growth. */
export const DEFAULT_MAX_GROWTH = 0.2;

export const PipelineOptionsSchema = z.object({
  /** Offline registry input: a directory, zip, JSON or JSONL of registry records. */
  registryDump: z.string().min(1).optional(),
  /** Live ClinicalTrials.gov sync when no dump is given. */
  registryLive: z
    .object({
      baseUrl: z.string().url(),
      /** Force a full sync instead of an incremental one. */
      full: z.boolean().default(false),
    })
    .optional(),
  /** Sponsor CSV exports: a directory of `<slug>.csv` files, or explicit slug -> file. */
  sponsorCsvDir: z.string().min(1).optional(),
  sponsorCsvFiles: z.record(z.string(), z.string()).optional(),
  /**
   * Sponsors whose unusable CSV export (a needed column missing) is a flag that keeps their
   * previous trials, instead of failing the run.
   */
  optionalSponsors: z.array(z.string()).optional(),
  /** Scrape the web sponsors; base URLs override sponsor home pages (tests, mirrors). */
  scrape: z
    .object({
      baseUrls: z.record(z.string(), z.string()).optional(),
      slugs: z.array(z.string()).optional(),
    })
    .optional(),
  /**
   * Publish guard: a snapshot with this share fewer trials than the one `latest` points at
   * is refused (0.2 = 20%), unless `allowShrink`.
   */
  maxShrink: z.number().min(0).max(1).default(DEFAULT_MAX_SHRINK),
  allowShrink: z.boolean().default(false),
  /**
   * Publish guard the other way: a snapshot with this share more trials than the one
   * `latest` points at is refused (0.2 = 20%), unless `allowGrowth`: junk rows that pass
   * the row checks, or a dump that reaches outside its folder, show up as growth.
   */
  maxGrowth: z.number().min(0).default(DEFAULT_MAX_GROWTH),
  allowGrowth: z.boolean().default(false),
  /** Published versions to keep. */
  keep: z.number().int().min(1).default(5),
  /** The run's clock (ISO timestamp): flags such as "stale" are judged against it. */
  now: z.string().datetime().optional(),
});

export type PipelineOptions = z.input<typeof PipelineOptionsSchema>;
export type ResolvedPipelineOptions = z.output<typeof PipelineOptionsSchema>;

export function resolvePipelineOptions(input: PipelineOptions): ResolvedPipelineOptions {
  const parsed = PipelineOptionsSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `invalid pipeline options: ${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
  }
  if (!parsed.data.registryDump && !parsed.data.registryLive) {
    throw new Error(
      'invalid pipeline options: give a registry dump (--registry-dump) or a live registry base URL',
    );
  }
  return parsed.data;
}
