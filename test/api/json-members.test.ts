/**
 * fields= and CSV on a plain page copy members out of each trial's prebuilt list JSON by
 * their byte spans (api/routes/json-members.ts) instead of parsing the rendered page: over
 * the demo data, for many pages and field sets, the result must equal what parsing the
 * rendered page gives (projection) and the parse-based CSV byte for byte.
 */
import { describe, expect, it } from 'vitest';
import { SnapshotHolder } from '../../api/live-snapshot.js';
import { parseTrialsQuery } from '../../api/params/trials-query.js';
import { csvColumns, trialsCsv, trialsCsvFromIndex } from '../../api/routes/csv.js';
import { PROJECTABLE_FIELDS, projectListPage } from '../../api/routes/projection.js';
import { trialListPage } from '../../api/routes/trials.js';
import { generateDemoTables } from '../../pipeline/demo/generate.js';

const index = SnapshotHolder.fromTables(generateDemoTables({ scale: 'demo' })).current()!.index;
const quota = { quota_used: 7, quota_limit: 1000 };
const QUERIES = [
  {},
  { statusBuckets: 'recruiting,active,completed,unknown', limit: '200' },
  { statusBuckets: 'recruiting,active,completed,unknown', limit: '200', offset: '200' },
  { biomarkers: 'EGFR,KRAS', trialPhase: 'Phase II' },
  { q: 'osimertinib', offset: '3' },
  { q: 'nothingmatchesthis' },
];
const FIELD_SETS = [
  ['brief_title'],
  ['url', 'conditions', 'last_updated', 'nearest_site'],
  ['locations_sample', 'official_title', 'brief_summary'],
  [...PROJECTABLE_FIELDS.trials].reverse(),
];

/** What the projection means, by parsing. */
function reference(body: Buffer, fields: readonly string[]): unknown {
  const { data, meta } = JSON.parse(body.toString('utf8'));
  return {
    data: (data as Record<string, unknown>[]).map((t) =>
      Object.fromEntries(fields.filter((f) => f in t).map((f) => [f, t[f]])),
    ),
    meta,
  };
}

describe('projection and CSV from the trials list JSON', () => {
  it('equal the parse of the rendered page', () => {
    let trials = 0;
    for (const raw of QUERIES) {
      const query = parseTrialsQuery(raw);
      const { body, ranks } = trialListPage(index, query, quota, null, () => 'token');
      trials += ranks.length;
      for (const asked of FIELD_SETS) {
        const fields = ['nct_id', ...asked.filter((f) => f !== 'nct_id')];
        const projected = projectListPage(index, ranks, body, fields);
        expect(JSON.parse(projected.toString('utf8'))).toEqual(reference(body, fields));
        expect(projected.toString('utf8')).toMatch(/"quota_used":7,"quota_limit":1000\}\}$/);
        const columns = csvColumns(fields, { near: false, explain: false });
        expect(trialsCsvFromIndex(index, ranks, body, columns)).toEqual(trialsCsv(body, columns));
      }
      const columns = csvColumns(null, { near: false, explain: false });
      expect(trialsCsvFromIndex(index, ranks, body, columns)).toEqual(trialsCsv(body, columns));
    }
    expect(trials).toBeGreaterThan(300);
  });
});
