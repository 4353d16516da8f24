import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  SNAPSHOT_FILE_TABLES,
  SNAPSHOT_SCHEMA_VERSION,
  TABLE_NAMES,
  type SnapshotTables,
} from '../../../domain/rows.js';
import { generateDemoTables } from '../../../pipeline/demo/index.js';
import {
  SnapshotIntegrityError,
  listVersions,
  readChanges,
  readSnapshot,
  resolveLatest,
} from '../../../snapshot/index.js';
import { publishSnapshot } from '../../../pipeline/publish/publish.js';
import { SERVED_FILE, servedVersions, versionCandidate } from '../../../snapshot/versions.js';

const NOW = new Date('2026-11-22T00:15:00Z');
let tables: SnapshotTables;
const roots: string[] = [];

beforeAll(() => {
  tables = generateDemoTables({ scale: 'demo', seed: 'snapshot-tests', now: NOW });
});

afterEach(async () => {
  for (const r of roots.splice(0)) await fs.rm(r, { recursive: true, force: true });
});

async function tempRoot(): Promise<string> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'snapshot-test-'));
  roots.push(root);
  return root;
}

async function duckRows(sql: string): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(':memory:');
  const con = await instance.connect();
  try {
    return (await con.runAndReadAll(sql)).getRowObjectsJS() as Record<string, unknown>[];
  } finally {
    con.closeSync();
    instance.closeSync();
  }
}

describe('publishSnapshot / readSnapshot', () => {
  it('reads back exactly the tables it published', async () => {
    const root = await tempRoot();
    const { version, dir, manifest } = await publishSnapshot(tables, {
      root,
      now: NOW,
      inputSummary: { run: 'r1' },
    });
    expect(version).toBe('20261122T001500Z');
    expect(dir).toBe(path.join(root, version));
    expect(manifest.version).toBe(version);
    expect(manifest.created_at).toBe(NOW.toISOString());
    expect(manifest.schema_version).toBe(SNAPSHOT_SCHEMA_VERSION);
    expect(manifest.input_summary).toEqual({ run: 'r1' });

    const back = await readSnapshot(dir);
    expect(back.manifest).toEqual(manifest);
    for (const t of TABLE_NAMES) expect(back.tables[t], t).toEqual(tables[t]);
    // Spot checks of the JS shapes the API relies on.
    const withDates = back.tables.trials.find((t) => t.study_start !== null)!;
    expect(withDates.study_start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Array.isArray(withDates.phases)).toBe(true);
  });

  it('round-trips edge values: empty tables, empty lists, nulls in structs, quotes and unicode', async () => {
    const root = await tempRoot();
    const trial = {
      ...tables.trials[0],
      brief_title: `[Demo] "quoted" it's — ünïcødé \\ back\nslash`,
      keywords: [],
      interventions: [{ type: null, name: 'x', description: null }],
      study_documents: [{ type: null, url: null, date: null }],
      enrollment: null,
      age_min: null,
      age_max: null,
    };
    const edge: SnapshotTables = {
      trials: [trial],
      sites: [],
      biomarkers: [],
      flags: [],
      sources: tables.sources,
    };
    const { dir } = await publishSnapshot(edge, { root, now: NOW });
    expect((await readSnapshot(dir)).tables).toEqual(edge);
  });

  it('writes typed Parquet columns an analyst can open with plain DuckDB', async () => {
    const root = await tempRoot();
    const { dir } = await publishSnapshot(tables, { root, now: NOW });
    const describe = async (table: string) =>
      Object.fromEntries(
        (
          await duckRows(
            `DESCRIBE SELECT * FROM read_parquet('${path.join(dir, table + '.parquet')}')`,
          )
        ).map((r) => [r.column_name, r.column_type]),
      );
    const trials = await describe('trials');
    expect(trials.study_start).toBe('DATE');
    expect(trials.last_updated).toBe('DATE');
    expect(trials.age_min).toBe('INTEGER');
    expect(trials.enrollment).toBe('INTEGER');
    expect(trials.location_count).toBe('INTEGER');
    expect(trials.conditions).toBe('VARCHAR[]');
    expect(trials.phases).toBe('VARCHAR[]');
    expect(trials.interventions).toBe(
      'STRUCT("type" VARCHAR, "name" VARCHAR, description VARCHAR)[]',
    );
    expect(trials.study_documents).toBe('STRUCT("type" VARCHAR, url VARCHAR, date DATE)[]');
    expect(trials.primary_outcomes).toMatch(
      /^STRUCT\(measure VARCHAR, time_frame VARCHAR, description VARCHAR\)\[\]$/,
    );
    expect(trials.publications).toMatch(
      /^STRUCT\(pmid VARCHAR, citation VARCHAR, "type" VARCHAR\)\[\]$/,
    );
    const sites = await describe('sites');
    expect(sites.latitude).toBe('DOUBLE');
    expect(sites.longitude).toBe('DOUBLE');
    expect(sites.site_index).toBe('INTEGER');
    const biomarkers = await describe('biomarkers');
    expect(biomarkers.cutoff).toBe('DOUBLE');
    expect((await describe('sources')).trial_count).toBe('INTEGER');

    // The analyst's view: a real query over the typed columns.
    const [row] = await duckRows(
      `SELECT count(*)::INTEGER AS n, min(first_posted) AS first FROM read_parquet('${path.join(dir, 'trials.parquet')}') WHERE list_contains(phases, 'PHASE3')`,
    );
    expect(row.n).toBe(tables.trials.filter((t) => t.phases.includes('PHASE3')).length);
    const zstd = await duckRows(
      `SELECT DISTINCT compression FROM parquet_metadata('${path.join(dir, 'sites.parquet')}')`,
    );
    expect(zstd.map((r) => r.compression)).toEqual(['ZSTD']);
  });

  it('records row counts and sha256 checksums that match the files', async () => {
    const root = await tempRoot();
    const { dir, manifest } = await publishSnapshot(tables, { root, now: NOW });
    const onDisk = JSON.parse(await fs.readFile(path.join(dir, 'manifest.json'), 'utf8'));
    expect(onDisk).toEqual(manifest);
    expect(Object.keys(manifest.checksums).sort()).toEqual(
      SNAPSHOT_FILE_TABLES.map((t) => `${t}.parquet`).sort(),
    );
    for (const t of TABLE_NAMES) {
      const bytes = await fs.readFile(path.join(dir, `${t}.parquet`));
      expect(manifest.checksums[`${t}.parquet`]).toBe(
        createHash('sha256').update(bytes).digest('hex'),
      );
      const [{ n }] = await duckRows(
        `SELECT count(*)::INTEGER AS n FROM read_parquet('${path.join(dir, t + '.parquet')}')`,
      );
      expect(manifest.row_counts[t]).toBe(n);
      expect(n).toBe(tables[t].length);
    }
    // The first snapshot replaces nothing: an empty change feed.
    expect(manifest.changes_since).toBeNull();
    expect(manifest.row_counts.changes).toBe(0);
    // Nothing but the tables, the manifest and the data dictionary: no staging files left behind.
    expect((await fs.readdir(dir)).sort()).toEqual(
      [
        ...SNAPSHOT_FILE_TABLES.map((t) => `${t}.parquet`),
        'manifest.json',
        'schema.json',
        'README.md',
      ].sort(),
    );
  });

  it('refuses a snapshot whose file no longer matches its checksum', async () => {
    const root = await tempRoot();
    const { dir } = await publishSnapshot(tables, { root, now: NOW });
    const file = path.join(dir, 'sites.parquet');
    const bytes = await fs.readFile(file);
    bytes[Math.floor(bytes.length / 2)] ^= 0xff;
    await fs.writeFile(file, bytes);
    await expect(readSnapshot(dir)).rejects.toThrow(SnapshotIntegrityError);
    await expect(readSnapshot(dir)).rejects.toThrow(/checksum mismatch for sites\.parquet/);
  });

  it('refuses a snapshot with a missing file', async () => {
    const root = await tempRoot();
    const { dir } = await publishSnapshot(tables, { root, now: NOW });
    await fs.rm(path.join(dir, 'flags.parquet'));
    await expect(readSnapshot(dir)).rejects.toThrow(/flags\.parquet/);
  });
});

describe('versions and the latest pointer', () => {
  it('switches latest to each new version, with time-ordered names', async () => {
    const root = await tempRoot();
    expect(await resolveLatest(root)).toBeNull();
    expect(await listVersions(root)).toEqual([]);
    const a = await publishSnapshot(tables, { root, now: new Date('2026-10-01T00:00:00Z') });
    expect(await resolveLatest(root)).toEqual({ version: a.version, dir: a.dir });
    const b = await publishSnapshot(tables, { root, now: new Date('2026-11-01T00:00:00Z') });
    expect(await resolveLatest(root)).toEqual({ version: b.version, dir: b.dir });
    expect((await fs.lstat(path.join(root, 'latest'))).isSymbolicLink()).toBe(true);
    expect(await fs.readlink(path.join(root, 'latest'))).toBe(b.version);
    expect(await listVersions(root)).toEqual([a.version, b.version]);
  });

  it('gives publishes within the same second distinct names that still sort by time', async () => {
    const root = await tempRoot();
    const names: string[] = [];
    for (let i = 0; i < 3; i++)
      names.push((await publishSnapshot(tables, { root, now: NOW })).version);
    expect(names).toEqual(['20261122T001500Z', '20261122T001500Z-02', '20261122T001500Z-03']);
    expect(await listVersions(root)).toEqual(names);
    expect((await resolveLatest(root))!.version).toBe(names[2]);
  });

  it('keeps the newest N versions and never the one latest points at', async () => {
    const root = await tempRoot();
    const v: string[] = [];
    for (const day of ['01', '02', '03', '04']) {
      v.push(
        (
          await publishSnapshot(tables, {
            root,
            keep: 2,
            now: new Date(`2026-11-${day}T00:00:00Z`),
          })
        ).version,
      );
    }
    expect(await listVersions(root)).toEqual([v[2], v[3]]);
    // A publish whose clock is behind: its version sorts oldest, yet it is what latest
    // points at, so retention keeps it beside the newest one.
    const behind = await publishSnapshot(tables, {
      root,
      keep: 1,
      now: new Date('2026-10-01T00:00:00Z'),
    });
    expect((await resolveLatest(root))!.version).toBe(behind.version);
    expect(await listVersions(root)).toEqual([behind.version, v[3]]);
    await expect(readSnapshot(behind.dir)).resolves.toBeTruthy();
  });

  it('counts only served versions: one placed but never pointed at (a killed publish) is not kept in place of a real one', async () => {
    const root = await tempRoot();
    const day = (d: number) => new Date(`2026-11-${String(d).padStart(2, '0')}T00:00:00Z`);
    const served: string[] = [];
    for (let d = 1; d <= 5; d++)
      served.push((await publishSnapshot(tables, { root, keep: 5, now: day(d) })).version);
    // What a publisher killed between its rename and the latest switch leaves: a complete
    // version, newer than latest, that latest never pointed at.
    const killed = versionCandidate(day(6), 0);
    await fs.cp(path.join(root, served[4]), path.join(root, killed), { recursive: true });
    expect(await listVersions(root)).toEqual([...served, killed]);

    const next = await publishSnapshot(tables, { root, keep: 5, now: day(7) });
    // Five served versions stay (the oldest goes); the never-served one, now older than
    // latest, can never be served and goes too.
    expect(await listVersions(root)).toEqual([...served.slice(1), next.version]);
    expect([...(await servedVersions(root))]).toEqual([...served.slice(1), next.version]);
  });

  it('a root published before served versions were recorded counts every version up to latest as served', async () => {
    const root = await tempRoot();
    const day = (d: number) => new Date(`2026-10-${String(d).padStart(2, '0')}T00:00:00Z`);
    const older: string[] = [];
    for (let d = 1; d <= 3; d++)
      older.push((await publishSnapshot(tables, { root, keep: 5, now: day(d) })).version);
    await fs.rm(path.join(root, SERVED_FILE));
    const next = await publishSnapshot(tables, { root, keep: 3, now: day(4) });
    expect(await listVersions(root)).toEqual([...older.slice(1), next.version]);
  });

  it('leaves latest, older versions and no temp dir behind when a publish fails mid-way', async () => {
    const root = await tempRoot();
    const good = await publishSnapshot(tables, { root, now: NOW });
    const before = (await fs.readdir(root)).sort();

    // The sources table is written last, so trials, sites, biomarkers and flags are
    // already on disk when this one fails to cast.
    const broken = {
      ...tables,
      sources: [{ ...tables.sources[0], trial_count: 'many' as unknown as number }],
    };
    await expect(
      publishSnapshot(broken, { root, now: new Date('2026-11-23T00:00:00Z') }),
    ).rejects.toThrow(/sources/);
    // A missing key column fails before DuckDB, naming the row and column.
    const noId = { ...tables, sites: [{ ...tables.sites[0], nct_id: null as unknown as string }] };
    await expect(
      publishSnapshot(noId, { root, now: new Date('2026-11-24T00:00:00Z') }),
    ).rejects.toThrow(/sites row 0: column nct_id must not be null/);

    expect((await fs.readdir(root)).sort()).toEqual(before);
    expect(await resolveLatest(root)).toEqual({ version: good.version, dir: good.dir });
    expect((await readSnapshot(good.dir)).tables.trials).toEqual(tables.trials);
  });

  it('writes the change feed against the version it replaces: added, removed, and changed with the fields that differ', async () => {
    const root = await tempRoot();
    const first = await publishSnapshot(tables, { root, now: NOW });
    const [kept, edited, dropped] = tables.trials.filter((t) => t.location_count > 1);
    const added = { ...tables.trials[0], nct_id: 'DEMO-NEW-1' };
    const next: SnapshotTables = {
      ...tables,
      trials: [
        ...tables.trials
          .filter((t) => t.nct_id !== dropped.nct_id)
          .map((t) =>
            t === edited ? { ...t, status: 'Completed' as const, sponsor: 'Other' } : t,
          ),
        added,
      ],
      // One site of `kept` moves: a change in sites only.
      sites: tables.sites
        .filter((s) => s.nct_id !== dropped.nct_id)
        .map((s) =>
          s.nct_id === kept.nct_id && s.site_index === 0 ? { ...s, city: 'Elsewhere' } : s,
        ),
      biomarkers: tables.biomarkers.filter((b) => b.nct_id !== dropped.nct_id),
    };
    const second = await publishSnapshot(next, { root, now: new Date(NOW.getTime() + 60_000) });
    expect(second.manifest.changes_since).toBe(first.version);
    const changes = await readChanges(second.dir, second.manifest);
    expect(changes).toEqual(
      [
        { nct_id: 'DEMO-NEW-1', change: 'added', fields: [] },
        { nct_id: dropped.nct_id, change: 'removed', fields: [] },
        { nct_id: edited.nct_id, change: 'changed', fields: ['status', 'sponsor'] },
        { nct_id: kept.nct_id, change: 'changed', fields: ['sites'] },
      ].sort((a, b) => (a.nct_id < b.nct_id ? -1 : 1)),
    );
    expect(second.manifest.row_counts.changes).toBe(4);
    // The feed is checked like every table: a tampered file refuses the snapshot.
    expect(second.manifest.checksums['changes.parquet']).toMatch(/^[0-9a-f]{64}$/);
    await fs.appendFile(path.join(second.dir, 'changes.parquet'), 'x');
    await expect(readSnapshot(second.dir)).rejects.toThrow(/checksum mismatch for changes.parquet/);

    // Publishing the same tables again: nothing changed.
    const third = await publishSnapshot(next, { root, now: new Date(NOW.getTime() + 120_000) });
    expect(third.manifest.changes_since).toBe(second.version);
    expect(await readChanges(third.dir, third.manifest)).toEqual([]);
  });

  it('reads a snapshot published before the change feed (no changes file) as having none', async () => {
    const root = await tempRoot();
    const { dir, manifest } = await publishSnapshot(tables, { root, now: NOW });
    const { changes_since: _since, ...older } = manifest;
    delete older.checksums['changes.parquet'];
    await fs.rm(path.join(dir, 'changes.parquet'));
    await fs.writeFile(path.join(dir, 'manifest.json'), JSON.stringify(older));
    const back = await readSnapshot(dir);
    expect(back.tables.trials).toHaveLength(tables.trials.length);
    expect(await readChanges(dir, back.manifest)).toBeNull();
  });
});
