import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { requireSharedCtgovDir } from '../../../config/shared-data.js';
import { splitCriteria } from '../../../pipeline/eligibility/split-criteria.js';

/**
 * On the shared real v2 records, no exclusion heading (and so no exclusion line after it)
 * is served inside the inclusion criteria. The check is deliberately looser than the
 * splitter: any short line naming an exclusion section without naming inclusion.
 */
describe('section split on the shared v2 records', () => {
  it('serves no exclusion heading under inclusion', () => {
    const file = path.join(requireSharedCtgovDir(), 'v2/studies.jsonl');
    const offenders: string[] = [];
    let withExclusion = 0;
    for (const line of fs.readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
      const p = JSON.parse(line).protocolSection;
      const s = splitCriteria(p.eligibilityModule?.eligibilityCriteria ?? '');
      if (s.exclusion) withExclusion++;
      for (const l of (s.inclusion ?? '').split('\n')) {
        if (/\bexclu(?:sion|sions)\b/i.test(l) && !/\binclu/i.test(l) && l.trim().length < 120)
          offenders.push(`${p.identificationModule.nctId}: ${l.trim()}`);
      }
    }
    expect(offenders).toEqual([]);
    expect(withExclusion).toBeGreaterThan(170);
  });
});
