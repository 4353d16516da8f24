/**
 * The snapshot dictionary's `api_field` (schema.json, docs/snapshot.md) against the served
 * OpenAPI document: every column it says the API carries is a property of the response
 * object that holds that table's rows, under that name. A column the API does not serve
 * must say null, so an analyst never looks for a field no response has.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SNAPSHOT_FILE_TABLES, type SnapshotFileTable } from '../../domain/rows.js';
import { generateDemoTables } from '../../pipeline/demo/generate.js';
import { dataDictionary } from '../../snapshot/dictionary.js';
import { startTestApi, type TestApi } from './http.js';

/** The OpenAPI component a table's rows are served as; null: the API serves no such rows. */
const SERVED_AS: Readonly<Record<SnapshotFileTable, string | null>> = {
  trials: 'TrialDetail',
  sites: 'Location',
  biomarkers: 'Biomarker',
  flags: 'Flag',
  sources: 'Source',
  changes: 'Change',
};

/** A row of a trial's table is served inside its trial, which carries the id. */
const INSIDE_TRIAL = new Set<SnapshotFileTable>(['sites', 'biomarkers', 'flags']);

let api: TestApi;
let schemas: Record<string, { properties?: Record<string, unknown> }>;
beforeAll(async () => {
  api = await startTestApi(generateDemoTables({ scale: 'demo' }));
  const res = await api.json('/api/v1/openapi.json');
  expect(res.status).toBe(200);
  schemas = res.body.components.schemas;
});
afterAll(async () => api.close());

describe('snapshot dictionary api_field', () => {
  it.each(SNAPSHOT_FILE_TABLES)('%s: every api_field is a property of the served object', (t) => {
    const columns = dataDictionary().tables[t].columns;
    const component = SERVED_AS[t];
    const served = component ? Object.keys(schemas[component]?.properties ?? {}) : [];
    if (component) expect(served.length, component).toBeGreaterThan(0);
    const missing = columns
      .filter((c) => c.api_field !== null)
      .filter((c) => !(INSIDE_TRIAL.has(t) && c.name === 'nct_id'))
      .filter((c) => !served.includes(c.api_field!))
      .map((c) => `${t}.${c.name} -> ${c.api_field}`);
    expect(missing).toEqual([]);
  });
});
