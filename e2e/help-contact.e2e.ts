import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, MOBILE, expectAccessible, workerBrowser, makeAdmin, newPage, signUpThroughUi, snap, uniqueEmail } from './browser.js';
import { bookVideo, expertsOffering } from './book-through-api.js';
import { waitForMail } from './mail-drop.js';

/*
 * The footer's Support links, end to end: the Help Center searched as one types, an owner writing about
 * their booking with Contact Us, and an administrator answering from Contact Messages, the reply arriving
 * by e-mail (docs/PRODUCT.md#help-center, docs/PRODUCT.md#contact-us).
 */

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
});

async function open(viewport = DESKTOP): Promise<Page> {
  const { context, page } = await newPage(browser, viewport);
  contexts.push(context);
  return page;
}

async function signUpAs(page: Page, firstName: string, lastName: string, email: string) {
  await page.goto('/login');
  await signUpThroughUi(page, { firstName, lastName, email, password: 'harbor-pass-42' });
  await page.getByRole('heading', { name: /^Welcome (back )?to K&B Marine$/ }).waitFor();
}

async function toast(page: Page, title: string) {
  await page.locator('[data-sonner-toast]').filter({ hasText: title }).first().waitFor();
}

/** Toasts last 5 s; screenshots wait for them to leave so the screen shows. */
const toastsGone = (page: Page) => expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 10_000 }).toBe(0);

const QUESTION = 'Can the expert look at my bilge pump on the call too?';

describe('help and contact', () => {
  it('finds answers in the Help Center as the visitor types, on a phone and a desktop', async () => {
    for (const [viewport, name] of [[MOBILE, 'help-390'], [DESKTOP, 'help-1280']] as const) {
      const page = await open(viewport);
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name: 'Help Center' }).click();
      await page.getByRole('heading', { name: 'Help Center', level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'When do I pay?' }).waitFor();
      await expectAccessible(page);
      await snap(page, name);

      await page.getByLabel('Search the help').fill('recorded');
      await page.getByText('1 answer matches “recorded”.').waitFor();
      await page.getByRole('heading', { name: 'Are calls recorded?' }).waitFor();
      expect(await page.getByRole('heading', { name: 'When do I pay?' }).count()).toBe(0);
      expect(new URL(page.url()).searchParams.get('q')).toBe('recorded');
      await page.getByLabel('Search the help').fill('submarine periscope');
      await page.getByText('No answers match “submarine periscope”.').waitFor();
      await expectAccessible(page);
    }
  });

  it('lets an owner write about a booking and an administrator answer from the queue, the reply arriving by e-mail', async () => {
    const admin = await open();
    const adminEmail = uniqueEmail('queue-admin');
    await signUpAs(admin, 'Harper', 'Admiral', adminEmail);
    makeAdmin(adminEmail);

    const owner = await open(MOBILE);
    const ownerEmail = uniqueEmail('contact-owner');
    await signUpAs(owner, 'Marina', 'Keel', ownerEmail);
    const [expert] = await expertsOffering(owner, 'video');
    const booking = await bookVideo(owner, expert!, 'The bilge pump runs every few minutes.');

    await owner.getByRole('contentinfo').getByRole('link', { name: 'Contact Us' }).click();
    await owner.getByRole('heading', { name: 'Contact Us', level: 1 }).waitFor();
    await owner.getByText(`We will answer at your account's address, ${ownerEmail}.`).waitFor();
    // Sending with nothing filled in names what is missing, on its field.
    await owner.getByRole('button', { name: 'Send message' }).click();
    await owner.getByText('Please choose what your message is about').waitFor();
    await owner.getByText('Please write your message').waitFor();
    await expectAccessible(owner);

    await owner.getByLabel('Topic').selectOption({ label: 'A booking' });
    const bookingOption = await owner.getByLabel('Booking').locator('option', { hasText: `Booking #${booking.number}:` }).textContent();
    await owner.getByLabel('Booking').selectOption({ label: bookingOption! });
    await owner.getByLabel('Message').fill(QUESTION);
    await snap(owner, 'contact-390');
    await owner.getByRole('button', { name: 'Send message' }).click();
    await owner.getByRole('heading', { name: 'Message sent' }).waitFor();
    await owner.getByText('We have e-mailed you a copy of your message.').waitFor();
    await expectAccessible(owner);
    const acknowledgement = await waitForMail(ownerEmail, /^We received your message \(#\d+\)$/);
    expect(acknowledgement.text).toContain(QUESTION);
    await waitForMail(adminEmail, /^New contact message #\d+: A booking$/);

    // The administrator reaches the queue from their menu.
    await admin.reload();
    await admin.getByRole('button', { name: 'Account menu' }).click();
    await admin.getByRole('menuitem', { name: 'Contact Messages' }).click();
    await admin.getByRole('heading', { name: 'Contact Messages', level: 1 }).waitFor();
    const card = admin.locator('div').filter({ has: admin.getByText(QUESTION, { exact: true }) }).filter({ has: admin.getByRole('button', { name: 'Send reply' }) }).last();
    await card.getByText(`Booking #${booking.number}`).waitFor();
    await card.getByText('Marina Keel', { exact: false }).first().waitFor();
    await expectAccessible(admin);
    await card.getByLabel(`Reply to ${ownerEmail}`).fill('Yes: show the expert the pump and its float switch on the call.');
    await snap(admin, 'contact-messages-1280');
    await card.getByRole('button', { name: 'Send reply' }).click();
    await toast(admin, 'Reply sent');

    const reply = await waitForMail(ownerEmail, /^Re: your message to K&B Marine \(#\d+\)$/);
    expect(reply.text).toContain('show the expert the pump and its float switch');
    expect(reply.text).toContain(`> ${QUESTION}`);

    // Answered, it waits under 'Answered' until closed.
    await admin.getByRole('tab', { name: 'Answered' }).click();
    const answered = admin.locator('div').filter({ has: admin.getByText(QUESTION, { exact: true }) }).filter({ has: admin.getByRole('button', { name: 'Close message' }) }).last();
    await answered.getByText('Yes: show the expert the pump and its float switch on the call.').waitFor();
    await answered.getByRole('button', { name: 'Close message' }).click();
    await toast(admin, 'Message closed');
    await admin.getByRole('tab', { name: 'Closed' }).click();
    await admin.getByRole('tabpanel').getByText(QUESTION, { exact: true }).waitFor();
    await toastsGone(admin);
    await expectAccessible(admin);
  });

  it('takes a signed-out visitor\'s message with the address they give, and says nothing is sent to it yet', async () => {
    const visitor = await open(DESKTOP);
    await visitor.goto('/contact');
    await visitor.getByRole('button', { name: 'Send message' }).click();
    await visitor.getByText('Please enter your email address, so we can answer you').waitFor();
    await visitor.getByLabel('Your email address').fill(uniqueEmail('visitor'));
    await visitor.getByLabel('Topic').selectOption({ label: 'Something else' });
    await visitor.getByLabel('Message').fill('Do you have experts on Lake Champlain?');
    await snap(visitor, 'contact-1280');
    await visitor.getByRole('button', { name: 'Send message' }).click();
    await visitor.getByText('As you are not signed in, we send nothing to this address until we answer you.').waitFor();
    await expectAccessible(visitor);
  });
});
