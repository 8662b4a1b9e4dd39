import { describe, expect, it } from 'vitest';
import { textTokens, wordRule } from './word-match.js';

describe('textTokens', () => {
  it('splits text into the words PostgreSQL sees: letters and digits of any script, and underscores', () => {
    expect(textTokens("o'brien st. pete_r åsa 33901-1234 abyc/nmea")).toEqual(['o', 'brien', 'st', 'pete_r', 'åsa', '33901', '1234', 'abyc', 'nmea']);
    expect(textTokens('fl fl fl')).toEqual(['fl']);
    expect(textTokens(' - ')).toEqual([]);
  });
});

describe('wordRule', () => {
  it('finds a word made of word characters by prefix, and one- and two-letter words whole', () => {
    expect(wordRule('lauder')).toEqual({ kind: 'prefix', token: 'lauder' });
    expect(wordRule('fl')).toEqual({ kind: 'equal', token: 'fl' });
    expect(wordRule('åsa')).toEqual({ kind: 'prefix', token: 'åsa' });
    expect(wordRule('port_t')).toEqual({ kind: 'prefix', token: 'port_t' });
  });

  it('confirms a word with other characters on the text, as the database regex does', () => {
    const rule = wordRule("o'b");
    if (rule.kind !== 'verify') throw new Error(`expected verify, got ${rule.kind}`);
    expect(rule.token).toBe('o');
    expect(rule.pattern.test("jean o'brien")).toBe(true);
    expect(rule.pattern.test("jean xo'brien")).toBe(false);
    expect(rule.pattern.test('jean o brien')).toBe(false);
  });

  it('keeps regex characters literal', () => {
    const rule = wordRule('st.');
    if (rule.kind !== 'verify') throw new Error(`expected verify, got ${rule.kind}`);
    expect(rule.pattern.test('st. petersburg')).toBe(true);
    expect(rule.pattern.test('stx petersburg')).toBe(false);
    const percent = wordRule('100%');
    if (percent.kind !== 'verify') throw new Error(`expected verify, got ${percent.kind}`);
    expect(percent.pattern.test('100% sure')).toBe(true);
  });

  it('matches a short word with other characters only as a whole word', () => {
    const rule = wordRule('a-');
    if (rule.kind !== 'verify') throw new Error(`expected verify, got ${rule.kind}`);
    // PostgreSQL's \M needs a word character before it, so 'a-' (two characters, matched whole) finds nothing.
    expect(rule.pattern.test('a-b')).toBe(false);
    expect(rule.pattern.test('a- b')).toBe(false);
  });

  it('finds nothing for a word that cannot start a word', () => {
    expect(wordRule("'s")).toEqual({ kind: 'none' });
    expect(wordRule('-1')).toEqual({ kind: 'none' });
  });
});
