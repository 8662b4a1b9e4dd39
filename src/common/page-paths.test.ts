import { describe, expect, it } from 'vitest';
import { isPagePath } from './page-paths.js';

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
