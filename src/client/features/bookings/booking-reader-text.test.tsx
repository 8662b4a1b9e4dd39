import { describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import type { Booking, BookingViewer } from '@common/bookings';
import type { BookingStatus } from '@common/bookings-status';
import { BookingStatusNotice } from './booking-status-notice';
import { PayAfterService } from './booking-price';
import { historyActorLabel } from './history-labels';

const now = new Date('2030-06-04T12:00:00Z');
const inADay = '2030-06-05T13:00:00.000Z';
const anHourAgo = '2030-06-04T11:00:00.000Z';

function booking(viewer: BookingViewer, status: BookingStatus, startsAt = inADay, serviceType: Booking['serviceType'] = 'onsite'): Booking {
  return {
    viewer,
    status,
    serviceType,
    // As the server answers the expert: finishing is allowed once a confirmed booking has started.
    allowedActions: viewer === 'expert' && status === 'confirmed' && new Date(startsAt) <= now ? ['complete', 'no_show'] : [],
    startsAt,
    endsAt: new Date(new Date(startsAt).getTime() + 2 * 3_600_000).toISOString(),
    expert: { id: 7, name: 'Travis Boudreaux', specialty: 'Engine Repair', profileImage: null, city: 'Destin', state: 'FL' },
    owner: { name: 'Olivia Owner', email: 'olivia@example.com' },
  } as Booking;
}

/** The text a reader sees, tags stripped. */
const text = (element: ReactElement) => renderToStaticMarkup(<MemoryRouter>{element}</MemoryRouter>).replace(/<[^>]+>/g, '');
const notice = (b: Booking) => text(<BookingStatusNotice booking={b} now={now} />);

describe("a booking's notice speaks to its reader", () => {
  it('tells the owner what the expert does next', () => {
    expect(notice(booking('owner', 'requested'))).toContain('Waiting for Travis Boudreaux to confirm');
    expect(notice(booking('owner', 'confirmed'))).toContain('Travis Boudreaux has this time reserved for you.');
    expect(notice(booking('owner', 'declined'))).toContain('Choose another time with Travis Boudreaux');
    expect(notice(booking('owner', 'expired'))).toContain('did not go ahead');
  });

  it('tells the expert where to answer, and when and how the job is finished', () => {
    expect(notice(booking('expert', 'requested'))).toContain('Olivia Owner asked for this time. Accept or decline it in your workspace');
    const reserved = notice(booking('expert', 'confirmed'));
    expect(reserved).toContain('This time is reserved for Olivia Owner.');
    expect(reserved).toContain('‘Complete and invoice’ opens in your workspace at the start time');
    expect(notice(booking('expert', 'confirmed', inADay, 'video'))).toContain('‘Mark completed’ opens');
    expect(notice(booking('expert', 'confirmed', anHourAgo))).toContain('This booking has started. When you are done, choose ‘Complete and invoice’');
    expect(notice(booking('expert', 'declined'))).toBe('This booking did not go ahead and nothing was charged.');
  });

  it('tells an administrator about both parties', () => {
    expect(notice(booking('admin', 'requested'))).toContain('Waiting for Travis Boudreaux to answer Olivia Owner’s request');
    expect(notice(booking('admin', 'confirmed'))).toBe('Travis Boudreaux has this time reserved for Olivia Owner.');
    expect(notice(booking('admin', 'expired'))).toBe('This booking did not go ahead and nothing was charged.');
  });

  it('never addresses the expert or an administrator as the owner', () => {
    const statuses: BookingStatus[] = ['requested', 'confirmed', 'declined', 'expired', 'cancelled', 'completed', 'no_show'];
    for (const viewer of ['expert', 'admin'] as const) {
      for (const status of statuses) {
        for (const startsAt of [inADay, anHourAgo]) {
          const said = notice(booking(viewer, status, startsAt)) + text(<PayAfterService booking={booking(viewer, status, startsAt)} />);
          expect(said, `${viewer} ${status}`).not.toMatch(/for you\b|you pay|in your e-mail|Choose another time/);
        }
      }
    }
    for (const status of ['cancelled', 'completed', 'no_show'] as const) expect(notice(booking('expert', status))).toBe('');
  });
});

describe('who is named in the history', () => {
  it("calls the reader's own entries 'You' and names the other party", () => {
    expect(historyActorLabel('owner', booking('owner', 'confirmed'))).toBe('You');
    expect(historyActorLabel('owner', booking('expert', 'confirmed'))).toBe('Olivia Owner');
    expect(historyActorLabel('expert', booking('expert', 'confirmed'))).toBe('You');
    expect(historyActorLabel('expert', booking('owner', 'confirmed'))).toBe('Travis Boudreaux');
    expect(historyActorLabel('admin', booking('admin', 'confirmed'))).toBe('K&B Marine support');
    expect(historyActorLabel('system', booking('expert', 'confirmed'))).toBe('Automatically');
  });
});

describe('what happens after the service', () => {
  it('is told to each reader in their own terms', () => {
    expect(text(<PayAfterService booking={booking('owner', 'confirmed')} />)).toContain('you pay it here');
    expect(text(<PayAfterService booking={booking('expert', 'confirmed')} />)).toContain('you complete the booking in your workspace and Olivia Owner is sent the final invoice');
    expect(text(<PayAfterService booking={booking('admin', 'confirmed')} />)).toContain('the owner pays it here');
  });
});
