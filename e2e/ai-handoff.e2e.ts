import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Booking } from '../src/common/bookings.js';
import type { Expert } from '../src/common/experts.js';
import type { NearbyExpert } from '../src/common/ai-handoff.js';
import { demoEmailOf } from '../src/server/seed/demo-accounts.js';
import { MOBILE, expectAccessible, workerBrowser, newPage, signUpThroughUi, snap, uniqueEmail } from './browser.js';
import { firstFreeSlot } from './book-through-api.js';
import { setPasswordOf } from './accounts.js';

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});

const EXPERT_PASSWORD = 'handoff-pass-42';
/** Fort Lauderdale: several demo engine experts live around it, others far away. */
const OWNER_ZIP = '33301';
const QUESTION = 'My outboard is overheating and the alarm keeps sounding';
const FOLLOW_UP = 'It is a 2015 Yamaha F150 <img src=x onerror="document.title=1">';


/** A request from inside the signed-in page: its cookie and its origin. */
async function inPage<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const { status, text } = await page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        credentials: 'include',
        headers: body ? { 'Content-Type': 'application/json' } : {},
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, text: await response.text() };
    },
    { method, path, body },
  );
  expect(status, `${method} ${path}: ${text}`).toBe(200);
  return JSON.parse(text) as T;
}

async function ask(page: Page, question: string) {
  const box = page.getByRole('textbox', { name: 'Your question for the assistant' });
  const bubbles = page.getByRole('log', { name: 'Conversation' }).locator(':scope > ul > li');
  await box.waitFor();
  const before = await bubbles.count();
  await box.fill(question);
  await box.press('Enter');
  await bubbles.nth(before + 1).waitFor();
  return bubbles.nth(before + 1);
}

async function noHorizontalOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

describe('from the assistant to an expert', () => {
  // The menu's code loads after the page has painted: a press before it arrives is not lost.
  it("opens the 'Book an expert' menu pressed before its code has arrived", async () => {
    const { context, page } = await newPage(browser, MOBILE);
    let deliver = () => {};
    const delivered = new Promise<void>((resolve) => (deliver = resolve));
    await page.route(/\/assets\/book-expert-dropdown-[\w-]+\.js$/, async (route) => {
      await delivered;
      await route.continue();
    });
    await page.goto('/ai-assistant');
    const button = page.getByRole('button', { name: 'Book an expert' });
    await button.click();
    expect(await page.getByRole('menu').count()).toBe(0);
    deliver();
    await page.getByRole('menuitem', { name: /Video consultation/ }).waitFor();
    await page.getByRole('menuitem', { name: /Onsite visit/ }).waitFor();
    await context.close();
  });

  it('an owner books an engine expert from an answer with the conversation attached, and the expert reads it', async () => {
    // The owner, with a ZIP code in their profile.
    const { context, page } = await newPage(browser);
    const ownerEmail = uniqueEmail('handoff-owner');
    await page.goto('/login?returnTo=%2Fai-assistant');
    await signUpThroughUi(page, { firstName: 'Harper', lastName: 'Keel', email: ownerEmail, password: 'handoff-owner-42' });
    await page.waitForURL(/\/ai-assistant$/);
    await inPage(page, 'PATCH', '/api/profile', { firstName: 'Harper', lastName: 'Keel', email: ownerEmail, zipCode: OWNER_ZIP });
    await page.reload();

    // 'Book an expert' is in the chat's header from the start; a serious problem puts it on the answer too.
    await page.getByRole('button', { name: 'Book an expert' }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Book an expert' }).count()).toBe(1);
    const answer = await ask(page, QUESTION);
    await answer.getByText('This is one for a professional').waitFor();
    await ask(page, FOLLOW_UP);
    expect(await page.getByRole('button', { name: 'Book an expert' }).count()).toBeGreaterThanOrEqual(2);
    await answer.getByText('This is one for a professional').scrollIntoViewIfNeeded();
    await snap(page, 'ai-handoff-chat-1280');
    await expectAccessible(page);

    await answer.getByRole('button', { name: 'Book an expert' }).click();
    await page.getByRole('menuitem', { name: /Video consultation/ }).click();
    await page.waitForURL(/\/book-video\?specialty=engines&aiSession=[0-9a-f-]{36}$/);
    const sessionId = new URL(page.url()).searchParams.get('aiSession')!;

    // The form: Engine Repair preselected, only engine experts, nearest to the owner's ZIP code first.
    const specialty = page.getByLabel('Specialty', { exact: true });
    expect(await specialty.inputValue()).toBe('engines');
    const nearby = await inPage<NearbyExpert[]>(page, 'GET', `/api/experts/nearby?serviceType=video&specialty=engines&zip=${OWNER_ZIP}&limit=100`);
    expect(nearby.length).toBeGreaterThan(1);
    expect(nearby.every((e) => e.specialty === 'engines' && e.serviceTypes.includes('video'))).toBe(true);
    const distances = nearby.map((e) => e.distanceMiles ?? Number.POSITIVE_INFINITY);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    const expertSelect = page.getByLabel('Expert', { exact: true });
    await expect.poll(() => expertSelect.locator('option:not([value=""])').count()).toBe(nearby.length);
    const optionIds = await expertSelect.locator('option:not([value=""])').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(optionIds).toEqual(nearby.map((e) => String(e.id)));
    const nearest = nearby[0]!;
    expect(await expertSelect.locator('option:not([value=""])').first().textContent()).toContain(`${Math.round(nearest.distanceMiles!)} mi away`);
    const attach = page.getByLabel('Attach my conversation with the AI assistant');
    expect(await attach.isChecked()).toBe(true);
    await page.getByText(`“${QUESTION}”`).waitFor();
    await snap(page, 'ai-handoff-form-1280');
    await expectAccessible(page);

    // Book the nearest engine expert, conversation attached.
    await expertSelect.selectOption(String(nearest.id));
    await page.getByLabel('Describe the Issue').fill('Outboard overheats with the alarm on; see my conversation with the assistant.');
    const { date, slot } = await firstFreeSlot(page, nearest as Expert, 'video', { daysAhead: 4 });
    await page.getByLabel('Preferred Date').fill(date);
    await expect.poll(() => page.getByLabel('Preferred Time').locator(`option[value="${slot.time}"]`).count()).toBe(1);
    await page.getByLabel('Preferred Time').selectOption(slot.time);
    await page.getByRole('button', { name: 'Book Video Call' }).click();
    await page.getByRole('link', { name: 'View booking' }).waitFor();
    const bookings = await inPage<Booking[]>(page, 'GET', '/api/bookings');
    const booking = bookings.find((b) => b.expert.id === nearest.id)!;
    expect(booking).toBeDefined();

    // The owner sees what they shared on the booking's page.
    await page.goto(`/bookings/${booking.id}`);
    await page.getByRole('heading', { name: 'Conversation with the AI assistant' }).waitFor();
    await page.getByRole('list', { name: 'Attached conversation' }).getByText(QUESTION, { exact: true }).waitFor();

    // An onsite visit offers only the engine experts who travel to the owner's ZIP code, nearest first.
    await page.goto('/book-onsite?specialty=engines');
    const reaching = await inPage<Expert[]>(page, 'GET', `/api/experts?serviceType=onsite&available=true&specialty=engines&location=${OWNER_ZIP}&sort=distance&limit=100`);
    expect(reaching.length).toBeGreaterThan(0);
    expect(reaching.every((e) => e.distanceMiles !== null && Math.round(e.distanceMiles!) <= e.serviceRadius)).toBe(true);
    const onsiteSelect = page.getByLabel('Expert', { exact: true });
    await expect.poll(() => onsiteSelect.locator('option:not([value=""])').count()).toBe(reaching.length);
    expect(await onsiteSelect.locator('option:not([value=""])').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).toEqual(
      reaching.map((e) => String(e.id)),
    );
    await page.getByText(`Experts who travel to ZIP code ${OWNER_ZIP}, from your profile, nearest first.`).waitFor();
    await context.close();

    // The expert signs in and reads the conversation, read only, with the owner's words as text.
    setPasswordOf(demoEmailOf(nearest.name), EXPERT_PASSWORD);
    for (const [viewport, name] of [
      [undefined, 'ai-handoff-expert-1280'],
      [MOBILE, 'ai-handoff-expert-390'],
    ] as const) {
      const expert = await newPage(browser, viewport);
      await expert.page.goto('/login');
      await expert.page.getByRole('tab', { name: 'Sign In' }).click();
      await expert.page.getByLabel('Email').fill(demoEmailOf(nearest.name));
      await expert.page.getByLabel('Password').fill(EXPERT_PASSWORD);
      await expert.page.getByRole('button', { name: 'Sign In' }).last().click();
      // An expert lands in the workspace, not the owner's home.
      await expert.page.getByRole('heading', { name: 'Expert Workspace' }).waitFor();
      expect(new URL(expert.page.url()).pathname).toBe('/workspace');
      await expert.page.goto(`/bookings/${booking.id}`);
      await expert.page.getByRole('heading', { name: 'Conversation with the AI assistant' }).waitFor();
      const messages = expert.page.getByRole('list', { name: 'Attached conversation' });
      await messages.getByText(QUESTION, { exact: true }).waitFor();
      await messages.getByText(FOLLOW_UP, { exact: true }).waitFor();
      expect(await messages.locator(':scope > li').count()).toBe(4);
      expect(await messages.locator('img').count()).toBe(0);
      expect(await expert.page.title()).not.toBe('1');
      await messages.getByText('When to call a professional').first().waitFor();
      expect(await messages.locator('textarea, input, [contenteditable="true"]').count()).toBe(0);
      await expert.page.getByText('Harper Keel attached this conversation when booking').waitFor();
      await noHorizontalOverflow(expert.page);
      await snap(expert.page, name);
      await expectAccessible(expert.page);
      await expert.context.close();
    }

    // The conversation that was attached is the owner's, by its id.
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('on a phone: the chat offers the action and the form arrives preselected', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await page.goto('/login?returnTo=%2Fai-assistant');
    await signUpThroughUi(page, { firstName: 'Piper', lastName: 'Hull', email: uniqueEmail('handoff-phone'), password: 'handoff-phone-42' });
    await page.waitForURL(/\/ai-assistant$/);
    const answer = await ask(page, 'My bilge pump keeps running and water is leaking in near the shaft');
    await answer.getByText('This is one for a professional').waitFor();
    await answer.getByText('This is one for a professional').scrollIntoViewIfNeeded();
    await noHorizontalOverflow(page);
    await snap(page, 'ai-handoff-chat-390');
    // Without a ZIP code the experts come by name, filtered to the specialty.
    await answer.getByRole('button', { name: 'Book an expert' }).click();
    await page.getByRole('menuitem', { name: /Onsite visit/ }).click();
    await page.waitForURL(/\/book-onsite\?specialty=plumbing&aiSession=/);
    expect(await page.getByLabel('Specialty', { exact: true }).inputValue()).toBe('plumbing');
    const expertSelect = page.getByLabel('Expert', { exact: true });
    await expect.poll(() => expertSelect.locator('option:not([value=""])').count()).toBeGreaterThan(0);
    const labels = await expertSelect.locator('option:not([value=""])').allTextContents();
    expect(labels.every((label) => label.includes('Plumbing Systems') && !label.includes('mi away'))).toBe(true);
    expect(await page.getByLabel('Attach my conversation with the AI assistant').isChecked()).toBe(true);
    await noHorizontalOverflow(page);
    await snap(page, 'ai-handoff-form-390');
    await expectAccessible(page);
    await context.close();
  });
});
