/**
 * Response bodies assembled from the per-trial JSON prepared at index time; only the
 * envelope's numbers and a ZIP search's nearest site are serialised per request.
 */
import type { TrialIndex } from './trial-index.js';
import type { SearchResult } from './search.js';

export interface QuotaMeta {
  quota_used: number;
  quota_limit: number;
}

const DATA_OPEN = Buffer.from('{"data":');
const LIST_OPEN = Buffer.from('{"data":[');
const COMMA = Buffer.from(',');

export function renderTrialList(index: TrialIndex, result: SearchResult, page: { limit: number; offset: number }, quota: QuotaMeta): Buffer {
  const parts: Buffer[] = [LIST_OPEN];
  for (let i = 0; i < result.hits.length; i++) {
    if (i > 0) parts.push(COMMA);
    const hit = result.hits[i];
    const json = index.listJson[hit.rank];
    if (hit.pair === undefined) {
      parts.push(json);
    } else {
      // Reopen the trial object (drop its closing brace) to append the two ZIP-search fields.
      parts.push(json.subarray(0, json.length - 1));
      parts.push(Buffer.from(`,"nearest_site":${index.geo.pairSiteJson[hit.pair]},"distance_miles":${hit.miles}}`));
    }
  }
  parts.push(
    Buffer.from(
      `],"meta":{"total":${result.total},"limit":${page.limit},"offset":${page.offset},` +
        `"quota_used":${quota.quota_used},"quota_limit":${quota.quota_limit}}}`,
    ),
  );
  return Buffer.concat(parts);
}

/** `{ data: <prebuilt JSON>, meta: { quota_used, quota_limit } }` */
export function renderWithQuota(dataJson: Buffer, quota: QuotaMeta): Buffer {
  return Buffer.concat([
    DATA_OPEN,
    dataJson,
    Buffer.from(`,"meta":{"quota_used":${quota.quota_used},"quota_limit":${quota.quota_limit}}}`),
  ]);
}
