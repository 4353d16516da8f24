/**
 * Markdown tables of the product's vocabularies for docs/product-rules.md, written from the
 * declarations in this folder (`npm run docs:parameters`; a test fails when the page is stale).
 */
import { ALTERATION_COVERS, ALTERATIONS, EGFR_SENSITIZING, GENES } from './biomarkers.js';
import {
  DEFAULT_STATUS_BUCKETS,
  REGISTRY_STATUS_TO_STATUS,
  STATUS_TO_BUCKET,
  TRIAL_STATUSES,
} from './status.js';

/** Registry overallStatus -> status label -> bucket, one row per label. */
export function statusTable(): string {
  const rows = [
    '| registry overallStatus | status | bucket | searched by default |',
    '|---|---|---|---|',
  ];
  for (const status of TRIAL_STATUSES) {
    const registry = Object.entries(REGISTRY_STATUS_TO_STATUS)
      .filter(([, label]) => label === status)
      .map(([value]) => value)
      .join(', ');
    const bucket = STATUS_TO_BUCKET[status];
    rows.push(
      `| ${registry} | ${status} | ${bucket} | ${DEFAULT_STATUS_BUCKETS.includes(bucket) ? 'yes' : 'no'} |`,
    );
  }
  rows.push(
    `| UNKNOWN, missing or unmapped | null | unknown | ${DEFAULT_STATUS_BUCKETS.includes('unknown') ? 'yes' : 'no'} |`,
  );
  return rows.join('\n');
}

/** Alteration ids per gene, with the broader ids that cover narrower ones. */
export function alterationTable(): string {
  const rows = ['| gene | alteration ids | covers |', '|---|---|---|'];
  for (const gene of GENES) {
    const ids = ALTERATIONS[gene];
    const covers = Object.entries(ALTERATION_COVERS[gene] ?? {})
      .map(([broad, narrow]) => `${broad} ⊇ ${narrow.join(', ')}`)
      .join('; ');
    rows.push(
      `| ${gene} | ${ids.length ? ids.join(' ') : 'expression ranges (TPS, CPS)'} | ${covers} |`,
    );
  }
  rows.push(`| EGFR class "sensitising" | ${EGFR_SENSITIZING.join(' ')} | one row per member |`);
  return rows.join('\n');
}
