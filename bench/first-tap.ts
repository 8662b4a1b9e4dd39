// How long a server-rendered page shows its content before the app has started on it (the document's
// start mark, APP_STARTED_ATTRIBUTE): the window in which its controls must work without the app
// (docs/PRODUCT.md#found-on-the-web). Measured on Lighthouse's phone: 4x CPU, slow 4G, 390 px.
import { chromium, type Browser } from 'playwright-core';
import { APP_STARTED_ATTRIBUTE } from '../src/common/page-blocks.js';
import { chromiumPath } from './chromium-path.js';

// Lighthouse's mobile slow 4G as DevTools applies it (core/config/constants.js, mobileSlow4G).
const SLOW_4G = { offline: false, latency: 150 * 3.75, downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8, uploadThroughput: (750 * 1024 * 0.9) / 8 };
const CPU_SLOWDOWN = 4;
const RUNS = 3;

/** One load: milliseconds from the first contentful paint to the start mark. */
async function once(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    // Before the page's own scripts, when the document has no element yet: the whole document is watched.
    await page.addInitScript((attribute) => {
      new MutationObserver((_changes, observer) => {
        if (!document.documentElement.hasAttribute(attribute)) return;
        (window as unknown as { appStartedAt: number }).appStartedAt = performance.now();
        observer.disconnect();
      }).observe(document, { attributes: true, subtree: true, attributeFilter: [attribute] });
    }, APP_STARTED_ATTRIBUTE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url);
    await page.waitForFunction(() => (window as unknown as { appStartedAt?: number }).appStartedAt !== undefined, null, { timeout: 60_000 });
    return await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]!.startTime;
      return (window as unknown as { appStartedAt: number }).appStartedAt - paint;
    });
  } finally {
    await context.close();
  }
}

/** The median of RUNS loads of each address, in milliseconds, by address. */
export async function contentToAppStart(urls: string[]): Promise<Map<string, number>> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
  const medians = new Map<string, number>();
  try {
    for (const url of urls) {
      const runs: number[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await once(browser, url));
      medians.set(url, runs.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!);
    }
  } finally {
    await browser.close();
  }
  return medians;
}
