import { describe, expect, it } from 'vitest';
import type { BookingStatus } from '@common/bookings-status';
import { splitBookings } from './split-bookings';

const now = new Date('2030-06-04T12:00:00Z');
const booking = (id: string, status: BookingStatus, startsAt: string, minutes = 30) => ({
  id,
  status,
  startsAt,
  endsAt: new Date(new Date(startsAt).getTime() + minutes * 60_000).toISOString(),
});

describe('splitBookings', () => {
  it('puts live bookings that have not ended under upcoming, soonest first', () => {
    const { upcoming } = splitBookings(
      [
        booking('later', 'confirmed', '2030-06-10T13:00:00Z'),
        booking('sooner', 'requested', '2030-06-05T13:00:00Z'),
        booking('under-way', 'confirmed', '2030-06-04T11:45:00Z'),
      ],
      now,
    );
    expect(upcoming.map((b) => b.id)).toEqual(['under-way', 'sooner', 'later']);
  });

  it('puts finished, cancelled and ended bookings under past, latest first', () => {
    const { upcoming, past } = splitBookings(
      [
        booking('cancelled-future', 'cancelled', '2030-06-10T13:00:00Z'),
        booking('ended', 'confirmed', '2030-06-01T13:00:00Z'),
        booking('completed', 'completed', '2030-05-01T13:00:00Z'),
        booking('declined', 'declined', '2030-06-08T13:00:00Z'),
      ],
      now,
    );
    expect(upcoming).toEqual([]);
    expect(past.map((b) => b.id)).toEqual(['cancelled-future', 'declined', 'ended', 'completed']);
  });
});
