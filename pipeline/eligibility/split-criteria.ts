/**
 * Splits a registry eligibility text into its inclusion and exclusion parts. Which lines are
 * headings is decided by the rule table in `section-headings.ts`; text before any heading
 * counts as inclusion, the way the registry shows it.
 */
import {
  HEADING_RULES,
  INLINE_HEADING,
  INLINE_HEADING_RULE_ID,
  LEAD_HEADING_RULE_ID,
  LINE_MARKER,
  type SectionKind,
} from './section-headings.js';
import { unflatten } from './unflatten.js';
import { allMatches } from '../../text/matches.js';

export interface SplitCriteria {
  inclusion: string | null;
  exclusion: string | null;
}

/** A heading found in the text, with the rule that recognised it (for tests and --explain). */
export interface Heading {
  kind: SectionKind;
  rule: string;
  /** The heading as written. */
  text: string;
  /** Offsets of the heading in the text; the section's content starts at `end`. */
  start: number;
  end: number;
}

export function splitCriteria(raw: string | null | undefined): SplitCriteria {
  if (!raw || !raw.trim()) return { inclusion: null, exclusion: null };
  const text = unflatten(raw);
  const marks = withoutRedundantLeads(findHeadings(text));
  if (marks.length === 0) return { inclusion: tidy(text), exclusion: null };
  const parts: Record<SectionKind, string[]> = { inclusion: [], exclusion: [] };
  const lead = text.slice(0, marks[0].start);
  if (lead.trim()) parts.inclusion.push(lead);
  marks.forEach((mark, i) => {
    parts[mark.kind].push(
      text.slice(mark.end, i + 1 < marks.length ? marks[i + 1].start : text.length),
    );
  });
  return {
    inclusion: tidy(parts.inclusion.join('\n')),
    exclusion: tidy(parts.exclusion.join('\n')),
  };
}

/**
 * A lead sentence stands for the exclusion heading only where the text has none of its own:
 * beside a real "Exclusion Criteria" heading it restates it, or heads a list inside a section.
 */
function withoutRedundantLeads(marks: Heading[]): Heading[] {
  const hasHeading = marks.some((m) => m.kind === 'exclusion' && m.rule !== LEAD_HEADING_RULE_ID);
  return hasHeading ? marks.filter((m) => m.rule !== LEAD_HEADING_RULE_ID) : marks;
}

/** Every section heading of the text, in order. */
export function findHeadings(text: string): Heading[] {
  const out: Heading[] = [];
  let offset = 0;
  for (const line of text.split('\n')) {
    const heading = readHeadingLine(line, offset);
    if (heading) {
      out.push(heading);
      // "Inclusion Criteria: Adults with NSCLC. Exclusion Criteria: ..." on one line.
      const from = heading.end - offset;
      out.push(...inlineHeadings(line.slice(from), heading.end));
    } else out.push(...inlineHeadings(line, offset));
    offset += line.length + 1;
  }
  return out;
}

/**
 * Every heading rule needs one of these words (section-headings.ts), and unescaping only
 * drops backslashes before punctuation, so a line without one is no heading: most lines
 * are criteria, and this skips six patterns for each of them.
 */
const HEADING_WORD =
  /inclusion|exclusion|eligib|exclud|enrol|include|qualify|participate|take part/i;

/** The heading a whole line is, if it is one. */
export function readHeadingLine(line: string, offset = 0): Heading | null {
  if (!HEADING_WORD.test(line)) return null;
  // Registry text escapes markdown ("4\.2 Exclusion Criteria"); headings are read unescaped.
  const plain = line.replace(/\\([.*_#\-+()[\]])/g, '$1');
  const marker = plain.match(LINE_MARKER)?.[0] ?? '';
  const body = plain
    .slice(marker.length)
    .trim()
    .replace(/^(?:\*\*|__)|(?:\*\*|__)(?=\s*:?\s*$)/g, '')
    .trim();
  if (!body || body.length > 320) return null;
  for (const rule of HEADING_RULES) {
    const m = body.match(rule.pattern);
    if (!m) continue;
    if (rule.plainLineOnly && marker.trim()) continue;
    if (rule.opens === null) return null;
    // A rule opens a fixed section ("Ineligibility:") or the one its keyword names.
    const kind: SectionKind =
      rule.opens !== 'keyword'
        ? rule.opens
        : m.groups?.kw?.toLowerCase() === 'exclusion'
          ? 'exclusion'
          : 'inclusion';
    // Text after the heading on the same line belongs to the section it opens.
    const rest = m.groups?.rest?.trim() ?? '';
    const at = rest ? line.lastIndexOf(rest.slice(0, 12)) : -1;
    const end = offset + (at >= 0 ? at : line.length);
    return { kind, rule: rule.id, text: line.trim(), start: offset, end };
  }
  return null;
}

function inlineHeadings(line: string, offset: number): Heading[] {
  const out: Heading[] = [];
  for (const m of allMatches(INLINE_HEADING, line)) {
    out.push({
      kind: m.groups!.kw.toLowerCase() === 'exclusion' ? 'exclusion' : 'inclusion',
      rule: INLINE_HEADING_RULE_ID,
      text: m[0],
      start: offset + m.index!,
      end: offset + m.index! + m[0].length,
    });
  }
  return out;
}

function tidy(s: string): string | null {
  // Text that followed its heading on the same line loses the space after the colon.
  const t = s
    .replace(/^[ \t]+(?=\S)/, '')
    .replace(/^\s*\n/, '')
    .replace(/\s+$/, '');
  return t.trim() ? t : null;
}
