import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, expectAccessible, MOBILE, newPage, signUpThroughUi, snap, uniqueEmail, workerBrowser } from './browser.js';
import { startTwilioAppServer, type TwilioAppServer } from './twilio-server.js';

let browser: Browser;
let server: TwilioAppServer;
beforeAll(async () => {
  browser = await workerBrowser();
  server = await startTwilioAppServer();
});
afterAll(() => server?.stop());

async function noHorizontalOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/** The newest code texted to the number, read from the Twilio peer as the person reads their phone. */
async function textedCode(to: string): Promise<string> {
  let code: string | undefined;
  await expect.poll(() => (code = server.twilio.texts.findLast((text) => text.to === to)?.body.match(/^(\d{6}) is your/)?.[1])).toBeDefined();
  return code!;
}

describe('Settings: text messages', () => {
  for (const [size, viewport, typed, e164, shown] of [
    ['phone', MOBILE, '(410) 555-0142', '+14105550142', '+1 (410) 555-0142'],
    ['desktop', DESKTOP, '+44 7700 900123', '+447700900123', '+447700900123'],
  ] as const) {
    it(`a mobile number is proved with the texted code, shown, and removed (${size})`, async () => {
      const { context, page } = await newPage(browser, viewport, server.baseUrl);
      await page.goto('/login?returnTo=/settings');
      await signUpThroughUi(page, { firstName: 'Tess', lastName: 'Texter', email: uniqueEmail('tess'), password: 'harbor-pass-42' }, server.mailDir);
      await page.getByRole('heading', { name: 'Text messages' }).waitFor();
      await page.getByText('Notices that cannot wait, such as a new request, a confirmation or a reminder, by text to your mobile.', { exact: false }).waitFor();

      await page.getByLabel('Mobile number').fill('555-0142');
      await page.getByRole('button', { name: 'Send code' }).click();
      await page.getByText('Enter a mobile number: a US number such as (410) 555-0100', { exact: false }).waitFor();
      await page.getByLabel('Mobile number').fill(typed);
      await snap(page, `sms-settings-unverified-${size}`);
      await page.getByRole('button', { name: 'Send code' }).click();
      await page.getByText(`We texted a code to ${shown}. It works for 10 minutes.`).waitFor();
      await expectAccessible(page);
      await noHorizontalOverflow(page);
      await snap(page, `sms-settings-code-${size}`);

      const code = await textedCode(e164);
      const wrong = code === '000000' ? '111111' : '000000';
      await page.getByLabel('Code').fill(wrong);
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByText('That code is not right. 4 tries left.').waitFor();
      await page.getByLabel('Code').fill(code);
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByRole('main').getByText(`Texts go to ${shown}.`).waitFor();
      await page.getByText('To stop every text at once, reply STOP to any of them; reply START to have them again.').waitFor();
      await expectAccessible(page);
      await noHorizontalOverflow(page);
      await snap(page, `sms-settings-verified-${size}`);

      await page.getByRole('button', { name: 'Remove number' }).click();
      await page.getByLabel('Mobile number').waitFor();
      await context.close();
    });
  }
});
