/**
 * The worked example of docs/api.md ("Trials a patient could enter") run as written: its
 * two trials built as the text describes them, its request sent over HTTP, and every status,
 * reason, test and group the page shows compared with the answer; the variations the page
 * states after it too. The page cannot drift from the code without this failing.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchListResponseSchema } from '../../api/openapi/schemas.js';
import { biomarkerRow, buildTables, trialRow } from '../helpers/trial-fixtures.js';
import { startTestApi, type TestApi } from './http.js';

const page = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
const example = page.slice(page.indexOf('Worked example:'), page.indexOf('## Query parameters'));

/** Trial A: KRAS G12C with PD-L1 >= 50% (one group). B: EGFR L858R (group 1) or ALK (group 2). */
function tables() {
  const nsclc = { diagnosis_types: ['nsclc' as const] };
  return buildTables({
    trials: [
      trialRow('A', { ...nsclc, last_updated: '2025-02-01' }),
      trialRow('B', { ...nsclc, last_updated: '2025-01-01' }),
    ],
    biomarkers: [
      biomarkerRow('A', 'KRAS', 'G12C', 'required', { group: 1 }),
      biomarkerRow('A', 'PD-L1', null, 'required', {
        group: 1,
        metric: 'TPS',
        comparator: '>=',
        cutoff: 50,
      }),
      biomarkerRow('B', 'EGFR', 'L858R', 'required', { group: 1 }),
      biomarkerRow('B', 'ALK', 'FUSION', 'required', { group: 2 }),
    ],
  });
}

describe('the worked example of docs/api.md', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(tables());
  });
  afterAll(() => api.close());

  it('is what GET /match answers', async () => {
    const request = /^GET (\/api\/v1\/match\?\S+)$/m.exec(example)![1];
    const res = await api.get(request);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await res.json()) as any;
    expect(MatchListResponseSchema.safeParse(body).success).toBe(true);
    // Each trial of the page's answer, in its order, with its status, reason, tests and group.
    const shown = [
      ...example.matchAll(
        /"nct_id": "(\w+)", …, "match": \{ "status": "(\w+)", "reason": "([^"]+)",\s*"tests": (\[[^\]]*\]), "group": (\w+)/g,
      ),
    ].map(([, nct_id, status, reason, tests, group]) => ({
      nct_id,
      status,
      reason,
      tests: JSON.parse(tests),
      group: JSON.parse(group),
    }));
    expect(shown.map((t) => t.nct_id)).toEqual(['A', 'B']);
    expect(
      body.data.map((t: any) => ({
        nct_id: t.nct_id,
        status: t.match.status,
        reason: t.match.reason,
        tests: t.match.tests,
        group: t.match.group,
      })),
    ).toEqual(shown);
    const a = body.data[0].match;
    expect(a.biomarkers).toEqual([
      expect.objectContaining({
        gene: 'PD-L1',
        metric: 'TPS',
        comparator: '>=',
        cutoff: 50,
        role: 'met',
      }),
      expect.objectContaining({ gene: 'KRAS', alteration: 'G12C', role: 'unknown' }),
    ]);
    expect(a).toMatchObject({ filters: [], nearest_site: null });
    expect(body.data[1].match.biomarkers).toEqual([
      expect.objectContaining({ gene: 'ALK', alteration: 'FUSION', role: 'unknown' }),
    ]);
    expect(body.meta).toMatchObject({ total: 2, limit: 50, offset: 0, next: null, prev: null });
  });

  it('answers the variations the page states', async () => {
    expect(example).toMatch(/Adding `KRAS` to `negativeFor` makes A `ineligible`/);
    expect(example).toMatch(/`markers=PD-L1:TPS=60,KRAS:G12C` makes it `eligible`/);
    const statusOfA = async (query: string) =>
      ((await api.json(`/api/v1/match?${query}`)).body.data as any[]).find((t) => t.nct_id === 'A')
        ?.match.status;
    expect(
      await statusOfA(
        'diagnosisType=nsclc&markers=PD-L1:TPS=60&negativeFor=EGFR,KRAS&includeIneligible=true',
      ),
    ).toBe('ineligible');
    expect(
      await statusOfA('diagnosisType=nsclc&markers=PD-L1:TPS=60,KRAS:G12C&negativeFor=EGFR'),
    ).toBe('eligible');
  });
});
