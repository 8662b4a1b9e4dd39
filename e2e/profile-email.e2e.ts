import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MOBILE, expectAccessible, workerBrowser, newPage, signUpThroughUi, snap, uniqueEmail } from './browser.js';
import { waitForMail } from './mail-drop.js';

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});

/** The path of the newest confirmation link mailed to `to`. */
async function confirmationLinkTo(to: string): Promise<string> {
  const mail = await waitForMail(to, /^Confirm your new/);
  const link = mail.text?.match(/https?:\/\/\S+\/confirm-email\?token=[\w-]+/)?.[0];
  expect(link).toBeDefined();
  const url = new URL(link!);
  return url.pathname + url.search;
}

async function editEmail(page: Page, email: string) {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Email Address').fill(email);
}

describe('changing the e-mail address on My Profile', () => {
  it('asks for the password, waits for the link to the new address, and changes it when the link is opened', async () => {
    const { context, page } = await newPage(browser);
    const oldEmail = uniqueEmail('old-address');
    const newEmail = uniqueEmail('new-address');
    await page.goto('/login');
    await signUpThroughUi(page, { firstName: 'Nell', lastName: 'Harbor', email: oldEmail, password: 'nell-harbor-pass-1' });
    await page.getByRole('heading', { name: /^Welcome (back )?to K&B Marine$/ }).waitFor();

    await editEmail(page, newEmail);
    await page.getByText('We will send a confirmation link to the new address.').waitFor();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Enter your current password to change your email address').waitFor();

    await page.getByLabel('Current Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.locator('#currentPassword-error').getByText('Incorrect password').waitFor();
    expect(await page.getByLabel('Current Password').evaluate((input) => input === document.activeElement)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, 'profile-email-password-1280');
    await expectAccessible(page);

    await page.getByLabel('Current Password').fill('nell-harbor-pass-1');
    await page.getByLabel('City').fill('Mystic');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated successfully').waitFor();
    const notice = page.getByRole('status').filter({ hasText: 'Confirm your new email address' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain(newEmail);
    expect(await notice.textContent()).toContain(`Your email address stays ${oldEmail}`);
    // The other field saved at once; the address waits for its link.
    await page.getByText('Mystic').first().waitFor();
    expect(await page.locator('dd').filter({ hasText: oldEmail }).count()).toBe(1);
    await snap(page, 'profile-email-pending-1280');
    await expectAccessible(page);

    const told = await waitForMail(oldEmail, /about to change/);
    expect(told.text).toContain(newEmail);
    const link = await confirmationLinkTo(newEmail);

    // Opened on another device, signed out: the link alone confirms it.
    const phone = await newPage(browser, MOBILE);
    await phone.page.goto(link);
    await phone.page.getByRole('heading', { name: 'Email address changed' }).waitFor();
    await phone.page.getByText(newEmail).waitFor();
    await phone.page.locator('#main').getByRole('link', { name: 'Sign In' }).waitFor();
    await snap(phone.page, 'confirm-email-applied-390');
    await expectAccessible(phone.page);

    await phone.page.goto(link);
    await phone.page.getByRole('heading', { name: 'This link cannot be used' }).waitFor();
    await phone.page.getByText('This confirmation link was already used').waitFor();
    await snap(phone.page, 'confirm-email-used-390');
    await expectAccessible(phone.page);
    await phone.context.close();

    await page.reload();
    await page.getByRole('heading', { name: 'Profile Information' }).waitFor();
    expect(await page.locator('dd').filter({ hasText: newEmail }).count()).toBe(1);
    expect(await page.getByText('Confirm your new email address').count()).toBe(0);
    await waitForMail(oldEmail, /was changed/);
    await context.close();
  });

  it('on a phone: the password field, the waiting notice and the link opened in the same browser', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    const oldEmail = uniqueEmail('phone-old');
    const newEmail = uniqueEmail('phone-new');
    await page.goto('/login');
    await signUpThroughUi(page, { firstName: 'Pia', lastName: 'Mooring', email: oldEmail, password: 'pia-mooring-pass-1' });
    await page.getByRole('heading', { name: /^Welcome (back )?to K&B Marine$/ }).waitFor();

    await editEmail(page, newEmail);
    await page.getByLabel('Current Password').fill('pia-mooring-pass-1');
    await snap(page, 'profile-email-password-390');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Confirm your new email address' }).waitFor();
    await snap(page, 'profile-email-pending-390');
    await expectAccessible(page);

    // Changing the field back to the account's address hides the password again, and other fields save without it.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    expect(await page.getByLabel('Current Password').count()).toBe(0);
    await page.getByLabel('State').fill('CT');
    // The last save's toast goes first, so the one this save shows is the only one on the page.
    await page.getByText('Profile updated successfully').waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated successfully').waitFor();

    await page.goto(await confirmationLinkTo(newEmail));
    await page.getByRole('heading', { name: 'Email address changed' }).waitFor();
    await page.getByRole('link', { name: 'Go to My Profile' }).click();
    await page.getByRole('heading', { name: 'Profile Information' }).waitFor();
    expect(await page.locator('dd').filter({ hasText: newEmail }).count()).toBe(1);
    await snap(page, 'profile-email-changed-390');
    await context.close();
  });
});
