/**
 * `npm run bench`: the product at full scale (issue 6). Data first (cached in
 * bench/.data), then the parts asked for, each measured in child processes; prints a
 * table with PASS/MISS per target and writes bench/results.json.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import { measureServerMemory, runApiPart, type ApiPartResult } from './api-part.js';
import { runChild } from './child.js';
import type { GeoResult } from './geo-bench.js';
import { apiItems, breakdownItem, geoItems, memoryItems, pipelineItems } from './items.js';
import type { MemoryBreakdown } from './memory-breakdown.js';
import { DATA_DIR, PROFILE_DIR, RESULTS_FILE, SNAPSHOT_ROOT } from './paths.js';
import { runPipelinePart } from './pipeline-part.js';
import type { PreparedData } from './prepare-data.js';
import {
  formatBreakdown,
  formatConfigurations,
  formatTable,
  resultHeader,
  writeResults,
  type ResultItem,
} from './report.js';
import { parseSettings } from './settings.js';

async function main(): Promise<void> {
  const settings = parseSettings(process.argv.slice(2));
  const { log } = settings;
  const started = performance.now();
  const notes: string[] = [];
  const loadAtStart = os.loadavg()[0];
  log(`bench: ${settings.mode} mode, parts ${settings.parts.join(', ')}`);
  await fs.mkdir(DATA_DIR, { recursive: true });
  if (settings.profile) await fs.mkdir(PROFILE_DIR, { recursive: true });

  log('data: full-scale snapshot and registry dumps in bench/.data ...');
  const data = await runChild<PreparedData>('prepare-data.ts', []);
  log(
    data.cached
      ? `  reused the cached data (same seed, scale and generator code): snapshot ` +
          `${data.snapshotVersion}, ${data.studies} studies (${data.seconds.toFixed(1)} s)`
      : `  generated in ${data.seconds.toFixed(1)} s: snapshot ${data.snapshotVersion}, ` +
          `${data.studies} studies; cached for the next run`,
  );
  notes.push(
    `data ${data.cached ? 'reused from the cache' : 'generated'}: demo generator, scale full, ` +
      `snapshot ${data.snapshotVersion}`,
  );

  const items: ResultItem[] = [];
  let api: ApiPartResult | null = null;
  if (settings.parts.includes('api')) {
    log(
      `api: ${settings.mixSeconds} s per mix after ${settings.warmupSeconds} s warm-up, 16 connections`,
    );
    api = await runApiPart(settings);
    items.push(...apiItems(api));
    const noise = (api.ceiling.noise * 100).toFixed(1);
    log(
      `  ceiling ${api.ceiling.start.rps.toFixed(0)} req/s at the start, ` +
        `${api.ceiling.end.rps.toFixed(0)} at the end: ${noise}% apart`,
    );
    notes.push(
      'API server: createApp over the snapshot, once with an in-process key store and usage ' +
        'counter, once with both in Redis (one admission script call per request); partner key ' +
        'with quota and burst raised through the counter options (burst window 0.1 s) so no ' +
        'request is refused',
      `ceiling: same Express settings and CORS, one prebuilt ` +
        `${Math.round(api.ceiling.start.bytes)}-byte body; start and end runs ${noise}% apart`,
    );
  }

  if (settings.parts.includes('geo')) {
    const queries = settings.mode === 'quick' ? 100 : 300;
    log(
      `geo: H3 prefilter vs brute force over all US points, ${queries} random ZIPs per radius ...`,
    );
    const geo = await runChild<GeoResult>('geo-bench.ts', [
      '--snapshot-root',
      SNAPSHOT_ROOT,
      '--queries',
      String(queries),
    ]);
    for (const r of geo.radii) {
      log(
        `  ${String(r.radius).padStart(3)} mi: identical; candidates ${r.speedup.toFixed(1)}x ` +
          `faster with H3, whole search ${r.search_speedup.toFixed(1)}x`,
      );
    }
    items.push(...geoItems(geo));
  }

  if (settings.parts.includes('pipeline')) {
    log('pipeline: full build in a fresh data dir, then 5% changed ...');
    // A part that fails is reported and the rest still run: one broken input should not cost the whole run's figures.
    try {
      const runs = await runPipelinePart(settings, {
        full: data.dump,
        changed: data.changedDump,
        changedCount: data.changed,
      });
      items.push(...pipelineItems(runs));
    } catch (error) {
      const reason = (error as Error).message.split('\n')[0];
      log(`  pipeline part failed: ${reason}`);
      notes.push(`pipeline part failed, no pipeline figures in this run: ${reason}`);
    }
  }

  if (settings.parts.includes('memory')) {
    const memory = api
      ? { server: api.server, after: api.after }
      : await measureServerMemory(settings);
    const peaks = api
      ? api.mixes.filter((m) => m.store === 'memory').map((m) => m.server_peak_rss_mb)
      : [];
    const loadPeak = peaks.length > 0 ? Math.max(...peaks) : null;
    items.push(...memoryItems(memory.server, memory.after, loadPeak));
    log('memory: the snapshot opened step by step in a child, with a heap snapshot at the end ...');
    const breakdown = await runChild<MemoryBreakdown>(
      'memory-breakdown.ts',
      ['--snapshot-root', SNAPSHOT_ROOT, '--heap-snapshot'],
      {
        nodeFlags: ['--expose-gc'],
      },
    );
    items.push(breakdownItem(breakdown));
    log(formatBreakdown(breakdown));
  }

  const header = resultHeader(settings, notes, loadAtStart);
  await writeResults(RESULTS_FILE, header, items);
  log('');
  log(formatTable(header, items));
  log('');
  const configurations = formatConfigurations(items);
  if (configurations) log(`${configurations}\n`);
  const missed = items.flatMap((item) =>
    item.checks.filter((c) => !c.pass).map((c) => `${item.name}: ${c.target}`),
  );
  log(missed.length === 0 ? 'every target met' : `targets missed: ${missed.join('; ')}`);
  log(`wrote ${RESULTS_FILE} (${((performance.now() - started) / 1000).toFixed(0)} s in all)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
