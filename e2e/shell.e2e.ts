import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { PAGE_PATHS } from '../src/common/page-paths.js';
import { MOBILE, baseUrl, expectAccessible, workerBrowser, newPage, recordStates, signUpThroughUi, snap, uniqueEmail, makeAdmin } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});

describe('the shell', () => {
  it('shows User Admin and Expert Admin to an administrator made by the command line', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('admin');
    await page.goto('/login');
    await signUpThroughUi(page, { firstName: 'Harper', lastName: 'Quay', email, password: 'admin-pass-123' });
    await page.getByRole('heading', { name: /^Welcome (back )?to K&B Marine$/ }).waitFor();

    makeAdmin(email);

    await page.reload();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'User Admin' }).waitFor();
    await page.getByRole('menuitem', { name: 'Expert Admin' }).waitFor();
    await snap(page, 'avatar-menu-admin-1280');
    await context.close();
  });

  it('opens and closes the mobile menu at 390 px, and a tapped link closes it', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await page.goto('/');
    await page.getByRole('heading', { name: /Marine Repair Solutions with/ }).waitFor();
    await snap(page, 'home-signed-out-390');
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Dashboard' }).isVisible()).toBe(false);

    // A native disclosure (<summary>), which says itself whether it is open.
    const toggle = page.getByLabel('Menu', { exact: true });
    await toggle.click();
    const menu = page.locator('#mobile-menu');
    await menu.getByRole('link', { name: 'Onsite Request' }).waitFor();
    await snap(page, 'mobile-menu-open-390');
    await expectAccessible(page);
    await toggle.click();
    await menu.waitFor({ state: 'hidden' });

    await toggle.click();
    await menu.getByRole('link', { name: 'Video Consultation' }).click();
    await page.waitForURL(/\/video-consultation$/);
    await menu.waitFor({ state: 'hidden' });
    await context.close();
  });

  // A tab left open across a release asks for page code that is gone; a phone loses its network.
  it("says when a page's code could not be loaded, keeps the menu working, and loads it on reload", async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await page.getByRole('heading', { name: /Marine Repair Solutions with/ }).waitFor();
    const termsCode = /\/assets\/terms-[\w-]+\.js$/;
    await page.route(termsCode, (route) => route.abort());
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await page.getByRole('heading', { level: 1, name: 'This page could not be loaded' }).waitFor();
    expect(page.url()).toMatch(/\/terms$/);
    await expectAccessible(page);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Onsite Request' }).click();
    await page.getByRole('heading', { level: 1, name: 'Onsite Marine Service Experts' }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'could not be loaded' }).count()).toBe(0);

    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'This page could not be loaded' }).waitFor();
    await page.unroute(termsCode);
    await page.getByRole('button', { name: 'Reload the page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    await context.close();
  });

  it('highlights the current link and shows the footer', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/onsite-request');
    await page.getByText(/expert\(s\) available for onsite service/).waitFor();
    const current = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Onsite Request' });
    expect(await current.getAttribute('aria-current')).toBe('page');
    const footer = page.getByRole('contentinfo');
    for (const text of ['Services', 'Expertise', 'Support', 'AI Knowledge Base', 'Emergency Support', 'Rigging', 'Terms of Service']) {
      await footer.getByText(text, { exact: true }).waitFor();
    }
    await footer.getByText(/© 2024/).waitFor();
    // The application is for signed-in visitors: an anonymous one passes through /expert/apply to sign-in,
    // which brings them back there (expert-apply.e2e.ts follows that road). Here either stop will do: the
    // footer's link led there.
    const link = footer.getByRole('link', { name: /Become an expert/ });
    expect(await link.getAttribute('href')).toBe('/expert/apply');
    // Scrolled to first, as a person does before tapping it: the directory's cards are laid out only near
    // the viewport (content-visibility: auto), so reaching the footer renders the last ones at their real
    // height and moves the footer. A click that scrolls by itself pressed the link and was released a
    // frame later over the grid it had moved off, which follows no link (a trace of pointer events showed it).
    await link.scrollIntoViewIfNeeded();
    await link.click();
    await page.waitForURL((url) => url.pathname === '/expert/apply' || (url.pathname === '/login' && url.searchParams.get('returnTo') === '/expert/apply'));
    await context.close();
  });

  it('shows Page Not Found for an unknown path', async () => {
    const { context, page } = await newPage(browser);
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.getByText('/no/such/page').waitFor();
    await snap(page, 'not-found-1280');
    await expectAccessible(page);
    await context.close();
  });

  it('serves every page of the route table with 200 and any other page address with 404', async () => {
    for (const path of PAGE_PATHS) {
      const url = `${baseUrl()}${path.replace(':id', '1')}`;
      const response = await fetch(url);
      expect(response.status, url).toBe(200);
      expect(await response.text(), url).toContain('<div id="root">');
    }
    for (const path of ['/no-such-page', '/experts/extra/segments', '/bookingsx', '/expert/']) {
      const response = await fetch(`${baseUrl()}${path}`);
      expect(response.status, path).toBe(404);
    }
    expect((await fetch(`${baseUrl()}/dashboard/`)).status).toBe(200);
  });

  // Lighthouse's cumulative layout shift, as the Layout Instability API reports it: what a phone sees move
  // while a page arrives (the count beside 'Clear Filters', a price, the footer under a short page).
  it('keeps public pages still while they load at 390 px', async () => {
    const pages: { path: string; loaded: RegExp }[] = [
      { path: '/onsite-request', loaded: /expert\(s\) available for onsite service/ },
      { path: '/video-consultation', loaded: /expert\(s\) available for video consultation/ },
      { path: '/login', loaded: /Forgot password/ },
      { path: '/book-service', loaded: /from \$\d+\/hr/ },
    ];
    for (const { path, loaded } of pages) {
      const { context, page } = await newPage(browser, MOBILE);
      await page.addInitScript(() => {
        const shifts: { value: number; moved: string[] }[] = [];
        Object.assign(window, { layoutShifts: shifts });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources: { node?: Node }[] })[]) {
            shifts.push({ value: entry.value, moved: entry.sources.map((source) => (source.node as Element | undefined)?.outerHTML.slice(0, 80) ?? '?') });
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // Listings and prices arrive after the page's first paint, as on a phone's network.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/api\/experts\?/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(path);
      await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
      release();
      await page.getByText(loaded).first().waitFor();
      // A frame or two for what the arrival moves to be laid out and reported.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: { value: number; moved: string[] }[] }).layoutShifts);
      expect(shifts, path).toEqual([]);
      await context.close();
    }
  });

  // A page painted in one commit: a spinner committed first (while the signed-in user or the page's code
  // was on its way) put the page's largest text some 0.4 s after the header on a phone.
  it('draws a page opened by its address in its first render, with no spinner before it', async () => {
    for (const { path, heading } of [
      { path: '/', heading: /Marine Repair Solutions with/ },
      { path: '/ai-assistant', heading: 'AI repair help for your boat' },
      { path: '/experts', heading: 'Onsite Marine Service' },
    ]) {
      const { context, page } = await newPage(browser, MOBILE);
      const states = await recordStates(page, [
        { name: 'spinner', selector: '#main > [role=status]' },
        { name: 'page', selector: '#main h1' },
      ]);
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await states(), path).toEqual(['page']);
      await context.close();
    }
  });

  it("opens with the user its page's HTML carries, without asking the server for them", async () => {
    const { context, page } = await newPage(browser, MOBILE);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/user') asked.push(request.url());
    });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: /Marine Repair Solutions with/ }).waitFor();
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
    // A signed-out visit asks nothing it would be refused: no 401 in the console.
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the settings screen for a signed-in user, at 390 px too', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await page.goto('/settings');
    await page.waitForURL(/\/login/);
    await signUpThroughUi(page, { firstName: 'Sal', lastName: 'Tern', email: uniqueEmail('settings'), password: 'settings-pass-1' });
    await page.waitForURL(/\/settings$/);
    await page.getByText('Change password', { exact: true }).first().waitFor();
    // The card of push on this device, and the sessions card's badge of this session.
    await page.getByRole('heading', { name: 'This device' }).waitFor();
    await page.getByText('This device', { exact: true }).nth(1).waitFor();
    await snap(page, 'settings-390');
    await expectAccessible(page);
    await context.close();
  });
});
