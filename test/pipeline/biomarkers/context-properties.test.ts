/**
 * What must not change (metamorphic properties, fast-check): criteria drawn from a small
 * grammar of marker lists, read before and after a change that keeps their meaning. Neutral
 * words between list items, the order of the items, the word that opens the list, and splitting
 * one criterion into a header and bullets must give the same rows.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractBiomarkers } from '../../../pipeline/biomarkers/index.js';
import { splitCriteria } from '../../../pipeline/eligibility/split-criteria.js';

const ITEMS = [
  ['EGFR mutation', 'EGFR'],
  ['ALK fusion', 'ALK'],
  ['ROS1 rearrangement', 'ROS1'],
  ['RET fusion', 'RET'],
  ['BRAF V600E mutation', 'BRAF'],
  ['KRAS G12C mutation', 'KRAS'],
  ['MET exon 14 skipping mutation', 'MET'],
  ['NTRK gene fusion', 'NTRK'],
  ['HER2 exon 20 insertion', 'HER2'],
] as const;

const NEGATED_HEADS = [
  'Patients must not have known actionable alterations',
  'No known oncogenic driver alterations',
  'NSCLC without targetable or oncogene-driven mutations',
  'Participants must not harbour other known actionable genomic alterations',
  'Absence of actionable driver mutations',
];
const POSITIVE_HEADS = [
  'Documented actionable alteration',
  'Tumour harbouring a driver alteration',
];
const OPENERS: Array<[string, string]> = [
  [', such as ', ''],
  [' (e.g., ', ')'],
  [' (i.e., ', ')'],
  [', including (but not limited to) ', ''],
  [' (', ')'],
  [': ', ''],
];
const NEUTRAL = ['(per local testing)', 'detected by NGS', 'positive disease', 'in tumour tissue'];

/** A criterion's lung rows in one section, as "+GENE:ALTERATION" (gene level "*"), sorted. */
const rowsIn = (section: 'inclusion' | 'exclusion', text: string) =>
  extractBiomarkers({
    nct_id: 'NCT00000000',
    inclusion: section === 'inclusion' ? text : null,
    exclusion: section === 'exclusion' ? text : null,
  })
    .filter((r) => r.scope === 'lung')
    .map((r) => `${r.requirement === 'required' ? '+' : '-'}${r.gene}:${r.alteration ?? '*'}`)
    .sort();
const rowsOf = (inclusion: string) => rowsIn('inclusion', inclusion);
/** The rows at gene level ("+EGFR"), deduplicated and sorted. */
const genesOf = (rows: string[]) => [...new Set(rows.map((r) => r.split(':')[0]))].sort();

function list(items: string[], neutral: string[] = []): string {
  const said = items.map((t, i) => (neutral[i] ? `${t} ${neutral[i]}` : t));
  return said.length === 1 ? said[0] : `${said.slice(0, -1).join(', ')} or ${said.at(-1)}`;
}

const criterion = fc.record({
  items: fc.shuffledSubarray([...ITEMS], { minLength: 2, maxLength: 5 }),
  head: fc.constantFrom(...NEGATED_HEADS),
  opener: fc.constantFrom(...OPENERS),
  neutral: fc.array(fc.constantFrom(...NEUTRAL, ''), { minLength: 5, maxLength: 5 }),
});

const sentence = (
  head: string,
  [open, close]: [string, string],
  items: string[],
  neutral: string[] = [],
) => `* ${head}${open}${list(items, neutral)}${close}`;

const RUNS = { numRuns: 150 };

/** Ways registries and pages retype the same criterion. */
const TYPOGRAPHY: Array<[string, (s: string) => string]> = [
  ['upper case', (s) => s.toUpperCase()],
  ['tabs', (s) => s.replace(/ /g, '\t')],
  ['double spaces', (s) => s.replace(/ /g, '  ')],
  ['no-break spaces', (s) => s.replace(/ /g, '\u00a0')],
  ['en dashes', (s) => s.replace(/-/g, '–')],
  ['round bullet', (s) => s.replace(/^\* /, '• ')],
  ['numbered', (s) => s.replace(/^\* /, '3. ')],
  ['escaped brackets', (s) => s.replace(/\(/g, '\\(').replace(/\)/g, '\\)')],
];

/** The text broken into lines of at most `column` characters, at spaces (no indent). */
function wrapAt(text: string, column: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > column) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line].join('\n');
}

/** Label lines that stand for the items under them ("the following"), ruling them out or in. */
const RULING_OUT_LEADS = [
  'The following patients are not eligible:',
  'Patients meeting any of the following will be excluded:',
  'Subjects with any of the following are ineligible:',
  'Patients presenting with any of the criteria below are excluded:',
];
const ADMITTING_LEADS = [
  'Only the patients meeting all the following criteria can be eligible:',
  'Patients must have one of the following:',
  'Participants with any of the following are eligible:',
];

/** How registry titles introduce a study before naming its population. */
const TITLE_OPENINGS = [
  'A Study of Drug-123',
  'A Phase 3 Study of Drug-123 vs. Docetaxel',
  'Drug-123 Versus Platinum Doublet Chemotherapy',
  'Safety and Efficacy of Drug-123 Alone or in Combination With Pembrolizumab',
  'Drug-123',
];
const TITLE_MARKERS: Array<[string, string]> = [
  ['KRAS G12C-Mutated', '+KRAS:G12C'],
  ['EGFR-Mutated', '+EGFR:*'],
  ['ALK-Positive', '+ALK:FUSION'],
  ['MET Exon 14 Skipping', '+MET:EX14SKIP'],
  ['RET Fusion-Positive', '+RET:FUSION'],
];

/** Relative clauses of any length that describe the marker before the sentence goes on. */
const RELATIVE_CLAUSES = [
  '',
  ' which is expected to be responsive to available tyrosine kinase inhibitor therapy',
  ' which was detected in tumour tissue or plasma by a validated assay at a certified laboratory',
  ' which confers sensitivity to an approved targeted agent in the opinion of the investigator',
];
const CONDITIONS_AFTER = [
  'must have been previously treated with an applicable targeted therapy',
  'must have received a prior approved targeted therapy',
  'must have progressed on standard directed molecular therapy',
];

/** Another tumour's name and the markers that qualify it in an aside. */
const ASIDE_TUMOURS = [
  'breast cancer',
  'breast carcinoma',
  'gastric adenocarcinoma',
  'colorectal cancer',
  'melanoma',
];
const ASIDE_MARKERS = [
  'HER2-negative',
  'HR+/HER2-',
  'HER2 IHC 3+ or ISH-positive',
  'BRAF V600E-mutant',
  'KRAS wild-type, with prior anti-EGFR therapy',
];

/** How industry protocols spell a gene out before its symbol (any of a gene's names). */
const SPELLED_OUT: Record<string, string[]> = {
  EGFR: ['epidermal growth factor receptor (EGFR)'],
  ALK: ['anaplastic lymphoma kinase (ALK)', 'anaplastic lymphoma kinase 1 (ALK-1)'],
  ROS1: ['c-ros oncogene 1 (ROS1)', 'ROS proto-oncogene 1 (ROS-1)'],
  RET: ['rearranged during transfection (RET)'],
  BRAF: [
    'v-raf murine sarcoma viral oncogene homolog B1 (BRAF)',
    'B isoform of rapidly accelerated fibrosarcoma (BRAF)',
  ],
  KRAS: ['Kirsten rat sarcoma viral oncogene homolog (KRAS)'],
  MET: ['mesenchymal-epithelial transition factor (MET)'],
  NTRK: ['neurotrophic tyrosine receptor kinase (NTRK)'],
  HER2: ['human epidermal growth factor receptor 2 (HER2)'],
};
const spellOut = (text: string, pick: number) =>
  text.replace(/\b(EGFR|ALK|ROS1|RET|BRAF|KRAS|MET|NTRK|HER2)\b/g, (g) => {
    const names = SPELLED_OUT[g];
    return names[pick % names.length];
  });

/** Ways criteria write the EGFR sensitising class (five alterations, never the gene alone). */
const SENSITISING_WORDINGS = [
  'sensitizing EGFR mutation',
  'EGFR sensitising mutation',
  'activating mutation in the EGFR gene',
  'sensitizing mutation of EGFR',
  'EGFR mutation sensitive to EGFR TKIs',
  'EGFR mutation known to be associated with EGFR TKI sensitivity',
  'common EGFR mutation',
  'epidermal growth factor receptor (EGFR) activating mutation',
  // Sensitivity to the gene's TKI written on the gene: a marker, not a therapy.
  'EGFR-TKI sensitizing mutation',
  'EGFR TKI-sensitizing mutation',
  'EGFR-TKI-sensitive mutation',
];
const CLASS_ROWS = ['EX19DEL', 'G719X', 'L858R', 'L861Q', 'S768I'];

/** The same statement written as an inclusion negation and as a plain exclusion. */
const RULED_OUT_PAIRS: Array<[string, string]> = [
  ['No known', 'Known'],
  ['Absence of', 'Presence of'],
  ['Tumours must not harbour', 'Tumours harbouring'],
  ['Patients without', 'Patients with'],
  ['Free of', 'Positive for'],
  ['No documented', 'Documented'],
];

/** Whole criteria items of a section: plain, negated, with a marker, with a negated marker. */
const SECTION_ITEMS = [
  'Age 18 years or older',
  'ECOG performance status 0 or 1',
  'Adequate bone marrow, liver and renal function',
  'No brain metastases',
  'No active infection requiring systemic therapy',
  'Not pregnant or breastfeeding',
  'Must not have received prior systemic therapy for advanced disease',
  'Documented EGFR L858R mutation',
  'KRAS G12C mutation confirmed by a validated test',
  'ALK fusion detected by FISH',
  'No known ROS1 rearrangement',
  'Absence of BRAF V600E mutation',
  'Known MET exon 14 skipping mutation',
  'Without RET fusion',
];

/** How a page that flattens the criteria onto one line writes each item's bullet. */
const FLAT_BULLETS: Array<[string, (i: number) => string]> = [
  ['asterisk', () => '* '],
  ['round bullet', () => '• '],
  ['dash', () => '- '],
  ['numbered', (i) => `${i + 1}. `],
  ['numbered with a bracket', (i) => `${i + 1}) `],
];

/** Tests and profiling a criterion asks for; a list right after one names what is tested. */
const TEST_NOUNS = [
  'Tumour tissue must be submitted for biomarker analysis',
  'Willing to provide a sample for molecular testing',
  'Results of local genomic profiling',
  'Archival tissue for central testing',
  'Consent to next-generation sequencing',
  'Prior tumour genotyping',
];

/** Rows of a whole eligibility text, split into its sections the way the pipeline does. */
const rowsOfText = (text: string) =>
  extractBiomarkers({ nct_id: 'NCT00000000', ...splitCriteria(text) })
    .filter((r) => r.scope === 'lung')
    .map((r) => `${r.requirement === 'required' ? '+' : '-'}${r.gene}:${r.alteration ?? '*'}`)
    .sort();

describe('ConText readings that must not change', () => {
  it('a negated list excludes every listed marker, however the list is opened', () => {
    fc.assert(
      fc.property(criterion, ({ items, head, opener }) => {
        const rows = rowsOf(
          sentence(
            head,
            opener,
            items.map((i) => i[0]),
          ),
        );
        expect(rows.every((r) => r.startsWith('-'))).toBe(true);
        expect([...new Set(rows.map((r) => r.slice(1).split(':')[0]))].sort()).toEqual(
          items.map((i) => i[1]).sort(),
        );
      }),
      RUNS,
    );
  });

  it('neutral words between list items change nothing', () => {
    fc.assert(
      fc.property(criterion, ({ items, head, opener, neutral }) => {
        const names = items.map((i) => i[0]);
        expect(rowsOf(sentence(head, opener, names, neutral))).toEqual(
          rowsOf(sentence(head, opener, names)),
        );
      }),
      RUNS,
    );
  });

  it('the order of the items changes nothing', () => {
    fc.assert(
      fc.property(criterion, ({ items, head, opener }) => {
        const names = items.map((i) => i[0]);
        expect(rowsOf(sentence(head, opener, [...names].reverse()))).toEqual(
          rowsOf(sentence(head, opener, names)),
        );
      }),
      RUNS,
    );
  });

  it('"such as", "e.g.", "i.e.", "including", brackets or a colon read alike', () => {
    fc.assert(
      fc.property(criterion, fc.constantFrom(...OPENERS), ({ items, head, opener }, other) => {
        const names = items.map((i) => i[0]);
        expect(rowsOf(sentence(head, other, names))).toEqual(rowsOf(sentence(head, opener, names)));
      }),
      RUNS,
    );
  });

  it("the markers a test's own list names are tested, not required, however the list is opened", () => {
    const tested = fc.record({
      items: fc.shuffledSubarray(
        ITEMS.filter(([, gene]) => gene !== 'KRAS'),
        { minLength: 1, maxLength: 5 },
      ),
      test: fc.constantFrom(...TEST_NOUNS),
      opener: fc.constantFrom(...OPENERS.filter(([open]) => open !== ': ')),
    });
    fc.assert(
      fc.property(tested, ({ items, test, opener }) => {
        const names = items.map((i) => i[0]);
        expect(rowsOf(sentence(test, opener, names))).toEqual([]);
        // A stated marker before the test keeps its row.
        const stated = sentence(`Documented KRAS G12C mutation; ${test}`, opener, names);
        expect(rowsOf(stated)).toEqual(['+KRAS:G12C']);
      }),
      RUNS,
    );
  });

  it('a criterion split into a header and bullets reads as one', () => {
    fc.assert(
      fc.property(criterion, ({ items, head }) => {
        const names = items.map((i) => i[0]);
        const whole = rowsOf(sentence(head, [': ', ''], names));
        const nested = `* ${head}, any of the following:\n  * ${names.join('\n  * ')}`;
        // A plain label line with its items at the same indent, as pages and exports lay it out.
        const label = `${head}:\n* ${names.join('\n* ')}`;
        // The nested list with its indent lost, as pages and exports often copy it.
        const flat = `* ${head}, any of the following:\n* ${names.join('\n* ')}\n* ECOG 0-1`;
        expect(rowsOf(nested)).toEqual(whole);
        expect(rowsOf(label)).toEqual(whole);
        expect(rowsOf(flat)).toEqual(whole);
      }),
      RUNS,
    );
  });

  it('a positive list requires each marker as an alternative, never excludes one', () => {
    fc.assert(
      fc.property(criterion, fc.constantFrom(...POSITIVE_HEADS), ({ items, opener }, head) => {
        const rows = rowsOf(
          sentence(
            head,
            opener,
            items.map((i) => i[0]),
          ),
        );
        expect(rows.every((r) => r.startsWith('+'))).toBe(true);
      }),
      RUNS,
    );
  });

  it("a marker in the brackets after another tumour's name qualifies that tumour, wherever lung stands in the list", () => {
    const tumours = fc.shuffledSubarray(
      [
        'pancreatic adenocarcinoma',
        'cervical cancer',
        'urothelial carcinoma',
        'head and neck cancer',
      ],
      { minLength: 1, maxLength: 3 },
    );
    fc.assert(
      fc.property(
        tumours,
        fc.constantFrom(...ASIDE_TUMOURS),
        fc.constantFrom(...ASIDE_MARKERS),
        fc.constantFrom<[string, string]>(['(', ')'], ['[', ']']),
        fc.nat(4),
        (others, owner, marker, [open, close], at) => {
          const items = [...others, 'non-small cell lung cancer (NSCLC)'];
          items.splice(Math.min(at, items.length), 0, `${owner} ${open}${marker}${close}`);
          const text = `* One of the following advanced solid tumours: ${items.join(', ')}`;
          expect(rowsOf(text)).toEqual([]);
        },
      ),
      RUNS,
    );
  });

  it('a relative clause after the marker does not keep a later condition from it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ITEMS),
        fc.constantFrom(...RELATIVE_CLAUSES),
        fc.constantFrom(...CONDITIONS_AFTER),
        ([marker], clause, condition) => {
          expect(rowsOf(`* Patients with ${marker}${clause}, ${condition}`)).toEqual([]);
          expect(rowsOf(`* Patients with ${marker}, ${condition}`)).toEqual([]);
        },
      ),
      RUNS,
    );
  });

  it('a title naming the population requires its marker, however the study is introduced', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TITLE_MARKERS),
        fc.constantFrom(...TITLE_OPENINGS),
        fc.constantFrom('in', 'for', 'among'),
        fc.constantFrom('Patients', 'Participants', 'Subjects', 'Adults'),
        fc.constantFrom(
          '',
          ' Who Have Progressed on Prior Therapy',
          ' After Platinum Chemotherapy',
        ),
        ([marker, row], opening, connector, who, tail) => {
          const title = `${opening} ${connector} ${who} With ${marker} Non-small Cell Lung Cancer${tail}`;
          const rows = extractBiomarkers({
            nct_id: 'NCT00000000',
            inclusion: null,
            exclusion: null,
            title,
          }).map(
            (r) => `${r.requirement === 'required' ? '+' : '-'}${r.gene}:${r.alteration ?? '*'}`,
          );
          expect(rows).toEqual([row]);
        },
      ),
      RUNS,
    );
  });

  it('a label line that rules out "the following" excludes each item under it; one that admits them does not', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray([...ITEMS], { minLength: 1, maxLength: 4 }),
        fc.constantFrom(...RULING_OUT_LEADS),
        fc.constantFrom(...ADMITTING_LEADS),
        (items, ruling, admitting) => {
          const bullets = items.map((i) => `* ${i[0]}`).join('\n');
          const out = rowsOf(`* NSCLC stage IV\n${ruling}\n${bullets}`);
          expect(out.length).toBeGreaterThan(0);
          expect(out.every((r) => r.startsWith('-'))).toBe(true);
          const kept = rowsOf(`${admitting}\n${bullets}`);
          expect(kept.length).toBeGreaterThan(0);
          expect(kept.every((r) => r.startsWith('+'))).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('a criterion hard-wrapped at any column, as pages and exports copy it, reads as one', () => {
    fc.assert(
      fc.property(
        criterion,
        fc.constantFrom(...POSITIVE_HEADS, ...NEGATED_HEADS),
        fc.integer({ min: 20, max: 100 }),
        ({ items, opener, neutral }, head, column) => {
          const text = sentence(
            head,
            opener,
            items.map((i) => i[0]),
            neutral,
          );
          expect(rowsOf(`${wrapAt(text, column)}\n\n* ECOG 0-1`)).toEqual(
            rowsOf(`${text}\n\n* ECOG 0-1`),
          );
        },
      ),
      RUNS,
    );
  });

  it('criteria flattened onto one line, as pages copy them, read as the lined text', () => {
    const items = fc.shuffledSubarray(SECTION_ITEMS, { minLength: 2, maxLength: 6 });
    fc.assert(
      fc.property(items, items, fc.constantFrom(...FLAT_BULLETS), (inc, exc, [, bullet]) => {
        const lined = (xs: string[]) => xs.map((x) => `* ${x}`).join('\n');
        const flat = (xs: string[]) => xs.map((x, i) => `${bullet(i)}${x}`).join(' ');
        const withLines = `Inclusion Criteria:\n${lined(inc)}\nExclusion Criteria:\n${lined(exc)}`;
        const onOneLine = `Inclusion Criteria: ${flat(inc)} Exclusion Criteria: ${flat(exc)}`;
        expect(rowsOfText(onOneLine)).toEqual(rowsOfText(withLines));
      }),
      RUNS,
    );
  });

  it('a whole text written in capitals reads as the mixed-case text', () => {
    const items = fc.shuffledSubarray(SECTION_ITEMS, { minLength: 2, maxLength: 6 });
    const LEADS = [
      'All of the following criteria must be met:',
      'Patients must have met these requirements:',
      '',
    ];
    fc.assert(
      fc.property(items, items, fc.constantFrom(...LEADS), (inc, exc, lead) => {
        const lined = (xs: string[]) => xs.map((x) => `* ${x}`).join('\n');
        const text = `Inclusion Criteria:\n${lead}\n${lined(inc)}\nExclusion Criteria:\n${lined(exc)}`;
        expect(rowsOfText(text.toUpperCase())).toEqual(rowsOfText(text));
      }),
      RUNS,
    );
  });

  it('a gene spelled out before its symbol in brackets reads as the symbol', () => {
    fc.assert(
      fc.property(
        criterion,
        fc.constantFrom(...POSITIVE_HEADS, ...NEGATED_HEADS),
        fc.nat(),
        ({ items, opener }, head, pick) => {
          const text = sentence(
            head,
            opener,
            items.map((i) => i[0]),
          );
          expect(rowsOf(spellOut(text, pick))).toEqual(rowsOf(text));
        },
      ),
      RUNS,
    );
  });

  it('the EGFR sensitising class reads alike however it is worded, required or ruled out', () => {
    const stated = fc.record({
      wording: fc.constantFrom(...SENSITISING_WORDINGS),
      head: fc.constantFrom('Documented', 'Tumour harbouring a', 'Participants with a'),
      ruledOut: fc.boolean(),
    });
    fc.assert(
      fc.property(stated, ({ wording, head, ruledOut }) => {
        const text = `* ${head} ${wording}${ruledOut ? ' are excluded' : ''}`;
        const sign = ruledOut ? '-' : '+';
        expect(rowsOf(text)).toEqual(CLASS_ROWS.map((a) => `${sign}EGFR:${a}`));
      }),
      RUNS,
    );
  });

  it('a marker ruled out in the inclusion criteria reads as the same marker in the exclusion criteria', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray([...ITEMS], { minLength: 1, maxLength: 4 }),
        fc.constantFrom(...RULED_OUT_PAIRS),
        fc.boolean(),
        (items, [negated, plain], spelled) => {
          const said = list(items.map((i) => i[0]));
          const form = spelled ? (t: string) => spellOut(t, 0) : (t: string) => t;
          expect(rowsIn('inclusion', form(`* ${negated} ${said}`))).toEqual(
            rowsIn('exclusion', form(`* ${plain} ${said}`)),
          );
        },
      ),
      RUNS,
    );
  });

  it('spacing, letter case, dashes and bullet style change nothing', () => {
    fc.assert(
      fc.property(
        criterion,
        fc.constantFrom(...POSITIVE_HEADS, ...NEGATED_HEADS),
        fc.constantFrom(...TYPOGRAPHY),
        ({ items, opener }, head, [, retype]) => {
          const text = sentence(
            head,
            opener,
            items.map((i) => i[0]),
          );
          expect(rowsOf(retype(text))).toEqual(rowsOf(text));
        },
      ),
      RUNS,
    );
  });
  it('a broader alteration followed by the ones it covers is specified by them, however they are given', () => {
    const broad = fc.record({
      // What a patient has is one of the narrower alterations, never the broad class beside them.
      said: fc.constantFrom(
        ['KRAS G12 mutation', 'KRAS'],
        ['KRAS mutation at codon 12', 'KRAS'],
        ['Kirsten rat sarcoma viral oncogene (KRAS) mutation at codon 12', 'KRAS'],
        ['HER2 activating mutation', 'HER2'],
      ),
      narrower: fc.constantFrom(['G12C'], ['G12D', 'G12V'], ['G12C', 'G12D']),
      opener: fc.constantFrom<[string, string]>(
        [' (', ')'],
        [' (i.e., ', ')'],
        [', i.e. ', ''],
        [': ', ''],
      ),
      negated: fc.boolean(),
    });
    fc.assert(
      fc.property(broad, ({ said: [phrase, gene], narrower, opener, negated }) => {
        const ids = gene === 'HER2' ? ['EX20INS'] : [...narrower];
        const named = gene === 'HER2' ? ['exon 20 insertion'] : [...narrower];
        const text = `* ${negated ? 'No ' : ''}${phrase}${opener[0]}${list(named)}${opener[1]}`;
        const sign = negated ? '-' : '+';
        expect(rowsOf(text)).toEqual(ids.map((a) => `${sign}${gene}:${a}`).sort());
      }),
      RUNS,
    );
  });
  it('the targets of a therapy give no row, spelled out or not, however the therapy is named', () => {
    const therapy = fc.record({
      genes: fc.shuffledSubarray(['EGFR', 'ALK', 'ROS1', 'RET', 'BRAF', 'MET'], {
        minLength: 1,
        maxLength: 4,
      }),
      named: fc.constantFrom(
        '-directed therapy',
        ' targeted therapy',
        ' inhibitor',
        '-targeted agents',
      ),
      lead: fc.constantFrom('No prior', 'Prior', 'Must have progressed on'),
      pick: fc.nat(),
    });
    fc.assert(
      fc.property(therapy, ({ genes, named, lead, pick }) => {
        const text = `* ${lead} ${list(genes)}${named}`;
        expect(rowsOf(text)).toEqual([]);
        expect(rowsOf(spellOut(text, pick))).toEqual([]);
      }),
      RUNS,
    );
  });
  it('markers in a leading clause select whom the main clause applies to; a clause without one leaves it', () => {
    const lead = fc.record({
      items: fc.shuffledSubarray([...ITEMS], { minLength: 1, maxLength: 3 }),
      opener: fc.constantFrom('For', 'In', 'Among', 'Where', 'For those'),
      // Where the marker stands in the clause: before the population noun or after "with".
      shape: fc.constantFrom(
        (m: string) => `${m}-positive participants`,
        (m: string) => `patients with ${m}`,
        (m: string) => `subjects whose tumours harbour ${m}`,
        (m: string) => `NSCLC with ${m} (per local testing)`,
      ),
      main: fc.constantFrom(
        'prior targeted therapy is required',
        'at least one prior line of therapy must have been received',
        'progression on an approved inhibitor is mandatory',
      ),
      neutral: fc.constantFrom('In addition', 'For inclusion', 'Where available', 'For Cohort B'),
    });
    fc.assert(
      fc.property(lead, ({ items, opener, shape, main, neutral }) => {
        const markers = list(items.map(([said]) => said));
        expect(rowsOf(`* ${opener} ${shape(markers)}, ${main}`)).toEqual([]);
        // The clause names no marker, or names a cohort: the main clause's marker is required.
        const required = rowsOf(`* ${markers}`);
        expect(rowsOf(`* ${neutral}, ${markers}`)).toEqual(required);
        expect(required.length).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });
  it('a qualifier after each listed marker keeps the list one list, for every lead, in either section', () => {
    const QUALIFIERS = [
      '',
      ' as determined by a CLIA-certified laboratory',
      ' detected by an FDA-approved test',
      ' by local or central testing',
      ' confirmed by next-generation sequencing',
    ];
    const LEADS = [
      ['Documented', false],
      ['Locally advanced or metastatic NSCLC with', false],
      ['No known', true],
      ['Absence of', true],
      // A rule written as a rule says the same in either section (negation.imperative,
      // obligation.modal).
      ['Patients must have', 'requires'],
      ['Must be negative for', 'restates'],
      ['Tumours must not harbour', 'restates'],
    ] as const;
    const qualified = fc.record({
      items: fc.shuffledSubarray([...ITEMS], { minLength: 2, maxLength: 4 }),
      qualifiers: fc.array(fc.constantFrom(...QUALIFIERS), { minLength: 4, maxLength: 4 }),
      lead: fc.constantFrom(...LEADS),
      exclusion: fc.boolean(),
    });
    fc.assert(
      fc.property(qualified, ({ items, qualifiers, lead: [lead, negated], exclusion }) => {
        const said = items.map(([phrase], i) => `${phrase}${qualifiers[i]}`);
        const text = `* ${lead} ${list(said)}`;
        const bare = `* ${lead} ${list(items.map(([phrase]) => phrase))}`;
        const rows = (t: string) => genesOf(rowsIn(exclusion ? 'exclusion' : 'inclusion', t));
        const sign =
          negated === 'requires'
            ? '+'
            : negated === 'restates' || negated !== exclusion
              ? '-'
              : '+';
        expect(new Set(rows(text))).toEqual(new Set(items.map(([, gene]) => `${sign}${gene}`)));
        expect(rows(text)).toEqual(rows(bare));
      }),
      RUNS,
    );
  });
  it('a negative state reads alike written before the genes or after them; a marker before it keeps its own', () => {
    const states = fc.record({
      genes: fc.shuffledSubarray(['EGFR', 'ALK', 'ROS1', 'KRAS', 'BRAF', 'RET', 'MET'], {
        minLength: 1,
        maxLength: 4,
      }),
      state: fc.constantFrom('wild-type', 'wild type', 'negative'),
      lead: fc.constantFrom('', 'Documented ', 'Tumours of ', 'Patients with '),
      tail: fc.constantFrom('', ' status', ' NSCLC', ' by local testing'),
    });
    const OTHERS = ['EGFR-mutant', 'KRAS G12C-mutated', 'ALK-positive'];
    fc.assert(
      fc.property(states, ({ genes, state, lead, tail }) => {
        const other = OTHERS.find((o) => !o.startsWith(genes[0]))!;
        const before = rowsOf(`* ${lead}${state} ${list(genes)}${tail}`);
        expect(before).toEqual(rowsOf(`* ${lead}${list(genes)} ${state}${tail}`));
        expect(before.every((r) => r.startsWith('-'))).toBe(true);
        expect(before.length).toBe(genes.length);
        // "ALK-negative, EGFR-mutant NSCLC": the state word after a marker is that marker's.
        const mixed = rowsOf(`* ${genes[0]}-${state.replace(' ', '-')} ${other} NSCLC`);
        expect(mixed.filter((r) => r.startsWith('+')).length).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });
  it('a therapy ruled out for the patient excludes its targets however it is said; a marker beside a procedure ruled out keeps its row', () => {
    const ruledOut = fc.record({
      genes: fc.shuffledSubarray(['EGFR', 'ALK', 'ROS1', 'RET'], { minLength: 1, maxLength: 3 }),
      said: fc.constantFrom(
        (t: string) => `Patients must not be candidates for ${t}`,
        (t: string) => `Not a candidate for ${t}`,
        (t: string) => `Not eligible for ${t}`,
        (t: string) => `${t} is not appropriate`,
        (t: string) => `${t} is not indicated as primary therapy`,
      ),
      therapy: fc.constantFrom('-directed therapy', ' targeted therapy', ' inhibitor therapy'),
    });
    fc.assert(
      fc.property(ruledOut, ({ genes, said, therapy }) => {
        const rows = rowsOf(`* ${said(`${list(genes)}${therapy}`)}`);
        expect(genesOf(rows)).toEqual(genes.map((g) => `-${g}`).sort());
        const kept = rowsOf(`* ${said('curative surgery')}, with a documented KRAS G12C mutation`);
        expect(kept).toEqual(['+KRAS:G12C']);
      }),
      RUNS,
    );
  });
  it('markers naming whom a demand applies to gate nothing, before or after it; an exclusion until treated likewise', () => {
    const subgroup = fc.record({
      items: fc.shuffledSubarray([...ITEMS], { minLength: 1, maxLength: 3 }),
      demand: fc.constantFrom(
        'Prior targeted therapy is required',
        'At least one prior approved inhibitor is mandatory',
      ),
      who: fc.constantFrom(
        (m: string) => `for patients whose tumours carry ${m}`,
        (m: string) => `in patients with ${m}`,
        (m: string) => `for participants with ${m}`,
      ),
      untreated: fc.constantFrom(
        'who have not received prior targeted therapy',
        'who have not been treated with an approved inhibitor',
        'who have not progressed on approved targeted therapy',
      ),
    });
    fc.assert(
      fc.property(subgroup, ({ items, demand, who, untreated }) => {
        const markers = list(items.map(([said]) => said));
        expect(rowsOf(`* ${demand} ${who(markers)}`)).toEqual([]);
        const subject = `* Patients with ${markers} ${untreated}`;
        expect(rowsIn('exclusion', subject)).toEqual([]);
        // Admitted, the same words describe who enrols: the markers are required.
        expect(rowsOf(subject).every((r) => r.startsWith('+'))).toBe(true);
        expect(rowsOf(subject).length).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });
  it('"or unknown" after a stated state keeps the state; an unknown status alone gates nothing', () => {
    const unknown = fc.record({
      gene: fc.constantFrom('EGFR', 'ALK', 'ROS1', 'KRAS', 'BRAF'),
      state: fc.constantFrom('wild-type', 'negative', 'mutation negative'),
      or: fc.constantFrom(
        ' or unknown',
        '/unknown',
        ' or status unknown',
        ' or {g} status unknown',
      ),
    });
    fc.assert(
      fc.property(unknown, ({ gene, state, or }) => {
        const stated = rowsOf(`* ${gene} ${state}`);
        expect(rowsOf(`* ${gene} ${state}${or.replace('{g}', gene)}`)).toEqual(stated);
        expect(stated).toEqual([`-${gene}:*`]);
        expect(rowsOf(`* ${gene} status unknown`)).toEqual([]);
      }),
      RUNS,
    );
  });
  it("another tumour's state of a marker does not cancel the lung cohort's requirement of it", () => {
    const cohorts = fc.record({
      pair: fc.constantFrom(
        ['colorectal cancer', 'RAS wild-type', 'KRAS G12C mutation', '+KRAS:G12C'],
        ['melanoma', 'BRAF wild-type', 'BRAF V600E mutation', '+BRAF:V600E'],
        ['breast cancer', 'HER2-negative', 'HER2 exon 20 insertion', '+HER2:EX20INS'],
      ),
      join: fc.constantFrom('; participants', '. Participants', '\n* Participants'),
    });
    fc.assert(
      fc.property(cohorts, ({ pair: [tumour, state, marker, want], join }) => {
        const text = `* Participants with ${tumour} must have ${state} disease${join} with NSCLC must have a documented ${marker}`;
        expect(rowsOf(text)).toEqual([want]);
      }),
      RUNS,
    );
  });
  it("a marker written before another tumour's noun stays that tumour's when a lung item with its own marker follows", () => {
    const mixed = fc.record({
      other: fc.constantFrom(
        ['HER2-negative breast cancer', 'HER2'],
        ['KRAS wild-type colorectal cancer', 'KRAS'],
        ['BRAF V600E-mutant melanoma', 'BRAF'],
      ),
      lung: fc.constantFrom(
        ['EGFR-mutant NSCLC', '+EGFR:*'],
        ['ALK-positive NSCLC', '+ALK:FUSION'],
        ['RET fusion-positive non-small cell lung cancer', '+RET:FUSION'],
      ),
      join: fc.constantFrom(' or ', ', or ', '; or '),
    });
    fc.assert(
      fc.property(mixed, ({ other: [tumour], lung: [said, want], join }) => {
        expect(rowsOf(`* Histologically confirmed ${tumour}${join}${said}`)).toEqual([want]);
      }),
      RUNS,
    );
  });
  it('a co-occurrence excluded keeps its anchor out of the exclusion; admitted, both are required', () => {
    const cooccur = fc.record({
      pair: fc.shuffledSubarray([...ITEMS], { minLength: 2, maxLength: 2 }),
      joiner: fc.constantFrom(
        'in addition to',
        'together with',
        'co-occurring with',
        'concurrent with',
      ),
      lead: fc.constantFrom('Co-existing', 'Known', 'Concurrent', ''),
    });
    fc.assert(
      fc.property(cooccur, ({ pair: [[other, gene], [anchor, anchorGene]], joiner, lead }) => {
        const text = `* ${lead} ${other} ${joiner} the ${anchor}`.replace('*  ', '* ');
        expect(genesOf(rowsIn('exclusion', text))).toEqual([`-${gene}`]);
        expect(genesOf(rowsOf(text))).toEqual([`+${anchorGene}`, `+${gene}`].sort());
      }),
      RUNS,
    );
  });
  it('a rule written as a rule ("must not have") excludes alike in either section; a treatment ruled out excludes no marker', () => {
    const imperative = fc.record({
      items: fc.shuffledSubarray([...ITEMS], { minLength: 1, maxLength: 4 }),
      lead: fc.constantFrom(
        'Patients must not have',
        'Participants must not harbour',
        'Tumours should not have',
        'Patients must not have known',
      ),
      treatment: fc.constantFrom('cisplatin', 'curative surgery', 'concurrent chemoradiation'),
    });
    fc.assert(
      fc.property(imperative, ({ items, lead, treatment }) => {
        const text = `* ${lead} ${list(items.map(([said]) => said))}`;
        const inExclusion = rowsIn('exclusion', text);
        expect(inExclusion).toEqual(rowsOf(text));
        expect(inExclusion.every((r) => r.startsWith('-'))).toBe(true);
        const [said] = items[0];
        expect(rowsOf(`* ${said}, ineligible for ${treatment}`)).toEqual(rowsOf(`* ${said}`));
      }),
      RUNS,
    );
  });
  it('a PD-L1 cut-off reads alike however its comparator is typed', () => {
    const AT_LEAST = [
      '≥',
      '>=',
      '>/=',
      '&ge;',
      '&#8805;',
      '&#x2265;',
      '≧',
      'at least',
      'not less than',
      'no less than',
      '> or =',
      '＞=',
    ];
    const BELOW = ['<', '&lt;', '＜', 'less than', 'below', 'lower than'];
    const cutoff = fc.record({
      value: fc.constantFrom(1, 10, 50),
      form: fc.constantFrom(
        ...AT_LEAST.map((c) => [c, '>='] as const),
        ...BELOW.map((c) => [c, '<'] as const),
      ),
      lead: fc.constantFrom('PD-L1 TPS', 'PD-L1 expression', 'PD-L1 tumour proportion score'),
    });
    fc.assert(
      fc.property(cutoff, ({ value, form: [comparator, canonical], lead }) => {
        const rows = extractBiomarkers({
          nct_id: 'NCT00000000',
          inclusion: `* ${lead} ${comparator} ${value}%`,
          exclusion: null,
        });
        expect(rows.map((r) => [r.requirement, r.metric, r.comparator, r.cutoff])).toEqual([
          ['required', 'TPS', canonical, value],
        ]);
      }),
      RUNS,
    );
  });
  it('a negative result reads alike however registries state it, after the marker or before it', () => {
    const result = fc.record({
      marker: fc.constantFrom(
        ['ALK fusion', 'ALK'],
        ['ROS1 rearrangement', 'ROS1'],
        ['EGFR mutation', 'EGFR'],
        ['EGFR sensitive mutation', 'EGFR'],
        ['RET fusion', 'RET'],
        ['ALK', 'ALK'],
        ['EGFR', 'EGFR'],
      ),
      state: fc.constantFrom(
        ' negative',
        ' gene negative',
        '-gene negative',
        ' was not found',
        ' was absent',
        ' were not identified',
        ' was not detected',
        // The abbreviated states of registry tables and CJK registrations.
        ' (-)',
        '(-)',
        ' (−)',
        ' -ve',
        ': negative',
        ': neg',
      ),
      // Or the negation written before the marker.
      lead: fc.constantFrom('', 'Tumours free from ', 'Tumours devoid of ', 'Tumours clear of '),
    });
    fc.assert(
      fc.property(result, ({ marker: [said, gene], state, lead }) => {
        const rows = rowsOf(lead ? `* ${lead}${said}` : `* ${said}${state}`);
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.every((r) => r.startsWith(`-${gene}:`))).toBe(true);
      }),
      RUNS,
    );
  });
  it('a therapy given with or without another names no marker; the population after it does', () => {
    const titles = fc.record({
      items: fc.shuffledSubarray([...ITEMS], { minLength: 1, maxLength: 2 }),
      therapy: fc.constantFrom('Osimertinib', 'Pembrolizumab', 'Study drug'),
      other: fc.constantFrom('Savolitinib', 'Chemotherapy', 'Platinum-based Doublet'),
      joiner: fc.constantFrom('With or Without', 'Alone or in Combination With'),
      population: fc.constantFrom('in', 'for', 'in Patients With'),
    });
    fc.assert(
      fc.property(titles, ({ items, therapy, other, joiner, population }) => {
        const markers = list(items.map(([said]) => said));
        const title = `${therapy} ${joiner} ${other} ${population} ${markers} NSCLC`;
        const rows = extractBiomarkers({
          nct_id: 'NCT00000000',
          inclusion: null,
          exclusion: null,
          title,
        })
          .filter((r) => r.scope === 'lung')
          .map((r) => `${r.requirement === 'required' ? '+' : '-'}${r.gene}`);
        expect([...new Set(rows)].sort()).toEqual(items.map(([, gene]) => `+${gene}`).sort());
        // The marker given with or without is no requirement.
        expect(rowsOf(`* ${therapy} ${joiner.toLowerCase()} ${markers}`)).toEqual([]);
      }),
      RUNS,
    );
  });
  it("a state written once after a list of items that each name their kind is every item's", () => {
    const KINDS = [
      ['EGFR mutation', 'EGFR'],
      ['ALK rearrangement', 'ALK'],
      ['ROS1 fusion', 'ROS1'],
      ['RET fusion', 'RET'],
      ['KRAS mutation', 'KRAS'],
    ] as const;
    const shared = fc.record({
      items: fc.shuffledSubarray([...KINDS], { minLength: 2, maxLength: 4 }),
      state: fc.constantFrom('negative', 'wild-type', 'gene negative'),
      join: fc.constantFrom(' and ', ' or ', ' & ', ', and '),
    });
    fc.assert(
      fc.property(shared, ({ items, state, join }) => {
        const said = items.map(([p]) => p);
        const text = `* ${said.slice(0, -1).join(', ')}${join}${said.at(-1)} ${state}`;
        expect(rowsOf(text)).toEqual(items.map(([, g]) => `-${g}:*`).sort());
        // A state the first item states itself is its own: "EGFR mutation positive and ...".
        const own = rowsOf(`* ${said[0]} positive and ${said[1]} ${state}`);
        expect(own.filter((r) => r.startsWith('+'))).toHaveLength(1);
      }),
      RUNS,
    );
  });
  it('an exception opening an exclusion carves only what its clause names', () => {
    const carve = fc.record({
      kept: fc.constantFrom(
        ['KRAS G12C', 'KRAS'],
        ['BRAF V600E', 'BRAF'],
        ['HER2 exon 20 insertion', 'HER2'],
      ),
      items: fc.shuffledSubarray(['EGFR', 'ALK', 'ROS1', 'RET'], { minLength: 1, maxLength: 3 }),
      opener: fc.constantFrom('Except for', 'Other than', 'Apart from', 'With the exception of'),
    });
    fc.assert(
      fc.property(carve, ({ kept: [said], items, opener }) => {
        const text = `* ${opener} ${said}, known driver mutations in ${list(items)}`;
        expect(genesOf(rowsIn('exclusion', text))).toEqual(items.map((g) => `-${g}`).sort());
      }),
      RUNS,
    );
  });
  it('a prior therapy names its own targets; the marker of the disease it was given for, or found after it, is required', () => {
    const therapy = fc.record({
      drug: fc.constantFrom('osimertinib', 'alectinib', 'sotorasib', 'selpercatinib'),
      lead: fc.constantFrom('Previously treated with', 'Progression on', 'Prior treatment with'),
      join: fc.constantFrom('for', 'in', 'with'),
      item: fc.constantFrom(...ITEMS),
      after: fc.constantFrom(
        'after EGFR TKI',
        'following an ALK inhibitor',
        'despite prior KRAS G12C inhibitor',
      ),
    });
    fc.assert(
      fc.property(therapy, ({ drug, lead, join, item: [said, gene], after }) => {
        expect(genesOf(rowsOf(`* ${lead} ${drug} ${join} ${said} NSCLC`))).toContain(`+${gene}`);
        expect(genesOf(rowsOf(`* ${said} (confirmed by NGS) ${after}`))).toContain(`+${gene}`);
        // The therapy's own target is no requirement.
        expect(rowsOf(`* ${lead} an EGFR TKI`)).toEqual([]);
      }),
      RUNS,
    );
  });
  it('a preamble introducing the criteria ("eligible only if all of the following apply:") changes no row of its items', () => {
    const preamble = fc.record({
      items: fc.shuffledSubarray([...ITEMS], { minLength: 1, maxLength: 3 }),
      lead: fc.constantFrom(
        'Participants are eligible to be included in the study only if all of the following criteria apply:',
        'Patients are eligible if they meet all of the following criteria:',
        'Participants are excluded from the study if any of the following criteria apply:',
        'Subjects will be excluded if they meet any of the following:',
      ),
      negated: fc.boolean(),
    });
    fc.assert(
      fc.property(preamble, ({ items, lead, negated }) => {
        const lines = items.map(([said]) => `  * ${negated ? 'No known ' : 'Documented '}${said}`);
        const section = lead.includes('exclu') ? 'exclusion' : 'inclusion';
        expect(rowsIn(section, [`* ${lead}`, ...lines].join('\n'))).toEqual(
          rowsIn(section, lines.map((l) => l.trim()).join('\n')),
        );
      }),
      RUNS,
    );
  });
  it("a cohort's header line owns the marker it names: each cohort is one way in", () => {
    const cohorts = fc.record({
      pair: fc.shuffledSubarray(
        [
          ['EGFR-mutant NSCLC', 'EGFR exon 19 deletion or L858R', 'EGFR'],
          ['KRAS-mutant NSCLC', 'KRAS G12C', 'KRAS'],
          ['ALK-positive NSCLC', 'ALK fusion by FISH', 'ALK'],
          ['RET fusion-positive NSCLC', 'RET fusion by NGS', 'RET'],
        ] as const,
        { minLength: 2, maxLength: 2 },
      ),
      noun: fc.constantFrom('Cohort', 'Arm', 'Part'),
      sep: fc.constantFrom(' - ', ': ', ' ('),
    });
    fc.assert(
      fc.property(cohorts, ({ pair, noun, sep }) => {
        const close = sep === ' (' ? ')' : '';
        const text = pair
          .map(([head, item], i) => `${noun} ${i + 1}${sep}${head}${close}:\n- ${item}`)
          .join('\n');
        const rows = extractBiomarkers({ nct_id: 'NCT00000000', inclusion: text, exclusion: null });
        // Every row of one gene sits in one group, and the two cohorts' groups differ.
        const groups = pair.map(
          ([, , gene]) => new Set(rows.filter((r) => r.gene === gene).map((r) => r.group)),
        );
        for (const g of groups) expect(g.size).toBe(1);
        expect([...groups[0]][0]).not.toBe([...groups[1]][0]);
      }),
      RUNS,
    );
  });
  it('a sentence defining a term gates none of its list; a definition beside a requirement names what is required', () => {
    const definition = fc.record({
      items: fc.shuffledSubarray([...ITEMS], { minLength: 2, maxLength: 5 }),
      term: fc.constantFrom(
        'Actionable genomic alterations',
        'Targetable drivers',
        'Oncogenic alterations',
      ),
      verb: fc.constantFrom('are defined as', 'are defined by'),
    });
    fc.assert(
      fc.property(definition, ({ items, term, verb }) => {
        const markers = list(items.map(([said]) => said));
        expect(rowsOf(`* *${term} ${verb} ${markers}`)).toEqual([]);
        const required = genesOf(
          rowsOf(`* NSCLC with a documented alteration, defined as ${markers}`),
        );
        expect(required).toEqual(items.map(([, gene]) => `+${gene}`).sort());
      }),
      RUNS,
    );
  });
  it('a note joined onto the line above changes none of its rows', () => {
    const noted = fc.record({
      items: fc.shuffledSubarray([...ITEMS], { minLength: 1, maxLength: 3 }),
      lead: fc.constantFrom('Documented', 'No known', 'Known'),
      note: fc.constantFrom(
        'Note: prior crizotinib is allowed.',
        'Note: testing by NGS is preferred.',
        'NB: local results are acceptable.',
        'Please note: archival tissue is not required.',
      ),
      section: fc.constantFrom('inclusion', 'exclusion') as fc.Arbitrary<'inclusion' | 'exclusion'>,
    });
    fc.assert(
      fc.property(noted, ({ items, lead, note, section }) => {
        const line = `* ${lead} ${list(items.map(([said]) => said))}`;
        expect(rowsIn(section, `${line}\n  ${note}`)).toEqual(rowsIn(section, line));
      }),
      RUNS,
    );
  });
  it('items under a header offering a choice are alternative ways in; under "all of the following" they are required together', () => {
    const choice = fc.record({
      items: fc.shuffledSubarray([...ITEMS], { minLength: 2, maxLength: 4 }),
      header: fc.constantFrom(
        'NSCLC with one of the following:',
        'Documented presence of at least one of the following:',
        'Tumour harbouring any of the following:',
        'NSCLC with either:',
      ),
      bullet: fc.constantFrom('-', '*', 'a)'),
    });
    fc.assert(
      fc.property(choice, ({ items, header, bullet }) => {
        const lines = (h: string, indent = '  ') =>
          [`* ${h}`, ...items.map(([said]) => `${indent}${bullet} ${said}`), '* ECOG 0-1'].join(
            '\n',
          );
        const groupsOf = (text: string) =>
          extractBiomarkers({ nct_id: 'NCT00000000', inclusion: text, exclusion: null }).map(
            (r) => r.group,
          );
        const alternatives = groupsOf(lines(header));
        expect(alternatives.every((g) => g !== null)).toBe(true);
        expect(new Set(alternatives).size).toBe(items.length);
        // With the indent lost, the header's items still follow it at its own bullet.
        if (bullet === '*') expect(groupsOf(lines(header, ''))).toEqual(alternatives);
        expect(
          groupsOf(lines('Tumour must harbour all of the following:')).every((g) => g === null),
        ).toBe(true);
      }),
      RUNS,
    );
  });
  it('a state stated through a verb after the markers rules them out, with "if known" or without; "if known" alone gates nothing', () => {
    const ifKnown = fc.record({
      items: fc.shuffledSubarray([...ITEMS], { minLength: 1, maxLength: 3 }),
      noun: fc.constantFrom(' status', ' mutation status', ''),
      aside: fc.constantFrom(
        '',
        ', if known,',
        ' (if known)',
        ', if available,',
        ', where tested,',
      ),
      verb: fc.constantFrom('must be', 'should be', 'is', 'are'),
      state: fc.constantFrom('negative', 'wild-type', 'wild type'),
      section: fc.constantFrom('inclusion', 'exclusion') as fc.Arbitrary<'inclusion' | 'exclusion'>,
    });
    fc.assert(
      fc.property(ifKnown, ({ items, noun, aside, verb, state, section }) => {
        const markers = list(items.map(([said]) => said));
        const genes = items.map(([, gene]) => gene).sort();
        const ruledOut = genesOf(
          rowsIn('inclusion', `* ${markers}${noun}${aside} ${verb} ${state}`),
        );
        expect(ruledOut).toEqual(genes.map((g) => `-${g}`));
        // A status asked for only where known names no requirement.
        if (aside && noun)
          expect(rowsIn(section, `* ${markers}${noun}${aside.replace(/,$/, '')}`)).toEqual([]);
      }),
      RUNS,
    );
  });
  it("another marker's status named after a marker is a test of that marker only", () => {
    const status = fc.record({
      pair: fc.shuffledSubarray([...ITEMS], { minLength: 2, maxLength: 2 }),
      other: fc.constantFrom('PD-L1', 'second'),
      joiner: fc.constantFrom(
        'regardless of',
        'irrespective of',
        'independent of',
        'and known',
        'with any',
        ', regardless of',
      ),
      noun: fc.constantFrom('status', 'testing', 'test results'),
      section: fc.constantFrom('inclusion', 'exclusion') as fc.Arbitrary<'inclusion' | 'exclusion'>,
    });
    fc.assert(
      fc.property(status, ({ pair: [[said, gene], [second]], other, joiner, noun, section }) => {
        const named = other === 'PD-L1' ? 'PD-L1' : second.split(' ')[0];
        const rows = rowsIn(
          section,
          `* Documented ${said} ${joiner} ${named} ${noun}`.replace(' ,', ','),
        );
        expect(genesOf(rows)).toEqual([`${section === 'inclusion' ? '+' : '-'}${gene}`]);
      }),
      RUNS,
    );
  });
  it('a criterion written as an obligation reads alike among the exclusion and the inclusion criteria', () => {
    const obliged = fc.record({
      items: fc.shuffledSubarray([...ITEMS], { minLength: 1, maxLength: 3 }),
      who: fc.constantFrom('Patients', 'Tumours', 'Participants'),
      modal: fc.constantFrom('must', 'should', 'are required to', 'need to'),
      shape: fc.constantFrom(
        (l: string) => `be negative for ${l}`,
        (l: string) => `have ${l}`,
        (l: string) =>
          `be ${l.replace(/ (mutation|fusion|rearrangement|insertion)\b/g, '')} negative`,
        (l: string) => `have ${l} wild-type tumours`,
      ),
    });
    fc.assert(
      fc.property(obliged, ({ items, who, modal, shape }) => {
        const text = `* ${who} ${modal} ${shape(list(items.map(([said]) => said)))}`;
        expect(rowsIn('exclusion', text)).toEqual(rowsIn('inclusion', text));
      }),
      RUNS,
    );
  });
  it('markers before an obligation about something else name whom it is about: no requirement among the exclusions', () => {
    const subject = fc.record({
      items: fc.shuffledSubarray([...ITEMS], { minLength: 1, maxLength: 3 }),
      who: fc.constantFrom('Patients with', 'Participants whose tumours harbour', 'Tumours with'),
      link: fc.constantFrom(' who', ', who', ' that', ''),
      modal: fc.constantFrom('must', 'should', 'are required to', 'need to'),
      about: fc.constantFrom(
        'receive an approved targeted therapy first',
        'be enrolled in Cohort B instead',
        'be offered standard treatment',
        'be discussed with the medical monitor',
        'be treated according to local guidelines',
      ),
    });
    fc.assert(
      fc.property(subject, ({ items, who, link, modal, about }) => {
        const markers = list(items.map(([said]) => said));
        const rows = rowsIn('exclusion', `* ${who} ${markers}${link} ${modal} ${about}`);
        expect(rows.filter((r) => r.startsWith('+'))).toEqual([]);
      }),
      RUNS,
    );
  });
  it('a PD-L1 upper bound reads alike however written, and an example of its range in brackets adds no row', () => {
    const bound = fc.record({
      n: fc.constantFrom(5, 10, 20, 50),
      upper: fc.constantFrom(
        (n: number) => `< ${n}%`,
        (n: number) => `≤ ${n - 1}%`,
        (n: number) => `of ${n - 1}% or less`,
        (n: number) => `no more than ${n - 1}%`,
        (n: number) => `less than or equal to ${n - 1}%`,
      ),
      example: fc.constantFrom(
        '',
        ' (including TPS < 1%)',
        ' (includes patients with TPS < 1%)',
        ' (e.g., TPS 0%)',
        ' [including PD-L1 negative, TPS < 1%]',
      ),
      lower: fc.constantFrom(1, 5, 10),
      section: fc.constantFrom('inclusion', 'exclusion') as fc.Arbitrary<'inclusion' | 'exclusion'>,
    });
    fc.assert(
      fc.property(bound, ({ n, upper, example, lower, section }) => {
        const sign = section === 'inclusion' ? '+' : '-';
        const read = (text: string) =>
          extractBiomarkers({
            nct_id: 'NCT00000000',
            inclusion: section === 'inclusion' ? text : null,
            exclusion: section === 'exclusion' ? text : null,
          })
            .filter((r) => r.gene === 'PD-L1')
            .map(
              (r) =>
                `${r.requirement === 'required' ? '+' : '-'}PD-L1:${r.metric}${r.comparator}${r.cutoff}`,
            );
        expect(read(`* PD-L1 tumour proportion score ${upper(n)}${example}`)).toEqual([
          `${sign}PD-L1:TPS<${n}`,
        ]);
        expect(read(`* PD-L1 TPS ≥ ${lower}%${example ? ' (including TPS ≥ 50%)' : ''}`)).toEqual([
          `${sign}PD-L1:TPS>=${lower}`,
        ]);
      }),
      RUNS,
    );
  });
  it('an adverb inside a cue phrase leaves the reading as it was', () => {
    const adverb = fc.record({
      items: fc.shuffledSubarray([...ITEMS], { minLength: 1, maxLength: 3 }),
      filler: fc.constantFrom('also', 'previously', 'already'),
      shape: fc.constantFrom(
        (m: string, f: string) => `Patients with ${m} must ${f} have received a targeted therapy`,
        (m: string, f: string) => `Participants with ${m} must ${f} have had disease progression`,
        (m: string, f: string) =>
          `Subjects with ${m} should ${f} have progressed on standard therapy`,
        (m: string, f: string) =>
          `NSCLC with ${m}, alone or ${f === 'also' ? 'together' : ''} with other alterations`,
      ),
      section: fc.constantFrom('inclusion', 'exclusion') as fc.Arbitrary<'inclusion' | 'exclusion'>,
    });
    fc.assert(
      fc.property(adverb, ({ items, filler, shape, section }) => {
        const markers = list(items.map(([said]) => said));
        const plain = rowsIn(section, `* ${shape(markers, '')}`.replace(/ {2}/g, ' '));
        expect(rowsIn(section, `* ${shape(markers, filler)}`.replace(/ {2}/g, ' '))).toEqual(plain);
      }),
      RUNS,
    );
  });
  it('an exception of tumours ends where examples of the tumours that remain begin', () => {
    const carvedTumours = fc.record({
      item: fc.constantFrom(...ITEMS),
      others: fc.shuffledSubarray(['breast cancer', 'gastric cancer', 'colorectal cancer'], {
        minLength: 1,
        maxLength: 2,
      }),
      opener: fc.constantFrom(
        ', including',
        ', such as',
        ' (e.g.,',
        ', for example,',
        ' including',
      ),
      lungTerm: fc.constantFrom('NSCLC', 'non-small cell lung cancer', 'lung adenocarcinoma'),
      carve: fc.constantFrom('other than', 'except', 'excluding'),
    });
    fc.assert(
      fc.property(carvedTumours, ({ item: [said, gene], others, opener, lungTerm, carve }) => {
        const close = opener.includes('(') ? ')' : '';
        const text = `* Solid tumour with ${said}, ${carve} ${others.join(' or ')}${opener} ${lungTerm}${close}`;
        expect(genesOf(rowsOf(text))).toEqual([`+${gene}`]);
        // The lung term inside the exception is carved out with it.
        expect(
          rowsOf(`* Solid tumour with ${said}, ${carve} ${others.join(' or ')} or ${lungTerm}`),
        ).toEqual([]);
      }),
      RUNS,
    );
  });
  it('a kind word misspelled as registries do reads as the word', () => {
    const misspelt = fc.record({
      gene: fc.constantFrom('ALK', 'ROS1', 'RET', 'NTRK', 'EGFR', 'MET'),
      kind: fc.constantFrom(
        ['rearangement', 'rearrangement'],
        ['Rearrangment', 'Rearrangement'],
        ['re-arrangements', 'rearrangements'],
        ['translocaton', 'translocation'],
        ['mutaion', 'mutation'],
        ['muations', 'mutations'],
        ['amplifcation', 'amplification'],
      ),
      head: fc.constantFrom('Documented', 'No known', 'Tumour harbouring an'),
      tail: fc.constantFrom('', ' confirmed by FISH', ' positive', ' (local testing)'),
      section: fc.constantFrom('inclusion', 'exclusion') as fc.Arbitrary<'inclusion' | 'exclusion'>,
    });
    fc.assert(
      fc.property(misspelt, ({ gene, kind: [wrong, right], head, tail, section }) => {
        const said = (k: string) => rowsIn(section, `* ${head} ${gene} ${k}${tail}`);
        expect(said(wrong)).toEqual(said(right));
      }),
      RUNS,
    );
  });
  it("a label line's gene-level marker is specified by its items, nested or set off below it", () => {
    const labelled = fc.record({
      spec: fc.constantFrom(
        ['PD-L1 high', 'PD-L1 TPS ≥ 50%'],
        ['PD-L1 positive', 'PD-L1 TPS ≥ 1%'],
        ['MET-altered', 'MET exon 14 skipping mutation'],
        ['EGFR-mutant', 'EGFR exon 19 deletion or L858R mutation'],
        ['KRAS-mutant', 'KRAS G12C mutation'],
      ),
      label: fc.constantFrom(
        (m: string) => `Cohort 1 (${m}):`,
        (m: string) => `Part A - ${m} NSCLC:`,
        (m: string) => `${m} cohort:`,
      ),
      layout: fc.constantFrom('\n  - ', '\n\n- ', '\n- '),
    });
    fc.assert(
      fc.property(labelled, ({ spec: [marker, item], label, layout }) => {
        const items = `- Untreated metastatic NSCLC with ${item}`;
        const text = `${label(marker)}${layout}Untreated metastatic NSCLC with ${item}`;
        expect(rowsOf(text)).toEqual(rowsOf(items));
      }),
      RUNS,
    );
  });
  it('an alteration written before its gene reads alike with either one set apart in brackets', () => {
    const before = fc.record({
      pair: fc.constantFrom(
        ['L858R', 'EGFR'],
        ['G12C', 'KRAS'],
        ['V600E', 'BRAF'],
        ['non-V600', 'BRAF'],
        ['exon 20 insertion', 'HER2'],
      ),
      bracket: fc.constantFrom('alteration', 'gene'),
      section: fc.constantFrom('inclusion', 'exclusion') as fc.Arbitrary<'inclusion' | 'exclusion'>,
    });
    fc.assert(
      fc.property(before, ({ pair: [alt, gene], bracket, section }) => {
        const said = bracket === 'gene' ? `${alt} (${gene})` : `(${alt}) ${gene}`;
        expect(rowsIn(section, `* NSCLC with a ${said} mutation`)).toEqual(
          rowsIn(section, `* NSCLC with a ${alt} ${gene} mutation`),
        );
      }),
      RUNS,
    );
  });
  it("a test's result ruling markers out rules them out, the test named before or after them", () => {
    const result = fc.record({
      items: fc.shuffledSubarray([...ITEMS], { minLength: 1, maxLength: 3 }),
      test: fc.constantFrom('Gene detection', 'NGS', 'Molecular testing', 'Tissue genotyping'),
      verb: fc.constantFrom('excluded', 'has excluded', 'ruled out', 'has ruled out'),
      first: fc.boolean(),
    });
    fc.assert(
      fc.property(result, ({ items, test, verb, first }) => {
        const markers = list(items.map(([said]) => said));
        const text = first
          ? `* ${test} ${verb} ${markers}`
          : `* ${markers} ${verb.replace(/^has /, 'were ')} by ${test}`;
        expect(genesOf(rowsOf(text))).toEqual(items.map(([, gene]) => `-${gene}`).sort());
      }),
      RUNS,
    );
  });
  it('markers a test is still to look for gate nothing, the list before or after its verb', () => {
    const toTest = fc.record({
      items: fc.shuffledSubarray([...ITEMS], { minLength: 1, maxLength: 4 }),
      modal: fc.constantFrom('will', 'must', 'should', 'may'),
      verb: fc.constantFrom('tested', 'assessed', 'analysed', 'analyzed', 'evaluated', 'screened'),
      after: fc.boolean(),
      section: fc.constantFrom('inclusion', 'exclusion') as fc.Arbitrary<'inclusion' | 'exclusion'>,
    });
    fc.assert(
      fc.property(toTest, ({ items, modal, verb, after, section }) => {
        const markers = list(items.map(([said]) => said));
        const text = after
          ? `* Tumour tissue ${modal} be ${verb} for ${markers}`
          : `* ${markers} ${modal} be ${verb} centrally`;
        expect(rowsIn(section, text)).toEqual([]);
      }),
      RUNS,
    );
  });
  it("a test's own list names what it tests, however the list is opened", () => {
    const ownList = fc.record({
      items: fc.shuffledSubarray([...ITEMS], { minLength: 2, maxLength: 5 }),
      test: fc.constantFrom(
        'routine NGS',
        'an NGS panel',
        'molecular testing',
        'tumour sequencing',
      ),
      opener: fc.constantFrom(
        [' that includes ', ''],
        [' which covers ', ''],
        [', including ', ''],
        [' (e.g., ', ')'],
        [' (', ')'],
      ),
      lead: fc.constantFrom(
        'Willing to undergo',
        'Archival tissue available for',
        'Patients undergoing',
      ),
    });
    fc.assert(
      fc.property(ownList, ({ items, test, opener: [open, close], lead }) => {
        const markers = list(items.map(([said]) => said));
        expect(rowsOf(`* ${lead} ${test}${open}${markers}${close}`)).toEqual([]);
      }),
      RUNS,
    );
  });
  it('HER2 scored by IHC is expression whatever the scores, and HER2-low too', () => {
    const scored = fc.record({
      scores: fc.subarray(['1+', '2+', '3+'], { minLength: 1 }),
      joiner: fc.constantFrom(' or ', '/', ', ', ' to '),
      written: fc.constantFrom(
        'HER2 IHC',
        'HER2 IHC score of',
        'HER2-low (IHC',
        'HER2 expression IHC',
      ),
      section: fc.constantFrom('inclusion', 'exclusion') as fc.Arbitrary<'inclusion' | 'exclusion'>,
    });
    fc.assert(
      fc.property(scored, ({ scores, joiner, written, section }) => {
        const close = written.includes('(') ? ')' : '';
        const text = `* Advanced NSCLC with ${written} ${scores.join(joiner)}${close}`;
        const sign = section === 'inclusion' ? '+' : '-';
        expect(rowsIn(section, text)).toEqual([`${sign}HER2:OVEREXP`]);
      }),
      RUNS,
    );
  });
  it('what patients with a marker may do, or a marker that is not enough alone, gates nothing', () => {
    const permissive = fc.record({
      items: fc.shuffledSubarray([...ITEMS], { minLength: 1, maxLength: 3 }),
      shape: fc.constantFrom(
        (m: string) => `Patients with ${m} may receive targeted therapy as per standard of care`,
        (m: string) => `Participants with ${m} may be treated with an approved TKI`,
        (m: string) => `Patients with ${m} may continue their current TKI`,
        (m: string) => `${m} alone does not qualify`,
        (m: string) => `${m} alone is not sufficient`,
      ),
    });
    fc.assert(
      fc.property(permissive, ({ items, shape }) => {
        expect(rowsOf(`* ${shape(list(items.map(([said]) => said)))}`)).toEqual([]);
      }),
      RUNS,
    );
  });
  it("a gene inside an assay's name after the marker adds no row", () => {
    const assay = fc.record({
      name: fc.constantFrom(
        'Ventana ALK (D5F3) IHC',
        'Ventana ALK (D5F3) immunohistochemistry',
        'Ventana ALK (D5F3) CDx assay',
        'Vysis ALK Break Apart FISH',
      ),
      lead: fc.constantFrom('ALK fusion-positive', 'ALK rearrangement', 'ALK-positive NSCLC'),
    });
    fc.assert(
      fc.property(assay, ({ name, lead }) => {
        expect(rowsOf(`* ${lead} confirmed by ${name} or NGS`)).toEqual(['+ALK:FUSION']);
      }),
      RUNS,
    );
  });
  it("a therapy named after a comma is the patient's history, not the marker's target", () => {
    const history = fc.record({
      item: fc.constantFrom(...ITEMS),
      therapy: fc.constantFrom(
        'TKI-naive',
        'inhibitor-naive',
        'TKI pretreated',
        'targeted therapy naive',
      ),
      lead: fc.constantFrom('NSCLC with', 'Advanced NSCLC harbouring', 'Cohort A: NSCLC with'),
    });
    fc.assert(
      fc.property(history, ({ item: [said, gene], therapy, lead }) => {
        expect(genesOf(rowsOf(`* ${lead} ${said}, ${therapy}`))).toEqual([`+${gene}`]);
        // The therapy may name its own target, the marker's gene, after the tumour the marker
        // qualifies: still the patient's history.
        const named = `* ${said}-positive NSCLC, ${gene} inhibitor naive`;
        expect(genesOf(rowsOf(named))).toEqual([`+${gene}`]);
      }),
      RUNS,
    );
  });
  it('exons 19 and 21 by number name the two alterations; a clause that "includes" some gives examples', () => {
    const exons = fc.record({
      lead: fc.constantFrom(
        'Sensitive EGFR mutation',
        'EGFR gene mutation',
        'EGFR mutation positive',
      ),
      numbers: fc.constantFrom('(19/21)', '(19 or 21)', '(exon 19/21)', '(exons 19 or 21)'),
      opener: fc.constantFrom('this includes', 'that includes', 'including', 'which includes'),
      section: fc.constantFrom('inclusion', 'exclusion') as fc.Arbitrary<'inclusion' | 'exclusion'>,
    });
    fc.assert(
      fc.property(exons, ({ lead, numbers, opener, section }) => {
        const sign = section === 'inclusion' ? '+' : '-';
        expect(rowsIn(section, `* ${lead} ${numbers}`)).toEqual(
          [`${sign}EGFR:EX19DEL`, `${sign}EGFR:L858R`].sort(),
        );
        const examples = `* No known EGFR mutation (${opener} exon 19 deletion, L858R and exon 20 insertion)`;
        expect(rowsIn('inclusion', examples)).toEqual(['-EGFR:*']);
      }),
      RUNS,
    );
  });
  it('a bare minus after each gene of a run is negative; before a word that continues it, a suspended hyphen', () => {
    const minus = fc.record({
      genes: fc.shuffledSubarray(['EGFR', 'ALK', 'ROS1', 'RET', 'BRAF'], {
        minLength: 2,
        maxLength: 4,
      }),
      sep: fc.constantFrom('/', ', ', ' and '),
      place: fc.constantFrom(
        (run: string) => `NSCLC, ${run}`,
        (run: string) => `${run} NSCLC`,
      ),
      continuation: fc.constantFrom('positive', 'mutant', 'rearranged'),
    });
    fc.assert(
      fc.property(minus, ({ genes, sep, place, continuation }) => {
        const run = genes.map((g) => `${g}-`).join(sep);
        expect(genesOf(rowsOf(`* ${place(run)}`))).toEqual(genes.map((g) => `-${g}`).sort());
        const suspended = `${genes
          .slice(0, -1)
          .map((g) => `${g}-`)
          .join(', ')} or ${genes.at(-1)}-${continuation} NSCLC`;
        expect(genesOf(rowsOf(`* ${suspended}`))).toEqual(genes.map((g) => `+${g}`).sort());
      }),
      RUNS,
    );
  });
  it('a footnote mark on a gene, or a concession after a rule, leaves the reading as it was', () => {
    const marked = fc.record({
      items: fc.shuffledSubarray([...ITEMS], { minLength: 1, maxLength: 3 }),
      marks: fc.array(fc.constantFrom('¹', '²', '*', '†', '‡', ''), { minLength: 3, maxLength: 3 }),
      concession: fc.constantFrom(
        '',
        ', even if previously treated with targeted therapy',
        ', even when asymptomatic',
        ' even after prior TKI',
      ),
      section: fc.constantFrom('inclusion', 'exclusion') as fc.Arbitrary<'inclusion' | 'exclusion'>,
    });
    fc.assert(
      fc.property(marked, ({ items, marks, concession, section }) => {
        const said = items.map(([s], i) => s.replace(/^(\S+)/, `$1${marks[i]}`));
        const plain = rowsIn(
          section,
          `* Patients with ${list(items.map(([s]) => s))} are ineligible`,
        );
        expect(
          rowsIn(section, `* Patients with ${list(said)} are ineligible${concession}`),
        ).toEqual(plain);
      }),
      RUNS,
    );
  });
  it('a list a colon opens reads alike with its items parted by commas or semicolons', () => {
    const colonList = fc.record({
      items: fc.shuffledSubarray([...ITEMS], { minLength: 2, maxLength: 5 }),
      head: fc.constantFrom(
        ...NEGATED_HEADS,
        'Patients whose tumours harbour any of the following will not be eligible',
        ...POSITIVE_HEADS,
      ),
      section: fc.constantFrom('inclusion', 'exclusion') as fc.Arbitrary<'inclusion' | 'exclusion'>,
    });
    fc.assert(
      fc.property(colonList, ({ items, head, section }) => {
        const said = items.map(([s]) => s);
        expect(rowsIn(section, `* ${head}: ${said.join('; ')}`)).toEqual(
          rowsIn(section, `* ${head}: ${said.join(', ')}`),
        );
      }),
      RUNS,
    );
  });
  it("a fusion written before a list of fusion genes is every gene's", () => {
    const before = fc.record({
      genes: fc.shuffledSubarray(['ALK', 'ROS1', 'RET', 'NTRK'], { minLength: 2, maxLength: 4 }),
      kind: fc.constantFrom('rearrangement', 'rearrangements', 'fusions', 'translocation'),
      prep: fc.constantFrom('of the', 'involving', 'of', 'in'),
      tail: fc.constantFrom(' genes', ''),
      section: fc.constantFrom('inclusion', 'exclusion') as fc.Arbitrary<'inclusion' | 'exclusion'>,
    });
    fc.assert(
      fc.property(before, ({ genes, kind, prep, tail, section }) => {
        const sign = section === 'inclusion' ? '+' : '-';
        const text = `* Known ${kind} ${prep} ${list(genes)}${tail}`;
        expect(rowsIn(section, text)).toEqual(genes.map((g) => `${sign}${g}:FUSION`).sort());
      }),
      RUNS,
    );
  });
  it("what the patient has, after a comma and 'with', is outside the negation before it", () => {
    const lacksThenHas = fc.record({
      pair: fc.shuffledSubarray([...ITEMS], { minLength: 2, maxLength: 2 }),
      negation: fc.constantFrom('without', 'with no', 'negative for'),
      joiner: fc.constantFrom(', with', ', and with', ', but with'),
    });
    fc.assert(
      fc.property(
        lacksThenHas,
        ({ pair: [[lacks, lacksGene], [has, hasGene]], negation, joiner }) => {
          const rows = genesOf(rowsOf(`* NSCLC ${negation} ${lacks}${joiner} ${has}`));
          expect(rows).toEqual([`-${lacksGene}`, `+${hasGene}`].sort());
        },
      ),
      RUNS,
    );
  });
  it('a loss of a marker rules it out, as its absence does', () => {
    const loss = fc.record({
      item: fc.constantFrom(...ITEMS, ['T790M', 'EGFR'] as const),
      lead: fc.constantFrom('Documented', 'Confirmed', ''),
      tail: fc.constantFrom('', ' after osimertinib', ' by tissue or ctDNA'),
    });
    fc.assert(
      fc.property(loss, ({ item: [said], lead, tail }) => {
        const text = (cue: string) => `* ${lead} ${cue} ${said}${tail}`.replace('*  ', '* ');
        expect(rowsOf(text('loss of'))).toEqual(rowsOf(text('absence of')));
      }),
      RUNS,
    );
  });
  it('a state written as a key and its value rules the marker out, with or without "status"', () => {
    const keyValue = fc.record({
      pairs: fc.shuffledSubarray(
        [
          ['EGFR', 'mutation'],
          ['ALK', 'rearrangement'],
          ['ROS1', 'fusion'],
          ['KRAS', 'mutation'],
          ['BRAF', 'mutation'],
        ] as const,
        { minLength: 1, maxLength: 3 },
      ),
      status: fc.constantFrom(' status', ''),
      sep: fc.constantFrom(': ', ' - ', ' '),
      value: fc.constantFrom('negative', 'wild-type', 'neg'),
    });
    fc.assert(
      fc.property(keyValue, ({ pairs, status, sep, value }) => {
        const text = pairs.map(([g, k]) => `${g} ${k}${status}${sep}${value}`).join('; ');
        expect(genesOf(rowsOf(`* ${text}`))).toEqual(pairs.map(([g]) => `-${g}`).sort());
      }),
      RUNS,
    );
  });
  it('an exception carved from what a negation rules out only re-admits: no row of its own', () => {
    const carved = fc.record({
      items: fc.shuffledSubarray([...ITEMS], { minLength: 3, maxLength: 4 }),
      head: fc.constantFrom(...NEGATED_HEADS, 'No known', 'Must not harbour', 'Absence of'),
      carve: fc.constantFrom(
        (x: string) => ` (other than ${x})`,
        (x: string) => `, with the exception of ${x}`,
        (x: string) => `, except ${x}`,
        (x: string) => ` apart from ${x}`,
      ),
    });
    fc.assert(
      fc.property(carved, ({ items: [[kept], ...rest], head, carve }) => {
        const listed = list(rest.map(([said]) => said));
        // The class or list first, then the exception; or the exception right after the class.
        const after = `* ${head} ${listed}${carve(kept)}`;
        expect(rowsOf(after)).toEqual(rowsOf(`* ${head} ${listed}`));
        if (NEGATED_HEADS.includes(head)) expect(rowsOf(`* ${head}${carve(kept)}`)).toEqual([]);
      }),
      RUNS,
    );
  });
  it('a positive result written before the genes of a status is a result, not a test', () => {
    const result = fc.record({
      genes: fc.shuffledSubarray(['EGFR', 'ALK', 'ROS1', 'RET', 'BRAF', 'KRAS'], {
        minLength: 1,
        maxLength: 3,
      }),
      lead: fc.constantFrom(
        'Known positive',
        'Documented positive',
        'Positive',
        'Confirmed positive',
      ),
      noun: fc.constantFrom('status', 'mutation status', 'status by local testing'),
      section: fc.constantFrom('inclusion', 'exclusion') as fc.Arbitrary<'inclusion' | 'exclusion'>,
    });
    fc.assert(
      fc.property(result, ({ genes, lead, noun, section }) => {
        const rows = rowsIn(section, `* ${lead} ${list(genes)} ${noun}`);
        const sign = section === 'inclusion' ? '+' : '-';
        expect(genesOf(rows)).toEqual(genes.map((g) => `${sign}${g}`).sort());
      }),
      RUNS,
    );
  });
  it("in a list of tumours each naming its own marker, each marker is its tumour's", () => {
    const basket = fc.record({
      pair: fc.shuffledSubarray([...ITEMS], { minLength: 2, maxLength: 2 }),
      lungTerm: fc.constantFrom('NSCLC', 'non-small cell lung cancer', 'lung adenocarcinoma'),
      other: fc.constantFrom(
        'colorectal cancer',
        'breast cancer',
        'melanoma',
        'urothelial carcinoma',
      ),
      joiner: fc.constantFrom(', or ', ' or ', ', and ', ' and '),
      verb: fc.constantFrom('with', 'harbouring'),
    });
    fc.assert(
      fc.property(
        basket,
        ({ pair: [[lungSaid, lungGene], [otherSaid]], lungTerm, other, joiner, verb }) => {
          const text = `* ${lungTerm} ${verb} ${lungSaid}${joiner}${other} ${verb} ${otherSaid}`;
          expect(genesOf(rowsOf(text))).toEqual([`+${lungGene}`]);
          // The other tumour written first keeps its marker too.
          const otherFirst = `* ${other} ${verb} ${otherSaid}${joiner}${lungTerm} ${verb} ${lungSaid}`;
          expect(genesOf(rowsOf(otherFirst))).toEqual([`+${lungGene}`]);
          // A marker after a list of tumours qualifies each of them, lung included.
          expect(genesOf(rowsOf(`* ${lungTerm}${joiner}${other} ${verb} ${lungSaid}`))).toEqual([
            `+${lungGene}`,
          ]);
        },
      ),
      RUNS,
    );
  });
  it('a class of drivers stated negative rules out each gene named in brackets after it', () => {
    const classNegative = fc.record({
      genes: fc.shuffledSubarray(['EGFR', 'ALK', 'ROS1', 'RET', 'BRAF'], {
        minLength: 2,
        maxLength: 4,
      }),
      phrase: fc.constantFrom(
        'Driver gene negative',
        'Driver-negative',
        'Oncogene-negative',
        'Driver mutation wild-type',
      ),
      sep: fc.constantFrom(', ', '/'),
    });
    fc.assert(
      fc.property(classNegative, ({ genes, phrase, sep }) => {
        const named = `(${genes.join(sep)})`;
        // The genes right after the state, or after the tumour the state qualifies.
        expect(genesOf(rowsOf(`* ${phrase} advanced NSCLC ${named}`))).toEqual(
          genes.map((g) => `-${g}`).sort(),
        );
        const text = `* ${phrase} ${named} advanced NSCLC`;
        expect(genesOf(rowsOf(text))).toEqual(genes.map((g) => `-${g}`).sort());
      }),
      RUNS,
    );
  });
  it('a negation before markers that name a test negates the test, not the markers', () => {
    const untested = fc.record({
      genes: fc.shuffledSubarray(['EGFR', 'ALK', 'ROS1', 'KRAS', 'BRAF'], {
        minLength: 1,
        maxLength: 3,
      }),
      neg: fc.constantFrom('Patients without', 'No', 'Absence of', 'Lack of'),
      test: fc.constantFrom('testing', 'test results', 'tests', 'assays'),
    });
    fc.assert(
      fc.property(untested, ({ genes, neg, test }) => {
        expect(rowsOf(`* ${neg} ${list(genes)} ${test}`)).toEqual([]);
        expect(genesOf(rowsOf(`* ${neg} ${list(genes)} alterations`))).toEqual(
          genes.map((g) => `-${g}`).sort(),
        );
      }),
      RUNS,
    );
  });
  it('a PD-L1 cut-off spelled in words reads as its digits', () => {
    const spelled = fc.record({
      value: fc.constantFrom(
        ['one', 1],
        ['five', 5],
        ['ten', 10],
        ['twenty-five', 25],
        ['twenty five', 25],
        ['fifty', 50],
      ),
      percent: fc.constantFrom(' percent', ' per cent', ' Percent'),
      comparator: fc.constantFrom('at least', 'less than', 'greater than or equal to', ''),
      tail: fc.constantFrom('', ' or more', ' of tumour cells'),
    });
    fc.assert(
      fc.property(spelled, ({ value: [words, n], percent, comparator, tail }) => {
        const said = (v: string) => `* PD-L1 TPS ${comparator} ${v}${tail}`.replace('  ', ' ');
        const rows = extractBiomarkers({
          nct_id: 'NCT00000000',
          inclusion: said(`${words}${percent}`),
          exclusion: null,
        });
        const digits = extractBiomarkers({
          nct_id: 'NCT00000000',
          inclusion: said(`${n}%`),
          exclusion: null,
        });
        const cut = (r: (typeof rows)[number]) => [r.requirement, r.metric, r.comparator, r.cutoff];
        expect(rows.map(cut)).toEqual(digits.map(cut));
        expect(digits.every((r) => r.cutoff === n)).toBe(true);
      }),
      RUNS,
    );
  });
  it("a kind written once after a list of genes is every gene's, whatever place or test follows it", () => {
    const shared = fc.record({
      genes: fc.shuffledSubarray(['ALK', 'ROS1', 'RET', 'NTRK'], { minLength: 2, maxLength: 3 }),
      kind: fc.constantFrom('fusion', 'gene fusion', 'rearrangement'),
      tail: fc.constantFrom(
        '',
        ' in tumour tissue',
        ' in the tumour',
        ' by NGS',
        ' in blood or tissue',
      ),
    });
    fc.assert(
      fc.property(shared, ({ genes, kind, tail }) => {
        expect(rowsOf(`* ${list(genes)} ${kind}${tail}`)).toEqual(
          genes.map((g) => `+${g}:FUSION`).sort(),
        );
      }),
      RUNS,
    );
  });
  it('labelled cohort items are alternative ways in, however the label is written', () => {
    const labelled = fc.record({
      items: fc.shuffledSubarray([...ITEMS], { minLength: 2, maxLength: 3 }),
      label: fc.constantFrom(
        (n: string, said: string) => `Cohort ${n}: ${said}`,
        (n: string, said: string) => `For Arm ${n}: ${said}`,
        (n: string, said: string) => `Arm ${n} only: ${said}`,
        (n: string, said: string) => `Expansion cohort ${n} (NSCLC): ${said}`,
        (n: string, said: string) => `Cohort ${n} - ${said}`,
        (n: string, said: string) => `Part ${n}2 – ${said}`,
        (n: string, said: string) => `Cohort ${n} (${said})`,
        (n: string, said: string) => `${said} (Cohort ${n})`,
        (n: string, said: string) => `Cohorts ${n}1 and ${n}2: ${said}`,
      ),
      bullet: fc.constantFrom('*', '-'),
    });
    fc.assert(
      fc.property(labelled, ({ items, label, bullet }) => {
        const text = items.map(([said], i) => `${bullet} ${label('ABC'[i], said)}`).join('\n');
        const rows = extractBiomarkers({ nct_id: 'NCT00000000', inclusion: text, exclusion: null });
        expect(rows.every((r) => r.group !== null)).toBe(true);
        expect(new Set(rows.map((r) => r.group)).size).toBe(items.length);
      }),
      RUNS,
    );
  });
});
