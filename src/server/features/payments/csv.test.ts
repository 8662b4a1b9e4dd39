import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.js';

describe('toCsv', () => {
  it('quotes what needs quoting and keeps negative amounts as numbers', () => {
    expect(toCsv([['a', 'b, c', 'say "hi"', 'two\nlines', '-12.50']])).toBe('a,"b, c","say ""hi""","two\nlines",-12.50\r\n');
  });

  it('writes a cell a spreadsheet would run as a formula as text', () => {
    expect(toCsv([['=HYPERLINK("x")', '+1', '@SUM(A1)', '-cmd']])).toBe(`"'=HYPERLINK(""x"")",'+1,'@SUM(A1),'-cmd\r\n`);
  });
});
