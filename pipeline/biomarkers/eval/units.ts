/**
 * The matching unit of the evaluation. A row matches a label when nct_id, gene,
 * alteration (or gene level) and requirement agree; for PD-L1 the "alteration" is the
 * expression range (metric, comparator and cut-off), so a wrong cut-off is a miss.
 */
import { parseGene, type Requirement } from '../../../domain/biomarkers.js';
import type { BiomarkerRow } from '../../../domain/rows.js';

export interface Unit {
  nct_id: string;
  requirement: Requirement;
  gene: string;
  /** Alteration id, PD-L1 range ("TPS>=50", "TPS1-49"), or '*' for a gene-level row. */
  alteration: string;
}

export function unitKey(u: Unit): string {
  return `${u.nct_id}|${u.requirement}|${u.gene}|${u.alteration}`;
}

export function rowToUnit(r: BiomarkerRow): Unit {
  let alteration = r.alteration ?? '*';
  if (r.gene === 'PD-L1' && r.metric && r.comparator && r.cutoff !== null) {
    alteration =
      r.comparator === 'between'
        ? `${r.metric}${r.cutoff}-${r.cutoff_high}`
        : `${r.metric}${r.comparator}${r.cutoff}`;
  }
  return { nct_id: r.nct_id, requirement: r.requirement, gene: r.gene, alteration };
}

/** "+EGFR:EX19DEL", "-ALK", "+PD-L1:TPS>=50". */
export function parseLabel(nctId: string, raw: string): Unit {
  const m = raw.match(/^([+-])([^:]+)(?::(.+))?$/);
  const gene = m ? parseGene(m[2]) : null;
  if (!m || !gene) throw new Error(`bad label for ${nctId}: ${raw}`);
  return {
    nct_id: nctId,
    requirement: m[1] === '+' ? 'required' : 'excluded',
    gene,
    alteration: m[3] ?? '*',
  };
}

export function formatUnit(u: Unit): string {
  return `${u.requirement === 'required' ? '+' : '-'}${u.gene}${u.alteration === '*' ? '' : `:${u.alteration}`}`;
}
