import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MOBILE, expectAccessible, workerBrowser, makeAdmin, newPage, signUpThroughUi, snap, uniqueEmail } from './browser.js';

// The demo applicants of src/server/seed/demo-applicants.ts, and a demo expert no other journey uses.
const TOBIAS = 'Tobias Wren';
const MIREILLE = 'Mireille Sato';
const ANDERS = 'Anders Kolbe';
const DEMO_EXPERT = 'Nils Brekke';

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});

async function signUp(page: Page, firstName: string) {
  const email = uniqueEmail(firstName.toLowerCase());
  await page.goto('/login');
  await signUpThroughUi(page, { firstName, lastName: 'Quay', email, password: 'harbor-pass-42' });
  await page.getByRole('heading', { name: /^Welcome (back )?to K&B Marine$/ }).waitFor();
  return email;
}

/** A signed-in administrator on the expert management screen, made so by the real command. */
async function adminOnScreen(viewport?: typeof MOBILE): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, viewport);
  makeAdmin(await signUp(page, 'Harper'));
  await page.goto('/expert-management');
  await page.getByRole('heading', { name: 'Expert Management' }).waitFor();
  await page.getByText('Manage expert applications and approvals').waitFor();
  await page.getByText(/^\d+ expert\(s\) found$/).waitFor();
  return { context, page };
}

async function toast(page: Page, title: string, description: string) {
  await page.locator('[data-sonner-toast]').filter({ hasText: title }).filter({ hasText: description }).waitFor();
}

/** Narrows the list to one person by the search box and answers their card. */
async function findCard(page: Page, name: string) {
  await page.getByPlaceholder('Search experts...').fill(name);
  await page.getByText('1 expert(s) found', { exact: true }).waitFor();
  return page.getByRole('list', { name: 'Experts' }).locator(':scope > li').filter({ hasText: name });
}

describe('expert management', () => {
  it('reviews and approves an application, suspends and reinstates an expert, and rejects an application', async () => {
    const { context, page } = await adminOnScreen();
    await page.getByText('Loading experts...').waitFor({ state: 'detached' });
    await expectAccessible(page);

    // The screen's filters (docs/PRODUCT.md#expert-management).
    // Other journeys (expert-apply) may have applied too: the demo applicants are among the pending, and
    // every card shown is pending.
    await page.getByLabel('Status').selectOption({ label: 'Pending' });
    const cards = page.getByRole('list', { name: 'Experts' }).locator(':scope > li');
    for (const name of [TOBIAS, MIREILLE, ANDERS]) await cards.filter({ hasText: name }).waitFor();
    await expect.poll(async () => (await cards.allTextContents()).every((text) => text.includes('Pending'))).toBe(true);
    expect(await page.getByText(`${await cards.count()} expert(s) found`, { exact: true }).count()).toBe(1);
    await snap(page, 'expert-management-pending-1280');
    await page.getByLabel('Specialty').selectOption({ label: 'Navigation & Electronics' });
    await expect.poll(async () => (await cards.allTextContents()).map((text) => text.includes(ANDERS))).toEqual([true]);
    await page.getByText('1 expert(s) found', { exact: true }).waitFor();
    await page.getByPlaceholder('Search experts...').fill('no such name');
    await page.getByText('No experts found matching your criteria.').waitFor();
    await page.getByPlaceholder('Search experts...').fill('');
    await page.getByLabel('Specialty').selectOption({ label: 'All Specialties' });
    await page.getByLabel('Status').selectOption({ label: 'All Statuses' });

    // Review the application in full before approving it.
    let card = await findCard(page, 'wren');
    await card.getByText(TOBIAS).waitFor();
    await card.getByText('Pending', { exact: true }).waitFor();
    await card.getByText('Video: not set yet | Onsite: $130.00/hr').waitFor();
    expect(await card.getByRole('button', { name: 'Suspend' }).count()).toBe(0);
    await card.getByRole('button', { name: 'Review application' }).click();
    const review = page.getByRole('dialog', { name: `Application of ${TOBIAS}` });
    for (const text of ['Professional References', 'Dana Whitlock', 'Wren Marine Diesel', 'Lowcountry Marine Underwriters', 'Agreements & Consents', 'No decisions yet.']) {
      await review.getByText(text, { exact: false }).first().waitFor();
    }
    await snap(page, 'expert-management-review-1280');
    await expectAccessible(page);
    // The decision can be taken from the application itself, or from the card.
    await review.getByRole('button', { name: 'Reject' }).waitFor();
    await review.getByRole('button', { name: 'Approve' }).waitFor();
    await page.keyboard.press('Escape');
    await review.waitFor({ state: 'detached' });

    await card.getByRole('button', { name: 'Approve' }).click();
    await toast(page, 'Expert Approved', 'Expert has been approved successfully.');
    await card.getByText('Approved', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Suspend' }).waitFor();

    // Suspend asks for a reason: cancelling, or confirming without one, does nothing.
    card = await findCard(page, DEMO_EXPERT);
    await card.getByRole('button', { name: 'Suspend' }).click();
    let dialog = page.getByRole('dialog', { name: `Suspend ${DEMO_EXPERT}?` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByText('Approved', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Suspend' }).click();
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await dialog.getByText('Please give a reason').waitFor();
    await snap(page, 'expert-management-suspend-dialog-1280');
    await expectAccessible(page);
    await dialog.getByLabel('Reason for suspending').fill('Insurance certificate expired');
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await toast(page, 'Expert Suspended', 'Expert has been suspended successfully.');
    await card.getByText('Suspended', { exact: true }).waitFor();
    await card.getByText('Insurance certificate expired').waitFor();
    await snap(page, 'expert-management-suspended-1280');

    await card.getByRole('button', { name: 'Reinstate' }).click();
    dialog = page.getByRole('dialog', { name: `Reinstate ${DEMO_EXPERT}?` });
    await dialog.getByLabel(/Note to the expert/).fill('New certificate received');
    await dialog.getByRole('button', { name: 'Reinstate' }).click();
    await toast(page, 'Expert Reinstated', 'Expert has been reinstated successfully.');
    await card.getByText('Approved', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: `History of ${DEMO_EXPERT}` });
    await history.getByText('Reason: Insurance certificate expired').waitFor();
    await history.getByText('Reason: New certificate received').waitFor();
    await history.getByText(/by Harper Quay/).first().waitFor();
    await page.keyboard.press('Escape');

    // Reject another applicant with a reason: the pending profile leaves the list.
    card = await findCard(page, MIREILLE);
    await card.getByRole('button', { name: 'Review application' }).click();
    await page.getByRole('dialog', { name: `Application of ${MIREILLE}` }).getByRole('button', { name: 'Reject' }).click();
    dialog = page.getByRole('dialog', { name: `Reject the application of ${MIREILLE}?` });
    await dialog.getByLabel('Reason for rejecting').fill('Please attach your fabricator certificate');
    await dialog.getByRole('button', { name: 'Reject application' }).click();
    await toast(page, 'Application Rejected', 'The applicant has been told why and may apply again.');
    await page.getByText('No experts found matching your criteria.').waitFor();
    await page.getByText('0 expert(s) found', { exact: true }).waitFor();
    await context.close();
  });

  it('works at 390 px', async () => {
    const { context, page } = await adminOnScreen(MOBILE);
    await expectAccessible(page);
    // The applicant approved above is suspended again here, which also leaves the public listing as
    // the demo data set the other journeys count on.
    const card = await findCard(page, TOBIAS);
    await snap(page, 'expert-management-390');
    await card.getByRole('button', { name: 'Suspend' }).click();
    const dialog = page.getByRole('dialog', { name: `Suspend ${TOBIAS}?` });
    await dialog.getByLabel('Reason for suspending').fill('Pending a second reference check');
    await snap(page, 'expert-management-suspend-dialog-390');
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await toast(page, 'Expert Suspended', 'Expert has been suspended successfully.');
    await card.getByText('Suspended', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Review application' }).click();
    await page.getByRole('dialog', { name: `Application of ${TOBIAS}` }).getByText('Reason: Pending a second reference check').waitFor();
    await snap(page, 'expert-management-review-390');
    await context.close();
  });

  it('tells a signed-in non-administrator they are not permitted', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, 'Pat');
    await page.goto('/expert-management');
    await page.getByRole('heading', { name: 'You are not permitted to manage experts' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Expert Management' }).count()).toBe(0);
    await snap(page, 'expert-management-not-permitted-1280');
    await expectAccessible(page);
    await context.close();
  });

  it('says Unauthorized and goes to sign in when the session ended in another tab', async () => {
    const { context, page } = await adminOnScreen();
    const card = await findCard(page, ANDERS);
    const otherTab = await context.newPage();
    await otherTab.goto('/api/logout');
    await otherTab.close();
    await card.getByRole('button', { name: 'Approve' }).click();
    await toast(page, 'Unauthorized', 'You are logged out. Logging in again...');
    await page.waitForURL(/\/login\?returnTo=%2Fexpert-management|\/login/);
    await context.close();
  });
});
