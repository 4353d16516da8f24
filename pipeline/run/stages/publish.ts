/**
 * Publish stage: the snapshot tables from the earlier stages' artifacts, written and
 * switched atomically by pipeline/publish/publish.ts. A version already published by this run (a
 * worker killed after the rename or the switch but before recording it) is found by its
 * run id and reused, so a retried publish never adds a second copy, and `latest` is made
 * to point at it before the stage reports success.
 *
 * The publish guard refuses an empty snapshot, one whose trial count fell by more than
 * `maxShrink` from the serving version unless `allowShrink`, one whose count grew by more
 * than `maxGrowth` unless `allowGrowth` (a truncated download, a broken input folder, junk
 * rows under a real header must not replace good data), and one built from input older
 * than the serving version's: `latest` only moves forward.
 */
import path from 'node:path';
import type {
  SiteRow,
  SnapshotTables,
  SourceRow,
  TrialRecord,
  TrialRow,
} from '../../../domain/rows.js';
import { ALL_SOURCES, REGISTRY_SOURCE } from '../../../domain/sources.js';
import { PermanentStageError } from '../../errors.js';
import {
  listVersions,
  readManifest,
  resolveLatest,
  switchLatest,
} from '../../../snapshot/index.js';
import { PIPELINE_CODE_KEY, requireBase } from '../../publish/base.js';
import { RawStore, registryRawStoreDir } from '../../raw-store/raw-store.js';
import { publishSnapshot, type CarryOver } from '../../publish/publish.js';
import { inTrialOrder } from '../carry-over.js';
import { codeFingerprint, PIPELINE_CODE } from '../code-fingerprint.js';
import {
  DEFAULT_MAX_GROWTH,
  DEFAULT_MAX_SHRINK,
  type ResolvedPipelineOptions,
} from '../options.js';
import { collectGarbage } from '../collect-garbage.js';
import { assertRunLock } from '../run-lock.js';
import { releaseHeldData, sameCodeOf, stageData, type StageContext } from '../run-stage.js';
import type { StageOutput, StageOutputs } from '../stage-outputs.js';

export async function publishStage(ctx: StageContext<'publish'>): Promise<StageOutput<'publish'>> {
  const root = ctx.deps.snapshotRoot;
  const earlier = await findVersionOfRun(root, ctx.runId);
  if (earlier) {
    const pointer = await pointLatestAt(root, earlier, ctx.now);
    // A publish killed after its switch: the raw store's commit is what it had left to do.
    if (!pointer.superseded_by) await commitRawStore(ctx);
    return {
      summary: { version: earlier, reused_publish: true, ...pointer },
      data: { version: earlier, dir: path.join(root, earlier) },
    };
  }

  // Checked before the work too: a run that lost the data directory publishes nothing.
  await assertRunLock(ctx.deps.dataDir, ctx.runId);
  const { biomarkers, base, carried, sponsorStatuses } = await stageData(ctx, 'enrich');
  const { records } = await stageData(ctx, 'geocode');
  const { flags } = await stageData(ctx, 'flags');
  // The enrich stage's records (their sites as before geocoding, ~50 MB at full scale) are
  // read by no stage after this one; the geocoded records are the same trials in the same order.
  releaseHeldData(ctx, 'enrich');
  // The earlier stages leave the heap ~700 MB full of which ~300 MB is live at full scale;
  // V8 collects it when it sees fit, often while DuckDB's ~200 MB of write buffers are
  // also resident (a full build's peak). Collected here, before the writing, instead.
  collectGarbage();
  // Carried-over trials' trial and site rows are copied from the base snapshot's Parquet.
  const trials: TrialRow[] = records.map((r) => ({ ...r.trial, location_count: r.sites.length }));
  const sites: SiteRow[] = records.flatMap((r) => r.sites);
  await assertPublishable(
    root,
    trials.length + carried.length,
    publishGuardOf(ctx.options),
    ctx.now,
  );
  const tables: SnapshotTables = {
    trials,
    sites,
    biomarkers,
    flags,
    sources: sourceRows(trials, carried.length, sponsorStatuses),
  };
  const carryOver = await carryOverOf(base, carried, records);
  // A later run carries rows over only from a snapshot one version of the code made whole.
  const current = await codeFingerprint(PIPELINE_CODE);
  const built = await sameCodeOf(ctx, ['enrich', 'geocode', 'flags']);
  const { version, dir, manifest, servingIndex } = await publishSnapshot(tables, {
    root,
    keep: ctx.options.keep,
    carryOver,
    servingIndex: ctx.deps.servingIndex,
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
  if (servingIndex?.fallback)
    ctx.deps.logger.warn(
      { run: ctx.runId, stage: 'publish', reason: servingIndex.fallback },
      "serving index: the base's could not be used, every carried trial rendered again",
    );
  await commitRawStore(ctx);
  return {
    summary: {
      version,
      row_counts: manifest.row_counts,
      ...(servingIndex ? { serving_index: servingIndex } : {}),
    },
    data: { version, dir },
  };
}

/**
 * The raw store takes the run's records now that its snapshot is served (stage, then
 * commit: pipeline/raw-store/raw-store.ts), so a refused or failed run leaves it as it was.
 */
async function commitRawStore(ctx: StageContext<'publish'>): Promise<void> {
  // Packs are deleted only by the run holding the data directory's lock.
  await assertRunLock(ctx.deps.dataDir, ctx.runId);
  await RawStore.commitStaged(registryRawStoreDir(ctx.deps.dataDir), ctx.runId);
}

/** The base snapshot and trial order the carried-over rows are copied in by. */
async function carryOverOf(
  base: StageOutputs['enrich']['base'],
  carried: readonly string[],
  built: readonly TrialRecord[],
): Promise<CarryOver | undefined> {
  if (!base || carried.length === 0) return undefined;
  await requireBase(base, carried.length);
  const order = [...inTrialOrder(built, carried)].map((t) => t.id);
  return { dir: base.dir, order, carried: new Set(carried) };
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

/** The same inputs give the same count: only the operator (--allow-shrink/-growth, new inputs) can change it. */
export class PublishRefusedError extends PermanentStageError {
  override name = 'PublishRefusedError';
}

export interface PublishGuard {
  allowShrink: boolean;
  maxShrink: number;
  allowGrowth: boolean;
  maxGrowth: number;
}

export function publishGuardOf(options: ResolvedPipelineOptions): PublishGuard {
  return {
    allowShrink: options.allowShrink ?? false,
    maxShrink: options.maxShrink ?? DEFAULT_MAX_SHRINK,
    allowGrowth: options.allowGrowth ?? false,
    maxGrowth: options.maxGrowth ?? DEFAULT_MAX_GROWTH,
  };
}

/**
 * Throws PublishRefusedError for an empty snapshot, one that shrank or grew past the guard
 * against the serving version, or one built from input older than the serving version's
 * (its run clock is earlier: `latest` only moves forward).
 */
export async function assertPublishable(
  root: string,
  trialCount: number,
  guard: PublishGuard,
  runClock?: Date,
): Promise<void> {
  if (trialCount === 0)
    throw new PublishRefusedError(
      'refusing to publish a snapshot with 0 trials; `latest` is unchanged',
    );
  const current = await resolveLatest(root);
  if (!current) return;
  const manifest = await readManifest(current.dir).catch(() => null);
  if (runClock) assertNotOlder(current.version, manifest?.input_summary.run_clock, runClock);
  const previous = manifest?.row_counts.trials ?? 0;
  if (previous === 0) return;
  const change = (trialCount - previous) / previous;
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const limit = (x: number) => `${(x * 100).toFixed(0)}%`;
  if (-change > guard.maxShrink && !guard.allowShrink)
    throw new PublishRefusedError(
      `refusing to publish ${trialCount} trials over ${previous} in ${current.version} ` +
        `(${pct(-change)} fewer, limit ${limit(guard.maxShrink)}); ` +
        'check the inputs, or rerun with --allow-shrink if the drop is real',
    );
  if (change > guard.maxGrowth && !guard.allowGrowth)
    throw new PublishRefusedError(
      `refusing to publish ${trialCount} trials over ${previous} in ${current.version} ` +
        `(${pct(change)} more, limit ${limit(guard.maxGrowth)}); ` +
        'check the inputs, or rerun with --allow-growth if the growth is real',
    );
}

/** `latest` only moves forward: a run never replaces a snapshot built from newer input. */
function assertNotOlder(version: string, servingClock: unknown, runClock: Date): void {
  if (typeof servingClock !== 'string') return;
  if (new Date(servingClock).getTime() <= runClock.getTime()) return;
  throw new PublishRefusedError(
    `refusing to publish: ${version}, which \`latest\` points at, was built from newer input ` +
      `(run clock ${servingClock}) than this run (${runClock.toISOString()}); start a new run`,
  );
}

/**
 * Makes `latest` point at a version this run published earlier, unless a version published
 * later or built from newer input took over since (switching back would hide newer data).
 */
async function pointLatestAt(
  root: string,
  version: string,
  runClock: Date,
): Promise<{ latest_switched?: true; superseded_by?: string }> {
  const current = await resolveLatest(root);
  if (current?.version === version) return {};
  if (current) {
    const clock = (await readManifest(current.dir).catch(() => null))?.input_summary.run_clock;
    const newerInput = typeof clock === 'string' && new Date(clock).getTime() > runClock.getTime();
    if (current.version > version || newerInput) return { superseded_by: current.version };
  }
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
