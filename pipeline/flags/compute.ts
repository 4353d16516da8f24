/** The flags stage: runs every rule over every trial (after geocoding, so sites have coordinates). */
import type { BiomarkerRow, FlagRow, TrialRecord } from '../../domain/rows.js';
import type { TrialStatus } from '../../domain/status.js';
import { CLOCK_RULES, RECORD_RULES, type ClockSubject, type RecordContext } from './rules.js';

export interface ComputeFlagsInput {
  records: TrialRecord[];
  biomarkers: BiomarkerRow[];
  /** Statuses the sponsor registries show, by NCT id. */
  sponsorStatuses?: Map<string, { slug: string; status: TrialStatus | null }[]>;
  now: Date;
}

export function computeFlags(input: ComputeFlagsInput): FlagRow[] {
  const biomarkersByTrial = groupByTrial(input.biomarkers);
  const out: FlagRow[] = [];
  for (const record of input.records) {
    out.push(...clockFlags(record.trial, input.now));
    out.push(
      ...recordFlags(record, {
        biomarkers: biomarkersByTrial.get(record.trial.nct_id) ?? [],
        sponsorStatuses: input.sponsorStatuses?.get(record.trial.nct_id) ?? [],
      }),
    );
  }
  return out;
}

/** What the clock rules raise for one trial at `now`. */
export function clockFlags(trial: ClockSubject, now: Date): FlagRow[] {
  return CLOCK_RULES.flatMap((rule) => rule(trial, now));
}

/** What the record rules raise for one trial: the same for the same record in any run. */
export function recordFlags(record: TrialRecord, ctx: RecordContext): FlagRow[] {
  return RECORD_RULES.flatMap((rule) => rule(record, ctx));
}

/** Rows by their trial id, each trial's rows in their order. */
export function groupByTrial<R extends { nct_id: string | null }>(rows: R[]): Map<string, R[]> {
  const byTrial = new Map<string, R[]>();
  for (const row of rows) {
    if (row.nct_id === null) continue;
    const list = byTrial.get(row.nct_id);
    if (list) list.push(row);
    else byTrial.set(row.nct_id, [row]);
  }
  return byTrial;
}
