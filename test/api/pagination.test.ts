import seedrandom from 'seedrandom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS_TO_BUCKET, TRIAL_STATUSES } from '../../domain/status.js';
import { buildTables, siteRow, trialRow } from '../helpers/trial-fixtures.js';
import { idsOf, startTestApi, type TestApi } from './http.js';

const rng = seedrandom('pagination');
// Few distinct dates so many trials tie on last_updated and the nct_id tie-break matters.
const trials = Array.from({ length: 150 }, (_, i) => {
  const status = rng() < 0.1 ? null : TRIAL_STATUSES[Math.floor(rng() * TRIAL_STATUSES.length)];
  return trialRow(`PG-${String((i * 37) % 150).padStart(3, '0')}`, {
    status,
    last_updated: rng() < 0.1 ? null : `2024-0${1 + Math.floor(rng() * 4)}-01`,
  });
});
const sites = trials.map((t, i) =>
  siteRow(t.nct_id, 0, {
    latitude: 40 + (i % 10) / 20,
    longitude: -74 - (i % 7) / 20,
    geo_precision: 'site',
  }),
);

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi(buildTables({ trials, sites }));
});
afterAll(async () => api.close());

async function pages(query: string, limit: number): Promise<string[]> {
  const out: string[] = [];
  for (let offset = 0; ; offset += limit) {
    const { body } = await api.json(`/api/v1/trials?${query}&limit=${limit}&offset=${offset}`);
    out.push(...body.data.map((t: { nct_id: string }) => t.nct_id));
    if (body.data.length < limit) return out;
  }
}

describe('ordering and pagination', () => {
  it('default order: recruiting bucket first, then last_updated desc (missing last), then nct_id', async () => {
    const all = await idsOf(api, 'statusBuckets=recruiting,active,completed,unknown');
    const expected = [...trials]
      .sort((a, b) => {
        const ra = a.status && STATUS_TO_BUCKET[a.status] === 'recruiting' ? 0 : 1;
        const rb = b.status && STATUS_TO_BUCKET[b.status] === 'recruiting' ? 0 : 1;
        return (
          ra - rb ||
          (b.last_updated ?? '').localeCompare(a.last_updated ?? '') ||
          a.nct_id.localeCompare(b.nct_id)
        );
      })
      .map((t) => t.nct_id);
    expect(all).toEqual(expected);
  });

  it.each([
    ['statusBuckets=recruiting,active,completed,unknown', 7],
    ['statusBuckets=recruiting,active,completed,unknown', 1],
    ['', 13],
    ['zip=10001&radius=100', 9],
  ])(
    'pages of %s (limit %i) concatenate to the full list with no gaps or duplicates',
    async (query, limit) => {
      const full = await idsOf(api, query);
      expect(full.length).toBeGreaterThan(20);
      const paged = await pages(query, limit);
      expect(paged).toEqual(full);
      expect(new Set(paged).size).toBe(paged.length);
    },
  );

  it('an offset past the end gives an empty page with the true total', async () => {
    const { body } = await api.json('/api/v1/trials?offset=1000');
    expect(body.data).toEqual([]);
    expect(body.meta.total).toBeGreaterThan(0);
    expect(body.meta.offset).toBe(1000);
  });
});
