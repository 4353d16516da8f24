/**
 * Extractor output in the labels' compact form (+GENE:ALT, -GENE, +PD-L1:TPS>=50), the
 * unit the evaluation scores, so unit tests and labels read the same way.
 */
import type { BiomarkerRow } from '../../domain/rows.js';
import { formatUnit, rowToUnit } from '../../pipeline/biomarkers/eval/units.js';
import { extractBiomarkers } from '../../pipeline/biomarkers/extract.js';

export interface CriteriaSection {
  inclusion?: string;
  exclusion?: string;
  title?: string;
  conditions?: string[];
  keywords?: string[];
}

export function extractRows(s: CriteriaSection): BiomarkerRow[] {
  return extractBiomarkers({
    nct_id: 'NCT00000000',
    inclusion: s.inclusion ?? null,
    exclusion: s.exclusion ?? null,
    title: s.title ?? null,
    conditions: s.conditions,
    keywords: s.keywords,
  });
}

/**
 * Sorted units, duplicates kept (a duplicate would be an extractor bug worth seeing). The
 * members of a class of drivers excluded without naming one are no labelled unit: see
 * classUnits.
 */
export function extractUnits(s: CriteriaSection): string[] {
  return extractRows(s)
    .filter((r) => r.scope !== 'driver_class')
    .map((r) => formatUnit(rowToUnit(r)))
    .sort();
}

/** The members of a class of drivers the criteria exclude without naming one, as units. */
export function classUnits(s: CriteriaSection): string[] {
  return extractRows(s)
    .filter((r) => r.scope === 'driver_class')
    .map((r) => formatUnit(rowToUnit(r)))
    .sort();
}
