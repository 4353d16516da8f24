import { describe, expect, it } from 'vitest';
import { allMatches } from '../../text/matches.js';

const summary = (ms: RegExpMatchArray[]) => ms.map((m) => [m.index, m[0], ...m.slice(1)]);

describe('allMatches', () => {
  it('gives what matchAll gives, groups and indexes included', () => {
    const re = /\b(EGFR|ALK)(?:\s+(fusion|mutation))?/gi;
    const text = 'EGFR mutation, alk fusion or EGFR; not eGFR-x ALK';
    expect(summary(allMatches(re, text))).toEqual(summary([...text.matchAll(re)]));
  });

  it('moves past empty matches as matchAll does, by code point under /u', () => {
    for (const re of [/x*/g, /(?=a)/g, /x*/gu]) {
      const text = 'ab😀xa';
      expect(summary(allMatches(re, text))).toEqual(summary([...text.matchAll(re)]));
    }
  });

  it('starts from the beginning whatever lastIndex was, and leaves it at 0', () => {
    const re = /a/g;
    re.lastIndex = 2;
    expect(allMatches(re, 'aaa').map((m) => m.index)).toEqual([0, 1, 2]);
    expect(re.lastIndex).toBe(0);
  });

  it('refuses a regex without the g flag, as matchAll does', () => {
    expect(() => allMatches(/a/, 'a')).toThrow(TypeError);
  });
});
