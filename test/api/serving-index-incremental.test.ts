/**
 * The serving index of an incremental publish (api/query/index-file.ts writeServingIndex
 * with a carry-over): carried trials keep the bodies, evidence and site spans of the base
 * snapshot's serving index and their points' H3 cells from its geo index, and the file
 * written is byte for byte the one a full build of the same rows writes. A carried trial whose flags changed is rendered again; a base
 * without a usable serving index (none, or another code's) renders every trial and says
 * why. Rows in memory that are not in the reader's form (keys missing, struct fields in
 * another order) give the same file as the rows read back from Parquet.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteRow, SnapshotManifest, SnapshotTables } from '../../domain/rows.js';
import { generateDemoTables } from '../../pipeline/demo/generate.js';
import { publishSnapshot, type PublishResult } from '../../pipeline/publish/publish.js';
import { writeServingIndex } from '../../api/query/index-file.js';
import { isUsSite } from '../../api/query/trial-index.js';
import { sha256File } from '../../snapshot/checksum.js';
import { openObjectFile, writeObjectFile } from '../../snapshot/object-file.js';
import { MANIFEST_FILE, SERVING_INDEX_FILE } from '../../snapshot/index.js';

const NOW = new Date('2026-11-01T00:00:00Z');
const base = generateDemoTables({ scale: 'demo', now: NOW });

/** The base's rows a week later: some trials edited, one removed, one added, one carried trial flagged. */
function nextTables(): {
  tables: SnapshotTables;
  changed: Set<string>;
  flagged: string;
  newPoint: SiteRow;
} {
  const ids = base.trials.map((t) => t.nct_id);
  const edited = new Set(ids.filter((_id, i) => i % 10 === 3));
  const removed = ids[7];
  const placed = (s: SiteRow) => s.latitude !== null && s.longitude !== null && isUsSite(s);
  const template = base.trials.find(
    (t, i) => i >= 11 && base.sites.some((s) => s.nct_id === t.nct_id && placed(s)),
  )!;
  const added = { ...template, nct_id: 'NCT09999999', brief_title: 'An added trial' };
  const trials = base.trials
    .filter((t) => t.nct_id !== removed)
    .map((t) => (edited.has(t.nct_id) ? { ...t, brief_title: `${t.brief_title} (amended)` } : t));
  trials.push(added);
  const movedSite = base.sites.find((s) => edited.has(s.nct_id));
  const sites = base.sites
    .filter((s) => s.nct_id !== removed)
    .map((s) => (s === movedSite ? { ...s, city: 'Elsewhere' } : s));
  const addedSites = base.sites
    .filter((s) => s.nct_id === template.nct_id)
    .map((s) => ({ ...s, nct_id: added.nct_id }));
  // One of them at a coordinate no base site has: its H3 cells are computed, the cells of
  // every other point are taken from the base's index.
  const moved = addedSites.findIndex(placed);
  const { latitude, longitude } = addedSites[moved];
  addedSites[moved] = {
    ...addedSites[moved],
    latitude: latitude! + 0.0123,
    longitude: longitude! - 0.0456,
  };
  sites.push(...addedSites);
  const keep = <T extends { nct_id: string | null }>(rows: T[]) =>
    rows.filter((r) => r.nct_id !== removed);
  // A carried trial the clock rules flag this week: its rows are the base's, its flags not.
  const flagged = ids.find((id, i) => i > 20 && !edited.has(id) && id !== removed)!;
  const flags = keep(base.flags);
  flags.push({ ...base.flags[0], nct_id: flagged, message: 'flagged this week' });
  const tables = { ...base, trials, sites, biomarkers: keep(base.biomarkers), flags };
  return {
    tables,
    changed: new Set([...edited, added.nct_id]),
    flagged,
    newPoint: addedSites[moved],
  };
}

let work: string;
let next: ReturnType<typeof nextTables>;
let fullBytes: Buffer;

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'lungtrials-serving-incr-'));
  next = nextTables();
  const full = await publishSnapshot(next.tables, {
    root: path.join(work, 'full'),
    servingIndex: writeServingIndex,
  });
  expect(full.servingIndex).toEqual({ reused: 0, fallback: null });
  fullBytes = await fs.readFile(path.join(full.dir, SERVING_INDEX_FILE));
});
afterAll(async () => {
  await fs.rm(work, { recursive: true, force: true });
});

/** Publishes the base into `root` (with its serving index or not), then `next` over it as an incremental run would. */
async function incremental(
  root: string,
  baseIndex: boolean,
  editBase: (dir: string) => Promise<void> = async () => {},
): Promise<{ result: PublishResult; bytes: Buffer; carried: Set<string> }> {
  const first = await publishSnapshot(base, {
    root,
    now: NOW,
    ...(baseIndex ? { servingIndex: writeServingIndex } : {}),
  });
  await editBase(first.dir);
  const baseIds = new Set(base.trials.map((t) => t.nct_id));
  const order = next.tables.trials.map((t) => t.nct_id);
  const carried = new Set(order.filter((id) => baseIds.has(id) && !next.changed.has(id)));
  const built = <T extends { nct_id: string | null }>(rows: T[]) =>
    rows.filter((r) => !carried.has(r.nct_id!));
  const result = await publishSnapshot(
    { ...next.tables, trials: built(next.tables.trials), sites: built(next.tables.sites) },
    {
      root,
      now: new Date('2026-11-08T00:00:00Z'),
      carryOver: { dir: first.dir, order, carried },
      servingIndex: writeServingIndex,
    },
  );
  const bytes = await fs.readFile(path.join(result.dir, SERVING_INDEX_FILE));
  return { result, bytes, carried };
}

describe('serving index of an incremental publish', () => {
  it("copies the carried trials' parts from the base's index into the full build's bytes", async () => {
    const { result, bytes, carried } = await incremental(path.join(work, 'incr'), true);
    expect(carried.has(next.flagged)).toBe(true);
    const { latitude, longitude } = next.newPoint;
    expect(base.sites.some((s) => s.latitude === latitude && s.longitude === longitude)).toBe(
      false,
    );
    // Every carried trial but the one whose flags changed.
    expect(result.servingIndex).toEqual({ reused: carried.size - 1, fallback: null });
    expect(result.manifest.row_counts.trials).toBe(next.tables.trials.length);
    expect(bytes.length).toBe(fullBytes.length);
    expect(bytes.equals(fullBytes)).toBe(true);
  });

  it('renders every trial, and says why, when the base has no serving index', async () => {
    const { result, bytes } = await incremental(path.join(work, 'no-index'), false);
    expect(result.servingIndex?.reused).toBe(0);
    expect(result.servingIndex?.fallback).toMatch(/no serving-index\.bin$/);
    expect(bytes.equals(fullBytes)).toBe(true);
  });

  it("renders every trial when the base's index was written by other code", async () => {
    const { result, bytes } = await incremental(
      path.join(work, 'other-code'),
      true,
      async (dir) => {
        const file = path.join(dir, SERVING_INDEX_FILE);
        const original = await openObjectFile<Record<string, unknown>>(file, {});
        const meta = original.meta;
        await original.close();
        await writeObjectFile(file, { ...meta, code: 'other' }, { size: 0 }, {});
        const manifestFile = path.join(dir, MANIFEST_FILE);
        const manifest = JSON.parse(await fs.readFile(manifestFile, 'utf8')) as SnapshotManifest;
        manifest.checksums[SERVING_INDEX_FILE] = await sha256File(file);
        await fs.writeFile(manifestFile, JSON.stringify(manifest));
      },
    );
    expect(result.servingIndex?.reused).toBe(0);
    expect(result.servingIndex?.fallback).toMatch(/written by other serving code$/);
    expect(bytes.equals(fullBytes)).toBe(true);
  });

  it("renders every trial when the base's index does not match its checksum", async () => {
    const { result, bytes } = await incremental(path.join(work, 'damaged'), true, async (dir) => {
      const file = path.join(dir, SERVING_INDEX_FILE);
      const damaged = await fs.readFile(file);
      damaged[damaged.length - 100] ^= 0xff;
      await fs.writeFile(file, damaged);
    });
    expect(result.servingIndex?.reused).toBe(0);
    expect(result.servingIndex?.fallback).toMatch(
      /serving-index\.bin does not match its checksum$/,
    );
    expect(bytes.equals(fullBytes)).toBe(true);
  });

  it('indexes rows in memory as the reader would return them (missing keys, other struct order)', async () => {
    const trials = next.tables.trials.map((t, i) => {
      if (i % 7 !== 0) return t;
      const { official_title, ...rest } = t;
      // A nullable column left out when null, interventions with their fields reordered.
      return {
        ...(official_title === null ? rest : t),
        pharma_url: t.pharma_url ?? undefined,
        interventions: t.interventions.map(({ name, description, type }) => ({
          name,
          type,
          ...(description === null ? {} : { description }),
        })),
      };
    }) as SnapshotTables['trials'];
    const sites = next.tables.sites.map((s, i) => (i % 5 === 0 ? { ...s, extra: 1 } : s));
    const { dir } = await publishSnapshot(
      { ...next.tables, trials, sites },
      { root: path.join(work, 'loose'), servingIndex: writeServingIndex },
    );
    expect((await fs.readFile(path.join(dir, SERVING_INDEX_FILE))).equals(fullBytes)).toBe(true);
  });
});
