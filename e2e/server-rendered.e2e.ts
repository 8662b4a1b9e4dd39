import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, appStarted, baseUrl, expectAccessible, workerBrowser, newPage } from './browser.js';

// Public pages come from the server with their content (docs/PRODUCT.md#found-on-the-web): the browser
// takes the HTML over without a second fetch of its data, and a browser without JavaScript reads it and
// follows its links. Counts are those of the 48 demo experts (src/server/seed/demo-experts.ts).

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});

/** With the app's service worker, as in production: its registration after load is part of a clean start. */
const WITH_WORKER = { serviceWorkers: 'allow' } as const;

const cards = (page: Page) => page.getByRole('list', { name: 'Experts' }).locator(':scope > li');

/** What the page says in the browser's console, and the errors it throws (hydration mismatches among them). */
function listen(page: Page): string[] {
  const heard: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') heard.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => heard.push(`pageerror: ${error.message}`));
  return heard;
}


async function firstExpertId(): Promise<number> {
  const [expert] = (await (await fetch(`${baseUrl()}/api/experts?limit=1`)).json()) as { id: number }[];
  return expert!.id;
}

describe('public pages rendered on the server', () => {
  it('hydrate without an error or a warning, and without asking again for the data they came with', async () => {
    const expertId = await firstExpertId();
    for (const url of ['/', '/experts', '/experts?specialty=engines&sort=price-low', '/onsite-request', '/video-consultation', `/expert/${expertId}`, '/ai-assistant', '/login', '/privacy', '/terms', '/no-such-page']) {
      const { context, page } = await newPage(browser, DESKTOP, baseUrl(), WITH_WORKER);
      const heard = listen(page);
      const dataRequests: string[] = [];
      page.on('request', (request) => {
        // The app's own requests (an expert's photo is an image, not data).
        if (request.resourceType() === 'fetch' && new URL(request.url()).pathname.startsWith('/api/')) dataRequests.push(request.url());
      });
      const response = await page.goto(url);
      expect(await page.locator('#root').innerHTML(), url).not.toBe('');
      await appStarted(page);
      await page.waitForLoadState('networkidle');
      // The address that is no page answers 404, which the browser reports of the document itself.
      expect(heard.filter((line) => !(url === '/no-such-page' && line.includes('404'))), url).toEqual([]);
      expect(response!.status(), url).toBe(url === '/no-such-page' ? 404 : 200);
      expect(dataRequests, url).toEqual([]);
      await context.close();
    }
  });

  it('stay interactive once hydrated: filters, Load more and the booking buttons', async () => {
    const { context, page } = await newPage(browser, DESKTOP, baseUrl(), WITH_WORKER);
    const heard = listen(page);
    await page.goto('/experts');
    await appStarted(page);
    expect(await cards(page).count()).toBe(24);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => cards(page).count()).toBe(48);
    await page.locator('summary').filter({ hasText: 'Filters' }).click();
    await page.getByLabel('Specialty', { exact: true }).selectOption('engines');
    await page.waitForURL(/specialty=engines/);
    await page.getByText('8 experts found', { exact: true }).waitFor();
    await expectAccessible(page);

    await page.goto('/experts?q=Marcus%20Delgado');
    await appStarted(page);
    await cards(page).getByRole('link', { name: 'Marcus Delgado' }).click();
    await page.waitForURL(/\/expert\/\d+$/);
    await page.getByRole('link', { name: 'Book Video Consultation' }).click();
    await page.waitForURL(/\/book-video\?expertId=\d+$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(heard).toEqual([]);
    await context.close();
  });
});

describe('public pages without JavaScript', () => {
  it('show their content, and their links lead on', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseUrl() });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);

    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: /Marine Repair Solutions with/ }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Onsite Request' }).click();
    await page.waitForURL(/\/onsite-request$/);
    expect(await cards(page).count()).toBeGreaterThan(0);

    await page.goto('/experts?specialty=engines');
    expect(await cards(page).count()).toBe(8);
    const name = (await cards(page).first().getByRole('heading', { level: 2 }).textContent())!;
    await cards(page).first().getByRole('link').first().click();
    await page.waitForURL(/\/expert\/\d+$/);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByRole('heading', { name: 'Reviews' }).waitFor();
    expect(await page.getByText('Engine Repair').count()).toBeGreaterThan(0);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL(/\/privacy$/);
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    await context.close();
  });
});
