import type { FastifyInstance } from 'fastify';
import { addDays, localDateOf } from '../../common/zoned-time.js';
import type { CreateBookingInput } from '../../common/bookings.js';
import { asUser, type TestUser } from './test-app.js';

/** A clock tests can move; the app's booking rules read it (buildApp's `now`). */
export function movableClock(start = new Date()) {
  let offsetMs = start.getTime() - Date.now();
  return {
    now: () => new Date(Date.now() + offsetMs),
    /** Moves the clock forward by `ms`. */
    advance(ms: number) {
      offsetMs += ms;
    },
    set(to: Date) {
      offsetMs = to.getTime() - Date.now();
    },
  };
}

/** The local date `days` ahead of today in the zone ('YYYY-MM-DD'). */
export function daysAhead(days: number, timeZone = 'America/New_York', now = new Date()): string {
  return addDays(localDateOf(now, timeZone), days);
}

export function videoBooking(expertId: number, scheduledDate: string, preferredTime = '9:00 AM'): CreateBookingInput {
  return { serviceType: 'video', expertId, description: 'Port engine overheats at cruising speed', scheduledDate, preferredTime };
}

export function onsiteBooking(expertId: number, scheduledDate: string, preferredTime = '9:00 AM', estimatedHours = 3): CreateBookingInput {
  return {
    serviceType: 'onsite',
    expertId,
    description: 'Bilge pump runs constantly',
    scheduledDate,
    preferredTime,
    boatAddress: '1 Marina Way, Annapolis, MD',
    marinaName: 'Harbor Marina',
    dockSlip: 'B-12',
    contactPhone: '(410) 555-0100',
    emergencyContact: 'Sam (410) 555-0101',
    boatType: 'sailboat',
    boatLength: '32 feet',
    estimatedHours,
  };
}

export function postBooking(app: FastifyInstance, user: TestUser | null, payload: unknown, idempotencyKey?: string) {
  return app.inject(
    asUser(user, {
      method: 'POST',
      url: '/api/bookings',
      payload: payload as object,
      ...(idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {}),
    }),
  );
}
