import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { landingAfterSignIn, safeReturnTo } from './return-to.js';

const ORIGIN = 'https://kb.example';

/** What a browser does with the answer: `location.assign(result)` on one of our pages. */
function navigatedTo(result: string): URL {
  return new URL(result, `${ORIGIN}/login?returnTo=x`);
}

/** Strings built from what turns a path into another site: slashes, tabs, newlines, schemes, their encodings. */
const hostilePiece = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('/', '//', '\\', '\t', '\n', '\r', ' ', '.', '..', '%09', '%0A', '%2F', '%5C', 'evil.example', 'https:', 'javascript:', '@', '?', '#') },
  { weight: 1, arbitrary: fc.constantFrom('\u0000', '\u000b', '\f', '\u007f', '\u0085', '\u00a0', '\u2028', '\u3000', '\ufeff', '\u200b', '%0D', '%2e', ':', 'api', 'login', 'profile') },
  { weight: 1, arbitrary: fc.string({ maxLength: 3 }) },
);
const hostileValue = fc
  .tuple(fc.constantFrom('/', '/', '/', '', '\\'), fc.array(hostilePiece, { maxLength: 6 }))
  .map(([start, pieces]) => start + pieces.join(''));

describe('safeReturnTo', () => {
  it('keeps a path on our own site', () => {
    expect(safeReturnTo('/profile')).toBe('/profile');
    expect(safeReturnTo('/experts?specialty=engines')).toBe('/experts?specialty=engines');
    expect(safeReturnTo('/bookings/5b1c?tab=messages#latest')).toBe('/bookings/5b1c?tab=messages#latest');
    expect(safeReturnTo('/experts?q=bilge%20pump')).toBe('/experts?q=bilge%20pump');
  });

  it.each([
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    '\\/evil.example',
    '/\t/evil.example/phish',
    '/\n/evil.example/phish',
    '/\r\n/evil.example',
    '\t//evil.example',
    '/ /evil.example',
    '/\u00a0/evil.example',
    '/\u2028/evil.example',
    '/\ufeff/evil.example',
    '/.//evil.example',
    '/x/..//evil.example',
    'javascript:alert(1)',
    '',
    null,
    undefined,
    '/api/logout',
    '/api',
    '/login',
    '/%2e%2e/api/logout',
  ])('sends %j home instead', (value) => {
    expect(safeReturnTo(value)).toBe('/');
  });

  it('keeps an encoded tab or slash as text of the path, which stays on our site', () => {
    expect(safeReturnTo('/%09/evil.example/phish')).toBe('/%09/evil.example/phish');
    expect(navigatedTo(safeReturnTo('/%2F/evil.example')).origin).toBe(ORIGIN);
  });

  it('answers a path of our own origin for any string, the hostile ones above mixed in', () => {
    fc.assert(
      fc.property(fc.oneof(hostileValue, fc.string(), fc.string({ unit: 'binary', maxLength: 12 })), (value) => {
        const result = safeReturnTo(value);
        const url = navigatedTo(result);
        expect(url.origin).toBe(ORIGIN);
        // A path exactly as the browser keeps it: nothing the parser drops, nothing it resolves away.
        expect(`${url.pathname}${url.search}${url.hash}`).toBe(result);
        expect(result.startsWith('/') && !result.startsWith('//')).toBe(true);
        expect(url.pathname.startsWith('/api/') || url.pathname === '/login').toBe(false);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('landingAfterSignIn', () => {
  it("takes an expert who came from home to the workspace, and everyone else where they asked", () => {
    expect(landingAfterSignIn('/', 'expert')).toBe('/workspace');
    expect(landingAfterSignIn('/bookings/abc', 'expert')).toBe('/bookings/abc');
    expect(landingAfterSignIn('/', 'user')).toBe('/');
    expect(landingAfterSignIn('/', undefined)).toBe('/');
  });
});
