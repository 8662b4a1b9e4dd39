import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { safeReturnTo } from './return-to.js';

describe('safeReturnTo', () => {
  it('keeps a path on our own site', () => {
    expect(safeReturnTo('/profile')).toBe('/profile');
    expect(safeReturnTo('/experts?specialty=engines')).toBe('/experts?specialty=engines');
  });

  it.each(['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '', null, undefined, '/api/logout', '/login'])(
    'sends %s home instead',
    (value) => {
      expect(safeReturnTo(value)).toBe('/');
    },
  );

  it('never answers anything that leaves the site', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const result = safeReturnTo(value);
        expect(result.startsWith('/')).toBe(true);
        expect(result.startsWith('//')).toBe(false);
        expect(new URL(result, 'https://kb.example').origin).toBe('https://kb.example');
      }),
    );
  });
});
