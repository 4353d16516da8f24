/** The flags stage: runs every rule over every trial (after geocoding, so sites have coordinates). */
import type { BiomarkerRow, FlagRow, TrialRecord } from '../../domain/rows.js';
import type { TrialStatus } from '../../domain/status.js';
import { FLAG_RULES } from './rules.js';

export interface ComputeFlagsInput {
  records: TrialRecord[];
  biomarkers: BiomarkerRow[];
  /** Statuses the sponsor registries show, by NCT id. */
  sponsorStatuses?: Map<string, { slug: string; status: TrialStatus | null }[]>;
  now: Date;
}

export function computeFlags(input: ComputeFlagsInput): FlagRow[] {
  const biomarkersByTrial = new Map<string, BiomarkerRow[]>();
  for (const b of input.biomarkers) {
    const list = biomarkersByTrial.get(b.nct_id);
    if (list) list.push(b);
    else biomarkersByTrial.set(b.nct_id, [b]);
  }
  const out: FlagRow[] = [];
  for (const record of input.records) {
    const ctx = {
      now: input.now,
      biomarkers: biomarkersByTrial.get(record.trial.nct_id) ?? [],
      sponsorStatuses: input.sponsorStatuses?.get(record.trial.nct_id) ?? [],
    };
    for (const rule of FLAG_RULES) out.push(...rule(record, ctx));
  }
  return out;
}
