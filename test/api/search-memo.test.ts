/**
 * A repeated list query is answered from the result kept for it (api/query/search-memo.ts),
 * with a ZIP page's nearest sites kept on that result: the page must be the bytes a fresh
 * search and render give, for every spelling of the query that means the same search.
 */
import { describe, expect, it } from 'vitest';
import { SnapshotHolder } from '../../api/live-snapshot.js';
import { parseTrialsQuery } from '../../api/params/trials-query.js';
import { unitVector } from '../../api/query/geo-candidates.js';
import { renderTrialList } from '../../api/query/render.js';
import { searchTrials } from '../../api/query/search.js';
import { memoSearch } from '../../api/query/search-memo.js';
import { trialListPage } from '../../api/routes/trials.js';
import { generateDemoTables } from '../../pipeline/demo/generate.js';

const index = SnapshotHolder.fromTables(generateDemoTables({ scale: 'demo' })).current()!.index;
const quota = { quota_used: 3, quota_limit: 100 };
const QUERIES: Record<string, string>[] = [
  {},
  { zip: '10001', radius: '500' },
  { zip: '10001', radius: '500', offset: '5', limit: '5' },
  { zip: '60601', radius: '100', sort: 'last_updated' },
  { zip: '94103', radius: '500', biomarkers: 'EGFR,KRAS' },
  { zip: '94103', radius: '500', biomarkers: 'KRAS,EGFR' },
  { q: 'osimertinib', offset: '3' },
  { q: 'osimertinib', offset: '4' },
  { biomarkers: 'EGFR,KRAS', trialPhase: 'Phase II', explain: 'true' },
];

/** The page as a fresh search and render make it, without the memo. */
function fresh(raw: Record<string, string>): Buffer {
  const query = parseTrialsQuery(raw);
  const near = query.near;
  const page = { limit: query.limit, offset: query.offset };
  const result = searchTrials(index, query);
  if (query.explain) return trialListPage(index, query, quota, null).body;
  return renderTrialList(
    index,
    result,
    page,
    quota,
    undefined,
    near && unitVector(near.lat, near.lon),
  );
}

describe('memoSearch', () => {
  it('gives the pages a fresh search gives, first and repeated', () => {
    for (const round of [1, 2]) {
      for (const raw of QUERIES) {
        const query = parseTrialsQuery(raw);
        const { body } = trialListPage(index, query, quota, null);
        expect(body.toString(), `${round} ${JSON.stringify(raw)}`).toBe(fresh(raw).toString());
        if (raw.zip) expect(JSON.parse(body.toString()).data.length).toBeGreaterThan(0);
      }
    }
  });

  it('keeps one result per query and page, whatever the order of a list', () => {
    const a = memoSearch(
      index,
      parseTrialsQuery({ zip: '94103', radius: '500', biomarkers: 'EGFR,KRAS' }),
    );
    const b = memoSearch(
      index,
      parseTrialsQuery({ zip: '94103', radius: '500', biomarkers: 'KRAS,EGFR' }),
    );
    expect(b).toBe(a);
    const c = memoSearch(
      index,
      parseTrialsQuery({ zip: '94103', radius: '500', biomarkers: 'EGFR', offset: '1' }),
    );
    expect(c).not.toBe(a);
    expect(a.hits.length).toBeGreaterThan(0);
    // The ZIP page rendered above left its nearest sites on the kept result.
    expect(a.samples?.count.length).toBe(a.hits.length);
  });
});
