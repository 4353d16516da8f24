/**
 * Enrichment of trial records: diagnosis type and stage signals on each trial row, and the
 * biomarker rows of every trial. The `enrich` stage (pipeline/run/stages/enrich.ts) runs it
 * on the trials its cache has no entry for. Flags are a later stage (they need geocoded sites).
 */
import type { BiomarkerRow, TrialRecord } from '../domain/rows.js';
import { extractBiomarkers } from './biomarkers/extract.js';
import { classifyDiagnosis } from '../diagnosis/classify.js';

export interface EnrichResult {
  records: TrialRecord[];
  biomarkers: BiomarkerRow[];
  summary: { trials: number; withBiomarkers: number; rows: number };
}

export function enrichRecords(records: TrialRecord[]): EnrichResult {
  const biomarkers: BiomarkerRow[] = [];
  let withBiomarkers = 0;
  const out = records.map((record) => {
    const t = record.trial;
    const rows = extractBiomarkers({
      nct_id: t.nct_id,
      inclusion: t.inclusion_criteria,
      exclusion: t.exclusion_criteria,
      title: t.brief_title,
      official_title: t.official_title,
      conditions: t.conditions,
      keywords: t.keywords,
    });
    if (rows.length > 0) withBiomarkers++;
    biomarkers.push(...rows);
    const diagnosis = classifyDiagnosis({
      conditions: t.conditions,
      mesh_terms: t.mesh_terms,
      title: t.brief_title,
      official_title: t.official_title,
      keywords: t.keywords,
      inclusion: t.inclusion_criteria,
      exclusion: t.exclusion_criteria,
    });
    return { ...record, trial: { ...t, ...diagnosis } };
  });
  return {
    records: out,
    biomarkers,
    summary: { trials: records.length, withBiomarkers, rows: biomarkers.length },
  };
}
