/**
 * `q` matching and relevance order against a plain reference (each term's best field
 * weight summed per matching trial; most relevant first, ties by rank), over the demo
 * data's own tokens: exact words, prefixes of one to four letters, two- and three-word
 * queries: a guard for any rework of matchText or the relevance sort.
 */
import { describe, expect, it } from 'vitest';
import { buildTrialIndex } from '../../api/query/trial-index.js';
import { matchText, TEXT_FIELDS, type TextIndex } from '../../api/query/text-index.js';
import { searchTrials } from '../../api/query/search.js';
import { parseTrialsQuery } from '../../api/params/trials-query.js';
import { STATUS_BUCKETS } from '../../domain/status.js';
import { generateDemoTables } from '../../pipeline/demo/generate.js';

const index = buildTrialIndex(generateDemoTables({ scale: 'demo' }));

function maskWeight(mask: number): number {
  return Math.max(0, ...TEXT_FIELDS.filter((_f, i) => mask & (1 << i)).map((f) => f.weight));
}

/** rank -> score of every trial holding all terms (the last as a prefix). */
function reference(text: TextIndex, terms: string[]): Map<number, number> {
  let scores: Map<number, number> | null = null;
  terms.forEach((term, t) => {
    const last = t === terms.length - 1;
    const best = new Map<number, number>();
    text.tokens.forEach((token, i) => {
      if (last ? !token.startsWith(term) : token !== term) return;
      text.postingRanks[i].forEach((r, k) => {
        best.set(r, Math.max(best.get(r) ?? 0, maskWeight(text.postingMasks[i][k])));
      });
    });
    const next = new Map<number, number>();
    for (const [r, w] of best) if (!scores || scores.has(r)) next.set(r, (scores?.get(r) ?? 0) + w);
    scores = next;
  });
  return scores!;
}

function queries(tokens: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < tokens.length; i += 2) {
    const token = tokens[i];
    out.push([token]);
    for (let n = 1; n <= Math.min(4, token.length); n++) out.push([token.slice(0, n)]);
    out.push([token, tokens[(i * 7) % tokens.length].slice(0, 3)]);
    out.push([tokens[(i * 3) % tokens.length], token, 'c']);
  }
  return out;
}

describe('q matching and relevance order', () => {
  it('equal the reference for the demo tokens', () => {
    const checked = queries(index.text.tokens);
    expect(checked.length).toBeGreaterThan(1000);
    let nonEmpty = 0;
    for (const terms of checked) {
      const expected = reference(index.text, terms);
      const got = matchText(index.text, index.size, terms);
      const ranks = got.matches.slice(0, got.matches.count());
      expect(ranks, terms.join(' ')).toEqual([...expected.keys()].sort((a, b) => a - b));
      for (const r of ranks) expect(got.score[r], `${terms.join(' ')} ${r}`).toBe(expected.get(r));
      if (ranks.length === 0) continue;
      nonEmpty++;
      const order = [...expected].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([r]) => r);
      const q = parseTrialsQuery({
        q: terms.join(' '),
        statusBuckets: STATUS_BUCKETS.join(','),
        limit: '200',
      });
      const hits = searchTrials(index, q).hits.map((h) => h.rank);
      // Every bucket asked, so every matching trial is in the order.
      expect(hits, terms.join(' ')).toEqual(order.slice(0, 200));
    }
    expect(nonEmpty).toBeGreaterThan(300);
  });
});
