/**
 * Every match of a global regex in a text, as `String.prototype.matchAll` gives them.
 * matchAll copies the regex on each call (to leave its lastIndex alone): over the
 * extractor's ~36 marker patterns and ~265,000 sentences of a full build that copy cost
 * ~5x what the matching did (bench/README.md, "Pipeline, 2026-11-28"). This runs the
 * regex itself from lastIndex 0 and leaves lastIndex at 0, so it suits module-level
 * patterns read by one caller at a time (JavaScript's one thread).
 */
export function allMatches(re: RegExp, text: string): RegExpExecArray[] {
  if (!re.global) throw new TypeError(`allMatches needs a global regex: /${re.source}/${re.flags}`);
  const found: RegExpExecArray[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    found.push(m);
    // As matchAll does: an empty match moves on by one character (a code point with /u, /v).
    if (m[0].length === 0)
      re.lastIndex = nextIndex(text, re.lastIndex, re.unicode || re.flags.includes('v'));
  }
  return found;
}

function nextIndex(text: string, index: number, unicode: boolean): number {
  if (!unicode || index + 1 >= text.length) return index + 1;
  const high = text.charCodeAt(index);
  const low = text.charCodeAt(index + 1);
  const pair = high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff;
  return pair ? index + 2 : index + 1;
}
