import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Expert } from '../src/common/experts.js';
import { demoEmailOf } from '../src/server/seed/demo-accounts.js';
import { MOBILE, baseUrl, expectAccessible, newPage, workerBrowser, signUpThroughUi, snap, uniqueEmail } from './browser.js';
import { bookVideo } from './book-through-api.js';
import { setPasswordOf, signInThroughUi } from './accounts.js';

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
});

const EXPERT_PASSWORD = 'messages-pass-42';



const thread = (page: Page) => page.getByRole('log', { name: /^Messages with/ });

async function send(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await thread(page).getByText(text, { exact: true }).waitFor();
  await expect.poll(() => page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('');
}

describe('messages on a booking', () => {
  it('carries text and photos live between the owner and the expert, keeps markup as text, and counts unread messages', async () => {
    const experts = (await (await fetch(`${baseUrl()}/api/experts?serviceType=video&available=true&sort=name&limit=100`)).json()) as Expert[];
    // Not the first ones (other journeys book them) nor the last (the workspace journey changes its hours).
    const expert = experts.at(-3)!;
    const expertEmail = demoEmailOf(expert.name);
    setPasswordOf(expertEmail, EXPERT_PASSWORD);

    const { context: ownerContext, page: owner } = await newPage(browser);
    await owner.goto('/login');
    await signUpThroughUi(owner, { firstName: 'Olive', lastName: 'Mariner', email: uniqueEmail('olive'), password: 'harbor-pass-42' });
    await owner.getByRole('heading', { name: /^Welcome (back )?to K&B Marine$/ }).waitFor();
    const booking = await bookVideo(owner, expert, 'Raw-water pump leaks at the shaft seal', 9);

    // The expert, on a phone, opens the booking from the workspace.
    const { context: expertContext, page: pro } = await newPage(browser, MOBILE);
    await signInThroughUi(pro, expertEmail, EXPERT_PASSWORD);
    await pro.goto('/workspace');
    await pro.locator(`[data-testid="workspace-booking"][data-number="${booking.number}"]`).getByRole('link', { name: /Booking page and messages/ }).click();
    await pro.getByRole('heading', { name: `Booking #${booking.number}` }).waitFor();
    await pro.getByText('No messages yet').waitFor();
    await snap(pro, 'messages-empty-390');
    await expectAccessible(pro);

    const dialogs: string[] = [];
    for (const page of [owner, pro]) page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    // A marker that a reload would wipe: the expert's page must take the messages without one.
    await pro.evaluate(() => ((window as unknown as { stayedOpen: boolean }).stayedOpen = true));

    await owner.goto(`/bookings/${booking.id}`);
    await owner.getByRole('heading', { name: 'Messages' }).waitFor();
    await send(owner, 'Hello! The pump drips about once a second when the engine runs.');
    await thread(pro).getByText('Hello! The pump drips about once a second when the engine runs.').waitFor();

    await send(pro, 'Thanks. Could you send a photo of the seal area?\nFrom below if you can.');
    await thread(owner).getByText(/Could you send a photo of the seal area\?/).waitFor();
    // The owner's page read it, so the expert sees 'Seen' under their message.
    await thread(pro).getByText('Seen').waitFor();

    // A photo with a caption (a PNG: the server re-encodes it as JPEG).
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#2f6f8f' } }).png().toBuffer();
    await owner.getByTestId('message-photo-input').setInputFiles({ name: 'seal.png', mimeType: 'image/png', buffer: photo });
    await owner.getByRole('textbox', { name: 'Photo caption' }).fill('Seal from below');
    await owner.getByRole('button', { name: 'Send' }).click();
    const received = thread(pro).getByRole('img', { name: 'Photo from Olive Mariner' });
    await received.waitFor();
    await expect.poll(() => received.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
    await thread(pro).getByText('Seal from below').waitFor();
    await thread(pro).getByRole('button', { name: 'Open the photo from olive mariner' }).click();
    await pro.getByRole('dialog', { name: 'Photo from Olive Mariner' }).waitFor();
    await snap(pro, 'messages-photo-open-390');
    await pro.keyboard.press('Escape');

    // Markup stays text and runs nothing.
    const attempts = ['<img src=x onerror=alert(1)>', '<script>alert("messages")</script>'];
    for (const attempt of attempts) await send(owner, attempt);
    for (const attempt of attempts) await thread(pro).getByText(attempt, { exact: true }).waitFor();
    expect(await pro.locator('img[src="x"]').count()).toBe(0);
    expect(await pro.evaluate(() => (window as unknown as { stayedOpen?: boolean }).stayedOpen)).toBe(true);

    await snap(pro, 'messages-thread-390');
    await snap(owner, 'messages-thread-1280');
    await expectAccessible(owner);
    await expectAccessible(pro);

    // On another page, the expert's avatar menu and workspace count what arrives.
    await pro.goto('/workspace');
    await pro.getByRole('heading', { name: 'Expert Workspace' }).waitFor();
    await send(owner, 'Also, the bilge alarm went off once.');
    // A page change reads the counts again.
    await pro.goto('/bookings');
    await pro.getByRole('button', { name: 'Account menu, 1 unread message' }).waitFor();
    await pro.goto('/workspace');
    await pro.locator(`[data-testid="workspace-booking"][data-number="${booking.number}"]`).getByTestId('booking-unread').getByText('1 unread').waitFor();
    // Opening the booking's page is not reading: on the phone its thread is below the fold, and the
    // message stays unread until the thread is on screen.
    const unreadTotal = async () => ((await pro.request.get('/api/messages/unread').then((r) => r.json())) as { total: number }).total;
    await pro.goto(`/bookings/${booking.id}`);
    await pro.getByRole('heading', { name: `Booking #${booking.number}` }).waitFor();
    await thread(pro).getByText('Also, the bilge alarm went off once.').waitFor({ state: 'attached' });
    expect(await thread(pro).isVisible() && (await thread(pro).boundingBox())!.y > MOBILE.height).toBe(true);
    await pro.waitForTimeout(1_500);
    expect(await unreadTotal()).toBe(1);
    // The unread link opens the thread itself, at the first unread message, and that reads it.
    await pro.goto('/workspace');
    await pro.getByRole('button', { name: 'Account menu, 1 unread message' }).click();
    await pro.getByRole('menuitem', { name: '1 unread message' }).click();
    await pro.waitForURL(`**/bookings/${booking.id}#messages`);
    const unread = thread(pro).getByText('Also, the bilge alarm went off once.');
    await unread.waitFor();
    await expect.poll(async () => {
      const box = await unread.boundingBox();
      return !!box && box.y >= 0 && box.y + box.height <= MOBILE.height;
    }).toBe(true);
    await expect.poll(unreadTotal).toBe(0);
    await pro.getByRole('button', { name: 'Account menu' }).waitFor();
    await snap(pro, 'messages-unread-link-390');

    expect(dialogs).toEqual([]);
    await ownerContext.close();
    await expertContext.close();
  });

  it('shows a message and a photo once when the first answer was lost and the browser sent them again', async () => {
    const experts = (await (await fetch(`${baseUrl()}/api/experts?serviceType=video&available=true&sort=name&limit=100`)).json()) as Expert[];
    const expert = experts.at(-3)!;
    const { context, page: owner } = await newPage(browser);
    await owner.goto('/login');
    await signUpThroughUi(owner, { firstName: 'Rhea', lastName: 'Retry', email: uniqueEmail('rhea'), password: 'harbor-pass-43' });
    await owner.getByRole('heading', { name: /^Welcome (back )?to K&B Marine$/ }).waitFor();
    const booking = await bookVideo(owner, expert, 'Anchor light flickers in rain', 12);

    // The first send of each message reaches the server, which stores it, and its answer is cut off.
    const keys: string[] = [];
    await owner.route(`**/api/bookings/${booking.id}/messages**`, async (route) => {
      const request = route.request();
      if (request.method() !== 'POST' || request.url().endsWith('/read')) return route.continue();
      keys.push(request.headers()['idempotency-key'] ?? '');
      if (keys.length % 2 === 1) {
        await route.fetch();
        return route.abort('connectionreset');
      }
      return route.continue();
    });

    await owner.goto(`/bookings/${booking.id}`);
    await owner.getByRole('heading', { name: 'Messages' }).waitFor();
    const text = 'The masthead light goes out whenever it rains.';
    await send(owner, text);
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#8f2f4f' } }).png().toBuffer();
    await owner.getByTestId('message-photo-input').setInputFiles({ name: 'light.png', mimeType: 'image/png', buffer: photo });
    await owner.getByRole('textbox', { name: 'Photo caption' }).fill('The light at the masthead');
    await owner.getByRole('button', { name: 'Send' }).click();
    // The stored photo arrives through the live socket before the retry's answer; then the composer empties.
    await thread(owner).getByText('The light at the masthead').waitFor();
    await expect.poll(() => keys.length).toBe(4);
    await expect.poll(() => owner.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('');

    // Each message was sent twice under one key, and is stored and shown once.
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect([keys[1], keys[3]]).toEqual([keys[0], keys[2]]);
    expect(keys[2]).not.toBe(keys[0]);
    const stored = await owner.evaluate(async (url) => (await (await fetch(url, { credentials: 'include' })).json()) as { messages: { text: string | null }[] }, `/api/bookings/${booking.id}/messages`);
    expect(stored.messages.map((m) => m.text)).toEqual([text, 'The light at the masthead']);
    await owner.reload();
    await thread(owner).getByText(text, { exact: true }).waitFor();
    expect(await thread(owner).getByText(text, { exact: true }).count()).toBe(1);
    expect(await thread(owner).getByRole('img', { name: /^Photo from/ }).count()).toBe(1);
    await context.close();
  });
});
