/**
 * /match orders and counts every trial by matchStatus (api/query/match.ts: ways in arranged
 * once per trial, row verdicts shared within a patient) and words only the page's trials
 * with judgeTrial: the two must give every trial the same status. Checked on the demo
 * snapshot's trials for patients drawn from the whole vocabulary (alterations, expression,
 * PD-L1 scores of both metrics, genes tested negative).
 */
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { ALTERATIONS, GENES } from '../../domain/biomarkers.js';
import { generateDemoTables } from '../../pipeline/demo/generate.js';
import { parsePatientQuery } from '../../api/params/trials-query.js';
import {
  judgeTrial,
  lungRows,
  matchStatus,
  trialWays,
  type RowVerdict,
} from '../../api/query/match.js';
import { profileOf } from '../../api/query/match-search.js';
import { buildTrialIndex } from '../../api/query/trial-index.js';

describe('match status', () => {
  it('is judgeTrial status for every demo trial and 150 patients', () => {
    const index = buildTrialIndex(
      generateDemoTables({ scale: 'demo', now: new Date('2026-11-01T00:00:00Z') }),
    );
    const rng = seedrandom('match-status');
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rng() * list.length)];
    const genes = GENES.filter((g) => g !== 'PD-L1');
    const counts: Record<string, number> = {};
    let trials = 0;
    for (let i = 0; i < 150; i++) {
      const markers = Array.from({ length: Math.floor(rng() * 3) }, () => {
        const gene = pick(genes);
        return `${gene}:${pick(ALTERATIONS[gene])}`;
      });
      if (rng() < 0.5) markers.push(`PD-L1:${pick(['TPS', 'CPS'])}=${Math.floor(rng() * 101)}`);
      const negativeFor = genes.filter(
        (g) => rng() < 0.2 && !markers.some((m) => m.startsWith(`${g}:`)),
      );
      const profile = profileOf(
        parsePatientQuery({
          ...(markers.length ? { markers: [...new Set(markers)].join(',') } : {}),
          ...(negativeFor.length ? { negativeFor: negativeFor.join(',') } : {}),
        }),
      );
      const memo = new Map<string, RowVerdict>();
      for (let rank = 0; rank < index.size; rank++) {
        const lung = lungRows(index.markers[rank]);
        if (lung.length === 0) continue;
        const expected = judgeTrial(index.markers[rank], profile).status;
        expect(
          matchStatus(trialWays(lung), profile, memo),
          `${index.nctIds[rank]} ${markers}`,
        ).toBe(expected);
        counts[expected] = (counts[expected] ?? 0) + 1;
        trials++;
      }
    }
    // Every status is reached, so each of matchStatus's exits is compared.
    expect(Object.keys(counts).sort()).toEqual(['eligible', 'ineligible', 'needs_testing']);
    expect(trials).toBeGreaterThan(150 * 50);
  });
});
