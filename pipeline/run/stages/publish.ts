/**
 * Publish stage: the snapshot tables from the earlier stages' artifacts, written and
 * switched atomically by pipeline/publish/publish.ts. A version already published by this run (a
 * worker killed after the rename or the switch but before recording it) is found by its
 * run id and reused, so a retried publish never adds a second copy, and `latest` is made
 * to point at it before the stage reports success.
 *
 * The publish guard refuses an empty snapshot, and one whose trial count fell by more
 * than `maxShrink` from the serving version unless `allowShrink`: a truncated download or
 * a broken input folder must not replace good data.
 */
import path from 'node:path';
import type { SiteRow, SnapshotTables, SourceRow, TrialRow } from '../../../domain/rows.js';
import { ALL_SOURCES, REGISTRY_SOURCE } from '../../../domain/sources.js';
import { PermanentStageError } from '../../errors.js';
import {
  listVersions,
  readManifest,
  resolveLatest,
  switchLatest,
} from '../../../snapshot/index.js';
import { PIPELINE_CODE_KEY, requireBase } from '../../publish/base.js';
import { publishSnapshot, type CarryOver } from '../../publish/publish.js';
import { inTrialOrder } from '../carry-over.js';
import { codeFingerprint, PIPELINE_CODE } from '../code-fingerprint.js';
import { DEFAULT_MAX_SHRINK } from '../options.js';
import { sameCodeOf, stageData, type StageContext } from '../run-stage.js';
import type { StageOutput, StageOutputs } from '../stage-outputs.js';

export async function publishStage(ctx: StageContext<'publish'>): Promise<StageOutput<'publish'>> {
  const root = ctx.deps.snapshotRoot;
  const earlier = await findVersionOfRun(root, ctx.runId);
  if (earlier) {
    const pointer = await pointLatestAt(root, earlier);
    return {
      summary: { version: earlier, reused_publish: true, ...pointer },
      data: { version: earlier, dir: path.join(root, earlier) },
    };
  }

  const enrich = await stageData(ctx, 'enrich');
  const { records } = await stageData(ctx, 'geocode');
  const { flags } = await stageData(ctx, 'flags');
  // Carried-over trials' trial and site rows are copied from the base snapshot's Parquet.
  const trials: TrialRow[] = records.map((r) => ({ ...r.trial, location_count: r.sites.length }));
  const sites: SiteRow[] = records.flatMap((r) => r.sites);
  await assertPublishable(root, trials.length + enrich.carried.length, {
    allowShrink: ctx.options.allowShrink ?? false,
    maxShrink: ctx.options.maxShrink ?? DEFAULT_MAX_SHRINK,
  });
  const tables: SnapshotTables = {
    trials,
    sites,
    biomarkers: enrich.biomarkers,
    flags,
    sources: sourceRows(trials, enrich.carried.length, enrich.sponsorStatuses),
  };
  const carryOver = await carryOverOf(enrich);
  // A later run carries rows over only from a snapshot one version of the code made whole.
  const current = await codeFingerprint(PIPELINE_CODE);
  const built = await sameCodeOf(ctx, ['enrich', 'geocode', 'flags']);
  const { version, dir, manifest } = await publishSnapshot(tables, {
    root,
    keep: ctx.options.keep,
    carryOver,
    inputSummary: {
      [PIPELINE_CODE_KEY]: built === current ? current : null,
      run_id: ctx.runId,
      run_clock: ctx.now.toISOString(),
      registry: ctx.options.registryDump
        ? { dump: path.basename(ctx.options.registryDump) }
        : { live: ctx.options.registryLive?.baseUrl },
      sponsor_csv: Boolean(ctx.options.sponsorCsvDir || ctx.options.sponsorCsvFiles),
      scrape: Boolean(ctx.options.scrape),
    },
  });
  return { summary: { version, row_counts: manifest.row_counts }, data: { version, dir } };
}

/** The base snapshot and trial order the carried-over rows are copied in by. */
async function carryOverOf(enrich: StageOutputs['enrich']): Promise<CarryOver | undefined> {
  if (!enrich.base || enrich.carried.length === 0) return undefined;
  const base = enrich.base;
  await requireBase(base, enrich.carried.length);
  const order = [...inTrialOrder(enrich.records, enrich.carried)].map((t) => t.id);
  return { dir: base.dir, order, carried: new Set(enrich.carried) };
}

/**
 * Approximate trial counts per source: registry-owned trials, and trials each sponsor
 * lists. A carried-over trial is a registry trial no sponsor lists (carry-over.ts).
 */
function sourceRows(
  trials: TrialRow[],
  carried: number,
  sponsorStatuses: Map<string, { slug: string }[]>,
): SourceRow[] {
  const counts = new Map<string, number>();
  if (carried) counts.set(REGISTRY_SOURCE.slug, carried);
  for (const t of trials) {
    if (t.source === REGISTRY_SOURCE.slug) counts.set(t.source, (counts.get(t.source) ?? 0) + 1);
    const listedBy = new Set((sponsorStatuses.get(t.nct_id) ?? []).map((s) => s.slug));
    if (t.pharma_source_slug) listedBy.add(t.pharma_source_slug);
    if (t.source !== REGISTRY_SOURCE.slug) listedBy.add(t.source);
    for (const slug of listedBy) counts.set(slug, (counts.get(slug) ?? 0) + 1);
  }
  return ALL_SOURCES.map((s) => ({ ...s, trial_count: counts.get(s.slug) ?? 0 }));
}

/** The same inputs give the same count: only the operator (--allow-shrink, new inputs) can change it. */
export class PublishRefusedError extends PermanentStageError {
  override name = 'PublishRefusedError';
}

/** Throws PublishRefusedError for an empty snapshot or one that shrank past the guard. */
export async function assertPublishable(
  root: string,
  trialCount: number,
  guard: { allowShrink: boolean; maxShrink: number },
): Promise<void> {
  if (trialCount === 0)
    throw new PublishRefusedError(
      'refusing to publish a snapshot with 0 trials; `latest` is unchanged',
    );
  const current = await resolveLatest(root);
  if (!current || guard.allowShrink) return;
  const previous = await readManifest(current.dir).then(
    (m) => m.row_counts.trials,
    () => null,
  );
  if (previous === null || previous === 0) return;
  const drop = (previous - trialCount) / previous;
  if (drop > guard.maxShrink) {
    throw new PublishRefusedError(
      `refusing to publish ${trialCount} trials over ${previous} in ${current.version} ` +
        `(${(drop * 100).toFixed(1)}% fewer, limit ${(guard.maxShrink * 100).toFixed(0)}%); ` +
        'check the inputs, or rerun with --allow-shrink if the drop is real',
    );
  }
}

/**
 * Makes `latest` point at a version this run published earlier, unless a newer version
 * took over since (switching back would hide newer data).
 */
async function pointLatestAt(
  root: string,
  version: string,
): Promise<{ latest_switched?: true; superseded_by?: string }> {
  const current = (await resolveLatest(root))?.version ?? null;
  if (current === version) return {};
  if (current && current > version) return { superseded_by: current };
  await switchLatest(root, version);
  return { latest_switched: true };
}

async function findVersionOfRun(root: string, runId: string): Promise<string | null> {
  const versions = await listVersions(root).catch(() => [] as string[]);
  for (const version of versions.slice(-10).reverse()) {
    const manifest = await readManifest(path.join(root, version)).catch(() => null);
    if (manifest?.input_summary.run_id === runId) return version;
  }
  return null;
}
