import { describe, expect, it } from 'vitest';
import { classifyDiagnosis, type DiagnosisInput } from '../../diagnosis/classify.js';

function classify(p: Partial<DiagnosisInput>) {
  return classifyDiagnosis({
    conditions: [],
    mesh_terms: [],
    title: null,
    official_title: null,
    keywords: [],
    inclusion: null,
    ...p,
  });
}

describe('classifyDiagnosis', () => {
  it('does not read "small cell" inside non-small cell as SCLC', () => {
    for (const c of [
      'Non-Small Cell Lung Cancer',
      'Non Small Cell Lung Cancer',
      'non-small-cell lung carcinoma',
      'Carcinoma, Non-Small-Cell Lung',
    ]) {
      expect(classify({ conditions: [c] }).diagnosis_types).toEqual(['nsclc']);
    }
  });
  it('reads squamous, adenocarcinoma and large cell lung carcinomas as NSCLC', () => {
    expect(classify({ conditions: ['Lung Adenocarcinoma'] }).diagnosis_types).toEqual(['nsclc']);
    expect(
      classify({ conditions: ['Squamous Cell Carcinoma of the Lung'] }).diagnosis_types,
    ).toEqual(['nsclc']);
    expect(classify({ title: 'Large cell carcinoma of the lung' }).diagnosis_types).toEqual([
      'nsclc',
    ]);
  });
  it('reads SCLC, both and neither', () => {
    expect(classify({ conditions: ['Small Cell Lung Cancer'] }).diagnosis_types).toEqual(['sclc']);
    expect(
      classify({ title: 'Study in Small Cell Lung Cancer (SCLC) or Non-small Cell Lung Cancer' })
        .diagnosis_types,
    ).toEqual(['nsclc', 'sclc']);
    expect(
      classify({ conditions: ['Malignant Pleural Mesothelioma', 'Lung Carcinoid Tumor'] })
        .diagnosis_types,
    ).toEqual([]);
  });
  it('ignores negated SCLC mentions in the inclusion criteria', () => {
    const inclusion =
      '1. Pathologically proven NSCLC. Tumors with any component of small cell lung cancer are excluded.';
    expect(classify({ inclusion }).diagnosis_types).toEqual(['nsclc']);
  });
  it('reads SCLC stages in their spellings', () => {
    expect(classify({ conditions: ['ES-SCLC'] }).sclc_stages).toEqual(['extensive']);
    expect(
      classify({ title: 'Durvalumab in Limited-Stage Small Cell Lung Cancer' }).sclc_stages,
    ).toEqual(['limited']);
    expect(
      classify({
        conditions: ['Small Cell Lung Cancer'],
        inclusion: '* LS-SCLC or extensive-stage disease',
      }).sclc_stages,
    ).toEqual(['limited', 'extensive']);
    expect(classify({ conditions: ['Small Cell Lung Cancer'] }).sclc_stages).toEqual([]);
  });
  it('reads NSCLC stage signals', () => {
    expect(
      classify({ conditions: ['NSCLC'], inclusion: '* Unresectable stage III NSCLC' }).nsclc_stages,
    ).toEqual(['stage_iii_unresectable']);
    expect(
      classify({
        conditions: ['NSCLC'],
        inclusion: '* Locally advanced or metastatic NSCLC (stage IV)',
      }).nsclc_stages,
    ).toEqual(['locally_advanced', 'metastatic']);
    expect(
      classify({ title: 'Adjuvant therapy in early-stage resected NSCLC' }).nsclc_stages,
    ).toEqual(['early', 'resectable']);
    expect(
      classify({ conditions: ['NSCLC'], inclusion: '* Unresectable disease' }).nsclc_stages,
    ).toEqual([]);
  });
});

describe('classifyDiagnosis: lung at all, and stage signals read in their clause (issue 9)', () => {
  it('a trial that never names lung cancer is not a lung trial', () => {
    expect(classify({ conditions: ['Intrahepatic Cholangiocarcinoma (Icc)'] }).lung_cancer).toBe(
      false,
    );
    expect(
      classify({
        conditions: ['Malignant Pleural Mesothelioma'],
        inclusion: '* Measurable disease per Response Evaluation Criteria in Solid Tumors (RECIST)',
      }).lung_cancer,
    ).toBe(false);
    expect(
      classify({ conditions: ['Acute Lung Injury'], inclusion: '* Lung function FEV1 > 50%' })
        .lung_cancer,
    ).toBe(false);
  });
  it('lung cancer with no type signal, and all-solid-tumour baskets, are lung trials', () => {
    expect(classify({ conditions: ['Lung Neoplasms'] })).toMatchObject({
      lung_cancer: true,
      diagnosis_types: [],
    });
    expect(classify({ title: 'A Study of XYZ in Advanced Solid Tumors' }).lung_cancer).toBe(true);
  });
  it('history of surgery or adjuvant therapy does not make an advanced trial resectable', () => {
    const inclusion =
      '* Unresectable or stage IV NSCLC\n* Prior adjuvant or neoadjuvant chemotherapy is allowed if completed more than 6 months ago\n* No major surgery within 4 weeks';
    expect(classify({ conditions: ['NSCLC'], inclusion }).nsclc_stages).not.toContain('resectable');
    expect(
      classify({
        conditions: ['NSCLC'],
        inclusion: '* Resectable stage II-IIIA NSCLC, candidate for neoadjuvant therapy',
      }).nsclc_stages,
    ).toContain('resectable');
  });
  it('"limited or extensive stage disease" is both SCLC stages', () => {
    expect(
      classify({
        conditions: ['Small Cell Lung Cancer'],
        inclusion: '* SCLC, limited or extensive stage disease',
      }).sclc_stages,
    ).toEqual(['limited', 'extensive']);
    expect(
      classify({
        conditions: ['Small Cell Lung Cancer'],
        inclusion: '* Extensive or limited-stage SCLC',
      }).sclc_stages,
    ).toEqual(['limited', 'extensive']);
  });
});

describe('classifyDiagnosis: negation words', () => {
  it('"non" negates only the word it is attached to', () => {
    expect(
      classify({
        inclusion: '1. Histologically confirmed stage III (non-N3) NSCLC before chemoradiotherapy',
      }).diagnosis_types,
    ).toEqual(['nsclc']);
  });
});

describe('classifyDiagnosis: population, excluded types and stages of untyped trials (issue 21)', () => {
  it('tells lung cancer, pan-tumour, screening and other-tumour trials apart', () => {
    expect(classify({ conditions: ['Non-Small Cell Lung Cancer'] }).population).toBe('lung_cancer');
    expect(classify({ conditions: ['Advanced Solid Tumors'] }).population).toBe('pan_tumour');
    expect(
      classify({ conditions: ['Non-small Cell Lung Cancer', 'Colorectal Cancer', 'Melanoma'] })
        .population,
    ).toBe('pan_tumour');
    expect(classify({ conditions: ['Lung Cancer Screening'] }).population).toBe('screening');
    expect(classify({ conditions: ['Pulmonary Nodule, Solitary', 'Lung Cancer'] }).population).toBe(
      'screening',
    );
    expect(classify({ conditions: ['Intrahepatic Cholangiocarcinoma (Icc)'] }).population).toBe(
      'other_tumour',
    );
    // A well-differentiated neuroendocrine tumour of the lung is not lung cancer.
    const net = classify({
      conditions: ['Neuroendocrine Tumor Grade 1', 'Neuroendocrine Tumor of the Lung'],
    });
    expect([net.population, net.lung_cancer]).toEqual(['other_tumour', false]);
  });
  it('reads the inclusion criteria only when the described fields name no tumour', () => {
    expect(
      classify({ conditions: ['Immunotherapy'], inclusion: '* Advanced solid tumours' }).population,
    ).toBe('pan_tumour');
    expect(
      classify({ conditions: ['Pancreatic Cancer'], inclusion: '* Advanced solid tumours' })
        .population,
    ).toBe('other_tumour');
  });
  it('keeps screening words beside a diagnosed disease a lung cancer trial', () => {
    expect(
      classify({ title: 'Screening for brain metastases in metastatic lung cancer' }).population,
    ).toBe('lung_cancer');
  });
  it('reads the types the criteria rule out, never a subgroup or history', () => {
    const basket = classify({
      conditions: ['Advanced Solid Tumors'],
      exclusion: '* Small cell, carcinoid or GIST tumours are excluded.',
    });
    expect([basket.diagnosis_types, basket.excluded_types]).toEqual([[], ['sclc']]);
    expect(
      classify({
        conditions: ['Advanced Solid Tumors'],
        exclusion: '* NSCLC with an EGFR mutation\n* History of small cell lung cancer',
      }).excluded_types,
    ).toEqual([]);
    expect(
      classify({
        conditions: ['Advanced Solid Tumors'],
        inclusion: '* Solid tumours; small cell or mixed histologies are excluded',
      }).excluded_types,
    ).toEqual(['sclc']);
    // A type the trial is classified as is never also excluded.
    expect(
      classify({
        conditions: ['Small Cell Lung Cancer'],
        exclusion: '* Non-small cell lung cancer',
      }).excluded_types,
    ).toEqual(['nsclc']);
    // A mixed histology excluded leaves either pure type in; "any small cell histology" does not.
    const mixed = (exclusion: string) =>
      classify({ conditions: ['Advanced Solid Tumors'], exclusion }).excluded_types;
    expect(mixed('* Mixed small cell and NSCLC histology')).toEqual([]);
    expect(
      mixed('1. For Part 2: mixed nonsmall cell and small cell carcinoma, or adenosquamous'),
    ).toEqual([]);
    expect(
      mixed(
        '1. Has any evidence of small cell histology, or combined small cell and non-small cell',
      ),
    ).toEqual(['sclc']);
  });
  it('reads NSCLC stage signals of untyped lung trials, and SCLC stages from TNM words', () => {
    expect(classify({ conditions: ['Metastatic Solid Tumors'] }).nsclc_stages).toEqual([
      'metastatic',
    ]);
    expect(
      classify({
        conditions: ['Small Cell Lung Cancer'],
        inclusion: '* Stage II or operable stage III disease',
      }).sclc_stages,
    ).toEqual(['limited']);
    expect(
      classify({ conditions: ['Small Cell Lung Cancer'], inclusion: '* Stage IV disease' })
        .sclc_stages,
    ).toEqual(['extensive']);
  });
});
