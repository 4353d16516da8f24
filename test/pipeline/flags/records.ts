import { blankSite, type SiteRow, type TrialRecord, type TrialRow } from '../../../domain/rows.js';
import { blankTrialRow } from '../../helpers/trial-fixtures.js';

/** A trial record with neutral defaults; tests override only what they exercise. */
export function trialRecord(
  trial: Partial<TrialRow> & { nct_id: string },
  sites: Partial<SiteRow>[] = [],
): TrialRecord {
  return {
    trial: { ...blankTrialRow(trial.nct_id), location_count: sites.length, ...trial },
    sites: sites.map((s, i) => blankSite({ nct_id: trial.nct_id, site_index: i, ...s })),
  };
}
