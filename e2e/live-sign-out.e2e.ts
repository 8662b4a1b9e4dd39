import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Expert } from '../src/common/experts.js';
import { baseUrl, workerBrowser, newPage, signUpThroughUi, snap, uniqueEmail } from './browser.js';
import { bookVideo } from './book-through-api.js';

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
});

describe('a page whose session ends elsewhere', () => {
  it('goes to sign in, and back to the booking after, when the person signs out in another tab; it does not keep reconnecting', async () => {
    const experts = (await (await fetch(`${baseUrl()}/api/experts?serviceType=video&available=true&sort=name&limit=100`)).json()) as Expert[];
    const expert = experts.at(-3)!;
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    const password = 'harbor-pass-44';
    const email = uniqueEmail('sol');
    await signUpThroughUi(page, { firstName: 'Sol', lastName: 'Signout', email, password });
    await page.getByRole('heading', { name: /^Welcome (back )?to K&B Marine$/ }).waitFor();
    const booking = await bookVideo(page, expert, 'Windlass trips its breaker', 15);

    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));
    await page.goto(`/bookings/${booking.id}`);
    await page.getByRole('heading', { name: 'Messages' }).waitFor();
    await expect.poll(() => sockets.length).toBeGreaterThanOrEqual(1);
    // Counted from here: on a loaded machine the page may open its socket a second time before this point.
    const opened = sockets.length;

    // Another tab of the same browser signs out: the session ends, and the server closes this page's socket.
    const other = await context.newPage();
    await other.goto('/');
    const signOut = await other.evaluate(async () => (await fetch('/api/auth/sign-out', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status);
    expect(signOut).toBe(200);
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('returnTo') === `/bookings/${booking.id}`);
    await page.getByRole('tab', { name: 'Sign In' }).waitFor();
    // At most one attempt to reconnect before the page learned it was signed out.
    expect(sockets.length - opened).toBeLessThanOrEqual(1);
    await snap(page, 'live-signed-out-1280');

    await page.getByRole('tab', { name: 'Sign In' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).last().click();
    await page.getByRole('heading', { name: `Booking #${booking.number}` }).waitFor();
    await page.getByRole('heading', { name: 'Messages' }).waitFor();
    await context.close();
  });
});
