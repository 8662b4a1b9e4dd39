import { describe, expect, it } from 'vitest';
import { isPagePath, matchPagePath } from './page-paths.js';

describe('isPagePath', () => {
  it('knows the pages of the route table, with their parameters', () => {
    for (const path of ['/', '/experts', '/experts/', '/expert/12', '/expert/apply', '/bookings/0b7c-uuid', '/reset-password']) {
      expect(isPagePath(path), path).toBe(true);
    }
  });

  it('refuses every other address', () => {
    for (const path of ['/no-such-page', '/expert', '/expert/', '/expert/1/extra', '/bookingsx', '//experts', '/api/experts', '/bookings/1/2']) {
      expect(isPagePath(path), path).toBe(false);
    }
  });
});

describe('matchPagePath', () => {
  it('names the page pattern of an address, a fixed segment before a parameter', () => {
    expect(matchPagePath('/')).toBe('/');
    expect(matchPagePath('/experts')).toBe('/experts');
    expect(matchPagePath('/expert/apply')).toBe('/expert/apply');
    expect(matchPagePath('/expert/15')).toBe('/expert/:id');
    expect(matchPagePath('/bookings/7')).toBe('/bookings/:id');
    expect(matchPagePath('/experts/')).toBe('/experts');
  });

  it('names none for an address that is not a page', () => {
    expect(matchPagePath('/nope')).toBeUndefined();
    expect(matchPagePath('/expert/15/more')).toBeUndefined();
  });
});
