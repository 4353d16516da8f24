/**
 * Publish stage: the snapshot tables from the earlier stages' artifacts, written and
 * switched atomically by pipeline/snapshot. A version already published by this run (a
 * worker killed after the switch but before recording it) is found by its run id and
 * reused, so a retried publish never adds a second copy.
 */
import path from 'node:path';
import type { SiteRow, SnapshotTables, SourceRow, TrialRow } from '../../../domain/rows.js';
import { ALL_SOURCES, REGISTRY_SOURCE } from '../../../domain/sources.js';
import { listVersions, publishSnapshot, readManifest } from '../../snapshot/index.js';
import type { RunContext } from '../context.js';
import { stageData, type StageOutput } from '../run-stage.js';
import type { ExtractStageData } from './extract.js';
import type { FlagsStageData } from './flags.js';
import { geocodedRecords } from './geocode.js';

export interface PublishStageData {
  version: string;
  dir: string;
}

export async function publishStage(ctx: RunContext): Promise<StageOutput<PublishStageData>> {
  const root = ctx.deps.snapshotRoot;
  const earlier = await findVersionOfRun(root, ctx.runId);
  if (earlier) return { summary: { version: earlier, reused_publish: true }, data: { version: earlier, dir: path.join(root, earlier) } };

  const extract = await stageData<ExtractStageData>(ctx, 'extract');
  const records = await geocodedRecords(ctx);
  const { flags } = await stageData<FlagsStageData>(ctx, 'flags');
  const trials: TrialRow[] = records.map((r) => ({ ...r.trial, location_count: r.sites.length }));
  const sites: SiteRow[] = records.flatMap((r) => r.sites);
  const tables: SnapshotTables = {
    trials,
    sites,
    biomarkers: extract.biomarkers,
    flags,
    sources: sourceRows(trials, extract.sponsorStatuses),
  };
  const { version, dir, manifest } = await publishSnapshot(tables, {
    root,
    keep: ctx.options.keep,
    inputSummary: {
      run_id: ctx.runId,
      run_clock: ctx.now.toISOString(),
      registry: ctx.options.registryDump ? { dump: path.basename(ctx.options.registryDump) } : { live: ctx.options.registryLive?.baseUrl },
      sponsor_csv: Boolean(ctx.options.sponsorCsvDir || ctx.options.sponsorCsvFiles),
      scrape: Boolean(ctx.options.scrape),
    },
  });
  return { summary: { version, row_counts: manifest.row_counts }, data: { version, dir } };
}

/** Approximate trial counts per source: registry-owned trials, and trials each sponsor lists. */
function sourceRows(trials: TrialRow[], sponsorStatuses: Map<string, { slug: string }[]>): SourceRow[] {
  const counts = new Map<string, number>();
  for (const t of trials) {
    if (t.source === REGISTRY_SOURCE.slug) counts.set(t.source, (counts.get(t.source) ?? 0) + 1);
    const listedBy = new Set((sponsorStatuses.get(t.nct_id) ?? []).map((s) => s.slug));
    if (t.pharma_source_slug) listedBy.add(t.pharma_source_slug);
    if (t.source !== REGISTRY_SOURCE.slug) listedBy.add(t.source);
    for (const slug of listedBy) counts.set(slug, (counts.get(slug) ?? 0) + 1);
  }
  return ALL_SOURCES.map((s) => ({ ...s, trial_count: counts.get(s.slug) ?? 0 }));
}

async function findVersionOfRun(root: string, runId: string): Promise<string | null> {
  const versions = await listVersions(root).catch(() => [] as string[]);
  for (const version of versions.slice(-10).reverse()) {
    const manifest = await readManifest(path.join(root, version)).catch(() => null);
    if (manifest?.input_summary.run_id === runId) return version;
  }
  return null;
}
