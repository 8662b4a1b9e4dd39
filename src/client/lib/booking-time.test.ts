import { describe, expect, it } from 'vitest';
import { bookingTimes, formatMoment } from './booking-time';

const booking = { startsAt: '2030-06-04T13:00:00.000Z', endsAt: '2030-06-04T13:30:00.000Z', timeZone: 'America/New_York' };

describe('bookingTimes', () => {
  it("reads the booking in the expert's zone", () => {
    const times = bookingTimes(booking, 'America/New_York');
    expect(times.date).toBe('Tue, Jun 4, 2030');
    expect(times.time).toBe('9:00 AM – 9:30 AM EDT');
    expect(times.viewerTime).toBeNull();
  });

  it("adds the viewer's own time when their clock reads differently", () => {
    expect(bookingTimes(booking, 'America/Los_Angeles').viewerTime).toBe('Tue, Jun 4, 6:00 AM – 6:30 AM PDT');
  });

  it('says so when the viewer is on another date', () => {
    const late = { ...booking, startsAt: '2030-06-04T21:00:00.000Z', endsAt: '2030-06-04T22:00:00.000Z' };
    expect(bookingTimes(late, 'Asia/Tokyo').viewerTime).toBe('Wed, Jun 5, 6:00 AM – 7:00 AM GMT+9');
  });

  it('leaves the viewer line out when another zone name shows the same clock', () => {
    expect(bookingTimes(booking, 'America/Detroit').viewerTime).toBeNull();
  });
});

describe('formatMoment', () => {
  it("reads an instant on the viewer's clock", () => {
    expect(formatMoment('2030-06-04T13:05:00.000Z', 'UTC')).toBe('Jun 4, 2030, 1:05 PM');
  });
});
