/**
 * From the cues that reach a marker to a requirement: the section gives the direction
 * (inclusion: required, exclusion: excluded), and the categories of the cues change it. The
 * order below is the whole policy; each step names the rule ids behind the outcome.
 */
import type { BiomarkerScope, Requirement } from '../../../domain/biomarkers.js';
import type { Mention } from '../mentions.js';
import type { Category, ContextRule } from './rules.js';
import { CONTEXT_RULES, TUMOUR_RULES } from './rules.js';
import { findCues, type Cue, type Hit } from './engine.js';
import { phraseTokens, tokenize, wordMatches } from './tokens.js';

export type Section = 'inclusion' | 'exclusion' | 'title' | 'conditions' | 'keywords';

export interface Polarity {
  requirement: Requirement | null;
  /** Ids of the rules behind the outcome, in the order they were weighed. */
  rules: string[];
  scope: BiomarkerScope;
  /** The section, then the rule ids (the eval's --explain). */
  reason: string;
  /** Every modifier rule whose scope reached the marker (the eval counts firings). */
  fired: string[];
}

/** Categories that make a marker gate nothing, whatever else reaches it. */
const NO_GATE: Category[] = ['conditional', 'prior-therapy', 'not-gating'];
/** The ids a hit may carry for the rows a predicate picks: the row's own and its header form. */
function rowIds(pick: (r: ContextRule) => boolean | undefined): Set<string> {
  return new Set(CONTEXT_RULES.filter((r) => pick(r)).flatMap((r) => [r.id, `${r.id}(header)`]));
}

/** A row property listing sections, by the ids a hit may carry. */
function sectionsByRow(
  get: (r: ContextRule) => Array<'inclusion' | 'exclusion'> | undefined,
): Map<string, Section[]> {
  return new Map(
    CONTEXT_RULES.flatMap((r) => {
      const sections = get(r);
      return sections ? [[r.id, sections] as const, [`${r.id}(header)`, sections] as const] : [];
    }),
  );
}

/** Rows whose cue reads a therapy's targets as markers (a therapy "not indicated"). */
const TARGET_READERS = rowIds((r) => r.readsTherapyTargets);
/** Rows that reach only a therapy's targets (a marker they reach is not cued). */
const THERAPY_ONLY = rowIds((r) => r.therapyOnly);
/** Not-gating rows that a stated state or a negation overrides ("wild-type or unknown"). */
const YIELDS_TO_STATE = rowIds((r) => r.yieldsToState);
/** Negation rows that restate a section instead of flipping it, by section. */
const RESTATES_IN = sectionsByRow((r) => r.restatesIn);
/** The sections each row counts in, for the rows limited to some. */
const ROW_SECTIONS = sectionsByRow((r) => r.sections);
const countsHere = (h: Hit, section: Section, kind: DecideInput['kind']) =>
  (ROW_SECTIONS.get(h.rule)?.includes(section) ?? true) &&
  (kind === 'therapy' || !THERAPY_ONLY.has(h.rule));
/** Sections that describe the trial rather than state criteria. */
const DESCRIPTIVE: Section[] = ['title', 'conditions', 'keywords'];

/** What decide reads of a marker: a gene's mention, or a class of drivers (gene null). */
export type DecideInput = Pick<Mention, 'kind' | 'carvedOut' | 'negative' | 'positive'> & {
  gene: Mention['gene'] | null;
};

export function decide(
  m: DecideInput,
  reached: Hit[],
  section: Section,
  trialTumour: string | null,
): Polarity {
  const hits = reached.filter((h) => countsHere(h, section, m.kind));
  const fired = (c: Category) => hits.filter((h) => h.category === c).map((h) => h.rule);
  const result = (
    requirement: Requirement | null,
    rules: string[],
    scope: BiomarkerScope = 'lung',
  ) => ({
    requirement,
    rules,
    scope,
    reason: [section, ...rules].join(', '),
    fired: [...new Set(hits.map((h) => h.rule.replace(/\(header\)$/, '')))],
  });
  // A therapy ruled out reads its targets as the markers (not a drug: "osimertinib is not
  // indicated" names no marker of the patient's).
  const targetsRead = m.kind === 'therapy' && hits.some((h) => TARGET_READERS.has(h.rule));
  if (m.kind !== 'marker' && !targetsRead) return result(null, [`prior-therapy.${m.kind}-mention`]);
  // A title, condition or keyword names who the trial is for: "Sotorasib for patients with
  // KRAS G12C NSCLC" states no condition on the marker.
  const gates = NO_GATE.filter(
    (c) =>
      !(c === 'conditional' && DESCRIPTIVE.includes(section)) &&
      !(c === 'prior-therapy' && targetsRead),
  );
  // A known state beside "or unknown" or "if known" is the one that gates; so is ruling out.
  const stated =
    m.negative || m.positive || fired('negated').length > 0 || fired('ruled-out').length > 0;
  const gating = (c: Category) =>
    hits
      .filter((h) => h.category === c && !(stated && YIELDS_TO_STATE.has(h.rule)))
      .map((h) => h.rule);
  for (const c of gates) if (gating(c).length > 0) return result(null, gating(c));
  const negations = fired('negated');
  if (m.negative && m.gene !== 'PD-L1') negations.push('negation.marker-state');
  // "without EGFR and ALK testing": a negation before markers naming a test negates the test.
  const testNamed = hits.some((h) => h.rule === 'testing.test-noun' && h.after && h.distance <= 1);
  const negatesTest =
    testNamed &&
    !m.negative &&
    !m.positive &&
    hits.every((h) => h.category !== 'negated' || !h.after);
  if (negatesTest && fired('negated').length > 0) return result(null, fired('testing'));
  // A test or status named beside a gate does not lift the gate ("no known ALK (testing
  // optional)"), nor beside a stated result ("documented ALK-positive status").
  if (fired('testing').length > 0 && negations.length === 0 && !m.positive)
    return result(null, fired('testing'));
  // "Patients with X are excluded" says the same in either section.
  const ruledOut = fired('ruled-out');
  // An obligation among the exclusion criteria states what is required, as in the inclusion.
  const excludes = section === 'exclusion' && fired('obligation').length === 0;
  const base: Requirement = excludes || ruledOut.length > 0 ? 'excluded' : 'required';
  // Several cues on one marker are one negation ("no known ... not allowed"), and so is a cue
  // beside the marker's own state: it restates it ("EGFR-negative or unknown", "ALK-negative
  // ... directed therapy is not indicated"). Ruling out is the base, not a flip: "EGFR
  // wild-type patients are excluded" still requires EGFR.
  const flips = fired('negated').filter((r) => !RESTATES_IN.get(r)?.includes(section));
  const negated = flips.length > 0 || (m.negative && m.gene !== 'PD-L1');
  let requirement: Requirement = negated ? opposite(base) : base;
  negations.push(...ruledOut);
  const carve = [...fired('carve'), ...(m.carvedOut ? ['carve.non-prefix'] : [])];
  if (carve.length > 0) {
    // An exception inside an exclusion, or carved from what a negation rules out, only
    // re-admits; inside a requirement it is the other state.
    const readmits = hits.some((h) => h.category === 'carve' && h.fromNegated);
    if (section === 'exclusion' || readmits) return result(null, [...negations, ...carve]);
    requirement = opposite(requirement);
  }
  const tumour = tumourOf(hits, trialTumour);
  return result(requirement, [...negations, ...carve, ...tumour.rules], tumour.scope);
}

const opposite = (r: Requirement): Requirement => (r === 'required' ? 'excluded' : 'required');

/**
 * A lung term reaching the marker keeps it a lung requirement, unless another tumour's name
 * follows the marker directly ("HER2-positive breast cancer"); else another tumour's term;
 * else a list header's tumour; else the trial's own tumour when it names no lung tumour.
 */
function tumourOf(
  hits: Hit[],
  trialTumour: string | null,
): { scope: BiomarkerScope; rules: string[] } {
  // "Any solid tumour with KRAS G12C other than NSCLC": a lung term the text carves out leaves
  // the marker to the other tumours.
  const carvedLung = hits.find(
    (h) => h.category === 'lung-tumour' && h.carved && h.distance < 1000,
  );
  if (carvedLung) return other(`${carvedLung.rule}(carved out)`);
  const near = hits.filter((h) => h.distance < 1000 && !h.carved);
  const pick = (list: Hit[]) => {
    // "breast (TNBC, HER2-negative), NSCLC": the tumour whose bracket holds the marker.
    const owner = list.find((h) => h.aside);
    if (owner) return owner.category === 'other-tumour' ? owner : null;
    const other = list.filter((h) => h.category === 'other-tumour');
    const lung = list.filter((h) => h.category === 'lung-tumour');
    // "HER2-positive breast cancer": the tumour noun the marker is written before, unless it
    // starts a list that names lung too ("TrkA-driven HNC, oesophageal, lung ... cancers"); a
    // lung term with a marker of its own is another list item ("HER2-negative breast cancer or
    // EGFR-mutant NSCLC").
    // Not across a list joiner: "NSCLC with KRAS G12C, or colorectal cancer with BRAF V600E".
    const headNoun = other.find((h) => h.after && h.distance <= 2 && !h.acrossList);
    if (headNoun && !lung.some((l) => l.after && !l.pastMarker)) return headNoun;
    // "NSCLC with KRAS G12C, or colorectal cancer with BRAF V600E": the tumour the marker's phrase
    // hangs on, when each lung term is another list item with a marker of its own.
    const hangsOn = other.find((h) => !h.after && !h.acrossList && h.distance <= 3);
    if (hangsOn && lung.length > 0 && lung.every((l) => l.ownItem)) return hangsOn;
    if (lung.length > 0) return null;
    return other.sort((a, b) => a.distance - b.distance)[0] ?? undefined;
  };
  const inSentence = pick(near);
  if (inSentence !== undefined) return inSentence ? other(inSentence.rule) : LUNG;
  const inHeader = pick(hits.filter((h) => h.distance >= 1000));
  if (inHeader !== undefined) return inHeader ? other(inHeader.rule) : LUNG;
  return trialTumour ? other(`${trialTumour} (trial diagnosis)`) : LUNG;
}

const LUNG = { scope: 'lung' as const, rules: [] };
const other = (rule: string) => ({
  scope: 'other_tumour' as const,
  rules: [`scope.other-tumour:${rule}`],
});

const TUMOUR_PHRASES = TUMOUR_RULES.flatMap((r) =>
  r.words.map((w) => ({ id: r.id, lung: r.category === 'lung-tumour', words: phraseTokens(w) })),
);

/** The first tumour term a text names (lung terms first when `lung` is asked), or null. */
export function tumourNamedIn(text: string, lung: boolean): string | null {
  const tokens = tokenize(text);
  let pseudo: Cue[] | undefined;
  // "Kirsten rat sarcoma viral oncogene (KRAS)": a tumour word inside a gene's name names no
  // tumour. The pseudo cues are found once, and only for a text that names a tumour.
  const inPseudoCue = (i: number) =>
    (pseudo ??= findCues(tokens).filter((c) => c.rule.direction === 'pseudo')).some(
      (c) => c.from <= i && i <= c.to,
    );
  for (const p of TUMOUR_PHRASES) {
    if (p.lung !== lung) continue;
    for (let i = 0; i + p.words.length <= tokens.length; i++)
      if (p.words.every((w, k) => wordMatches(w, tokens[i + k])) && !inPseudoCue(i)) return p.id;
  }
  return null;
}

const DIAGNOSIS_STATEMENT =
  /\b(?:histolog\w*|cytolog\w*|patholog\w*|confirmed|diagnos\w*|proven|documented)\b/i;
/** Other tumours named as history or a second cancer say nothing about the trial's own. */
const NOT_OWN_TUMOUR = /\b(?:history|prior|previous|other|second|another|malignanc(?:y|ies))\b/i;

export interface TrialTumourInput {
  conditions: readonly string[];
  titles: readonly string[];
  /** The inclusion criteria, one statement each. */
  inclusion: readonly string[];
}

/**
 * The trial's own tumour when its conditions, titles and diagnosis criteria name only other
 * tumours and nothing names lung or all solid tumours: its markers qualify that tumour.
 */
export function trialTumour(input: TrialTumourInput): string | null {
  if (
    [...input.conditions, ...input.titles, ...input.inclusion].some((t) => tumourNamedIn(t, true))
  )
    return null;
  const own = [
    ...input.conditions,
    ...input.titles,
    ...input.inclusion.filter((t) => DIAGNOSIS_STATEMENT.test(t) && !NOT_OWN_TUMOUR.test(t)),
  ];
  for (const t of own) {
    const id = tumourNamedIn(t, false);
    if (id) return id;
  }
  return null;
}
