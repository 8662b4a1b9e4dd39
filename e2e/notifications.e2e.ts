import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Expert } from '../src/common/experts.js';
import { demoEmailOf } from '../src/server/seed/demo-accounts.js';
import { MOBILE, baseUrl, expectAccessible, newPage, signUpThroughUi, snap, uniqueEmail, workerBrowser } from './browser.js';
import { bookVideo } from './book-through-api.js';
import { setPasswordOf, signInThroughUi } from './accounts.js';
import { waitForMail } from './mail-drop.js';

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {});

const EXPERT_PASSWORD = 'bell-pass-42';

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
/** The unread count the bell says it has (its label, as a screen reader hears it). */
async function unreadOf(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(label)?.[1] ?? 0);
}

describe('notifications', () => {
  it('rings the bell live when a request arrives from another browser, lists it, and lets the person choose and unsubscribe', async () => {
    const experts = (await (await fetch(`${baseUrl()}/api/experts?serviceType=video&available=true&sort=name&limit=100`)).json()) as Expert[];
    // Not the ones other journeys book (the first ones, the last three).
    const expert = experts.at(-4)!;
    const expertEmail = demoEmailOf(expert.name);
    setPasswordOf(expertEmail, EXPERT_PASSWORD);

    // The expert, on a phone, has the workspace open.
    const { page: pro } = await newPage(browser, MOBILE);
    await signInThroughUi(pro, expertEmail, EXPERT_PASSWORD);
    await pro.goto('/workspace');
    await bell(pro).waitFor();
    const before = await unreadOf(pro);
    await pro.evaluate(() => ((window as unknown as { stayedOpen: boolean }).stayedOpen = true));

    // An owner books in another browser; the expert's bell counts it without a reload.
    const { page: owner } = await newPage(browser);
    await owner.goto('/login');
    await signUpThroughUi(owner, { firstName: 'Bella', lastName: 'Ringer', email: uniqueEmail('bella'), password: 'harbor-pass-42' });
    await owner.getByRole('heading', { name: /^Welcome (back )?to K&B Marine$/ }).waitFor();
    const booking = await bookVideo(owner, expert, 'Chartplotter loses its GPS fix offshore', 11);
    await expect.poll(() => unreadOf(pro), { timeout: 10_000 }).toBe(before + 1);
    expect(await pro.evaluate(() => (window as unknown as { stayedOpen?: boolean }).stayedOpen)).toBe(true);

    // An expert who takes instant bookings hears of a confirmed booking, else of a request to answer.
    const instant = booking.status === 'confirmed';
    const title = instant ? `New booking #${booking.number} confirmed` : `New booking request #${booking.number}`;
    const label = instant ? 'Booking confirmed' : 'New booking requests';

    // The bell opens the latest, this one first; following it opens its page and marks it read.
    await bell(pro).click();
    const request = pro.getByRole('menuitem', { name: new RegExp(title) });
    await request.waitFor();
    await expect.poll(() => request.textContent()).toContain(instant ? 'Bella Ringer booked a video consultation' : 'Bella Ringer asks for a video consultation');
    await snap(pro, 'notification-bell-390');
    await expectAccessible(pro);
    await request.click();
    await pro.waitForURL(instant ? new RegExp(`/bookings/${booking.id}$`) : /\/workspace$/);
    await expect.poll(() => unreadOf(pro)).toBe(before);

    // Every notification, on its own page.
    await pro.goto('/notifications');
    await pro.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    await pro.getByRole('link', { name: new RegExp(title) }).waitFor();
    await snap(pro, 'notifications-390');
    await expectAccessible(pro);

    // The request's e-mail carries a one-click unsubscribe; opened in a browser, its page asks first.
    const mail = await waitForMail(expertEmail, new RegExp(`${instant ? 'Booking confirmed' : 'New booking request'}: #${booking.number}`));
    const link = new RegExp(`Stop e-mails about ${label.toLowerCase()}: (\\S+)`).exec(mail.text ?? '')?.[1];
    expect(link).toBeDefined();
    const { page: stranger } = await newPage(browser, MOBILE);
    await stranger.goto(link!.replace(/^https?:\/\/[^/]+/, ''));
    await stranger.getByRole('heading', { name: 'Stop these e-mails?' }).waitFor();
    await stranger.getByRole('button', { name: 'Unsubscribe' }).click();
    await stranger.getByRole('heading', { name: 'Unsubscribed' }).waitFor();
    await stranger.getByText(`You will no longer get e-mails about ${label.toLowerCase()}.`).waitFor();
    await snap(stranger, 'unsubscribed-390');
    await expectAccessible(stranger);

    // Settings shows it off; the expert turns it back on, and it stays on after a reload.
    await pro.goto('/settings#notifications');
    const requestsByEmail = pro.getByRole('checkbox', { name: `${label}: E-mail` });
    await requestsByEmail.waitFor();
    await expect.poll(() => requestsByEmail.isChecked()).toBe(false);
    await requestsByEmail.check();
    await pro.getByRole('button', { name: 'Save notification settings' }).click();
    await pro.getByText('Notification settings saved').first().waitFor();
    await pro.reload();
    await expect.poll(() => pro.getByRole('checkbox', { name: `${label}: E-mail` }).isChecked()).toBe(true);
    // Invoices and receipts always come by e-mail: no box to untick.
    expect(await pro.getByRole('checkbox', { name: 'Invoices: E-mail' }).count()).toBe(0);
    await snap(pro, 'settings-notifications-390');
    await expectAccessible(pro);
  });
});
