import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, workerBrowser, newPage, signUpThroughUi, uniqueEmail } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});

describe('signing in from a link whose returnTo points at another site', () => {
  // A tab or a newline between two slashes is dropped by the browser's URL parser: '/<tab>/evil.example' is '//evil.example'.
  it.each([
    ['through /api/login', '/api/login?returnTo=/%09/evil.example/phish'],
    ['on the sign-in page itself', '/login?returnTo=/%0A/evil.example/phish'],
  ])('stays on our site %s', async (_how, link) => {
    const { context, page } = await newPage(browser);
    const phished: string[] = [];
    await context.route('http://evil.example/**', (route) => {
      phished.push(route.request().url());
      return route.fulfill({ contentType: 'text/html', body: '<h1>Phished</h1>' });
    });
    await page.goto(link);
    await page.waitForURL(/\/login\?/);
    await signUpThroughUi(page, { firstName: 'Rhea', lastName: 'Turner', email: uniqueEmail('return-to'), password: 'return-to-pass-1' });
    await page.waitForURL((url) => url.pathname === '/' || url.hostname === 'evil.example');
    expect(phished).toEqual([]);
    expect(new URL(page.url()).origin).toBe(new URL(baseUrl()).origin);
    await context.close();
  });
});
