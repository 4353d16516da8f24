/**
 * Tokens with offsets for the ConText engine. The input is the sentence with genes and
 * alterations masked (`findMentions`), so a marker name is one `target` token and never a cue.
 * Hyphens and dashes are separators, so "wild-type" and "wild type" are the same two words.
 */
import { allMatches } from '../../../text/matches.js';

export type TokenKind = 'word' | 'punct' | 'target';

export interface Token {
  /** Lower-cased word, the punctuation character, or '#' for a masked marker. */
  text: string;
  kind: TokenKind;
  start: number;
  end: number;
}

const TOKEN = /[\u0001\u0002]+|[\p{L}\p{N}]+(?:'[\p{L}]+)?|[^\s\p{L}\p{N}\-–—‐]/gu;

export function tokenize(masked: string): Token[] {
  const out: Token[] = [];
  for (const m of allMatches(TOKEN, masked)) {
    const raw = m[0];
    const start = m.index!;
    const kind: TokenKind = /^[\u0001\u0002]/.test(raw)
      ? 'target'
      : /^[\p{L}\p{N}]/u.test(raw)
        ? 'word'
        : 'punct';
    out.push({
      text: kind === 'target' ? '#' : raw.toLowerCase(),
      kind,
      start,
      end: start + raw.length,
    });
  }
  return out;
}

/** A cue phrase as the token texts it must match; a trailing '*' on a word matches any ending. */
export function phraseTokens(phrase: string): string[] {
  return tokenize(phrase.replace(/\*/g, 'zzstarzz')).map((t) =>
    t.text.endsWith('zzstarzz') ? `${t.text.slice(0, -8)}*` : t.text,
  );
}

export function wordMatches(pattern: string, token: Token): boolean {
  if (token.kind === 'target') return false;
  return pattern.endsWith('*')
    ? token.text.startsWith(pattern.slice(0, -1))
    : token.text === pattern;
}
