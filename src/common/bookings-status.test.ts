import { describe, expect, it } from 'vitest';
import {
  BOOKING_ACTIONS,
  BOOKING_STATUSES,
  allowedActions,
  refusalMessage,
  refusalOf,
  type BookingAction,
  type BookingActor,
  type BookingStatus,
} from './bookings-status.js';

const NOW = new Date('2026-06-01T12:00:00Z');
const FUTURE = new Date('2026-06-02T12:00:00Z');
const PAST = new Date('2026-05-31T12:00:00Z');
const ACTORS: BookingActor[] = ['owner', 'expert', 'admin', 'system'];

/**
 * Every allowed move, written out by hand from the issue: [action, from, actor, before or after the start].
 * Anything not in this list must be refused.
 */
const ALLOWED: [BookingAction, BookingStatus, BookingActor, 'before' | 'after'][] = [];
for (const actor of ['expert', 'admin'] as const) {
  ALLOWED.push(['confirm', 'requested', actor, 'before']);
  ALLOWED.push(['decline', 'requested', actor, 'before'], ['decline', 'requested', actor, 'after']);
  ALLOWED.push(['complete', 'confirmed', actor, 'after'], ['no_show', 'confirmed', actor, 'after']);
}
ALLOWED.push(['expire', 'requested', 'system', 'before'], ['expire', 'requested', 'system', 'after']);
ALLOWED.push(['complete', 'confirmed', 'system', 'after']);
for (const actor of ['owner', 'expert', 'admin'] as const) {
  for (const from of ['requested', 'confirmed'] as const) ALLOWED.push(['cancel', from, actor, 'before']);
}
for (const actor of ['owner', 'admin'] as const) {
  for (const from of ['requested', 'confirmed'] as const) ALLOWED.push(['reschedule', from, actor, 'before']);
}

describe('the booking state machine', () => {
  const cases = BOOKING_ACTIONS.flatMap((action) =>
    BOOKING_STATUSES.flatMap((status) =>
      ACTORS.flatMap((actor) => (['before', 'after'] as const).map((when) => [action, status, actor, when] as const)),
    ),
  );

  it.each(cases)('%s from %s by %s %s the start', (action, status, actor, when) => {
    const booking = { status, startsAt: when === 'before' ? FUTURE : PAST };
    const expected = ALLOWED.some(([a, s, r, w]) => a === action && s === status && r === actor && w === when);
    expect(refusalOf(action, booking, [actor], NOW) === null).toBe(expected);
    expect(allowedActions(booking, [actor], NOW).includes(action)).toBe(expected);
  });

  it('says why a move is refused', () => {
    expect(refusalOf('cancel', { status: 'completed', startsAt: FUTURE }, ['owner'], NOW)).toBe('wrong-status');
    expect(refusalOf('confirm', { status: 'requested', startsAt: FUTURE }, ['owner'], NOW)).toBe('wrong-actor');
    expect(refusalOf('cancel', { status: 'confirmed', startsAt: PAST }, ['owner'], NOW)).toBe('too-late');
    expect(refusalOf('complete', { status: 'confirmed', startsAt: FUTURE }, ['expert'], NOW)).toBe('too-early');
    expect(refusalMessage('cancel', 'wrong-status', 'completed')).toBe('This booking is completed and can no longer be cancelled.');
  });

  it('lets a user holding several roles do what any of them may', () => {
    const booking = { status: 'requested' as const, startsAt: FUTURE };
    expect(allowedActions(booking, ['owner', 'admin'], NOW)).toEqual(['confirm', 'decline', 'cancel', 'reschedule']);
  });
});
