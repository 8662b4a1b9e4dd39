import { describe, expect, it } from 'vitest';
import { csvNumber, toCsv } from './csv.js';

describe('toCsv', () => {
  it('quotes what needs quoting and keeps the numbers of number columns as numbers', () => {
    expect(toCsv([['a', 'b, c', 'say "hi"', 'two\nlines', csvNumber('-12.50'), csvNumber('3')]])).toBe('a,"b, c","say ""hi""","two\nlines",-12.50,3\r\n');
  });

  it('writes a cell a spreadsheet would run as a formula as text', () => {
    expect(toCsv([['=HYPERLINK("x")', '+1', '@SUM(A1)', '-cmd']])).toBe(`"'=HYPERLINK(""x"")",'+1,'@SUM(A1),'-cmd\r\n`);
  });

  it.each(['=', '+', '-', '@', '\t', '\r'])('writes text starting with %j as text, even when a number follows', (prefix) => {
    for (const text of [`${prefix}1+HYPERLINK("http://evil.example/x","Click")`, `${prefix}12.50`, prefix]) {
      const written = toCsv([[text]]).slice(0, -2);
      const unquoted = written.startsWith('"') ? written.slice(1, -1).replaceAll('""', '"') : written;
      expect(unquoted).toBe(`'${text}`);
    }
  });

  it('writes a number column’s cell that is no number as text', () => {
    expect(toCsv([[csvNumber('-1+HYPERLINK("x")'), csvNumber('+5'), csvNumber('')]])).toBe(`"'-1+HYPERLINK(""x"")",'+5,\r\n`);
  });
});
