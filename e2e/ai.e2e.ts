import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEFAULT_AI_SETTINGS, type AiStatus } from '../src/common/ai.js';
import { DESKTOP, MOBILE, baseUrl, expectAccessible, launchBrowser, newPage, signUpThroughUi, snap, uniqueEmail, makeAdmin } from './browser.js';

let browser: Browser;
let status: AiStatus;
/** One boat owner for the whole file: sign-ups are rate limited per address, and every journey here is theirs. */
let owner: Awaited<ReturnType<BrowserContext['storageState']>>;

const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' });
const questionBox = (page: Page) => page.getByRole('textbox', { name: 'Your question for the assistant' });
const imageInput = (page: Page) => page.locator('input[type="file"]');
const waitingText = () => (status.webSearch ? 'Searching web for manuals and specs...' : 'Searching the knowledge base...');

/** Signs up through the chat's own call to action, which comes back to the assistant. */
async function signUpFromAssistant() {
  const { context, page } = await newPage(browser);
  await page.goto('/ai-assistant');
  await page.getByRole('button', { name: 'Sign in to ask the assistant' }).click();
  await page.waitForURL(/\/login\?returnTo=%2Fai-assistant/);
  await signUpThroughUi(page, { firstName: 'Rowan', lastName: 'Boater', email: uniqueEmail('owner-ai'), password: 'assistant-pass-1' });
  await page.waitForURL(/\/ai-assistant$/);
  await questionBox(page).waitFor();
  const state = await context.storageState();
  await context.close();
  return state;
}

async function ownerPage(viewport = DESKTOP, path = '/ai-assistant') {
  const context = await browser.newContext({ viewport, baseURL: baseUrl(), storageState: owner });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(path);
  return { context, page };
}

beforeAll(async () => {
  browser = await launchBrowser();
  status = (await (await fetch(`${baseUrl()}/api/ai/status`)).json()) as AiStatus;
  owner = await signUpFromAssistant();
});
afterAll(() => browser.close());

async function ask(page: Page, question: string) {
  await questionBox(page).waitFor();
  const bubbles = conversation(page).locator(':scope > ul > li');
  const before = await bubbles.count();
  await questionBox(page).fill(question);
  await questionBox(page).press('Enter');
  // The question and its answer: two more bubbles.
  await bubbles.nth(before + 1).waitFor();
  return bubbles.nth(before + 1);
}

/** Reference pages live on the internet, which the browser here cannot reach; answer them locally. */
async function serveExternalPages(context: BrowserContext) {
  await context.route(/^https?:\/\/(?!localhost)/, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Reference</title><p>Reference page</p>' }),
  );
}

/** Full-page screenshots from the top, so the sticky navigation bar is drawn where it belongs. */
async function snapFromTop(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, name);
}

const photo = () => sharp({ create: { width: 800, height: 600, channels: 3, background: '#557799' } }).png().toBuffer();

describe('the AI assistant (/ai-assistant)', () => {
  it('shows the chat to a visitor with an honest greeting and a call to sign in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/ai-assistant');
    await page.getByRole('heading', { name: 'Marine AI Assistant' }).waitFor();
    await page.getByText('Online • Ready to help').waitFor();
    await conversation(page).getByText(/marine technical assistant/).waitFor();
    expect(await conversation(page).getByText(/real-time web search/).count()).toBe(status.webSearch ? 1 : 0);
    for (const topic of ['Engine Issues', 'Electronics & Navigation', 'Maintenance & Winterization', 'Photo tips', 'Text tips']) {
      await page.getByRole('heading', { name: topic }).waitFor();
    }
    expect(await questionBox(page).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Your conversations' }).count()).toBe(0);
    await snapFromTop(page, 'ai-assistant-signed-out-1280');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Sign in to ask the assistant' }).click();
    await page.waitForURL(/\/login\?returnTo=%2Fai-assistant/);
    await context.close();
  });

  it('answers a question with references that open in a new tab, keeps the conversation and reopens it', async () => {
    const { context, page } = await ownerPage();
    await serveExternalPages(context);
    await page.getByText('Include equipment details: make, model, year, engine hours, symptoms').waitFor();
    expect(await page.getByRole('button', { name: 'Send message' }).isDisabled()).toBe(true);

    // Held back a moment so the waiting state can be seen.
    await page.route('**/api/ai/ask', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await questionBox(page).fill("My outboard cranks but won't start after winter storage");
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('status').getByText(waitingText()).waitFor();
    expect(await questionBox(page).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Attach image' }).isDisabled()).toBe(true);
    expect(await questionBox(page).inputValue()).toBe('');
    await page.getByRole('status').getByText(waitingText()).waitFor({ state: 'detached' });
    await page.unroute('**/api/ai/ask');

    const log = conversation(page);
    await log.getByText("My outboard cranks but won't start after winter storage").waitFor();
    const answer = log.locator(':scope > ul > li').last();
    await answer.getByText('References', { exact: true }).waitFor();
    const links = answer.locator('a[target="_blank"]');
    expect(await links.count()).toBeGreaterThan(0);
    for (const link of await links.all()) {
      expect(await link.getAttribute('href')).toMatch(/^https:\/\//);
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    const firstLink = links.first();
    const href = (await firstLink.getAttribute('href'))!;
    const [tab] = await Promise.all([context.waitForEvent('page'), firstLink.click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(href);
    await tab.close();
    await snapFromTop(page, 'ai-assistant-answer-1280');
    await expectAccessible(page);

    const history = page.getByRole('region', { name: 'Your conversations' });
    const entry = history.getByRole('button', { name: /My outboard cranks but won't start/ });
    await entry.waitFor();
    const conversations = await history.getByRole('button').count();

    await ask(page, 'It is a 2015 Yamaha F150 with 1,200 engine hours and it was not fogged');
    // A follow-up continues the same conversation instead of starting another.
    await page.waitForLoadState('networkidle');
    expect(await history.getByRole('button').count()).toBe(conversations);

    await page.getByRole('button', { name: 'New conversation' }).click();
    expect(await log.getByText("My outboard cranks but won't start after winter storage").count()).toBe(0);
    expect(await log.locator(':scope > ul > li').count()).toBe(1);

    await entry.click();
    await log.getByText("My outboard cranks but won't start after winter storage").waitFor();
    await log.getByText('It is a 2015 Yamaha F150 with 1,200 engine hours and it was not fogged').waitFor();
    expect(await entry.getAttribute('aria-current')).toBe('true');
    await snapFromTop(page, 'ai-assistant-reopened-1280');
    await context.close();
  });

  it('accepts only images, analyses a photo with its description and reports a broken upload', async () => {
    const { context, page } = await ownerPage();

    await imageInput(page).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
    await page.getByText('Invalid file type').waitFor();
    await page.getByText('Please select an image file').waitFor();
    expect(await page.getByRole('button', { name: /^Remove / }).count()).toBe(0);

    await imageInput(page).setInputFiles({ name: 'lower-unit.png', mimeType: 'image/png', buffer: await photo() });
    await page.getByText('Image selected').waitFor();
    await page.getByText('Add a description and send for analysis').waitFor();
    await page.getByRole('button', { name: 'Remove lower-unit.png' }).waitFor();
    await snapFromTop(page, 'ai-assistant-image-attached-1280');

    await questionBox(page).fill('White crust around the lower unit drain screw');
    await page.getByRole('button', { name: 'Send message' }).click();
    const log = conversation(page);
    await log.getByText('[Image uploaded] White crust around the lower unit drain screw').waitFor();
    expect(await page.getByRole('button', { name: 'Remove lower-unit.png' }).count()).toBe(0);
    const analysis = log.locator(':scope > ul > li').nth(2);
    await analysis.getByText('Image Analysis Results').waitFor();
    for (const heading of ['Category:', 'Severity:', 'Diagnosis:', 'Recommendations:']) {
      await analysis.getByText(heading).waitFor();
    }
    expect(await analysis.getByRole('listitem').count()).toBeGreaterThan(0);
    await snapFromTop(page, 'ai-assistant-image-analysis-1280');

    // Without a description the image is sent as it is.
    await imageInput(page).setInputFiles({ name: 'gauge.png', mimeType: 'image/png', buffer: await photo() });
    await page.getByRole('button', { name: 'Send message' }).click();
    await log.getByText('[Image uploaded] Please analyze this image').waitFor();
    await log.locator(':scope > ul > li').nth(4).getByText('Image Analysis Results').waitFor();

    // Claims to be a PNG but is not one: the server refuses it and the attachment is gone.
    await imageInput(page).setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
    await page.getByRole('button', { name: 'Remove broken.png' }).waitFor();
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Error', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Remove broken.png' }).count()).toBe(0);
    expect(await questionBox(page).isEnabled()).toBe(true);
    await context.close();
  });

  it('shows a question containing markup as plain text', async () => {
    const { context, page } = await ownerPage();
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    const question = '<script>alert(1)</script> Why does my bilge pump run all the time?';
    await ask(page, question);
    await conversation(page).getByText(question, { exact: true }).waitFor();
    expect(await page.locator('main script').count()).toBe(0);
    expect(dialogs).toBe(0);
    await context.close();
  });

  it('shows the visitor view at 390 px', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await page.goto('/ai-assistant');
    await page.getByRole('button', { name: 'Sign in to ask the assistant' }).waitFor();
    await snapFromTop(page, 'ai-assistant-signed-out-390');
    await expectAccessible(page);
    await context.close();
  });

  it('is usable at 390 px: an answer wraps and scrolls inside the panel', async () => {
    const { context, page } = await ownerPage(MOBILE);
    const answer = await ask(page, 'How do I winterize a MerCruiser 4.3 sterndrive?');
    await answer.getByText('References', { exact: true }).waitFor();
    const panelWidth = await conversation(page).evaluate((log) => log.getBoundingClientRect().width);
    expect(panelWidth).toBeLessThanOrEqual(MOBILE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    expect(await answer.evaluate((bubble) => bubble.scrollWidth <= bubble.clientWidth)).toBe(true);
    expect(await conversation(page).evaluate((log) => log.scrollHeight > log.clientHeight)).toBe(true);
    await snapFromTop(page, 'ai-assistant-390');
    await expectAccessible(page);
    await context.close();
  });
});

describe('the AI assistant settings (/settings)', () => {
  it('are hidden from a boat owner', async () => {
    const { context, page } = await ownerPage(DESKTOP, '/settings');
    await page.getByText('Change password', { exact: true }).first().waitFor();
    expect(await page.getByRole('heading', { name: 'AI Assistant' }).count()).toBe(0);
    await context.close();
  });

  it('let an administrator reset the prompts to the defaults and save them', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('ai-admin');
    await page.goto('/settings');
    await page.waitForURL(/\/login/);
    await signUpThroughUi(page, { firstName: 'Ada', lastName: 'Admiral', email, password: 'admin-pass-123' });
    await page.waitForURL(/\/settings$/);

    makeAdmin(email);
    await page.reload();

    await page.getByRole('heading', { name: 'AI Assistant' }).waitFor();
    const systemPrompt = page.getByLabel('System Prompt');
    const template = page.getByLabel('User Prompt Template');
    await systemPrompt.waitFor();
    await page.getByText(/stands for the user's input/).waitFor();

    await systemPrompt.fill('Answer only in haiku.');
    await template.fill('Boat trouble: {question}');
    await page.getByRole('button', { name: 'Reset to Default' }).click();
    expect(await systemPrompt.inputValue()).toBe(DEFAULT_AI_SETTINGS.systemPrompt);
    expect(await template.inputValue()).toBe(DEFAULT_AI_SETTINGS.userPromptTemplate);

    const ownPrompt = `${DEFAULT_AI_SETTINGS.systemPrompt} Always mention checking the kill-switch lanyard.`;
    await systemPrompt.fill(ownPrompt);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Settings Updated').waitFor();
    await page.getByText('AI assistant prompts have been updated successfully.').waitFor();
    await snapFromTop(page, 'settings-ai-admin-1280');
    await expectAccessible(page);

    await page.reload();
    await page.getByLabel('System Prompt').waitFor();
    expect(await page.getByLabel('System Prompt').inputValue()).toBe(ownPrompt);
    expect(await page.getByLabel('User Prompt Template').inputValue()).toBe(DEFAULT_AI_SETTINGS.userPromptTemplate);
    await context.close();
  });
});
