import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Expert } from '../src/common/experts.js';
import type { Booking, Slot } from '../src/common/bookings.js';
import { addDays, localDateOf } from '../src/common/zoned-time.js';
import { DESKTOP, MOBILE, baseUrl, expectAccessible, workerBrowser, newPage, recordStates, signUpThroughUi, snap, uniqueEmail } from './browser.js';
import { STRIPE_JS_STUB, startStripeAppServer, type StripeAppServer } from './stripe-server.js';
import { setPasswordOf, signInThroughUi } from './accounts.js';
import { setTestClock } from './test-clock.js';
import { demoEmailOf } from '../src/server/seed/demo-accounts.js';

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

const bookable = (serviceType: 'video' | 'onsite') =>
  api<Expert[]>(`/api/experts?serviceType=${serviceType}&available=true&sort=name&limit=100`);

async function expertNamed(name: string): Promise<Expert> {
  const [expert] = await api<Expert[]>(`/api/experts?q=${encodeURIComponent(name)}`);
  expect(expert?.name).toBe(name);
  return expert!;
}

const slotsOf = (expert: Expert, type: 'video' | 'onsite', date: string, hours?: number) =>
  api<Slot[]>(`/api/experts/${expert.id}/slots?type=${type}&date=${date}${hours ? `&hours=${hours}` : ''}`);

/** '$95' for '95.00', as the screens write prices. */
const price = (value: string | number) => {
  const amount = Number(value);
  return Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`;
};

async function signUp(page: Page, firstName: string) {
  await page.goto('/login');
  await signUpThroughUi(page, { firstName, lastName: 'Owner', email: uniqueEmail(firstName.toLowerCase()), password: 'harbor-pass-42' });
  await page.getByRole('heading', { name: /^Welcome (back )?to K&B Marine$/ }).waitFor();
}

/** Waits for a toast (sonner) showing this title and description. */
async function toast(page: Page, title: string, description: string) {
  const shown = page.locator('[data-sonner-toast]').filter({ hasText: title }).filter({ hasText: description });
  await shown.waitFor();
}

let zonedVisitor = 0;

/** A page whose browser clock is in the given zone (its own visitor address, like newPage's). */
async function newPageInZone(timezoneId: string, viewport = DESKTOP) {
  zonedVisitor += 1;
  const context = await browser.newContext({
    viewport,
    baseURL: baseUrl(),
    timezoneId,
    extraHTTPHeaders: { 'x-forwarded-for': `10.251.${process.pid % 250}.${zonedVisitor}` },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

async function noHorizontalOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/** The time options of the Preferred Time select, without its placeholder. */
async function timeOptions(page: Page) {
  return page.getByLabel('Preferred Time').locator('option:not([value=""])').allTextContents();
}

async function bookingsOf(page: Page): Promise<Booking[]> {
  const response = await page.request.get('/api/bookings');
  expect(response.status()).toBe(200);
  return (await response.json()) as Booking[];
}

describe('booking a video consultation (/book-video)', () => {
  it('lists only video experts, asks for what is missing, offers free times in the expert zone and confirms the booking', async () => {
    const viewerZone = 'Europe/Lisbon';
    const { context, page } = await newPageInZone(viewerZone);
    await signUp(page, 'Vera');
    await page.goto('/book-video');
    await page.getByRole('heading', { name: 'Book Video Consultation' }).waitFor();
    await page.getByText('What\'s Included').waitFor();
    await page.getByText('How It Works').waitFor();
    await page.getByText("The expert's written follow-up summary after the call").waitFor();
    expect(await page.getByText(/recording/i).count()).toBe(0);

    // The select lists the bookable video experts, by name: the same set as the API's.
    const videoExperts = await bookable('video');
    expect(videoExperts.length).toBeGreaterThan(24);
    const expertSelect = page.getByLabel('Expert', { exact: true });
    await expect.poll(() => expertSelect.locator('option:not([value=""])').count()).toBe(videoExperts.length);
    const optionIds = await expertSelect.locator('option:not([value=""])').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(optionIds).toEqual(videoExperts.map((e) => String(e.id)));
    expect(videoExperts.every((e) => e.serviceTypes.includes('video'))).toBe(true);
    // Without an expert the price is 'from' the cheapest bookable one, and booking cannot start.
    const cheapest = [...videoExperts].sort((a, b) => Number(a.videoRate) - Number(b.videoRate))[0]!;
    await page.getByText(`from ${price(cheapest.videoRate)}`).waitFor();
    expect(await page.getByRole('button', { name: 'Book Video Call' }).isDisabled()).toBe(true);
    await snap(page, 'book-video-1280');
    await expectAccessible(page);

    const expert = await expertNamed('Marcus Delgado');
    await expertSelect.selectOption(String(expert.id));
    await page.getByText(`${price(expert.videoRate)} per 30-minute session with ${expert.name}`).waitFor();
    await page.getByRole('button', { name: 'Book Video Call' }).click();
    await toast(page, 'Missing Information', 'Please fill in all required fields.');

    await page.getByLabel('Describe the Issue').fill('Port engine overheats after 20 minutes at cruising speed; raw water flow looks weak.');
    const date = addDays(localDateOf(new Date(), expert.timeZone), 3);
    const free = await slotsOf(expert, 'video', date);
    expect(free.length).toBeGreaterThan(0);
    await page.getByLabel('Preferred Date').fill(date);
    // The viewer is in Lisbon, the expert in America/New_York: each time also shows the viewer's clock.
    expect(expert.timeZone).toBe('America/New_York');
    const viewerClock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: viewerZone });
    await expect.poll(() => timeOptions(page)).toEqual(free.map((slot) => `${slot.time} (${viewerClock.format(new Date(slot.start))} your time)`));
    await page.getByText(`Times are in ${expert.name}'s time zone`).waitFor();
    const chosen = free[1]!;
    await page.getByLabel('Preferred Time').selectOption(chosen.time);
    await page.getByRole('button', { name: 'Book Video Call' }).click();

    await page.getByRole('heading', { name: /^Booking #\d+$/ }).waitFor();
    const [booking] = (await bookingsOf(page)).filter((b) => b.expert.id === expert.id);
    expect(booking).toMatchObject({ serviceType: 'video', status: 'confirmed', scheduledDate: date, preferredTime: chosen.time, startsAt: new Date(chosen.start).toISOString() });
    await page.getByRole('heading', { name: `Booking #${booking!.number}` }).waitFor();
    await page.getByText('Confirmed', { exact: true }).waitFor();
    await page.getByText(`at ${chosen.time} Eastern`).waitFor();
    await page.getByText('Your time').waitFor();
    await page.getByText(price(booking!.price), { exact: true }).waitFor();
    expect(booking!.price).toBe(expert.videoRate);
    await page.getByText("You'll get an e-mail with a calendar invite").waitFor();
    await page.getByText('Pay after service completion').waitFor();
    expect(await page.getByRole('link', { name: 'View booking' }).getAttribute('href')).toBe(`/bookings/${booking!.id}`);
    expect(await page.getByRole('link', { name: 'My bookings' }).getAttribute('href')).toBe('/bookings');
    await snap(page, 'book-video-confirmed-1280');
    await expectAccessible(page);

    // The booked time is no longer offered.
    await page.goto(`/book-video?expertId=${expert.id}`);
    await page.getByLabel('Preferred Date').fill(date);
    await expect.poll(async () => (await timeOptions(page)).length).toBe(free.length - 1);
    expect((await timeOptions(page)).some((text) => text.startsWith(`${chosen.time} `))).toBe(false);
    await context.close();
  });
});

describe('a booking form opened from an expert', () => {
  // The form's data (the expert, the prices) is fetched before the app's first render: drawn with
  // skeletons first, it would be drawn again as each answer arrived, each a long task on a phone.
  it('draws the expert and their rate in its first render, with no placeholder before them', async () => {
    const expert = (await bookable('video')).find((candidate) => candidate.serviceTypes.includes('onsite'))!;
    for (const { path, form, rate } of [
      { path: `/book-video?expertId=${expert.id}`, form: 'Video consultation booking', rate: expert.videoRate },
      { path: `/book-onsite?expertId=${expert.id}`, form: 'Onsite service booking', rate: expert.onsiteRate },
    ]) {
      const { context, page } = await newPage(browser, MOBILE);
      const states = await recordStates(page, [
        { name: 'placeholder', selector: `form[aria-label="${form}"] .animate-pulse` },
        { name: 'expert', selector: `form[aria-label="${form}"]`, text: expert.name },
      ]);
      await page.goto(path);
      await page.getByRole('form', { name: form }).getByText(expert.name).first().waitFor();
      expect(await states(), path).toEqual(['expert']);
      await page.getByText(price(rate)).first().waitFor();
      await context.close();
    }
  });
});

describe('when the chosen time or expert is not bookable', () => {
  it('refreshes the times after someone else takes the chosen one', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, 'Tess');
    const expert = await expertNamed('Alicia Fontaine');
    const date = addDays(localDateOf(new Date(), expert.timeZone), 2);
    const free = await slotsOf(expert, 'video', date);
    const taken = free[0]!.time;

    await page.goto(`/book-video?expertId=${expert.id}`);
    await page.getByLabel('Describe the Issue').fill('Autopilot drifts off course in a following sea.');
    await page.getByLabel('Preferred Date').fill(date);
    await expect.poll(async () => (await timeOptions(page)).length).toBe(free.length);
    await page.getByLabel('Preferred Time').selectOption(taken);

    // Meanwhile the same time is booked in another tab.
    const other = await context.newPage();
    await other.goto(`/book-video?expertId=${expert.id}`);
    await other.getByLabel('Describe the Issue').fill('Second tab takes the time first.');
    await other.getByLabel('Preferred Date').fill(date);
    await expect.poll(async () => (await timeOptions(other)).length).toBe(free.length);
    await other.getByLabel('Preferred Time').selectOption(taken);
    await other.getByRole('button', { name: 'Book Video Call' }).click();
    await other.getByRole('heading', { name: /^Booking #\d+$/ }).waitFor();
    await other.close();

    await page.getByRole('button', { name: 'Book Video Call' }).click();
    await toast(page, 'Time no longer available', 'That time was just booked. Please choose another time.');
    await expect.poll(async () => (await timeOptions(page)).length).toBe(free.length - 1);
    expect((await timeOptions(page)).some((text) => text.startsWith(`${taken} `))).toBe(false);
    expect(await page.getByLabel('Preferred Time').inputValue()).toBe('');
    expect(await page.getByLabel('Describe the Issue').inputValue()).toBe('Autopilot drifts off course in a following sea.');
    await context.close();
  });

  it("says so when the link's expert does not offer the service, and offers the others", async () => {
    const { context, page } = await newPage(browser);
    const onsiteOnly = await expertNamed('Nils Brekke');
    expect(onsiteOnly.serviceTypes).toEqual(['onsite']);
    await page.goto(`/book-video?expertId=${onsiteOnly.id}`);
    await page.getByText('Nils Brekke does not offer video consultations.').waitFor();
    await expect.poll(() => page.getByLabel('Expert', { exact: true }).locator('option:not([value=""])').count()).toBeGreaterThan(0);
    expect(await page.getByLabel('Expert', { exact: true }).inputValue()).toBe('');
    expect(await page.getByRole('button', { name: 'Book Video Call' }).isDisabled()).toBe(true);
    await expectAccessible(page);

    await page.goto(`/book-service?expertId=${onsiteOnly.id}`);
    await page.getByText('Not offered by Nils Brekke').waitFor();
    expect(await page.getByRole('button', { name: 'Choose Video Consultation' }).count()).toBe(0);
    await page.getByText(`${price(onsiteOnly.onsiteRate)}/hr`, { exact: true }).waitFor();

    await page.goto('/book-onsite?expertId=999999');
    await page.getByText('We could not load the expert in your link.').waitFor();
    await context.close();
  });
});

describe('booking an onsite visit (/book-onsite)', () => {
  it('takes every field, holds hours to the minimum, estimates the cost and books at the server price', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, 'Otto');
    await page.goto('/book-onsite');
    await page.getByRole('heading', { name: 'Book Onsite Marine Service' }).waitFor();
    const onsiteExperts = await bookable('onsite');
    const expertSelect = page.getByLabel('Expert', { exact: true });
    await expect.poll(() => expertSelect.locator('option:not([value=""])').count()).toBe(onsiteExperts.length);
    expect(onsiteExperts.every((e) => e.serviceTypes.includes('onsite'))).toBe(true);
    await page.getByText('Choose an expert to see your estimate.').waitFor();
    for (const card of ["What's Included", 'Service Area', 'How It Works']) await page.getByRole('heading', { name: card }).waitFor();
    await page.getByText('Parts are billed separately').first().waitFor();
    expect(await page.getByLabel('Boat Type').locator('option').allTextContents()).toEqual([
      'Select boat type',
      'Sailboat',
      'Powerboat',
      'Yacht',
      'Fishing Boat',
      'Catamaran',
      'Pontoon',
      'Other',
    ]);
    expect(await page.getByLabel('Estimated Hours').inputValue()).toBe('3');

    // Nils Brekke books visits of at least 4 hours: only 4 to 8 are offered and the default 3 rises to 4.
    const expert = await expertNamed('Nils Brekke');
    expect(expert.onsiteMinimumHours).toBe(4);
    await expertSelect.selectOption(String(expert.id));
    await expect.poll(() => page.getByLabel('Estimated Hours').inputValue()).toBe('4');
    const offered = await page.getByLabel('Estimated Hours').locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value));
    expect(offered).toEqual(['4', '5', '6', '7', '8']);
    await page.getByText('Juneau, AK 99801').waitFor();
    await page.getByText(`${price(expert.onsiteRate)}/hr × 4 hours`).waitFor();
    await page.getByText(price(Number(expert.onsiteRate) * 4), { exact: true }).waitFor();

    await page.getByLabel('Describe the Issue').fill('   ');
    await page.getByRole('button', { name: 'Book Onsite Service' }).click();
    await toast(page, 'Missing Information', 'Please fill in all required fields.');
    await snap(page, 'book-onsite-missing-1280');
    await expectAccessible(page);

    await page.getByLabel('Describe the Issue').fill('Weld a cracked aluminum keel shoe; the crack is about 6 inches long.');
    await page.getByLabel('Boat Address').fill('150 Harbor Way, Juneau, AK');
    await page.getByLabel('Marina Name').fill('Aurora Harbor');
    await page.getByLabel('Dock/Slip Number').fill('C-14');
    await page.getByLabel('Contact Phone').fill('(907) 555-0142');
    await page.getByLabel('Emergency Contact').fill('Ingrid Brekke (907) 555-0199');
    await page.getByLabel('Boat Type').selectOption('fishing-boat');
    await page.getByLabel('Boat Length').fill('32 feet');
    const date = addDays(localDateOf(new Date(), expert.timeZone), 4);
    await page.getByLabel('Preferred Date').fill(date);
    const fourHours = await slotsOf(expert, 'onsite', date, 4);
    expect(fourHours.map((s) => s.time)).toContain('1:00 PM');
    await expect.poll(async () => (await timeOptions(page)).map((t) => t.split(' (')[0])).toEqual(fourHours.map((s) => s.time));

    // Six hours from 1:00 PM would end after the 6:00 PM close: the times follow the hours.
    await page.getByLabel('Estimated Hours').selectOption('6');
    await page.getByText(price(Number(expert.onsiteRate) * 6), { exact: true }).waitFor();
    const free = await slotsOf(expert, 'onsite', date, 6);
    expect(free.map((s) => s.time)).not.toContain('1:00 PM');
    await expect.poll(async () => (await timeOptions(page)).map((t) => t.split(' (')[0])).toEqual(free.map((s) => s.time));
    await page.getByLabel('Preferred Time').selectOption(free[0]!.time);
    await page.getByRole('button', { name: 'Book Onsite Service' }).click();

    await page.getByRole('heading', { name: /^Booking #\d+$/ }).waitFor();
    const [booking] = (await bookingsOf(page)).filter((b) => b.expert.id === expert.id);
    expect(booking).toMatchObject({ serviceType: 'onsite', scheduledDate: date, preferredTime: free[0]!.time, durationMinutes: 360 });
    expect(booking!.onsite).toMatchObject({
      boatAddress: '150 Harbor Way, Juneau, AK',
      marinaName: 'Aurora Harbor',
      dockSlip: 'C-14',
      contactPhone: '(907) 555-0142',
      emergencyContact: 'Ingrid Brekke (907) 555-0199',
      boatType: 'fishing-boat',
      boatLength: '32 feet',
      estimatedHours: 6,
    });
    expect(Number(booking!.price)).toBe(Number(expert.onsiteRate) * 6);
    await page.getByText(price(booking!.price), { exact: true }).waitFor();
    await page.getByText('150 Harbor Way, Juneau, AK, Aurora Harbor, C-14').waitFor();
    await page.getByText('Pay after service completion').waitFor();
    await snap(page, 'book-onsite-confirmed-1280');
    await expectAccessible(page);
    await context.close();
  });

  it('is usable at 390 px', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    const expert = await expertNamed('Marcus Delgado');
    await page.goto(`/book-onsite?expertId=${expert.id}`);
    await page.getByRole('heading', { name: 'Book Onsite Marine Service' }).waitFor();
    await page.getByText(`${price(expert.onsiteRate)}/hr × 3 hours`).waitFor();
    await page.getByLabel('Boat Address').waitFor();
    await noHorizontalOverflow(page);
    await snap(page, 'book-onsite-390');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Book Onsite Service' }).click();
    await toast(page, 'Missing Information', 'Please fill in all required fields.');
    await noHorizontalOverflow(page);
    await context.close();
  });
});

describe('an onsite visit in another zone than the expert keeps (docs/PRODUCT.md#booking-pages)', () => {
  /** Sets a demo expert's own zone in their workspace, as they would. */
  async function setExpertZone(name: string, timeZone: string) {
    const email = demoEmailOf(name);
    setPasswordOf(email, 'expert-pass-42');
    const { context, page } = await newPage(browser);
    await signInThroughUi(page, email, 'expert-pass-42');
    const status = await page.evaluate(
      async (zone) => (await fetch('/api/workspace/profile', { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ timeZone: zone }) })).status,
      timeZone,
    );
    expect(status).toBe(200);
    await context.close();
  }

  it("tells an Annapolis visit in Eastern time on the form, the confirmation and the booking page, and Settings keeps the owner's zone (390 px)", async () => {
    // Megan Albright works around Annapolis but keeps Central time; the owner's phone is on Pacific time.
    await setExpertZone('Megan Albright', 'America/Chicago');
    const expert = await expertNamed('Megan Albright');
    expect(expert.timeZone).toBe('America/Chicago');
    const { context, page } = await newPageInZone('America/Los_Angeles', MOBILE);
    await signUp(page, 'Annie');
    await page.goto(`/book-onsite?expertId=${expert.id}`);
    await page.getByRole('heading', { name: 'Book Onsite Marine Service' }).waitFor();
    await page.getByLabel('Describe the Issue').fill('Raw-water pump leaks at the shaft seal.');
    await page.getByLabel('Boat Address').fill('80 Compromise St, Annapolis, MD 21401');
    await page.getByLabel('Contact Phone').fill('(410) 555-0177');
    await page.getByLabel('Boat Type').selectOption('powerboat');
    const date = addDays(localDateOf(new Date(), 'America/Chicago'), 5);
    await page.getByLabel('Preferred Date').fill(date);
    expect((await slotsOf(expert, 'onsite', date, 3)).map((slot) => slot.time)).toContain('9:00 AM');
    // The expert's 9:00 AM is 10:00 AM at the boat and 7:00 AM on the owner's phone.
    await expect.poll(() => timeOptions(page)).toContain('10:00 AM (7:00 AM your time)');
    await page.getByText(/^Times are local time at the boat \(Eastern (Standard|Daylight) Time\)\. Your local time \(Pacific/).waitFor();
    await page.getByLabel('Preferred Time').selectOption('9:00 AM');
    await page.getByRole('button', { name: 'Book Onsite Service' }).click();

    await page.getByRole('heading', { name: /^Booking #\d+$/ }).waitFor();
    await page.getByText('When (local time at the boat)').waitFor();
    await page.getByText(/ at 10:00 AM Eastern (Standard|Daylight) Time$/).waitFor();
    await page.getByText(/ at 7:00 AM Pacific (Standard|Daylight) Time$/).waitFor();
    await noHorizontalOverflow(page);
    await snap(page, 'book-onsite-place-zone-confirmed-390');

    await page.getByRole('link', { name: 'View booking' }).click();
    await page.getByText(/^Local time at the boat \(Eastern (Standard|Daylight) Time\)$/).waitFor();
    await page.getByText(/10:00 AM – 1:00 PM E[SD]T/).first().waitFor();
    await page.getByText(/^Your time: .*7:00 AM – 10:00 AM P[SD]T$/).waitFor();
    await noHorizontalOverflow(page);
    await snap(page, 'booking-page-place-zone-390');
    await expectAccessible(page);

    // Settings: the browser's zone until one is chosen; the choice is kept.
    await page.goto('/settings');
    const zone = page.getByLabel('Time zone');
    await expect.poll(() => zone.inputValue()).toBe('America/Los_Angeles');
    await zone.selectOption('America/Denver');
    await page.getByRole('button', { name: 'Save time zone' }).click();
    await toast(page, 'Time zone saved', 'Booking e-mails give your time in America/Denver');
    await page.reload();
    await expect.poll(() => page.getByLabel('Time zone').inputValue()).toBe('America/Denver');
    await noHorizontalOverflow(page);
    await snap(page, 'settings-time-zone-390');
    await expectAccessible(page);
    await context.close();
    await setExpertZone('Megan Albright', 'America/New_York');
  });
});

describe('choosing a service (/book-service)', () => {
  it('toggles between the choice and the chosen form, and names what the generic video form misses', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/book-service');
    await page.getByRole('heading', { name: 'Video Consultation', level: 2 }).waitFor();
    await page.getByRole('heading', { name: 'Onsite Service', level: 2 }).waitFor();
    const [cheapestVideo] = await api<Expert[]>('/api/experts?serviceType=video&available=true&sort=price-low&limit=1');
    const [cheapestOnsite] = await api<Expert[]>('/api/experts?serviceType=onsite&available=true&sort=price-low&limit=1');
    await page.getByText(`from ${price(cheapestVideo!.videoRate)} / 30 min`).waitFor();
    await page.getByText(`from ${price(cheapestOnsite!.onsiteRate)}/hr`).waitFor();
    await snap(page, 'book-service-choice-1280');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Choose Onsite Service' }).click();
    await page.waitForURL(/type=onsite/);
    await page.getByLabel('Boat Address').waitFor();
    await page.getByLabel('Estimated Hours').waitFor();
    await page.getByRole('heading', { name: 'Service Details' }).waitFor();
    await page.getByText('Pay after service completion').waitFor();
    await page.getByText('100% satisfaction guarantee').waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Back to Service Options' }).click();
    await page.getByRole('button', { name: 'Choose Video Consultation' }).waitFor();
    expect(new URL(page.url()).searchParams.get('type')).toBeNull();

    await page.getByRole('button', { name: 'Choose Video Consultation' }).click();
    await page.waitForURL(/type=video/);
    await page.getByRole('heading', { name: 'Book Video Call with Marine Experts' }).waitFor();
    expect(await page.getByLabel('Boat Address').count()).toBe(0);
    await page.getByText('What to Expect').waitFor();
    const expert = await expertNamed('Marcus Delgado');
    await page.getByLabel('Expert', { exact: true }).selectOption(String(expert.id));
    // The details panel's rate becomes the chosen expert's own.
    await page.locator('dd').getByText(`${price(expert.videoRate)} / 30 min`, { exact: true }).waitFor();
    await page.getByLabel('Describe the Issue').fill('  ');
    await page.getByRole('button', { name: 'Book Video Call' }).click();
    await toast(page, 'Missing Information', 'Please describe your marine repair issue');
    await page.getByRole('alert').getByText('Please describe your marine repair issue').waitFor();
    await page.getByLabel('Describe the Issue').fill('Chartplotter loses GPS fix intermittently.');
    await page.getByRole('button', { name: 'Book Video Call' }).click();
    await toast(page, 'Missing Information', 'Please select a preferred date');
    await snap(page, 'book-service-video-1280');
    await expectAccessible(page);

    await page.goBack();
    await page.getByRole('button', { name: 'Choose Onsite Service' }).waitFor();
    await context.close();
  });

  it("arrives from a profile's quick time with the expert and the first day that time is free", async () => {
    const { context, page } = await newPage(browser);
    const expert = await expertNamed('Marcus Delgado');
    await page.goto(`/expert/${expert.id}`);
    await page.getByRole('link', { name: '9:00 AM' }).click();
    await page.waitForURL(/\/book-service\?expertId=\d+&type=video&time=9/);
    await page.getByRole('heading', { name: 'Book Video Call with Marine Experts' }).waitFor();

    let firstFree = '';
    const today = localDateOf(new Date(), expert.timeZone);
    for (let day = 0; day < 14 && !firstFree; day++) {
      const date = addDays(today, day);
      if ((await slotsOf(expert, 'video', date)).some((s) => s.time === '9:00 AM')) firstFree = date;
    }
    expect(firstFree).not.toBe('');
    await expect.poll(() => page.getByLabel('Preferred Date').inputValue()).toBe(firstFree);
    await expect.poll(() => page.getByLabel('Preferred Time').inputValue()).toBe('9:00 AM');
    await page.getByRole('link', { name: expert.name }).waitFor();
    expect(await page.getByLabel('Expert', { exact: true }).count()).toBe(0);
    await page.getByText(/9:00 AM is free on/).waitFor();
    await snap(page, 'book-service-quick-time-1280');
    await expectAccessible(page);
    await context.close();
  });
});

describe('a signed-out visitor', () => {
  it('keeps the filled onsite form through sign-up and books it', async () => {
    const { context, page } = await newPage(browser);
    const expert = await expertNamed('Marcus Delgado');
    await page.goto(`/book-onsite?expertId=${expert.id}`);
    await page.getByText(expert.name).first().waitFor();
    await page.getByLabel('Describe the Issue').fill('Bilge pump runs every few minutes; looking for the leak.');
    await page.getByLabel('Boat Address').fill('1 Marina Blvd, Fort Lauderdale, FL');
    await page.getByLabel('Contact Phone').fill('(954) 555-0101');
    await page.getByLabel('Boat Type').selectOption('sailboat');
    await page.getByLabel('Boat Length').fill('38 feet');
    await page.getByLabel('Estimated Hours').selectOption('2');
    const date = addDays(localDateOf(new Date(), expert.timeZone), 6);
    const free = await slotsOf(expert, 'onsite', date, 2);
    await page.getByLabel('Preferred Date').fill(date);
    await expect.poll(async () => (await timeOptions(page)).length).toBe(free.length);
    await page.getByLabel('Preferred Time').selectOption(free[0]!.time);
    await page.getByRole('button', { name: 'Book Onsite Service' }).click();

    await page.waitForURL(/\/login\?returnTo=%2Fbook-onsite%3FexpertId%3D/);
    await signUpThroughUi(page, { firstName: 'Drafty', lastName: 'Owner', email: uniqueEmail('draft'), password: 'harbor-pass-42' });
    await page.waitForURL(new RegExp(`/book-onsite\\?expertId=${expert.id}$`));
    await page.getByText('We kept what you typed').waitFor();
    expect(await page.getByLabel('Describe the Issue').inputValue()).toBe('Bilge pump runs every few minutes; looking for the leak.');
    expect(await page.getByLabel('Boat Address').inputValue()).toBe('1 Marina Blvd, Fort Lauderdale, FL');
    expect(await page.getByLabel('Contact Phone').inputValue()).toBe('(954) 555-0101');
    expect(await page.getByLabel('Boat Type').inputValue()).toBe('sailboat');
    expect(await page.getByLabel('Boat Length').inputValue()).toBe('38 feet');
    expect(await page.getByLabel('Estimated Hours').inputValue()).toBe('2');
    expect(await page.getByLabel('Preferred Date').inputValue()).toBe(date);
    await expect.poll(() => page.getByLabel('Preferred Time').inputValue()).toBe(free[0]!.time);
    await snap(page, 'book-onsite-draft-restored-1280');

    await page.getByRole('button', { name: 'Book Onsite Service' }).click();
    await page.getByRole('heading', { name: /^Booking #\d+$/ }).waitFor();
    const [booking] = (await bookingsOf(page)).filter((b) => b.expert.id === expert.id);
    expect(booking).toMatchObject({ scheduledDate: date, preferredTime: free[0]!.time });

    // The draft is gone once booked.
    await page.goto(`/book-onsite?expertId=${expert.id}`);
    await page.getByLabel('Describe the Issue').waitFor();
    expect(await page.getByLabel('Describe the Issue').inputValue()).toBe('');
    expect(await page.getByText('We kept what you typed').count()).toBe(0);
    await context.close();
  });
});

describe('the payment step with Stripe configured', () => {
  let stripeApp: StripeAppServer;
  beforeAll(async () => {
    stripeApp = await startStripeAppServer();
  });
  afterAll(() => stripeApp?.stop());

  /** A signed-up owner on the Stripe-configured server, whose browser gets Stripe.js from `stripeJs`. */
  async function ownerOnStripeServer(stripeJs: 'stub' | 'unreachable', firstName: string) {
    zonedVisitor += 1;
    const context = await browser.newContext({
      viewport: DESKTOP,
      baseURL: stripeApp.baseUrl,
      extraHTTPHeaders: { 'x-forwarded-for': `10.252.${process.pid % 250}.${zonedVisitor}` },
    });
    const stripeRequests: string[] = [];
    await context.route('https://js.stripe.com/**', (route) => {
      stripeRequests.push(route.request().url());
      return stripeJs === 'stub' ? route.fulfill({ contentType: 'application/javascript', body: STRIPE_JS_STUB }) : route.abort();
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto('/login');
    await signUpThroughUi(page, { firstName, lastName: 'Payer', email: uniqueEmail(firstName.toLowerCase()), password: 'harbor-pass-42' }, stripeApp.mailDir);
    await page.getByRole('heading', { name: /^Welcome (back )?to K&B Marine$/ }).waitFor();
    return { context, page, stripeRequests };
  }

  async function bookVideo(page: Page, expert: Expert, slotIndex: number) {
    await page.goto(`/book-video?expertId=${expert.id}`);
    await page.getByLabel('Describe the Issue').fill('Windlass stalls under load.');
    const date = addDays(localDateOf(new Date(), expert.timeZone), 5);
    await page.getByLabel('Preferred Date').fill(date);
    await expect.poll(async () => (await timeOptions(page)).length).toBeGreaterThan(slotIndex);
    const value = await page.getByLabel('Preferred Time').locator('option:not([value=""])').nth(slotIndex).getAttribute('value');
    await page.getByLabel('Preferred Time').selectOption(value!);
    await page.getByRole('button', { name: 'Book Video Call' }).click();
    await page.getByRole('heading', { name: /^Booking #\d+$/ }).waitFor();
    const [booking] = await bookingsOf(page);
    return booking!;
  }

  it('charges nothing at booking and loads no Stripe.js: the final invoice is paid after the service', async () => {
    const { context, page, stripeRequests } = await ownerOnStripeServer('stub', 'Penny');
    const [expert] = await (await fetch(`${stripeApp.baseUrl}/api/experts?q=Marcus%20Delgado`)).json() as Expert[];
    await page.goto(`/book-video?expertId=${expert!.id}`);
    await page.getByText('Pay after service completion, by card or in person').first().waitFor();
    const booking = await bookVideo(page, expert!, 0);
    await page.getByText('Once the service is done, the expert issues the final invoice and you pay it here.').waitFor();
    expect(booking.paymentStatus).toBe('unpaid');
    expect(await page.getByRole('button', { name: /^Pay / }).count()).toBe(0);
    expect(stripeRequests).toEqual([]);
    expect(stripeApp.stripe.requests.filter((r) => r.path === '/v1/payment_intents')).toEqual([]);
    await snap(page, 'booking-payment-stripe-1280');
    await expectAccessible(page);
    await context.close();
  });

  /** The booking completed by its (demo) expert once it started, on the Stripe-configured server: its invoice is due. */
  async function completedByExpert(booking: Booking, expertName: string) {
    const email = demoEmailOf(expertName);
    setPasswordOf(email, 'expert-pass-42', stripeApp);
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: stripeApp.baseUrl, extraHTTPHeaders: { 'x-forwarded-for': `10.253.${process.pid % 250}.${++zonedVisitor}` } });
    const page = await context.newPage();
    await signInThroughUi(page, email, 'expert-pass-42');
    await setTestClock(new Date(new Date(booking.startsAt).getTime() + 10 * 60_000), stripeApp.baseUrl);
    try {
      const status = await page.evaluate(async (id) => (await fetch(`/api/bookings/${id}/complete`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status, booking.id);
      expect(status).toBe(200);
    } finally {
      await setTestClock(null, stripeApp.baseUrl);
    }
    await context.close();
  }

  it("pays the final invoice with Stripe's Payment Element on the booking page, loading Stripe.js only there", async () => {
    const { context, page, stripeRequests } = await ownerOnStripeServer('stub', 'Quinn');
    const [expert] = await (await fetch(`${stripeApp.baseUrl}/api/experts?q=Marcus%20Delgado`)).json() as Expert[];
    const booking = await bookVideo(page, expert!, 1);
    await completedByExpert(booking, expert!.name);

    await page.goto(`/bookings/${booking.id}`);
    const pay = page.getByRole('button', { name: `Pay ${price(booking.price)}` });
    await pay.waitFor();
    expect(stripeRequests.length).toBe(1);
    const intents = stripeApp.stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(intents).toHaveLength(1);
    expect(intents[0]!.form).toMatchObject({ amount: String(Math.round(Number(expert!.videoRate) * 100)), 'metadata[bookingId]': booking.id });
    const options = await page.evaluate(() => (window as unknown as { __stripeElementsOptions: { clientSecret: string; publishableKey: string } }).__stripeElementsOptions);
    expect(options.publishableKey).toBe('pk_test_e2e');
    expect(options.clientSecret).toMatch(/^pi_\w+_secret_/);
    await snap(page, 'invoice-payment-stripe-1280');
    await expectAccessible(page);

    await pay.click();
    await page.getByText('Payment received.').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __stripeConfirm: unknown }).__stripeConfirm)).toEqual({
      redirect: 'if_required',
      returnUrl: `${stripeApp.baseUrl}/bookings/${booking.id}`,
      withElements: true,
    });
    await context.close();
  });

  it('says so plainly when Stripe.js cannot be reached, and charges nothing', async () => {
    const { context, page, stripeRequests } = await ownerOnStripeServer('unreachable', 'Rowan');
    const [expert] = await (await fetch(`${stripeApp.baseUrl}/api/experts?q=Marcus%20Delgado`)).json() as Expert[];
    const booking = await bookVideo(page, expert!, 2);
    await completedByExpert(booking, expert!.name);
    await page.goto(`/bookings/${booking.id}`);
    await page.getByText('We could not reach our payment provider. Nothing was charged; you can try again from this page later.').waitFor();
    expect(stripeRequests.length).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: /^Pay / }).count()).toBe(0);
    await snap(page, 'invoice-payment-unreachable-1280');
    await context.close();
  });
});
