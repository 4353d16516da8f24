/**
 * Where the API process's memory goes (issue 13): the snapshot opened the server's way,
 * step by step, with process.memoryUsage() and the kernel's view (/proc/self/status:
 * anonymous vs file-backed resident pages) after each step, then the serving index
 * taken apart: bytes held in typed arrays and Buffers per index field (outside the JS
 * heap), and the JS heap by what a heap snapshot says holds it.
 *
 *   node --expose-gc --import tsx bench/memory-breakdown.ts --snapshot-root bench/.data/snapshots [--heap-snapshot]
 * (or through `npm run bench -- --only memory`)
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import { SnapshotHolder } from '../api/live-snapshot.js';
import { resolveLatest } from '../snapshot/index.js';
import { openSnapshotIndex } from '../api/query/index-file.js';
import { buildTrialIndex } from '../api/query/trial-index.js';
import { failChild, sendToParent } from './child.js';

const MB = 2 ** 20;

export interface MemoryStep {
  step: string;
  ms: number;
  rss_mb: number;
  heap_used_mb: number;
  heap_total_mb: number;
  /** Memory of C++ objects bound to JS, Buffers and typed arrays included. */
  external_mb: number;
  array_buffers_mb: number;
  /** Resident anonymous pages (heap, malloc, DuckDB) and file-backed ones (code, mapped libraries). */
  rss_anon_mb: number | null;
  rss_file_mb: number | null;
}

export interface MemoryBreakdown {
  type: 'result';
  steps: MemoryStep[];
  /** Bytes outside the JS heap held by the serving index, by field (distinct ArrayBuffers). */
  index_buffers_mb: Record<string, number>;
  /** JS heap after the open by node type of the heap snapshot (self sizes), largest first. */
  heap_by_type_mb: Record<string, number> | null;
}

function gc(): void {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) throw new Error('run with --expose-gc');
  collect();
  collect();
}

function kernelRss(): { anon: number | null; file: number | null } {
  try {
    const status = fs.readFileSync('/proc/self/status', 'utf8');
    const kb = (name: string) => {
      const m = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status);
      return m ? Number(m[1]) / 1024 : null;
    };
    return { anon: kb('RssAnon'), file: kb('RssFile') };
  } catch {
    return { anon: null, file: null };
  }
}

function sample(step: string, started: number): MemoryStep {
  const m = process.memoryUsage();
  const k = kernelRss();
  return {
    step,
    ms: performance.now() - started,
    rss_mb: m.rss / MB,
    heap_used_mb: m.heapUsed / MB,
    heap_total_mb: m.heapTotal / MB,
    external_mb: m.external / MB,
    array_buffers_mb: m.arrayBuffers / MB,
    rss_anon_mb: k.anon,
    rss_file_mb: k.file,
  };
}

/** Bytes of the distinct ArrayBuffers reachable from `value` (Buffers from the shared pool count their slab once). */
/**
 * Bytes of the views under `value`, each view once: a serving index read from its file is
 * views of one buffer, a built one views of slabs (ByteArena), so a view's own bytes count.
 */
function bufferBytes(value: unknown, seen: Set<object>, visited: WeakSet<object>): number {
  if (value === null || typeof value !== 'object') return 0;
  if (ArrayBuffer.isView(value)) {
    if (seen.has(value)) return 0;
    seen.add(value);
    return value.byteLength;
  }
  if (visited.has(value)) return 0;
  visited.add(value);
  let total = 0;
  const children =
    value instanceof Map ? value.values() : Array.isArray(value) ? value : Object.values(value);
  for (const child of children) total += bufferBytes(child, seen, visited);
  return total;
}

/**
 * Self size per heap-snapshot node type ("string", "object", "array", "code" ...), from the
 * snapshot's own node table.
 */
function heapByType(file: string): Record<string, number> {
  const snapshot = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
  };
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const sizeAt = fields.indexOf('self_size');
  const totals: Record<string, number> = {};
  for (let i = 0; i < snapshot.nodes.length; i += width) {
    const type = types[snapshot.nodes[i + typeAt]];
    totals[type] = (totals[type] ?? 0) + snapshot.nodes[i + sizeAt];
  }
  return Object.fromEntries(
    Object.entries(totals)
      .sort((a, b) => b[1] - a[1])
      .map(([type, bytes]) => [type, bytes / MB]),
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'snapshot-root': { type: 'string' },
      'heap-snapshot': { type: 'boolean', default: false },
    },
  });
  const started = performance.now();
  const steps: MemoryStep[] = [];
  gc();
  steps.push(sample('modules loaded', started));
  const latest = await resolveLatest(values['snapshot-root']!);
  if (!latest) throw new Error(`no snapshot under ${values['snapshot-root']}`);
  // The server's way (openSnapshotIndex): its serving index, else the tables and a build.
  const opened = await openSnapshotIndex(latest.dir, {}, (tables) => {
    steps.push(sample('readSnapshot (row tables in memory)', started));
    const built = buildTrialIndex(tables);
    steps.push(sample('index built (row tables still held)', started));
    return Promise.resolve(built);
  });
  if (opened.built === null) steps.push(sample('serving index read', started));
  const holder = SnapshotHolder.fixed(opened.manifest, opened.index, 'read');
  gc();
  steps.push(sample(opened.built === null ? 'after GC' : 'row tables dropped, after GC', started));
  // V8 gives freed pages back lazily; a few idle ticks show what stays resident.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  gc();
  steps.push(sample('2 s idle, after GC (serving)', started));

  const index = holder.current()!.index;
  const seen = new Set<object>();
  const index_buffers_mb: Record<string, number> = {};
  for (const [field, value] of Object.entries(index)) {
    const bytes = bufferBytes(value, seen, new WeakSet());
    if (bytes > 0) index_buffers_mb[field] = bytes / MB;
  }

  let heap_by_type_mb: Record<string, number> | null = null;
  if (values['heap-snapshot']) {
    const file = v8.writeHeapSnapshot();
    try {
      heap_by_type_mb = heapByType(file);
    } finally {
      fs.rmSync(file, { force: true });
    }
  }
  await sendToParent<MemoryBreakdown>({ type: 'result', steps, index_buffers_mb, heap_by_type_mb });
}

main().catch(failChild);
