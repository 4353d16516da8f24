/**
 * Named post-rules over one sentence's decided markers: after ConText has given each marker
 * its requirement, the structure of the sentence says which rows are not requirements of their
 * own. Each rule names the construct it reads; positions are precomputed so a sentence with
 * hundreds of mentions stays near-linear.
 */
import { coveredBy, type BiomarkerScope, type Requirement } from '../../domain/biomarkers.js';
import { openBrackets } from '../../text/brackets.js';
import type { Mention } from './mentions.js';
import { NOT_SENSITIZING } from './lexicon.js';
import { sensitisingClass } from './sensitising.js';
import { allMatches } from '../../text/matches.js';

export interface Decided {
  mention: Mention;
  requirement: Requirement;
  reason: string;
  rules: string[];
  scope: BiomarkerScope;
}

type Rule = (d: Decided) => boolean;

/** What stands for the EGFR sensitising class where an alteration id would (it is five of them). */
const SENSITISING_CLASS_KEY = 'EGFR_SENSITISING_CLASS';

/** "the L858R or exon 19 deletion activating EGFR mutation": only qualifiers between the alterations and their gene. */
const HEAD_NOUN_GAP =
  /^[\s-]*(?:(?:activating|sensiti[sz]ing|common|classical|driver|oncogenic|somatic|known)\s+)*$/i;
const WILD_TYPE_AFTER = /^[\s-]*(?:wild[- ]?type|wildtype|WT)\b/i;

/** Index of the first value >= x in an ascending array (binary search). */
export function firstAtOrAfter(sorted: number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const key = (d: Decided) => `${d.mention.gene}|${d.requirement}`;
const isAlteration = (d: Decided) => d.mention.kind === 'marker' && d.mention.alteration !== null;

function pushAt<T>(map: Map<string, T[]>, k: string, v: T): void {
  map.set(k, [...(map.get(k) ?? []), v]);
}

export function sentencePostRules(
  text: string,
  mentions: Mention[],
  decided: Decided[],
  exampleCue: RegExp,
): { eitherState: Rule; exampleOfGene: Rule; specifiedGene: Rule; repeatsGene: Rule } {
  const cues = allMatches(exampleCue, text).map((c) => c.index!);
  const cueBetween = (from: number, to: number) => {
    const i = firstAtOrAfter(cues, from);
    return i < cues.length && cues[i] < to;
  };
  return {
    eitherState: eitherStateRule(text, decided),
    exampleOfGene: examplesRule(decided, cueBetween),
    specifiedGene: specifiedRule(text, mentions, decided, cueBetween),
    repeatsGene: repeatedGeneRule(text, decided),
  };
}

/**
 * "ALK-positive NSCLC by an approved test (Vysis ALK Break Apart FISH)", "HER2-mutant NSCLC
 * (a mutation in the HER2 kinase domain)": a bare gene name after the same gene was stated with
 * an alteration refers back to it (an assay, a domain, a test) and is no option of its own.
 */
function repeatedGeneRule(text: string, decided: Decided[]): Rule {
  const firstSpecific = new Map<string, number>();
  for (const o of decided)
    if (isAlteration(o) && o.mention.end < (firstSpecific.get(key(o)) ?? Infinity))
      firstSpecific.set(key(o), o.mention.end);
  // Inside brackets opened after the stated alteration; "... or other drivers in EGFR, ALK" is an option.
  const inAsideAfter = (from: number, at: number) => openBrackets(text.slice(from, at)) > 0;
  return (d) => {
    const after = firstSpecific.get(key(d));
    return (
      after !== undefined &&
      d.mention.kind === 'marker' &&
      !d.mention.qualified &&
      d.mention.alteration === null &&
      d.mention.gene !== 'PD-L1' &&
      d.mention.start > after &&
      (inAsideAfter(after, d.mention.start) ||
        NAMES_AN_ASSAY.test(text.slice(d.mention.end, d.mention.end + 40)))
    );
  };
}

/** "the therascreen KRAS RGQ PCR kit": the gene inside a test's product name. */
const NAMES_AN_ASSAY =
  /^[\s\w()-]{0,20}?\b(?:kits?|assays?|tests?|CDx|PCR|FISH|IHC|immunohistochemistry|probes?|panels?|break[- ]apart)\b/i;

/**
 * A gene named before its specific alterations ("EGFR mutation (exon 19 deletion or L858R)")
 * is specified by them; the gene-level row would widen the requirement. So is a broader
 * alteration before one it covers ("KRAS mutation at codon 12 (G12C)"). One named after them
 * ("ALK rearrangement or activating ALK mutation") is a second option. Only alterations that
 * follow it directly, with no other gene or example cue between, specify it; so does an
 * alteration written just before the gene as its modifier ("L858R-mutant EGFR").
 */
function specifiedRule(
  text: string,
  mentions: Mention[],
  decided: Decided[],
  cueBetween: (from: number, to: number) => boolean,
): Rule {
  const starts = mentions.map((m) => m.start);
  // runEnd[i]: index of the first mention from i on whose gene differs from mentions[i]'s.
  const runEnd = new Array<number>(mentions.length + 1).fill(mentions.length);
  for (let i = mentions.length - 2; i >= 0; i--)
    runEnd[i] = mentions[i + 1].gene !== mentions[i].gene ? i + 1 : runEnd[i + 1];
  const otherGeneEndAfter = (a: Mention) => {
    const p = firstAtOrAfter(starts, a.end + 1);
    const j = p < mentions.length && mentions[p].gene === a.gene ? runEnd[p] : p;
    return j < mentions.length ? mentions[j].end : Infinity;
  };
  const altStarts = new Map<string, number[]>();
  const altEnds = new Map<string, number[]>();
  const altIdAt = new Map<string, string>();
  const sensitizing = (m: Mention) => m.gene === 'EGFR' && sensitisingClass(text, m);
  // The class written out later ("EGFRm+ NSCLC harbouring an EGFR mutation known to be
  // associated with TKI sensitivity") specifies a gene-level mention as its alterations would.
  const specific = decided.filter(
    (o) =>
      isAlteration(o) ||
      (o.mention.kind === 'marker' && !o.mention.negative && sensitizing(o.mention)),
  );
  for (const o of specific) {
    pushAt(altStarts, key(o), o.mention.start);
    pushAt(altEnds, key(o), o.mention.end);
    altIdAt.set(`${key(o)}|${o.mention.start}`, o.mention.alteration ?? SENSITISING_CLASS_KEY);
  }
  // The nearest later alteration is the only candidate: a cue or another gene before it is also before any later one.
  const later = (d: Decided) => {
    const s = altStarts.get(key(d)) ?? [];
    const next = s[firstAtOrAfter(s, d.mention.start + 1)];
    if (
      next === undefined ||
      otherGeneEndAfter(d.mention) < next ||
      cueBetween(d.mention.end, next)
    )
      return false;
    const nextId = altIdAt.get(`${key(d)}|${next}`) ?? '';
    // A broader alteration ("KRAS codon 12 (G12C)") is specified only by one it covers.
    const broad = d.mention.alteration;
    if (broad !== null) return coveredBy(d.mention.gene, broad).slice(1).includes(nextId);
    return !(sensitizing(d.mention) && NOT_SENSITIZING[d.mention.gene]?.includes(nextId));
  };
  // Only the nearest alteration of the same gene and requirement before it can be its modifier.
  const before = (d: Decided) => {
    const ends = altEnds.get(key(d)) ?? [];
    const i = firstAtOrAfter(ends, d.mention.start + 1) - 1;
    return (
      i >= 0 &&
      d.mention.start - ends[i] <= 40 &&
      HEAD_NOUN_GAP.test(text.slice(ends[i], d.mention.start))
    );
  };
  return (d) => later(d) || before(d);
}

/**
 * "EGFR mutations (e.g. exon 19 deletion, L858R)": examples of a gene-level requirement add
 * nothing; nor do examples of a broader alteration ("HER2 activating mutation, including exon
 * 20 insertions"). The earliest gene-level mention before it is the only candidate: its span to
 * the alteration holds any cue a later one's does.
 */
function examplesRule(decided: Decided[], cueBetween: (from: number, to: number) => boolean): Rule {
  const firstGeneLevel = new Map<string, Mention>();
  const firstCovering = new Map<string, Mention>();
  const keepFirst = (map: Map<string, Mention>, k: string, m: Mention) => {
    const f = map.get(k);
    if (!f || m.start < f.start) map.set(k, m);
  };
  for (const o of decided) {
    if (o.mention.alteration === null) keepFirst(firstGeneLevel, key(o), o.mention);
    if (!isAlteration(o)) continue;
    for (const narrow of coveredBy(o.mention.gene, o.mention.alteration!).slice(1))
      keepFirst(firstCovering, `${key(o)}|${narrow}`, o.mention);
  }
  const exampleAfter = (head: Mention | undefined, m: Mention) =>
    head !== undefined && head.start < m.start && cueBetween(head.end, m.start);
  return (d) =>
    isAlteration(d) &&
    (exampleAfter(firstGeneLevel.get(key(d)), d.mention) ||
      exampleAfter(firstCovering.get(`${key(d)}|${d.mention.alteration}`), d.mention));
}

/**
 * "HR+/HER2- or HER2+ breast cancer", "EGFR wild-type or mutant": a sentence that accepts both
 * states of a marker requires neither. "KRAS G12C mutation, or KRAS wild-type": a wild-type gene
 * beside one of its own alterations of the opposite requirement is the other state of it.
 */
function eitherStateRule(text: string, decided: Decided[]): Rule {
  const markers = decided.filter((d) => d.mention.kind === 'marker');
  // The states of one tumour's marker: "colorectal cancer must be RAS wild-type; NSCLC must
  // have KRAS G12C" accepts one state for each tumour, not both for lung.
  const gene = (d: Decided) => `${d.scope}|${d.mention.gene}`;
  const key = (d: Decided) => `${gene(d)}|${d.mention.alteration ?? ''}`;
  const states = new Map<string, Set<Requirement>>();
  for (const d of markers) {
    if (d.mention.gene === 'PD-L1') continue;
    states.set(key(d), (states.get(key(d)) ?? new Set()).add(d.requirement));
  }
  const wildType = new Map<string, Requirement>();
  for (const d of markers)
    if (
      d.mention.alteration === null &&
      WILD_TYPE_AFTER.test(text.slice(d.mention.end, d.mention.end + 20))
    )
      wildType.set(gene(d), d.requirement);
  const altOpposite = new Set(
    markers
      .filter((d) => d.mention.alteration !== null)
      .filter((d) => (wildType.get(gene(d)) ?? d.requirement) !== d.requirement)
      .map(gene),
  );
  return (d) =>
    d.mention.kind === 'marker' && (states.get(key(d))?.size === 2 || altOpposite.has(gene(d)));
}
