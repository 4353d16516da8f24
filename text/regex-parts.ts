/**
 * Builders for the pieces the rule tables are made of. A rule table states its words as
 * lists; these turn a list into a regex alternation, so no rule is ever made by editing
 * another regex's source text.
 */

export function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/**
 * A non-capturing alternation of literal words or phrases, longest first (so "such as"
 * wins over "such"), bounded by word boundaries where the phrase starts or ends with a
 * word character. A space in a phrase matches any run of whitespace.
 *
 * `bounded: false` leaves the boundaries out, for a place whose neighbours already bound
 * every entry (the start of the text or whitespace before, whitespace or punctuation
 * after): V8 takes ~20-100 ms to compile a case-insensitive pattern with such a boundary
 * list inside a repeated group, once per pattern and process.
 */
export function words(list: readonly string[], { bounded = true } = {}): string {
  const parts = [...new Set(list)]
    .sort((a, b) => b.length - a.length)
    .map((w) => {
      const body = escapeRegex(w).replace(/ /g, String.raw`\s+`);
      const pre = bounded && /^\w/.test(w) ? String.raw`\b` : '';
      const post = bounded && /\w$/.test(w) ? String.raw`\b` : '';
      return `${pre}${body}${post}`;
    });
  return `(?:${parts.join('|')})`;
}

/** An alternation of regex sources (already patterns, not literals). */
export function anyOf(patterns: readonly string[]): string {
  return `(?:${patterns.join('|')})`;
}

/**
 * A run of separators and filler words, as ConText scopes are: `(?:SEP|\b(?:w1|w2|...)\b)*`.
 * The word entries are regex fragments ("tumou?rs?"), tried in the order given.
 */
export function chainOf(separators: string, fragments: readonly string[]): string {
  // (?!\w) rather than \b at the end, so entries ending in a full stop ("e.g.", "i.e.") match too.
  return String.raw`(?:${separators}|\b(?:${fragments.join('|')})(?!\w))*`;
}

/** The list without the given entries (a narrower scope for one rule). */
export function without(list: readonly string[], drop: readonly string[]): string[] {
  return list.filter((w) => !drop.includes(w));
}
