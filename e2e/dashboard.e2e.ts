import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MONEY_SAVED_EXPLANATION } from '../src/common/bookings-rules.js';
import { DESKTOP, MOBILE, expectAccessible, workerBrowser, newPage, signUpThroughUi, snap, uniqueEmail } from './browser.js';
import { bookVideo, expertsOffering } from './book-through-api.js';

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});

/** The figure shown under a stat tile's label. */
async function statValue(page: Page, label: string) {
  return (await page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').first().textContent())?.trim();
}

async function hrefOf(page: Page, scope: ReturnType<Page['locator']> | Page, name: string | RegExp) {
  return scope.getByRole('link', { name, exact: typeof name === 'string' }).first().getAttribute('href');
}

describe('the dashboard', () => {
  it('greets a new owner by full name and shows the empty state', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/dashboard');
    await page.waitForURL(/\/login\?returnTo=%2Fdashboard/);
    await signUpThroughUi(page, { firstName: 'Marina', lastName: 'Delgado', email: uniqueEmail('dash'), password: 'seaworthy-pass-1' });
    await page.waitForURL(/\/dashboard$/);

    await page.getByRole('heading', { level: 1, name: 'Marina Delgado' }).waitFor();
    expect(await page.getByText('Your Dashboard').count()).toBe(0);
    await page.getByText('Marine repair activity and services').waitFor();

    const tiles = page.getByRole('navigation', { name: 'Quick Actions' });
    for (const [name, text, to] of [
      ['AI Assistant', 'Get instant help', '/ai-assistant'],
      ['Video Call', 'Expert consultation', '/video-consultation'],
      ['Onsite Service', 'Book technician', '/experts'],
      ['Settings', 'Manage account', '/settings'],
    ]) {
      expect(await hrefOf(page, tiles, new RegExp(`${name}\\s*${text}`))).toBe(to);
    }

    expect(await statValue(page, 'Video Calls')).toBe('0');
    expect(await statValue(page, 'On-site Services')).toBe('0');
    expect(await statValue(page, 'AI Queries')).toBe('0');
    expect(await statValue(page, 'Money Saved')).toBe('$0');
    await page.getByText(MONEY_SAVED_EXPLANATION).waitFor();

    await page.getByRole('heading', { name: 'Recent Activity' }).waitFor();
    await page.getByText('No recent activity').waitFor();
    await page.getByText('Start using the product to see your activity here').waitFor();
    expect(await page.getByRole('link', { name: 'Ask AI Assistant' }).count()).toBe(2);
    expect(await hrefOf(page, page, 'Video Consultation')).toBe('/video-consultation');

    const side = page.getByRole('complementary', { name: 'Shortcuts and upcoming' });
    await side.getByRole('heading', { name: 'Quick Actions' }).waitFor();
    expect(await hrefOf(page, side, 'Ask AI Assistant')).toBe('/ai-assistant');
    expect(await hrefOf(page, side, 'Book Video Call')).toBe('/video-consultation');
    expect(await hrefOf(page, side, 'Find Local Expert')).toBe('/onsite-request');
    expect(await hrefOf(page, side, 'My Bookings')).toBe('/bookings');
    // Upcoming and Recent AI Queries appear only when there is something to show.
    expect(await page.getByRole('heading', { name: 'Upcoming' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Recent AI Queries' }).count()).toBe(0);

    await snap(page, 'dashboard-empty-1280');
    await expectAccessible(page);

    await page.setViewportSize(MOBILE);
    await page.getByText('No recent activity').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await snap(page, 'dashboard-empty-390');
    await expectAccessible(page);
    await context.close();
  });

  it('shows a booked video consultation under Upcoming and Recent Activity, and on home', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login?returnTo=%2Fdashboard');
    await signUpThroughUi(page, { firstName: 'Ray', lastName: 'Okafor', email: uniqueEmail('dash-booked'), password: 'seaworthy-pass-2' });
    await page.waitForURL(/\/dashboard$/);
    await page.getByText('No recent activity').waitFor();

    const [expert] = await expertsOffering(page, 'video');
    const booking = await bookVideo(page, expert!, 'The chart plotter loses its GPS fix every few minutes.');
    const asked = await page.evaluate(async () => {
      const response = await fetch('/api/ai/ask', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ question: 'Why does my outboard overheat at idle?' }),
      });
      return response.status;
    });
    expect(asked).toBe(200);

    await page.reload();
    const upcoming = page.getByRole('complementary', { name: 'Shortcuts and upcoming' });
    await upcoming.getByRole('heading', { name: 'Upcoming' }).waitFor();
    const upcomingLink = upcoming.getByRole('link', { name: `Video call with ${expert!.name}` });
    expect(await upcomingLink.getAttribute('href')).toBe(`/bookings/${booking.id}`);
    await upcoming.getByText('Confirmed').waitFor();
    await upcoming.getByRole('heading', { name: 'Recent AI Queries' }).waitFor();
    await upcoming.getByText('Why does my outboard overheat at idle?').waitFor();

    const activityTitle = `Video consultation with ${expert!.name}`;
    const activity = page.getByRole('link', { name: activityTitle });
    expect(await activity.getAttribute('href')).toBe(`/bookings/${booking.id}`);
    expect(await page.getByText('No recent activity').count()).toBe(0);
    expect(await statValue(page, 'AI Queries')).toBe('1');
    await snap(page, 'dashboard-with-booking-1280');
    await expectAccessible(page);
    await page.setViewportSize(MOBILE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await snap(page, 'dashboard-with-booking-390');
    await expectAccessible(page);
    await page.setViewportSize(DESKTOP);

    await page.goto('/');
    const recent = page.locator('section', { has: page.getByRole('heading', { name: 'Recent Activity' }) });
    await recent.getByRole('link', { name: activityTitle }).waitFor();
    expect(await recent.getByRole('link', { name: 'View All' }).getAttribute('href')).toBe('/dashboard');
    expect(await recent.locator('li').count()).toBeLessThanOrEqual(3);
    await page.getByText('AI Queries').first().waitFor();
    await snap(page, 'home-with-activity-1280');
    await page.setViewportSize(MOBILE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await snap(page, 'home-with-activity-390');
    await expectAccessible(page);
    await page.setViewportSize(DESKTOP);

    await recent.getByRole('link', { name: activityTitle }).click();
    await page.waitForURL(new RegExp(`/bookings/${booking.id}$`));
    await page.getByRole('heading', { name: `Booking #${booking.number}` }).waitFor();
    await context.close();
  });

  it('lists the first three of four questions under Recent AI Queries, newest first', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login?returnTo=%2Fdashboard');
    await signUpThroughUi(page, { firstName: 'Ines', lastName: 'Marr', email: uniqueEmail('dash-ai'), password: 'seaworthy-pass-3' });
    await page.waitForURL(/\/dashboard$/);
    const questions = [
      'Why does my bilge pump run every few minutes?',
      'What makes the raw water impeller fail early?',
      'How often should the shaft zinc be changed?',
      'Why is the windlass slow to lift the anchor?',
    ];
    for (const question of questions) {
      const status = await page.evaluate(async (body) => {
        const response = await fetch('/api/ai/ask', {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ question: body }),
        });
        return response.status;
      }, question);
      expect(status).toBe(200);
    }

    await page.reload();
    // The card around the heading (its header's parent).
    const panel = page.getByRole('heading', { name: 'Recent AI Queries' }).locator('xpath=../..');
    await panel.getByText(questions[3]!).waitFor();
    expect(await panel.locator('li').allTextContents()).toEqual([
      expect.stringContaining(questions[3]!),
      expect.stringContaining(questions[2]!),
      expect.stringContaining(questions[1]!),
    ]);
    expect(await panel.getByText(questions[0]!).count()).toBe(0);
    await context.close();
  });
});
