import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectAccessible, launchBrowser, newPage, signUpThroughUi, snap, uniqueEmail } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

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
    await page.waitForURL(/\/login\?returnTo=%2F/);
    await page.getByRole('tab', { name: 'Create Account' }).waitFor();
    await snap(page, 'login-1280');
    await expectAccessible(page);
    await signUpThroughUi(page, { firstName: 'Marina', lastName: 'Delgado', email, password: 'seaworthy-pass-1' });

    await page.getByRole('heading', { name: /Welcome back to/ }).waitFor();
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
    await page.getByRole('heading', { name: /Welcome back to/ }).waitFor();
    await context.clearCookies();

    await page.goto('/login');
    await signUpThroughUi(page, { firstName: 'Tom', lastName: 'Again', email, password: 'other-pass-123' });
    await page.getByText('An account with this e-mail already exists').waitFor();

    await page.getByRole('tab', { name: 'Sign In' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong-pass-123');
    await page.getByRole('button', { name: 'Sign In' }).last().click();
    await page.getByText('Wrong e-mail or password').waitFor();

    await page.getByLabel('Password').fill('first-pass-123');
    await page.getByRole('button', { name: 'Sign In' }).last().click();
    await page.getByRole('heading', { name: /Welcome back to/ }).waitFor();
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
