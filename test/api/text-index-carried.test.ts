/**
 * The text index of an incremental publish (carriedTextIndexSteps): an earlier index's
 * postings carried with their ranks remapped, the other trials tokenized, give the index
 * textIndexSteps builds from every trial (same tokens, same postings, same masks).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TrialRow } from '../../domain/rows.js';
import { runToEnd } from '../../api/query/slices.js';
import {
  carriedTextIndexSteps,
  textIndexSteps,
  type TextIndex,
} from '../../api/query/text-index.js';
import { trialRow } from '../helpers/trial-fixtures.js';

/** Few words, so trials share tokens and a token may lose or gain every posting. */
const WORDS = ['osimertinib', 'egfr', 'nsclc', 'café', 'KEYNOTE-789', 'phase', 'zeta', 'alk'];
const text = fc.array(fc.constantFrom(...WORDS), { maxLength: 4 }).map((w) => w.join(' '));

const trialText = fc.record({
  brief_title: text,
  official_title: fc.option(text),
  sponsor: fc.option(text),
  conditions: fc.array(text, { maxLength: 2 }),
  keywords: fc.array(text, { maxLength: 2 }),
  intervention: fc.array(text, { maxLength: 2 }),
});

type TrialText = typeof trialText extends fc.Arbitrary<infer T> ? T : never;

function trialOf(id: string, t: TrialText): TrialRow {
  return trialRow(id, {
    ...t,
    interventions: t.intervention.map((name) => ({ type: 'DRUG', name, description: null })),
  });
}

/** Each earlier trial: kept as is, edited (its row changed), or removed; trials added between. */
const change = fc.constantFrom('kept', 'kept', 'kept', 'edited', 'removed');
const history = fc.array(
  fc.record({ earlier: trialText, change, edit: trialText, added: fc.option(trialText) }),
  { minLength: 1, maxLength: 25 },
);

const plain = (index: TextIndex) => ({
  tokens: index.tokens,
  postingRanks: index.postingRanks.map((r) => [...r]),
  postingMasks: index.postingMasks.map((m) => [...m]),
});

describe('a text index carried from an earlier one', () => {
  it('equals the index built from every trial', () => {
    fc.assert(
      fc.property(history, (steps) => {
        const earlier: TrialRow[] = [];
        const now: TrialRow[] = [];
        const earlierRank: number[] = [];
        steps.forEach((s, i) => {
          const id = `NCT${String(i).padStart(8, '0')}`;
          earlier.push(trialOf(id, s.earlier));
          if (s.change !== 'removed') {
            now.push(trialOf(id, s.change === 'kept' ? s.earlier : s.edit));
            earlierRank.push(s.change === 'kept' ? i : -1);
          }
          if (s.added) {
            now.push(trialOf(`NEW${String(i).padStart(8, '0')}`, s.added));
            earlierRank.push(-1);
          }
        });
        const carried = runToEnd(
          carriedTextIndexSteps(
            now,
            runToEnd(textIndexSteps(earlier)),
            Int32Array.from(earlierRank),
          ),
        );
        expect(plain(carried)).toEqual(plain(runToEnd(textIndexSteps(now))));
      }),
    );
  });

  it('refuses carried trials out of their earlier order', () => {
    const a = trialRow('NCT00000001', { brief_title: 'osimertinib' });
    const b = trialRow('NCT00000002', { brief_title: 'osimertinib' });
    const earlier = runToEnd(textIndexSteps([a, b]));
    expect(() => runToEnd(carriedTextIndexSteps([b, a], earlier, Int32Array.from([1, 0])))).toThrow(
      /changed its relative order/,
    );
  });
});
