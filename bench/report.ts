/**
 * What a run produces: one item per measured thing, each with the targets of issue 6 it
 * is held to, printed as a table and written to bench/results.json after a header
 * object that says when, where and how it was measured.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import type { MemoryBreakdown } from './memory-breakdown.js';
import type { BenchPart, BenchSettings } from './settings.js';

export interface Check {
  target: string;
  pass: boolean;
}

export interface ResultItem {
  name: string;
  part: BenchPart;
  /** HTTP items; null elsewhere. */
  rps: number | null;
  /** rps / the ceiling's mean rps (HTTP mixes). */
  ratio: number | null;
  p50_ms: number | null;
  p99_ms: number | null;
  /** Server CPU per request (HTTP items): less disturbed by other load than req/s. */
  server_cpu_ms?: number;
  /** Pipeline runs. */
  wall_s?: number;
  peak_rss_mb?: number;
  stages_s?: Record<string, number>;
  /** A short human summary for the table's "measured" column. */
  summary: string;
  checks: Check[];
  [extra: string]: unknown;
}

export interface ResultHeader {
  type: 'header';
  date: string;
  machine: { cpus: number; model: string; total_mem_gb: number; node: string; platform: string };
  mode: BenchSettings['mode'];
  parts: BenchPart[];
  /** 1-minute load average when the run started and ended: other work on the machine shows here. */
  load_avg: { start: number; end: number };
  notes: string[];
}

export function resultHeader(
  settings: BenchSettings,
  notes: string[],
  loadAtStart: number,
): ResultHeader {
  const cpus = os.cpus();
  return {
    type: 'header',
    date: new Date().toISOString(),
    machine: {
      cpus: cpus.length,
      model: cpus[0]?.model ?? 'unknown',
      total_mem_gb: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
    },
    mode: settings.mode,
    parts: settings.parts,
    load_avg: { start: loadAtStart, end: os.loadavg()[0] },
    notes,
  };
}

function num(v: number | null | undefined, digits: number): string {
  return v === null || v === undefined || Number.isNaN(v) ? '' : v.toFixed(digits);
}

/** The table as Markdown, so the same text goes to the terminal and bench/README.md. */
export function formatTable(header: ResultHeader, items: ResultItem[]): string {
  const m = header.machine;
  const lines = [
    `Measured ${header.date.slice(0, 16).replace('T', ' ')} UTC, ${header.mode} mode, on ${m.cpus} x ${m.model}, ` +
      `${m.total_mem_gb} GiB RAM, Node ${m.node} (${m.platform}); load average ` +
      `${header.load_avg.start.toFixed(1)} at the start, ` +
      `${header.load_avg.end.toFixed(1)} at the end.`,
    '',
    '| item | req/s | ratio to ceiling | p50 ms | p99 ms | server CPU ms/req | measured | target | |',
    '|---|---:|---:|---:|---:|---:|---|---|---|',
  ];
  for (const item of items) {
    const checks = item.checks.length > 0 ? item.checks : [{ target: '', pass: true }];
    checks.forEach((check, i) => {
      const first = i === 0;
      lines.push(
        `| ${first ? item.name : ''} | ${first ? num(item.rps, 0) : ''} | ${first ? num(item.ratio, 3) : ''} | ` +
          `${first ? num(item.p50_ms, 2) : ''} | ${first ? num(item.p99_ms, 2) : ''} | ` +
          `${first ? num(item.server_cpu_ms, 3) : ''} | ` +
          `${first ? item.summary : ''} | ` +
          `${check.target} | ${check.target ? (check.pass ? 'PASS' : '**MISS**') : ''} |`,
      );
    });
  }
  return lines.join('\n');
}

/**
 * Every mix in both configurations side by side: req/s as a ratio to the same run's
 * ceiling, and the ceiling's server CPU per request over the mix's (the steadier ratio on
 * a shared machine).
 */
export function formatConfigurations(items: ResultItem[]): string {
  const api = items.filter((item) => item.part === 'api' && typeof item.mix === 'string');
  const names = [...new Set(api.map((item) => item.mix as string))];
  if (names.length === 0) return '';
  const lines = [
    '| mix | in-process: ratio | CPU ratio | server CPU ms/req | p99 ms ' +
      '| Redis: ratio | CPU ratio | server CPU ms/req | p99 ms |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const cells = (item: ResultItem | undefined): string =>
    item
      ? `${num(item.ratio, 2)} | ${num(item.cpu_ratio as number | undefined, 2)} | ` +
        `${num(item.server_cpu_ms, 3)} | ${num(item.p99_ms, 1)}`
      : 'not run | | |';
  for (const name of names) {
    const memory = api.find((item) => item.mix === name && item.store === 'memory');
    const redis = api.find((item) => item.mix === name && item.store === 'redis');
    lines.push(`| ${name} | ${cells(memory)} | ${cells(redis)} |`);
  }
  return lines.join('\n');
}

/** The memory steps as a table: what the process holds after each step of a snapshot open. */
export function formatBreakdown(b: MemoryBreakdown): string {
  const lines = [
    '| step | s | RSS MB | anon / file MB | JS heap used / total MB | array buffers MB |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const s of b.steps) {
    lines.push(
      `| ${s.step} | ${(s.ms / 1000).toFixed(1)} | ${s.rss_mb.toFixed(0)} | ` +
        `${num(s.rss_anon_mb, 0)} / ${num(s.rss_file_mb, 0)} | ` +
        `${s.heap_used_mb.toFixed(0)} / ${s.heap_total_mb.toFixed(0)} | ${s.array_buffers_mb.toFixed(0)} |`,
    );
  }
  lines.push(
    '',
    `index buffers (MB): ${Object.entries(b.index_buffers_mb)
      .map(([f, mb]) => `${f} ${mb.toFixed(1)}`)
      .join(', ')}`,
  );
  if (b.heap_by_type_mb) {
    lines.push(
      `JS heap by node type (MB): ${Object.entries(b.heap_by_type_mb)
        .filter(([, mb]) => mb >= 0.5)
        .map(([t, mb]) => `${t} ${mb.toFixed(1)}`)
        .join(', ')}`,
    );
  }
  return lines.join('\n');
}

export async function writeResults(
  file: string,
  header: ResultHeader,
  items: ResultItem[],
): Promise<void> {
  const round = (_key: string, value: unknown) =>
    typeof value === 'number' && !Number.isInteger(value) ? Math.round(value * 1000) / 1000 : value;
  await fs.writeFile(file, JSON.stringify([header, ...items], round, 2) + '\n');
}
