import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MOBILE, expectAccessible, workerBrowser, newPage, signUpThroughUi, snap, uniqueEmail } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});

/** Waits for a toast (sonner) showing this title and description. */
async function toast(page: Page, title: string, description: string) {
  await page.locator('[data-sonner-toast]').filter({ hasText: title }).filter({ hasText: description }).waitFor();
}

const errorOf = (page: Page, id: string) => page.locator(`#${id}-error`);

/** Everything the empty form leaves out, and the exact message each field shows (docs/PRODUCT.md#expert-application). */
const REQUIRED: [id: string, message: string][] = [
  ['firstName', 'First name is required'],
  ['lastName', 'Last name is required'],
  ['email', 'Valid email is required'],
  ['phone', 'Valid phone number is required'],
  ['city', 'City is required'],
  ['state', 'State is required'],
  ['zipCode', 'Valid ZIP code is required'],
  ['specialty', 'Please select a specialty'],
  ['experience', 'Years of experience is required'],
  ['certifications', 'Please describe your certifications'],
  ['bio', 'Please provide a detailed bio (minimum 50 characters)'],
  ['serviceTypes', 'Select at least one service type'],
  ['onsiteRate', 'Onsite service rate is required'],
  ['serviceRadius', 'Service radius must be at least 5 miles'],
  ['businessInfo-insuranceProvider', 'Insurance information is required'],
  ['references-0-name', 'Reference name is required'],
  ['references-0-company', 'Company is required'],
  ['references-0-phone', 'Valid phone number is required'],
  ['references-0-relationship', 'Relationship is required'],
  ['references-1-name', 'Reference name is required'],
  ['references-1-company', 'Company is required'],
  ['references-1-phone', 'Valid phone number is required'],
  ['references-1-relationship', 'Relationship is required'],
  ['backgroundCheck', 'Background check consent is required'],
  ['termsAccepted', 'You must accept the terms and conditions'],
];

async function fillApplication(page: Page) {
  await page.locator('#phone').fill('410-555-0123');
  await page.locator('#city').fill('Annapolis');
  await page.locator('#state').fill('MD');
  await page.locator('#zipCode').fill('21401');
  await page.locator('#specialty').selectOption('Engine Repair');
  await page.locator('#experience').fill('12');
  await page.locator('#certifications').fill('ABYC Master Technician, Yamaha certified');
  await page.locator('#bio').fill('Twelve years repairing outboards and diesels at Chesapeake marinas, from tune-ups to rebuilds.');
  await page.getByLabel('Onsite Services').check();
  await page.locator('#businessInfo-insuranceProvider').fill('BoatUS Marine Insurance, policy 123-456');
  for (const [index, name] of ['Sam Lee', 'Ann Cole'].entries()) {
    await page.locator(`#references-${index}-name`).fill(name);
    await page.locator(`#references-${index}-company`).fill('Bay Marina');
    await page.locator(`#references-${index}-phone`).fill(`410-555-010${index}`);
    await page.locator(`#references-${index}-relationship`).fill('Service manager');
  }
  await page.locator('#backgroundCheck').check();
  await page.locator('#termsAccepted').check();
}

async function noHorizontalOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

describe('the expert application', () => {
  it('sends a visitor to sign in and back, shows every message once, shows the server\'s field messages, submits, and then shows the review', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/expert/apply');
    await page.waitForURL(/\/login\?/);
    const email = uniqueEmail('applicant');
    await signUpThroughUi(page, { firstName: 'Marina', lastName: 'Reyes', email, password: 'harbor-pass-42' });

    await page.waitForURL(/\/expert\/apply$/);
    await page.getByRole('heading', { name: 'Become a K&B Expert' }).waitFor();
    for (const benefit of ['Professional Recognition', 'Flexible Work', 'Steady Income']) {
      await page.getByRole('heading', { name: benefit }).waitFor();
    }
    await page.getByRole('heading', { name: 'Expert Application' }).waitFor();
    // Prefilled from the account; the form's defaults.
    expect(await page.locator('#firstName').inputValue()).toBe('Marina');
    expect(await page.locator('#lastName').inputValue()).toBe('Reyes');
    expect(await page.locator('#email').inputValue()).toBe(email);
    expect(await page.locator('#onsiteRate').inputValue()).toBe('125');
    expect(await page.locator('#serviceRadius').inputValue()).toBe('25');
    expect(await page.getByLabel('Video Consultations').isChecked()).toBe(false);
    expect(await page.getByLabel('Onsite Services').isChecked()).toBe(false);
    expect(await page.locator('#backgroundCheck').isChecked()).toBe(false);
    await snap(page, 'expert-apply-form-1280');
    await expectAccessible(page);

    // Empty every field the account filled in, so the form is entirely blank, and go below the radius.
    for (const id of ['firstName', 'lastName', 'email', 'onsiteRate']) await page.locator(`#${id}`).fill('');
    await page.locator('#serviceRadius').fill('3');
    await page.getByRole('button', { name: 'Submit Expert Application' }).click();
    for (const [id, message] of REQUIRED) {
      expect(await errorOf(page, id).textContent(), id).toBe(message);
    }
    // Once per field: no message doubled by a toast or a summary.
    const perMessage = new Map<string, number>();
    for (const [, message] of REQUIRED) perMessage.set(message, (perMessage.get(message) ?? 0) + 1);
    for (const [message, count] of perMessage) {
      expect(await page.getByText(message, { exact: true }).count(), message).toBe(count);
    }
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    await snap(page, 'expert-apply-errors-1280');
    await expectAccessible(page);

    await page.locator('#firstName').fill('Marina');
    await page.locator('#lastName').fill('Reyes');
    await page.locator('#email').fill(email);
    await page.locator('#onsiteRate').fill('$135');
    await page.locator('#serviceRadius').fill('40');
    await fillApplication(page);

    // The server checks again with the same schema: a request changed on its way (here the second
    // reference's name dropped) is refused by the real server, and its field message lands under the field.
    await page.route('**/api/expert/apply', async (route) => {
      const body = route.request().postDataJSON() as { references: { name: string }[] };
      body.references[1]!.name = '';
      await route.continue({ postData: JSON.stringify(body) });
    });
    await page.getByRole('button', { name: 'Submit Expert Application' }).click();
    await errorOf(page, 'references-1-name').waitFor();
    expect(await errorOf(page, 'references-1-name').textContent()).toBe('Reference name is required');
    // Shown once, under the field (which takes the focus): no toast repeats it.
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('references-1-name');
    expect(await page.locator('#references-1-name').inputValue()).toBe('Ann Cole');
    await page.unroute('**/api/expert/apply');

    // Held back until the button's sending state has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/expert/apply', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Submit Expert Application' }).click();
    const sending = page.getByRole('button', { name: 'Submitting Application...' });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    release();
    await page.getByRole('heading', { name: 'Application Submitted!' }).waitFor();
    await page.unroute('**/api/expert/apply');
    await page.locator('main').getByText(/review your application within 5-7 business days/).waitFor();
    await toast(page, 'Application Submitted', "Your expert application has been submitted successfully. We'll review it within 5-7 business days.");
    await snap(page, 'expert-apply-submitted-1280');
    await expectAccessible(page);

    await page.reload();
    await page.getByRole('heading', { name: 'Your application is being reviewed' }).waitFor();
    expect(await page.getByRole('button', { name: 'Submit Expert Application' }).count()).toBe(0);
    await snap(page, 'expert-apply-under-review-1280');
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('works at 390 px and keeps what was typed when the server refuses it', async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await page.goto('/login');
    await signUpThroughUi(page, { firstName: 'Theo', lastName: 'Banks', email: uniqueEmail('mobile-applicant'), password: 'harbor-pass-42' });
    await page.getByRole('heading', { name: /^Welcome (back )?to K&B Marine$/ }).waitFor();

    await page.goto('/expert/apply');
    await page.getByRole('heading', { name: 'Expert Application' }).waitFor();
    await noHorizontalOverflow(page);
    await snap(page, 'expert-apply-form-390');
    await expectAccessible(page);

    await fillApplication(page);
    await page.getByLabel('Video Consultations').check();
    await noHorizontalOverflow(page);

    // The same person applied a moment ago from another tab: the server answers 409.
    const payload = {
      firstName: 'Theo',
      lastName: 'Banks',
      email: 'theo@example.com',
      phone: '410-555-0123',
      city: 'Annapolis',
      state: 'MD',
      zipCode: '21401',
      specialty: 'Rigging',
      experience: 8,
      certifications: 'ABYC Certified Rigger',
      bio: 'Eight years of standing and running rigging work on cruising sailboats around the Chesapeake Bay.',
      serviceTypes: ['onsite'],
      onsiteRate: '110',
      serviceRadius: 30,
      businessInfo: { insuranceProvider: 'Markel, policy 42' },
      references: [
        { name: 'Sam Lee', company: 'Bay Marina', phone: '410-555-0100', relationship: 'Employer' },
        { name: 'Ann Cole', company: 'Cole Yachts', phone: '410-555-0101', relationship: 'Client' },
      ],
      backgroundCheck: true,
      termsAccepted: true,
    };
    const other = await page.request.post('/api/expert/apply', { data: payload, headers: { origin: new URL(page.url()).origin } });
    expect(other.status()).toBe(201);

    await page.getByRole('button', { name: 'Submit Expert Application' }).click();
    await toast(page, 'Submission Error', 'You already have an expert application being reviewed.');
    expect(await page.locator('#bio').inputValue()).toBe('Twelve years repairing outboards and diesels at Chesapeake marinas, from tune-ups to rebuilds.');
    expect(await page.locator('#references-1-name').inputValue()).toBe('Ann Cole');
    expect(await page.getByLabel('Video Consultations').isChecked()).toBe(true);
    await snap(page, 'expert-apply-submission-error-390');

    await page.reload();
    await page.getByRole('heading', { name: 'Your application is being reviewed' }).waitFor();
    await noHorizontalOverflow(page);
    await snap(page, 'expert-apply-under-review-390');
    await expectAccessible(page);
    await context.close();
  });
});
