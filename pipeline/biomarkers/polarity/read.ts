/**
 * Runs the polarity rule table over one mention: the section gives the base direction
 * (inclusion -> required, exclusion -> excluded); the first `decide` rule that holds
 * settles it; otherwise `negate` rules flip it and `carve` rules apply exceptions. The
 * result names every rule that fired.
 */
import type { BiomarkerScope, Requirement } from '../../../domain/biomarkers.js';
import type { Mention } from '../mentions.js';
import {
  mentionContext,
  parenAround,
  type MentionContext,
  type Section,
  type SentenceView,
  type StatementPlace,
} from './context.js';
import * as P from './patterns.js';
import {
  MARKER_RULES,
  THERAPY_RULES,
  type CheckName,
  type Condition,
  type PolarityRule,
  type Verdict,
} from './rules.js';
import { tumourScope } from './tumour-scope.js';

export interface Polarity {
  requirement: Requirement | null;
  /** The verdict of the deciding rule ('as-section' when only the section decided). */
  verdict: Verdict | 'as-section';
  /** Ids of the rules that fired, in order (a tumour-scope rule last, when it moved the row off lung). */
  rules: string[];
  /** Whose requirement it is: a lung patient's, or another tumour cohort's. */
  scope: BiomarkerScope;
  /** A readable trail: the section, then the rule ids (shown by the eval's --explain). */
  reason: string;
}

interface RunState {
  flips: number;
}

export function readPolarity(view: SentenceView, m: Mention, place: StatementPlace): Polarity {
  const section = place.section;
  const ctx = mentionContext(view, m, place, P.EXAMPLE_CUE_LAST);
  const table = m.kind === 'marker' ? MARKER_RULES : THERAPY_RULES;
  const state: RunState = { flips: 0 };
  const fired: string[] = [];
  const base: Requirement = section === 'exclusion' ? 'excluded' : 'required';
  const scoped = () => {
    const t = tumourScope(ctx);
    if (t.scope !== 'lung' && t.rule) fired.push(`scope.other-tumour:${t.rule}`);
    return t.scope;
  };
  for (const rule of table) {
    if (!holds(rule, ctx, state)) continue;
    fired.push(rule.id);
    if (rule.verdict === 'negate') {
      state.flips++;
      continue;
    }
    if (rule.stage === 'negate') continue;
    const requirement = resolve(rule.verdict, base);
    return result(requirement, rule.verdict, section, fired, requirement ? scoped() : 'lung');
  }
  const requirement = state.flips % 2 === 1 ? opposite(base) : base;
  return result(requirement, 'as-section', section, fired, scoped());
}

function result(
  requirement: Requirement | null,
  verdict: Verdict | 'as-section',
  section: Section,
  rules: string[],
  scope: BiomarkerScope,
): Polarity {
  return { requirement, verdict, rules, scope, reason: [section, ...rules].join(', ') };
}

function resolve(verdict: Verdict, base: Requirement): Requirement | null {
  switch (verdict) {
    case 'excluded':
      return 'excluded';
    case 'required':
      return 'required';
    case 'as-section':
      return base;
    case 'opposite-of-section':
      return opposite(base);
    default:
      return null;
  }
}

const opposite = (r: Requirement): Requirement => (r === 'required' ? 'excluded' : 'required');

function holds(rule: PolarityRule, ctx: MentionContext, state: RunState): boolean {
  return rule.when.every((c) => test(c, ctx, state));
}

function test(c: Condition, ctx: MentionContext, state: RunState): boolean {
  if ('any' in c) return c.any.some((x) => test(x, ctx, state));
  if ('sections' in c) return c.sections.includes(ctx.section);
  if ('kinds' in c) return c.kinds.includes(ctx.mention.kind);
  if ('genes' in c) return c.genes.includes(ctx.mention.gene) !== (c.absent ?? false);
  if ('check' in c) return check(c.check, ctx, state) !== (c.absent ?? false);
  return c.pattern.test(ctx.scope(c.scope)) !== (c.absent ?? false);
}

function check(name: CheckName, ctx: MentionContext, state: RunState): boolean {
  const m = ctx.mention;
  switch (name) {
    // "HER2 IHC 2+ or 3+": a score is a stated result, not the name of a test.
    case 'stated-after':
      return stated(ctx.scope('after'), m);
    case 'stated-after-40':
      return stated(ctx.scope('after-40'), m);
    case 'examples-of-permitted': {
      // Inside an aside, the verb of the sentence may come before it: "... are eligible (i.e. KRAS G12C)".
      const paren = parenAround(ctx.clause, m.start - ctx.clauseStart);
      return (
        paren !== null &&
        P.EXAMPLE_ASIDE_START.test(ctx.clause.slice(paren[0])) &&
        P.PERMISSIVE_AFTER.test(ctx.clause.slice(Math.max(0, paren[0] - 120), paren[0]))
      );
    }
    case 'negation-is-previous-genes-state': {
      // "EGFR wild-type and ALK-negative": the "wild-type" before ALK is EGFR's own state.
      const before = ctx.scope('before-symbols');
      const neg = before.match(P.PRE_NEG);
      return (
        neg !== null &&
        P.NEGATION_STATE_START.test(neg[0]) &&
        P.GENE_JUST_BEFORE.test(before.slice(0, neg.index))
      );
    }
    case 'negated-list-header':
      return ctx.headers.some((h) => P.HEADER_NEG.test(h));
    case 'carved':
      return m.carvedOut || P.PRE_CARVE.test(ctx.scope('before-symbols'));
    // "excluding any other EGFR mutations": "other" than the alterations just listed, not the gene.
    case 'carve-of-other': {
      const carve = ctx.scope('before-symbols').match(P.PRE_CARVE);
      return carve !== null && P.OTHER_WORD.test(carve[0]);
    }
    case 'not-negated':
      return state.flips % 2 === 0;
    case 'no-alteration':
      return m.alteration === null;
  }
}

function stated(t: string, m: Mention): boolean {
  return (
    P.POSITIVE_WORD.test(t) || P.SCORE_WORD.test(t) || (m.gene === 'PD-L1' && P.CUTOFF_WORD.test(t))
  );
}
