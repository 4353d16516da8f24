import { describe, expect, it } from 'vitest';
import { extractBiomarkers } from '../../../pipeline/biomarkers/index.js';

/** "+GENE:ALT#group" per row, in output order (group '-' when null). */
function grouped(inclusion: string, exclusion = ''): string[] {
  return extractBiomarkers({ nct_id: 'NCT00000000', inclusion, exclusion }).map(
    (r) =>
      `${r.requirement === 'required' ? '+' : '-'}${r.gene}:${r.alteration ?? '*'}#${r.group ?? '-'}`,
  );
}

describe('requirement groups', () => {
  it('leaves every row of a trial with one way in ungrouped', () => {
    expect(grouped('* KRAS G12C mutation\n* PD-L1 TPS >= 50%')).toEqual([
      '+KRAS:G12C#-',
      '+PD-L1:*#-',
    ]);
  });
  it('makes each gene of an or-list its own way in', () => {
    expect(grouped('* Documented EGFR mutation or ALK rearrangement')).toEqual([
      '+EGFR:*#1',
      '+ALK:FUSION#2',
    ]);
  });
  it('keeps markers joined by "with" in one group', () => {
    expect(grouped('* EGFR mutation with acquired MET amplification')).toEqual([
      '+EGFR:*#-',
      '+MET:AMP#-',
    ]);
  });
  it('makes labelled cohorts alternatives and shares the common criteria', () => {
    const rows = grouped(
      '* PD-L1 TPS >= 1%\n* Cohort A: KRAS G12C mutation\n* Cohort B: BRAF V600E mutation',
    );
    expect(rows).toEqual(['+PD-L1:*#-', '+KRAS:G12C#1', '+BRAF:V600E#2']);
  });
  it('writes a row two ways in share once per group, and never groups an exclusion', () => {
    const rows = grouped(
      '* EGFR mutation or ALK fusion\n* KRAS G12C or BRAF V600E',
      '* ROS1 fusion',
    );
    expect(rows.filter((r) => r.startsWith('+EGFR'))).toEqual(['+EGFR:*#1', '+EGFR:*#2']);
    expect(rows).toContain('-ROS1:FUSION#-');
  });
});
