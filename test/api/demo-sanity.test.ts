/** A sanity pass of the API over the project's own demo data (pipeline/demo), checked against its tables. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../config/env.js';
import { generateDemoTables } from '../../pipeline/demo/generate.js';
import type { SnapshotTables, TrialRow } from '../../domain/rows.js';
import { DEFAULT_STATUS_BUCKETS } from '../../domain/status.js';
import { idsOf, startTestApi, type TestApi } from './http.js';

let api: TestApi;
let tables: SnapshotTables;
let byId: Map<string, TrialRow>;
beforeAll(async () => {
  tables = generateDemoTables({ scale: 'demo' });
  byId = new Map(tables.trials.map((t) => [t.nct_id, t]));
  api = await startTestApi(tables);
});
afterAll(async () => api.close());

describe('demo snapshot', () => {
  it('default list covers exactly the default buckets', async () => {
    const { body } = await api.json('/api/v1/trials?limit=1');
    expect(body.meta.total).toBe(
      tables.trials.filter((t) => DEFAULT_STATUS_BUCKETS.includes(t.status_bucket)).length,
    );
  });

  it('filters return only rows that satisfy them, and every one that does', async () => {
    const all = 'statusBuckets=recruiting,active,completed,unknown';
    const required = (gene: string) =>
      new Set(
        tables.biomarkers
          .filter((b) => b.gene === gene && b.requirement === 'required')
          .map((b) => b.nct_id),
      );
    for (const gene of ['EGFR', 'KRAS', 'PD-L1']) {
      const ids = await idsOf(api, `${all}&biomarkers=${gene}`);
      expect(ids.length, gene).toBeGreaterThan(0);
      for (const id of ids) expect(required(gene).has(id), `${id} requires ${gene}`).toBe(true);
    }
    const female = await idsOf(api, `${all}&gender=female`);
    for (const id of female) expect(byId.get(id)!.sex).not.toBe('MALE');
    const sclc = await idsOf(api, `${all}&diagnosisType=sclc&cancerStage=extensive`);
    for (const id of sclc) {
      const t = byId.get(id)!;
      expect(t.diagnosis_types.length === 0 || t.diagnosis_types.includes('sclc')).toBe(true);
      expect(t.sclc_stages.length === 0 || t.sclc_stages.includes('extensive')).toBe(true);
    }
    const { body } = await api.json(`/api/v1/trials?${all}&age=70&limit=200`);
    const expected = tables.trials.filter(
      (t) => (t.age_min ?? 0) <= 70 && (t.age_max ?? 999) >= 70,
    ).length;
    expect(body.meta.total).toBe(expected);
  });

  it('ZIP searches return US sites within the radius, nearest first', async () => {
    const { body } = await api.json('/api/v1/trials?zip=60601&radius=500&limit=200');
    expect(body.meta.total).toBeGreaterThan(0);
    let last = 0;
    for (const t of body.data) {
      expect(t.distance_miles).toBeLessThanOrEqual(500);
      expect(t.distance_miles).toBeGreaterThanOrEqual(last);
      last = t.distance_miles;
    }
  });

  it('every trial has a detail page whose locations match location_count', async () => {
    for (const t of tables.trials.slice(0, 40)) {
      const { status, body } = await api.json(`/api/v1/trials/${encodeURIComponent(t.nct_id)}`);
      expect(status).toBe(200);
      expect(body.data.locations).toHaveLength(body.data.location_count);
      expect(body.data.url).toBeTruthy();
    }
  });
});

describe("README's first request", () => {
  it('answers on the demo data as the README shows it (same first trial, total and next link)', async () => {
    const readme = fs.readFileSync(path.join(PROJECT_ROOT, 'README.md'), 'utf8');
    const url = readme.match(
      /curl [^\n]*"http:\/\/127\.0\.0\.1:\$\{PORT:-3000\}(\/api\/v1\/trials\?[^"]+)"/,
    )?.[1];
    const shown = readme.match(/```json\n([\s\S]*?)```/)?.[1] ?? '';
    expect(url, 'the README shows a first curl request').toBeDefined();
    const { status, body } = await api.json(url!);
    expect(status).toBe(200);
    const first = body.data[0];
    expect(shown).toContain(`"nct_id": "${first.nct_id}"`);
    expect(shown).toContain(`"brief_title": "${first.brief_title.slice(0, 40)}`);
    expect(shown).toContain(`"total": ${body.meta.total}`);
    expect(shown).toContain(`"next": "${body.meta.next}"`);
  });
});
