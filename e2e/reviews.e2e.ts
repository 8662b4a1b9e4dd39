import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Expert } from '../src/common/experts.js';
import { demoEmailOf } from '../src/server/seed/demo-accounts.js';
import { MOBILE, baseUrl, dataDir, expectAccessible, workerBrowser, makeAdmin, newPage, signUpThroughUi, snap, uniqueEmail } from './browser.js';
import { bookVideo } from './book-through-api.js';
import { setTestClock } from './test-clock.js';
import { signInThroughUi } from './accounts.js';

// A demo expert no other journey books.
const EXPERT_NAME = 'Hannah Lindqvist';
const EXPERT_PASSWORD = 'reviews-pass-42';
const REVIEW_TEXT = 'Hannah found the corroded ground strap on the video call in ten minutes.';

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await setTestClock(null);
});

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}


async function toast(page: Page, title: string) {
  await page.locator('[data-sonner-toast]').filter({ hasText: title }).first().waitFor();
}

/** POST from inside the signed-in page, as its buttons do; expects 200. */
async function postFromPage(page: Page, path: string) {
  const { status, body } = await page.evaluate(async (url) => {
    const response = await fetch(url, { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    return { status: response.status, body: await response.text() };
  }, path);
  expect(status, body).toBe(200);
}

describe('verified reviews', () => {
  it('takes a completed booking to a review on the profile, and an expert report to the administrators', async () => {
    const [expert] = (await api<Expert[]>(`/api/experts?q=${encodeURIComponent(EXPERT_NAME)}`)).filter((e) => e.name === EXPERT_NAME);
    expect(expert).toBeDefined();

    // The owner books a video consultation (the demo experts confirm at once).
    const { context: ownerContext, page } = await newPage(browser);
    await page.goto('/login');
    await signUpThroughUi(page, { firstName: 'Jane', lastName: 'Doe', email: uniqueEmail('jane'), password: 'harbor-pass-42' });
    await page.getByRole('heading', { name: /^Welcome (back )?to K&B Marine$/ }).waitFor();
    const booking = await bookVideo(page, expert!, 'Voltage drops whenever the windlass runs');
    expect(booking.status).toBe('confirmed');

    // The expert completes it after the call, as the workspace's 'Mark completed' does.
    const expertEmail = demoEmailOf(EXPERT_NAME);
    const result = spawnSync('npm', ['run', '--silent', 'user:set-password', '--', expertEmail, '--password', EXPERT_PASSWORD], {
      env: { ...process.env, DATA_DIR: dataDir(), PORT: new URL(baseUrl()).port, BASE_URL: baseUrl(), DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).toBe(0);
    const { context: expertContext, page: expertPage } = await newPage(browser);
    await signInThroughUi(expertPage, expertEmail, EXPERT_PASSWORD);
    await setTestClock(new Date(new Date(booking.endsAt).getTime() + 5 * 60_000));
    try {
      await postFromPage(expertPage, `/api/bookings/${booking.id}/complete`);
    } finally {
      await setTestClock(null);
    }

    // The owner's booking page offers 'Rate your expert'.
    await page.goto(`/bookings/${booking.id}`);
    await page.getByRole('heading', { name: 'Rate your expert' }).waitFor();
    await page.getByRole('button', { name: 'Submit review' }).click();
    await page.getByText('Please choose a rating from 1 to 5 stars').waitFor();
    await page.getByLabel('4 stars, Very good').check({ force: true });
    await page.getByLabel(/^Your review/).fill(REVIEW_TEXT);
    await snap(page, 'reviews-booking-form-1280');
    await expectAccessible(page);
    const mobile = await newPage(browser, MOBILE);
    await mobile.context.addCookies(await ownerContext.cookies());
    await mobile.page.goto(`/bookings/${booking.id}`);
    await mobile.page.getByRole('heading', { name: 'Rate your expert' }).waitFor();
    await mobile.page.getByRole('heading', { name: 'Rate your expert' }).scrollIntoViewIfNeeded();
    await snap(mobile.page, 'reviews-booking-form-390');
    await expectAccessible(mobile.page);

    await page.getByRole('button', { name: 'Submit review' }).click();
    await toast(page, 'Thank you for your review');
    await page.getByRole('heading', { name: 'Your review' }).waitFor();
    await page.getByRole('article', { name: 'Review by Jane D.' }).getByText('Verified booking').waitFor();

    // The profile shows it, newest first, as 'Jane D.' with 'Verified booking', and the new figures.
    await page.goto(`/expert/${expert!.id}`);
    const review = page.getByRole('article', { name: 'Review by Jane D.' });
    await review.waitFor();
    await review.getByText('Verified booking').waitFor();
    await review.getByText(REVIEW_TEXT).waitFor();
    await review.getByRole('img', { name: '4 out of 5 stars' }).waitFor();
    const after = await api<Expert>(`/api/experts/${expert!.id}`);
    expect(after.reviewCount).toBe(expert!.reviewCount + 1);
    await page.getByText(`(${after.reviewCount} reviews)`).first().waitFor();
    await review.scrollIntoViewIfNeeded();
    await snap(page, 'reviews-profile-1280');
    await expectAccessible(page);
    await mobile.page.goto(`/expert/${expert!.id}`);
    await mobile.page.getByRole('article', { name: 'Review by Jane D.' }).scrollIntoViewIfNeeded();
    await snap(mobile.page, 'reviews-profile-390');
    await expectAccessible(mobile.page);

    // The dashboard's activity item shows the owner's rating.
    await page.goto('/dashboard');
    await page.getByText('Rated 4 of 5').waitFor();

    // The expert replies and reports it from the workspace.
    await expertPage.goto('/workspace');
    await expertPage.getByRole('tab', { name: 'Reviews' }).click();
    const mine = expertPage.getByRole('article', { name: 'Review by Jane D.' });
    await mine.waitFor();
    await expertPage.getByRole('button', { name: 'Reply' }).first().click();
    await expertPage.getByLabel(/^Your reply/).fill('Thank you, Jane. Fair winds!');
    await expertPage.getByRole('button', { name: 'Post reply' }).click();
    await toast(expertPage, 'Reply posted');
    await expertPage.getByText('Thank you, Jane. Fair winds!').waitFor();
    expect(await expertPage.getByRole('button', { name: 'Reply' }).count()).toBe(0);
    await expertPage.getByRole('button', { name: 'Report' }).first().click();
    await expertPage.getByLabel('Why should it be hidden?').fill('This owner mixed me up with another electrician.');
    await expertPage.getByRole('button', { name: 'Report review' }).click();
    await toast(expertPage, 'Review reported');
    await expertPage.getByText('Reported', { exact: true }).waitFor();
    await snap(expertPage, 'reviews-workspace-1280');
    await expectAccessible(expertPage);

    // An administrator hides it from the queue in expert management.
    const { context: adminContext, page: adminPage } = await newPage(browser);
    const adminEmail = uniqueEmail('harbor-admin');
    await adminPage.goto('/login');
    await signUpThroughUi(adminPage, { firstName: 'Harper', lastName: 'Admin', email: adminEmail, password: 'harbor-pass-42' });
    await adminPage.getByRole('heading', { name: /^Welcome (back )?to K&B Marine$/ }).waitFor();
    makeAdmin(adminEmail);
    await adminPage.goto('/expert-management');
    await adminPage.getByRole('tab', { name: 'Reported reviews' }).click();
    await adminPage.getByText('This owner mixed me up with another electrician.').waitFor();
    await snap(adminPage, 'reviews-admin-queue-1280');
    await expectAccessible(adminPage);
    const adminMobile = await newPage(browser, MOBILE);
    await adminMobile.context.addCookies(await adminContext.cookies());
    await adminMobile.page.goto('/expert-management');
    await adminMobile.page.getByRole('tab', { name: 'Reported reviews' }).click();
    await adminMobile.page.getByText('This owner mixed me up with another electrician.').waitFor();
    await snap(adminMobile.page, 'reviews-admin-queue-390');
    await expectAccessible(adminMobile.page);

    await adminPage.getByRole('button', { name: 'Hide review' }).first().click();
    await adminPage.getByLabel('Reason for hiding').fill('The owner confirmed the mix-up by e-mail.');
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Hide review' }).click();
    await toast(adminPage, 'Review hidden');
    await adminPage.getByText('No reported reviews are waiting.').waitFor();

    // Gone from the profile and from the figures.
    expect((await api<Expert>(`/api/experts/${expert!.id}`)).reviewCount).toBe(expert!.reviewCount);
    await page.goto(`/expert/${expert!.id}`);
    await page.getByRole('heading', { name: 'Reviews' }).waitFor();
    await page.getByText('No reviews from bookings here yet.').waitFor();

    for (const context of [ownerContext, expertContext, adminContext, mobile.context, adminMobile.context]) await context.close();
    // Three people, two screen sizes and eight axe runs: longer than one screen's journey.
  }, 180_000);
});
