import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Expert } from '../src/common/experts.js';
import { addDays, localDateOf, zonedTimeToInstant } from '../src/common/zoned-time.js';
import { demoEmailOf } from '../src/server/seed/demo-accounts.js';
import { calendarText, startCalendarServer, type CalendarServer } from '../src/server/test/calendar-server.js';
import { DESKTOP, MOBILE, baseUrl, expectAccessible, newPage, signUpThroughUi, snap, uniqueEmail, workerBrowser } from './browser.js';
import { setPasswordOf, signInThroughUi } from './accounts.js';

let browser: Browser;
let calendars: CalendarServer;
beforeAll(async () => {
  browser = await workerBrowser();
  calendars = await startCalendarServer();
});
afterAll(async () => {
  await calendars?.close();
});

const stamp = (instant: Date) => instant.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

async function noHorizontalOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

describe('calendars', () => {
  it("lets an expert add their own calendar, whose busy times show in the workspace and leave the directory's free times", async () => {
    const experts: Expert[] = await (await fetch(`${baseUrl()}/api/experts?serviceType=video&available=true&sort=name&limit=100`)).json();
    // The middle of the list: the other journeys book the first and the last ones.
    const expert = experts[Math.floor(experts.length / 2)]!;
    const email = demoEmailOf(expert.name);
    setPasswordOf(email, 'calendar-pass-42');
    const day = addDays(localDateOf(new Date(), expert.timeZone), 2);
    const busyStart = zonedTimeToInstant(day, 10 * 60, expert.timeZone);
    const good = calendars.publish('/personal.ics', {
      kind: 'calendar',
      text: calendarText([['UID:dentist', `DTSTART:${stamp(busyStart)}`, `DTEND:${stamp(new Date(busyStart.getTime() + 3_600_000))}`, 'SUMMARY:Dentist (private)']]),
    });
    const broken = calendars.publish('/work.ics', { kind: 'text', body: '<html>Sign in to see this calendar</html>' });

    for (const viewport of [DESKTOP, MOBILE]) {
      const { context, page } = await newPage(browser, viewport);
      await signInThroughUi(page, email, 'calendar-pass-42');
      await page.goto('/workspace?tab=practice');
      await page.getByRole('heading', { name: 'Your calendars' }).waitFor();
      if (viewport === DESKTOP) {
        await page.getByLabel('Name').fill('Personal');
        await page.getByLabel('Calendar address (ICS)').fill(good);
        await page.getByRole('button', { name: 'Add calendar' }).click();
        await page.getByText(/Read .*: 1 busy time ahead\./).waitFor();
        await page.getByLabel('Name').fill('Work');
        await page.getByLabel('Calendar address (ICS)').fill(broken);
        await page.getByRole('button', { name: 'Add calendar' }).click();
        await page.getByText('Could not read this calendar: it is not a calendar (an iCalendar file starts with BEGIN:VCALENDAR).', { exact: false }).waitFor();
      }
      await page.getByRole('list', { name: 'Your coming week' }).getByText('Busy (from your calendar)').waitFor();
      // Only the time is kept: never what the event is.
      expect(await page.getByText('Dentist').count()).toBe(0);
      await page.getByRole('heading', { name: 'Your calendars' }).scrollIntoViewIfNeeded();
      await noHorizontalOverflow(page);
      await snap(page, `calendars-workspace-${viewport.width}`);
      if (viewport === DESKTOP) await expectAccessible(page);
      await context.close();
    }
    const slots: { time: string }[] = await (await fetch(`${baseUrl()}/api/experts/${expert.id}/slots?type=video&date=${day}`)).json();
    expect(slots.map((slot) => slot.time)).not.toContain('10:00 AM');
  });

  it('gives an account a private calendar address, shown once, and a reset that ends the old one', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await signUpThroughUi(page, { firstName: 'Cal', lastName: 'Feeder', email: uniqueEmail('feed'), password: 'harbor-pass-42' });
    await page.getByRole('heading', { name: /^Welcome (back )?to K&B Marine$/ }).waitFor();
    await page.goto('/settings');
    await page.getByText('Calendar feed', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Create link' }).click();
    const address = page.getByLabel('Your calendar address');
    await address.waitFor();
    const first = await address.inputValue();
    expect(first).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const feed = await fetch(first);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    await page.getByText('How to add it to your calendar').click();
    await snap(page, 'calendars-settings-1280');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Reset link' }).click();
    await page.getByRole('dialog', { name: 'Reset your calendar link?' }).getByRole('button', { name: 'Reset link' }).click();
    await expect.poll(() => address.inputValue()).not.toBe(first);
    expect((await fetch(first)).status).toBe(404);
    expect((await fetch(await address.inputValue())).status).toBe(200);
    await context.close();

    const { context: phone, page: small } = await newPage(browser, MOBILE);
    await small.goto('/login');
    await signUpThroughUi(small, { firstName: 'Phone', lastName: 'Feeder', email: uniqueEmail('feed-phone'), password: 'harbor-pass-42' });
    await small.getByRole('heading', { name: /^Welcome (back )?to K&B Marine$/ }).waitFor();
    await small.goto('/settings');
    await small.getByRole('button', { name: 'Create link' }).click();
    await small.getByLabel('Your calendar address').waitFor();
    await noHorizontalOverflow(small);
    await snap(small, 'calendars-settings-390');
    await phone.close();
  });
});
