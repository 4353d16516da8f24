/**
 * Splits a registry eligibility text into its inclusion and exclusion parts.
 * Registries write "Inclusion Criteria:" / "Exclusion Criteria:" headings in many
 * spellings ("INCLUSION CRITERIA", "Key Inclusion Criteria", "Exclusion criteria -");
 * text before any heading counts as inclusion, the way the registry shows it.
 */

export interface SplitCriteria {
  inclusion: string | null;
  exclusion: string | null;
}

// A heading may carry a bracketed note of any length ("Exclusion Criteria (1st Screening prior to ...):").
const HEADING = /^[\s*#\-]*(?:key\s+|main\s+|general\s+|major\s+)?(inclusion|exclusion|eligibility)(?:\s+criteria|\s+criterion)?\b(?:\s*\([^)\n]{0,300}\))?[^\n:]{0,40}?:?\s*$/gim;

export function splitCriteria(text: string | null | undefined): SplitCriteria {
  if (!text || !text.trim()) return { inclusion: null, exclusion: null };
  const marks: Array<{ kind: 'inclusion' | 'exclusion'; start: number; end: number }> = [];
  for (const m of text.matchAll(HEADING)) {
    const kind = m[1].toLowerCase() === 'exclusion' ? 'exclusion' : 'inclusion';
    marks.push({ kind, start: m.index!, end: m.index! + m[0].length });
  }
  if (marks.length === 0) return { inclusion: tidy(text), exclusion: null };
  const parts: Record<'inclusion' | 'exclusion', string[]> = { inclusion: [], exclusion: [] };
  const lead = text.slice(0, marks[0].start);
  if (lead.trim()) parts.inclusion.push(lead);
  marks.forEach((mark, i) => {
    parts[mark.kind].push(text.slice(mark.end, i + 1 < marks.length ? marks[i + 1].start : text.length));
  });
  return { inclusion: tidy(parts.inclusion.join('\n')), exclusion: tidy(parts.exclusion.join('\n')) };
}

function tidy(s: string): string | null {
  const t = s.replace(/^\s*\n/, '').replace(/\s+$/, '');
  return t.trim() ? t : null;
}
