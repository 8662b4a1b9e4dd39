import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { certificationList, formatPrice, isOnline, parsePrice, PRESENCE_WINDOW_MS, starCount, centsToDecimal } from './experts-rules.js';

describe('starCount', () => {
  it('is the floor of the rating, between 0 and 5', () => {
    expect(starCount('4.90')).toBe(4);
    expect(starCount('5.00')).toBe(5);
    expect(starCount(3.99)).toBe(3);
    expect(starCount('not a number')).toBe(0);
    fc.assert(fc.property(fc.double({ min: -10, max: 10, noNaN: true }), (r) => {
      const stars = starCount(r);
      expect(stars).toBeGreaterThanOrEqual(0);
      expect(stars).toBeLessThanOrEqual(5);
    }));
  });
});

describe('prices', () => {
  it('reads a stray dollar sign and thousands separators', () => {
    expect(parsePrice('75.00')).toBe(75);
    expect(parsePrice('$125')).toBe(125);
    expect(parsePrice(' $1,250.50 ')).toBe(1250.5);
    expect(parsePrice('')).toBeNaN();
  });

  it('shows whole dollars without cents and keeps real cents', () => {
    expect(formatPrice('75.00')).toBe('$75');
    expect(formatPrice('72.50')).toBe('$72.50');
    expect(formatPrice('abc')).toBe('$—');
  });

  it('turns integer cents into the API decimal string', () => {
    expect(centsToDecimal(12500)).toBe('125.00');
    expect(centsToDecimal(7550)).toBe('75.50');
  });
});

describe('isOnline', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it('is true only within the last two minutes', () => {
    expect(isOnline(new Date(now.getTime() - 30_000), now)).toBe(true);
    expect(isOnline(new Date(now.getTime() - PRESENCE_WINDOW_MS), now)).toBe(true);
    expect(isOnline(new Date(now.getTime() - PRESENCE_WINDOW_MS - 1), now)).toBe(false);
    expect(isOnline(null, now)).toBe(false);
    expect(isOnline('2026-11-21T11:59:00Z', now)).toBe(true);
  });
});

describe('certificationList', () => {
  it('splits on commas and drops blanks', () => {
    expect(certificationList('ABYC Certified, Yamaha Master Technician,, ')).toEqual(['ABYC Certified', 'Yamaha Master Technician']);
    expect(certificationList('')).toEqual([]);
  });
});
