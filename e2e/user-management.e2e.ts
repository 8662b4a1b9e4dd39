import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MOBILE, baseUrl, expectAccessible, workerBrowser, makeAdmin, newPage, signUpThroughUi, snap, uniqueEmail } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});

/** Waits for a toast (sonner) showing this title and, when given, this description. */
async function toast(page: Page, title: string, description?: string) {
  let shown = page.locator('[data-sonner-toast]').filter({ hasText: title });
  if (description) shown = shown.filter({ hasText: description });
  await shown.first().waitFor();
}

/** An account made through the API from its own visitor, as another person would sign up. */
async function accountOf(firstName: string, lastName: string): Promise<string> {
  const { context } = await newPage(browser);
  const email = uniqueEmail(firstName.toLowerCase());
  const response = await context.request.post('/api/auth/sign-up/email', {
    headers: { origin: baseUrl() },
    data: { email, password: 'crew-pass-123', name: `${firstName} ${lastName}`, firstName, lastName },
  });
  expect(response.status()).toBe(200);
  await context.close();
  return email;
}

async function signUpAs(page: Page, firstName: string, lastName: string, email: string) {
  await page.goto('/login');
  await signUpThroughUi(page, { firstName, lastName, email, password: 'admin-pass-123' });
  await page.getByRole('heading', { name: /^Welcome (back )?to K&B Marine$/ }).waitFor();
}

async function search(page: Page, text: string) {
  await page.getByLabel('Search').fill(text);
}

/** Toasts last 5 s; screenshots wait for them to leave so the screen shows. */
const toastsGone = (page: Page) => expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 10_000 }).toBe(0);

const count = (page: Page, n: number) => page.getByRole('heading', { name: `Users (${n})`, exact: true }).waitFor();

describe('user management', () => {
  it('lets an administrator search, filter, edit and delete users, and refuses removing their own admin role', async () => {
    const marlinEmail = await accountOf('Marlin', 'Quayside');
    const deliaEmail = await accountOf('Delia', 'Dockside');

    const { context, page } = await newPage(browser);
    const adminEmail = uniqueEmail('harbor-admin');
    await signUpAs(page, 'Harper', 'Admiral', adminEmail);
    makeAdmin(adminEmail);

    await page.goto('/user-management');
    await page.getByRole('heading', { name: 'User Management' }).waitFor();
    await page.getByRole('heading', { name: /^Users \(\d+\)$/ }).waitFor();
    expect(await page.getByLabel('Role').locator('option').allTextContents()).toEqual(['All roles', 'Users', 'Experts', 'Administrators']);
    expect(await page.getByLabel('Status').locator('option').allTextContents()).toEqual(['All statuses', 'Active', 'Inactive', 'Pending']);

    // Search by e-mail, then narrow by role and status.
    await search(page, marlinEmail);
    await count(page, 1);
    const marlinRow = page.getByTestId('user-row').filter({ hasText: marlinEmail });
    await marlinRow.getByText('Marlin Quayside').waitFor();
    await marlinRow.getByText('User', { exact: true }).waitFor();
    await marlinRow.getByText('Active', { exact: true }).waitFor();
    await page.getByLabel('Role').selectOption({ label: 'Administrators' });
    await page.getByText('No users found matching your criteria.').waitFor();
    await count(page, 0);
    await page.getByLabel('Role').selectOption({ label: 'All roles' });
    await page.getByLabel('Status').selectOption({ label: 'Pending' });
    await page.getByText('No users found matching your criteria.').waitFor();
    await page.getByLabel('Status').selectOption({ label: 'Active' });
    await count(page, 1);

    // Edit: the required-field message first, then success.
    await marlinRow.getByRole('button', { name: 'Edit Marlin Quayside' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit User' });
    await dialog.getByLabel('First Name').fill('');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('First name is required').waitFor();
    await snap(page, 'user-management-edit-required-1280');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('Invalid email address').waitFor();
    // The server's field error comes back under its field.
    await dialog.getByLabel('First Name').fill('Marlo');
    await dialog.getByLabel('Email').fill(adminEmail);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.locator('#edit-email-error').getByText('This email address is already used by another account.').waitFor();
    await dialog.getByLabel('Email').fill(marlinEmail);
    await dialog.getByLabel('Phone').fill('(410) 555-0142');
    await snap(page, 'user-management-edit-1280');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Success', 'User updated successfully');
    await dialog.waitFor({ state: 'detached' });
    await marlinRow.getByText('Marlo Quayside').waitFor();
    await marlinRow.getByText('(410) 555-0142').waitFor();

    // Delete, after the confirmation question.
    await search(page, deliaEmail);
    await count(page, 1);
    await page.getByRole('button', { name: 'Delete Delia Dockside' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Are you sure you want to delete this user?').waitFor();
    await snap(page, 'user-management-delete-1280');
    await confirm.getByRole('button', { name: 'Delete user' }).click();
    await toast(page, 'Success', 'User deleted successfully');
    await page.getByText('No users found matching your criteria.').waitFor();

    // An administrator cannot remove their own admin role: the 409 message shows in the dialog.
    await search(page, adminEmail);
    await count(page, 1);
    await page.getByTestId('user-row').getByText('You', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Edit Harper Admiral' }).click();
    const own = page.getByRole('dialog', { name: 'Edit User' });
    await own.getByLabel('Role').selectOption({ label: 'User' });
    await own.getByRole('button', { name: 'Save Changes' }).click();
    await own.getByRole('alert').getByText(/You cannot remove your own administrator role/).waitFor();
    // Shown once, where the way out is: not repeated in a toast.
    expect(await page.locator('[data-sonner-toast]', { hasText: 'You cannot remove' }).count()).toBe(0);
    await snap(page, 'user-management-own-role-1280');
    await own.getByRole('button', { name: 'Cancel' }).click();

    await search(page, '');
    await page.getByLabel('Status').selectOption({ label: 'All statuses' });
    await expect.poll(() => page.getByTestId('user-row').count()).toBeGreaterThanOrEqual(2);
    await toastsGone(page);
    await snap(page, 'user-management-1280');
    await expectAccessible(page);

    // The same screen on a phone: the list becomes cards.
    await page.setViewportSize(MOBILE);
    await search(page, marlinEmail);
    await count(page, 1);
    await page.getByTestId('user-card').filter({ hasText: 'Marlo Quayside' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await snap(page, 'user-management-390');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Edit Marlo Quayside' }).click();
    await page.getByRole('dialog', { name: 'Edit User' }).waitFor();
    await snap(page, 'user-management-edit-390');
    await context.close();
  });

  it('sends a signed-out visitor to sign in about 500 ms after the Unauthorized toast', async () => {
    const { context, page } = await newPage(browser);
    // The toast lives on the page the redirect leaves: the page itself notes when it appeared and when the
    // page was left, in session storage, which the sign-in page (same origin, same tab) can still read.
    await page.addInitScript(() => {
      if (location.pathname !== '/user-management') return;
      new MutationObserver(() => {
        const toast = document.querySelector('[data-sonner-toast]');
        if (toast && !sessionStorage.getItem('toastText')) {
          sessionStorage.setItem('toastText', toast.textContent ?? '');
          sessionStorage.setItem('toastAt', String(Date.now()));
        }
      }).observe(document, { childList: true, subtree: true });
      addEventListener('pagehide', () => sessionStorage.setItem('leftAt', String(Date.now())));
    });
    await page.goto('/user-management');
    await page.waitForURL(/\/login\?returnTo=%2Fuser-management$/);
    const seen = await page.evaluate(() => ({
      text: sessionStorage.getItem('toastText'),
      delay: Number(sessionStorage.getItem('leftAt')) - Number(sessionStorage.getItem('toastAt')),
    }));
    expect(seen.text).toContain('Unauthorized: You are logged out. Logging in again...');
    expect(seen.delay).toBeGreaterThanOrEqual(400);
    expect(seen.delay).toBeLessThan(3_000);
    await context.close();
  });

  it('tells a signed-in user who is not an administrator that they are not permitted', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await signUpAs(page, 'Nora', 'Deckhand', uniqueEmail('deckhand'));
    await page.goto('/user-management');
    await page.getByRole('heading', { name: 'You are not permitted to manage users' }).waitFor();
    expect(await page.getByRole('heading', { name: /^Users \(/ }).count()).toBe(0);
    await snap(page, 'user-management-not-permitted-390');
    await expectAccessible(page);
    await context.close();
  });
});
