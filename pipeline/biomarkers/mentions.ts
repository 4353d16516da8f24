/**
 * Finds gene, alteration and targeted-drug mentions in one sentence and links each gene
 * to the word that qualifies it ("ALK, ROS1 or RET fusions" gives three fusions;
 * "EGFR TKI" is a therapy, not a biomarker).
 */
import type { Gene } from '../../domain/biomarkers.js';
import {
  ALTERATION_GENE_GAP,
  ALTERATION_PATTERNS,
  BACKWARD_QUALIFIERS,
  DRUG_PATTERNS,
  FORWARD_QUALIFIERS,
  GENE_PATTERNS,
  GENE_QUALIFIER_GAP,
  signState,
  alterationForQualifier,
  isFusionGene,
  type Qualifier,
} from './lexicon.js';
import { allMatches } from '../../text/matches.js';

export type MentionKind = 'marker' | 'therapy' | 'drug';

export interface Mention {
  gene: Gene;
  alteration: string | null;
  kind: MentionKind;
  start: number;
  end: number;
  /** A word says what about the gene (mutation, fusion, negative ...), not just its name. */
  qualified: boolean;
  /** Written as "non-G12C": the alteration is carved out of the surrounding requirement. */
  carvedOut: boolean;
  /** Its own state word says it is absent ("EGFR wild-type", "ALK-negative"). */
  negative?: boolean;
  /** Its own state word says it is present ("ALK-positive"): a stated result, not a test's name. */
  positive?: boolean;
  /** A named variant with no id of its own (KRAS G12A): a gene-level row that is not widening. */
  variant?: boolean;
}

interface Span {
  start: number;
  end: number;
}
interface GeneSpan extends Span {
  gene: Gene;
}
interface AltSpan extends Span {
  gene: Gene | null;
  alteration: string;
  attachedTo: Gene[];
}

const APPOSITION = /^,\s*(?:[A-Za-z][\w-]*[\s,]+){1,10}[(\[]\s*$/;
const QUALIFIER_WORD = new RegExp(
  String.raw`\b(?:mutat\w*|mutant|fusions?|rearrange\w*|translocat\w*|amplif\w*|positiv\w*|negativ\w*|` +
    String.raw`wild|express\w*|alteration\w*|or|and|nor|not|no|without)\b`,
  'i',
);
const HER2_LOW = /^[\s-]*low\b/i;
const IHC_POSITIVE = new RegExp(
  String.raw`^[^.;]{0,60}?(?:(?:IHC|immunohistochemistry)\s*(?:score\s*(?:of\s*)?)?(?:≥\s*)?[23]\s*\+` +
    String.raw`|[23]\s*\+\s*(?:staining|by IHC))`,
  'i',
);
const HER2_ISH_POSITIVE =
  /^[^.;]{0,60}?\b(?:(?:F|S|C|D)?ISH[\s-]*(?:\+|positive|amplifi\w*)|amplifi\w*\s+(?:by|on|per)\s+(?:F|S|C|D)?ISH\b)/i;

export const GENE_MASK = '\u0001';
const SCAN = 300;
export const ALT_MASK = '\u0002';

/** Marks characters already read as a gene or alteration (an array, so long sentences stay linear). */
function claim(taken: Uint8Array, s: number, e: number): boolean {
  for (let i = s; i < e; i++) if (taken[i]) return false;
  taken.fill(1, s, e);
  return true;
}

export interface SentenceMentions {
  mentions: Mention[];
  /** The sentence with genes masked as \u0001 and alterations as \u0002 (same length). */
  masked: string;
}

const KINDS_IN_BRACKET = new RegExp(
  String.raw`^[\s\-]*(?:(?:gene|genomic|activating|oncogenic|driver)\s+)*` +
    String.raw`(?:alterations?|aberrations?|abnormalit(?:y|ies))\s*[(\[]([^()\[\]]{1,80})[)\]]`,
  'i',
);
const KIND_WORDS: ReadonlyArray<[Qualifier, RegExp]> = [
  ['fusion', /\b(?:fusions?|rearrange\w*|translocations?)\b/i],
  ['amp', /\bamplifi\w*/i],
  ['overexp', /\bover-?expressi\w*/i],
  ['mutation', /\b(?:mutations?|variants?|insertions?|deletions?)\b/i],
];
/**
 * "KIF5B-RET", "ETV6::NTRK3", "CD74-ROS1": a partner symbol glued to a fusion gene names a
 * fusion. Case-sensitive so "non-ALK" is not a partner; known genes are masked, so "EGFR-ALK"
 * is not one either.
 */
const FUSION_PARTNER_BEFORE = /(?<![\w-])[A-Z][A-Z0-9]{1,9}(?:-|–|::)$/;
/** "exon 19", "21 exon" with no alteration word: EGFR's exons only when no other gene owns them. */
const BARE_EXON = /^(?:(?:exon|ex)[- ]?(?:19|21)|(?:19|21)\s*exon)$/i;
const ALTERATION_NEGATIVE_AFTER = new RegExp(
  String.raw`^[\s:-]*(?:(?:mutations?|mutant|mutated|deletions?|insertions?|fusions?|rearrangements?|status)[\s:-]*)?` +
    String.raw`(?:genes?[\s-]+)?` +
    // "L858R mutation negative for T790M": the state word belongs to the marker after "for".
    String.raw`(?:negativ(?:e|ity)|neg|wild[- ]?type)\b(?!\s+for\b)`,
  'i',
);
const VARIANT_AFTER_GENE = /^[\s-]*(?:p\.\s?)?([A-Z]\d{2,4}[A-Z])\b/;
const LISTABLE_KINDS = new Set<Qualifier>([
  'fusion',
  'amp',
  'overexp',
  'expression',
  'mutation',
  'alteration',
]);
/** "A763_Y764insFQEA": a named insertion, as opposed to the class "exon 20 insertion". */
const NAMED_INSERTION = /_|delins|>/;

/** Further kinds listed after a gene's first qualifier ("mutation, amplification or overexpression"). */
const KIND_OF_ANOTHER_GENE = /^\s+(?:in|of|involving)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}?\u0001/i;

function moreKinds(masked: string, from: number): Qualifier[] {
  const out: Qualifier[] = [];
  let pos = from;
  for (let guard = 0; guard < 4; guard++) {
    // A list needs a comma or a conjunction: "fusion variant 3" is one kind.
    const sep = masked
      .slice(pos, pos + 20)
      .match(/^\s*(?:,\s*(?:(?:and\/or|or|and)\s+)?|(?:and\/or|or|and)\s+)/)?.[0];
    if (!sep) break;
    const after = masked.slice(pos + sep.length, pos + sep.length + 60);
    let found: [Qualifier, number] | null = null;
    for (const [q, re] of FORWARD_QUALIFIERS) {
      if (!LISTABLE_KINDS.has(q)) continue;
      const m = after.match(re);
      // "mutation or amplification of MET" names another gene's kind; "... in tumour tissue" does not.
      if (m && !KIND_OF_ANOTHER_GENE.test(after.slice(m[0].length))) {
        found = [q, m[0].length];
        break;
      }
    }
    if (!found) break;
    out.push(found[0]);
    pos += sep.length + found[1];
  }
  return out;
}

// "L858R mutation in exon 21 of EGFR": the exon it lies in may stand between.
const ALT_OF_GENE =
  /^\s*(?:(?:mutations?|alterations?|variants?)\s+)?(?:(?:in|on)\s+exon\s*\d{1,2}\s+)?(?:in|of|within)\s+(?:the\s+)?$/i;

const THERAPY_AFTER_ALT = new RegExp(
  String.raw`^[\s\-]*(?:mutation[- ]?(?:specific|selective)\s+)?` +
    String.raw`(?:(?:small[- ]molecule|tyrosine kinase|selective|covalent|specific)\s+)*` +
    String.raw`(?:inhibitors?|TKIs?\b|-?targeted|-?directed|therap(?:y|ies)|agents?|drugs?|degraders?)`,
  'i',
);

/** KRAS variants with no id of their own (G12A, G13D, Q61H), and "codon 12, 13 or 61". */
const KRAS_OTHER_VARIANT = new RegExp(
  [
    String.raw`\b(?:p\.)?(?:G12[ASRF]|G13[A-Z]|Q61[A-Z]|A146[A-Z]|K117N|Gly12(?:Ala|Ser|Arg|Phe)` +
      String.raw`|Gly13[A-Z][a-z]{2}|Gln61[A-Z][a-z]{2}|Ala146[A-Z][a-z]{2}|Lys117Asn)\b`,
    String.raw`(?<=\b[Cc]odons?\s+(?:\d+\s*(?:,|\/|or|and)\s*)*)(?:13|61|146)\b`,
  ].join('|'),
  'g',
);

export function findMentions(sentence: string): SentenceMentions {
  const { genes, alts } = markerSpans(sentence);
  const masked = maskSpans(sentence, [...genes, ...appositions(sentence, genes)], alts);
  const mentions: Mention[] = [
    ...geneMentions(sentence, masked, genes, alts),
    ...krasVariantMentions(sentence, genes),
    ...variantAfterGeneMentions(masked, genes),
    ...alterationMentions(sentence, masked, genes, alts),
    ...drugMentions(sentence),
  ];
  mentions.sort((a, b) => a.start - b.start);
  return { mentions, masked };
}

/** Gene and alteration spans, each character read once (earlier patterns win). */
function markerSpans(sentence: string): { genes: GeneSpan[]; alts: AltSpan[] } {
  const taken = new Uint8Array(sentence.length);
  const genes: GeneSpan[] = [];
  for (const { gene, re } of GENE_PATTERNS) {
    for (const m of allMatches(re, sentence)) {
      const s = m.index!;
      const e = s + m[0].length;
      if (!claim(taken, s, e)) continue;
      genes.push({ gene, start: s, end: e });
    }
  }
  const alts: AltSpan[] = [];
  for (const { gene, alteration, re } of ALTERATION_PATTERNS) {
    for (const m of allMatches(re, sentence)) {
      const s = m.index!;
      const e = s + m[0].length;
      if (!claim(taken, s, e)) continue;
      alts.push({ gene, alteration, start: s, end: e, attachedTo: [] });
    }
  }
  genes.sort((a, b) => a.start - b.start);
  // A named insertion beside the class it belongs to ("exon 20 insertions, including
  // A763_Y764insFQEA", "... (A763_Y764insFQEA excluded)") is an example or an exception the
  // vocabulary cannot express; alone it stands for the class.
  const named = (a: AltSpan) =>
    a.alteration === 'EX20INS' && NAMED_INSERTION.test(sentence.slice(a.start, a.end));
  if (alts.some((a) => a.alteration === 'EX20INS' && !named(a))) {
    for (let k = alts.length - 1; k >= 0; k--) if (named(alts[k])) alts.splice(k, 1);
  }
  alts.sort((a, b) => a.start - b.start);
  return { genes, alts };
}

// "c-ros oncogene 1, receptor tyrosine kinase of the insulin receptor family (ROS-1)": an
// apposition between a spelled-out name and its bracketed symbol belongs to the name, so
// list words and negations read across it ("EGFR, ALK, and <that> negative").
function appositions(sentence: string, genes: GeneSpan[]): Span[] {
  const appositions: Span[] = [];
  for (let i = 1; i < genes.length; i++) {
    const a = genes[i - 1];
    const b = genes[i];
    if (a.gene !== b.gene) continue;
    const gap = sentence.slice(a.end, b.start);
    if (APPOSITION.test(gap) && !QUALIFIER_WORD.test(gap))
      appositions.push({ start: a.end, end: a.end + gap.replace(/[(\[]\s*$/, '').length });
  }
  return appositions;
}

/**
 * One mention per gene and kind of alteration it is qualified by; a gene that heads an
 * alteration instead marks that alteration as its own (`attachedTo`, read by
 * `alterationMentions`, so this runs first).
 */
function geneMentions(
  sentence: string,
  masked: string,
  genes: GeneSpan[],
  alts: AltSpan[],
): Mention[] {
  const altAt = new Map(alts.map((a) => [a.start, a]));
  const mentions: Mention[] = [];
  let previous: { gene: GeneSpan; backward: Qualifier | null } | null = null;
  for (const g of genes) {
    const backward = backwardQualifier(masked, g, previous);
    // "epidermal growth factor receptor (EGFR)": the name in brackets repeats the mention before it.
    const repeat =
      previous !== null &&
      previous.gene.gene === g.gene &&
      /^[\s\u0001]*(?:[a-z-]+\s*)?[(\[]\s*$/i.test(masked.slice(previous.gene.end, g.start));
    previous = { gene: g, backward };
    if (repeat || attachedToAlterationBefore(sentence, masked, g, alts)) continue;
    const { qualifier, alt, end: qualifierEnd } = scanForward(masked, g, altAt);
    if (alt) {
      // "EGFR exon 19 deletion": the alteration carries the mention; no gene-level row.
      alt.attachedTo.push(g.gene);
      continue;
    }
    // A state written before the gene says what the kind after it is about: "negative EGFR
    // mutation" is EGFR-negative (PD-L1's states are cut-offs, read by pdl1.ts).
    const stateBefore = backward === 'negative' && g.gene !== 'PD-L1';
    const q = backward === 'therapy' || stateBefore ? backward : (qualifier ?? backward);
    if (q === 'therapy') {
      mentions.push({
        gene: g.gene,
        alteration: null,
        kind: 'therapy',
        start: g.start,
        end: g.end,
        qualified: true,
        carvedOut: false,
      });
      continue;
    }
    const marked = markerMentionsOf(sentence, masked, g, q, qualifier, qualifierEnd);
    // "positive EGFR mutation status": the state before the gene states a result.
    if (backward === 'positive' && g.gene !== 'PD-L1') for (const m of marked) m.positive = true;
    mentions.push(...marked);
  }
  return sharedStates(masked, mentions);
}

/** A kind of alteration named after a gene, as a list item writes it ("EGFR mutation"). */
const KIND_NOUN = String.raw`(?:mutations?|rearrangements?|fusions?|translocations?|alterations?|amplifications?)`;
/** Between two list items: the first one's kind, then a joiner ("EGFR mutation and ALK ..."). */
const ITEM_THEN_JOINER = new RegExp(
  String.raw`^[\s-]*${KIND_NOUN}(?:[\s-]+genes?)?\s*(?:,|\/|&|;)?\s*(?:and\/or|and|or|&)?\s*$`,
  'i',
);
/** The last item's kind, then its state ("... ALK rearrangement negative"). */
const KIND_THEN_STATE = new RegExp(
  String.raw`^[\s-]*${KIND_NOUN}(?:[\s-]+genes?)?[\s-]*(?:negativ(?:e|ity)|wild[- ]?type)\b`,
  'i',
);

/**
 * "EGFR mutation and ALK rearrangement negative": a state written once after a list of items
 * that each name their kind is every item's. Only when the items are parallel (the last names
 * its kind too): "EGFR mutation and ALK negative" may mean two states.
 */
function sharedStates(masked: string, mentions: Mention[]): Mention[] {
  let sharing = false;
  for (let i = mentions.length - 2; i >= 0; i--) {
    const [a, b] = [mentions[i], mentions[i + 1]];
    sharing =
      a.kind === 'marker' &&
      b.kind === 'marker' &&
      !!b.negative &&
      !a.negative &&
      !a.positive &&
      (sharing || KIND_THEN_STATE.test(masked.slice(b.end, b.end + 40))) &&
      ITEM_THEN_JOINER.test(masked.slice(a.end, b.start));
    if (sharing) mentions[i] = { ...a, negative: true, alteration: null };
  }
  return mentions;
}

/**
 * The qualifier written before a gene ("rearranged ALK", "anti-PD-L1", "EML4-ALK"), or the
 * therapy cue of the list it continues.
 */
function backwardQualifier(
  masked: string,
  g: GeneSpan,
  previous: { gene: GeneSpan; backward: Qualifier | null } | null,
): Qualifier | null {
  const before = masked.slice(Math.max(0, g.start - 40), g.start);
  let backward: Qualifier | null = null;
  for (const [q, re] of BACKWARD_QUALIFIERS) {
    if (re.test(before)) {
      backward = q;
      break;
    }
  }
  if (!backward && isFusionGene(g.gene) && FUSION_PARTNER_BEFORE.test(before)) backward = 'fusion';
  // "anti-EGFR/cMET", "targeting EGFR or HER2", "wild-type EGFR, ALK and ROS1", "rearrangement
  // of the ALK or ROS1 genes": the cue before a list covers the whole list (a fusion, its fusion
  // genes).
  const carried =
    previous?.backward === 'therapy' ||
    previous?.backward === 'negative' ||
    previous?.backward === 'positive' ||
    (previous?.backward === 'fusion' && isFusionGene(g.gene));
  if (
    !backward &&
    carried &&
    /^[\s,\/]*(?:or|and)?[\s,\/]*$/i.test(masked.slice(previous.gene.end, g.start))
  ) {
    backward = previous.backward;
  }
  return backward;
}

/**
 * True when the gene is the head of an alteration written before it, which then carries the
 * mention (and learns its gene: the alteration's `attachedTo`).
 */
function attachedToAlterationBefore(
  sentence: string,
  masked: string,
  g: GeneSpan,
  alts: AltSpan[],
): boolean {
  // "class II BRAF mutation", "G12D mutated KRAS": an alteration written just before its gene
  // carries the mention ("non-G12C mutant KRAS" is the gene, less the carved alteration).
  const nearest = alts[lastEndingBy(alts, g.start)];
  if (
    nearest &&
    ALTERATION_GENE_GAP.test(masked.slice(nearest.end, g.start)) &&
    !/\bnon[- ]?$/i.test(sentence.slice(Math.max(0, nearest.start - 5), nearest.start))
  ) {
    if (nearest.gene === g.gene) return true;
    if (nearest.gene === null && (g.gene === 'EGFR' || g.gene === 'HER2')) {
      nearest.attachedTo.push(g.gene);
      return true;
    }
  }
  // "exon 20 insertion mutation in EGFR": the alteration names its gene after it.
  if (
    nearest &&
    (nearest.gene === g.gene ||
      (nearest.gene === null && (g.gene === 'EGFR' || g.gene === 'HER2'))) &&
    ALT_OF_GENE.test(masked.slice(nearest.end, g.start))
  ) {
    nearest.attachedTo.push(g.gene);
    return true;
  }
  return false;
}

/** The marker mentions one gene gives, from the qualifier that says what about it. */
function markerMentionsOf(
  sentence: string,
  masked: string,
  g: GeneSpan,
  q: Qualifier | null,
  qualifier: Qualifier | null,
  qualifierEnd: number,
): Mention[] {
  const mentions: Mention[] = [];
  // "HER2-positive (IHC 3+ or ISH-positive)", "HER2 IHC 2+ with ISH amplification": the
  // scores say which kind of positive (overexpression, amplification or both).
  const namedAlts: string[] = [];
  // "HER2 IHC 3+ or IHC 2+ with ISH amplification": overexpressed or amplified.
  if (g.gene === 'HER2' && (q === 'positive' || q === null || q === 'overexp')) {
    const tail = sentence.slice(g.end, g.end + 100);
    const ish = HER2_ISH_POSITIVE.test(tail);
    // "HER2-low" (IHC 1+, or 2+ without ISH amplification) is expression too.
    if (
      (q === 'positive' && IHC_POSITIVE.test(tail)) ||
      (q === 'overexp' && ish) ||
      HER2_LOW.test(tail)
    )
      namedAlts.push('OVEREXP');
    if (ish) namedAlts.push('AMP');
  }
  // "c-MET positive (IHC 3+ in >= 50% of tumour cells)": positive by IHC is protein expression.
  if (g.gene === 'MET' && q === 'positive' && IHC_POSITIVE.test(sentence.slice(g.end, g.end + 100)))
    namedAlts.push('OVEREXP');
  // "RET gene alteration (fusion or mutation)": the bracket says which kinds of alteration.
  if (q === 'alteration' && namedAlts.length === 0) {
    const kinds = masked.slice(g.end, g.end + SCAN).match(KINDS_IN_BRACKET)?.[1];
    if (kinds) {
      for (const [kq, re] of KIND_WORDS)
        if (re.test(kinds)) namedAlts.push(alterationForQualifier(g.gene, kq) ?? '');
    }
  }
  // "HER2 mutation, amplification or overexpression": each kind in the list is an option.
  const kinds =
    qualifier && q === qualifier && LISTABLE_KINDS.has(qualifier)
      ? [qualifier, ...moreKinds(masked, qualifierEnd)]
      : [q];
  // "ALK rearrangement-negative", "EGFR mutation negative": negatives are gene level.
  const negatedKind =
    qualifier !== null &&
    // "ALK fusion gene negative": the word "gene" may stand before the state.
    // "EGFR mutation: negative", "EGFR mutation (-)", "EGFR mutation status: negative".
    (/^[\s:-]*(?:status[\s:-]*)?(?:genes?[\s-]+)?(?:negativ(?:e|ity)|neg|wild[- ]?type|wildtype)\b/i.test(
      masked.slice(qualifierEnd, qualifierEnd + 20),
    ) ||
      signState(masked.slice(qualifierEnd, qualifierEnd + 20))?.state === 'negative' ||
      // "EGFR M-": a minus sign right after the one-letter kind; after a word it is a suspended
      // hyphen ("amplification- or mutation-positive") or a broken word ("mutation- positive").
      (/^[\s-]*M$/.test(masked.slice(g.end, qualifierEnd)) &&
        /^-(?=[\s,;.)]|$)/.test(masked.slice(qualifierEnd, qualifierEnd + 20))));
  const fromKinds = negatedKind
    ? [null]
    : [...new Set(kinds.map((k) => (k ? alterationForQualifier(g.gene, k) : null)))];
  for (const alteration of namedAlts.length > 0
    ? [...new Set(namedAlts)].map((a) => a || null)
    : fromKinds) {
    mentions.push({
      gene: g.gene,
      alteration,
      kind: 'marker',
      start: g.start,
      end: g.end,
      qualified: q !== null || namedAlts.length > 0,
      carvedOut: false,
      negative: q === 'negative' || negatedKind,
      positive: q === 'positive',
    });
  }
  return mentions;
}

/** KRAS variants with no id of their own (G12A, G13D, Q61H) still require KRAS. */
function krasVariantMentions(sentence: string, genes: GeneSpan[]): Mention[] {
  const mentions: Mention[] = [];
  const kras = genes.find((g) => g.gene === 'KRAS');
  if (kras) {
    // "codon 12, 13 or 61": codons other than 12 have no id either.
    for (const v of allMatches(KRAS_OTHER_VARIANT, sentence)) {
      mentions.push({
        gene: 'KRAS',
        alteration: null,
        kind: 'marker',
        start: v.index!,
        end: v.index! + v[0].length,
        qualified: true,
        carvedOut: false,
        variant: true,
      });
    }
  }
  return mentions;
}

function variantAfterGeneMentions(masked: string, genes: GeneSpan[]): Mention[] {
  const mentions: Mention[] = [];
  // "RET M918T-mutant", "BRAF G469A", "HER2 S310F": a variant with no id of its own names
  // the gene's mutation (BRAF: a non-V600 one; HER2: a mutation). KRAS variants are read above.
  for (const g of genes) {
    if (g.gene === 'KRAS' || g.gene === 'PD-L1') continue;
    const v = masked.slice(g.end, g.end + 20).match(VARIANT_AFTER_GENE);
    if (!v) continue;
    const start = g.end + v[0].length - v[1].length;
    const alteration = g.gene === 'BRAF' ? 'NONV600' : g.gene === 'HER2' ? 'MUT' : null;
    mentions.push({
      gene: g.gene,
      alteration,
      kind: 'marker',
      start,
      end: start + v[1].length,
      qualified: true,
      carvedOut: false,
      variant: alteration === null,
    });
  }
  return mentions;
}

function alterationMentions(
  sentence: string,
  masked: string,
  genes: GeneSpan[],
  alts: AltSpan[],
): Mention[] {
  const mentions: Mention[] = [];
  const exon20Genes = genes.filter((g) => g.gene === 'EGFR' || g.gene === 'HER2');
  for (const a of alts) {
    // "HER2 mutation (exon 19 or exon 20)": a bare exon after another gene is that gene's exon.
    if (
      a.gene === 'EGFR' &&
      a.attachedTo.length === 0 &&
      BARE_EXON.test(sentence.slice(a.start, a.end))
    ) {
      const owner = genes[lastEndingBy(genes, a.start)];
      if (owner && owner.gene !== 'EGFR') continue;
    }
    // "a therapy targeting KRAS G12C": the cue before the gene covers its alteration.
    const cueStart =
      a.attachedTo.length > 0
        ? Math.max(0, genes[lastEndingBy(genes, a.start)]?.start ?? a.start)
        : a.start;
    const therapyBefore = BACKWARD_QUALIFIERS[0][1].test(
      masked.slice(Math.max(0, cueStart - 40), cueStart),
    );
    const owners = a.gene
      ? [a.gene]
      : a.attachedTo.length > 0
        ? a.attachedTo
        : [nearestOwner(exon20Genes, a)];
    const therapy = therapyBefore || THERAPY_AFTER_ALT.test(masked.slice(a.end, a.end + SCAN));
    const carvedOut = /\bnon[- ]?$/i.test(sentence.slice(Math.max(0, a.start - 5), a.start));
    // "T790M-negative", "EGFR T790M mutation negative": the alteration's own state word.
    const after = masked.slice(a.end, a.end + 30);
    const negative =
      ALTERATION_NEGATIVE_AFTER.test(after) || signState(after)?.state === 'negative';
    for (const gene of new Set(owners)) {
      mentions.push({
        gene,
        alteration: a.alteration,
        kind: therapy ? 'therapy' : 'marker',
        start: a.start,
        end: a.end,
        qualified: true,
        carvedOut,
        negative,
      });
    }
  }
  return mentions;
}

function drugMentions(sentence: string): Mention[] {
  const mentions: Mention[] = [];
  for (const { gene, alteration, re } of DRUG_PATTERNS) {
    for (const m of allMatches(re, sentence)) {
      mentions.push({
        gene,
        alteration,
        kind: 'drug',
        start: m.index!,
        end: m.index! + m[0].length,
        qualified: true,
        carvedOut: false,
      });
    }
  }
  return mentions;
}
/**
 * Walks from a gene over list filler and other genes to the first word that says what
 * the gene is about. Alterations of other genes are skipped ("EGFR or KRAS G12C mutations").
 */
function scanForward(
  masked: string,
  g: GeneSpan,
  altAt: Map<number, AltSpan>,
): { qualifier: Qualifier | null; alt: AltSpan | null; end: number } {
  let pos = g.end;
  let crossedList = false;
  for (let guard = 0; guard < 12; guard++) {
    // Bounded look-ahead: filler and qualifiers are short, and a long sentence must not be copied per gene.
    const rest = masked.slice(pos, pos + SCAN);
    const sign = signState(rest);
    if (sign) return { qualifier: sign.state, alt: null, end: pos + sign.length };
    const gap = rest.match(GENE_QUALIFIER_GAP)?.[0] ?? '';
    crossedList ||= /,|\b(?:or|and)\b/i.test(gap);
    pos += gap.length;
    const after = masked.slice(pos, pos + SCAN);
    if (after.startsWith(ALT_MASK)) {
      const alt = altAt.get(pos);
      if (!alt) return { qualifier: null, alt: null, end: pos };
      const belongs =
        alt.gene === g.gene || (alt.gene === null && (g.gene === 'EGFR' || g.gene === 'HER2'));
      if (belongs) return { qualifier: null, alt, end: pos };
      pos = alt.end;
      continue;
    }
    for (const [q, re] of FORWARD_QUALIFIERS) {
      const m = after.match(re);
      if (!m) continue;
      // "(ROS1), or mutation in B-Raf": past the end of the list, the word belongs to the next gene.
      if (
        q !== 'therapy' &&
        crossedList &&
        // Only where a gene follows: "ALK or ROS1 fusion in tumour tissue" keeps the list's kind.
        /^\s+(?:in|of|involving)\s+(?:the\s+)?[\u0001\u0002]/i.test(after.slice(m[0].length))
      )
        return { qualifier: null, alt: null, end: pos };
      return { qualifier: q, alt: null, end: pos + m[0].length };
    }
    return { qualifier: null, alt: null, end: pos };
  }
  return { qualifier: null, alt: null, end: pos };
}

/** An exon 20 insertion with no gene beside it belongs to the closest EGFR/HER2 before it. */
function nearestOwner(exon20Genes: GeneSpan[], a: AltSpan): Gene {
  const i = lastEndingBy(exon20Genes, a.start);
  if (i >= 0) return exon20Genes[i].gene;
  return exon20Genes.find((g) => g.start >= a.end)?.gene ?? 'EGFR';
}

/** The sentence with genes and alterations replaced by mask characters, built in one pass. */
function maskSpans(sentence: string, genes: Span[], alts: Span[]): string {
  if (genes.length === 0 && alts.length === 0) return sentence;
  const spans = [
    ...genes.map((g) => [g.start, g.end, GENE_MASK] as const),
    ...alts.map((a) => [a.start, a.end, ALT_MASK] as const),
  ].sort((x, y) => x[0] - y[0]);
  let out = '';
  let last = 0;
  for (const [s, e, mask] of spans) {
    out += sentence.slice(last, s) + mask.repeat(e - s);
    last = e;
  }
  return out + sentence.slice(last);
}

/** Index of the last span ending at or before pos in spans sorted by position (they do not overlap), or -1. */
function lastEndingBy(spans: Span[], pos: number): number {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid].end <= pos) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}
