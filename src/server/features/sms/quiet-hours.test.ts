import { describe, expect, it } from 'vitest';
import { quietHoursEnd } from './quiet-hours.js';

describe('quiet hours', () => {
  it('let a text go from 8:00 until just before 21:00 on the recipient’s clock', () => {
    // 8:00 and 20:59 EST are 13:00 and 01:59 UTC.
    expect(quietHoursEnd(new Date('2027-01-12T13:00:00Z'), 'America/New_York')).toBeNull();
    expect(quietHoursEnd(new Date('2027-01-13T01:59:00Z'), 'America/New_York')).toBeNull();
  });

  it('hold a text sent in the evening until 8:00 the next morning, and one sent before dawn until 8:00 that day', () => {
    expect(quietHoursEnd(new Date('2027-01-13T02:00:00Z'), 'America/New_York')).toEqual(new Date('2027-01-13T13:00:00Z'));
    expect(quietHoursEnd(new Date('2027-01-13T10:30:00Z'), 'America/New_York')).toEqual(new Date('2027-01-13T13:00:00Z'));
  });

  it('read the clock of the recipient’s zone: 22:00 in New York is 19:00 in Los Angeles', () => {
    const tenInNewYork = new Date('2027-01-13T03:00:00Z');
    expect(quietHoursEnd(tenInNewYork, 'America/Los_Angeles')).toBeNull();
    expect(quietHoursEnd(tenInNewYork, 'America/New_York')).toEqual(new Date('2027-01-13T13:00:00Z'));
  });

  it('end at 8:00 local time across a change to daylight saving time', () => {
    // 23:00 EST on Saturday, March 13, 2027; clocks go forward that night, so 8:00 on Sunday is EDT (12:00 UTC).
    expect(quietHoursEnd(new Date('2027-03-14T04:00:00Z'), 'America/New_York')).toEqual(new Date('2027-03-14T12:00:00Z'));
  });
});
