/**
 * The `mutations` value: comma-separated GENE:ALTERATION ids from domain/biomarkers.ts, or
 * a PD-L1 expression range (PD-L1:TPS>=50).
 */
import { z } from 'zod';
import {
  ALTERATIONS,
  GENES,
  expressionRangeProblem,
  isAlteration,
  parseExpressionRange,
  parseGene,
} from '../../domain/biomarkers.js';
import type { MutationCriterion } from '../query/types.js';
import { listJson, type ValueKind } from './value-kinds.js';

function parseMutation(raw: string): MutationCriterion | string {
  const at = raw.indexOf(':');
  if (at <= 0) return `'${raw}' is not GENE:ALTERATION`;
  const gene = parseGene(raw.slice(0, at));
  const id = raw
    .slice(at + 1)
    .trim()
    .toUpperCase();
  if (!gene) return `unknown biomarker '${raw.slice(0, at).trim()}'; allowed: ${GENES.join(', ')}`;
  if (gene === 'PD-L1') {
    const range = parseExpressionRange(id);
    if (!range)
      return `PD-L1 takes an expression range such as TPS>=50, TPS<1, TPS1-49 or CPS>=10, not '${id}'`;
    const problem = expressionRangeProblem(range);
    return problem ? `PD-L1 '${id}': ${problem}` : { gene, range };
  }
  if (!isAlteration(gene, id))
    return `unknown alteration '${id}' for ${gene}; allowed: ${ALTERATIONS[gene].join(', ')}`;
  return { gene, alteration: id };
}

export function mutationList(): ValueKind<MutationCriterion[]> {
  const schema = z
    .string()
    .meta({ type: 'array', items: { type: 'string', pattern: '^[A-Za-z0-9-]+:.+$' } })
    .transform((raw, ctx): MutationCriterion[] => {
      const out: MutationCriterion[] = [];
      for (const item of raw.split(',')) {
        const m = parseMutation(item.trim());
        if (typeof m === 'string') {
          ctx.addIssue({ code: 'custom', message: m });
          return z.NEVER;
        }
        out.push(m);
      }
      return out;
    });
  return {
    schema,
    json: listJson(z.string()),
    type: 'comma-separated GENE:ALTERATION list',
    allowed: ALTERATIONS,
    list: true,
    asJson: (text) => text.split(','),
  };
}
