import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Expert } from '../src/common/experts.js';
import type { Booking, Slot } from '../src/common/bookings.js';
import { addDays, localDateOf } from '../src/common/zoned-time.js';
import { weekdayOf } from '../src/server/features/bookings/working-time.js';
import { demoEmailOf } from '../src/server/seed/demo-accounts.js';
import { MOBILE, baseUrl, expectAccessible, workerBrowser, newPage, signUpThroughUi, snap, uniqueEmail } from './browser.js';
import { bookThroughApi, firstFreeSlot } from './book-through-api.js';
import { setTestClock } from './test-clock.js';
import { operatorCommand, setPasswordOf, signInThroughUi } from './accounts.js';

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await setTestClock(null);
});

const EXPERT_PASSWORD = 'workspace-pass-42';


async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

async function signUpOwner(page: Page, firstName: string) {
  const email = uniqueEmail(firstName.toLowerCase());
  await page.goto('/login');
  await signUpThroughUi(page, { firstName, lastName: 'Mariner', email, password: 'harbor-pass-42' });
  await page.getByRole('heading', { name: /^Welcome (back )?to K&B Marine$/ }).waitFor();
  return email;
}


async function toast(page: Page, title: string) {
  try {
    await page.locator('[data-sonner-toast]').filter({ hasText: title }).first().waitFor();
  } catch (error) {
    await snap(page, 'workspace-failure');
    const shown = await page.locator('[data-sonner-toast]').allTextContents();
    throw new Error(`no '${title}' toast; showing: ${JSON.stringify(shown)}`, { cause: error });
  }
}

async function noHorizontalOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

const group = (page: Page, name: 'Requests' | 'Upcoming' | 'Past') => page.getByRole('region', { name: new RegExp(`^${name}`) });
const cardIn = (page: Page, name: 'Requests' | 'Upcoming' | 'Past', booking: Booking) =>
  group(page, name).locator(`[data-testid="workspace-booking"][data-number="${booking.number}"]`);

/** The next local date from `from` on that falls on the weekday (0 = Sunday). */
function nextWeekday(from: string, weekday: number): string {
  let date = from;
  while (weekdayOf(date) !== weekday) date = addDays(date, 1);
  return date;
}

describe('the expert workspace', () => {
  it('tells a signed-in account without an expert profile where to apply', async () => {
    const { context, page } = await newPage(browser);
    const email = await signUpOwner(page, 'Nadia');
    // An administrator gave the role by hand, without an approved application: still no profile.
    operatorCommand('user:set-role', [email, 'expert']);
    await page.goto('/workspace');
    await page.getByRole('heading', { name: 'You do not have an expert profile yet' }).waitFor();
    expect(await page.getByRole('link', { name: 'Become a K&B Expert' }).getAttribute('href')).toBe('/expert/apply');
    await snap(page, 'workspace-no-profile-1280');
    await expectAccessible(page);
    await context.close();
  });

  it('lets a demo expert set their practice (instant booking, hours, a day off, a photo), accept a request, decline another with a reason and complete a started booking', async () => {
    const videoExperts = await api<Expert[]>('/api/experts?serviceType=video&available=true&sort=name&limit=100');
    // The last by name: the other journeys book the first ones.
    const expert = videoExperts.at(-1)!;
    const email = demoEmailOf(expert.name);
    setPasswordOf(email, EXPERT_PASSWORD);

    const { context: expertContext, page } = await newPage(browser);
    await signInThroughUi(page, email, EXPERT_PASSWORD);
    // An expert lands in the workspace, which the header names too.
    await page.getByRole('heading', { name: 'Expert Workspace' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/workspace');
    const header = page.getByRole('navigation', { name: 'Main' });
    await header.getByRole('link', { name: 'Workspace' }).click();
    await page.getByRole('heading', { name: 'Expert Workspace' }).waitFor();
    // The account menu leads there as well.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Workspace' }).click();
    await page.getByRole('heading', { name: 'Expert Workspace' }).waitFor();

    // The practice: answer requests instead of instant bookings, and a shorter week for video.
    await page.getByRole('tab', { name: 'Practice' }).click();
    const instant = page.getByRole('checkbox', { name: /^Instant booking/ });
    if (await instant.isChecked()) await instant.uncheck();
    await page.getByRole('button', { name: 'Save practice' }).click();
    await toast(page, 'Practice saved');
    await expect.poll(async () => (await api<Expert>(`/api/experts/${expert.id}`)).serviceTypes).toContain('video');

    await page.getByRole('button', { name: 'Video calls' }).click();
    await page.getByRole('checkbox', { name: 'Work on Sunday' }).uncheck();
    await page.getByRole('combobox', { name: 'Saturday from' }).selectOption('10:00');
    // A range that ends before it starts is refused next to its day, before anything is sent.
    await page.getByRole('combobox', { name: 'Saturday to' }).selectOption('09:00');
    await page.getByRole('button', { name: 'Save working hours' }).click();
    await page.getByRole('listitem').filter({ hasText: 'Saturday' }).getByRole('alert').filter({ hasText: 'The end time must be after the start time' }).waitFor();
    await page.getByRole('combobox', { name: 'Saturday to' }).selectOption('14:00');
    await expect.poll(() => page.getByText('The end time must be after the start time').count()).toBe(0);
    await page.getByRole('button', { name: 'Save working hours' }).click();
    await toast(page, 'Working hours saved');
    const today = localDateOf(new Date(), expert.timeZone);
    const saturday = nextWeekday(addDays(today, 2), 6);
    const sunday = nextWeekday(addDays(today, 2), 0);
    const times = async (date: string) => (await api<Slot[]>(`/api/experts/${expert.id}/slots?type=video&date=${date}`)).map((s) => s.time);
    expect(await times(saturday)).toEqual(['10:00 AM', '11:00 AM', '1:00 PM']);
    expect(await times(sunday)).toEqual([]);
    // A day off: no times that day.
    const dayOff = addDays(today, 30);
    await page.getByLabel('Date', { exact: true }).fill(dayOff);
    await page.getByLabel('Note').fill('Boat show');
    await page.getByRole('button', { name: 'Add day off' }).click();
    await toast(page, 'Day off added');
    await page.getByRole('list', { name: 'Days off' }).getByText('Boat show').waitFor();
    expect(await times(dayOff)).toEqual([]);

    // A new photo, re-encoded by the server, shows in the listings.
    const photo = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#4a7a9c' } }).png().toBuffer();
    await page.locator('#profile-photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
    await toast(page, 'Photo updated');
    await expect.poll(async () => (await api<Expert>(`/api/experts/${expert.id}`)).profileImage).toMatch(/^\/api\/expert-photos\//);
    expect(await page.getByRole('img', { name: `${expert.name}'s profile photo` }).getAttribute('src')).toMatch(/^\/api\/expert-photos\//);

    await snap(page, 'workspace-practice-1280');
    await expectAccessible(page);

    // An owner, in a browser of their own, books through the video form.
    const { context: ownerContext, page: owner } = await newPage(browser);
    await signUpOwner(owner, 'Olive');
    const first = await firstFreeSlot(owner, expert, 'video', { daysAhead: 2 });
    await owner.goto('/book-video');
    await owner.getByLabel('Expert', { exact: true }).selectOption(String(expert.id));
    await owner.getByLabel('Describe the Issue').fill('Port engine overheats after 20 minutes at cruising speed.');
    await owner.getByLabel('Preferred Date').fill(first.date);
    await owner.getByLabel('Preferred Time').selectOption(first.slot.time);
    await owner.getByRole('button', { name: 'Book Video Call' }).click();
    await owner.getByRole('heading', { name: /^Booking #\d+$/ }).waitFor();
    const ownerBookings = (await owner.request.get('/api/bookings').then((r) => r.json())) as Booking[];
    const accepted = ownerBookings.find((b) => b.expert.id === expert.id)!;
    expect(accepted.status).toBe('requested');
    const second = await firstFreeSlot(owner, expert, 'video', { daysAhead: 2, skip: 1 });
    const declined = await bookThroughApi(owner, {
      serviceType: 'video',
      expertId: expert.id,
      description: 'Chartplotter loses GPS fix in the marina.',
      scheduledDate: second.date,
      preferredTime: second.slot.time,
    });

    // The expert answers: accept the first, decline the second with a reason.
    await page.reload();
    await page.getByRole('tab', { name: 'Bookings' }).click();
    const request = cardIn(page, 'Requests', accepted);
    await request.getByText('Olive Mariner').waitFor();
    await request.getByText('Port engine overheats after 20 minutes at cruising speed.').waitFor();
    await request.getByText(/Answer by .+, or the request expires/).waitFor();
    await request.getByRole('button', { name: 'Accept' }).click();
    await toast(page, 'Request accepted');
    const upcoming = cardIn(page, 'Upcoming', accepted);
    await upcoming.getByText('Confirmed', { exact: true }).waitFor();
    await upcoming.getByText('‘Mark completed’ opens here at the start time.').waitFor();

    // The booking's page speaks to the expert reading it: what is reserved, where and when it is finished, who did what.
    await upcoming.getByRole('link', { name: /Booking page and messages/ }).click();
    await page.getByRole('heading', { name: `Booking #${accepted.number}` }).waitFor();
    const notice = page.getByRole('status').filter({ hasText: 'This time is reserved for Olive Mariner.' });
    await notice.getByText(/‘Mark completed’ opens in your workspace at the start time/).waitFor();
    await page.getByText('you complete the booking in your workspace and Olive Mariner is sent the final invoice').waitFor();
    const history = (await page.getByRole('heading', { name: 'Status History' }).locator('..').textContent()) ?? '';
    expect(history).toMatch(/Booked.*by Olive Mariner/);
    expect(history).toMatch(/Confirmed.*by You/);
    const pageText = (await page.locator('main').textContent()) ?? '';
    expect(pageText).not.toMatch(/reserved for you|you pay it here|move this booking/);
    await snap(page, 'booking-as-expert-1280');
    await expectAccessible(page);

    // The expert's dashboard names their next work, not only an owner's activity.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    const work = page.getByRole('heading', { name: 'Your upcoming work' }).locator('..');
    await work.getByRole('link', { name: `Video call with Olive Mariner · #${accepted.number}` }).waitFor();
    await work.getByText('1 request waits for your answer').waitFor();
    await snap(page, 'dashboard-as-expert-1280');
    await expectAccessible(page);
    await page.goto('/workspace');
    await page.getByRole('tab', { name: 'Bookings' }).click();

    await cardIn(page, 'Requests', declined).getByRole('button', { name: 'Decline' }).click();
    const dialog = page.getByRole('dialog', { name: `Decline booking #${declined.number}?` });
    await dialog.getByRole('button', { name: 'Decline request' }).click();
    await dialog.getByText('Please tell the owner why you cannot take this booking').waitFor();
    await snap(page, 'workspace-decline-dialog-1280');
    await dialog.getByLabel('Reason for declining').fill('I am at a boat show that week.');
    await dialog.getByRole('button', { name: 'Decline request' }).click();
    await toast(page, 'Request declined');
    await cardIn(page, 'Past', declined).getByText('I am at a boat show that week.').waitFor();

    // Not before the start: then the booking can be completed.
    expect(await cardIn(page, 'Upcoming', accepted).getByRole('button', { name: 'Mark completed' }).count()).toBe(0);
    await setTestClock(new Date(new Date(accepted.startsAt).getTime() + 10 * 60_000));
    try {
      await page.reload();
      const started = cardIn(page, 'Upcoming', accepted);
      await started.getByRole('button', { name: 'Owner did not show' }).waitFor();
      await started.getByRole('button', { name: 'Mark completed' }).click();
      await toast(page, 'Marked completed');
      await cardIn(page, 'Past', accepted).getByText('Completed', { exact: true }).waitFor();
    } finally {
      await setTestClock(null);
    }
    await snap(page, 'workspace-bookings-1280');
    await expectAccessible(page);
    await ownerContext.close();
    await expertContext.close();

    // The same workspace at 390 px.
    const { context: mobileContext, page: mobile } = await newPage(browser, MOBILE);
    await signInThroughUi(mobile, email, EXPERT_PASSWORD);
    await mobile.goto('/workspace');
    await cardIn(mobile, 'Past', accepted).waitFor();
    await noHorizontalOverflow(mobile);
    await snap(mobile, 'workspace-bookings-390');
    await expectAccessible(mobile);
    await mobile.getByRole('tab', { name: 'Practice' }).click();
    await mobile.getByRole('button', { name: 'Save working hours' }).waitFor();
    await noHorizontalOverflow(mobile);
    await snap(mobile, 'workspace-practice-390');
    await expectAccessible(mobile);
    await mobileContext.close();
  });
});
