import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MOBILE, baseUrl, emailedCode, enterEmailedCode, expectAccessible, workerBrowser, newPage, signUpThroughUi, snap, submitSignUpForm, uniqueEmail } from './browser.js';
import { signInThroughUi } from './accounts.js';
import { countMail, waitForMail } from './mail-drop.js';

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});

describe('a new boat owner', () => {
  it('creates an account, edits the profile and logs out', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('owner');

    await page.goto('/');
    await page.getByRole('heading', { name: /Marine Repair Solutions with/ }).waitFor();
    await page.getByText('Connect with certified marine experts and AI-powered diagnostics for all your boat repair needs.').waitFor();
    await snap(page, 'home-signed-out-1280');
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Get Started' }).click();
    // 'Get Started' opens the sign-in page on its Create Account tab.
    await page.waitForURL(/\/login\?mode=sign-up&returnTo=%2F$/);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Create Account' }).getAttribute('aria-selected')).toBe('true');
    await snap(page, 'login-1280');
    await expectAccessible(page);
    await signUpThroughUi(page, { firstName: 'Marina', lastName: 'Delgado', email, password: 'seaworthy-pass-1' });

    // A brand-new account is welcomed, not welcomed back.
    await page.getByRole('heading', { name: 'Welcome to K&B Marine' }).waitFor();
    // An owner's header has no expert's workspace in it.
    const header = page.getByRole('navigation', { name: 'Main' });
    await header.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await header.getByRole('link', { name: 'Workspace' }).count()).toBe(0);
    await page.getByText('Your marine repair solutions are just a click away.').waitFor();
    await page.getByText('AI Queries').waitFor();
    await snap(page, 'home-signed-in-1280');

    await page.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu');
    await menu.getByText('Marina Delgado').waitFor();
    await menu.getByText(email).waitFor();
    for (const entry of ['My Profile', 'Settings', 'View History', 'Log out']) {
      expect(await menu.getByRole('menuitem', { name: entry }).count()).toBe(1);
    }
    expect(await menu.getByRole('menuitem', { name: 'User Admin' }).count()).toBe(0);
    expect(await menu.getByRole('menuitem', { name: 'Expert Admin' }).count()).toBe(0);
    await menu.getByRole('menuitem', { name: 'My Profile' }).click();

    await page.getByRole('heading', { name: 'Profile Information' }).waitFor();
    expect(await page.getByText('Not provided').count()).toBe(5);
    await snap(page, 'profile-read-1280');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByText('Personal Information').waitFor();
    expect(await page.getByText('(Optional)').count()).toBe(5);

    await page.getByLabel('First Name').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('First name is required').waitFor();
    await page.getByLabel('First Name').fill('Marina');
    await page.getByLabel('Email Address').fill('not-an-email');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Invalid email address').waitFor();
    await snap(page, 'profile-edit-errors-1280');
    await expectAccessible(page);

    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Phone Number').fill('(843) 555-0199');
    await page.getByLabel('City').fill('Charleston');
    await page.getByLabel('State').fill('SC');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated successfully').waitFor();
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    await page.getByText('Charleston, SC').waitFor();
    expect(await page.getByText('(843) 555-0199').count()).toBeGreaterThan(0);
    await snap(page, 'profile-saved-1280');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('heading', { name: /Marine Repair Solutions with/ }).waitFor();
    await context.close();
  });

  it('is told clearly about a wrong password and a taken e-mail', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('taken');
    await page.goto('/login');
    await signUpThroughUi(page, { firstName: 'Tom', lastName: 'Reyes', email, password: 'first-pass-123' });
    await page.getByRole('heading', { name: /^Welcome (back )?to K&B Marine$/ }).waitFor();
    await context.clearCookies();

    // A taken address is answered as a new one: the page asks for a code, and the owner is told by e-mail.
    await page.goto('/login');
    await submitSignUpForm(page, { firstName: 'Tom', lastName: 'Again', email, password: 'other-pass-123' });
    await page.getByRole('heading', { name: 'Confirm your e-mail' }).waitFor();
    await page.getByText(`We have sent a 6-digit code to ${email}`).waitFor();
    await page.getByLabel('Code').fill('12345');
    await page.getByRole('button', { name: 'Confirm e-mail' }).click();
    await page.getByText('Enter the 6-digit code from the e-mail').waitFor();
    await page.getByLabel('Code').fill('000000');
    await page.getByRole('button', { name: 'Confirm e-mail' }).click();
    await page.getByText('That code is not right. Check the e-mail we sent and try again.').waitFor();
    await snap(page, 'confirm-email-code-1280');
    await expectAccessible(page);
    const notice = await waitForMail(email, /^Someone tried to create/);
    expect(notice.text).toContain('sign in instead');

    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong-pass-123');
    await page.getByRole('button', { name: 'Sign In' }).last().click();
    await page.getByText('Wrong e-mail or password').waitFor();

    await page.getByLabel('Password').fill('first-pass-123');
    await page.getByRole('button', { name: 'Sign In' }).last().click();
    await page.getByRole('heading', { name: /^Welcome (back )?to K&B Marine$/ }).waitFor();
    await context.close();
  });

  it('asks an account signed in by password before its code to confirm the address, with a new code on request', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    const email = uniqueEmail('unconfirmed');
    const created = await context.request.post('/api/auth/sign-up/email', {
      headers: { origin: baseUrl() },
      data: { email, password: 'unconfirmed-pass-1', name: 'Una Cove', firstName: 'Una', lastName: 'Cove' },
    });
    expect(created.status()).toBe(200);
    expect(created.headers()['set-cookie']).toBeUndefined();
    await emailedCode(email);
    await signInThroughUi(page, email, 'unconfirmed-pass-1');
    const banner = page.getByRole('region', { name: 'Confirm your e-mail' });
    await banner.getByText('Confirm your e-mail to get reminders').waitFor();
    await page.goto('/dashboard');
    await banner.getByText('Confirm your e-mail to get reminders').waitFor();
    await banner.getByRole('button', { name: 'Enter the code' }).click();
    await banner.getByRole('button', { name: 'Send the code again' }).click();
    await banner.getByText(`If ${email} still needs confirming, a new code is on its way (at most three an hour). Only the newest code works.`).waitFor();
    await snap(page, 'confirm-email-banner-390');
    await expectAccessible(page);
    await expect.poll(() => countMail(email, /is your .* code$/)).toBe(2);
    await enterEmailedCode(page, email);
    await banner.waitFor({ state: 'detached' });
    await context.close();
  });

  it('returns to the page it came from after signing in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/profile');
    await page.waitForURL(/\/login\?returnTo=%2Fprofile/);
    await signUpThroughUi(page, { firstName: 'Ada', lastName: 'Hull', email: uniqueEmail('return'), password: 'return-pass-1' });
    await page.waitForURL(/\/profile$/);
    await page.getByRole('heading', { name: 'Profile Information' }).waitFor();
    await context.close();
  });
});
