import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { searchWords, specialtiesMatching, wordPattern } from './search-terms.js';

describe('searchWords', () => {
  it("splits 'city, state' and free text into lower-case words", () => {
    expect(searchWords('Fort Lauderdale, FL')).toEqual(['fort', 'lauderdale', 'fl']);
    expect(searchWords('  yamaha   outboard ')).toEqual(['yamaha', 'outboard']);
    expect(searchWords('')).toEqual([]);
    expect(searchWords(undefined)).toEqual([]);
  });

  it('keeps wildcard and quote characters as text', () => {
    expect(searchWords("100% o'neil_x")).toEqual(['100%', "o'neil_x"]);
  });

  it('caps the number of words', () => {
    expect(searchWords('a b c d e f g h i j k')).toHaveLength(8);
  });
});

describe('wordPattern', () => {
  it('matches a word prefix, and short words only whole', () => {
    const matches = (word: string, text: string) => {
      // PostgreSQL's \m and \M are word starts and ends; \b stands in for both in JavaScript.
      const js = wordPattern(word).replace(/\\m|\\M/g, '\\b');
      return new RegExp(js).test(text);
    };
    expect(matches('lauder', 'fort lauderdale fl')).toBe(true);
    expect(matches('fl', 'fort lauderdale fl 33301')).toBe(true);
    expect(matches('fl', 'floyd harbor newport ri')).toBe(false);
    expect(matches('dale', 'fort lauderdale')).toBe(false);
  });

  it('escapes every regex character so user text stays literal', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 3 }), (word) => {
        const pattern = wordPattern(word).replace(/^\\m/, '');
        expect(new RegExp(`^${pattern}$`).test(word)).toBe(true);
      }),
    );
  });
});

describe('specialtiesMatching', () => {
  it('finds specialties by the words of their labels', () => {
    expect(specialtiesMatching('sails')).toEqual(['rigging']);
    expect(specialtiesMatching('engine')).toEqual(['engines']);
    expect(specialtiesMatching('electr')).toEqual(['electronics', 'electrical']);
    expect(specialtiesMatching('zzz')).toEqual([]);
  });
});
