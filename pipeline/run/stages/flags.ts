/**
 * Flags stage: the automated rules over geocoded trials, plus the flags the sources raised.
 * A carried-over trial keeps its record-rule flags from the snapshot it comes from (its
 * record, biomarkers and sponsors are unchanged) and runs the clock rules again.
 */
import type { FlagRow } from '../../../domain/rows.js';
import { clockFlags, groupByTrial, recordFlags } from '../../flags/compute.js';
import { CLOCK_RULE_FIELDS, RECORD_FLAG_KINDS, type ClockSubject } from '../../flags/rules.js';
import { baseTable, queryRows, requireBase, type SnapshotBase } from '../../publish/base.js';
import { quoteIdent, quoteLiteral, selectListSql } from '../../../snapshot/schema.js';
import { withDuckDB } from '../../../snapshot/duckdb.js';
import { inTrialOrder } from '../carry-over.js';
import { stageData, type StageContext } from '../run-stage.js';
import type { StageOutput } from '../stage-outputs.js';

export async function flagsStage(ctx: StageContext<'flags'>): Promise<StageOutput<'flags'>> {
  const { biomarkers, sponsorStatuses, sourceFlags, base, carried } = await stageData(
    ctx,
    'enrich',
  );
  const { records } = await stageData(ctx, 'geocode');
  const biomarkersByTrial = groupByTrial(biomarkers);
  const kept = base ? await carriedFlagInputs(base, new Set(carried)) : null;
  const computed: FlagRow[] = [];
  for (const { id, record } of inTrialOrder(records, carried)) {
    if (record) {
      computed.push(...clockFlags(record.trial, ctx.now));
      computed.push(
        ...recordFlags(record, {
          biomarkers: biomarkersByTrial.get(id) ?? [],
          sponsorStatuses: sponsorStatuses.get(id) ?? [],
        }),
      );
    } else {
      computed.push(...clockFlags(kept!.subjects.get(id)!, ctx.now));
      computed.push(...(kept!.recordFlags.get(id) ?? []));
    }
  }
  const flags = [...sourceFlags, ...computed];
  const byKind: Record<string, number> = {};
  for (const f of flags) byKind[f.kind] = (byKind[f.kind] ?? 0) + 1;
  return { summary: { flags: flags.length, by_kind: byKind }, data: { flags } };
}

/** What the clock rules read of each carried-over trial, and its published record-rule flags. */
async function carriedFlagInputs(
  base: SnapshotBase,
  carried: ReadonlySet<string>,
): Promise<{ subjects: Map<string, ClockSubject>; recordFlags: Map<string, FlagRow[]> }> {
  await requireBase(base, carried.size);
  return withDuckDB(async (con) => {
    const subjects = new Map<string, ClockSubject>();
    const columns = CLOCK_RULE_FIELDS.map(quoteIdent).join(', ');
    for (const row of await queryRows<ClockSubject>(
      con,
      `SELECT ${columns} FROM ${baseTable(base, 'trials')}`,
    ))
      if (carried.has(row.nct_id)) subjects.set(row.nct_id, row);
    const kinds = RECORD_FLAG_KINDS.map(quoteLiteral).join(', ');
    const flags = await queryRows<FlagRow>(
      con,
      `SELECT ${selectListSql('flags')} FROM ${baseTable(base, 'flags')} ` +
        `WHERE kind IN (${kinds})`,
    );
    return {
      subjects,
      recordFlags: groupByTrial(flags.filter((f) => f.nct_id !== null && carried.has(f.nct_id))),
    };
  });
}
