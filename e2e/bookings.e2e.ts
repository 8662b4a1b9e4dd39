import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { Booking } from '../src/common/bookings.js';
import { billableHours, DEFAULT_ONSITE_HOURS } from '../src/common/bookings-rules.js';
import { formatPrice } from '../src/common/experts-rules.js';
import { bookingTimes } from '../src/client/lib/booking-time.js';
import { DESKTOP, MOBILE, expectAccessible, workerBrowser, newPage, signUpThroughUi, snap, uniqueEmail } from './browser.js';
import { bookThroughApi, bookVideo, expertsOffering, firstFreeSlot } from './book-through-api.js';

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});

/** Intl puts narrow or thin spaces around times in some versions; compare text with plain spaces. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u202f\u2009\u00a0]/g, ' ').replace(/\s+/g, ' ').trim();

async function factText(scope: Page | Locator, label: string) {
  return plain(await scope.locator('dt', { hasText: label }).first().locator('xpath=following-sibling::dd[1]').textContent());
}

async function browserZone(page: Page) {
  return page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
}

async function expectBookingTime(page: Page, booking: Pick<Booking, 'startsAt' | 'endsAt' | 'timeZone'>) {
  const times = bookingTimes(booking, await browserZone(page));
  expect(await factText(page, 'Date')).toBe(plain(times.date));
  const time = await factText(page, 'Time');
  expect(time).toContain(plain(times.time));
  if (times.viewerTime) expect(time).toContain(`Your time: ${plain(times.viewerTime)}`);
  else expect(time).not.toContain('Your time');
}

const serviceLink = (scope: Page | Locator, booking: Booking) =>
  scope.getByRole('link', { name: `${booking.serviceType === 'video' ? 'Video Consultation' : 'Onsite Service'} with ${booking.expert.name}` });

describe('my bookings', () => {
  it('lists a new owner’s bookings; one is cancelled with a reason and another moved to a new time', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/bookings');
    await page.waitForURL(/\/login\?returnTo=%2Fbookings/);
    await signUpThroughUi(page, { firstName: 'Lena', lastName: 'Brightwater', email: uniqueEmail('bookings'), password: 'seaworthy-pass-3' });
    await page.waitForURL(/\/bookings$/);

    await page.getByRole('heading', { level: 1, name: 'My Bookings' }).waitFor();
    await page.getByRole('heading', { name: 'No bookings yet' }).waitFor();
    expect(await page.getByRole('link', { name: 'Book Video Call' }).getAttribute('href')).toBe('/video-consultation');
    expect(await page.getByRole('link', { name: 'Find Local Expert' }).getAttribute('href')).toBe('/onsite-request');
    await snap(page, 'bookings-empty-1280');
    await expectAccessible(page);

    const videoExperts = await expertsOffering(page, 'video');
    const onsiteExperts = await expertsOffering(page, 'onsite');
    const toCancel = await bookVideo(page, videoExperts[0]!, 'Bilge pump runs every few minutes even when the bilge is dry.', 2);
    const toRefuse = await bookVideo(page, videoExperts[1]!, 'Autopilot drifts off course in a following sea.', 3);
    const onsiteExpert = onsiteExperts[0]!;
    const hours = billableHours(DEFAULT_ONSITE_HOURS, onsiteExpert.onsiteMinimumHours);
    const first = await firstFreeSlot(page, onsiteExpert, 'onsite', { daysAhead: 4, hours });
    const toMove = await bookThroughApi(page, {
      serviceType: 'onsite',
      expertId: onsiteExpert.id,
      description: 'Raw-water impeller needs replacing before the season.',
      scheduledDate: first.date,
      preferredTime: first.slot.time,
      boatAddress: '200 Harbor Way, Slip C-14',
      marinaName: 'Harbor Point Marina',
      dockSlip: 'C-14',
      contactPhone: '(843) 555-0142',
      emergencyContact: 'Sam Brightwater (843) 555-0143',
      boatType: 'sailboat',
      boatLength: '32 feet',
      estimatedHours: hours,
    });

    // The avatar menu leads to the list.
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'My Bookings' }).click();
    await page.waitForURL(/\/bookings$/);
    const upcoming = page.locator('section', { has: page.getByRole('heading', { name: /^Upcoming/ }) });
    await upcoming.getByRole('heading', { name: 'Upcoming (3)' }).waitFor();
    expect(await page.getByRole('heading', { name: /^Past/ }).count()).toBe(0);
    const zone = await browserZone(page);
    for (const booking of [toCancel, toRefuse, toMove]) {
      const card = upcoming.locator('li', { has: serviceLink(page, booking) });
      await card.getByText('Confirmed').waitFor();
      const text = plain(await card.textContent());
      const times = bookingTimes(booking, zone);
      expect(text).toContain(`${plain(times.date)} · ${plain(times.time)}`);
      if (times.viewerTime) expect(text).toContain(`Your time: ${plain(times.viewerTime)}`);
      expect(text).toContain(formatPrice(booking.price));
      expect(text).toContain(`#${booking.number}`);
    }
    // Soonest first.
    expect(plain(await upcoming.locator('li').first().textContent())).toContain(`#${toCancel.number}`);
    await snap(page, 'bookings-list-1280');
    await expectAccessible(page);

    await page.setViewportSize(MOBILE);
    await upcoming.getByRole('heading', { name: 'Upcoming (3)' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await snap(page, 'bookings-list-390');
    await expectAccessible(page);
    await page.setViewportSize(DESKTOP);

    // A booking's own page, then cancelling it with a reason.
    await serviceLink(upcoming, toCancel).click();
    await page.waitForURL(new RegExp(`/bookings/${toCancel.id}$`));
    await page.getByRole('heading', { level: 1, name: `Booking #${toCancel.number}` }).waitFor();
    expect(await factText(page, 'Booking number')).toBe(`#${toCancel.number}`);
    expect(await factText(page, 'Service')).toBe('Video Consultation');
    expect(await page.getByRole('link', { name: toCancel.expert.name, exact: true }).getAttribute('href')).toBe(`/expert/${toCancel.expert.id}`);
    await expectBookingTime(page, toCancel);
    expect(await factText(page, 'Duration')).toBe('30 minutes');
    expect(await factText(page, 'Description')).toBe(toCancel.description);
    await page.getByText('Pay after service completion').waitFor();
    const history = page.locator('section, div', { has: page.getByRole('heading', { name: 'Status History' }) }).last();
    await history.getByText('Booked').waitFor();
    expect(plain(await history.textContent())).toContain('by You');
    await snap(page, 'booking-video-1280');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Cancel booking' }).click();
    const cancelDialog = page.getByRole('dialog');
    await cancelDialog.getByRole('heading', { name: `Cancel booking #${toCancel.number}?` }).waitFor();
    await cancelDialog.getByText(/refunded in full/).waitFor();
    await cancelDialog.getByRole('button', { name: 'Cancel booking' }).click();
    await cancelDialog.getByText('Please tell us why you are cancelling').waitFor();
    await snap(page, 'booking-cancel-dialog-1280');
    await expectAccessible(page);
    const reason = 'The engine started after I replaced the fuel filter.';
    await cancelDialog.getByLabel('Reason for cancelling').fill(reason);
    await cancelDialog.getByRole('button', { name: 'Cancel booking' }).click();
    await cancelDialog.waitFor({ state: 'detached' });
    await page.getByText('Booking cancelled', { exact: true }).waitFor();
    await page.locator('h1 + span', { hasText: 'Cancelled' }).waitFor();
    await history.getByText('Cancelled', { exact: true }).first().waitFor();
    await history.getByText(`Reason: ${reason}`).waitFor();
    expect(await factText(page, 'Reason for cancelling')).toBe(reason);
    expect(await page.getByRole('heading', { name: 'Change or Cancel' }).count()).toBe(0);
    await page.getByText('Nothing was charged for this booking.').waitFor();
    await snap(page, 'booking-cancelled-1280');

    await page.getByRole('link', { name: 'All bookings' }).click();
    const past = page.locator('section', { has: page.getByRole('heading', { name: /^Past/ }) });
    await past.getByRole('heading', { name: 'Past (1)' }).waitFor();
    await past.locator('li', { has: serviceLink(page, toCancel) }).getByText('Cancelled').waitFor();
    await upcoming.getByRole('heading', { name: 'Upcoming (2)' }).waitFor();

    // The onsite booking: its boat details, then a move to another free time.
    await serviceLink(upcoming, toMove).click();
    await page.waitForURL(new RegExp(`/bookings/${toMove.id}$`));
    await page.getByRole('heading', { name: 'Boat and Location' }).waitFor();
    expect(await factText(page, 'Boat address')).toBe('200 Harbor Way, Slip C-14');
    expect(await factText(page, 'Marina')).toBe('Harbor Point Marina');
    expect(await factText(page, 'Boat type')).toBe('Sailboat');
    expect(await factText(page, 'Boat length')).toBe('32 feet');
    expect(await factText(page, 'Duration')).toBe(`${hours} hours`);
    await expectBookingTime(page, toMove);

    const target = await firstFreeSlot(page, onsiteExpert, 'onsite', { daysAhead: 6, hours, skip: 1 });
    expect(target.date).not.toBe(toMove.scheduledDate);
    await page.getByRole('button', { name: 'Reschedule' }).click();
    const moveDialog = page.getByRole('dialog');
    await moveDialog.getByText(/confirms the new time again unless they take instant bookings/).waitFor();
    await moveDialog.getByRole('button', { name: 'Reschedule' }).click();
    await moveDialog.getByText('Please select a new time').waitFor();
    await moveDialog.getByLabel('New date').fill(target.date);
    await moveDialog.getByRole('radiogroup').getByText(target.slot.time, { exact: true }).click();
    expect(await moveDialog.getByRole('radio', { name: target.slot.time }).isChecked()).toBe(true);
    await snap(page, 'booking-reschedule-dialog-1280');
    await expectAccessible(page);
    await moveDialog.getByRole('button', { name: 'Reschedule' }).click();
    await moveDialog.waitFor({ state: 'detached' });
    await page.getByText('Booking rescheduled', { exact: true }).waitFor();
    const movedStart = new Date(target.slot.start).getTime();
    const moved = {
      startsAt: target.slot.start,
      endsAt: new Date(movedStart + hours * 3_600_000).toISOString(),
      timeZone: toMove.timeZone,
    };
    await page.getByText('Rescheduled', { exact: true }).waitFor();
    await expectBookingTime(page, moved);
    await snap(page, 'booking-rescheduled-1280');
    await expectAccessible(page);

    await page.setViewportSize(MOBILE);
    await page.getByRole('heading', { name: 'Boat and Location' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await snap(page, 'booking-onsite-390');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Reschedule' }).click();
    await page.getByRole('dialog').getByRole('radiogroup').waitFor();
    await snap(page, 'booking-reschedule-dialog-390');
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.setViewportSize(DESKTOP);

    // The server refuses a change that is no longer possible: its message is the toast.
    await page.goto(`/bookings/${toRefuse.id}`);
    await page.getByRole('heading', { name: 'Change or Cancel' }).waitFor();
    const refusal = await page.evaluate(async (id) => {
      const cancel = () =>
        fetch(`/api/bookings/${id}/cancel`, {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ reason: 'Cancelled from another tab' }),
        });
      await cancel();
      const again = await cancel();
      return { status: again.status, body: (await again.json()) as { message: string } };
    }, toRefuse.id);
    expect(refusal.status).toBe(409);
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByRole('dialog').getByLabel('Reason for cancelling').fill('Plans changed');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByText(refusal.body.message, { exact: true }).waitFor();
    // The page reads the booking again and shows it as it now is.
    await page.locator('h1 + span', { hasText: 'Cancelled' }).waitFor();

    await context.close();
  });

  it('shows a long list a page at a time, with Load more for the rest', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login?returnTo=%2Fbookings');
    await signUpThroughUi(page, { firstName: 'Pia', lastName: 'Longlist', email: uniqueEmail('bookings-many'), password: 'seaworthy-pass-6' });
    await page.waitForURL(/\/bookings$/);
    // Far ahead, so no other journey's times are taken.
    const expert = (await expertsOffering(page, 'video'))[5]!;
    const made: Booking[] = [];
    for (let i = 0; i < 23; i++) {
      const { date, slot } = await firstFreeSlot(page, expert, 'video', { daysAhead: 40 });
      made.push(await bookThroughApi(page, { serviceType: 'video', expertId: expert.id, description: `Check number ${i + 1} of the rigging.`, scheduledDate: date, preferredTime: slot.time }));
    }
    // The two soonest are cancelled: they are listed last, under Past.
    for (const booking of made.slice(0, 2)) {
      const status = await page.evaluate(async (id) => {
        const response = await fetch(`/api/bookings/${id}/cancel`, {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ reason: 'Done by the yard instead.' }),
        });
        return response.status;
      }, booking.id);
      expect(status).toBe(200);
    }

    await page.reload();
    const upcoming = page.locator('section', { has: page.getByRole('heading', { name: /^Upcoming/ }) });
    await upcoming.getByRole('heading', { name: 'Upcoming (21)' }).waitFor();
    expect(await upcoming.locator('li').count()).toBe(20);
    expect(await page.getByRole('heading', { name: /^Past/ }).count()).toBe(0);
    await page.getByText('Showing 20 of 23').waitFor();
    const loadMore = page.getByRole('button', { name: 'Load more' });
    await loadMore.scrollIntoViewIfNeeded();
    await snap(page, 'bookings-load-more-1280');
    await expectAccessible(page);
    await page.setViewportSize(MOBILE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await snap(page, 'bookings-load-more-390');
    await page.setViewportSize(DESKTOP);

    await loadMore.click();
    const past = page.locator('section', { has: page.getByRole('heading', { name: /^Past/ }) });
    await past.getByRole('heading', { name: 'Past (2)' }).waitFor();
    expect(await upcoming.locator('li').count()).toBe(21);
    expect(await past.locator('li').count()).toBe(2);
    expect(await loadMore.count()).toBe(0);
    // Every booking once: the first page's last one is not repeated, none is left out.
    const numbers = (await page.locator('section li').allTextContents()).map((text) => /#(\d+)/.exec(text)?.[1]);
    expect(numbers.sort()).toEqual(made.map((booking) => String(booking.number)).sort());
    await snap(page, 'bookings-all-loaded-1280');
    await page.setViewportSize(MOBILE);
    await snap(page, 'bookings-all-loaded-390');
    await context.close();
  });

  it('says Booking not found for an unknown booking and for another owner’s', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login?returnTo=%2Fbookings');
    await signUpThroughUi(page, { firstName: 'Owen', lastName: 'Reef', email: uniqueEmail('bookings-owner'), password: 'seaworthy-pass-4' });
    await page.waitForURL(/\/bookings$/);
    const [expert] = await expertsOffering(page, 'video');
    const booking = await bookVideo(page, expert!, 'Tachometer needle jumps at cruising speed.', 8);
    await context.close();

    const other = await newPage(browser);
    await other.page.goto('/login?returnTo=%2Fbookings');
    await signUpThroughUi(other.page, { firstName: 'Nadia', lastName: 'Cove', email: uniqueEmail('bookings-other'), password: 'seaworthy-pass-5' });
    await other.page.waitForURL(/\/bookings$/);
    await other.page.goto(`/bookings/${booking.id}`);
    await other.page.getByRole('heading', { name: 'Booking not found' }).waitFor();
    expect(await other.page.getByText(booking.description).count()).toBe(0);
    await other.page.goto('/bookings/00000000-0000-4000-8000-000000000000');
    await other.page.getByRole('heading', { name: 'Booking not found' }).waitFor();
    expect(await other.page.getByRole('link', { name: 'My Bookings' }).first().getAttribute('href')).toBe('/bookings');
    await snap(other.page, 'booking-not-found-1280');
    await expectAccessible(other.page);
    await other.context.close();
  });
});
