import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEFAULT_AI_SETTINGS, type AiStatus } from '../src/common/ai.js';
import { DESKTOP, MOBILE, baseUrl, expectAccessible, workerBrowser, newPage, signUpThroughUi, snap, uniqueEmail, makeAdmin } from './browser.js';

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
  await page.getByRole('link', { name: 'Sign in to ask the assistant' }).click();
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
  browser = await workerBrowser();
  status = (await (await fetch(`${baseUrl()}/api/ai/status`)).json()) as AiStatus;
  owner = await signUpFromAssistant();
});

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

/** The first message greets the owner as a marine technical assistant and asks what question to help with. */
async function expectGreeting(page: Page) {
  const greeting = conversation(page).locator(':scope > ul > li').first();
  await greeting.getByText(/^Hello! I'm your marine technical assistant/).waitFor();
  await greeting.getByText('What question can I help you with today?', { exact: true }).waitFor();
}

const photo = () => sharp({ create: { width: 800, height: 600, channels: 3, background: '#557799' } }).png().toBuffer();

describe('the AI assistant (/ai-assistant)', () => {
  it('shows the chat to a visitor with an honest greeting and a call to sign in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/ai-assistant');
    await page.getByRole('heading', { name: 'Marine AI Assistant' }).waitFor();
    await page.getByText('Online • Ready to help').waitFor();
    await expectGreeting(page);
    expect(await conversation(page).getByText(/real-time web search/).count()).toBe(status.webSearch ? 1 : 0);
    for (const topic of ['Engine Issues', 'Electronics & Navigation', 'Maintenance & Winterization', 'Photo tips', 'Text tips']) {
      await page.getByRole('heading', { name: topic }).waitFor();
    }
    expect(await questionBox(page).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Your conversations' }).count()).toBe(0);
    await snapFromTop(page, 'ai-assistant-signed-out-1280');
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Sign in to ask the assistant' }).click();
    await page.waitForURL(/\/login\?returnTo=%2Fai-assistant/);
    await context.close();
  });

  it('answers a question with references that open in a new tab, keeps the conversation and reopens it', async () => {
    const { context, page } = await ownerPage();
    await serveExternalPages(context);
    await page.getByText('Include equipment details: make, model, year, engine hours, symptoms').waitFor();
    expect(await page.getByRole('button', { name: 'Send message' }).isDisabled()).toBe(true);

    // Held back until the waiting state has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/ai/ask', async (route) => {
      await held;
      await route.continue();
    });
    await questionBox(page).fill("My outboard cranks but won't start after winter storage");
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('status').getByText(waitingText()).waitFor();
    expect(await questionBox(page).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Attach image' }).isDisabled()).toBe(true);
    expect(await questionBox(page).inputValue()).toBe('');
    release();
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
    // The [1] marker in the text is a link to the first reference, opening in a new tab.
    const marker = answer.getByRole('link', { name: /^\[1\]/ }).first();
    const listed = answer.locator('ol').last().getByRole('link').first();
    expect(await marker.getAttribute('href')).toBe(await listed.getAttribute('href'));
    expect(await marker.getAttribute('target')).toBe('_blank');
    expect(await marker.evaluate((a) => getComputedStyle(a).textDecorationLine)).toBe('underline');
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
    await expectGreeting(page);

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
    await questionBox(page).fill('Corrosion on the trim tab');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Error', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Remove broken.png' }).count()).toBe(0);
    expect(await questionBox(page).isEnabled()).toBe(true);

    // The refused photo's message says it was not sent, and another photo can be chosen for it.
    const refused = log.locator(':scope > ul > li').filter({ hasText: '[Image uploaded] Corrosion on the trim tab' });
    await refused.getByText('Not sent: Please select an image file').waitFor();
    await snapFromTop(page, 'ai-assistant-photo-refused-1280');
    await expectAccessible(page);
    await refused.getByTestId('chat-retry-image-input').setInputFiles({ name: 'trim-tab.png', mimeType: 'image/png', buffer: await photo() });
    const retried = log.locator(':scope > ul > li').filter({ hasText: '[Image uploaded] Corrosion on the trim tab' });
    await retried.last().waitFor();
    await log.locator(':scope > ul > li').last().getByText('Image Analysis Results').waitFor();
    expect(await log.getByText('Not sent:', { exact: false }).count()).toBe(0);
    await context.close();
  });

  it('shows a question that got no answer as not sent, and sends it again on request', async () => {
    const { context, page } = await ownerPage();
    await page.route('**/api/ai/ask', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'The AI service is having trouble right now. Please try again shortly.' }) }),
    );
    await questionBox(page).fill('My bilge pump runs every few minutes');
    await questionBox(page).press('Enter');
    const log = conversation(page);
    const failed = log.locator(':scope > ul > li').filter({ hasText: 'My bilge pump runs every few minutes' });
    await failed.getByText('Not sent: The AI service is having trouble right now. Please try again shortly.').waitFor();
    await page.unroute('**/api/ai/ask');

    await failed.getByRole('button', { name: 'Try again' }).click();
    const answer = log.locator(':scope > ul > li').last();
    await answer.getByText('References', { exact: true }).waitFor();
    expect(await log.getByText('My bilge pump runs every few minutes', { exact: true }).count()).toBe(1);
    expect(await log.getByText(/^Not sent:/).count()).toBe(0);
    await context.close();
  });

  it('renders answers of exactly the documented shapes, and starts a new conversation after one without a sessionId', async () => {
    const { context, page } = await ownerPage();
    await serveExternalPages(context);
    const asked: { question: string; sessionId?: string }[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/ai/ask') && request.method() === 'POST') asked.push(request.postDataJSON());
    });
    const log = conversation(page);

    // A real answer first: the conversation has a session.
    await ask(page, 'How do I winterize my outboard?');

    // Then a deployment that answers only the bare shape (docs/PRODUCT.md#ai-assistant).
    await page.route('**/api/ai/ask', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ response: 'Fog the cylinders before storage [1].\n\n**References:**\n[1] BoatUS winterizing guide - https://www.boatus.com/expert-advice' }),
      }),
    );
    const documented = await ask(page, 'Do I need to fog it?');
    await documented.getByText('Fog the cylinders before storage').waitFor();
    const marker = documented.getByRole('link', { name: /^\[1\]/ });
    expect(await marker.getAttribute('href')).toBe('https://www.boatus.com/expert-advice');
    expect(await marker.getAttribute('target')).toBe('_blank');
    await page.unroute('**/api/ai/ask');

    // The documented answer named no session, so the next question starts a new conversation.
    await ask(page, 'Bilge pump runs constantly');
    expect(asked.map((a) => a.sessionId === undefined)).toEqual([true, false, true]);

    await page.route('**/api/ai/analyze-image', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          category: 'Electrical',
          severity: 'High',
          diagnosis: 'Heavy green corrosion on the positive battery terminal.',
          recommendations: ['Disconnect the negative cable first', 'Clean the terminal with a baking soda solution'],
          estimatedCost: '$20-$60',
          urgency: 'Soon: before the next outing',
        }),
      }),
    );
    await imageInput(page).setInputFiles({ name: 'terminal.png', mimeType: 'image/png', buffer: await photo() });
    await page.getByRole('button', { name: 'Send message' }).click();
    const analysis = log.locator(':scope > ul > li').last();
    await analysis.getByText('Image Analysis Results').waitFor();
    const lines = (await analysis.innerText()).split('\n').map((line) => line.trim());
    for (const line of ['Image Analysis Results', 'Category: Electrical', 'Severity: High', 'Diagnosis:', 'Heavy green corrosion on the positive battery terminal.', 'Recommendations:', 'Estimated Cost: $20-$60', 'Urgency: Soon: before the next outing']) {
      expect(lines).toContain(line);
    }
    expect(await analysis.getByRole('listitem').allInnerTexts()).toEqual([
      'Disconnect the negative cable first',
      'Clean the terminal with a baking soda solution',
    ]);

    // Without the optional fields their headings are left out.
    await page.unroute('**/api/ai/analyze-image');
    await page.route('**/api/ai/analyze-image', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ category: 'Hull & Deck', severity: 'Low', diagnosis: 'Chalky gelcoat.', recommendations: ['Compound and wax'] }),
      }),
    );
    await imageInput(page).setInputFiles({ name: 'hull.png', mimeType: 'image/png', buffer: await photo() });
    await page.getByRole('button', { name: 'Send message' }).click();
    const short = log.locator(':scope > ul > li').last();
    await short.getByText('Chalky gelcoat.').waitFor();
    expect((await short.innerText()).split('\n').map((line) => line.trim())).toContain('Category: Hull & Deck');
    expect(await short.getByText(/Estimated Cost|Urgency/).count()).toBe(0);
    await snapFromTop(page, 'ai-assistant-documented-shapes-1280');
    await context.close();
  });

  it('counts characters near the limit and keeps a pasted question that is too long, saying what to do', async () => {
    const { context, page } = await ownerPage(MOBILE);
    const box = questionBox(page);
    await box.waitFor();
    expect(await page.getByText(/\/ 4,000/).count()).toBe(0);

    await box.focus();
    await page.keyboard.insertText('x'.repeat(3_700));
    await page.getByText('3,700 / 4,000').waitFor();
    expect(await page.getByRole('button', { name: 'Send message' }).isEnabled()).toBe(true);

    // Pasting past the limit: nothing is cut off, the owner is told, and the question cannot be sent as it is.
    await page.keyboard.insertText('y'.repeat(550));
    expect((await box.inputValue()).length).toBe(4_250);
    await page.getByText('4,250 / 4,000 characters (250 too many).').waitFor();
    await page.getByText('Questions can be at most 4,000 characters: shorten it to send.').waitFor();
    expect(await page.getByRole('button', { name: 'Send message' }).isDisabled()).toBe(true);
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    await snapFromTop(page, 'ai-assistant-too-long-390');
    await expectAccessible(page);

    // With a photo attached the description's own, shorter limit applies.
    await imageInput(page).setInputFiles({ name: 'gauge.png', mimeType: 'image/png', buffer: await photo() });
    await page.getByText('Photo descriptions can be at most 2,000 characters: shorten it to send.').waitFor();

    await page.getByRole('button', { name: 'Remove gauge.png' }).click();
    await box.fill('x'.repeat(3_999));
    expect(await page.getByRole('button', { name: 'Send message' }).isEnabled()).toBe(true);
    expect(await page.getByText(/can be at most/).count()).toBe(0);
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
    await page.getByRole('link', { name: 'Sign in to ask the assistant' }).waitFor();
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
    // The journeys run the built-in engine, which the prompts do not steer: the card says so.
    expect(status.provider).toBe('builtin');
    await page.getByRole('note').getByText('Not used by the built-in assistant.').waitFor();

    // An empty system prompt is refused before anything is saved.
    await systemPrompt.fill('   ');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Please enter a system prompt: it tells the model its role for every conversation').waitFor();
    expect(await systemPrompt.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('Settings Updated').count()).toBe(0);

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
