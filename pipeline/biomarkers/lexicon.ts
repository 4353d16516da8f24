/**
 * How the genes and alterations of domain/biomarkers.ts are written in real criteria.
 * Each entry maps surface forms to the canonical gene or alteration id; everything the
 * extractor recognises is listed here so a reader can check why a mention was found.
 */
import type { Gene } from '../../domain/biomarkers.js';
import { ALTERATIONS } from '../../domain/biomarkers.js';
import { anyOf } from '../../text/regex-parts.js';

export interface GenePattern {
  gene: Gene;
  re: RegExp;
}

/**
 * Order matters: HER2 spelled out contains "epidermal growth factor receptor", so it is
 * matched (and masked) before EGFR. MET, RET and ALK are case-sensitive because "met",
 * "ret" are English words; the others are unambiguous in any case.
 */
/**
 * "MET" is the verb in text written in capitals when one of these stands before it ("MUST BE
 * MET", "PATIENTS WHO MET") and a clause's end or a function word follows it ("... MET:",
 * "HAVE MET THE FOLLOWING"); "HAVE MET OR RET ALTERATIONS" names the gene. Mixed case writes the
 * verb in lower case, so "who have MET exon 14" is the gene.
 */
const MET_VERB_BEFORE = [
  'BE',
  'BEEN',
  'BEING',
  'IS',
  'ARE',
  'WAS',
  'WERE',
  'HAVE',
  'HAS',
  'HAD',
  'NOT',
  'WHO',
  'FULLY',
  'ALSO',
  'ALREADY',
  'CRITERIA',
  'CRITERION',
  'REQUIREMENT',
  'REQUIREMENTS',
];
const MET_VERB_AFTER =
  String.raw`(?:\s*(?:[:.;]|$)|\s+(?:THE|ALL|ANY|THESE|THOSE|THIS|THAT|SUCH|EACH|BOTH|EITHER|ONE|AT|` +
  String.raw`WITH|IN|BY|FOR|DURING|PRIOR|BEFORE|AS|ON|UPON|WITHIN|AND|UNTIL|WHEN)\b)`;

export const GENE_PATTERNS: readonly GenePattern[] = [
  {
    gene: 'HER2',
    re: /\b(?:HER[- ]?2(?:\s*\/\s*neu)?|ERBB-?2|human epidermal growth (?:factor )?receptor[- ]?2)(?![\d])/gi,
  },
  // Case-sensitive: "eGFR" is the estimated glomerular filtration rate.
  // "EGFRm+", "EGFRmut": the mutation abbreviation glued to the symbol.
  // "mEGFR": mutant EGFR written with the prefix.
  { gene: 'EGFR', re: /\b(?:m(?=EGFR))?EGFR(?:(?![\w])|(?=(?:m|mt|mut)(?:\+|\b)))/g },
  { gene: 'EGFR', re: /\bepidermal growth factor receptor(?![\w])/gi },
  // "5'ALK" is a probe of the ALK locus, not a requirement on the tumour.
  // "anaplastic lymphoma kinase 1 (ALK-1)": the number written into the name and the symbol.
  { gene: 'ALK', re: /(?<![35]['’])\bALK(?:-1(?![\w-]))?(?:(?![\w])|(?=(?:m|mt|mut)(?:\+|\b)))/g },
  { gene: 'ALK', re: /\banaplastic lymphoma (?:kinase|receptor)(?:[ -]1(?![\w-]))?\b/gi },
  {
    gene: 'ROS1',
    re: /\b(?:(?:c-?)?ROS[- ]?1|c[- ]?ros oncogene[- ]?1|ROS proto-oncogene[- ]?1)\b/gi,
  },
  // A bare "ROS" is reactive oxygen species, except inside a list of drivers or before a fusion word.
  {
    gene: 'ROS1',
    re: new RegExp(
      String.raw`\bROS\b(?=\s*(?:,|\/|or\b|and\b|\)|\]\s*,|` +
        String.raw`-?\s*(?:fusion|rearrange|translocation|positive|mutation|alteration)))`,
      'g',
    ),
  },
  // "KRASm+", "KRASmut": the mutation abbreviation glued to the symbol, as for EGFR.
  { gene: 'KRAS', re: /\bK-?RAS(?:(?![a-fh-z])|(?=(?:m|mt|mut)(?:\+|\b)))/gi },
  // Spelled out, as industry protocols write it before the symbol in brackets.
  {
    gene: 'KRAS',
    re: /\bKirsten rat sarcoma(?: viral)?(?: oncogene)?(?: homolog(?:ue)?| virus)?\b/gi,
  },
  // "RAS mutation" reaches KRAS (the row keeps the sentence that says RAS); NRAS/HRAS do not.
  {
    gene: 'KRAS',
    re: /(?<![A-Za-z-])RAS(?=[\s-]+(?:mutat|mutant|alteration|wild|positive|negative|gene))/g,
  },
  { gene: 'BRAF', re: /\bB-?RAF(?![a-uw-z])/gi },
  {
    gene: 'BRAF',
    // "B isoform of rapidly accelerated fibrosarcoma", "rapidly accelerated fibrosarcoma B-type".
    re: new RegExp(
      String.raw`\b(?:v-?raf murine sarcoma viral oncogene homolog(?:ue)? B1?|B-?Raf proto-oncogene|` +
        String.raw`B[- ]isoform of rapidly accelerated fibrosarcoma|` +
        // Its B: "rapidly accelerated fibrosarcoma 1" is RAF1, no gene here.
        String.raw`(?:v-)?rapidly accelerated fibrosarcoma[- ](?:B(?:[- ]type)?|homolog(?:ue)? B1?))\b`,
      'gi',
    ),
  },
  // "MET14 exon skipping", "MET14 jump mutation", "MET14" write the exon number against the gene.
  // Not the verb of text written in capitals: "ALL OF THE FOLLOWING CRITERIA MUST BE MET:".
  {
    gene: 'MET',
    re: new RegExp(
      String.raw`\b(?:c-?MET\b|MET(?=ex14|Δ|14\b|14[- ]?exon|\b)` +
        String.raw`(?!(?<=\b(?:${MET_VERB_BEFORE.join('|')})\s+MET)${MET_VERB_AFTER}))`,
      'g',
    ),
  },

  { gene: 'MET', re: /\b(?:c-?Met|cMET|mesenchymal[- ]epithelial transition(?: factor)?)\b/g },
  { gene: 'RET', re: /\b(?:RET|rearranged during transfection)\b/g },
  { gene: 'NTRK', re: /\b(?:NTRK[1-3]?|(?:pan-?)?TRK[ABC]?)(?:\s*[\/\-–]\s*[1-3])*(?![\w])/g },
  { gene: 'NTRK', re: /\bTrk[ABC]\b/g },
  {
    gene: 'NTRK',
    re: new RegExp(
      String.raw`\b(?:neurotrophic (?:tyrosine receptor kinase|receptor tyrosine kinase|tyrosine kinase receptor)` +
        String.raw`|tropomyosin receptor kinase)\b`,
      'gi',
    ),
  },
  {
    gene: 'PD-L1',
    re: /\b(?:PD-?L-?1|PDL-?1|CD274|programm?ed (?:cell )?death[- ]?(?:ligand|1 ligand)[- ]?1?)(?![\w])/gi,
  },
  // The scores are PD-L1 measurements even when the sentence does not name PD-L1.
  { gene: 'PD-L1', re: /\b(?:TPS|CPS|tumou?r proportion score|combined positive score)\b/gi },
];

export type Qualifier =
  | 'fusion'
  | 'amp'
  | 'overexp'
  | 'mutation'
  | 'alteration'
  | 'positive'
  | 'negative'
  | 'therapy'
  | 'expression';

export interface AlterationPattern {
  /** Null when the alteration belongs to whichever gene it is attached to (exon 20 insertion). */
  gene: Gene | null;
  alteration: string;
  re: RegExp;
}

const EXON = String.raw`(?:exon|ex|e)[- ]?`;

const AA3: Readonly<Record<string, string>> = {
  A: 'Ala',
  R: 'Arg',
  N: 'Asn',
  D: 'Asp',
  C: 'Cys',
  Q: 'Gln',
  E: 'Glu',
  G: 'Gly',
  H: 'His',
  I: 'Ile',
  L: 'Leu',
  K: 'Lys',
  M: 'Met',
  F: 'Phe',
  P: 'Pro',
  S: 'Ser',
  T: 'Thr',
  W: 'Trp',
  Y: 'Tyr',
  V: 'Val',
};

/** A protein variant in one-letter form or its HGVS three-letter spelling ("G12V", "Gly12Val"). */
function variant(v: string): string {
  const m = v.match(/^([A-Z])(\d+)([A-Z])$/)!;
  return `(?:${v}|${AA3[m[1]]}${m[2]}${AA3[m[3]]})`;
}

/** "class II", "class 2 or 3": the BRAF classes of non-V600 mutations. */
const BRAF_CLASS = String.raw`class (?:II|III|2|3)(?:\s*(?:or|\/|and)\s*(?:II|III|2|3))?`;

/** Specific alterations. NONV600 comes before V600E so "non-V600" is not read as V600E. */
export const ALTERATION_PATTERNS: readonly AlterationPattern[] = [
  {
    gene: 'BRAF',
    alteration: 'NONV600',
    re: new RegExp(
      [
        String.raw`\bnon[- ]?V600[EKD]?\b`,
        String.raw`\b${BRAF_CLASS}(?=\s+B-?RAF\b)`,
        String.raw`(?<=\bB-?RAF[\s-]+)${BRAF_CLASS}\b`,
      ].join('|'),
      'gi',
    ),
  },
  // "19 exon deletion", "21 exon L858R": the number written before "exon" (Chinese investigator phrasing).
  {
    gene: 'EGFR',
    alteration: 'EX19DEL',
    re: new RegExp(
      String.raw`\b` +
        anyOf([
          String.raw`(?:${EXON}19|19\s*exon)\s*(?:in[- ]?frame\s*)?del(?:etion|etions|s)?\b`,
          String.raw`del(?:etion|etions)?s?[- ]?(?:in[- ]|of[- ])?(?:${EXON})?19\b`,
          String.raw`19[- ]?del\b`,
          String.raw`E746[_-]A750(?:del)?\b`,
          String.raw`exon[- ]?19\b(?!\s*(?:-|–|to|through)\s*\d)`,
          // "EGFR mutation (19/21)", "EGFR 19/21": the two exons by number alone after the gene.
          String.raw`(?<=\bEGFR\b[^.;]{0,40}?)19(?=\s*(?:\/|or|and)\s*21\b)`,
        ]),
      'gi',
    ),
  },
  {
    gene: 'EGFR',
    alteration: 'L858R',
    re: new RegExp(
      [
        String.raw`(?:\b|(?<=\b21))(?:p\.)?${variant('L858R')}\b`,
        String.raw`\b(?:exon|ex)[- ]?21\s*(?:point\s*)?(?:mutations?|substitutions?|missense)`,
        // Not the exon an alteration just named lies in ("L861Q in exon 21").
        String.raw`(?<!\b[A-Z]\d{3}[A-Z]\s+(?:mutations?\s+)?(?:in|of|on)\s+)` +
          String.raw`\b(?:exon[- ]?21|21\s*exon)\b(?!\s*(?:\(?\s*)?(?:L858R|L861Q|-|–))`,
        // "EGFR exon 19/21 mutation", "exon 19 or 21": one "exon" for both numbers.
        String.raw`(?<=\bexon[- ]?19\s*(?:\/|or|and|,)\s*)21\b(?!\s*(?:-|–))`,
        String.raw`(?<=\bEGFR\b[^.;]{0,40}?\b19\s*(?:\/|or|and)\s*)21\b(?!\s*(?:-|–|%|\d))`,
      ].join('|'),
      'gi',
    ),
  },
  {
    gene: 'EGFR',
    alteration: 'T790M',
    re: new RegExp(String.raw`\b(?:p\.)?${variant('T790M')}\b`, 'gi'),
  },
  {
    gene: 'EGFR',
    alteration: 'C797S',
    re: new RegExp(String.raw`\b(?:p\.)?(?:C797[SX]|${variant('C797S')})\b`, 'gi'),
  },
  {
    gene: 'EGFR',
    alteration: 'G719X',
    re: new RegExp(String.raw`\b(?:p\.)?(?:G719[XASCD]?|Gly719(?:Ala|Ser|Cys|Asp)?)\b`, 'gi'),
  },
  {
    gene: 'EGFR',
    alteration: 'L861Q',
    re: new RegExp(
      String.raw`\b(?:p\.)?(?:L861[QR]?|${variant('L861Q')}|${variant('L861R')})\b`,
      'gi',
    ),
  },
  {
    gene: 'EGFR',
    alteration: 'S768I',
    re: new RegExp(String.raw`\b(?:p\.)?${variant('S768I')}\b`, 'gi'),
  },
  {
    gene: null,
    alteration: 'EX20INS',
    re: new RegExp(
      String.raw`\b` +
        anyOf([
          String.raw`${EXON}20\s*(?:in[- ]?frame\s*)?ins(?:ertions|ertion|\b)(?:\s*mutations?)?`,
          'ex20ins',
          String.raw`20[- ]?ins(?:ertions?)?\b`,
          String.raw`insertions?\s+(?:mutations?\s+)?(?:in|of|within)\s+exon[- ]?20`,
          // "EGFR 20 exon insertion": the number before "exon", as "19 exon deletion" is read.
          String.raw`20\s*exon\s*ins(?:ertions?)?\b`,
          String.raw`exon[- ]?20\s+(?:mutations?|alterations?)(?!\s*(?:\(|,)?\s*(?:T790M|C797S))`,
        ]),
      'gi',
    ),
  },
  // "A763_Y764insFQEA", "Y772_A775dupYVMA", "G776delinsVC": a named exon 20 insertion (EGFR
  // codons ~762-775, HER2 ~772-781).
  {
    gene: null,
    alteration: 'EX20INS',
    re: /\b(?:p\.)?[A-Z]7[6-8]\d_[A-Z]7[6-8]\d(?:ins|dup)[A-Z]*\b|\b(?:p\.)?[A-Z]7[6-8]\d(?:delins|>)[A-Z]{2,}\b/g,
  },
  {
    gene: 'KRAS',
    alteration: 'G12C',
    re: new RegExp(String.raw`(?:\b|(?<=K-?RAS))(?:p\.\s?)?${variant('G12C')}\b`, 'gi'),
  },
  {
    gene: 'KRAS',
    alteration: 'G12D',
    re: new RegExp(String.raw`(?:\b|(?<=K-?RAS))(?:p\.\s?)?${variant('G12D')}\b`, 'gi'),
  },
  {
    gene: 'KRAS',
    alteration: 'G12V',
    re: new RegExp(String.raw`(?:\b|(?<=K-?RAS))(?:p\.\s?)?${variant('G12V')}\b`, 'gi'),
  },
  {
    gene: 'KRAS',
    alteration: 'G12X',
    re: /(?:\b|(?<=K-?RAS))(?:p\.)?G12X?\b(?![A-Z\/])|\bcodon 12\b/gi,
  },
  {
    gene: 'BRAF',
    alteration: 'V600E',
    re: new RegExp(
      // "BRAF600E": the codon without its letter, right after the gene.
      String.raw`(?:\b|(?<=B-?RAF))(?:p\.)?(?:V600(?:[EKD](?:\s*\/\s*[EKD])*)?|${variant('V600E')})\b` +
        String.raw`|(?<=B-?RAF\s?)600E\b`,
      'gi',
    ),
  },
  // "METΔ14", "METΔex14": the delta sign for the skipped exon; "MET14" alone is the short form of
  // METex14; "jump" ("MET14 jump mutation", "exon 14 jumping") translates skipping.
  {
    gene: 'MET',
    alteration: 'EX14SKIP',
    re: new RegExp(
      String.raw`(?:\b|(?<=MET))(?:${EXON}14|Δ\s?(?:ex)?14|(?<=MET)14(?:[- ]?exon(?=\s*(?:skip|jump)))?)` +
        String.raw`(?:\s*(?:skipping|skip|jump(?:ing)?))?(?:\s*(?:mutations?|alterations?|variants?))?\b`,
      'gi',
    ),
  },
];

/**
 * After a dash and a space, words that show the dash is a hyphen broken off its compound
 * ("EGFR- mutation positive", "ALK- rearranged") or a shared suffix ("EGFR- and ALK-negative"),
 * not the minus sign of "EGFR-".
 */
export const DASH_CONTINUES =
  anyOf([
    'or',
    'and',
    String.raw`mutat\w*`,
    'mutant',
    String.raw`positiv\w*`,
    String.raw`rearrang\w*`,
    'fusions?',
    String.raw`translocat\w*`,
    String.raw`amplif\w*`,
    'alterations?',
    'altered',
    'activating',
    String.raw`sensiti[sz]\w*`,
    'driven',
    String.raw`express\w*`,
    'insertions?',
    'deletions?',
    'exons?',
    'inhibitors?',
    'TKIs?',
    'targeted',
    'directed',
  ]) + String.raw`\b|\/`;

/**
 * Letter-only symbols of genes the extractor does not track, read as gene names inside a negated
 * or listed chain ("without NRAS or EGFR mutation"); symbols with a digit (PIK3CA, STK11) need no entry.
 */
export const UNTRACKED_LETTER_GENES: readonly string[] = [
  'NRAS',
  'HRAS',
  'PTEN',
  'ATM',
  'ATRX',
  'MYC',
  'MYCN',
  'KIT',
  'MTAP',
  'PDGFRA',
  'RICTOR',
];

/** Words that qualify a gene written right after it (across lists: "ALK, ROS1 or RET fusions"). */
export const FORWARD_QUALIFIERS: ReadonlyArray<[Qualifier, RegExp]> = [
  // "BRAF+MEK inhibitor" is a combination therapy, not "BRAF-positive".
  [
    'therapy',
    new RegExp(
      '^' +
        anyOf([
          String.raw`\+\s*[A-Za-z][\w-]*\s+(?:inhibitors?|TKIs?\b|therap)`,
          'pathway',
          // "EGFR TKI-sensitizing mutation" names the gene's mutation class, not a therapy.
          String.raw`TKIs?\b(?![\s-]*sensiti)`,
          'tyrosine kinase inhibitors?',
          'inhibitors?',
          'inhibition',
          '-?targeted',
          '-?targeting',
          '-?directed',
          'blockers?',
          'blockade',
          'antibod(?:y|ies)',
          String.raw`mAbs?\b`,
          String.raw`ADCs?\b`,
          'antibody[- ]drug',
          'therap(?:y|ies)',
          'treatments?',
          'agents?',
          'drugs?',
          'small[- ]molecules?',
          'vaccines?',
          'degraders?',
          'bispecific',
          'CAR-?T',
          'immunotherap',
          'peptides?',
          'vaccin',
        ]),
      'i',
    ),
  ],
  [
    'fusion',
    /^(?:-?fusions?|-?rearrange(?:ment|ments|d)|translocations?|-?fusion[- ]positive|-?rearrangement[- ]positive)/i,
  ],
  // "MET/CEP7 ratio", "MET GCN ≥ 10": measures of amplification.
  [
    'amp',
    new RegExp(
      '^' +
        anyOf([
          'amplifi(?:cation|cations|ed)',
          String.raw`amp\b`,
          '-?amplified',
          'copy[- ]number (?:gain|amplification)',
          'gene copy',
          String.raw`copy[- ]number\b`,
          String.raw`GCN\b`,
          String.raw`CEP\s*-?\d+\b`,
        ]),
      'i',
    ),
  ],
  // "IHC 3+", "IHC 2+ or 3+", "IHC 1+ or 2+": protein expression, scored (the README's "HER2
  // IHC" is OVEREXP; ISH beside it adds AMP, mentions.ts).
  [
    'overexp',
    new RegExp(
      '^' +
        anyOf([
          'over-?expressi(?:on|ng)',
          'over-?expressed',
          String.raw`IHC\s*(?:score\s*)?(?:of\s*)?(?:[0-3]\s*\+?\s*(?:,|\/|or|and|to)\s*)*[1-3]\s*\+`,
          String.raw`3\+`,
        ]),
      'i',
    ),
  ],
  // "MET high expression", "increased MET protein expression": a degree word before the noun.
  [
    'expression',
    new RegExp(
      String.raw`^(?:(?:high|increased|elevated)(?:[\s-]+level)?[\s-]+(?:protein\s+)?)?` +
        String.raw`(?:-?expressi(?:on|ng)|-?expressed|protein expression)`,
      'i',
    ),
  ],

  [
    'mutation',
    /^(?:-?mutations?|-?mutant|-?mutated|-?muts?\b|variants?|SNVs?\b|substitutions?|point mutations?|-?MT\b|-?m\b)/i,
  ],
  [
    'alteration',
    new RegExp(
      '^' +
        anyOf([
          '-?alterations?',
          '-?aberrations?',
          '-?abnormalit(?:y|ies)',
          '-?altered',
          'activation',
          '-?changes?',
          '-?driven',
          '-?driver',
          '-?addicted',
          '-?dependent',
        ]),
      'i',
    ),
  ],
  // Misspellings ("ALK-postive", "positve") are read as the word before this (statements.ts).
  ['positive', /^(?:-?positiv(?:e|ity)|-?pos\b|\(?\+\)?(?!\w)|-?\+)/i],
  [
    'negative',
    new RegExp(
      // "ALK: neg", "EGFR (-)", "EGFR(−)": the abbreviated states of registry tables.
      String.raw`^(?:-?negativ(?:e|ity)|wild[- ]?type|wildtype|WT\b|-\s*ve\b|-?neg\b|\(\s*[-−]\s*\)|` +
        String.raw`-(?=[)\],;]|\s*$|\s+(?!${DASH_CONTINUES})))`,
      'i',
    ),
  ],
];

/**
 * A state written as a sign right after the gene ("EGFR (-)", "ALK(−)", "EGFR -ve", "KRAS (+)"),
 * read before the gap filler, whose brackets and dashes would otherwise swallow it.
 */
const SIGN_STATE = /^\s*(?:\(\s*([-−+])\s*\)|([-−+])\s*ve\b)/i;
/**
 * A bare minus after the gene, and after each gene of its run ("EGFR-/ALK-/ROS1- NSCLC",
 * "EGFR-, ALK-"), where no word continues the last dash: "EGFR-, ALK- or ROS1-positive" is a
 * suspended hyphen, and so is a dash closing a bracket ("epidermal growth factor receptor-
 * (EGFR-) directed therapy"), read by the negative qualifier's own rule. Genes are masked
 * (\u0001) in the text this reads.
 */
const RUN_JOINER = String.raw`\s*(?:[\/,]|\bor\b|\band\b)(?:\s*(?:\bor\b|\band\b))?\s*`;
const BARE_MINUS = new RegExp(
  // The whole run, then no further gene of it, then the end of the run's words.
  String.raw`^[-−](?=(?:${RUN_JOINER}\u0001+[-−])*(?!${RUN_JOINER}\u0001)` +
    String.raw`\s*(?:[,;.\/]|$|\s+(?=\w)(?!${DASH_CONTINUES})))`,
  'i',
);
/** The state a sign at the start of `text` gives, and how many characters it takes, if any. */
export function signState(text: string): { state: 'positive' | 'negative'; length: number } | null {
  if (BARE_MINUS.test(text)) return { state: 'negative', length: 1 };
  const sign = text.match(SIGN_STATE);
  if (!sign) return null;
  return { state: (sign[1] ?? sign[2]) === '+' ? 'positive' : 'negative', length: sign[0].length };
}

/** The same, written before the gene ("rearranged ALK", "anti-PD-L1", "EML4-ALK"). */
export const BACKWARD_QUALIFIERS: ReadonlyArray<[Qualifier, RegExp]> = [
  [
    'therapy',
    new RegExp(
      anyOf([
        String.raw`\banti-?\s*(?:PD-?1\s*\/\s*|PD-?1\s*(?:or|and|\/)\s*anti-?\s*)?`,
        String.raw`\btarget(?:s|ing|ed)?\s+(?:the\s+)?`,
        String.raw`\bagainst\s+`,
        String.raw`\binhibitors? of\s+(?:the\s+)?`,
        // "an agent whose mechanism is inhibition of epidermal growth factor receptor", "drugs
        // that inhibit EGFR", "blockade of the PD-L1 pathway": the gene is the therapy's target.
        String.raw`\binhibit(?:s|ing|ion\s+of)?\s+(?:the\s+)?`,
        String.raw`\b(?:block(?:s|ing)|blockade\s+of|antagonists?\s+of)\s+(?:the\s+)?`,
        String.raw`\bPD-?1\s*\/\s*`,
      ]) + '$',
      'i',
    ),
  ],
  [
    'fusion',
    new RegExp(
      anyOf([
        String.raw`\brearranged`,
        String.raw`\btranslocated`,
        String.raw`\bfusion[- ]positive`,
        String.raw`\bEML4\s*-\s*`,
        String.raw`\bEML4[- ]?`,
        String.raw`\b(?:rearrangements?|fusions?|translocations?|inversions?)(?:\s+events?)?\s+` +
          String.raw`(?:of|in|involving)\s+(?:the\s+)?`,
      ]) + String.raw`\s*$`,
      'i',
    ),
  ],
  ['amp', /(?:\bamplified|\bamplifications?\s+(?:of|in)\s+(?:the\s+)?)\s*$/i],
  // "wild-type EGFR", "negative EGFR mutation by PCR", "negative for ALK or ROS1 fusion genes":
  // the state before the gene (gene level, as "ALK-negative" is), not the state word of a marker
  // before it ("ALK-negative EGFR-mutant" keeps EGFR's own).
  ['negative', /(?<![\u0001\u0002][\s-]*)\b(?:wild[- ]?type|wildtype|negative)(?:\s+for)?\s*$/i],
  ['mutation', /\b(?:mutant|mutated|activating|sensiti[sz]ing)\s*$/i],
  ['positive', /\bpositive\s+(?:for|to)\s+(?:an?\s+|the\s+)?$/i],
  // "Known positive EGFR or ALK status": a stated result, not a test (not another marker's state).
  ['positive', /(?<![\u0001\u0002][\s-]*)\bpositive\s*$/i],
];

/**
 * Filler that may sit between a gene and its qualifier without breaking the link:
 * punctuation of lists, conjunctions, the other genes of the list (masked as \u0001) and
 * adjectives such as "activating", "gene", "somatic".
 */
const GAP_WORDS: readonly string[] = [
  'or',
  'and',
  String.raw`and\/or`,
  'gene',
  'genes',
  'genomic',
  'somatic',
  'germline',
  'activating',
  'oncogenic',
  'oncogene',
  'driver',
  'drivers',
  'sensiti[sz]ing',
  // "EGFR sensitive mutation negative" (investigator phrasing of the sensitising class).
  'sensitive',
  'kinase',
  'domain',
  'TKD',
  'KD',
  'tyrosine',
  'protein',
  'receptor',
  'known',
  'documented',
  'confirmed',
  'common',
  'classical',
  'classic',
  'canonical',
  'typical',
  'uncommon',
  'atypical',
  'rare',
  'other',
  'any',
  'an?',
  'the',
  'point',
  'hotspot',
  'single',
  'family',
  'fusion partner',
  'targetable',
  'actionable',
  'deleterious',
  'pathogenic',
  'likely',
  'status',
  'is',
  'are',
  'was',
  'tumou?rs?',
];
/** Other targets named in the same list ("EGFR, MEK or RAS"), which do not break the link. */
const GAP_OTHER_TARGETS: readonly string[] = [
  'MEK[12]?',
  String.raw`VEGFR?\d?`,
  'PD-?1',
  'CTLA-?4',
  'HER3',
  'ERBB3',
  String.raw`FGFR\d?`,
  'NRAS',
  'HRAS',
  'N-RAS',
  'H-RAS',
  'RAS',
  'RAF',
  'CRAF',
  'SHP2',
  'SOS1',
  String.raw`CDK4\/6`,
  'PARP',
  'TROP-?2',
  'c-?KIT',
  'KIT',
  'PI3K',
  'mTOR',
  'AKT',
  'ERK',
  'AXL',
  'IGF-?1R',
  'NRG1',
];
export const GENE_QUALIFIER_GAP = new RegExp(
  '^' +
    anyOf([
      String.raw`[\s,\/()\-–:\u0001]`,
      String.raw`\bnon-\u0002+`,
      String.raw`\b${anyOf(GAP_WORDS)}\b`,
      String.raw`\b(?:p\.\s?)?[A-Z]\d{2,4}[A-Z]\b`,
      String.raw`\b${anyOf(GAP_OTHER_TARGETS)}\b`,
    ]) +
    '*',
  'i',
);

/**
 * Words that may stand between an alteration and the gene written after it ("G12D mutated KRAS",
 * "V600E-mutant BRAF", "exon 20 insertion-mutated HER2", "class II BRAF"): the gene is the
 * alteration's head noun, so the alteration carries the mention and no gene-level row is added.
 */
export const ALTERATION_GENE_GAP_WORDS: readonly string[] = [
  'mutated',
  'mutant',
  'mutation[- ]positive',
  'positive',
  'altered',
  'driven',
  'activating',
  'sensiti[sz]ing',
];
// A bracket may set the alteration or the gene apart: "(non-V600) BRAF", "G12D (KRAS) mutation".
export const ALTERATION_GENE_GAP = new RegExp(
  String.raw`^[\s\-()]*(?:${anyOf(ALTERATION_GENE_GAP_WORDS)}[\s\-]+){0,2}$`,
  'i',
);

/**
 * "EGFR-sensitive mutation/exon 20 insertion mutation", "sensitizing EGFR mutation and T790M": a
 * sensitizing mutation is a class of its own (gene level, no id); alterations that do not sensitize
 * to the gene's TKIs are a second option beside it, not the members that specify it (as "EGFR
 * sensitizing mutation (Ex19del, L858R)" is specified).
 */
export const NOT_SENSITIZING: Readonly<Partial<Record<Gene, readonly string[]>>> = {
  EGFR: ['EX20INS', 'T790M', 'C797S'],
};
/** A gene's symbol in brackets after its spelled-out name: "epidermal growth factor receptor (EGFR)". */
export const SYMBOL_IN_BRACKETS = /^\s*[([]\s*[A-Za-z0-9-]{2,12}\s*[)\]]/;

export interface DrugPattern {
  gene: Gene;
  alteration: string | null;
  re: RegExp;
}

/**
 * Drugs whose prior use implies a driver. Multi-target drugs (crizotinib, entrectinib,
 * repotrectinib) are left out: they do not say which driver the patient has.
 */
const drugNames = (names: readonly string[]): RegExp =>
  new RegExp(String.raw`\b${anyOf(names)}\b`, 'gi');

export const DRUG_PATTERNS: readonly DrugPattern[] = [
  {
    gene: 'EGFR',
    alteration: null,
    re: drugNames([
      'osimertinib',
      'erlotinib',
      'gefitinib',
      'afatinib',
      'dacomitinib',
      'lazertinib',
      'icotinib',
      'aumolertinib',
      'almonertinib',
      'furmonertinib',
      'befotertinib',
      'amivantamab',
    ]),
  },
  {
    gene: 'ALK',
    alteration: 'FUSION',
    re: drugNames(['alectinib', 'lorlatinib', 'brigatinib', 'ceritinib', 'ensartinib']),
  },
  {
    gene: 'KRAS',
    alteration: 'G12C',
    re: drugNames([
      'sotorasib',
      'adagrasib',
      'divarasib',
      'garsorasib',
      'glecirasib',
      'fulzerasib',
      'olomorasib',
    ]),
  },
  { gene: 'RET', alteration: 'FUSION', re: drugNames(['selpercatinib', 'pralsetinib']) },
  { gene: 'MET', alteration: null, re: drugNames(['capmatinib', 'tepotinib', 'savolitinib']) },
];

/** Genes whose only alteration id is a fusion: "ALK-positive" means an ALK fusion. */
export function isFusionGene(gene: Gene): boolean {
  const alts = ALTERATIONS[gene];
  return alts.length === 1 && alts[0] === 'FUSION';
}

/** Alteration id a gene-level qualifier stands for, or null for a gene-level row. */
export function alterationForQualifier(gene: Gene, q: Qualifier): string | null {
  // ALK/ROS1 IHC expression and "ALK-positive" are how fusions are reported.
  if (isFusionGene(gene))
    return q === 'fusion' || q === 'positive' || q === 'expression' ? 'FUSION' : null;
  if (gene === 'HER2') {
    if (q === 'mutation') return 'MUT';
    if (q === 'amp') return 'AMP';
    if (q === 'overexp' || q === 'expression') return 'OVEREXP';
    return null;
  }
  if (gene === 'MET' && q === 'amp') return 'AMP';
  // Protein expression is its own alteration: "EGFR expression" never matches a mutation.
  if ((gene === 'EGFR' || gene === 'MET') && (q === 'overexp' || q === 'expression'))
    return 'OVEREXP';
  return null;
}

/** Nouns naming a part of a trial that a criterion may be written for ("Cohort A:", "Biopsy Cohort"). */
export const COHORT_NOUNS = String.raw`(?:cohorts?|arms?|groups?|parts?|strat(?:um|a)|modules?|sub-?stud(?:y|ies))`;
