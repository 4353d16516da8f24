import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateDemoTables } from '../../../pipeline/demo/index.js';
import { publishSnapshot } from '../../../pipeline/publish/publish.js';
import { readSnapshot } from '../../../snapshot/index.js';

// The sizes the full-scale demo reproduces: those of the real catalogue the service was specified for.
const TRIALS = 14_534;
const SITES = 376_000;
const BIOMARKER_ROWS = 7_704;
const BIOMARKER_TRIALS = 3_383;

const roots: string[] = [];
afterAll(async () => {
  for (const r of roots) await fs.rm(r, { recursive: true, force: true });
});

describe('full scale', () => {
  it('generates, publishes and reads back the contract-sized dataset in seconds', async () => {
    const t0 = performance.now();
    const tables = generateDemoTables({ scale: 'full', now: new Date('2026-11-22T00:00:00Z') });
    const t1 = performance.now();

    expect(tables.trials).toHaveLength(TRIALS);
    expect(Math.abs(tables.sites.length - SITES) / SITES).toBeLessThanOrEqual(0.01);
    expect(tables.biomarkers).toHaveLength(BIOMARKER_ROWS);
    expect(new Set(tables.biomarkers.map((b) => b.nct_id)).size).toBe(BIOMARKER_TRIALS);
    const geocoded = tables.sites.filter((s) => s.latitude !== null).length / tables.sites.length;
    expect(geocoded).toBeGreaterThan(0.97);
    expect(geocoded).toBeLessThan(0.985);
    expect(tables.trials.reduce((n, x) => n + x.location_count, 0)).toBe(tables.sites.length);

    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'full-scale-'));
    roots.push(root);
    const { dir, manifest } = await publishSnapshot(tables, { root });
    const t2 = performance.now();
    const back = await readSnapshot(dir);
    const t3 = performance.now();

    expect(manifest.row_counts).toEqual({
      trials: TRIALS,
      sites: tables.sites.length,
      biomarkers: BIOMARKER_ROWS,
      flags: tables.flags.length,
      sources: 20,
      // The first snapshot of its root: no version to compare against.
      changes: 0,
    });
    expect(back.tables.trials).toHaveLength(TRIALS);
    expect(back.tables.sites).toHaveLength(tables.sites.length);
    // Spot-check exactness at scale without a 400k-row deep compare in the report.
    for (const i of [0, 1234, TRIALS - 1]) expect(back.tables.trials[i]).toEqual(tables.trials[i]);
    for (const i of [0, 200_000, tables.sites.length - 1])
      expect(back.tables.sites[i]).toEqual(tables.sites[i]);
    expect(back.tables.biomarkers).toEqual(tables.biomarkers);

    const secs = (a: number, b: number) => ((b - a) / 1000).toFixed(2);
    console.log(
      `full scale: generate ${secs(t0, t1)} s, publish ${secs(t1, t2)} s, read back ${secs(t2, t3)} s`,
    );
    // Timings are reported, not asserted: speed is the bench's business (npm run bench), and
    // CI shares the machine.
  }, 180_000);
});
