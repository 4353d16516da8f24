/**
 * Site rows built from the real records in ../shared/data/ctgov (read at test time, never
 * copied into the project), by the same readers the place evaluation uses.
 */
import { blankSite, type SiteRow } from '../../../domain/rows.js';
import { v2Sites } from '../../../pipeline/geocode/eval/place-truth.js';

export { nciRecordedSites, type RecordedSite } from '../../../pipeline/geocode/eval/place-truth.js';

export function siteRow(fields: Partial<SiteRow>): SiteRow {
  return blankSite({ nct_id: 'TEST-GEO-0001', ...fields });
}

/** Every location of v2/studies.jsonl (city + country only, no coordinates). */
export const v2StudySites = v2Sites;
