import { describe, expect, it } from 'vitest';
import { EXPERT_HOURS_MESSAGES, expertHoursRefusal, hoursText, readingByline, readingTitle } from './boats-engine-hours';

describe("the expert's window for engine hours", () => {
  const booking = { status: 'confirmed' as const, startsAt: '2026-06-01T10:00:00.000Z', endsAt: '2026-06-01T12:00:00.000Z' };
  const at = (iso: string) => new Date(iso);

  it('opens at the start and closes 7 days after the end, for confirmed and completed bookings alone', () => {
    expect(expertHoursRefusal(booking, at('2026-06-01T09:59:59.999Z'))).toBe(EXPERT_HOURS_MESSAGES.notStarted);
    expect(expertHoursRefusal(booking, at('2026-06-01T10:00:00.000Z'))).toBeNull();
    expect(expertHoursRefusal({ ...booking, status: 'completed' }, at('2026-06-08T12:00:00.000Z'))).toBeNull();
    expect(expertHoursRefusal(booking, at('2026-06-08T12:00:00.001Z'))).toBe(EXPERT_HOURS_MESSAGES.tooLate);
    for (const status of ['requested', 'cancelled', 'declined', 'expired', 'no_show'] as const) {
      expect(expertHoursRefusal({ ...booking, status }, at('2026-06-01T11:00:00.000Z'))).toBe(EXPERT_HOURS_MESSAGES.notLive);
    }
  });
});

describe('a reading in the history', () => {
  it('says the hours, who gave them and what they replaced', () => {
    expect(hoursText([1250])).toBe('1,250 h');
    expect(hoursText([520, 515])).toBe('520 h and 515 h');
    expect(readingTitle({ hours: [425], correction: true })).toBe('Engine hours corrected to 425 h');
    expect(readingTitle({ hours: [520, 515], correction: false })).toBe('Engine hours: 520 h and 515 h');
    expect(readingByline({ recordedBy: 'expert', expertName: 'Wendy Works', bookingNumber: 12, previous: [420] })).toBe('By Wendy Works (booking #12), was 420 h');
    expect(readingByline({ recordedBy: 'owner', expertName: null, bookingNumber: null, previous: [null] })).toBe('By the owner');
    expect(readingByline({ recordedBy: 'owner', expertName: null, bookingNumber: null, previous: [100_000, null] })).toBe('By the owner, was 100,000 h and none');
  });
});
