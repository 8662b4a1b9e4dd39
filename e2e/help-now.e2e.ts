import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Expert } from '../src/common/experts.js';
import type { Booking } from '../src/common/bookings.js';
import { REQUEST_LIFETIME_MS, SAFETY_LINE, TOW_SERVICES, priceLine } from '../src/common/help-now.js';
import { demoEmailOf } from '../src/server/seed/demo-accounts.js';
import { DESKTOP, FAKE_MEDIA, MOBILE, baseUrl, expectAccessible, launchBrowser, makeAdmin, newPage, signUpThroughUi, snap, uniqueEmail } from './browser.js';
import { runJobNow, setTestClock } from './test-clock.js';
import { setPasswordOf, signInThroughUi } from './accounts.js';
import { HULL_TYPES, PROPULSIONS } from '../src/common/boats.js';
import { BOAT_TYPES } from '../src/common/bookings-fields.js';

// Help now (docs/PRODUCT.md#help-now): an owner in trouble reaches an expert on call on live video.

const EXPERT_PASSWORD = 'help-now-pass-42';
const PROBLEM = 'The engine stopped and will not restart';
const ZIP = '33316';
const ON_CALL = { onCall: true, from: '00:00', to: '23:59', firstPrice: '45.00', minutePrice: '2.50' };

let browser: Browser;
const contexts: BrowserContext[] = [];
let owner: Page;
let expert: Page;
let expertName: string;

async function visitor(viewport = DESKTOP) {
  const opened = await newPage(browser, viewport);
  contexts.push(opened.context);
  return opened.page;
}

/** A call from inside the signed-in page, as its buttons make it. */
function callFromPage(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        credentials: 'include',
        headers: body === undefined ? {} : { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, text: await response.text() };
    },
    { method, path, body },
  );
}

async function setOnCall(settings: typeof ON_CALL) {
  const { status, text } = await callFromPage(expert, 'PUT', '/api/workspace/on-call', settings);
  expect(status, text).toBe(200);
  return JSON.parse(text) as { ringableNow: boolean };
}

/** What the owner would be quoted now: how many experts are on call. */
async function expertsOnCall(): Promise<number> {
  const { status, text } = await callFromPage(owner, 'GET', `/api/help-requests/price?specialty=not-sure&zipCode=${ZIP}`);
  expect(status, text).toBe(200);
  return (JSON.parse(text) as { expertsOnCall: number }).expertsOnCall;
}

async function remoteVideoPlays(page: Page) {
  await page.waitForFunction(() => ((document.querySelector('video[data-remote]') as HTMLVideoElement | null)?.videoWidth ?? 0) > 0, null, { timeout: 20_000 });
}

/** The owner fills the request in with a typed ZIP code. */
async function fillRequest(page: Page) {
  await page.getByLabel('What kind of problem is it?').selectOption({ label: 'Not sure' });
  await page.getByLabel('What is wrong, in one sentence').fill(PROBLEM);
  await page.getByLabel('Marina or place').fill('Bahia Mar Marina');
  await page.getByLabel('ZIP code').fill(ZIP);
}

/** A screenshot from the top of the page (the header is sticky: a page scrolled to a field shows it over the content). */
async function snapTop(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, name);
}

/** What the screen shows now (the ring's banner is fixed at the top of the window, which a full-page shot misplaces). */
async function snapWindow(page: Page, name: string) {
  if (process.env.SCREENSHOTS !== '1') return;
  mkdirSync('test-results/screenshots', { recursive: true });
  await page.screenshot({ path: `test-results/screenshots/${name}.png` });
}

const ring = () => expert.getByRole('alert').filter({ hasText: PROBLEM });

beforeAll(async () => {
  browser = await launchBrowser(FAKE_MEDIA);
  const probe = await fetch(`${baseUrl()}/api/experts?serviceType=video&available=true&sort=name&limit=100`);
  const experts = (await probe.json()) as Expert[];
  // The third to last by name: the consultation journey takes the second to last, the workspace journey the last.
  expertName = experts.at(-3)!.name;
  setPasswordOf(demoEmailOf(expertName), EXPERT_PASSWORD);

  owner = await visitor(MOBILE);
  await owner.goto('/login');
  await signUpThroughUi(owner, { firstName: 'Hana', lastName: 'Mariner', email: uniqueEmail('hana'), password: 'harbor-pass-42' });
  await owner.getByRole('heading', { name: /^Welcome (back )?to K&B Marine$/ }).waitFor();

  expert = await visitor();
  await signInThroughUi(expert, demoEmailOf(expertName), EXPERT_PASSWORD);
});
afterAll(async () => {
  await setTestClock(null);
  for (const context of contexts) await context.close();
  await browser.close();
});

describe('Help now', () => {
  it('says plainly that nobody is on call, and offers the other ways, before anything is sent', async () => {
    await setOnCall({ ...ON_CALL, onCall: false });
    await owner.goto('/help-now');
    await owner.getByRole('heading', { name: 'Help now' }).waitFor();
    // The safety line is the page's first content, before the heading and the form.
    const first = await owner.locator('#main').evaluate((main) => (main as HTMLElement).innerText.trim().split('\n')[0]);
    expect(first).toBe(SAFETY_LINE);
    expect(await owner.getByRole('link', { name: 'Call 911' }).getAttribute('href')).toBe('tel:911');

    // The position is asked for only when the owner presses the button; its accuracy shows.
    const context = owner.context();
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 26.1101, longitude: -80.1062, accuracy: 12 });
    // The server's Permissions-Policy (http/security-headers.ts) says geolocation=() on every page for now: the
    // browser then refuses, and the page says so and keeps the typed place; once /help-now allows it, the accuracy shows.
    await owner.getByRole('button', { name: 'Share my position' }).click();
    const within = owner.getByText('Within 12 m', { exact: true });
    const blocked = owner.getByText('Location is blocked for this site. Type the marina and ZIP code instead.');
    await within.or(blocked).waitFor();
    if (await within.isVisible()) await owner.getByRole('button', { name: 'Type the marina and ZIP code instead' }).click();

    await fillRequest(owner);
    await owner.getByRole('heading', { name: 'No expert is on call right now' }).waitFor();
    expect(await owner.getByRole('button', { name: 'Get help now' }).isDisabled()).toBe(true);
    await expectAccessible(owner);
    await snapTop(owner, 'help-now-nobody-on-call-390');
    await owner.setViewportSize(DESKTOP);
    await snapTop(owner, 'help-now-nobody-on-call-1280');
    await owner.setViewportSize(MOBILE);
  });

  it('rings the expert on call on any page of theirs; the first accept takes both into the call, billed after', async () => {
    const settings = await setOnCall(ON_CALL);
    // The expert's notification settings have the Help now kind.
    await expert.goto('/settings');
    await expert.getByText('Help now requests', { exact: true }).waitFor();
    await expert.goto('/workspace');
    await expert.getByRole('tab', { name: 'Practice' }).click();
    await expert.getByRole('heading', { name: 'On call for Help now' }).waitFor();
    await expert.getByTestId('on-call-status').filter({ hasText: settings.ringableNow ? 'You can be rung now.' : 'You are not rung' }).waitFor();
    await expert.getByRole('heading', { name: 'On call for Help now' }).scrollIntoViewIfNeeded();
    await snap(expert, 'help-now-on-call-1280');
    // The workspace's open page keeps the expert online (the rings' socket): they can be rung.
    await expect.poll(expertsOnCall, { timeout: 15_000 }).toBeGreaterThan(0);

    await owner.goto('/help-now');
    await snapTop(owner, 'help-now-safety-390');
    await fillRequest(owner);
    await owner.getByTestId('help-price').filter({ hasText: priceLine(4500, 250) }).waitFor();
    await snapTop(owner, 'help-now-request-390');
    await owner.setViewportSize(DESKTOP);
    await snapTop(owner, 'help-now-request-1280');
    await owner.setViewportSize(MOBILE);
    await expectAccessible(owner);
    await owner.getByRole('button', { name: 'Get help now' }).click();
    await owner.getByText(/^Ringing \d+ experts?\.\.\.$/).waitFor();
    await owner.getByRole('button', { name: 'Cancel request' }).waitFor();
    await snapTop(owner, 'help-now-ringing-390');
    await expectAccessible(owner);

    await ring().waitFor();
    expect(await ring().textContent()).toContain('$45.00 for the first 15 minutes, then $2.50 a minute');
    await snapWindow(expert, 'help-now-ring-1280');
    await expectAccessible(expert);
    const started = Date.now();
    await ring().getByRole('button', { name: 'Accept' }).click();
    await owner.getByText(`${expertName} is taking your call`).waitFor();
    await snapTop(owner, 'help-now-accepted-390');
    await Promise.all([owner.waitForURL(/\/consultation\?booking=/), expert.waitForURL(/\/consultation\?booking=/)]);
    const inRoom = Date.now() - started;
    const bookingId = new URL(owner.url()).searchParams.get('booking')!;
    expect(new URL(expert.url()).searchParams.get('booking')).toBe(bookingId);
    await Promise.all([owner.getByRole('button', { name: 'Join call' }).waitFor(), expert.getByRole('button', { name: 'Join call' }).waitFor()]);
    await Promise.all([owner.getByRole('button', { name: 'Join call' }).click(), expert.getByRole('button', { name: 'Join call' }).click()]);
    await Promise.all([remoteVideoPlays(owner), remoteVideoPlays(expert)]);
    console.log(`Help now: accept to both in the call room ${inRoom} ms; to both connected ${Date.now() - started} ms`);

    // The expert ends the call and completes the booking; the owner's booking page shows the invoice.
    await expert.getByRole('button', { name: 'Leave call' }).click();
    await expert.getByText('You left the call.').waitFor();
    const { text } = await callFromPage(expert, 'GET', `/api/bookings/${bookingId}`);
    const booking = JSON.parse(text) as Booking;
    await expert.goto('/workspace');
    const card = expert.locator(`[data-testid="workspace-booking"][data-number="${booking.number}"]`);
    await card.getByRole('button', { name: 'Mark completed' }).click();
    await expert.locator('[data-sonner-toast]').filter({ hasText: 'Marked completed' }).first().waitFor();
    await owner.goto(`/bookings/${bookingId}`);
    await owner.getByRole('heading', { name: /^Invoice / }).waitFor();
  });

  it('says nobody answered when the request expires, and offers, in order, the other ways', async () => {
    await expect.poll(expertsOnCall, { timeout: 15_000 }).toBeGreaterThan(0);
    await owner.goto('/help-now');
    await fillRequest(owner);
    await owner.getByTestId('help-price').waitFor();
    await owner.getByRole('button', { name: 'Get help now' }).click();
    await owner.getByText(/^Ringing \d+ experts?\.\.\.$/).waitFor();

    // The expert declines: their ring stops; the request goes on ringing until it expires.
    await ring().getByRole('button', { name: 'Decline' }).click();
    await ring().waitFor({ state: 'detached' });
    await setTestClock(new Date(Date.now() + REQUEST_LIFETIME_MS + 5_000));
    try {
      await runJobNow('help-now-rounds');
      await owner.getByRole('heading', { name: 'Nobody answered' }).waitFor();
    } finally {
      await setTestClock(null);
    }
    await owner.getByText('Nothing is charged.', { exact: false }).first().waitFor();
    const links = await owner.getByRole('list').first().getByRole('link').evaluateAll((found) => found.map((a) => [a.textContent?.trim(), a.getAttribute('href')]));
    const names = links.map(([name]) => name);
    const earliest = names.indexOf('Book the earliest video consultation');
    const onsite = names.indexOf('Find an expert who comes to the boat');
    const assistant = names.indexOf('Ask the AI assistant, your question filled in');
    const tow = names.findIndex((name) => name?.startsWith(TOW_SERVICES[0].name));
    expect(earliest).toBe(0);
    expect(onsite).toBeGreaterThan(earliest);
    expect(assistant).toBeGreaterThan(onsite);
    expect(tow).toBeGreaterThan(assistant);
    expect(links[assistant]![1]).toBe(`/ai-assistant?${new URLSearchParams({ question: PROBLEM })}`);
    for (const service of TOW_SERVICES) {
      const link = owner.getByRole('link', { name: new RegExp(`^${service.name}`) });
      expect(await link.getAttribute('href')).toBe(service.url);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toContain('noopener');
    }
    await snapTop(owner, 'help-now-nobody-answered-390');
    await expectAccessible(owner);

    // The assistant takes the question as handed over.
    await owner.getByRole('link', { name: 'Ask the AI assistant, your question filled in' }).click();
    await owner.waitForURL(/\/ai-assistant\?question=/);
    expect(await owner.getByLabel('Your question for the assistant').inputValue()).toBe(PROBLEM);
  });

  it('shows administrators the requests, and leads there from the footer, home and the boat', async () => {
    await owner.goto('/');
    await snapTop(owner, 'help-now-home-390');
    expect(await owner.getByRole('contentinfo').getByRole('link', { name: 'Emergency Support' }).getAttribute('href')).toBe('/help-now');
    expect(await owner.getByRole('link', { name: 'Help now', exact: true }).first().getAttribute('href')).toBe('/help-now');

    // The assistant offers Help now when the owner says they need someone now, their words filled in.
    const urgent = 'I need someone now, the bilge pump quit';
    await owner.goto('/ai-assistant');
    await owner.getByLabel('Your question for the assistant').fill(urgent);
    await owner.getByRole('button', { name: 'Send message' }).click();
    const handOff = owner.getByRole('log', { name: 'Conversation' }).getByRole('link', { name: 'Help now', exact: true });
    await handOff.waitFor();
    expect(await handOff.getAttribute('href')).toBe(`/help-now?${new URLSearchParams({ question: urgent })}`);
    await handOff.click();
    await owner.waitForURL(/\/help-now\?question=/);
    expect(await owner.getByLabel('What is wrong, in one sentence').inputValue()).toBe(urgent);

    // Each boat's page leads to Help now with the boat chosen.
    const made = await callFromPage(owner, 'POST', '/api/boats', { name: 'Sea Breeze', boatType: BOAT_TYPES[0], hullType: HULL_TYPES[0], propulsion: PROPULSIONS[0] });
    expect(made.status, made.text).toBe(201);
    const boatId = (JSON.parse(made.text) as { boat: { id: string } }).boat.id;
    await owner.goto(`/boats/${boatId}`);
    await owner.getByRole('link', { name: 'Help now', exact: true }).last().click();
    await owner.waitForURL(/\/help-now\?boat=/);
    await expect.poll(() => owner.getByLabel('Which boat').inputValue()).toBe(boatId);

    const admin = await visitor();
    const email = uniqueEmail('ada');
    await admin.goto('/login');
    await signUpThroughUi(admin, { firstName: 'Ada', lastName: 'Admin', email, password: 'harbor-pass-42' });
    await admin.getByRole('heading', { name: /^Welcome (back )?to K&B Marine$/ }).waitFor();
    makeAdmin(email);
    await admin.goto('/expert-management');
    await admin.getByRole('tab', { name: 'Help requests' }).click();
    const rows = admin.getByRole('table').getByRole('row').filter({ hasText: PROBLEM });
    await rows.filter({ hasText: 'Accepted' }).filter({ hasText: expertName }).getByRole('link', { name: 'Booking' }).waitFor();
    await rows.filter({ hasText: 'Nobody answered' }).first().waitFor();
    await snap(admin, 'help-now-admin-1280');
    await expectAccessible(admin);
  });
});
