import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { TYPING_DEBOUNCE_MS } from '../src/client/lib/use-debounced-field.js';
import { MOBILE, baseUrl, expectAccessible, workerBrowser, newPage, recordStates, snap } from './browser.js';

// Expected counts are computed from the 48 demo experts of src/server/seed/demo-experts.ts.
const ALL_EXPERTS = 48;
const ENGINE_EXPERTS = 8;
const FORT_LAUDERDALE_FL = ['Marcus Delgado', 'Alicia Fontaine', 'Desmond Okafor'];
const ONSITE_AVAILABLE = 30;
const ONSITE_AVAILABLE_RATED_4_5 = 28;
const VIDEO_EXPERTS = 42;
const VIDEO_AVAILABLE_NOW = 31;

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});

const results = (page: Page) => page.getByRole('list', { name: 'Experts' });
const cards = (page: Page) => results(page).locator(':scope > li');

/** The results summary; exact, since '8 experts found' is also a part of '48 experts found'. */
const found = (page: Page, count: number) => page.getByText(`${count} experts found`, { exact: true });

async function cardNames(page: Page) {
  return results(page).getByRole('heading', { level: 2 }).allTextContents();
}

async function expertIdNamed(name: string): Promise<number> {
  const response = await fetch(`${baseUrl()}/api/experts?q=${encodeURIComponent(name)}`);
  const [expert] = (await response.json()) as { id: number; name: string }[];
  expect(expert?.name).toBe(name);
  return expert!.id;
}

describe('the expert listing (/experts)', () => {
  it('filters by specialty, sorts by price, keeps the filtered URL on reload and clears back to all', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/experts');
    await page.getByRole('heading', { name: 'Onsite Marine Service' }).waitFor();
    await found(page, ALL_EXPERTS).waitFor();
    await expect.poll(() => cards(page).count()).toBe(24);
    await snap(page, 'experts-1280');
    await expectAccessible(page);

    await page.locator('summary').filter({ hasText: 'Filters' }).click();
    const specialty = page.getByLabel('Specialty', { exact: true });
    const specialtyOptions = await specialty.locator('option').allTextContents();
    expect(specialtyOptions).toEqual([
      'All Specialties',
      'Engine Repair',
      'Marine Electronics',
      'Winterization',
      'Rigging & Sails',
      'Plumbing Systems',
      'Navigation Systems',
      'Hull & Structure',
      'Electrical Systems',
      'Canvas & Upholstery',
      'Detailing',
      'General Maintenance',
    ]);
    await specialty.selectOption('engines');
    await found(page, ENGINE_EXPERTS).waitFor();

    // The cheapest onsite rate among the engine experts is Travis Boudreaux's $150/hr.
    await page.getByLabel('Sort By').selectOption('price-low');
    await page.waitForURL(/sort=price-low/);
    // The previous order stays on screen until the new one arrives.
    await expect.poll(async () => (await cardNames(page))[0]).toBe('Travis Boudreaux');
    await results(page).getByText('from $150/hr').waitFor();
    expect(page.url()).toContain('specialty=engines');
    await snap(page, 'experts-filtered-1280');
    await expectAccessible(page);

    await page.reload();
    await found(page, ENGINE_EXPERTS).waitFor();
    expect(await page.getByLabel('Specialty', { exact: true }).inputValue()).toBe('engines');
    expect(await page.getByLabel('Sort By').inputValue()).toBe('price-low');
    // The count shows a moment before the cards, which render at low priority (useDeferredValue).
    await expect.poll(async () => (await cardNames(page))[0]).toBe('Travis Boudreaux');

    await page.getByRole('button', { name: 'Clear all filters' }).click();
    await found(page, ALL_EXPERTS).waitFor();
    expect(await page.getByLabel('Sort By').inputValue()).toBe('rating');
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });

  it("finds the experts of 'Fort Lauderdale, FL' and says so when nothing matches", async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/experts');
    await found(page, ALL_EXPERTS).waitFor();
    const search = page.getByRole('searchbox', { name: 'Search experts' });
    await search.fill('Fort Lauderdale, FL');
    await found(page, FORT_LAUDERDALE_FL.length).waitFor();
    await expect.poll(async () => (await cardNames(page)).sort()).toEqual([...FORT_LAUDERDALE_FL].sort());
    expect(new URL(page.url()).searchParams.get('q')).toBe('Fort Lauderdale, FL');

    await search.fill('Atlantis Submarine Works');
    await page.getByRole('heading', { name: 'No experts found' }).waitFor();
    await page.getByText('Try adjusting your search criteria or check back later.').waitFor();
    await found(page, 0).waitFor();
    await snap(page, 'experts-empty-1280');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Clear all filters' }).click();
    await found(page, ALL_EXPERTS).waitFor();
    expect(await search.inputValue()).toBe('');
    // With nothing filtered there is nothing to clear: the link is hidden (its place kept).
    await page.getByRole('button', { name: 'Clear all filters' }).waitFor({ state: 'hidden' });

    // Clear pressed while a new search is still being typed drops both it and the search before it; the
    // typed text does not arrive a moment later. The page's clock is moved past the typing pause rather than waited out.
    await search.fill('Fort Lauderdale, FL');
    await found(page, FORT_LAUDERDALE_FL.length).waitFor();
    await page.clock.install();
    await search.fill('diesel');
    await page.getByRole('button', { name: 'Clear all filters' }).click();
    await page.clock.runFor(2 * TYPING_DEBOUNCE_MS);
    // The cleared address renders in a transition: the field follows it when it lands.
    await expect.poll(() => search.inputValue()).toBe('');
    expect(new URL(page.url()).search).toBe('');
    await found(page, ALL_EXPERTS).waitFor();
    expect(await search.inputValue()).toBe('');
    await context.close();
  });

  it('keeps every filter when two are changed in quick succession', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/experts?specialty=engines');
    await found(page, ENGINE_EXPERTS).waitFor();
    // Both changes in one task, before React renders the first (as on a busy phone): the second must
    // build on the first, not on the URL before it.
    await page.evaluate(() => {
      for (const [id, value] of [
        ['filter-specialty', 'electronics'],
        ['filter-sort', 'price-low'],
      ] as const) {
        const select = document.getElementById(id) as HTMLSelectElement;
        select.value = value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }
    });
    await expect.poll(() => new URL(page.url()).search).toBe('?specialty=electronics&sort=price-low');
    await context.close();
  });

  it('loads the next page of experts with Load more', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/experts');
    await page.getByText('Showing 24 of 48').waitFor();
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => cards(page).count()).toBe(ALL_EXPERTS);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    expect(new Set(await cardNames(page)).size).toBe(ALL_EXPERTS);
    await context.close();
  });

  it('is usable at 390 px: cards stack, filters are reachable, nothing overflows', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await page.goto('/experts');
    await found(page, ALL_EXPERTS).waitFor();
    const [first, second] = [cards(page).nth(0), cards(page).nth(1)];
    const [a, b] = [await first.boundingBox(), await second.boundingBox()];
    expect(a!.x).toBe(b!.x);
    expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1);
    expect(a!.width).toBeLessThanOrEqual(MOBILE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await snap(page, 'experts-390');

    await page.locator('summary').filter({ hasText: 'Filters' }).click();
    await page.getByLabel('Location', { exact: true }).fill('CA');
    await found(page, 7).waitFor();
    await snap(page, 'experts-filters-390');
    await expectAccessible(page);
    await context.close();
  });
});

describe('a directory opened by its address', () => {
  // Its first page of experts is fetched before the app's first render, with the filters of the
  // address: drawn with placeholders first, its 24 cards came in a second commit, a long task on a phone.
  it('draws its first page of experts in its first render, with no placeholder before them', async () => {
    for (const { path, count } of [
      { path: '/experts', count: 24 },
      { path: '/video-consultation?available=true&sort=price-low', count: 24 },
      { path: '/onsite-request?specialty=engines', count: null },
    ]) {
      const { context, page } = await newPage(browser, MOBILE);
      const states = await recordStates(page, [
        { name: 'placeholder', selector: '#main [aria-label="Loading experts"]' },
        { name: 'experts', selector: '#main ul[aria-label="Experts"] > li' },
      ]);
      await page.goto(path);
      await cards(page).first().waitFor();
      expect(await states(), path).toEqual(['experts']);
      if (count) expect(await cards(page).count()).toBe(count);
      await context.close();
    }
  });
});

describe('the expert profile (/expert/:id)', () => {
  it('opens from a card and shows every section, booking links and a working Share', async () => {
    const { context, page } = await newPage(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/experts?q=Marcus%20Delgado');
    await results(page).getByRole('link', { name: 'Marcus Delgado' }).click();
    await page.waitForURL(/\/expert\/\d+$/);
    const id = new URL(page.url()).pathname.split('/').pop();

    await page.getByRole('heading', { level: 1, name: 'Marcus Delgado' }).waitFor();
    // The tab and the head follow the page the visitor moved to (the listing's became the expert's).
    await expect.poll(() => page.title()).toMatch(/^Marcus Delgado — .+ in .+, [A-Z]{2} \| K&B Marine$/);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${new URL(page.url()).origin}/expert/${id}`);
    for (const section of [
      'About',
      'Specialization',
      'Experience Level',
      'Certifications & Credentials',
      'Service Coverage Area',
      'Service Rates',
      'Availability',
      'Book a Session',
      'Reviews',
      'Member Information',
      'Trust & Safety',
    ]) {
      await page.getByRole('heading', { level: 2, name: section, exact: true }).waitFor();
    }
    for (const text of ['Video Consultation', 'Onsite Service', 'Available Now', 'Available for bookings', 'Typically responds within 2 hours', 'Yamaha Master Technician', 'Insured & bonded']) {
      await page.getByText(text, { exact: true }).first().waitFor();
    }
    // His own rates: $95 per 30-minute video call, $165 an hour onsite with a 2-hour minimum.
    await page.getByText('$95 / 30 min').waitFor();
    await page.getByText('$165/hr', { exact: true }).waitFor();
    await page.getByText('2-hour minimum ($330 minimum visit)').waitFor();
    // The same stars in the heading and above the reviews.
    await expect.poll(() => page.getByRole('img', { name: 'Rated 4.9 out of 5' }).count()).toBe(2);
    // The browser runs in UTC, the expert in Florida.
    await page.getByText(/Times are in the expert's time zone \(Eastern/).waitFor();

    expect(await page.getByRole('link', { name: '9:00 AM' }).getAttribute('href')).toBe(
      `/book-service?expertId=${id}&type=video&time=9%3A00%20AM`,
    );
    expect(await page.getByRole('link', { name: 'Book Video Consultation' }).getAttribute('href')).toBe(`/book-video?expertId=${id}`);
    expect(await page.getByRole('link', { name: 'Request Onsite Service' }).getAttribute('href')).toBe(`/book-onsite?expertId=${id}`);
    await snap(page, 'expert-profile-1280');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByText('Link copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

    await page.setViewportSize(MOBILE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await snap(page, 'expert-profile-390');
    await context.close();
  });

  it('offers no booking for an expert who is not taking bookings', async () => {
    const id = await expertIdNamed('Ingrid Halvorsen');
    const { context, page } = await newPage(browser, MOBILE);
    await page.goto(`/expert/${id}`);
    await page.getByRole('heading', { level: 1, name: 'Ingrid Halvorsen' }).waitFor();
    await page.getByText('Currently unavailable').waitFor();
    expect(await page.getByRole('heading', { name: 'Book a Session' }).count()).toBe(0);
    expect(await page.getByText('Typically responds within 2 hours').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await snap(page, 'expert-profile-unavailable-390');
    await expectAccessible(page);
    await context.close();
  });

  it('shows Expert Not Found for an unknown and for a non-numeric id', async () => {
    const { context, page } = await newPage(browser);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/experts/')) asked.push(new URL(request.url()).pathname);
    });
    for (const path of ['/expert/99999', '/expert/abc']) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { name: 'Expert Not Found' }).waitFor();
      expect(await page.title()).toBe('Expert not found | K&B Marine');
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
      await page.getByText("The expert profile you're looking for doesn't exist.").waitFor();
    }
    // The first render's prefetch was told 404; the page mounting on it shows that, not asking again.
    expect(asked.filter((path) => path === '/api/experts/99999')).toHaveLength(1);
    await snap(page, 'expert-not-found-1280');
    await expectAccessible(page);
    await page.setViewportSize(MOBILE);
    await snap(page, 'expert-not-found-390');
    await page.getByRole('link', { name: 'Browse All Experts' }).click();
    await page.waitForURL(/\/experts$/);
    await found(page, ALL_EXPERTS).waitFor();
    await context.close();
  });
});

describe('the onsite expert directory (/onsite-request)', () => {
  it('lists available onsite experts and narrows them by minimum rating', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/onsite-request');
    await page.getByText(`${ONSITE_AVAILABLE} expert(s) available for onsite service`, { exact: true }).waitFor();
    await page.getByLabel('Minimum Rating').selectOption('4.5');
    await page.getByText(`${ONSITE_AVAILABLE_RATED_4_5} expert(s) available for onsite service`, { exact: true }).waitFor();
    expect(page.url()).toContain('minRating=4.5');
    const firstCard = cards(page).first();
    expect(await firstCard.getByRole('link', { name: 'Book Onsite Service' }).getAttribute('href')).toMatch(/^\/book-onsite\?expertId=\d+$/);
    expect(await firstCard.getByRole('link', { name: 'View Profile' }).getAttribute('href')).toMatch(/^\/expert\/\d+$/);
    await snap(page, 'onsite-directory-1280');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await page.getByText(`${ONSITE_AVAILABLE} expert(s) available for onsite service`, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Clear Filters' }).waitFor({ state: 'hidden' });
    await context.close();
  });

  it('shows its empty state and fits 390 px', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await page.goto('/onsite-request?location=Atlantis');
    await page.getByRole('heading', { name: 'No experts found' }).waitFor();
    await page.getByText('Try adjusting your filters to see more results.').waitFor();
    await page.getByText('0 expert(s) available for onsite service').waitFor();
    await page.goto('/onsite-request');
    await page.getByText(`${ONSITE_AVAILABLE} expert(s) available for onsite service`, { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await snap(page, 'onsite-directory-390');
    // Nothing is filtered: there is nothing to clear.
    expect(await page.getByRole('button', { name: 'Clear Filters' }).isVisible()).toBe(false);
    await context.close();
  });

  it('reads a ZIP code as the place: nearest first, each card saying how far, at 390 px', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await page.goto('/onsite-request?location=33316');
    await page.getByText(/^\d+ expert\(s\) available for onsite service$/).waitFor();
    await expect.poll(() => cards(page).count()).toBeGreaterThan(2);
    expect(await page.getByLabel('Sort By').inputValue()).toBe('distance');
    expect(await page.getByLabel('Sort By').locator('option:checked').textContent()).toBe('Nearest First');
    const places = await cards(page).getByText(/ mi away$/).allTextContents();
    const miles = places.map((text) => (/< 1 mi away$/.test(text) ? 0 : Number(/([\d,]+) mi away$/.exec(text)![1]!.replace(',', ''))));
    expect(miles.length).toBe(await cards(page).count());
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    expect(miles[0]).toBe(0);
    await snap(page, 'onsite-directory-near-zip-390');
    await expectAccessible(page);
    await context.close();
  });
});

describe("a boat where no expert travels (Annapolis, MD)", () => {
  it('says nobody visits there and offers the nearest experts by video call instead, at 390 px', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await page.goto('/experts?specialty=engines&location=21401');
    await page.getByRole('heading', { name: 'No experts found' }).waitFor();
    await page.getByText('No expert here travels to 21401 for an onsite visit yet. These experts can look at it with you on a video call:').waitFor();
    const offers = page.getByRole('list', { name: 'Experts by video call' }).getByRole('listitem');
    await expect.poll(() => offers.count()).toBe(3);
    expect(await offers.first().getByText(/ mi away · \$\d+ \/ 30 min$/).count()).toBe(1);
    expect(await offers.first().getByRole('link', { name: /^Book Video Consultation with / }).getAttribute('href')).toMatch(/^\/book-video\?expertId=\d+$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await snap(page, 'experts-no-one-in-reach-390');
    await expectAccessible(page);
    await context.close();
  });
});

describe('the video expert directory (/video-consultation)', () => {
  it('lists video experts and narrows them to those available now', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/video-consultation');
    await page.getByText(`${VIDEO_EXPERTS} expert(s) available for video consultation`, { exact: true }).waitFor();
    const availableNow = page.getByRole('button', { name: 'Available Now' });
    expect(await availableNow.getAttribute('aria-pressed')).toBe('false');
    await availableNow.click();
    await page.getByText(`${VIDEO_AVAILABLE_NOW} expert(s) available for video consultation`, { exact: true }).waitFor();
    expect(await availableNow.getAttribute('aria-pressed')).toBe('true');
    expect(page.url()).toContain('available=true');
    const firstCard = cards(page).first();
    expect(await firstCard.getByRole('link', { name: 'Book Video Consultation' }).getAttribute('href')).toMatch(/^\/book-video\?expertId=\d+$/);
    await firstCard.getByRole('link', { name: 'View Full Profile' }).waitFor();
    await snap(page, 'video-directory-1280');
    await expectAccessible(page);

    await page.getByRole('searchbox', { name: 'Search experts' }).fill('no such marine wizard');
    await page.getByRole('heading', { name: 'No experts found' }).waitFor();
    await page.getByText('Try adjusting your search or filters to see more results.').waitFor();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await page.getByText(`${VIDEO_EXPERTS} expert(s) available for video consultation`, { exact: true }).waitFor();
    await context.close();
  });

  it('fits 390 px', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await page.goto('/video-consultation');
    await page.getByText(`${VIDEO_EXPERTS} expert(s) available for video consultation`, { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await snap(page, 'video-directory-390');
    await expectAccessible(page);
    await context.close();
  });
});
