import { describe, expect, it } from 'vitest';
import { JOIN_STATES, joinRefusalMessage, joinStateOf, type CallBooking } from './video-call.js';
import { BOOKING_STATUSES } from './bookings-status.js';

const booking: CallBooking & { timeZone: string } = {
  serviceType: 'video',
  status: 'confirmed',
  startsAt: '2030-06-03T18:00:00.000Z',
  endsAt: '2030-06-03T18:30:00.000Z',
  timeZone: 'America/New_York',
};
const at = (iso: string) => new Date(iso);

describe('the call room window', () => {
  it('opens 10 minutes before the start and closes 30 minutes after the scheduled end', () => {
    expect(joinStateOf(booking, at('2030-06-03T17:49:59.999Z'))).toBe('too-early');
    expect(joinStateOf(booking, at('2030-06-03T17:50:00.000Z'))).toBe('open');
    expect(joinStateOf(booking, at('2030-06-03T18:59:59.999Z'))).toBe('open');
    expect(joinStateOf(booking, at('2030-06-03T19:00:00.000Z'))).toBe('ended');
  });

  it('is only for confirmed (or just completed) video bookings', () => {
    const during = at('2030-06-03T18:10:00.000Z');
    expect(joinStateOf({ ...booking, status: 'completed' }, during)).toBe('open');
    expect(joinStateOf({ ...booking, status: 'requested' }, during)).toBe('not-confirmed');
    expect(joinStateOf({ ...booking, status: 'no_show' }, during)).toBe('ended');
    for (const status of ['cancelled', 'declined', 'expired'] as const) expect(joinStateOf({ ...booking, status }, during)).toBe('cancelled');
    expect(joinStateOf({ ...booking, serviceType: 'onsite' }, during)).toBe('not-video');
  });

  it("says when the room opens in the booking's zone", () => {
    expect(joinRefusalMessage('too-early', booking)).toBe('The room opens at 1:50 PM (10 minutes before the start).');
  });

  it('keeps every refusal within a WebSocket close reason (123 bytes), since the socket closes with it', () => {
    for (const state of JOIN_STATES.filter((s) => s !== 'open')) {
      for (const status of BOOKING_STATUSES) {
        const message = joinRefusalMessage(state as Exclude<typeof state, 'open'>, { ...booking, status });
        expect(Buffer.byteLength(message), message).toBeLessThanOrEqual(123);
      }
    }
  });
});
