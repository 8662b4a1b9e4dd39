import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Expert } from '../src/common/experts.js';
import { billableHours, DEFAULT_ONSITE_HOURS } from '../src/common/bookings-rules.js';
import { demoEmailOf } from '../src/server/seed/demo-accounts.js';
import { DESKTOP, MOBILE, baseUrl, expectAccessible, workerBrowser, newPage, signUpThroughUi, snap, uniqueEmail } from './browser.js';
import { bookThroughApi, bookVideo, firstFreeSlot } from './book-through-api.js';
import { setTestClock } from './test-clock.js';
import { setPasswordOf, signInThroughUi } from './accounts.js';

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await setTestClock(null);
});

const EXPERT_PASSWORD = 'summary-pass-42';



async function toast(page: Page, title: string) {
  await page.locator('[data-sonner-toast]').filter({ hasText: title }).first().waitFor();
}

async function noHorizontalOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

const FINDINGS = 'The raw-water impeller has lost three vanes. <script>alert(1)</script> stays text.';
const NEXT_STEPS = 'Replace the impeller.\nOpen the heat exchanger end cap and take out the vane pieces.';

describe('the follow-up summary of a video consultation', () => {
  it('is written by the expert after the start, completes the booking, and is read by the owner on the booking page', async () => {
    const listed = (await (await fetch(`${baseUrl()}/api/experts?serviceType=video&available=true&sort=name&limit=100`)).json()) as Expert[];
    // Second to last by name: the workspace journey takes the last, the booking journeys the first ones.
    const expert = listed.at(-2)!;
    const expertEmail = demoEmailOf(expert.name);
    setPasswordOf(expertEmail, EXPERT_PASSWORD);

    // The owner books (demo experts take instant bookings) and learns a summary will follow.
    const { context: ownerContext, page: owner } = await newPage(browser);
    await owner.goto('/login');
    await signUpThroughUi(owner, { firstName: 'Sam', lastName: 'Skipper', email: uniqueEmail('sam'), password: 'harbor-pass-42' });
    await owner.getByRole('heading', { name: /^Welcome (back )?to K&B Marine$/ }).waitFor();
    const booking = await bookVideo(owner, expert, 'Engine overheats after 20 minutes at cruising speed.', 3);
    expect(booking.status).toBe('confirmed');
    await owner.goto(`/bookings/${booking.id}`);
    const pending = owner.getByRole('heading', { name: 'Follow-up Summary' });
    await pending.waitFor();
    await owner.getByText(`After the call, ${expert.name} writes up what was found`).waitFor();

    // The expert, after the call has started.
    const { context: expertContext, page } = await newPage(browser);
    await signInThroughUi(page, expertEmail, EXPERT_PASSWORD);
    await page.goto(`/bookings/${booking.id}`);
    await page.getByRole('heading', { name: `Booking #${booking.number}` }).waitFor();
    expect(await page.getByRole('heading', { name: 'Write the Follow-up Summary' }).count()).toBe(0);
    await setTestClock(new Date(new Date(booking.startsAt).getTime() + 25 * 60_000));
    try {
      await page.reload();
      const form = page.getByRole('form', { name: 'Follow-up summary' });
      await page.getByRole('heading', { name: 'Write the Follow-up Summary' }).waitFor();

      // Checked before anything is sent, with the messages next to the fields.
      await form.getByRole('button', { name: 'Add a part' }).click();
      await form.getByRole('button', { name: 'Send and mark completed' }).click();
      await form.getByText('Please describe what you found').waitFor();
      await form.getByText('Please recommend the next steps').waitFor();
      await form.getByText('Please name the part, or remove this row').waitFor();
      await expectAccessible(page);

      await form.getByLabel('What you found').fill(FINDINGS);
      await form.getByLabel('Recommended next steps').fill(NEXT_STEPS);
      await form.getByLabel('Part 1', { exact: true }).fill('Raw-water pump impeller');
      await form.getByLabel('Part number').first().fill('47-43026');
      await form.getByLabel('Qty').first().fill('1');
      await form.getByRole('button', { name: 'Add a part' }).click();
      await form.getByLabel('Part 2', { exact: true }).fill('End cap gasket');
      await form.getByLabel('Qty').nth(1).fill('2');
      await snap(page, 'follow-up-summary-form-1280');
      await page.setViewportSize(MOBILE);
      await noHorizontalOverflow(page);
      await snap(page, 'follow-up-summary-form-390');
      await page.setViewportSize(DESKTOP);

      await form.getByRole('button', { name: 'Send and mark completed' }).click();
      await toast(page, 'Summary sent');
      const sent = page.getByTestId('follow-up-summary');
      await sent.getByText('The raw-water impeller has lost three vanes. <script>alert(1)</script> stays text.').waitFor();
      await page.getByRole('button', { name: 'Amend summary' }).waitFor();
      // Completed in the same step, by the expert.
      await page.getByRole('heading', { name: `Booking #${booking.number}` }).locator('..').getByText('Completed', { exact: true }).waitFor();
      await expectAccessible(page);
    } finally {
      await setTestClock(null);
    }

    // The owner reads it on the booking page.
    await owner.reload();
    const summary = owner.getByTestId('follow-up-summary');
    await summary.getByText(`From ${expert.name}`).waitFor();
    await summary.getByText(FINDINGS).waitFor();
    expect(await summary.getByText('Replace the impeller.').count()).toBe(1);
    const parts = summary.getByRole('list', { name: 'Parts' });
    expect(await parts.locator('li').allTextContents()).toEqual([
      expect.stringMatching(/^1 ×\s*Raw-water pump impeller\s*Part number 47-43026$/),
      expect.stringMatching(/^2 ×\s*End cap gasket$/),
    ]);
    expect(await owner.evaluate(() => document.querySelectorAll('script:not([src])').length)).toBe(0);
    expect(await owner.getByRole('button', { name: 'Amend summary' }).count()).toBe(0);
    expect(await owner.getByRole('form', { name: 'Follow-up summary' }).count()).toBe(0);
    await snap(owner, 'follow-up-summary-owner-1280');
    await expectAccessible(owner);
    await owner.setViewportSize(MOBILE);
    await noHorizontalOverflow(owner);
    await snap(owner, 'follow-up-summary-owner-390');
    // The dashboard's activity says the summary is there.
    await owner.goto('/dashboard');
    await owner.getByText(new RegExp(`Booking #${booking.number} · .+ · Summary available`)).waitFor();
    await ownerContext.close();
    await expertContext.close();
  });

  it('says on the video booking pages what the call gives, and that calls are not recorded', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const { context, page } = await newPage(browser, viewport);
      await page.goto('/book-video');
      const features = page.getByRole('heading', { name: 'Video Call Features' }).locator('..');
      for (const title of ['HD video', 'Screen sharing', 'Low-bandwidth option', 'Written follow-up summary']) {
        await features.getByText(title, { exact: true }).waitFor();
      }
      await features.getByText('Your expert sends the findings, next steps and parts after the call. Calls are not recorded.').waitFor();
      expect(await page.getByText(/session recording|recorded session|call recording/i).count()).toBe(0);
      await snap(page, `book-video-features-${viewport.width}`);
      if (viewport === DESKTOP) await expectAccessible(page);

      await page.goto('/book-service?type=video');
      await page.getByRole('heading', { name: 'Video Call Features' }).waitFor();
      expect(await page.getByText(/session recording|recorded session|call recording/i).count()).toBe(0);
      await context.close();
    }
  });
});

describe('the service report of an onsite visit', () => {
  it('is written by the technician once the visit has started, and read by the owner on the booking page', async () => {
    const listed = (await (await fetch(`${baseUrl()}/api/experts?serviceType=onsite&available=true&sort=name&limit=100`)).json()) as Expert[];
    // Second to last by name, on a day well after the other journeys' bookings.
    const expert = listed.at(-2)!;
    const expertEmail = demoEmailOf(expert.name);
    setPasswordOf(expertEmail, EXPERT_PASSWORD);

    const { context: ownerContext, page: owner } = await newPage(browser);
    await owner.goto('/login');
    await signUpThroughUi(owner, { firstName: 'Rae', lastName: 'Rigger', email: uniqueEmail('rae'), password: 'harbor-pass-42' });
    await owner.getByRole('heading', { name: /^Welcome (back )?to K&B Marine$/ }).waitFor();
    const hours = billableHours(DEFAULT_ONSITE_HOURS, expert.onsiteMinimumHours);
    const { date, slot } = await firstFreeSlot(owner, expert, 'onsite', { daysAhead: 9, hours });
    const booking = await bookThroughApi(owner, {
      serviceType: 'onsite',
      expertId: expert.id,
      description: 'Raw-water pump weeps at the shaft seal.',
      scheduledDate: date,
      preferredTime: slot.time,
      boatAddress: '12 Quay Street',
      marinaName: 'North Quay Marina',
      dockSlip: 'B-7',
      contactPhone: '(207) 555-0170',
      emergencyContact: 'Lee Rigger (207) 555-0171',
      boatType: 'sailboat',
      boatLength: '30 feet',
      estimatedHours: hours,
    });
    await owner.goto(`/bookings/${booking.id}`);
    await owner.getByRole('heading', { name: 'Service Report' }).waitFor();
    await owner.getByText(`After the visit, ${expert.name} writes up what was found and done`).waitFor();

    const { context: expertContext, page } = await newPage(browser);
    await signInThroughUi(page, expertEmail, EXPERT_PASSWORD);
    await setTestClock(new Date(new Date(booking.startsAt).getTime() + 60 * 60_000));
    try {
      await page.goto(`/bookings/${booking.id}`);
      const form = page.getByRole('form', { name: 'Service report' });
      await page.getByRole('heading', { name: 'Write the Service Report' }).waitFor();
      await form.getByLabel('What you found and did').fill('Shaft seal worn; replaced the seal kit and ran the pump for ten minutes: dry.');
      await form.getByLabel('Recommended next steps').fill('Check the seal for weeping after the first 20 engine hours.');
      await form.getByRole('button', { name: 'Add a part' }).click();
      await form.getByLabel('Part 1', { exact: true }).fill('Pump seal kit');
      await form.getByLabel('Qty').first().fill('1');
      await expectAccessible(page);
      // An onsite visit is completed with its invoice, from the workspace (the payments journey): the report only sends.
      expect(await form.getByRole('button', { name: 'Send and mark completed' }).count()).toBe(0);
      await form.getByRole('button', { name: 'Send report' }).click();
      await toast(page, 'Report sent');
      await page.getByRole('button', { name: 'Amend report' }).waitFor();
    } finally {
      await setTestClock(null);
    }

    await owner.reload();
    const report = owner.getByTestId('follow-up-summary');
    await report.getByText('Found and done').waitFor();
    await report.getByText('Shaft seal worn; replaced the seal kit').waitFor();
    expect(await owner.getByRole('form', { name: 'Service report' }).count()).toBe(0);
    await snap(owner, 'service-report-owner-1280');
    await expectAccessible(owner);
    await owner.setViewportSize(MOBILE);
    await noHorizontalOverflow(owner);
    await snap(owner, 'service-report-owner-390');
    await owner.goto('/dashboard');
    await owner.getByText(new RegExp(`Booking #${booking.number} · .+ · Service report available`)).waitFor();
    await ownerContext.close();
    await expertContext.close();
  });
});
