import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { APP_STARTED_ATTRIBUTE } from '../src/common/page-blocks.js';
import { MOBILE, appStarted, baseUrl, expectAccessible, workerBrowser, snap } from './browser.js';

// A server-rendered page shows its content before its app has started (docs/PRODUCT.md#found-on-the-web):
// a phone takes seconds to fetch and run the code. Its first tap must work all the same: links, the phone
// menu and the directory's GET form work without the app, and what is typed before it starts is taken up.
// The app's code is held back here, so each tap surely lands before the app has started.

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});

let visitor = 0;

/** A phone (390 px, its CPU 4x slower) of a visitor of its own; JavaScript off when asked. */
async function phone(options: { javaScript?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  visitor += 1;
  const context = await browser.newContext({
    viewport: MOBILE,
    baseURL: baseUrl(),
    javaScriptEnabled: options.javaScript ?? true,
    extraHTTPHeaders: { 'x-forwarded-for': `10.250.${process.pid % 250}.${visitor}` },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  if (options.javaScript !== false) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { context, page };
}

/** Holds the app's code back until the returned function is called. */
async function holdTheApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await released;
    await route.continue().catch(() => {});
  });
  return release;
}

// The next page's code is held back too, so its load event waits: a navigation is done once its HTML is in.
const HELD = { waitUntil: 'domcontentloaded' } as const;

const started = (page: Page) => page.evaluate((attribute) => document.documentElement.hasAttribute(attribute), APP_STARTED_ATTRIBUTE);
const cards = (page: Page) => page.getByRole('list', { name: 'Experts' }).locator(':scope > li');
const filtersToggle = (page: Page) => page.locator('summary').filter({ hasText: 'Filters' });

/** What the directory says it found for a search, as the API counts it. */
async function foundText(search: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/experts?${search}&limit=1`);
  const count = Number(response.headers.get('X-Total-Count'));
  return `${count} ${count === 1 ? 'expert' : 'experts'} found`;
}

describe('the first tap on a page the server rendered, before its app has started', () => {
  it("Sign In and Get Started are links to sign-in, back to the page they're on", async () => {
    const { context, page } = await phone();
    const release = await holdTheApp(page);
    await page.goto('/experts?q=Marcus', { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { level: 1, name: 'Onsite Marine Service' }).waitFor();
    expect(await started(page)).toBe(false);
    await page.getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL(/\/login\?returnTo=%2Fexperts%3Fq%3DMarcus$/, HELD);

    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { level: 1, name: /Marine Repair Solutions with/ }).waitFor();
    expect(await started(page)).toBe(false);
    await page.getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL(/\/login\?mode=sign-up&returnTo=%2F$/, HELD);
    release();
    await context.close();
  });

  it('the phone menu opens, closes and leads on', async () => {
    const { context, page } = await phone();
    const release = await holdTheApp(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { level: 1, name: /Marine Repair Solutions with/ }).waitFor();
    const menu = page.locator('#mobile-menu');
    await page.getByLabel('Menu', { exact: true }).click();
    await menu.getByRole('link', { name: 'Onsite Request' }).waitFor();
    await page.getByLabel('Menu', { exact: true }).click();
    await menu.waitFor({ state: 'hidden' });
    await page.getByLabel('Menu', { exact: true }).click();
    expect(await started(page)).toBe(false);
    await menu.getByRole('link', { name: 'Video Consultation' }).click();
    await page.waitForURL(/\/video-consultation$/, HELD);
    release();
    await context.close();
  });

  it("the directory's search and filters are a form the server answers filtered", async () => {
    const { context, page } = await phone();
    const release = await holdTheApp(page);
    await page.goto('/experts', { waitUntil: 'domcontentloaded' });
    await page.getByRole('searchbox', { name: 'Search experts' }).fill('Annapolis, MD');
    expect(await started(page)).toBe(false);
    await page.getByRole('searchbox', { name: 'Search experts' }).press('Enter');
    await page.waitForURL(/\/experts\?q=Annapolis%2C\+MD/, HELD);
    await page.getByText(await foundText('q=Annapolis%2C%20MD'), { exact: true }).waitFor();

    await page.goto('/experts', { waitUntil: 'domcontentloaded' });
    await filtersToggle(page).click();
    await page.getByLabel('Specialty', { exact: true }).selectOption('engines');
    await page.getByLabel('Sort By', { exact: true }).selectOption('price-low');
    expect(await started(page)).toBe(false);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/specialty=engines/, HELD);
    await page.getByText(await foundText('specialty=engines'), { exact: true }).waitFor();
    // Rendered with the filters open and chosen as the address says.
    expect(await page.getByLabel('Specialty', { exact: true }).inputValue()).toBe('engines');
    expect(await page.getByLabel('Sort By', { exact: true }).inputValue()).toBe('price-low');
    release();
    await context.close();
  });

  it('what is typed and chosen before the app starts filters the list once it has', async () => {
    const { context, page } = await phone();
    const release = await holdTheApp(page);
    await page.goto('/experts', { waitUntil: 'domcontentloaded' });
    await page.getByRole('searchbox', { name: 'Search experts' }).fill('Annapolis, MD');
    expect(await started(page)).toBe(false);
    release();
    await appStarted(page);
    await page.getByText(await foundText('q=Annapolis%2C%20MD'), { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('Annapolis, MD');
    expect(await page.getByRole('searchbox', { name: 'Search experts' }).inputValue()).toBe('Annapolis, MD');
    await context.close();

    const second = await phone();
    const releaseSecond = await holdTheApp(second.page);
    await second.page.goto('/experts', { waitUntil: 'domcontentloaded' });
    await filtersToggle(second.page).click();
    await second.page.getByLabel('Specialty', { exact: true }).selectOption('engines');
    expect(await started(second.page)).toBe(false);
    releaseSecond();
    await appStarted(second.page);
    await second.page.getByText(await foundText('specialty=engines'), { exact: true }).waitFor();
    expect(new URL(second.page.url()).searchParams.get('specialty')).toBe('engines');
    await second.page.getByLabel('Specialty', { exact: true }).waitFor();
    await snap(second.page, 'experts-chosen-before-start-390');
    await expectAccessible(second.page);
    await second.context.close();
  });
});

describe('a server-rendered page without JavaScript', () => {
  it('signs in by link, opens the phone menu, and filters the directory by its form', async () => {
    const { context, page } = await phone({ javaScript: false });
    await page.goto('/');
    await page.getByRole('link', { name: 'Get Started' }).waitFor();
    await page.getByLabel('Menu', { exact: true }).click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'Onsite Request' }).click();
    await page.waitForURL(/\/onsite-request$/);

    await page.goto('/experts');

    await page.getByRole('searchbox', { name: 'Search experts' }).fill('Annapolis, MD');
    await page.getByRole('searchbox', { name: 'Search experts' }).press('Enter');
    await page.getByText(await foundText('q=Annapolis%2C%20MD'), { exact: true }).waitFor();
    expect(await cards(page).count()).toBeGreaterThan(0);

    await filtersToggle(page).click();
    await page.getByLabel('Specialty', { exact: true }).selectOption('engines');
    await page.getByLabel('Search experts', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText(await foundText('specialty=engines'), { exact: true }).waitFor();

    await page.getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL(/\/login\?returnTo=%2Fexperts%3F/);
    await context.close();
  });
});
