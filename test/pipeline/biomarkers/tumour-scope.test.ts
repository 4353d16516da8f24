import { describe, expect, it } from 'vitest';
import { explainBiomarkers } from '../../../pipeline/biomarkers/extract.js';

const rows = (inclusion: string | null, exclusion: string | null = null, conditions: string[] = []) =>
  explainBiomarkers({ nct_id: 'NCT00000000', inclusion, exclusion, conditions }).map(
    (r) => `${r.requirement === 'required' ? '+' : '-'}${r.gene}:${r.alteration ?? '*'}@${r.scope}`,
  );

describe('tumour scope of biomarker rows', () => {
  it('a marker qualifying a breast cohort is scoped to that cohort, not to lung patients', () => {
    expect(rows('* Part B: NSCLC with HER2 exon 20 insertion\n* Part C: HR-positive, HER2-negative breast carcinoma')).toEqual([
      '+HER2:EX20INS@lung',
      '-HER2:*@other_tumour',
    ]);
  });

  it('an excluded melanoma cohort does not exclude BRAF for lung patients', () => {
    expect(rows(null, '* Melanoma with a BRAF V600 mutation is excluded')).toEqual(['-BRAF:V600E@other_tumour']);
  });

  it('a condition naming another tumour is scoped to it', () => {
    expect(rows(null, null, ['HER2-negative Breast Cancer', 'KRAS G12C-mutated NSCLC'])).toEqual([
      '-HER2:*@other_tumour',
      '+KRAS:G12C@lung',
    ]);
  });

  it('a clause naming lung among several tumours stays a lung requirement', () => {
    expect(rows('* Locally advanced or metastatic NSCLC (cohort 1) or PDAC (cohort 2) with a documented KRAS G12D mutation')).toEqual(['+KRAS:G12D@lung']);
    expect(rows('* Solid tumours (excluding breast cancer) with an NTRK gene fusion')).toEqual(['+NTRK:FUSION@lung']);
  });

  it('gene names spelled out are not tumour names', () => {
    expect(rows(null, '* Known driver mutations (e.g. Kirsten rat sarcoma viral oncogene [KRAS] G12C, anaplastic lymphoma kinase [ALK])')).toEqual([
      '-KRAS:G12C@lung',
      '-ALK:*@lung',
    ]);
  });

  it('a list header naming another tumour scopes its items', () => {
    expect(rows('Gastric cancer cohort:\n\n* HER2-positive by IHC 3+\n\nNSCLC cohort:\n\n* EGFR exon 19 deletion')).toEqual([
      '+HER2:OVEREXP@other_tumour',
      '+EGFR:EX19DEL@lung',
    ]);
  });
});
