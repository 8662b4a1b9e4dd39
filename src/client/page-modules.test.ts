import { describe, expect, it } from 'vitest';
import { pagePathOf } from './page-modules';

describe('pagePathOf (which page chunk to start loading)', () => {
  it('names the page pattern of an address, a fixed segment before a parameter', () => {
    expect(pagePathOf('/')).toBe('/');
    expect(pagePathOf('/experts')).toBe('/experts');
    expect(pagePathOf('/expert/apply')).toBe('/expert/apply');
    expect(pagePathOf('/expert/15')).toBe('/expert/:id');
    expect(pagePathOf('/bookings/7')).toBe('/bookings/:id');
    expect(pagePathOf('/experts/')).toBe('/experts');
  });

  it('names none for an address that is not a page (the not-found page loads as before)', () => {
    expect(pagePathOf('/nope')).toBeUndefined();
    expect(pagePathOf('/expert/15/more')).toBeUndefined();
  });
});
