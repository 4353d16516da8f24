import { describe, expect, it } from 'vitest';
import { enrichRecords } from '../../../pipeline/enrich.js';
import { trialRecord } from '../flags/records.js';

describe('enrichRecords', () => {
  it('sets diagnosis fields and extracts biomarker rows for each trial', () => {
    const records = [
      trialRecord({
        nct_id: 'NCT90000001',
        brief_title: 'Osimertinib in EGFR-mutant NSCLC',
        conditions: ['Non-small Cell Lung Cancer'],
        inclusion_criteria:
          '* Stage IV NSCLC with EGFR exon 19 deletion or L858R\n* PD-L1 TPS >= 50%',
        exclusion_criteria: '* Known ALK rearrangement',
      }),
      trialRecord({
        nct_id: 'NCT90000002',
        brief_title: 'Lurbinectedin in Extensive-Stage Small Cell Lung Cancer',
        conditions: ['Small Cell Lung Cancer'],
        inclusion_criteria: '* ES-SCLC after platinum',
        exclusion_criteria: null,
      }),
    ];
    const out = enrichRecords(records);
    expect(out.summary).toEqual({ trials: 2, withBiomarkers: 1, rows: 4 });
    expect(out.records[0].trial.diagnosis_types).toEqual(['nsclc']);
    expect(out.records[0].trial.nsclc_stages).toEqual(['metastatic']);
    expect(out.records[1].trial.diagnosis_types).toEqual(['sclc']);
    expect(out.records[1].trial.sclc_stages).toEqual(['extensive']);
    expect(
      out.biomarkers
        .map((b) => `${b.nct_id} ${b.requirement} ${b.gene} ${b.alteration ?? b.cutoff}`)
        .sort(),
    ).toEqual([
      'NCT90000001 excluded ALK FUSION',
      'NCT90000001 required EGFR EX19DEL',
      'NCT90000001 required EGFR L858R',
      'NCT90000001 required PD-L1 50',
    ]);
    // The input records are left as they were.
    expect(records[0].trial.diagnosis_types).toEqual([]);
  });
});
