import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MOBILE, enterEmailedCode, expectAccessible, workerBrowser, newPage, signUpThroughUi, snap, submitSignUpForm, uniqueEmail } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});

/**
 * The server's first answer to `path` is the refusal it gives when its password hashes are queued full
 * (auth/password-hashing.ts); every later request reaches the server. Answers how many were made.
 */
async function busyOnce(page: Page, path: string): Promise<() => number> {
  let requests = 0;
  await page.route(`**${path}`, async (route) => {
    requests += 1;
    if (requests > 1) return route.continue();
    return route.fulfill({
      status: 503,
      headers: { 'retry-after': '2', 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ message: 'Many people are signing in right now. Please try again in a moment.', code: 'SIGN_INS_BUSY' }),
    });
  });
  return () => requests;
}

describe('a busy moment at sign-in', () => {
  it('creating an account: says one moment, asks again by itself after Retry-After, and signs up', async () => {
    const { context, page } = await newPage(browser);
    const requests = await busyOnce(page, '/api/auth/sign-up/email');
    await page.goto('/login');
    const email = uniqueEmail('busy-up');
    await submitSignUpForm(page, { firstName: 'Rowan', lastName: 'Cleat', email, password: 'rowan-cleat-pass-1' });
    await page.getByRole('status').filter({ hasText: 'We will try again for you in a few seconds' }).waitFor();
    await page.getByRole('button', { name: 'One moment...' }).waitFor();
    expect(await page.getByRole('button', { name: 'One moment...' }).isDisabled()).toBe(true);
    await snap(page, 'sign-up-busy-1280');
    await expectAccessible(page);
    await page.getByRole('heading', { name: 'Confirm your e-mail' }).waitFor();
    await enterEmailedCode(page, email);
    await page.getByRole('heading', { name: /^Welcome (back )?to K&B Marine$/ }).waitFor();
    expect(requests()).toBe(2);
    await context.close();
  });

  it('signing in on a phone: the same, without pressing again', async () => {
    const email = uniqueEmail('busy-in');
    const first = await newPage(browser, MOBILE);
    await first.page.goto('/login');
    await signUpThroughUi(first.page, { firstName: 'Sol', lastName: 'Fender', email, password: 'sol-fender-pass-1' });
    await first.page.getByRole('heading', { name: /^Welcome (back )?to K&B Marine$/ }).waitFor();
    await first.context.close();

    const { context, page } = await newPage(browser, MOBILE);
    const requests = await busyOnce(page, '/api/auth/sign-in/email');
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('sol-fender-pass-1');
    await page.getByRole('button', { name: 'Sign In' }).last().click();
    await page.getByRole('status').filter({ hasText: 'We will try again for you in a few seconds' }).waitFor();
    await snap(page, 'sign-in-busy-390');
    await expectAccessible(page);
    await page.getByRole('heading', { name: /^Welcome (back )?to K&B Marine$/ }).waitFor();
    expect(requests()).toBe(2);
    await context.close();
  });
});
