/**
 * The HTTP part: the real app and the ceiling in child processes, loaded from this
 * process with autocannon. The ceiling runs first and last; each mix is reported against
 * the mean of the two, and their gap is printed as the run's noise.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { RssParts, ServerReady, ServerStats, StoreKind } from './api-server.js';
import { startChild, type BenchChild } from './child.js';
import { buildMixes, TRIALS, type Mix } from './http-mixes.js';
import { runLoad, type LoadResult } from './load.js';
import { DATA_DIR, PROFILE_DIR, SNAPSHOT_ROOT } from './paths.js';
import type { BenchSettings } from './settings.js';

export interface HttpMeasure extends LoadResult {
  name: string;
  /** The mix's own name, the same in both configurations (null for the ceiling). */
  mix: string | null;
  kind: 'ceiling' | Mix['kind'];
  /** How many distinct requests the mix rotates over. */
  distinct: number;
  store: StoreKind | null;
  /**
   * Server CPU (user + system) per request during the measured run: the server's own cost,
   * which other load on a shared machine disturbs far less than it disturbs req/s.
   */
  server_cpu_ms: number;
  /** The server's highest RSS during the measured run. */
  server_peak_rss_mb: number;
  /** What that RSS was made of (JS heap, array buffers, the rest). */
  server_peak: RssParts;
}

export interface ApiPartResult {
  ceiling: { start: HttpMeasure; end: HttpMeasure; rps: number; noise: number };
  mixes: HttpMeasure[];
  server: ServerReady;
  /** The API child after all the load (peak RSS includes the snapshot open). */
  after: ServerStats;
}

const CONNECTIONS = 16;

function selectedMixes(
  settings: BenchSettings,
  ids: readonly string[],
  defaultTotal: number,
): Mix[] {
  const all = buildMixes({ ids, defaultTotal }, { zipCount: settings.zipCount });
  return settings.mixes.length === 0
    ? all
    : all.filter((m) => settings.mixes.some((text) => m.name.includes(text)));
}

async function startServer(
  args: string[],
  settings: BenchSettings,
  label: string,
): Promise<{ child: BenchChild; ready: ServerReady }> {
  const nodeFlags = ['--expose-gc'];
  // One folder per child: the tsx loader thread writes a profile of its own beside the main thread's.
  if (settings.profile)
    nodeFlags.push(
      '--cpu-prof',
      `--cpu-prof-dir=${path.join(PROFILE_DIR, `${label}-${Date.now()}`)}`,
    );
  const child = startChild('api-server.ts', args, { nodeFlags });
  try {
    return { child, ready: await child.next<ServerReady>('ready') };
  } catch (error) {
    await child.stop();
    throw error;
  }
}

/**
 * A few requests of the mix by hand first: a wrong path should fail with its own message, not as a
 * count of non-2xx.
 */
async function precheck(base: string, key: string, mix: Mix): Promise<void> {
  if (mix.bodies) {
    for (const body of mix.bodies.slice(0, 20)) {
      const res = await fetch(base + mix.paths[0], {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${key}`,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        },
        body,
      });
      const text = await res.text();
      const result =
        res.status === 200
          ? (JSON.parse(text) as { result?: { isError?: boolean } }).result
          : undefined;
      if (!result || result.isError) {
        throw new Error(`${mix.name}: POST ${body} answered ${res.status}: ${text.slice(0, 300)}`);
      }
    }
    return;
  }
  for (const p of mix.paths.slice(0, 20)) {
    const res = await fetch(base + p, {
      headers: { Authorization: `Bearer ${key}`, ...mix.headers },
    });
    if (res.status !== 200)
      throw new Error(
        `${mix.name}: GET ${p} answered ${res.status}: ${(await res.text()).slice(0, 300)}`,
      );
    await res.arrayBuffer();
  }
}

interface Target {
  base: string;
  server: BenchChild;
  headers: Record<string, string>;
  store: StoreKind | null;
}

function withHeaders(target: Target, mix: Mix): Target {
  return mix.headers ? { ...target, headers: { ...target.headers, ...mix.headers } } : target;
}

/** An RSS peak and its parts, e.g. `612 MB (heap 140, buffers 290, other 182)`. */
function rssText(p: RssParts): string {
  const mb = (x: number) => x.toFixed(0);
  return (
    `${mb(p.rss_mb)} MB (heap ${mb(p.heap_total_mb)}, buffers ${mb(p.array_buffers_mb)}, ` +
    `other ${mb(p.other_mb)})`
  );
}

async function measure(
  target: Target,
  name: string,
  kind: HttpMeasure['kind'],
  paths: string[],
  settings: BenchSettings,
  mix: string | null = null,
  bodies?: string[],
): Promise<HttpMeasure> {
  const { base, headers } = target;
  // Unrecorded warm-up: JIT, connection setup, first-touch of the index pages.
  await runLoad({
    base,
    paths,
    bodies,
    headers,
    seconds: settings.warmupSeconds,
    connections: CONNECTIONS,
  });
  const before = await target.server.ask<ServerStats>({ type: 'stats' }, 'stats');
  const result = await runLoad({
    base,
    paths,
    bodies,
    headers,
    seconds: settings.mixSeconds,
    connections: CONNECTIONS,
  });
  const after = await target.server.ask<ServerStats>({ type: 'stats' }, 'stats');
  const server_cpu_ms = (after.cpu_ms - before.cpu_ms) / result.requests;
  const measured: HttpMeasure = {
    name,
    mix,
    kind,
    distinct: bodies?.length ?? paths.length,
    store: target.store,
    server_cpu_ms,
    server_peak_rss_mb: after.window_peak_rss_mb,
    server_peak: after.window_peak,
    ...result,
  };
  settings.log(
    `  ${name.padEnd(28)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ` +
      `${result.p50_ms.toFixed(2)} ms  p99 ${result.p99_ms.toFixed(2)} ms  ` +
      `server CPU ${server_cpu_ms.toFixed(3)} ms/req, RSS up to ${rssText(after.window_peak)}  ` +
      `(${bodies?.length ?? paths.length} distinct, ${Math.round(result.bytes / 1024)} KiB)`,
  );
  return measured;
}

export async function runApiPart(settings: BenchSettings): Promise<ApiPartResult> {
  settings.log(
    `starting the API server child (memory key store and counter) over ${SNAPSHOT_ROOT}`,
  );
  const api = await startServer(
    ['--mode', 'api', '--snapshot-root', SNAPSHOT_ROOT, '--store', 'memory'],
    settings,
    'api',
  );
  let ceiling: { child: BenchChild; ready: ServerReady } | null = null;
  try {
    const { url, key } = api.ready;
    const headers = { Authorization: `Bearer ${key}` };
    settings.log(
      `  snapshot opened: read ${(api.ready.read_ms / 1000).toFixed(1)} s + ` +
        `index ${(api.ready.index_ms / 1000).toFixed(1)} s` +
        `${api.ready.built === null ? ' (serving index)' : ` (built: ${api.ready.built})`}; ` +
        `RSS ${api.ready.rss_after_gc_mb.toFixed(0)} MB`,
    );

    const first = await fetch(url + TRIALS, { headers });
    if (first.status !== 200) throw new Error(`default list answered ${first.status}`);
    const body = Buffer.from(await first.arrayBuffer());
    const defaultTotal = (JSON.parse(body.toString('utf8')) as { meta: { total: number } }).meta
      .total;
    const bodyFile = path.join(DATA_DIR, 'ceiling-body.json');
    await fs.writeFile(bodyFile, body);
    ceiling = await startServer(
      ['--mode', 'ceiling', '--body-file', bodyFile],
      settings,
      'ceiling',
    );
    const ceilingTarget: Target = {
      base: ceiling.ready.url,
      server: ceiling.child,
      headers: {},
      store: null,
    };
    const apiTarget: Target = { base: url, server: api.child, headers, store: 'memory' };
    settings.log(
      `ceiling: the same Express setup sending the default list's ${body.length} bytes as one prebuilt Buffer`,
    );

    const ceilingStart = await measure(
      ceilingTarget,
      'ceiling (start)',
      'ceiling',
      ['/ceiling'],
      settings,
    );
    const mixes: HttpMeasure[] = [];
    for (const mix of selectedMixes(settings, api.ready.ids, defaultTotal)) {
      await precheck(url, key, mix);
      mixes.push(
        await measure(
          withHeaders(apiTarget, mix),
          mix.name,
          mix.kind,
          mix.paths,
          settings,
          mix.name,
          mix.bodies,
        ),
      );
    }
    const after = await api.child.ask<ServerStats>({ type: 'stats' }, 'stats');
    // Between the two ceiling runs, so both configurations are held to the same ceiling.
    if (settings.redis) mixes.push(...(await redisMixes(settings, api.ready.ids, defaultTotal)));
    const ceilingEnd = await measure(
      ceilingTarget,
      'ceiling (end)',
      'ceiling',
      ['/ceiling'],
      settings,
    );

    const rps = (ceilingStart.rps + ceilingEnd.rps) / 2;
    return {
      ceiling: {
        start: ceilingStart,
        end: ceilingEnd,
        rps,
        noise: Math.abs(ceilingStart.rps - ceilingEnd.rps) / rps,
      },
      mixes,
      server: api.ready,
      after,
    };
  } finally {
    await ceiling?.child.stop();
    await api.child.stop();
  }
}

/**
 * Every mix again on the same app with keys and counters in Redis (how it is deployed): one script
 * call per request.
 */
async function redisMixes(
  settings: BenchSettings,
  ids: readonly string[],
  defaultTotal: number,
): Promise<HttpMeasure[]> {
  settings.log('starting a second API server child with the Redis key store and counter');
  let server: { child: BenchChild; ready: ServerReady };
  try {
    server = await startServer(
      ['--mode', 'api', '--snapshot-root', SNAPSHOT_ROOT, '--store', 'redis'],
      settings,
      'api-redis',
    );
  } catch (error) {
    settings.log(`  skipped: ${(error as Error).message.split('\n')[0]}`);
    return [];
  }
  try {
    const target: Target = {
      base: server.ready.url,
      server: server.child,
      headers: { Authorization: `Bearer ${server.ready.key}` },
      store: 'redis',
    };
    const out: HttpMeasure[] = [];
    for (const mix of selectedMixes(settings, ids, defaultTotal)) {
      await precheck(server.ready.url, server.ready.key, mix);
      out.push(
        await measure(
          withHeaders(target, mix),
          `${mix.name} (redis)`,
          mix.kind,
          mix.paths,
          settings,
          mix.name,
          mix.bodies,
        ),
      );
    }
    return out;
  } finally {
    await server.child.stop();
  }
}

/**
 * The memory part on its own (when the HTTP part is not run): open the snapshot in a server child,
 * read its RSS, stop it.
 */
export async function measureServerMemory(
  settings: BenchSettings,
): Promise<{ server: ServerReady; after: ServerStats }> {
  const api = await startServer(
    ['--mode', 'api', '--snapshot-root', SNAPSHOT_ROOT, '--store', 'memory'],
    settings,
    'api-memory',
  );
  try {
    return {
      server: api.ready,
      after: await api.child.ask<ServerStats>({ type: 'stats' }, 'stats'),
    };
  } finally {
    await api.child.stop();
  }
}
