/**
 * The serving index (api/query/index-file.ts, snapshot schema version 6): a snapshot
 * published with it opens by reading it, into an index equal to the one built from its
 * tables; a file another code wrote, or a snapshot of schema version 5 without one, opens
 * by building from the tables; a damaged file is refused; older schemas are refused with
 * the versions this code reads.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../config/logger.js';
import { SNAPSHOT_SCHEMA_VERSION, type SnapshotManifest } from '../../domain/rows.js';
import { generateDemoTables } from '../../pipeline/demo/generate.js';
import { publishSnapshot } from '../../pipeline/publish/publish.js';
import { SnapshotHolder } from '../../api/live-snapshot.js';
import {
  openSnapshotIndex,
  writeServingIndex,
  type OpenedIndex,
} from '../../api/query/index-file.js';
import { buildTrialIndex, type TrialIndex } from '../../api/query/trial-index.js';
import { sha256File } from '../../snapshot/checksum.js';
import { openObjectFile, writeObjectFile } from '../../snapshot/object-file.js';
import {
  MANIFEST_FILE,
  readSnapshot,
  SERVING_INDEX_FILE,
  SnapshotIntegrityError,
} from '../../snapshot/index.js';

const tables = generateDemoTables({ scale: 'demo', now: new Date('2026-11-01T00:00:00Z') });
let work: string;
let reference: TrialIndex;

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'lungtrials-serving-'));
});
afterAll(async () => {
  await fs.rm(work, { recursive: true, force: true });
});

/** A fresh snapshot of the demo tables in its own root; its folder. */
async function published(name: string, withIndex: boolean): Promise<string> {
  const root = path.join(work, name);
  const { dir } = await publishSnapshot(tables, {
    root,
    ...(withIndex ? { servingIndex: writeServingIndex } : {}),
  });
  return dir;
}

const openOf = (dir: string): Promise<OpenedIndex> =>
  openSnapshotIndex(dir, {}, (t) => Promise.resolve(buildTrialIndex(t)));

async function editManifest(dir: string, edit: (m: SnapshotManifest) => void): Promise<void> {
  const file = path.join(dir, MANIFEST_FILE);
  const manifest = JSON.parse(await fs.readFile(file, 'utf8')) as SnapshotManifest;
  edit(manifest);
  await fs.writeFile(file, JSON.stringify(manifest));
}

/** Field by field, so a difference names the field. */
function expectSameIndex(actual: TrialIndex, expected: TrialIndex): void {
  expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
  for (const key of Object.keys(expected) as (keyof TrialIndex)[])
    expect(isDeepStrictEqual(actual[key], expected[key]), key).toBe(true);
}

describe('serving index', () => {
  it('is written at publish, listed in the manifest, and read at open into the built index', async () => {
    const dir = await published('with', true);
    const { manifest, tables: read } = await readSnapshot(dir);
    expect(manifest.schema_version).toBe(SNAPSHOT_SCHEMA_VERSION);
    expect(manifest.checksums[SERVING_INDEX_FILE]).toBe(
      await sha256File(path.join(dir, SERVING_INDEX_FILE)),
    );
    reference = buildTrialIndex(read);
    const opened = await openOf(dir);
    expect(opened.built).toBeNull();
    expectSameIndex(opened.index, reference);
    // The geo index's point arrays are shared by its parts, once in memory as when built.
    expect(opened.index.geo.trialCells).not.toBeNull();

    const holder = await SnapshotHolder.open({
      root: path.dirname(dir),
      logger: createLogger('silent'),
    });
    expect(holder.current()?.opened).toBe('read');
    expect(holder.current()?.index.size).toBe(reference.size);
    await holder.close();
  });

  it('is not used when another code wrote it: the index is built from the tables', async () => {
    const dir = await published('other-code', true);
    const file = path.join(dir, SERVING_INDEX_FILE);
    const original = await openObjectFile<Record<string, unknown>>(file, {});
    const meta = original.meta;
    await original.close();
    await writeObjectFile(file, { ...meta, code: 'other' }, { size: 0 }, {});
    const sha = await sha256File(file);
    await editManifest(dir, (m) => (m.checksums[SERVING_INDEX_FILE] = sha));
    const opened = await openOf(dir);
    expect(opened.built).toBe('written by other serving code');
    expectSameIndex(opened.index, reference);
  });

  it('is refused when its bytes are not the manifest sha256', async () => {
    const dir = await published('damaged', true);
    const file = path.join(dir, SERVING_INDEX_FILE);
    const bytes = await fs.readFile(file);
    bytes[bytes.length - 100] ^= 0xff;
    await fs.writeFile(file, bytes);
    const failure = await openOf(dir).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(SnapshotIntegrityError);
    expect((failure as Error).message).toMatch(/checksum mismatch for serving-index\.bin/);
  });

  it('a schema version 5 snapshot (no serving index) opens from its tables; version 4 is refused', async () => {
    const dir = await published('v5', false);
    await editManifest(dir, (m) => (m.schema_version = 5));
    const opened = await openOf(dir);
    expect(opened.manifest.schema_version).toBe(5);
    expect(opened.built).toBe(`no ${SERVING_INDEX_FILE}`);
    expectSameIndex(opened.index, reference);

    await editManifest(dir, (m) => (m.schema_version = 4));
    await expect(openOf(dir)).rejects.toThrow(
      `schema_version 4 is not supported (this code reads 5 to ${SNAPSHOT_SCHEMA_VERSION})`,
    );
  });
});
