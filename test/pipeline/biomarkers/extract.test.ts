import { describe, expect, it } from 'vitest';
import { extractBiomarkers } from '../../../pipeline/biomarkers/extract.js';
import { extractRows, extractUnits } from '../../helpers/biomarker-units.js';
import { splitCriteria } from '../../../pipeline/eligibility/split-criteria.js';

const rows = extractRows;
const units = extractUnits;

describe('synonyms', () => {
  it('reads HER2 as ERBB2 and its exon 20 insertion', () => {
    expect(units({ inclusion: '* Documented ERBB2 exon 20 insertion mutation' })).toEqual([
      '+HER2:EX20INS',
    ]);
  });
  it('reads exon 19 deletion in its spellings', () => {
    for (const s of [
      'exon 19 deletion',
      'del19',
      'Ex19del',
      'E746_A750del',
      'deletion in exon 19',
      '19del',
    ]) {
      expect(units({ inclusion: `* NSCLC with EGFR ${s}` })).toEqual(['+EGFR:EX19DEL']);
    }
  });
  it('reads ALK fusions from EML4-ALK, ALK-positive, ALK+ and rearrangement', () => {
    for (const s of [
      'EML4-ALK fusion',
      'ALK-positive',
      'ALK+',
      'ALK rearrangement',
      'rearranged ALK',
    ]) {
      expect(units({ inclusion: `* Stage IV NSCLC, ${s} by FISH` })).toEqual(['+ALK:FUSION']);
    }
  });
  it('reads MET exon 14 skipping written as METex14', () => {
    expect(units({ inclusion: '* METex14 skipping alteration' })).toEqual(['+MET:EX14SKIP']);
    expect(units({ inclusion: '* MET exon 14 skipping mutation' })).toEqual(['+MET:EX14SKIP']);
  });
  it('does not read eGFR (glomerular filtration rate) as EGFR', () => {
    expect(units({ inclusion: '* eGFR ≥ 60 mL/min/1.73 m2' })).toEqual([]);
  });
  it('takes a name in brackets as the same mention', () => {
    expect(
      units({
        inclusion:
          '4. Documented Human epidermal growth factor receptor 2 (HER2) mutation in the Tyrosine kinase domain (TKD) as per local lab results.',
      }),
    ).toEqual(['+HER2:MUT']);
  });
});

describe('gene lists', () => {
  it('gives each gene of a list the word after it', () => {
    expect(units({ exclusion: '* Known EGFR, ALK, ROS1 or BRAF alterations' })).toEqual([
      '-ALK',
      '-BRAF',
      '-EGFR',
      '-ROS1',
    ]);
    expect(units({ exclusion: '* Tumours with ALK, ROS1 or RET fusions' })).toEqual([
      '-ALK:FUSION',
      '-RET:FUSION',
      '-ROS1:FUSION',
    ]);
  });
  it('keeps each word with its own gene across a real exclusion list', () => {
    const text =
      '* Nonsmall cell lung cancer that is known at registration to be positive for a tumor activating alteration for which first line targeted therapy is indicated; specifically, a targetable mutation in epidermal growth factor receptor (EGFR), gene rearrangement of anaplastic lymphoma kinase (ALK), gene rearrangement of c-ros oncogene 1 (ROS1), or mutation in B isoform of rapidly accelerated fibrosarcoma (B-Raf).';
    expect(units({ exclusion: text })).toEqual(['-ALK:FUSION', '-BRAF', '-EGFR', '-ROS1:FUSION']);
  });
});

describe('polarity', () => {
  it('reads negation inside inclusion text as exclusion', () => {
    expect(units({ inclusion: '* NSCLC without known EGFR or ALK alterations' })).toEqual([
      '-ALK',
      '-EGFR',
    ]);
    expect(units({ inclusion: '* EGFR wild-type non-squamous NSCLC' })).toEqual(['-EGFR']);
    expect(
      units({ inclusion: '* Tumour negative for EGFR mutation and ALK rearrangement' }),
    ).toEqual(['-ALK:FUSION', '-EGFR']);
    // The sensitising class is its five alterations, never the gene.
    expect(units({ inclusion: '* No sensitizing EGFR mutation' })).toEqual([
      '-EGFR:EX19DEL',
      '-EGFR:G719X',
      '-EGFR:L858R',
      '-EGFR:L861Q',
      '-EGFR:S768I',
    ]);
    expect(
      units({
        inclusion:
          '* Confirmed EGFR and ALK mutation-negative disease based on testing consistent with local guidelines.',
      }),
    ).toEqual(['-ALK', '-EGFR']);
  });
  it('reads exclusion-section mentions as excluded, and a double negation as required', () => {
    expect(units({ exclusion: '* Known EGFR sensitizing mutation' })).toEqual([
      '-EGFR:EX19DEL',
      '-EGFR:G719X',
      '-EGFR:L858R',
      '-EGFR:L861Q',
      '-EGFR:S768I',
    ]);
    expect(units({ exclusion: '* Patients without EGFR mutation' })).toEqual(['+EGFR']);
  });
  it('applies a negated list header to its sub-bullets', () => {
    const inclusion =
      '* Tumours must not harbour any of the following:\n  * EGFR exon 19 deletion\n  * ALK rearrangement';
    expect(units({ inclusion })).toEqual(['-ALK:FUSION', '-EGFR:EX19DEL']);
  });
  it('applies a header to the short items after it at its own bullet, up to a criterion of its own', () => {
    const flat = [
      '* Tumours must not harbour any of the following:',
      '* EGFR exon 19 deletion',
      '* ALK rearrangement',
      '* Patients must have measurable disease per RECIST 1.1 and a KRAS G12C mutation confirmed centrally',
      '* ROS1 fusion',
    ].join('\n');
    expect(units({ inclusion: flat })).toEqual([
      '+KRAS:G12C',
      '+ROS1:FUSION',
      '-ALK:FUSION',
      '-EGFR:EX19DEL',
    ]);
    // Its first item indented deeper makes it a nested header: its siblings are not its items.
    const nested = flat.replace('* EGFR', '  * EGFR').replace('* ALK', '  * ALK');
    expect(units({ inclusion: nested.replace(/\n\* Patients.*$/m, '') })).toEqual([
      '+ROS1:FUSION',
      '-ALK:FUSION',
      '-EGFR:EX19DEL',
    ]);
  });
  it('reads "are excluded" after the mention', () => {
    expect(units({ inclusion: '* BRAF mutated patients are excluded.' })).toEqual(['-BRAF']);
    expect(
      units({
        inclusion:
          '* Participants with ERBB2-activating mutations or ERBB2 gene amplification in the absence of HER2 positivity are considered ineligible.',
      }),
    ).toEqual(['+HER2', '-HER2:AMP', '-HER2:MUT']);
  });
  it('carves exceptions out of the requirement', () => {
    expect(units({ inclusion: '* EGFR mutations excluding exon 20 insertions' })).toEqual([
      '+EGFR',
      '-EGFR:EX20INS',
    ]);
    expect(units({ inclusion: '* Any EGFR mutation other than T790M' })).toEqual([
      '+EGFR',
      '-EGFR:T790M',
    ]);
    expect(
      units({
        inclusion:
          '* Presence of EGFR uncommon mutations (excluding 19del, L858R, T790M) confirmed by genetic testing',
      }),
    ).toEqual(['+EGFR', '-EGFR:EX19DEL', '-EGFR:L858R', '-EGFR:T790M']);
  });
  it('reads an exception in the exclusion section as re-admitting, not requiring', () => {
    expect(
      units({
        exclusion: "* Patient's cancer has a known oncogenic driver alteration other than ALK.",
      }),
    ).toEqual([]);
    expect(
      units({
        exclusion:
          '* Tumors with targetable alterations with approved available therapy, with the exception of HER2 mutation in the TKD.',
      }),
    ).toEqual([]);
  });
  it('reads KRAS non-G12C as KRAS required and G12C excluded', () => {
    expect(
      units({ inclusion: '* Part 2A1: Advanced/metastatic NSCLC with KRAS non-G12C mutations' }),
    ).toEqual(['+KRAS', '-KRAS:G12C']);
  });
  // Mended 2026-11-28 with the bare minus of a gene run (lexicon.ts signState).
  it('drops a marker whose both states the sentence accepts', () => {
    expect(units({ inclusion: '* Breast carcinoma [ER/PR+HER2-; ER/PR-HER2+]' })).toEqual([]);
  });
});

describe('specific alterations', () => {
  it('lets listed alterations specify the gene named before them', () => {
    expect(
      units({ inclusion: '* NSCLC which harbors EGFR exon 19 deletion or L858R mutation.' }),
    ).toEqual(['+EGFR:EX19DEL', '+EGFR:L858R']);
    expect(
      units({
        exclusion:
          '* Sensitizing EGFR mutations (deletion in exon 19, L858R in exon 21, G719X, and L861Q) and/or ALK translocations',
      }),
    ).toEqual(['-ALK:FUSION', '-EGFR:EX19DEL', '-EGFR:G719X', '-EGFR:L858R', '-EGFR:L861Q']);
  });
  it('keeps a gene-level option named after a specific one', () => {
    expect(
      units({
        inclusion: '* Solid tumor with a documented ALK rearrangement or activating ALK mutation.',
      }),
    ).toEqual(['+ALK', '+ALK:FUSION']);
  });
  it('reads KRAS G12C, BRAF V600E and non-V600 forms', () => {
    expect(
      units({
        inclusion: '* Has documentation of KRAS-G12C mutation(s) detected from tumor tissue',
      }),
    ).toEqual(['+KRAS:G12C']);
    expect(units({ inclusion: '* Presence of KRASG12C mutation in tumor tissue' })).toEqual([
      '+KRAS:G12C',
    ]);
    expect(units({ inclusion: '* BRAF V600E mutation-positive NSCLC' })).toEqual(['+BRAF:V600E']);
    expect(units({ inclusion: '* Class II or III BRAF mutation' })).toEqual(['+BRAF:NONV600']);
  });
  it('reads HER2 overexpression, amplification and IHC 3+', () => {
    expect(units({ inclusion: '* HER2 overexpression' })).toEqual(['+HER2:OVEREXP']);
    expect(units({ inclusion: '* HER2 amplification by ISH' })).toEqual(['+HER2:AMP']);
    expect(units({ inclusion: '* HER2-positive (IHC 3+) solid tumors' })).toEqual([
      '+HER2:OVEREXP',
    ]);
  });
});

describe('prior therapy', () => {
  // A prior therapy is not a marker requirement unless the criterion states the marker.
  it('reads progression on a targeted therapy as no marker requirement', () => {
    expect(units({ inclusion: '* Progressed on an EGFR TKI such as osimertinib' })).toEqual([]);
    expect(
      units({
        inclusion:
          '* Has acquired resistance to EGFR tyrosine kinase inhibitor (TKI) according to the Jackman criteria',
      }),
    ).toEqual([]);
    expect(units({ inclusion: '* Disease progression on alectinib or lorlatinib' })).toEqual([]);
    // Stating the marker makes it one.
    expect(units({ inclusion: '* EGFR-mutant NSCLC that progressed on osimertinib' })).toEqual([
      '+EGFR',
    ]);
  });
  it('does not read therapy that is excluded, negated, permitted or an antibody as a driver', () => {
    expect(units({ inclusion: '* No prior EGFR TKI' })).toEqual([]);
    expect(units({ exclusion: '* Prior treatment with a KRAS G12C inhibitor' })).toEqual([]);
    expect(
      units({ exclusion: '1. Prior treatment with KRAS G12C tyrosine kinase inhibitor.' }),
    ).toEqual([]);
    expect(units({ inclusion: '* Prior treatment with an EGFR TKI is allowed' })).toEqual([]);
    expect(units({ inclusion: '* Must have progressed on prior anti-PD-1/PD-L1 therapy' })).toEqual(
      [],
    );
    expect(
      units({
        inclusion:
          '* Prior anti-EGFR therapy (cetuximab, panitumumab) is required for KRAS wild-type CRC',
      }),
    ).toEqual([]);
  });
  it('does not read a conditional "patients with X must have received" as a requirement', () => {
    expect(
      units({
        inclusion:
          '* Subjects with EGFR or ALK mutations will need to progress with prior treatment with appropriate kinase inhibitors.',
      }),
    ).toEqual([]);
    expect(
      units({
        inclusion:
          '* Patients with known EGFR, ALK or ROS1 alterations must have received approved targeted therapy',
      }),
    ).toEqual([]);
  });
});

describe('mentions that are not requirements', () => {
  it('ignores testing, status and regardless-of mentions', () => {
    expect(units({ inclusion: '* Tissue will be tested for PD-L1 expression' })).toEqual([]);
    expect(units({ inclusion: '* Known PD-L1 status' })).toEqual([]);
    expect(units({ inclusion: '* Eligible regardless of PD-L1 expression' })).toEqual([]);
    expect(
      units({ inclusion: '* Availability of tissue for biomarker testing (EGFR, ALK, PD-L1)' }),
    ).toEqual([]);
    expect(
      units({
        inclusion: '* EGFR, ALK, and ROS1 status must be determined prior to initiating therapy.',
      }),
    ).toEqual([]);
    expect(
      units({
        inclusion: '* Patients must provide tissue for PD-L1 biomarker analysis from a core biopsy',
      }),
    ).toEqual([]);
  });
  it('ignores family history and permissive statements', () => {
    expect(
      units({ inclusion: '* Family history of EGFR positive lung cancer L858R or exon 19' }),
    ).toEqual([]);
    expect(
      units({
        inclusion:
          '* Patients with an EGFR mutation in exon 19 or 21 may be included irrespective of their smoking history.',
      }),
    ).toEqual([]);
  });
});

describe('PD-L1 cut-offs', () => {
  const cases: Array<[string, string]> = [
    ['PD-L1 expression >= 50%', '+PD-L1:TPS>=50'],
    ['PD-L1 ≥1% by 22C3', '+PD-L1:TPS>=1'],
    ['PD-L1 <1%', '+PD-L1:TPS<1'],
    ['PD-L1 TPS 1-49%', '+PD-L1:TPS1-49'],
    ['PD-L1 TPS ≥ 50%', '+PD-L1:TPS>=50'],
    ['PD-L1 high (≥50%)', '+PD-L1:TPS>=50'],
    ['PD-L1 expression ≥ 1% and < 50%', '+PD-L1:TPS1-49'],
    ['PD-L1 combined positive score (CPS) ≥ 10', '+PD-L1:CPS>=10'],
    ['PD-L1 tumor proportion score of 50% or greater', '+PD-L1:TPS>=50'],
    [
      'Combined Positive Score (CPS) less than 1, as determined by PD-L1 IHC 22C3 pharmDx',
      '+PD-L1:CPS<1',
    ],
    ['PD-L1 negative', '+PD-L1:TPS<1'],
  ];
  for (const [text, unit] of cases) {
    it(`reads "${text}"`, () => expect(units({ inclusion: `* ${text}` })).toEqual([unit]));
  }
  it('fills metric, comparator and cut-offs on the row', () => {
    const [r] = rows({ inclusion: '* PD-L1 TPS 1-49%' });
    expect(r).toMatchObject({
      gene: 'PD-L1',
      alteration: null,
      metric: 'TPS',
      comparator: 'between',
      cutoff: 1,
      cutoff_high: 49,
    });
  });
  it('reads each cohort range of one sentence', () => {
    expect(units({ inclusion: '* Cohort A: PD-L1 TPS ≥50%; Cohort B: PD-L1 TPS 1-49%' })).toEqual([
      '+PD-L1:TPS1-49',
      '+PD-L1:TPS>=50',
    ]);
  });
  it('ignores immune-cell scores', () => {
    expect(
      units({
        inclusion: '* PD-L1 expression on ≥ 50% TC or ≥ 10% tumor infiltrating immune cells (IC)',
      }),
    ).toEqual(['+PD-L1:TPS>=50']);
  });
  it('reads a PD-L1 cut-off in the exclusion section as excluded', () => {
    expect(units({ exclusion: '* PDL-1 < 1%' })).toEqual(['-PD-L1:TPS<1']);
  });
});

describe('titles and conditions', () => {
  it('reads a qualified mention in a title as a requirement', () => {
    expect(units({ title: 'Adagrasib in KRAS G12C-mutated NSCLC' })).toEqual(['+KRAS:G12C']);
    expect(units({ conditions: ['HER2-negative Breast Cancer'] })).toEqual(['-HER2']);
  });
  it('ignores a bare gene name or a therapy in a title', () => {
    expect(
      units({ title: 'Anti-PD-L1 antibody with chemotherapy', conditions: ['PD-L1'] }),
    ).toEqual([]);
  });
  it('drops the title gene row when the criteria state the same gene', () => {
    expect(
      units({
        title: 'Osimertinib in EGFR-mutant NSCLC',
        inclusion: '* EGFR exon 19 deletion or L858R',
      }),
    ).toEqual(['+EGFR:EX19DEL', '+EGFR:L858R']);
  });
  it('labels each row with its section and source sentence', () => {
    const r = rows({
      title: 'Study of X in ALK-positive NSCLC',
      exclusion: '* Known EGFR mutation. Other text.',
    });
    expect(r.map((x) => [x.gene, x.section, x.source_text])).toEqual([
      ['EGFR', 'exclusion', 'Known EGFR mutation.'],
      ['ALK', 'title', 'Study of X in ALK-positive NSCLC'],
    ]);
  });
});

describe('dedupe', () => {
  it('keeps one row per gene, alteration, requirement and cut-off', () => {
    const r = rows({ inclusion: '* KRAS G12C mutation.\n* Documented KRAS G12C mutation by NGS.' });
    expect(r).toHaveLength(1);
  });
});

describe('rules found on unseen trials', () => {
  it('does not flip an exclusion that says "are excluded" again', () => {
    expect(
      units({
        exclusion:
          '* Participants with known activating RET mutations or NTRK fusion gene alterations are excluded.',
      }),
    ).toEqual(['-NTRK:FUSION', '-RET']);
  });
  it('does not read "including but not limited to" as a negation', () => {
    expect(
      units({
        exclusion:
          '* Known oncogene driver mutations (e.g., including but not limited to, epidermal growth factor receptor [EGFR], anaplastic lymphoma kinase [ALK])',
      }),
    ).toEqual(['-ALK', '-EGFR']);
  });
  it('keeps the gene-level row when alterations are only examples', () => {
    expect(
      units({
        inclusion:
          '8. No active EGFR mutations (including but not limited to exon 19 deletions, exon 21 L858R) or ALK rearrangements;',
      }),
    ).toEqual(['-ALK:FUSION', '-EGFR']);
  });
  it('reads "negative for PD-L1" as TPS < 1 and "p. G12C" as one variant', () => {
    expect(
      units({
        inclusion:
          '* NSCLC with KRAS p. G12C mutation and negative for PD-L1 expression by central testing',
      }),
    ).toEqual(['+KRAS:G12C', '+PD-L1:TPS<1']);
  });
  it('keeps KRAS required for variants without an id of their own', () => {
    expect(
      units({ inclusion: '* Solid tumor with KRAS G12A, G12C, G12D, G12S, or G12V mutation' }),
    ).toEqual(['+KRAS', '+KRAS:G12C', '+KRAS:G12D', '+KRAS:G12V']);
  });
  it('ignores PD-L1 assay names and "any PD-L1 expression (0 to 100%)"', () => {
    expect(
      units({
        inclusion:
          '* Any PD-L1 expression (0 to 100%) as determined by VENTANA PD-L1 (SP263) assay or Agilent PD-L1 IHC 22C3 pharmDx.',
      }),
    ).toEqual([]);
  });
  it('reads a criteria heading with a long bracketed note', () => {
    const r = extractBiomarkers({
      nct_id: 'NCT00000000',
      ...splitCriteria(
        'Inclusion Criteria (1st Screening prior to Tumor Resection - See below):\n\n* NSCLC\n\nExclusion Criteria (1st Screening prior to Tumor Resection - See below):\n\n* Known EGFR mutation',
      ),
    });
    expect(r.map((x) => `${x.requirement} ${x.gene}`)).toEqual(['excluded EGFR']);
  });
});

describe('constructs of issue 19 (negated lists, testing notes, synonyms, titles)', () => {
  const FIVE = (sign: string) =>
    ['EX19DEL', 'G719X', 'L858R', 'L861Q', 'S768I'].map((a) => `${sign}EGFR:${a}`);
  it('a negated list stays negated past words nobody listed', () => {
    expect(
      units({
        inclusion:
          '* Participants must not have other known actionable alterations, such as (but not limited to) EGFR sensitising mutations, MET exon 14 skipping mutant NSCLC, ALK gene fusion, ROS1 rearrangement, RET, NTRK, HER2, KRAS or BRAF',
      }),
    ).toEqual(
      [
        ...FIVE('-'),
        '-MET:EX14SKIP',
        '-ALK:FUSION',
        '-ROS1:FUSION',
        '-RET',
        '-NTRK',
        '-HER2',
        '-KRAS',
        '-BRAF',
      ].sort(),
    );
    expect(
      units({
        inclusion:
          '* NSCLC without targetable or oncogene-driven mutations (i.e., EGFR mutations, ALK rearrangement, ROS1 rearrangement)',
      }),
    ).toEqual(['-ALK:FUSION', '-EGFR', '-ROS1:FUSION']);
  });
  it('a testing note in brackets does not lift the gate', () => {
    expect(
      units({
        inclusion:
          '* No known actionable alteration of BRAF, MET, NTRK or RET (tests for these need not be done before entry)',
      }),
    ).toEqual(['-BRAF', '-MET', '-NTRK', '-RET']);
  });
  it('reads "mEGFR" as EGFR and "RAS mutation" as KRAS', () => {
    expect(units({ inclusion: '* Patients with mEGFR NSCLC' })).toEqual(['+EGFR']);
    expect(units({ inclusion: '* Solid tumour with a RAS mutation' })).toEqual(['+KRAS']);
  });
  it('drops a condition the criteria exclude', () => {
    expect(
      units({
        inclusion: '* Advanced NSCLC',
        exclusion: '* Known EGFR mutation',
        conditions: ['EGFR Mutation', 'NSCLC'],
      }),
    ).toEqual(['-EGFR']);
  });
  it('reads expression as OVEREXP and a PD-L1 value without comparator as a lower bound', () => {
    expect(units({ inclusion: '* Solid tumours with EGFR expression' })).toEqual(['+EGFR:OVEREXP']);
    expect(units({ inclusion: '* MET overexpression by IHC' })).toEqual(['+MET:OVEREXP']);
    expect(units({ inclusion: '* PD-L1 expression 50% by 22C3' })).toEqual(['+PD-L1:TPS>=50']);
  });
});
