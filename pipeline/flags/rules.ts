/**
 * Automated flag rules. Each rule looks at one trial and returns the flags it raises,
 * with the evidence in `details` (JSON) so a reader of the detail view can check it.
 * Duplicate-trial flags are raised by the sponsor merge, which sees both sources.
 *
 * Two kinds of rule: a clock rule reads a few fields of the trial and the run's clock, so
 * its verdict can change while the trial does not; a record rule reads the trial, its
 * biomarkers and its sponsors' statuses, never the clock, so an unchanged trial raises the
 * same record-rule flags in every run (an incremental refresh carries them over).
 */
import type { FlagKind } from '../../domain/flags.js';
import type { BiomarkerRow, FlagRow, TrialRecord, TrialRow } from '../../domain/rows.js';
import { STATUS_TO_BUCKET, type TrialStatus } from '../../domain/status.js';

export interface SponsorStatus {
  slug: string;
  status: TrialStatus | null;
}

/** The fields of a trial a clock rule may read. */
export const CLOCK_RULE_FIELDS = ['nct_id', 'source', 'status', 'last_updated'] as const;
export type ClockSubject = Pick<TrialRow, (typeof CLOCK_RULE_FIELDS)[number]>;

/** The kinds each kind of rule raises; the rest come from the sources (sponsor imports, merge). */
export const CLOCK_FLAG_KINDS = ['stale_record'] as const satisfies readonly FlagKind[];
export const RECORD_FLAG_KINDS = [
  'status_disagreement',
  'no_geocodable_site',
  'age_bounds_inverted',
  'missing_eligibility',
  'biomarker_contradiction',
] as const satisfies readonly FlagKind[];

type RuleFlag<K extends FlagKind> = FlagRow & { kind: K };

export type ClockRule = (
  trial: ClockSubject,
  now: Date,
) => RuleFlag<(typeof CLOCK_FLAG_KINDS)[number]>[];

export interface RecordContext {
  biomarkers: BiomarkerRow[];
  sponsorStatuses: SponsorStatus[];
}

export type RecordRule = (
  record: TrialRecord,
  ctx: RecordContext,
) => RuleFlag<(typeof RECORD_FLAG_KINDS)[number]>[];

const STALE_YEARS = 2;

function flag<K extends FlagKind>(
  trial: Pick<TrialRow, 'nct_id' | 'source'>,
  kind: K,
  severity: FlagRow['severity'],
  message: string,
  details: unknown,
  source = trial.source,
): RuleFlag<K> {
  return {
    nct_id: trial.nct_id,
    source,
    kind,
    severity,
    message,
    details: JSON.stringify(details),
  };
}

/** Recruiting, but the registry record has not changed for over two years. */
export const staleRecord: ClockRule = (trial, now) => {
  const { status, last_updated } = trial;
  // Open: a status of the recruiting bucket (domain/status.ts).
  if (!status || STATUS_TO_BUCKET[status] !== 'recruiting' || !last_updated) return [];
  const cutoff = new Date(
    Date.UTC(now.getUTCFullYear() - STALE_YEARS, now.getUTCMonth(), now.getUTCDate()),
  );
  const updated = new Date(`${last_updated}T00:00:00Z`);
  if (Number.isNaN(updated.getTime()) || updated >= cutoff) return [];
  return [
    flag(
      trial,
      'stale_record',
      'warning',
      `Status is ${status} but the record was last updated on ${last_updated}, over ${STALE_YEARS} years ago`,
      { status, last_updated, checked_on: now.toISOString().slice(0, 10) },
    ),
  ];
};

/** A sponsor registry shows a different status than ClinicalTrials.gov. */
export const statusDisagreement: RecordRule = (record, { sponsorStatuses }) => {
  const registry = record.trial.status;
  return sponsorStatuses
    .filter((s) => s.status !== null && registry !== null && s.status !== registry)
    .map((s) =>
      flag(
        record.trial,
        'status_disagreement',
        'warning',
        `Sponsor ${s.slug} lists status ${s.status}; the registry lists ${registry}`,
        { registry_status: registry, sponsor: s.slug, sponsor_status: s.status },
        s.slug,
      ),
    );
};

/** Sites exist but none could be placed on the map. */
export const noGeocodableSite: RecordRule = (record) => {
  const { sites } = record;
  if (sites.length === 0 || sites.some((s) => s.latitude !== null && s.longitude !== null))
    return [];
  return [
    flag(
      record.trial,
      'no_geocodable_site',
      'warning',
      `None of the ${sites.length} sites could be geocoded`,
      { site_count: sites.length },
    ),
  ];
};

export const ageBoundsInverted: RecordRule = (record) => {
  const { age_min, age_max } = record.trial;
  if (age_min === null || age_max === null || age_min <= age_max) return [];
  return [
    flag(
      record.trial,
      'age_bounds_inverted',
      'error',
      `Minimum age ${age_min} is above maximum age ${age_max}`,
      { age_min, age_max },
    ),
  ];
};

export const missingEligibility: RecordRule = (record) => {
  const { inclusion_criteria, exclusion_criteria } = record.trial;
  if ((inclusion_criteria ?? '').trim() || (exclusion_criteria ?? '').trim()) return [];
  return [
    flag(
      record.trial,
      'missing_eligibility',
      'warning',
      'The record has no eligibility criteria text',
      {},
    ),
  ];
};

/** The same biomarker (gene, alteration, PD-L1 range) is both required and excluded. */
export const biomarkerContradiction: RecordRule = (record, { biomarkers }) => {
  const byKey = new Map<string, BiomarkerRow[]>();
  for (const b of biomarkers) {
    // Cohorts of other tumour types may well want the opposite state.
    if (b.scope !== 'lung') continue;
    const key = [
      b.gene,
      b.alteration ?? '*',
      b.metric ?? '',
      b.comparator ?? '',
      b.cutoff ?? '',
      b.cutoff_high ?? '',
    ].join('|');
    byKey.set(key, [...(byKey.get(key) ?? []), b]);
  }
  const out: ReturnType<RecordRule> = [];
  for (const rows of byKey.values()) {
    const required = rows.filter((r) => r.requirement === 'required');
    const excluded = rows.filter((r) => r.requirement === 'excluded');
    if (required.length === 0 || excluded.length === 0) continue;
    const { gene, alteration } = rows[0];
    const name = alteration ? `${gene} ${alteration}` : gene;
    out.push(
      flag(
        record.trial,
        'biomarker_contradiction',
        'warning',
        `${name} is both required and excluded`,
        {
          gene,
          alteration,
          metric: rows[0].metric,
          cutoff: rows[0].cutoff,
          required: required.map((r) => ({ section: r.section, source_text: r.source_text })),
          excluded: excluded.map((r) => ({ section: r.section, source_text: r.source_text })),
        },
      ),
    );
  }
  return out;
};

/** Per trial, the clock rules run first, then the record rules, each in list order. */
export const CLOCK_RULES: readonly ClockRule[] = [staleRecord];

export const RECORD_RULES: readonly RecordRule[] = [
  statusDisagreement,
  noGeocodableSite,
  ageBoundsInverted,
  missingEligibility,
  biomarkerContradiction,
];
