import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { timeZoneForZip } from './zip-time-zone.js';

describe('timeZoneForZip', () => {
  it.each([
    ['02108', 'America/New_York'], // Boston
    ['21401', 'America/New_York'], // Annapolis
    ['33101', 'America/New_York'], // Miami
    ['32501', 'America/Chicago'], // Pensacola
    ['37902', 'America/New_York'], // Knoxville
    ['38103', 'America/Chicago'], // Memphis
    ['70112', 'America/Chicago'], // New Orleans
    ['77001', 'America/Chicago'], // Houston
    ['79901', 'America/Denver'], // El Paso
    ['80202', 'America/Denver'], // Denver
    ['83702', 'America/Boise'], // Boise
    ['85001', 'America/Phoenix'], // Phoenix
    ['89101', 'America/Los_Angeles'], // Las Vegas
    ['92101', 'America/Los_Angeles'], // San Diego
    ['98101', 'America/Los_Angeles'], // Seattle
    ['96813', 'Pacific/Honolulu'], // Honolulu
    ['99501', 'America/Anchorage'], // Anchorage
    ['00901', 'America/Puerto_Rico'], // San Juan
    ['49855', 'America/New_York'], // Marquette, Michigan
    ['55401', 'America/Chicago'], // Minneapolis
    ['59101', 'America/Denver'], // Billings
    ['33139-1234', 'America/New_York'], // ZIP+4
  ])('places %s in %s', (zip, zone) => {
    expect(timeZoneForZip(zip)).toBe(zone);
  });

  it.each(['', 'abc', '1234', '123456', '09001', '96910'])('suggests nothing for %j', (zip) => {
    expect(timeZoneForZip(zip)).toBeNull();
  });

  it('suggests only zones the runtime knows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99999 }), (n) => {
        const zone = timeZoneForZip(String(n).padStart(5, '0'));
        if (zone) expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow();
      }),
    );
  });
});
