/**
 * The data dictionary is the schema: every Parquet file of a published snapshot has
 * exactly the dictionary's columns with its types, every closed vocabulary holds every
 * value the demo data has, the analyst queries return rows, and docs/snapshot.md is the
 * generated text.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_NAMES } from '../../domain/rows.js';
import { generateDemoTables } from '../../pipeline/demo/index.js';
import {
  dataDictionary,
  EXAMPLE_QUERIES,
  snapshotDocMarkdown,
  type DataDictionary,
} from '../../snapshot/dictionary.js';
import { withDuckDB } from '../../snapshot/duckdb.js';
import { publishSnapshot } from '../../pipeline/publish/publish.js';
import { ROOT } from '../helpers/processes.js';

let root: string;
let dir: string;
let published: DataDictionary;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'lungtrials-dictionary-'));
  const result = await publishSnapshot(generateDemoTables({ scale: 'demo' }), { root });
  dir = result.dir;
  expect(result.manifest.data_dictionary).toEqual({ json: 'schema.json', readme: 'README.md' });
  published = JSON.parse(
    await fs.readFile(path.join(dir, 'schema.json'), 'utf8'),
  ) as DataDictionary;
});
afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

const normalType = (t: string): string => t.replace(/["\s]/g, '').toUpperCase();

async function rows(sql: string): Promise<Array<Record<string, unknown>>> {
  return withDuckDB(
    async (con) =>
      (await con.runAndReadAll(sql)).getRowObjectsJson() as Array<Record<string, unknown>>,
  );
}

describe('snapshot data dictionary', () => {
  it('the published schema.json is the dictionary, with a meaning and an example for every column', () => {
    expect(published).toEqual(JSON.parse(JSON.stringify(dataDictionary())));
    for (const table of TABLE_NAMES) {
      for (const c of published.tables[table].columns) {
        expect(c.meaning.length, `${table}.${c.name}`).toBeGreaterThan(3);
        expect(c, `${table}.${c.name}`).toHaveProperty('example');
      }
    }
  });

  it('every Parquet file has exactly the dictionary columns, in order, with its types and nullability', async () => {
    for (const table of TABLE_NAMES) {
      const file = path.join(dir, published.tables[table].file);
      const described = await rows(`DESCRIBE SELECT * FROM read_parquet('${file}')`);
      expect(
        described.map((d) => [d.column_name, normalType(String(d.column_type))]),
        table,
      ).toEqual(published.tables[table].columns.map((c) => [c.name, normalType(c.type)]));
      for (const c of published.tables[table].columns.filter((col) => !col.nullable)) {
        const [{ n }] = await rows(
          `SELECT count(*)::INTEGER AS n FROM read_parquet('${file}') WHERE "${c.name}" IS NULL`,
        );
        expect(n, `${table}.${c.name} is NOT NULL`).toBe(0);
      }
    }
  });

  it('every value in the demo snapshot is in its column vocabulary', async () => {
    for (const table of TABLE_NAMES) {
      const file = path.join(dir, published.tables[table].file);
      for (const c of published.tables[table].columns) {
        if (!Array.isArray(c.vocabulary)) continue;
        const expr = c.type.endsWith('[]') ? `unnest("${c.name}")` : `"${c.name}"`;
        const values = (
          await rows(`SELECT DISTINCT ${expr}::VARCHAR AS v FROM read_parquet('${file}')`)
        )
          .map((r) => r.v)
          .filter((v) => v !== null);
        expect(
          values.filter((v) => !(c.vocabulary as string[]).includes(String(v))),
          `${table}.${c.name}`,
        ).toEqual([]);
      }
    }
  });

  it('each example query returns rows on the demo snapshot', async () => {
    for (const q of EXAMPLE_QUERIES) {
      const sql = q.sql.replace(
        /'(\w+)\.parquet'/g,
        (_m, t: string) => `'${path.join(dir, `${t}.parquet`)}'`,
      );
      expect((await rows(sql.replace(/;\s*$/, ''))).length, q.title).toBeGreaterThan(0);
    }
  });

  it('README.md in the snapshot and docs/snapshot.md are the generated text', async () => {
    const readme = await fs.readFile(path.join(dir, 'README.md'), 'utf8');
    for (const table of TABLE_NAMES)
      for (const c of published.tables[table].columns)
        expect(readme).toContain(`| \`${c.name}\` |`);
    expect(
      await fs.readFile(path.join(ROOT, 'docs', 'snapshot.md'), 'utf8'),
      'docs/snapshot.md is stale: run npm run docs:snapshot',
    ).toBe(snapshotDocMarkdown());
  });
});
