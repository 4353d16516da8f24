/**
 * Constructs found in blind-labelled batches (see pipeline/biomarkers/eval/README.md), one
 * test per construct, written as real criteria phrase them.
 */
import { describe, expect, it } from 'vitest';
import { extractRows, extractUnits } from '../../helpers/biomarker-units.js';
import { formatUnit, rowToUnit } from '../../../pipeline/biomarkers/eval/units.js';

const units = extractUnits;

describe('blind batch 4-6 constructs', () => {
  // Mended 2026-11-28 with the bare minus of a gene run (lexicon.ts signState).
  it('reads a spaced dash after a list as punctuation, not a negative sign', () => {
    expect(
      units({
        exclusion:
          '2. Has previously documented evidence of anaplastic lymphoma kinase (ALK) fusion, ROS proto-oncogene 1 (ROS1) fusion, BRAF V600E mutation, or MET exon 14 skipping mutation - no new testing for these genomic alterations is required',
      }),
    ).toEqual(['-ALK:FUSION', '-BRAF:V600E', '-MET:EX14SKIP', '-ROS1:FUSION']);
    expect(units({ inclusion: '* HR+/HER2- breast cancer' })).toEqual(['-HER2']);
  });
  it('negates a list only when the header negation governs "the following"', () => {
    const inclusion =
      '3. Metastatic NSCLC not suitable for radical treatment, and meeting the following:\n  1. Subjects with documented EGFR exon 19 deletion';
    expect(units({ inclusion })).toEqual(['+EGFR:EX19DEL']);
    expect(
      units({
        inclusion: '* Tumours must not harbour any of the following:\n  * EGFR exon 19 deletion',
      }),
    ).toEqual(['-EGFR:EX19DEL']);
  });
  // Known miss of the ConText engine (2026-11-27); right under the old chain patterns.
  it.fails('reads "negative test results for" as a negation', () => {
    expect(
      units({
        inclusion:
          '* Subjects with non-squamous NSCLC must have documented negative test results for EGFR and ALK alterations.',
      }),
    ).toEqual(['-ALK', '-EGFR']);
  });
  it('reads a sub-item negation under a header that is not a negation', () => {
    const inclusion =
      '1. Subjects without actionable genomic alterations (AGAs):\n  * No other known actionable genomic alterations, such as ROS1, NTRK, BRAF, MET exon 14 skipping, and RET;';
    expect(units({ inclusion })).toEqual(['-BRAF', '-MET:EX14SKIP', '-NTRK', '-RET', '-ROS1']);
  });
  it('does not read "excluded unless they have progressed on targeted therapy" as an exclusion', () => {
    expect(
      units({
        inclusion:
          '5. Patients with known EGFR sensitizing mutations, EGFR T790M mutation, ALK gene fusion, ROS 1 gene rearrangement, or BRAF V600E mutation are not eligible unless they have progressed following all standard of care targeted therapy.',
      }),
    ).toEqual([]);
    expect(
      units({
        exclusion:
          '* Known EGFR or ALK alterations, unless the patient has progressed on or is intolerant to approved targeted therapy',
      }),
    ).toEqual([]);
  });
  // Known miss of the ConText engine (2026-11-27); right under the old chain patterns.
  it.fails('keeps an "unless" that is about another requirement', () => {
    expect(
      units({
        inclusion:
          '* HR+/HER2- breast cancer with progression on hormone therapy, unless patient was ineligible to receive such therapy',
      }),
    ).toEqual(['-HER2']);
  });
  it('reads "if treated with" after a marker as a condition', () => {
    expect(
      units({
        inclusion:
          '7. Demonstrates absence of EGFR T790M mutation if treated with erlotinib, gefitinib, or afatinib.',
      }),
    ).toEqual([]);
  });
  // Known miss of the ConText engine (2026-11-27); right under the old chain patterns.
  it.fails('reads a therapy "for KRAS wild-type subjects" as a condition on the therapy', () => {
    expect(
      units({
        inclusion:
          '* At least one of the anti-EGFR monoclonal antibodies (cetuximab or panitumumab) for KRAS wild-type subjects if clinically indicated.',
      }),
    ).toEqual([]);
  });
  // A known miss of the ConText engine (2026-11-27) until "must either be/have" named a
  // subgroup's demand and "ineligible for" a treatment ruled out (2026-11-28).
  it('does not read the therapy of a conditional subgroup as a driver', () => {
    expect(
      units({
        inclusion:
          '* Prior standard treatment failure, including targeted therapy for driver gene alterations (patients with EGFR mutations must be previously treated with EGFR inhibitors)',
      }),
    ).toEqual([]);
    expect(
      units({
        inclusion:
          '* Patients with BRAF mutations must either be ineligible for or have refused a BRAF+MEK inhibitor',
      }),
    ).toEqual([]);
  });
  // Known miss of the ConText engine (2026-11-27); right under the old chain patterns.
  it.fails('reads test methods after a gene as testing ("c-MET IHC")', () => {
    expect(
      units({
        inclusion:
          '* Patients must agree to have this tissue submitted for broad platform biomarker profiling, PD-L1, and c-MET IHC.',
      }),
    ).toEqual([]);
  });
  it('keeps inline enumerated alternatives apart (family history does not reach a later item)', () => {
    expect(
      units({
        inclusion:
          '* Confirmed LUAD and one of the following conditions: i) one first-degree relative with lung cancer. ii) Age at diagnosis ≤50 years. iii) Presence of ≥1 AGAs (EGFR, ALK, or RET).',
      }),
    ).toEqual(['+ALK', '+EGFR', '+RET']);
  });
  it('reads "including" after a gene-level mention as examples, "including one or more of" as the list', () => {
    // "known to be associated with EGFR TKI sensitivity" names the sensitising class: its
    // five members, whichever of them the examples name (labels moved 2026-11-27 evening).
    expect(
      units({
        inclusion:
          '* The tumor harbors an EGFR mutation known to be associated with EGFR TKI sensitivity (including G719X, exon 19 deletion, L858R, L861Q)',
      }),
    ).toEqual(['+EGFR:EX19DEL', '+EGFR:G719X', '+EGFR:L858R', '+EGFR:L861Q', '+EGFR:S768I']);
    expect(
      units({
        inclusion:
          '* NSCLC harboring one or more active EGFR mutations (including, but not limited to Del19 and L858R).',
      }),
    ).toEqual(['+EGFR']);
    expect(
      units({
        inclusion:
          '* The tumor harbors an uncommon EGFR mutation, including one or more of L861Q, G719X and S768I mutations',
      }),
    ).toEqual(['+EGFR:G719X', '+EGFR:L861Q', '+EGFR:S768I']);
  });
  it('reads superscript variants (KRAS^G12C)', () => {
    expect(
      units({
        inclusion: '* Biomarker eligibility is based on the identification of a KRAS^G12C mutation',
      }),
    ).toEqual(['+KRAS:G12C']);
    expect(
      units({
        exclusion:
          '* Participants must not have received prior sotorasib or other KRAS^G12C specific inhibitor',
      }),
    ).toEqual([]);
  });
  it('reads "BRAF class II/III" and "ROS 1"', () => {
    expect(
      units({
        inclusion:
          '* Evidence of a BRAF V600 mutation or BRAF Class II/III alteration in tumor tissue',
      }),
    ).toEqual(['+BRAF:NONV600', '+BRAF:V600E']);
    expect(units({ exclusion: '* Known ROS 1 gene rearrangement' })).toEqual(['-ROS1:FUSION']);
    expect(units({ exclusion: '* NYHA class III heart failure' })).toEqual([]);
  });
  it('drops a marker whose opposite states are sibling cohorts of one list', () => {
    const inclusion =
      '* Cutaneous melanoma that is either locally unresectable or metastatic:\n  * BRAF wild type: progressed after receiving PD-1 containing therapy\n  * BRAF mutation: patients who refused targeted therapy';
    expect(units({ inclusion })).toEqual([]);
  });
  it('reads a list negation across an apposition between a spelled-out name and its symbol', () => {
    expect(
      units({
        inclusion:
          '* Epidermal growth factor receptor (EGFR), anaplastic lymphoma kinase (ALK), and c-ros oncogene 1, receptor tyrosine kinase of the insulin receptor family (ROS-1) negative',
      }),
    ).toEqual(['-ALK', '-EGFR', '-ROS1']);
  });
  it('drops a marker that the conditions list in both states', () => {
    expect(
      units({ conditions: ['HER2+ Breast Cancer', 'HER2-negative Breast Cancer', 'Lung Cancer'] }),
    ).toEqual([]);
    expect(units({ conditions: ['HER2-positive Breast Cancer'] })).toEqual(['+HER2']);
  });
});

describe('blind batch 8 constructs', () => {
  it('reads an immune-cell score named before its number as neither TPS nor CPS', () => {
    expect(units({ inclusion: '* PD-L1 TC ≥ 50% or IC ≥ 10% (SP142)' })).toEqual([
      '+PD-L1:TPS>=50',
    ]);
    expect(
      units({ inclusion: '* PD-L1 expression on tumour-infiltrating immune cells (IC) ≥ 5%' }),
    ).toEqual([]);
  });
  it('reads "N or greater" after a score with no percent sign', () => {
    expect(units({ inclusion: '* PD-L1 combined positive score (CPS) of 1 or greater' })).toEqual([
      '+PD-L1:CPS>=1',
    ]);
    expect(units({ inclusion: '* At least 1 or more prior lines of therapy' })).toEqual([]);
  });
  it('reads an exon number glued to its alteration ("21L858R", "20ins")', () => {
    expect(
      units({ inclusion: '* Confirmed by gene test with EGFR 19Del or 21L858R mutation' }),
    ).toEqual(['+EGFR:EX19DEL', '+EGFR:L858R']);
    expect(units({ inclusion: '* EGFR 20ins confirmed by NGS' })).toEqual(['+EGFR:EX20INS']);
  });
  // Mended 2026-11-28 with the bare minus of a gene run (lexicon.ts signState).
  it('reads a dash broken off its compound ("EGFR- mutation positive") as a hyphen, not a minus', () => {
    expect(units({ inclusion: '* EGFR- mutation positive (19del, L858R)' })).toEqual([
      '+EGFR:EX19DEL',
      '+EGFR:L858R',
    ]);
    expect(units({ inclusion: '* ALK- rearranged NSCLC' })).toEqual(['+ALK:FUSION']);
    expect(units({ inclusion: '* EGFR- patients only' })).toEqual(['-EGFR']);
  });
  // Known miss of the ConText engine (2026-11-27); right under the old chain patterns.
  it.fails('reads a bare "concurrent" driver as named, "alone or concurrent" as offered', () => {
    expect(
      units({ exclusion: '* Known concurrent EGFR activating mutation or ALK/ROS1 fusion' }),
    ).toEqual(['-ALK:FUSION', '-EGFR', '-ROS1:FUSION']);
    expect(
      units({
        inclusion: '* EGFR E19Del or L858R alone or concurrent rare EGFR mutations (T790M, G719X)',
      }),
    ).toEqual(['+EGFR:EX19DEL', '+EGFR:L858R']);
  });
});

describe('blind batch 9 constructs', () => {
  it('reads a bracketed list of kinds after a generic alteration ("alteration (fusion or mutation)")', () => {
    expect(
      units({
        inclusion: '* Has a RET gene alteration (fusion or mutation) identified in tumor or blood',
      }),
    ).toEqual(['+RET', '+RET:FUSION']);
    expect(units({ inclusion: '* MET alteration (amplification or exon 14 skipping)' })).toEqual([
      '+MET:AMP',
      '+MET:EX14SKIP',
    ]);
  });
  it('reads an alteration that names its gene after it ("exon 20 insertion mutation in EGFR")', () => {
    expect(
      units({ inclusion: '* Exon 20 insertion mutation in EGFR, confirmed by a CLIA lab' }),
    ).toEqual(['+EGFR:EX20INS']);
    expect(units({ inclusion: '* G12C mutation of KRAS' })).toEqual(['+KRAS:G12C']);
  });
  it('reads "positive for ALK" and a gene named as its companion diagnostic', () => {
    expect(units({ inclusion: '* Positive for ALK by IHC (D5F3) or FISH' })).toEqual([
      '+ALK:FUSION',
    ]);
    expect(
      units({ inclusion: '* ALK positive NSCLC confirmed by Ventana ALK (D5F3) CDx assay' }),
    ).toEqual(['+ALK:FUSION']);
  });
  it('reads category nouns ("driver oncogenes:") between a negation and its list', () => {
    expect(
      units({ inclusion: '* Negative for actionable driver oncogenes: EGFR, ALK, KRAS G12C' }),
    ).toEqual(['-ALK', '-EGFR', '-KRAS:G12C']);
  });
  // Known miss of the ConText engine (2026-11-27); right under the old chain patterns.
  it.fails('reads "eligible for <therapy>" as a candidacy, not a permission', () => {
    expect(
      units({
        exclusion: '* Patients with PD-L1 TPS ≥50% who are eligible for pembrolizumab monotherapy',
      }),
    ).toEqual(['-PD-L1:TPS>=50']);
    expect(
      units({ inclusion: '* Patients with KRAS G12C mutation are eligible for this study' }),
    ).toEqual([]);
  });
  it('reads a PD-L1 score of 0% as below 1%', () => {
    expect(units({ inclusion: '* PD-L1 TPS 0% (negative) by 22C3' })).toEqual(['+PD-L1:TPS<1']);
    expect(units({ inclusion: '* PD-L1 TPS 0% to 100%' })).not.toContain('+PD-L1:TPS<1');
  });
  it('reads a domain abbreviation between gene and qualifier ("HER2 TKD mutation")', () => {
    expect(units({ inclusion: '* HER2 exon 20 insertion or other HER2 TKD mutation' })).toEqual([
      '+HER2:EX20INS',
      '+HER2:MUT',
    ]);
  });
  it('sets aside a marker that "alone is not sufficient"', () => {
    expect(
      units({
        inclusion:
          '* Activating HER2 mutation; HER2 overexpression or amplification alone is not sufficient',
      }),
    ).toEqual(['+HER2:MUT']);
  });
  // Known miss of the ConText engine (2026-11-27); right under the old chain patterns.
  it.fails(
    'drops a wild-type gene beside one of its alterations of the opposite requirement (both states)',
    () => {
      expect(
        units({
          inclusion:
            '* Either (a) KRAS G12C mutation, or (b) STK11 co-mutation with KRAS wild-type',
        }),
      ).toEqual([]);
      expect(
        units({ inclusion: '* EGFR exon 20 insertion; EGFR sensitizing mutations are excluded' }),
      ).toEqual(['+EGFR:EX20INS', '-EGFR']);
    },
  );
  it('reads codons without an id in a codon list as a KRAS variant', () => {
    expect(units({ inclusion: '* KRAS-mutant (any codon 12, 13 or 61 variant) NSCLC' })).toEqual([
      '+KRAS',
      '+KRAS:G12X',
    ]);
  });
  // Known miss of the ConText engine (2026-11-27); right under the old chain patterns.
  it.fails('reads tissue "for central confirmation of" a marker as testing', () => {
    expect(
      units({ inclusion: '* Tumor tissue available for central confirmation of EGFR T790M' }),
    ).toEqual([]);
  });
  it('drops the items of a list when a sibling is "wild-type for all of the above"', () => {
    expect(
      units({
        inclusion:
          'Arm assignment:\n  * Arm 1 - EGFR mutation (any)\n  * Arm 2 - BRAF V600E\n  * Arm 3 - wild-type for all of the above',
      }),
    ).toEqual([]);
  });
});

describe('blind batch 10 constructs', () => {
  it('reads suspended hyphens in a list ("EGFR-, ALK-, or RET-positive") as a shared suffix, not minus signs', () => {
    expect(units({ exclusion: '* Tumours that are EGFR-, ALK-, or ROS1-positive' })).toEqual([
      '-ALK:FUSION',
      '-EGFR',
      '-ROS1:FUSION',
    ]);
    expect(units({ inclusion: '* EGFR-, ALK- and ROS1-negative by NGS' })).toEqual([
      '-ALK',
      '-EGFR',
      '-ROS1',
    ]);
    expect(units({ inclusion: '* Non-squamous NSCLC, EGFR-, ALK wild-type' })).toEqual([
      '-ALK',
      '-EGFR',
    ]);
  });
  it('reads "tested for at least one of" a list as testing', () => {
    expect(
      units({ inclusion: '* Tumour tested for one or more of EGFR, ALK and ROS1 at diagnosis' }),
    ).toEqual([]);
  });
  // Known miss of the ConText engine (2026-11-27); right under the old chain patterns.
  it.fails(
    'reads "are not candidates for this study" as an exclusion, "not candidates for <therapy>" as not one',
    () => {
      expect(
        units({
          inclusion: '* Subjects with ALK or ROS1 fusions are not candidates for this trial',
        }),
      ).toEqual(['-ALK:FUSION', '-ROS1:FUSION']);
      expect(
        units({
          inclusion: '* KRAS G12C mutation in patients who are not candidates for sotorasib',
        }),
      ).toEqual(['+KRAS:G12C']);
    },
  );
  it('reads "ineligible if X is present" in inclusion text as an exclusion, not a condition', () => {
    expect(
      units({
        inclusion:
          '* BRAF V600E-mutant NSCLC; not eligible if a concomitant KRAS mutation is detected',
      }),
    ).toEqual(['+BRAF:V600E', '-KRAS']);
    expect(units({ exclusion: '* Excluded if a known EGFR mutation is present' })).toEqual([
      '-EGFR',
    ]);
  });
  // A known miss of the ConText engine (2026-11-27) until the state before the gene was read
  // as the gene's own (2026-11-28, BACKWARD_QUALIFIERS 'negative').
  it('reads a state adjective written before the genes ("negative EGFR and ALK status")', () => {
    expect(units({ inclusion: '* Documented negative ALK and ROS1 status' })).toEqual([
      '-ALK',
      '-ROS1',
    ]);
    expect(units({ inclusion: '* Known EGFR and ALK status' })).toEqual([]);
  });
  // A known miss of the ConText engine (2026-11-27) until "or unknown" yielded to a stated
  // state (not-gating.unknown, 2026-11-28).
  it('keeps the negative state of "negative or unknown"', () => {
    expect(units({ inclusion: '* ALK wild-type or unknown' })).toEqual(['-ALK']);
    expect(units({ inclusion: '* EGFR status unknown' })).toEqual([]);
  });
  it('reads "mutation-positive or wild-type" as both states accepted', () => {
    expect(
      units({
        inclusion: '* KRAS mutation-positive or wild-type tumours may enroll in separate cohorts',
      }),
    ).toEqual([]);
  });
  // Known miss of the ConText engine (2026-11-27); right under the old chain patterns.
  it.fails(
    'reads "except patients who have progressed on" after an exclusion like "unless"',
    () => {
      expect(
        units({
          exclusion:
            '* Known EGFR sensitizing mutation, except for patients who progressed on osimertinib',
        }),
      ).toEqual([]);
      expect(units({ exclusion: '* Known EGFR mutation, except exon 20 insertion' })).toEqual([
        '-EGFR',
      ]);
    },
  );
  it('carves out an alteration qualified by its origin ("de novo", "acquired")', () => {
    expect(units({ inclusion: '* EGFR-mutant NSCLC other than acquired C797S' })).toEqual([
      '+EGFR',
      '-EGFR:C797S',
    ]);
  });
  it('masks a plural "insertions" whole, so a cue reads across it', () => {
    expect(
      units({ inclusion: '* EGFR mutation other than exon 20 insertions or primary T790M' }),
    ).toEqual(['+EGFR', '-EGFR:EX20INS', '-EGFR:T790M']);
  });
  it("reads a bare exon number after another gene as that gene's exon, not EGFR's", () => {
    expect(units({ inclusion: '* ERBB2 mutations in exon 19 or 20' })).toEqual(['+HER2:MUT']);
    expect(units({ inclusion: '* EGFR mutation in exon 19 or exon 21' })).toEqual([
      '+EGFR:EX19DEL',
      '+EGFR:L858R',
    ]);
  });
  it('reads exon numbers written before "exon" and "Ex21"', () => {
    expect(units({ inclusion: '* EGFR 19 exon deletion' })).toEqual(['+EGFR:EX19DEL']);
    expect(units({ inclusion: '* EGFR Ex21 point mutation' })).toEqual(['+EGFR:L858R']);
  });
  it('reads HGVS three-letter protein variants', () => {
    expect(units({ inclusion: '* KRAS p.Gly12Cys or p.Gly12Asp' })).toEqual([
      '+KRAS:G12C',
      '+KRAS:G12D',
    ]);
    expect(units({ inclusion: '* EGFR p.Leu858Arg or p.Thr790Met; BRAF p.Val600Glu' })).toEqual([
      '+BRAF:V600E',
      '+EGFR:L858R',
      '+EGFR:T790M',
    ]);
    expect(units({ inclusion: '* KRAS p.Gly12Ser' })).toEqual(['+KRAS']);
  });
  it('reads "METΔ14" as exon 14 skipping and "NTRK1-3" as one gene', () => {
    expect(units({ inclusion: '* METΔ14 NSCLC' })).toEqual(['+MET:EX14SKIP']);
    expect(units({ inclusion: '* NTRK1-3 gene fusion' })).toEqual(['+NTRK:FUSION']);
  });
  it('reads a partner symbol glued to a fusion gene ("KIF5B-RET", "ETV6::NTRK3") as a fusion', () => {
    expect(units({ inclusion: '* KIF5B-RET or CCDC6-RET positive NSCLC' })).toEqual([
      '+RET:FUSION',
    ]);
    expect(units({ inclusion: '* ETV6::NTRK3 detected by RNA sequencing' })).toEqual([
      '+NTRK:FUSION',
    ]);
    expect(units({ inclusion: '* Non-ALK driven tumours' })).not.toContain('+ALK:FUSION');
  });
  it('reads SP142 tumour-cell tiers (TC3, TC2/3, TC0) as TPS ranges', () => {
    expect(units({ inclusion: '* PD-L1 TC3 or IC3 (SP142)' })).toEqual(['+PD-L1:TPS>=50']);
    expect(units({ inclusion: '* PD-L1 TC2/3 or IC2/3 by SP142' })).toEqual(['+PD-L1:TPS>=5']);
    expect(units({ exclusion: '* PD-L1 TC0 and IC0' })).toEqual(['-PD-L1:TPS<1']);
  });
  // Known miss of the ConText engine (2026-11-27); right under the old chain patterns.
  it.fails('does not read a "with or without" aside before a drug as a negated therapy', () => {
    expect(
      units({ inclusion: '* EGFR C797S (with or without T790M) after progression on osimertinib' }),
    ).toEqual(['+EGFR', '+EGFR:C797S']);
    expect(units({ inclusion: '* EGFR L858R, with or without prior osimertinib' })).toEqual([
      '+EGFR:L858R',
    ]);
  });
});

describe('batch 11 constructs', () => {
  it('reads a mutation abbreviation glued to EGFR ("EGFRm+", "EGFRmut")', () => {
    expect(units({ inclusion: '* EGFRm+ NSCLC after first-line TKI' })).toEqual(['+EGFR']);
    expect(units({ exclusion: '* EGFRmut tumours' })).toEqual(['-EGFR']);
  });
  // Known miss of the ConText engine (2026-11-27); right under the old chain patterns.
  it.fails(
    'reads every kind in a list after one gene ("mutation, amplification or overexpression")',
    () => {
      expect(units({ inclusion: '* ERBB2 amplification or overexpression' })).toEqual([
        '+HER2:AMP',
        '+HER2:OVEREXP',
      ]);
      expect(
        units({ inclusion: '* MET exon 14 skipping, or MET amplification and overexpression' }),
      ).toEqual(['+MET', '+MET:AMP', '+MET:EX14SKIP']);
      expect(units({ inclusion: '* HER2 mutation or amplification of MET' })).toEqual([
        '+HER2:MUT',
        '+MET:AMP',
      ]);
    },
  );
  it("reads a protein variant with no id after its gene as that gene's mutation", () => {
    expect(
      units({ inclusion: '* RET M918T-mutant thyroid cancer or RET fusion-positive NSCLC' }),
    ).toEqual(['+RET', '+RET:FUSION']);
    expect(units({ inclusion: '* BRAF G469A mutation' })).toEqual(['+BRAF:NONV600']);
    expect(units({ inclusion: '* HER2 S310F or L755S' })).toEqual(['+HER2:MUT']);
  });
  it('reads a named exon 20 insertion as the class only when the class is not named beside it', () => {
    expect(units({ inclusion: '* HER2 A775_G776insYVMA' })).toEqual(['+HER2:EX20INS']);
    expect(units({ inclusion: '* EGFR exon 20 insertion; D770_N771insSVD is excluded' })).toEqual([
      '+EGFR:EX20INS',
    ]);
  });
  // Known miss of the ConText engine (2026-11-27); right under the old chain patterns.
  it.fails('reads a key-value "No" after a marker as its absence', () => {
    expect(units({ inclusion: '* KRAS G12C: no\n* ROS1 fusion: None' })).toEqual([
      '-KRAS:G12C',
      '-ROS1:FUSION',
    ]);
    expect(units({ inclusion: '* EGFR mutation: no prior TKI allowed' })).toEqual(['+EGFR']);
  });
  // A known miss of the ConText engine (2026-11-27) until "or unknown" yielded to a stated
  // state (not-gating.unknown, 2026-11-28).
  it('keeps a PD-L1 cut-off followed by "or unknown"', () => {
    expect(units({ inclusion: '* PD-L1 ≥ 1% or unknown' })).toEqual(['+PD-L1:TPS>=1']);
  });
  it('reads a range whose score is named in an aside between its ends ("≥ 1% (TPS) and < 50%")', () => {
    expect(units({ inclusion: '* PD-L1 ≥ 1% (22C3) to < 50%' })).toEqual(['+PD-L1:TPS1-49']);
  });
  it('reads an IHC score list reaching 3+ after HER2 as overexpression', () => {
    expect(units({ inclusion: '* HER2 IHC 1+, 2+ or 3+' })).toEqual(['+HER2:OVEREXP']);
    expect(units({ inclusion: '* HER2 IHC testing on archival tissue' })).toEqual([]);
  });
  // Known miss of the ConText engine (2026-11-27); right under the old chain patterns.
  it('reads "neither X nor Y is required" as no requirement', () => {
    expect(units({ inclusion: '* Neither ALK nor ROS1 testing results are required' })).toEqual([]);
    expect(units({ inclusion: '* Neither EGFR mutation nor ALK fusion' })).toEqual([
      '-ALK:FUSION',
      '-EGFR',
    ]);
  });
});

describe('blind batch 12 constructs', () => {
  it('reads misspelled "postive" as positive', () => {
    expect(units({ inclusion: '- ALK-postive as determined by Ventana IHC or FISH' })).toEqual([
      '+ALK:FUSION',
    ]);
    expect(units({ inclusion: '- ROS1 fusion positve NSCLC' })).toEqual(['+ROS1:FUSION']);
  });
  // Known miss of the ConText engine (2026-11-27); right under the old chain patterns.
  it('does not read a gene inside an assay product name as a requirement', () => {
    expect(
      units({
        inclusion:
          '* KRAS G12C mutation confirmed by tissue testing (therascreen KRAS RGQ PCR or Guardant360 CDx)',
      }),
    ).toEqual(['+KRAS:G12C']);
    expect(
      units({ inclusion: '* EGFR T790M detected by the cobas EGFR Mutation Test v2' }),
    ).toEqual(['+EGFR:T790M']);
  });
  it('reads labelled cohort items of one list as siblings that accept both states', () => {
    const inclusion =
      '- Stage IV NSCLC after a PD-1 inhibitor\n- Cohort A: EGFR-mutant NSCLC\n- Cohort B: EGFR wild-type NSCLC';
    expect(units({ inclusion })).toEqual([]);
    expect(
      units({
        inclusion:
          '- Cohort 1: KRAS G12C mutation\n- Cohort 2: KRAS G12C mutation and STK11 co-mutation',
      }),
    ).toEqual(['+KRAS:G12C']);
  });
  it('lets the items of a list specify a gene named in its header', () => {
    const inclusion =
      '2. MET dysregulation as defined by one of the following:\n   a. MET exon 14 skipping mutation; or\n   b. MET amplification by FISH';
    expect(units({ inclusion })).toEqual(['+MET:AMP', '+MET:EX14SKIP']);
    expect(
      units({
        inclusion:
          '* EGFR-mutant NSCLC, with one of the following:\n  * brain metastases\n  * leptomeningeal disease',
      }),
    ).toEqual(['+EGFR']);
  });
  it('reads a kind followed by "negative" as a gene-level negative', () => {
    expect(
      units({ inclusion: '2. EGFR wild type (by NGS) and ALK rearrangement-negative tumour' }),
    ).toEqual(['-ALK', '-EGFR']);
    expect(units({ inclusion: '* ROS1 fusion negative by FISH' })).toEqual(['-ROS1']);
  });
  // Known miss of the ConText engine (2026-11-27); right under the old chain patterns.
  it.fails('reads a later clause that states the named statuses negative', () => {
    expect(
      units({
        inclusion: '* EGFR and ALK status must be known; patients must be negative for both',
      }),
    ).toEqual(['-ALK', '-EGFR']);
    expect(
      units({ inclusion: '* EGFR, ALK and ROS1 status must be known; all must be wild-type' }),
    ).toEqual(['-ALK', '-EGFR', '-ROS1']);
    expect(
      units({ inclusion: '* EGFR and ALK status must be known; PD-L1 TPS must be at least 1%' }),
    ).toEqual(['+PD-L1:TPS>=1']);
  });
});

describe('constructs of recent registry phrasing (2026-11-27 evening)', () => {
  it("reads an alteration's own negative state word as its absence", () => {
    expect(
      units({ inclusion: '* EGFR T790M mutation-negative after progression on gefitinib' }),
    ).toEqual(['-EGFR:T790M']);
    expect(units({ inclusion: '* T790M-negative' })).toEqual(['-EGFR:T790M']);
    expect(units({ inclusion: '* KRAS G12C wild-type NSCLC' })).toEqual(['-KRAS:G12C']);
    // A positive state word stays a requirement.
    expect(units({ inclusion: '* T790M-positive NSCLC' })).toEqual(['+EGFR:T790M']);
  });
  it('reads a negative result stated after the status words as a negation', () => {
    expect(units({ inclusion: '* EGFR and ALK status documented as negative' })).toEqual([
      '-ALK',
      '-EGFR',
    ]);
    expect(units({ inclusion: '* ROS1 rearrangement status confirmed negative by FISH' })).toEqual([
      '-ROS1:FUSION',
    ]);
    // The status alone still gates nothing.
    expect(units({ inclusion: '* EGFR and ALK status must be documented' })).toEqual([]);
  });
  it('reads "mutation sensitive to EGFR TKIs" as the sensitising class', () => {
    const cls = ['+EGFR:EX19DEL', '+EGFR:G719X', '+EGFR:L858R', '+EGFR:L861Q', '+EGFR:S768I'];
    expect(units({ inclusion: '* EGFR mutation sensitive to EGFR TKIs' })).toEqual(cls);
    expect(
      units({
        inclusion: '* One or more EGFR mutations known to be associated with EGFR-TKI sensitivity',
      }),
    ).toEqual(cls);
    expect(units({ inclusion: '* EGFR mutation insensitive to EGFR TKIs' })).toEqual(['+EGFR']);
  });
  it('reads a bare gene name after its stated alteration as a reference back, not an option', () => {
    expect(
      units({
        inclusion:
          '* ALK-positive NSCLC by an FDA-approved test (e.g., Vysis ALK Break Apart FISH)',
      }),
    ).toEqual(['+ALK:FUSION']);
    expect(
      units({
        inclusion: '* HER2-mutant NSCLC (activating mutation in the HER2 tyrosine kinase domain)',
      }),
    ).toEqual(['+HER2:MUT']);
    // A qualified second mention is still an option of its own.
    expect(units({ inclusion: '* EGFR exon 19 deletion, or other EGFR mutations' })).toEqual([
      '+EGFR',
      '+EGFR:EX19DEL',
    ]);
  });
  it('spends a carve-out of a histology on its noun: the marker after it is required', () => {
    const cls = ['+EGFR:EX19DEL', '+EGFR:G719X', '+EGFR:L858R', '+EGFR:L861Q', '+EGFR:S768I'];
    expect(
      units({
        inclusion:
          '* NSCLC other than predominantly squamous histology with an EGFR activating mutation',
      }),
    ).toEqual(cls);
    expect(
      units({ inclusion: '* NSCLC, excluding small cell, harbouring a KRAS G12C mutation' }),
    ).toEqual(['+KRAS:G12C']);
    // A carve-out of a marker still carves.
    expect(units({ inclusion: '* EGFR mutation other than T790M' })).toEqual([
      '+EGFR',
      '-EGFR:T790M',
    ]);
  });
});

describe('real-dev-d constructs (2026-11-27 evening)', () => {
  it('reads the class word after a spelled-out gene name and its symbol in brackets', () => {
    expect(
      units({
        exclusion:
          '* Participants with epidermal growth factor receptor (EGFR) sensitizing mutations and anaplastic lymphoma kinase (ALK) rearrangements',
      }),
    ).toEqual([
      '-ALK:FUSION',
      '-EGFR:EX19DEL',
      '-EGFR:G719X',
      '-EGFR:L858R',
      '-EGFR:L861Q',
      '-EGFR:S768I',
    ]);
  });
  it('reads a class word heading the list the gene opens ("Activating driver mutation: EGFR, ALK")', () => {
    expect(units({ exclusion: '* Activating driver mutation: EGFR, ALK, ROS1' })).toEqual([
      '-ALK',
      '-EGFR:EX19DEL',
      '-EGFR:G719X',
      '-EGFR:L858R',
      '-EGFR:L861Q',
      '-EGFR:S768I',
      '-ROS1',
    ]);
  });
  it('reads "presence or absence of" as both states, gating nothing', () => {
    expect(
      units({
        inclusion: '* Reporting of the presence or absence of a KRAS p.G12C mutation within 5 days',
      }),
    ).toEqual([]);
    expect(units({ inclusion: '* Absence of a KRAS G12C mutation' })).toEqual(['-KRAS:G12C']);
  });
  it('reads an IHC score in brackets as a stated result, not a test to be done', () => {
    expect(
      units({
        inclusion: '* HER2-overexpression (IHC 2+ or 3+) status must be assessed and confirmed',
      }),
    ).toEqual(['+HER2:OVEREXP']);
    expect(units({ inclusion: '* HER2 status must be assessed' })).toEqual([]);
  });
  it('does not read a gene\'s spelled-out name as a tumour ("Kirsten rat sarcoma")', () => {
    expect(
      units({
        inclusion: '* Documented Kirsten rat sarcoma viral oncogene homolog (KRAS) G12C mutation',
      }),
    ).toEqual(['+KRAS:G12C']);
  });
  it("reads the targets of a therapy as a list, not as the patient's markers", () => {
    expect(
      units({
        inclusion: '* No prior treatment with agents targeting EGFR mutation or ALK rearrangement',
      }),
    ).toEqual([]);
    expect(
      units({
        inclusion:
          '* Eligible for crizotinib since the market launch of the ROS1 indication in Spain',
      }),
    ).toEqual([]);
  });
  it('reads "EGFR M+" and "EGFR M-" as the two states, so a sentence naming both gates nothing', () => {
    expect(units({ inclusion: '* EGFR M- NSCLC' })).toEqual(['-EGFR']);
    expect(
      units({
        inclusion:
          '* Patients with known EGFR mutation status (i.e. patients must be either EGFR M+, EGFR M- or EGFR Mx).',
      }),
    ).toEqual([]);
    // A broken word is not a minus sign.
    expect(units({ inclusion: '* EGFR mutation- positive NSCLC' })).toEqual(['+EGFR']);
  });
});

describe('real dev a-c constructs (2026-11-27 evening)', () => {
  it('reads a test named right after the marker as testing, not a requirement', () => {
    expect(
      units({ inclusion: '* Sufficient tumor tissue available for EGFR mutation analysis' }),
    ).toEqual([]);
    // A result found by a named analysis still gates.
    expect(
      units({ inclusion: '* KRAS G12C mutation confirmed by central laboratory analysis' }),
    ).toEqual(['+KRAS:G12C']);
  });
  it('reads "BRAF600E" as V600E', () => {
    expect(
      units({
        exclusion:
          '* Other driver gene mutations, including but not limited to ALK rearrangement, BRAF600E mutation',
      }),
    ).toEqual(['-ALK:FUSION', '-BRAF:V600E']);
  });
});

describe('readings a review of the 2026-11-27 evening rules found broken, now held', () => {
  it.each([
    ['* EGFR mutation-positive NSCLC and a serum pregnancy test that was negative', ['+EGFR']],
    [
      '* Resected stage IA EGFR exon 19 deletion or L858R NSCLC whose mediastinal lymph nodes were negative',
      ['+EGFR:EX19DEL', '+EGFR:L858R'],
    ],
    ['* ROS1-positive NSCLC whose CNS imaging has been negative for metastases', ['+ROS1:FUSION']],
    [
      '* EGFR exon 19 deletion or L858R mutation negative for T790M',
      ['+EGFR:EX19DEL', '+EGFR:L858R', '-EGFR:T790M'],
    ],
    ['* EGFR mutation that is not sensitive to approved EGFR TKIs', ['+EGFR']],
    ['* EGFR mutation known to be less sensitive to first-generation TKI', ['+EGFR']],
    ['* EGFR mutation and platinum sensitive relapse', ['+EGFR']],
    ['* Platinum-sensitive cohort: EGFR-mutant NSCLC', ['+EGFR']],
    ['* Common criteria: EGFR mutation', ['+EGFR']],
    ['* EGFR mutation- or ALK rearrangement-positive NSCLC', ['+ALK:FUSION', '+EGFR']],
    ['* EGFR mutation analysis positive', ['+EGFR']],
    ['* ALK rearrangement analysis positive by FISH or IHC', ['+ALK:FUSION']],
    [
      '* Meets the protocol definition of EGFR-mutant NSCLC (exon 19 deletion or L858R)',
      ['+EGFR:EX19DEL', '+EGFR:L858R'],
    ],
    ['* ALK-positive NSCLC, presence or absence of CNS metastases', ['+ALK:FUSION']],
    ['* Tumour tissue must be submitted for central HER2 testing (IHC 1+, 2+, 3+ or ISH)', []],
    ['* Archival tissue for MET testing (IHC 3+ vs. < 3+ will be used for stratification)', []],
    ['* HER2 status (IHC 1+, 2+ or 3+) will be determined centrally but is not required', []],
    ['* EGFR mutation as indication for osimertinib', ['+EGFR']],
    [
      '* Progressed on an antibody targeting PD-1 or PD-L1 and a documented KRAS G12C mutation',
      ['+KRAS:G12C'],
    ],
    ['* Documented neurotrophic tyrosine kinase receptor gene fusion', ['+NTRK:FUSION']],
  ] as const)('inclusion: %s', (inclusion, want) => {
    expect(units({ inclusion })).toEqual([...want]);
  });
  it('keeps a bare gene in a list after the stated alteration as an option of its own', () => {
    expect(
      units({
        exclusion:
          '* Known EGFR T790M mutation, or other known oncogenic drivers in EGFR, ALK, ROS1 or BRAF',
      }),
    ).toEqual(['-ALK', '-BRAF', '-EGFR', '-EGFR:T790M', '-ROS1']);
    expect(
      units({
        exclusion: '* Known EGFR mutation-, ALK fusion-, or ROS1 fusion-positive tumours',
      }),
    ).toEqual(['-ALK:FUSION', '-EGFR', '-ROS1:FUSION']);
  });
});

describe('how a stated marker was found is no test to be done', () => {
  it.each([
    ['* Documented KRAS G12C mutation tested in tissue or plasma', ['+KRAS:G12C']],
    ['* KRAS G12C mutation, as tested by an FDA-approved test', ['+KRAS:G12C']],
    ['* EGFR exon 19 deletion or L858R tested locally', ['+EGFR:EX19DEL', '+EGFR:L858R']],
    [
      '* Documented ROS1 rearrangement (cohort 1) or MET amplification (cohort 2) tested in either plasma or tissue',
      ['+MET:AMP', '+ROS1:FUSION'],
    ],
    // A test still to be done gates nothing.
    ['* EGFR mutation must be tested before enrolment', []],
    ['* EGFR and ALK status must be tested in tissue', []],
    ['* Patients must be tested for EGFR mutation', []],
  ] as const)('inclusion: %s', (inclusion, want) => {
    expect(units({ inclusion })).toEqual([...want]);
  });
});

describe('cost on pathological input', () => {
  // A 4.5 KB "sentence" of repeated PD-L1 cut-offs took 1.5 s (every mention re-read every
  // cut-off of the clause) and 9 KB overflowed the stack. The timings are logged, not
  // asserted (CI shares the machine); what is asserted is the output and that nothing overflows.
  const repeated = (unit: string, size: number) =>
    '* ' + unit.repeat(Math.floor(size / unit.length));
  it('reads a long repeated PD-L1 sentence with one row per cut-off', () => {
    const got = units({ inclusion: repeated('PD-L1 TPS ≥ 50%, ', 4500) });
    expect(got).toEqual(['+PD-L1:TPS>=50']);
  });
  it('reads 36 KB sentences of repeated mentions without overflowing the stack', () => {
    for (const unit of ['PD-L1 ≥1% ', 'EGFR, ', '(EGFR (ALK ', 'KRAS G12C or ']) {
      const t0 = performance.now();
      const small = units({ inclusion: repeated(unit, 4500), exclusion: repeated(unit, 4500) });
      const t1 = performance.now();
      const large = units({ inclusion: repeated(unit, 36000), exclusion: repeated(unit, 36000) });
      console.log(
        `${unit.trim()}: 9 KB ${Math.round(t1 - t0)} ms, 72 KB ${Math.round(performance.now() - t1)} ms`,
      );
      // Repeating the same clause adds no new requirement.
      expect(large, unit).toEqual(small);
    }
  });
});

describe('real-dev-c constructs', () => {
  // Known miss of the ConText engine (2026-11-27); right under the old chain patterns.
  it.fails('reads a prior therapy "as indicated by" markers as conditional on them', () => {
    expect(
      units({
        inclusion:
          '* Patients with non-small cell lung cancer (NSCLC) must have had appropriate targeted therapy as indicated by abnormalities in ALK, EGFR, or expression of PDL-1.',
      }),
    ).toEqual([]);
    expect(
      units({
        inclusion:
          '4. Must have received standard therapy, including targeted therapy where indicated for an EGFR mutation or ROS1 rearrangement',
      }),
    ).toEqual([]);
    expect(
      units({
        inclusion:
          '- Prior treatment with targeted agents as appropriate for BRAF V600E or MET exon 14 skipping alterations',
      }),
    ).toEqual([]);
    expect(
      units({
        inclusion:
          '* Subjects must have received prior systemic therapy based on their tumour molecular profile (KRAS G12C, HER2 mutation)',
      }),
    ).toEqual([]);
    // Without a therapy the cue states how the marker was found: still a requirement.
    expect(
      units({ inclusion: '* Advanced NSCLC as indicated by the presence of an EGFR mutation' }),
    ).toEqual(['+EGFR']);
    expect(
      units({
        inclusion:
          '* KRAS G12C mutation as determined by local testing; prior therapy according to local standards',
      }),
    ).toEqual(['+KRAS:G12C']);
  });
  it('reads "X-mutant patients must have received ..." as conditional, like "patients with X must"', () => {
    expect(
      units({
        inclusion:
          '* KRASG12C mutant participants must have received prior treatment with a KRASG12C inhibitor for any approved indication',
      }),
    ).toEqual([]);
    expect(
      units({ inclusion: '* EGFR-mutant patients must have progressed on a prior EGFR TKI' }),
    ).toEqual([]);
    expect(
      units({
        inclusion:
          '3. ALK-positive NSCLC patients should have received at least one ALK inhibitor (alectinib, lorlatinib)',
      }),
    ).toEqual([]);
    expect(
      units({
        inclusion:
          '* HER2 exon 20 insertion-positive subjects must have had disease progression after trastuzumab deruxtecan',
      }),
    ).toEqual([]);
    // The marker qualifies the disease, and the therapy demand is a separate clause: both stand.
    expect(
      units({ inclusion: '* EGFR-mutant NSCLC; patients must have received prior osimertinib' }),
    ).toEqual(['+EGFR']);
    expect(
      units({
        inclusion: '* KRAS G12C-mutant NSCLC and must have progressed on platinum chemotherapy',
      }),
    ).toEqual(['+KRAS:G12C']);
  });
  it('reads an alteration written before its gene as specifying it ("G12D mutated KRAS")', () => {
    expect(
      units({
        inclusion:
          '1. Measurable, metastatic, or unresectable malignancy expressing G12D mutated KRAS as assessed by RT-PCR on tumor tissue',
      }),
    ).toEqual(['+KRAS:G12D']);
    expect(units({ inclusion: '* Tumour harbouring a V600E-mutant BRAF' })).toEqual([
      '+BRAF:V600E',
    ]);
    expect(units({ inclusion: '- NSCLC with an L858R mutated EGFR gene' })).toEqual([
      '+EGFR:L858R',
    ]);
    expect(units({ inclusion: '* exon 20 insertion-mutated HER2 (ERBB2) NSCLC' })).toEqual([
      '+HER2:EX20INS',
    ]);
    expect(units({ exclusion: '* Known G12C-positive KRAS' })).toEqual(['-KRAS:G12C']);
    // A carved-out alteration does not specify the gene: "non-G12C mutant KRAS" is the gene.
    expect(units({ inclusion: '* non-G12C mutant KRAS' })).toEqual(['+KRAS', '-KRAS:G12C']);
  });
  // Known miss of the ConText engine (2026-11-27); right under the old chain patterns.
  it.fails(
    'reads a gene after "inhibition of", "inhibiting", "blockade of" as a therapy target',
    () => {
      expect(
        units({
          exclusion:
            '* Previous treatment with an experimental agent of which the main mechanism of action is inhibition of epidermal growth factor receptor or its associated tyrosine kinase',
        }),
      ).toEqual([]);
      expect(
        units({ exclusion: '2. Prior agents inhibiting the anaplastic lymphoma kinase' }),
      ).toEqual([]);
      expect(
        units({ exclusion: '- Any previous drug that inhibits MET or blocks the RET kinase' }),
      ).toEqual([]);
      expect(
        units({ exclusion: '* Prior therapy acting by blockade of programmed death-ligand 1' }),
      ).toEqual([]);
      // The marker beside the therapy is still excluded.
      expect(
        units({
          exclusion:
            '* Known EGFR mutation, or prior treatment with a compound whose mechanism is inhibition of EGFR',
        }),
      ).toEqual(['-EGFR']);
      // In the inclusion criteria, progression on such an agent implies the driver, as "an EGFR TKI" does.
      expect(
        units({
          inclusion: '* Disease progression on an agent whose main mechanism is inhibition of EGFR',
        }),
      ).toEqual(['+EGFR']);
    },
  );
  it('reads "MET14", "MET14 jump mutation" and "exon 14 jumping" as MET exon 14 skipping', () => {
    expect(
      units({
        exclusion:
          '* the known presence of an EGFR exon 20 insertion mutation or ALK/ROS1/RET fusion or MET14 jump mutation;',
      }),
    ).toEqual(['-ALK:FUSION', '-EGFR:EX20INS', '-MET:EX14SKIP', '-RET:FUSION', '-ROS1:FUSION']);
    expect(units({ inclusion: '* MET14-positive NSCLC by NGS' })).toEqual(['+MET:EX14SKIP']);
    expect(units({ inclusion: '- MET exon 14 jumping mutation confirmed by RNA NGS' })).toEqual([
      '+MET:EX14SKIP',
    ]);
    expect(units({ inclusion: '* MET14 or MET amplification' })).toEqual([
      '+MET:AMP',
      '+MET:EX14SKIP',
    ]);
  });
  // Known miss of the ConText engine (2026-11-27); right under the old chain patterns.
  it.fails(
    'keeps "EGFR sensitizing mutation" gene level beside a non-sensitizing alteration',
    () => {
      expect(
        units({
          exclusion:
            '* the known presence of an EGFR-sensitive mutation/exon 20 insertion mutation or ALK fusion;',
        }),
      ).toEqual(['-ALK:FUSION', '-EGFR', '-EGFR:EX20INS']);
      expect(
        units({ inclusion: '* Sensitizing EGFR mutation and acquired T790M after first-line TKI' }),
      ).toEqual(['+EGFR', '+EGFR:T790M']);
      expect(units({ exclusion: '- EGFR-sensitising mutation or EGFR exon 20 insertion' })).toEqual(
        ['-EGFR', '-EGFR:EX20INS'],
      );
      // Sensitizing alterations listed after it are its members and specify it.
      expect(units({ exclusion: '* EGFR sensitizing mutation (Ex19del, L858R)' })).toEqual([
        '-EGFR:EX19DEL',
        '-EGFR:L858R',
      ]);
    },
  );
  it("scopes a marker to the trial's tumours when its diagnosis criteria name only other ones", () => {
    const scoped = (s: Parameters<typeof extractRows>[0]) =>
      extractRows(s)
        .map((r) => `${formatUnit(rowToUnit(r))}@${r.scope}`)
        .sort();
    expect(
      scoped({
        inclusion:
          '* Have histologically or cytologically - proven cancer of the pancreas or colon.\n* Have one of the KRAS mutations included in the vaccine at the time of vaccination expressed in tumor.',
        title:
          'KRAS-Targeted Vaccine for Patients With Colorectal Cancer and Pancreatic Ductal Cancer',
      }),
    ).toEqual(['+KRAS@other_tumour']);
    expect(
      scoped({
        inclusion:
          '1. Histologically confirmed metastatic colorectal adenocarcinoma\n2. BRAF V600E mutation by local testing',
        conditions: ['Colorectal Cancer'],
      }),
    ).toEqual(['+BRAF:V600E@other_tumour']);
    expect(
      scoped({
        inclusion:
          '- Pathologically documented HR-positive breast carcinoma\n- No known EGFR mutation',
      }),
    ).toEqual(['-EGFR@other_tumour']);
    // Baskets that take in lung keep the rows for lung patients.
    expect(
      scoped({
        inclusion:
          '* Histologically confirmed advanced solid tumour (pancreatic, colorectal or other)\n* KRAS G12D mutation',
      }),
    ).toEqual(['+KRAS:G12D@lung']);
    expect(
      scoped({
        inclusion:
          '* Histologically confirmed pancreatic or colorectal cancer, or NSCLC\n* KRAS G12C mutation',
      }),
    ).toEqual(['+KRAS:G12C@lung']);
    expect(
      scoped({
        inclusion: '* Histologically confirmed pancreatic cancer\n* KRAS G12D mutation',
        conditions: ['Pancreatic Cancer', 'Non-small Cell Lung Cancer'],
      }),
    ).toEqual(['+KRAS:G12D@lung']);
    // Another cancer named as history is not the trial's own.
    expect(
      scoped({
        inclusion:
          '* Histologically confirmed adenocarcinoma\n* Prior history of confirmed prostate cancer allowed\n* EGFR exon 19 deletion',
      }),
    ).toEqual(['+EGFR:EX19DEL@lung']);
  });
});

describe('untracked genes in a negated or listed chain', () => {
  it('keeps the negation across a gene the lexicon does not track', () => {
    // Unknown gene first, middle and last, with each negation cue.
    expect(units({ inclusion: '* No known PIK3CA or EGFR mutation' })).toEqual(['-EGFR']);
    expect(units({ inclusion: '* No known EGFR or PIK3CA mutation' })).toEqual(['-EGFR']);
    expect(units({ inclusion: '* No known KRAS, STK11 or EGFR mutation' })).toEqual([
      '-EGFR',
      '-KRAS',
    ]);
    expect(units({ inclusion: '* Without STK11, KEAP1 or ALK alterations' })).toEqual(['-ALK']);
    expect(units({ inclusion: '* Negative for TP53 and EGFR mutations' })).toEqual(['-EGFR']);
    expect(units({ inclusion: '* Absence of SMARCA4 or ROS1 rearrangement' })).toEqual([
      '-ROS1:FUSION',
    ]);
    expect(units({ inclusion: '* No evidence of NRAS, EGFR or ALK alteration' })).toEqual([
      '-ALK',
      '-EGFR',
    ]);
    expect(units({ inclusion: '* NO KNOWN PIK3CA OR EGFR MUTATION' })).toEqual(['-EGFR']);
  });
  it('reads the exclusion section the same way a tracked gene is read', () => {
    expect(units({ exclusion: '* Known PIK3CA or EGFR mutation' })).toEqual(['-EGFR']);
    expect(units({ exclusion: '* Known STK11, KEAP1 or KRAS mutation' })).toEqual(['-KRAS']);
    // A negated exclusion reads as a tracked gene's does ("No known KRAS or EGFR mutation").
    expect(units({ exclusion: '* No known PIK3CA or EGFR mutation' })).toEqual(
      units({ exclusion: '* No known KRAS or EGFR mutation' }).filter((u) => !u.includes('KRAS')),
    );
  });
  it('keeps required what no cue negates', () => {
    expect(units({ inclusion: '* Known PIK3CA or EGFR mutation' })).toEqual(['+EGFR']);
    expect(units({ inclusion: '* EGFR mutation, with or without TP53 co-mutation' })).toEqual([
      '+EGFR',
    ]);
    expect(units({ inclusion: '* TP53 wild-type and EGFR mutation positive' })).toEqual(['+EGFR']);
    expect(units({ inclusion: '* Patients with PIK3CA mutation and no EGFR mutation' })).toEqual([
      '-EGFR',
    ]);
    // An acronym that is not a gene still ends the chain.
    expect(units({ inclusion: '* No CNS metastases; EGFR mutation' })).toEqual(['+EGFR']);
  });
  // Known miss of the ConText engine (2026-11-27); right under the old chain patterns.
  it.fails(
    'reads "EGFR TKI-sensitizing mutation" as a gene-level sensitizing mutation, not a therapy',
    () => {
      expect(units({ inclusion: '* Documented EGFR TKI-sensitizing mutation' })).toEqual(['+EGFR']);
      expect(units({ exclusion: '* Known EGFR TKI sensitizing mutations' })).toEqual(['-EGFR']);
      expect(units({ exclusion: '* Prior EGFR TKI therapy' })).toEqual([]);
      const rows = extractRows({ inclusion: '* EGFR TKI-sensitizing mutation' });
      expect(rows.map((r) => [r.gene, r.alteration])).toEqual([['EGFR', null]]);
    },
  );
});

describe('real-dev-e constructs (2026-11-27 night)', () => {
  it('reads a degree word before "expression" as protein expression', () => {
    expect(
      units({ inclusion: '* MET high expression by IHC, 3+ in >=75% of tumor cells' }),
    ).toEqual(['+MET:OVEREXP']);
    expect(units({ inclusion: '* Increased MET protein expression' })).toEqual(['+MET:OVEREXP']);
  });
  it('keeps a list of kinds going past "in" unless it names another gene', () => {
    expect(
      units({ inclusion: '* MET overexpression and/or amplification in tumour specimen' }),
    ).toEqual(['+MET:AMP', '+MET:OVEREXP']);
    expect(units({ inclusion: '* HER2 mutation or amplification of the MET gene' })).toEqual([
      '+HER2:MUT',
      '+MET:AMP',
    ]);
  });
  it('reads the class written out later as what specifies a gene-level mention', () => {
    expect(
      units({
        inclusion:
          '* Metastatic EGFRm+ NSCLC harbouring an EGFR mutation known to be associated with EGFR TKI sensitivity',
      }),
    ).toEqual(['+EGFR:EX19DEL', '+EGFR:G719X', '+EGFR:L858R', '+EGFR:L861Q', '+EGFR:S768I']);
  });
  it('reads the spelled-out BRAF of industry protocols, and its "fibrosarcoma" as no tumour', () => {
    expect(
      units({
        inclusion:
          '* Confirmation that epidermal growth factor receptor- (EGFR-), c-ros oncogene 1 (ROS1), or B isoform of rapidly accelerated fibrosarcoma (BRAF) directed therapy is not indicated',
      }),
      // The therapy a driver calls for is ruled out: the drivers are absent (BRAF is no tumour).
    ).toEqual(['-BRAF', '-EGFR', '-ROS1:FUSION']);
    expect(
      units({ inclusion: '* B isoform of rapidly accelerated fibrosarcoma (BRAF) V600E mutation' }),
    ).toEqual(['+BRAF:V600E']);
  });
});

describe('a condition on "these alterations" is not carried back (a review of 2026-11-27 night)', () => {
  it('keeps a requirement that a later condition restates', () => {
    expect(
      units({
        inclusion:
          '* Histologically confirmed EGFR-mutant NSCLC (exon 19 deletion or L858R); patients with these mutations must have progressed on prior osimertinib',
      }),
    ).toEqual(['+EGFR:EX19DEL', '+EGFR:L858R']);
    expect(
      units({
        inclusion:
          '* KRAS G12C mutation confirmed by local testing; if this mutation was detected in plasma only, tumour tissue must be submitted for central confirmation',
      }),
    ).toEqual(['+KRAS:G12C']);
  });
});

describe('a negation of "both" at the clause end', () => {
  it('negates the markers named before it', () => {
    expect(
      units({
        inclusion: '* EGFR and ALK status must be known; patients must be negative for both',
      }),
    ).toEqual(['-ALK', '-EGFR']);
  });
  it('negates only the last list before "both", not a requirement earlier in the criterion', () => {
    expect(
      units({
        inclusion:
          '* PD-L1 TPS >= 50% by 22C3; EGFR and ALK status must be known and patients must be negative for both',
      }),
    ).toEqual(['+PD-L1:TPS>=50', '-ALK', '-EGFR']);
    expect(
      units({
        inclusion:
          '* KRAS G12C-mutated NSCLC; EGFR and ALK must have been tested and the patient must be negative for both',
      }),
    ).toEqual(['+KRAS:G12C', '-ALK', '-EGFR']);
  });
  it('leaves the markers when "both" names other things', () => {
    expect(
      units({
        inclusion:
          '* Patients with EGFR mutation or ALK fusion must not have received both chemotherapy and a TKI',
      }),
    ).toEqual(['+ALK:FUSION', '+EGFR']);
  });
});

describe('written cases of 2026-11-27 night (stratification, subgroup histories)', () => {
  it('reads stratification factors as gating nothing', () => {
    expect(units({ inclusion: '* Stratification factors: PD-L1 (<1% vs >=1%)' })).toEqual([]);
    expect(
      units({ inclusion: '* Randomization stratified according to EGFR mutation status' }),
    ).toEqual([]);
  });
  it('reads what a subgroup must already have had as a condition, not what it may have had', () => {
    expect(
      units({
        inclusion:
          '* Patients harbouring EGFR, ALK or ROS1 alterations must have exhausted available targeted therapies',
      }),
    ).toEqual([]);
    expect(
      units({
        inclusion:
          '* Participants must have a documented KRAS G12C mutation and may have received up to 3 prior lines of systemic therapy',
      }),
    ).toEqual(['+KRAS:G12C']);
  });
  it('ends a stratification cue at "and only"', () => {
    expect(
      units({
        inclusion:
          '* Stratification factors will include histology and PD-L1 expression, and only patients with PD-L1 TPS >= 50% will be enrolled',
      }),
    ).toEqual(['+PD-L1:TPS>=50']);
  });
});

describe('readings a review of 2026-11-27 night found broken, mended', () => {
  it('reads "must be negative for" with the marker on either side', () => {
    expect(
      units({ inclusion: '* Tumour ALK and ROS1 must be negative for rearrangement by FISH' }),
    ).toEqual(['-ALK', '-ROS1']);
    expect(units({ inclusion: '* Tumour must be negative for EGFR and ALK' })).toEqual([
      '-ALK',
      '-EGFR',
    ]);
  });
  it('reads a negative result on a test whose own list names the genes as their negation', () => {
    expect(
      units({ inclusion: '* Negative results on molecular testing (e.g., EGFR, ALK, ROS1)' }),
    ).toEqual(['-ALK', '-EGFR', '-ROS1']);
    expect(
      units({ inclusion: '* Tumour must be negative on molecular testing (EGFR, ALK, ROS1)' }),
    ).toEqual(['-ALK', '-EGFR', '-ROS1']);
  });
  it('does not read a test stated with its result as a test still to be done', () => {
    expect(
      units({
        inclusion:
          '* Tumor harbors an actionable driver identified on NGS testing, such as ALK fusion, ROS1 fusion or RET fusion',
      }),
    ).toEqual(['+ALK:FUSION', '+RET:FUSION', '+ROS1:FUSION']);
    expect(
      units({ inclusion: '* Positive result on tissue-based NGS testing (KRAS G12C mutation)' }),
    ).toEqual(['+KRAS:G12C']);
    expect(units({ inclusion: '* Must have positive genotyping, such as EGFR T790M' })).toEqual([
      '+EGFR:T790M',
    ]);
  });
  it('does not read "non-sensitizing" or another treatment\'s sensitivity as the class', () => {
    expect(
      units({
        inclusion:
          '* Tumour harbouring a non-sensitizing mutation in the EGFR gene (e.g., exon 20 insertion)',
      }),
    ).toEqual(['+EGFR']);
    expect(units({ inclusion: '* Platinum-sensitive EGFR-mutant NSCLC' })).toEqual(['+EGFR']);
  });
  it('keeps the class when an exon range describes the assay, not the mutation', () => {
    expect(
      units({
        inclusion:
          '* Stage IV NSCLC with a common activating EGFR mutation detected by PCR covering exons 18-21',
      }),
    ).toEqual(['+EGFR:EX19DEL', '+EGFR:G719X', '+EGFR:L858R', '+EGFR:L861Q', '+EGFR:S768I']);
    expect(units({ inclusion: '* Activating mutation in EGFR exons 18-21' })).toEqual(['+EGFR']);
  });
  it('reads MET in capitals as the gene unless a clause end or function word follows the verb', () => {
    expect(
      units({ inclusion: '* PATIENTS WHOSE TUMOURS HAVE MET OR RET ALTERATIONS DETECTED BY NGS' }),
    ).toEqual(['+MET', '+RET']);
    expect(units({ inclusion: '* ALL OF THE FOLLOWING CRITERIA MUST BE FULLY MET:' })).toEqual([]);
    expect(
      units({ inclusion: '* PATIENTS WHO MET ALL ELIGIBILITY CRITERIA OF THE PARENT STUDY' }),
    ).toEqual([]);
  });
  it('does not read RAF1 spelled out as BRAF', () => {
    expect(
      units({
        inclusion:
          '* NSCLC with an activating mutation in RAF1 (rapidly accelerated fibrosarcoma 1)',
      }),
    ).toEqual([]);
  });
});

describe('a therapy ruled out and a negative state said twice', () => {
  it.each([
    // A negative state and a negation cue restating it are one negation, not two.
    [
      '* Confirmation that EGFR negative (EGFR-), ALK negative (ALK-), or ROS1 negative (ROS1-) directed therapy is not indicated',
      ['-ALK', '-EGFR', '-ROS1'],
    ],
    ['* EGFR wild-type tumours must be negative for ALK and ROS1', ['-ALK', '-EGFR', '-ROS1']],
    ['* ALK-negative status not detected by FISH', ['-ALK']],
    // A drug not indicated names no marker.
    ['* Osimertinib is not indicated', []],
  ] as const)('inclusion: %s', (inclusion, want) => {
    expect(units({ inclusion })).toEqual([...want]);
  });
});

describe('a therapy that is not indicated: its targets are absent drivers', () => {
  it.each([
    [
      '* Has confirmation that epidermal growth factor receptor (EGFR), anaplastic lymphoma kinase (ALK), or ROS1-directed therapy is not indicated as primary therapy',
      ['-ALK:FUSION', '-EGFR', '-ROS1:FUSION'],
    ],
    ['* EGFR or ALK targeted therapy is not indicated', ['-ALK:FUSION', '-EGFR']],
    ['* EGFR TKI therapy is not indicated', ['-EGFR']],
    // A drug names no marker of the patient's; a prior therapy still gives no row.
    ['* Osimertinib is not indicated', []],
    ['* Prior EGFR-directed therapy', []],
  ] as const)('inclusion: %s', (inclusion, want) => {
    expect(units({ inclusion })).toEqual([...want]);
  });
});
