import { describe, expect, it } from 'vitest';
import { explainBiomarkers } from '../../../pipeline/biomarkers/extract.js';

/** Rows of named markers: a class of drivers excluded (driver_class) is driver-class.test.ts's. */
const namedRows = (input: Parameters<typeof explainBiomarkers>[0]) =>
  explainBiomarkers(input).filter((r) => r.scope !== 'driver_class');

const rows = (
  inclusion: string | null,
  exclusion: string | null = null,
  conditions: string[] = [],
) =>
  namedRows({ nct_id: 'NCT00000000', inclusion, exclusion, conditions }).map(
    (r) => `${r.requirement === 'required' ? '+' : '-'}${r.gene}:${r.alteration ?? '*'}@${r.scope}`,
  );

describe('tumour scope of biomarker rows', () => {
  it('a marker qualifying a breast cohort is scoped to that cohort, not to lung patients', () => {
    expect(
      rows(
        '* Part B: NSCLC with HER2 exon 20 insertion\n* Part C: HR-positive, HER2-negative breast carcinoma',
      ),
    ).toEqual(['+HER2:EX20INS@lung', '-HER2:*@other_tumour']);
  });

  it('an excluded melanoma cohort does not exclude BRAF for lung patients', () => {
    expect(rows(null, '* Melanoma with a BRAF V600 mutation is excluded')).toEqual([
      '-BRAF:V600E@other_tumour',
    ]);
  });

  it('a condition naming another tumour is scoped to it', () => {
    expect(rows(null, null, ['HER2-negative Breast Cancer', 'KRAS G12C-mutated NSCLC'])).toEqual([
      '-HER2:*@other_tumour',
      '+KRAS:G12C@lung',
    ]);
  });

  it('a clause naming lung among several tumours stays a lung requirement', () => {
    expect(
      rows(
        '* Locally advanced or metastatic NSCLC (cohort 1) or PDAC (cohort 2) with a documented KRAS G12D mutation',
      ),
    ).toEqual(['+KRAS:G12D@lung']);
    expect(rows('* Solid tumours (excluding breast cancer) with an NTRK gene fusion')).toEqual([
      '+NTRK:FUSION@lung',
    ]);
  });

  it('gene names spelled out are not tumour names', () => {
    expect(
      rows(
        null,
        '* Known driver mutations (e.g. Kirsten rat sarcoma viral oncogene [KRAS] G12C, anaplastic lymphoma kinase [ALK])',
      ),
    ).toEqual(['-KRAS:G12C@lung', '-ALK:*@lung']);
  });

  it('a tumour named in brackets qualifies what the brackets describe', () => {
    expect(
      rows(null, '* Cohorts 1 and 2 (gastric cancer) only: known HER2-positive status'),
    ).toEqual(['-HER2:*@other_tumour']);
    expect(rows('* Arm B (colorectal cancer): KRAS wild-type tumours')).toEqual([
      '-KRAS:*@other_tumour',
    ]);
  });

  it("an aside after another tumour's name stays with it in a list that names NSCLC", () => {
    expect(
      rows(
        '* Advanced solid tumours: breast carcinoma [HR-positive and HER2-negative], NSCLC, cervical cancer',
      ),
    ).toEqual(['-HER2:*@other_tumour']);
    expect(rows('* NSCLC (EGFR-mutant) or breast cancer')).toEqual(['+EGFR:*@lung']);
  });

  it('a list header naming another tumour scopes its items', () => {
    expect(
      rows(
        'Gastric cancer cohort:\n\n* HER2-positive by IHC 3+\n\nNSCLC cohort:\n\n* EGFR exon 19 deletion',
      ),
    ).toEqual(['+HER2:OVEREXP@other_tumour', '+EGFR:EX19DEL@lung']);
  });
});

describe('constructs from real blind dev batches (issue 9)', () => {
  it('a lab value named like a gene is not a marker', () => {
    expect(
      rows(
        '* ALK ≤ 2.5 ULN (unless documented bone or liver metastases where ≤ 5X ULN is permitted)',
      ),
    ).toEqual([]);
  });
  it('strata of an analysis gate nothing', () => {
    expect(
      rows(
        '* Tumor PD-L1 status (TC score < 1% vs. >/= 1% vs. unknown) as determined using the SP263 assay',
      ),
    ).toEqual([]);
  });
  // Known miss of the ConText engine (2026-11-27); right under the old chain patterns.
  it.fails('how a marker is scored gates nothing', () => {
    expect(rows('* HER2 expression scored using current ASCO/CAP guidelines')).toEqual([]);
  });
  it('negative oncogene driver mutations in the exclusion restate the inclusion', () => {
    expect(
      rows(
        '* Patients with positive oncogene driver mutation (EGFR or ALK)',
        '* Patients with negative oncogene driver mutations (EGFR/ALK)',
      ),
    ).toEqual(['+EGFR:*@lung', '+ALK:*@lung']);
  });
  it('"which may include" offers an alteration, it does not require it', () => {
    expect(
      rows(
        '* EGFR mutation (Ex19del or L858R), alone or with other EGFR mutations, which may include T790M',
      ),
    ).toEqual(['+EGFR:EX19DEL@lung', '+EGFR:L858R@lung']);
  });
  it('"eg," without dots introduces examples', () => {
    expect(rows('* other uncommon EGFR mutation (eg, G719X, L861Q, or S768I)')).toEqual([
      '+EGFR:*@lung',
    ]);
  });
  it('a gene written after its alterations is specified by them', () => {
    expect(
      rows('* Stage IV NSCLC with either the L858R or exon 19 deletion activating EGFR mutation'),
    ).toEqual(['+EGFR:L858R@lung', '+EGFR:EX19DEL@lung']);
  });
  // Known miss of the ConText engine (2026-11-27); right under the old chain patterns.
  it.fails('the target of an excluded prior therapy is not an excluded marker', () => {
    expect(
      rows(
        null,
        '* Previous participation in clinical trials of ALK or NTRK fusion gene targeted therapies',
      ),
    ).toEqual([]);
    // Without a prior-therapy cue the mutations themselves are excluded.
    expect(
      rows(
        null,
        '* EGFR sensitizing mutation and/or BRAF V600 mutations directed therapy is indicated',
      ),
    ).toEqual(['-EGFR:*@lung', '-BRAF:V600E@lung']);
  });
  it('allowed prior lines do not imply a driver', () => {
    expect(rows('* at most 2 lines of prior therapy (second line: EGFR-targeted therapy)')).toEqual(
      [],
    );
  });
  it('an escaped caret joins a gene and its variant', () => {
    expect(rows('* KRAS\\^G12C-mutant NSCLC')).toEqual(['+KRAS:G12C@lung']);
  });
  // Known miss of the ConText engine (2026-11-27); right under the old chain patterns.
  it.fails('a test method between the gene and its state', () => {
    expect(rows('* NSCLC, EGFR FISH positive', '* EGFR FISH negative tumor')).toEqual([
      '+EGFR:*@lung',
    ]);
  });
});

describe('negation carried over an example or definition list (issue 9, class 2)', () => {
  const negated = [
    '* Subjects must not harbour another targetable alteration, for example (among others) an EGFR activating mutation, an ALK fusion or a ROS1 rearrangement',
    '* Stage IV NSCLC lacking actionable drivers (that is, EGFR, ALK, ROS1)',
    '* Patients must not have a known actionable genomic alteration, i.e. EGFR mutation, ALK rearrangement or ROS1 fusion',
    '* No evidence of oncogenic drivers including (but not limited to) EGFR, ALK and ROS1',
    '* Tumours lacking targetable alterations (such as EGFR activating mutations, ALK or ROS1 rearrangements, or others for which an approved therapy exists)',
  ];
  it.each(negated)('%s', (text) => {
    const got = rows(text);
    for (const r of got) expect(r.startsWith('-')).toBe(true);
    // "EGFR activating mutation" is the sensitising class: five EGFR rows, one gene.
    expect([...new Set(got.map((r) => r.split(':')[0]))]).toEqual(['-EGFR', '-ALK', '-ROS1']);
  });
});

describe('statements that gate nothing (issue 9, class 4)', () => {
  it.each([
    "* The tumour's ALK status may be known or not",
    '* Concurrent osimertinib is permitted in cohort B',
    '* Patients with EGFR T790M may enrol',
  ])('%s', (text) => {
    expect(rows(text)).toEqual([]);
  });
});

describe('lexicon forms from real trials', () => {
  it('"MET14 exon skipping" is MET exon 14 skipping', () => {
    expect(
      rows(null, '* Known driver mutations, including: MET14 exon skipping mutation, RET fusion'),
    ).toEqual(['-MET:EX14SKIP@lung', '-RET:FUSION@lung']);
  });
  it('a bracketed "ROS" in a list of drivers is ROS1', () => {
    expect(
      rows(
        null,
        '* Known oncogene driver mutations (e.g., epidermal growth factor receptor [EGFR], reactive oxygen species [ROS], BRAF)',
      ),
    ).toEqual(['-EGFR:*@lung', '-ROS1:*@lung', '-BRAF:*@lung']);
  });
});

describe('tumour scope: a marker written before a tumour noun qualifies that tumour', () => {
  // Known miss of the ConText engine (2026-11-27); right under the old chain patterns.
  it.fails('conditions run together on one line keep each marker with its tumour', () => {
    const got = namedRows({
      nct_id: 'NCT00000000',
      inclusion:
        '* EGFR/ALK wild-type adenocarcinoma non-small cell lung cancer (NSCLC) PD-L1+ (CPS≥1) triple-negative breast cancer (TNBC) HER2- gastric adenocarcinoma',
      exclusion: null,
    }).map(
      (r) =>
        `${r.requirement === 'required' ? '+' : '-'}${r.gene}:${r.metric ? `${r.metric}${r.comparator}${r.cutoff}` : (r.alteration ?? '*')}@${r.scope}`,
    );
    expect(got).toEqual([
      '-EGFR:*@lung',
      '-ALK:*@lung',
      '+PD-L1:CPS>=1@other_tumour',
      '-HER2:*@other_tumour',
    ]);
  });
  it('a tumour noun heading a list that includes lung keeps the marker for lung', () => {
    expect(rows('* TrkA-driven HNC, Esophageal, Lung, Mesothelioma, Pancreatic cancers')).toEqual([
      '+NTRK:*@lung',
    ]);
  });
  it('a later clause saying the marker is not a requirement', () => {
    expect(
      rows(
        '* All NSCLC patients may be tested for EGFR and ALK as part of standard of care, but it is not a requirement of the trial',
      ),
    ).toEqual([]);
  });
});

describe('a PD-L1 score beside the marker', () => {
  const pdl1 = (inclusion: string) =>
    namedRows({ nct_id: 'NCT00000000', inclusion, exclusion: null }).map(
      (r) => `${r.gene}:${r.comparator ?? ''}${r.cutoff ?? ''}`,
    );

  it('states its value in brackets too, so a test named after it does not lift the gate', () => {
    expect(
      pdl1(
        '* High tumour cell PD-L1 expression [Tumor Proportion Score (TPS) ≥50%] based on documented status as determined by an approved test',
      ),
    ).toEqual(['PD-L1:>=50']);
    expect(pdl1('* PD-L1 expression (TPS ≥ 1%) status as determined by a local test')).toEqual([
      'PD-L1:>=1',
    ]);
  });

  it('gives strata, not a value, when the brackets hold both sides of a cut-off', () => {
    expect(pdl1('* PD-L1 status (TPS ≥ 50% vs < 50%) must be known')).toEqual([]);
    expect(pdl1('* PD-L1 status (TPS < 1% or ≥ 1%) must be documented')).toEqual([]);
  });
});

describe('a test result stated as found', () => {
  it('reads "testing for a definite X mutation" as X found, a test to be done as nothing', () => {
    expect(
      rows(
        '* Previous genetic testing for a definite EGFR-sensitive mutation and progression after ' +
          'osimertinib; or previous genetic testing for a definite T790M mutation',
      ),
    ).toEqual([
      '+EGFR:EX19DEL@lung',
      '+EGFR:L858R@lung',
      '+EGFR:G719X@lung',
      '+EGFR:L861Q@lung',
      '+EGFR:S768I@lung',
      '+EGFR:T790M@lung',
    ]);
    expect(rows('* Tumour tissue available for testing for EGFR mutations')).toEqual([]);
  });
});

describe('criteria text as web pages and exports copy it', () => {
  it('a criterion hard-wrapped onto the next lines is one statement', () => {
    expect(
      rows(
        '- Patients must not have known actionable alterations such as EGFR\nsensitising mutations, ALK fusion, ROS1 rearrangement, BRAF V600E\nmutation or RET fusion.\n\n- ECOG 0-1',
      ),
    ).toEqual([
      '-EGFR:EX19DEL@lung',
      '-EGFR:L858R@lung',
      '-EGFR:G719X@lung',
      '-EGFR:L861Q@lung',
      '-EGFR:S768I@lung',
      '-ALK:FUSION@lung',
      '-ROS1:FUSION@lung',
      '-BRAF:V600E@lung',
      '-RET:FUSION@lung',
    ]);
  });

  it('criteria separated by a blank line or by their own bullets stay apart', () => {
    expect(rows('- No known EGFR mutation\n\nALK fusion documented by FISH')).toEqual([
      '-EGFR:*@lung',
      '+ALK:FUSION@lung',
    ]);
    expect(rows('- No known EGFR mutation\n- ALK fusion documented by FISH')).toEqual([
      '-EGFR:*@lung',
      '+ALK:FUSION@lung',
    ]);
  });

  it('"(i.e., ..." at the start of a wrapped line is no roman-numeral bullet', () => {
    expect(
      rows(
        '* Must not harbour other actionable alterations\n(i.e., BRAF V600E mutation or ROS1 fusion)',
      ),
    ).toEqual(['-BRAF:V600E@lung', '-ROS1:FUSION@lung']);
  });

  it('"lacks" negates like "lacking"', () => {
    expect(rows('* Tumour lacks an EGFR mutation or ALK rearrangement')).toEqual([
      '-EGFR:*@lung',
      '-ALK:FUSION@lung',
    ]);
  });
});

describe('a lung cancer the criterion carves out', () => {
  it('leaves the marker to the other tumours', () => {
    expect(
      rows('* Any solid tumour with a KRAS G12C mutation other than NSCLC or colorectal cancer'),
    ).toEqual(['+KRAS:G12C@other_tumour']);
    expect(rows('* Advanced solid tumors (except NSCLC) harbouring an NTRK fusion')).toEqual([
      '+NTRK:FUSION@other_tumour',
    ]);
    expect(
      rows(
        '* Tumors that express HER2, excluding the tumors mentioned above, and breast, non-small cell lung cancer, gastric cancer',
      ),
    ).toEqual(['+HER2:*@other_tumour']);
  });

  it('but an exception in brackets after a marker exempts a subgroup from that marker only', () => {
    expect(
      rows(
        null,
        '* Known actionable mutation of EGFR (except for NSCLC subjects in Cohort C), ALK or ROS1',
      ),
    ).toEqual(['-EGFR:*@lung', '-ALK:*@lung', '-ROS1:*@lung']);
  });
});

describe('the other state joined on', () => {
  it('ends a negation: "negative for X, and positive for Y" requires Y', () => {
    expect(
      rows('* NSCLC negative for PD-L1 expression, and positive for a KRAS G12C mutation'),
    ).toEqual(['+PD-L1:*@lung', '+KRAS:G12C@lung']);
  });

  it('but "must not be positive for" stays one negation', () => {
    expect(
      rows('* Tumours must not be positive for EGFR exon 19 deletion or ALK rearrangement'),
    ).toEqual(['-EGFR:EX19DEL@lung', '-ALK:FUSION@lung']);
  });
});
