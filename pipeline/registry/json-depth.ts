/**
 * Nesting depth of a JSON text, measured before parsing. V8's JSON.parse accepts any
 * depth, but everything after it (canonical hashing, mapping, structured clone) recurses,
 * so one 10 KB line of `[[[[...` would overflow the stack and abort a whole import.
 * Registry records nest about ten levels deep; anything past the limit is not a record.
 */

/** Deepest nesting a registry record may have; real v2/v1 studies stay under 12. */
export const MAX_RECORD_DEPTH = 64;

/** True when brackets in `text` (outside strings) nest deeper than `max`. */
export function jsonNestingExceeds(text: string, max: number = MAX_RECORD_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
