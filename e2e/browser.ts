import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { APP_STARTED_ATTRIBUTE } from '../src/common/page-blocks.js';
import { AxeBuilder } from '@axe-core/playwright';
import { spawnSync } from 'node:child_process';
import { expect } from 'vitest';
import { e2eServer } from './servers.js';
import { waitForMail } from './mail-drop.js';

/** This journey's server (one per worker, see global-setup.ts). */
export const baseUrl = () => e2eServer().baseUrl;
export const dataDir = () => e2eServer().dataDir;

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Chromium's fake camera (a test pattern) and microphone (a beep), allowed without a prompt. */
export const FAKE_MEDIA = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

/** Chromium with the usual flags; `extraArgs` adds a journey's own (fake camera and microphone, say). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

let started: Promise<Browser> | undefined;

/**
 * The worker's Chromium, shared by the journey files it runs one after another (isolate: false in
 * vitest.e2e.config.ts): each file opens contexts of its own in it, as people in their own browsers would,
 * instead of starting a Chromium of its own. It ends with the worker. A journey that needs other flags (the
 * fake camera) launches its own with launchBrowser.
 */
export async function workerBrowser(): Promise<Browser> {
  const browser = await (started ??= launchBrowser());
  if (browser.isConnected()) return browser;
  started = launchBrowser();
  return started;
}

/** Closes what a journey file left open in the worker's Chromium, so the next file starts as in a new browser. */
export async function closeContextsLeftOpen() {
  if (!started) return;
  const browser = await started;
  await Promise.all(browser.contexts().map((context) => context.close()));
}

let visitor = 0;

/** A distinct client address for each browser context: each is a different visitor to the server. */
function nextVisitorAddress() {
  visitor += 1;
  return `10.${process.pid % 250}.${Math.floor(visitor / 250)}.${(visitor % 250) + 1}`;
}

export const DESKTOP = { width: 1280, height: 900 };
export const MOBILE = { width: 390, height: 844 };

/**
 * A page in a new browser context: a new visitor. The app's service worker is blocked unless `options` allow
 * it: journeys hold back or count the page's requests, which a worker would answer from its cache out of
 * their sight. The installable-app journey lets it run.
 */
export async function newPage(
  browser: Browser,
  viewport = DESKTOP,
  server = baseUrl(),
  options: Pick<BrowserContextOptions, 'serviceWorkers' | 'isMobile' | 'hasTouch' | 'userAgent'> = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport,
    baseURL: server,
    extraHTTPHeaders: { 'x-forwarded-for': nextVisitorAddress() },
    serviceWorkers: 'block',
    ...options,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  // A page the server rendered shows before its controls work; a person waits the moment the app takes
  // to start, and so do the journeys, after every page they open.
  for (const method of ['goto', 'reload'] as const) {
    const open = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page['goto']>;
    (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const response = await open(...args);
      await appStarted(page);
      return response;
    };
  }
  return { context, page };
}

/** Resolves once the app has started on the page (its first commit, hydration included), or at once on a page that is not the app's. */
export async function appStarted(page: Page) {
  await page.waitForFunction((attribute) => !document.getElementById('root') || document.documentElement.hasAttribute(attribute), APP_STARTED_ATTRIBUTE);
}

/**
 * With SCREENSHOTS=1, saves a full-page screenshot under test-results/screenshots for a person to look at.
 * Nothing checks them, so a plain test run leaves them out.
 */
export async function snap(page: Page, name: string) {
  if (process.env.SCREENSHOTS !== '1') return;
  mkdirSync('test-results/screenshots', { recursive: true });
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}

export function uniqueEmail(prefix: string) {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Fills and sends the 'Create Account' form of the sign-in page; the page then asks for the e-mailed code. */
export async function submitSignUpForm(page: Page, user: { firstName: string; lastName: string; email: string; password: string }) {
  await page.getByRole('tab', { name: 'Create Account' }).click();
  await page.getByLabel('First Name').fill(user.firstName);
  await page.getByLabel('Last Name').fill(user.lastName);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Create Account' }).last().click();
}

/** The code of the newest verification e-mail to the address, read from the journeys' inbox as a person would. */
export async function emailedCode(email: string, mailDir?: string): Promise<string> {
  const mail = await waitForMail(email.toLowerCase(), /is your .* code$/, mailDir);
  const code = /Your code: (\d{6})/.exec(mail.text ?? '')?.[1];
  expect(code, mail.text).toBeDefined();
  return code!;
}

/** Enters the code e-mailed to the address in the code entry on screen. */
export async function enterEmailedCode(page: Page, email: string, mailDir?: string) {
  await page.getByLabel('Code').fill(await emailedCode(email, mailDir));
  await page.getByRole('button', { name: 'Confirm e-mail' }).click();
}

/** Creates an account through the sign-in page, confirms its address with the e-mailed code, and lands back where the visitor came from. */
export async function signUpThroughUi(page: Page, user: { firstName: string; lastName: string; email: string; password: string }, mailDir?: string) {
  await submitSignUpForm(page, user);
  await page.getByRole('heading', { name: 'Confirm your e-mail' }).waitFor();
  await enterEmailedCode(page, user.email, mailDir);
}

/** axe finds no serious or critical accessibility violation on the page as it stands. */
export async function expectAccessible(page: Page) {
  // axe weighs colours with their opacity: a toast caught fading in or out fails colour contrast, though
  // at rest it passes. So transitions and finite animations are let finish first (spinners run forever).
  // Only animations of what is rendered: one inside a closed <details>, or inside a directory card off
  // screen (content-visibility: auto skips its content), never advances, so its `finished` never settles;
  // axe skips hidden nodes anyway. A page.evaluate has no time limit of its own, so the wait has one.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .filter((animation) => {
            const target = (animation.effect as KeyframeEffect | null)?.target;
            return !target || target.checkVisibility({ contentVisibilityAuto: true });
          })
          .map((animation) => animation.finished.catch(() => {})),
      ),
      new Promise((resolve) => setTimeout(resolve, 5_000)),
    ]),
  );
  // Legacy mode runs axe in the page itself, where the default opens a new page for each check to gather
  // the frames' results in, and only violations are gathered, not every passing node: most of a check's
  // time went to those two. Legacy mode can miss what is inside a frame; the app's screens have none
  // (Stripe's payment fields would be Stripe's, and do not load here), and a screen that gains one fails
  // here, to be checked in the default mode.
  expect(page.frames().map((frame) => frame.url()).slice(1), 'frames axe legacy mode may not check').toEqual([]);
  const results = await new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Makes an account an administrator with the real command, while the e2e server runs. */
export function makeAdmin(email: string) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/set-role.ts', email, 'admin'], {
    env: { ...process.env, DATA_DIR: dataDir(), PORT: new URL(baseUrl()).port, BASE_URL: baseUrl(), DATABASE_URL: '' },
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
}

/** A state a page can show: its name, and the element (containing the text, if given) that shows it. */
export interface PageState {
  name: string;
  selector: string;
  text?: string;
}

/**
 * Records, from before the page's own scripts run, each state the page shows in turn: at every change of
 * the document, the first of `states` whose element is there (or 'other'), repeats left out. For checking
 * what a page's first render draws (a spinner or placeholders first, or the content at once).
 */
export async function recordStates(page: Page, states: PageState[]): Promise<() => Promise<string[]>> {
  await page.addInitScript((watched: PageState[]) => {
    const seen: string[] = [];
    Object.assign(window, { recordedStates: seen });
    const shown = ({ selector, text }: PageState) => {
      const element = document.querySelector(selector);
      return !!element && (text === undefined || !!element.textContent?.includes(text));
    };
    new MutationObserver(() => {
      const state = watched.find(shown)?.name ?? 'other';
      // The document being parsed, before the app draws anything, is no state of the page's.
      if (seen.length === 0 && state === 'other') return;
      if (seen.at(-1) !== state) seen.push(state);
    }).observe(document, { subtree: true, childList: true });
  }, states);
  return () => page.evaluate(() => (window as unknown as { recordedStates: string[] }).recordedStates);
}
