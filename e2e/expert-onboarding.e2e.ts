import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { RATE_MESSAGE, VIDEO_NEEDS_RATE } from '../src/common/workspace.js';
import { baseUrl, expectAccessible, workerBrowser, makeAdmin, newPage, signUpThroughUi, snap, uniqueEmail } from './browser.js';

// The whole way in for a new expert, across the three sides: apply, an administrator approves, the new
// expert signs in to the workspace and starts offering video. Each step's details have their own
// journeys (expert-apply, expert-management, workspace); this one checks the hand-overs between them.

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});

const NAME = { firstName: 'Rosalind', lastName: 'Teague' };
const FULL_NAME = `${NAME.firstName} ${NAME.lastName}`;

async function signUp(page: Page, firstName: string, lastName: string, email: string) {
  await page.goto('/login');
  await signUpThroughUi(page, { firstName, lastName, email, password: 'harbor-pass-42' });
  await page.getByRole('heading', { name: /^Welcome (back )?to K&B Marine$/ }).waitFor();
}

/** The application payload, as the form sends it (the form itself is expert-apply's journey). */
const application = (email: string) => ({
  ...NAME,
  email,
  phone: '(207) 555-0148',
  city: 'Portland',
  state: 'ME',
  zipCode: '04101',
  specialty: 'Plumbing',
  experience: '9',
  certifications: 'ABYC Marine Systems Certified',
  bio: 'Marine plumber on Casco Bay for nine seasons: heads, holding tanks, freshwater systems and bilge pumps on sail and power boats.',
  serviceTypes: ['video', 'onsite'],
  onsiteRate: '110',
  serviceRadius: '30',
  businessInfo: { businessName: '', businessAddress: '', insuranceProvider: 'Casco Marine Insurance, policy CM-20931', licenseNumber: '' },
  references: [
    { name: 'Ruth Calder', company: 'Portland Yacht Services', phone: '(207) 555-0190', relationship: 'Service manager' },
    { name: 'Owen Pike', company: 'Casco Bay Charters', phone: '(207) 555-0191', relationship: 'Client for six years' },
  ],
  backgroundCheck: true,
  termsAccepted: true,
});

describe('a new expert', () => {
  it('applies, is approved by an administrator, and sets up video consultations in the workspace', async () => {
    const applicant = await newPage(browser);
    const email = uniqueEmail('rosalind');
    await signUp(applicant.page, NAME.firstName, NAME.lastName, email);
    const applied = await applicant.context.request.post('/api/expert/apply', { headers: { origin: baseUrl() }, data: application(email) });
    expect(applied.status()).toBe(201);
    await applicant.page.goto('/expert/apply');
    await applicant.page.getByText('Your application is being reviewed').waitFor();
    // Not an expert yet: no workspace in the avatar menu.
    await applicant.page.getByRole('button', { name: 'Account menu' }).click();
    await applicant.page.getByRole('menuitem', { name: 'My Bookings' }).waitFor();
    expect(await applicant.page.getByRole('menuitem', { name: 'Workspace' }).count()).toBe(0);
    await applicant.page.keyboard.press('Escape');

    const admin = await newPage(browser);
    const adminEmail = uniqueEmail('harbor-admin');
    await signUp(admin.page, 'Harper', 'Admiral', adminEmail);
    makeAdmin(adminEmail);
    await admin.page.goto('/expert-management');
    await admin.page.getByPlaceholder('Search experts...').fill(FULL_NAME);
    await admin.page.getByText('1 expert(s) found', { exact: true }).waitFor();
    const card = admin.page.getByRole('list', { name: 'Experts' }).locator(':scope > li').filter({ hasText: FULL_NAME });
    await card.getByText('Plumbing Systems').waitFor();
    await card.getByRole('button', { name: 'Approve' }).click();
    await admin.page.locator('[data-sonner-toast]').filter({ hasText: 'Expert Approved' }).waitFor();
    await card.getByText('Approved', { exact: true }).waitFor();
    await admin.context.close();

    // The approval applies on the applicant's next page load: same session, new role.
    await applicant.page.reload();
    await applicant.page.getByText("You're a K&B Expert").waitFor();
    await applicant.page.getByRole('button', { name: 'Account menu' }).click();
    await applicant.page.getByRole('menuitem', { name: 'Workspace' }).click();
    await applicant.page.waitForURL(/\/workspace$/);
    const setup = applicant.page.getByRole('region', { name: /Two things before owners can book video calls/ });
    await setup.getByText('ZIP code 04101').waitFor();
    expect(await setup.getByLabel('Your time zone').inputValue()).toBe('America/New_York');
    await snap(applicant.page, 'expert-onboarding-setup-1280');
    await expectAccessible(applicant.page);

    // Not offered for video until a rate is set; then listed for video at that rate.
    const videoListing = async () =>
      (await (await fetch(`${baseUrl()}/api/experts?serviceType=video&q=${encodeURIComponent(FULL_NAME)}`)).json()) as { name: string; videoRate: string }[];
    expect(await videoListing()).toEqual([]);
    await setup.getByRole('button', { name: 'Save and offer video' }).click();
    await setup.getByText(VIDEO_NEEDS_RATE).waitFor();
    await snap(applicant.page, 'expert-onboarding-setup-error-1280');
    // The button stays level with the controls when the message grows the rate's column.
    const tops = await Promise.all(
      [setup.getByLabel('Your time zone'), setup.getByRole('button', { name: 'Save and offer video' }), setup.getByLabel('Video rate ($ per 30 min)')].map(
        async (control) => Math.round((await control.boundingBox())!.y),
      ),
    );
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(2);
    expect(await setup.getByLabel('Video rate ($ per 30 min)').getAttribute('aria-invalid')).toBe('true');
    await setup.getByLabel('Video rate ($ per 30 min)').fill('0');
    await setup.getByRole('button', { name: 'Save and offer video' }).click();
    await setup.getByText(RATE_MESSAGE).waitFor();
    await setup.getByLabel('Video rate ($ per 30 min)').fill('65');
    await setup.getByRole('button', { name: 'Save and offer video' }).click();
    await applicant.page.locator('[data-sonner-toast]').filter({ hasText: 'You are ready for video' }).waitFor();
    await setup.waitFor({ state: 'detached' });
    expect((await videoListing()).map(({ name, videoRate }) => ({ name, videoRate }))).toEqual([{ name: FULL_NAME, videoRate: '65.00' }]);
    await applicant.context.close();
  });
});
