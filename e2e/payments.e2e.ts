import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import Stripe from 'stripe';
import type { Expert } from '../src/common/experts.js';
import type { Invoice } from '../src/common/invoices.js';
import { DEFAULT_ONSITE_HOURS } from '../src/common/bookings-rules.js';
import { demoEmailOf } from '../src/server/seed/demo-accounts.js';
import { DESKTOP, MOBILE, baseUrl, expectAccessible, workerBrowser, makeAdmin, newPage, signUpThroughUi, snap, uniqueEmail } from './browser.js';
import { bookThroughApi, bookVideo, firstFreeSlot } from './book-through-api.js';
import { setTestClock } from './test-clock.js';
import { operatorCommand, setPasswordOf, signInThroughUi } from './accounts.js';
import { startStripeAppServer, type StripeAppServer } from './stripe-server.js';

let browser: Browser;
beforeAll(async () => {
  browser = await workerBrowser();
});
afterAll(async () => {
  await setTestClock(null);
});

const PASSWORD = 'harbor-pass-42';

async function toast(page: Page, title: string) {
  try {
    await page.locator('[data-sonner-toast]').filter({ hasText: title }).first().waitFor();
  } catch (error) {
    await snap(page, 'payments-failure');
    const shown = await page.locator('[data-sonner-toast]').allTextContents();
    throw new Error(`no '${title}' toast; showing: ${JSON.stringify(shown)}`, { cause: error });
  }
}

async function noHorizontalOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

async function invoiceOf(page: Page, bookingId: string): Promise<Invoice> {
  return page.evaluate(async (id) => (await (await fetch(`/api/bookings/${id}/invoice`)).json()).invoice, bookingId);
}

async function pdfFrom(page: Page, bookingId: string): Promise<{ type: string | null; start: string }> {
  return page.evaluate(async (id) => {
    const response = await fetch(`/api/bookings/${id}/invoice.pdf`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { type: response.headers.get('content-type'), start: String.fromCharCode(...bytes.slice(0, 5)) };
  }, bookingId);
}

describe('paying after the service', () => {
  it('an expert completes an onsite visit with parts; the owner pays in person and downloads the receipt; a dispute ends in a partial refund; the expert sees their earnings', async () => {
    const listed = (await (await fetch(`${baseUrl()}/api/experts?serviceType=onsite&available=true&sort=name&limit=100`)).json()) as Expert[];
    // Third to last by name: the other journeys book the last ones.
    const expert = listed.at(-3)!;
    const expertEmail = demoEmailOf(expert.name);
    setPasswordOf(expertEmail, PASSWORD);

    const { context: ownerContext, page: owner } = await newPage(browser);
    await owner.goto('/login');
    await signUpThroughUi(owner, { firstName: 'Piper', lastName: 'Payne', email: uniqueEmail('piper'), password: PASSWORD });
    await owner.getByRole('heading', { name: /^Welcome (back )?to K&B Marine$/ }).waitFor();
    const hours = Math.max(DEFAULT_ONSITE_HOURS, expert.onsiteMinimumHours);
    const { date, slot } = await firstFreeSlot(owner, expert, 'onsite', { daysAhead: 11, hours });
    const booking = await bookThroughApi(owner, {
      serviceType: 'onsite',
      expertId: expert.id,
      description: 'Raw-water impeller shredded; engine overheats.',
      scheduledDate: date,
      preferredTime: slot.time,
      boatAddress: '4 Harbour Road',
      marinaName: 'South Cove Marina',
      dockSlip: 'C-3',
      contactPhone: '(207) 555-0190',
      boatType: 'powerboat',
      boatLength: '28 feet',
      estimatedHours: hours,
    });
    expect(booking.paymentStatus).toBe('unpaid');

    const { context: expertContext, page } = await newPage(browser);
    await signInThroughUi(page, expertEmail, PASSWORD);
    await setTestClock(new Date(new Date(booking.startsAt).getTime() + 90 * 60_000));
    try {
      // The expert completes the visit from the workspace, with what it really took.
      await page.goto('/workspace');
      const card = page.locator(`[data-testid="workspace-booking"][data-number="${booking.number}"]`);
      await card.getByRole('button', { name: 'Complete and invoice' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(/^Hours worked/).fill(String(hours + 0.25));
      await dialog.getByRole('button', { name: 'Add a part' }).click();
      await dialog.getByLabel('Description').fill('Raw-water impeller kit');
      await dialog.getByLabel('Unit price ($)').fill('45.50');
      await dialog.getByLabel('Travel fee ($)').fill('30');
      await snap(page, 'complete-visit-dialog-1280');
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Complete and send invoice' }).click();
      await toast(page, 'Marked completed');
    } finally {
      await setTestClock(null);
    }

    const hourly = Number(booking.price) / hours;
    const expected = (hours + 0.25) * hourly + 45.5 + 30;
    const invoice = await invoiceOf(owner, booking.id);
    expect(invoice).toMatchObject({ status: 'open', total: expected.toFixed(2), earnings: null });
    expect(invoice.lines.map((l) => l.kind)).toEqual(['labour', 'part', 'travel']);

    // The owner sees the invoice on the booking page.
    await owner.goto(`/bookings/${booking.id}`);
    await owner.getByRole('heading', { name: `Invoice ${invoice.number}` }).waitFor();
    await owner.getByText('Raw-water impeller kit').waitFor();
    await owner.getByText('Payment due').waitFor();
    await snap(owner, 'invoice-owner-1280');
    await expectAccessible(owner);

    // Paid in person: the expert records it, the owner confirms it.
    await page.goto(`/bookings/${booking.id}`);
    await page.getByRole('combobox', { name: 'The owner paid you in person' }).selectOption('card_on_site');
    await page.getByRole('button', { name: 'Record payment' }).click();
    await toast(page, 'Payment recorded');
    await owner.reload();
    await owner.getByRole('button', { name: 'Yes, I paid' }).click();
    await toast(owner, 'Payment confirmed');
    await owner.getByText('Paid', { exact: true }).first().waitFor();
    await owner.getByRole('link', { name: 'Download receipt (PDF)' }).waitFor();
    expect(await pdfFrom(owner, booking.id)).toEqual({ type: 'application/pdf', start: '%PDF-' });

    // The owner disputes it; an administrator refunds part of it.
    await owner.getByRole('button', { name: 'Dispute this invoice' }).click();
    await owner.getByLabel('What is wrong with this invoice?').fill('The travel fee was not agreed.');
    await owner.getByRole('button', { name: 'Send dispute' }).click();
    await toast(owner, 'Dispute sent');
    await owner.getByText('Disputed: payment waits for our review').waitFor();

    const { context: adminContext, page: admin } = await newPage(browser);
    const adminEmail = uniqueEmail('ada');
    await admin.goto('/login');
    await signUpThroughUi(admin, { firstName: 'Ada', lastName: 'Admin', email: adminEmail, password: PASSWORD });
    await admin.getByRole('heading', { name: /^Welcome (back )?to K&B Marine$/ }).waitFor();
    makeAdmin(adminEmail);
    await admin.goto('/payment-management');
    await admin.getByRole('link', { name: `${invoice.number} · booking #${booking.number}` }).click();
    const resolve = admin.getByRole('form', { name: 'Resolve the dispute' });
    await resolve.getByLabel('Outcome').selectOption('refund');
    await resolve.getByLabel('Amount to refund ($)').fill('30');
    await resolve.getByLabel('Resolution (both sides read it)').fill('The travel fee is refunded; it was not agreed beforehand.');
    await resolve.getByRole('button', { name: 'Resolve dispute' }).click();
    await toast(admin, 'Dispute resolved');

    await owner.reload();
    await owner.getByText('Dispute resolved').waitFor();
    await owner.getByText('-$30.00').waitFor();
    await snap(owner, 'invoice-refunded-1280');
    await owner.setViewportSize(MOBILE);
    await noHorizontalOverflow(owner);
    await snap(owner, 'invoice-refunded-390');

    // The expert's earnings: the payment less the refund and the platform's fee.
    await page.goto('/workspace?tab=earnings');
    await page.getByText('Earned (after fees)').waitFor();
    await page.getByRole('link', { name: invoice.number }).waitFor();
    await snap(page, 'earnings-1280');
    await expectAccessible(page);
    await page.setViewportSize(MOBILE);
    await noHorizontalOverflow(page);
    await snap(page, 'earnings-390');

    // The administrator's revenue and payouts.
    await admin.goto('/payment-management');
    await admin.getByRole('tab', { name: 'Revenue' }).click();
    await admin.getByText('Platform fees by month').waitFor();
    await snap(admin, 'revenue-1280');
    await expectAccessible(admin);
    await admin.getByRole('tab', { name: 'Payouts' }).click();
    await admin.getByText(expert.name).first().waitFor();
    await snap(admin, 'payouts-1280');
    await admin.setViewportSize(MOBILE);
    await noHorizontalOverflow(admin);

    await ownerContext.close();
    await expertContext.close();
    await adminContext.close();
  });
});

/** A POST from the page, as the screens' requests go: its status and body. */
async function post(page: Page, url: string, body: object = {}): Promise<{ status: number; body: string }> {
  return page.evaluate(
    async ([address, payload]) => {
      const response = await fetch(address, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
      return { status: response.status, body: await response.text() };
    },
    [url, body] as const,
  );
}

describe('an overpayment, with Stripe configured', () => {
  let stripeApp: StripeAppServer;
  beforeAll(async () => {
    stripeApp = await startStripeAppServer();
  });
  afterAll(() => stripeApp?.stop());

  it('a card payment that arrives after the invoice was paid in person is held; an administrator refunds it from Payment Management with one action', async () => {
    const [expert] = (await (await fetch(`${stripeApp.baseUrl}/api/experts?q=Marcus%20Delgado`)).json()) as Expert[];
    const expertEmail = demoEmailOf(expert!.name);
    setPasswordOf(expertEmail, PASSWORD, stripeApp);

    const { context: ownerContext, page: owner } = await newPage(browser, DESKTOP, stripeApp.baseUrl);
    await owner.goto('/login');
    await signUpThroughUi(owner, { firstName: 'Oscar', lastName: 'Overpaid', email: uniqueEmail('oscar'), password: PASSWORD }, stripeApp.mailDir);
    await owner.getByRole('heading', { name: /^Welcome (back )?to K&B Marine$/ }).waitFor();
    const booking = await bookVideo(owner, expert!, 'The chartplotter loses its GPS fix.', 4);

    // The expert completes the call and records the owner's cash; the owner confirms it.
    const { context: expertContext, page } = await newPage(browser, DESKTOP, stripeApp.baseUrl);
    await signInThroughUi(page, expertEmail, PASSWORD);
    await setTestClock(new Date(new Date(booking.startsAt).getTime() + 40 * 60_000), stripeApp.baseUrl);
    try {
      expect((await post(page, `/api/bookings/${booking.id}/complete`)).status).toBe(200);
      expect((await post(page, `/api/bookings/${booking.id}/invoice/paid-in-person`, { method: 'cash' })).status).toBe(200);
      expect((await post(owner, `/api/bookings/${booking.id}/invoice/confirm-payment`)).status).toBe(200);
    } finally {
      await setTestClock(null, stripeApp.baseUrl);
    }
    const invoice = await invoiceOf(owner, booking.id);
    expect(invoice).toMatchObject({ status: 'paid', payment: { method: 'in_person' } });

    // The owner pays the invoice again by card, with a payment made outside the product (say, a link
    // from Stripe's dashboard), and Stripe tells the product.
    const { hostname, port } = new URL(stripeApp.stripe.baseUrl);
    const sdk = new Stripe('sk_test_e2e', { host: hostname, port: Number(port), protocol: 'http', telemetry: false, maxNetworkRetries: 0 });
    const intent = await sdk.paymentIntents.create({ amount: Math.round(Number(invoice.total) * 100), currency: 'usd', metadata: { invoiceId: invoice.id, bookingId: booking.id } });
    const payload = JSON.stringify(stripeApp.stripe.event('payment_intent.succeeded', stripeApp.stripe.succeed(intent.id)));
    const signature = sdk.webhooks.generateTestHeaderString({ payload, secret: 'whsec_e2e' });
    const delivered = await fetch(`${stripeApp.baseUrl}/api/stripe/webhook`, { method: 'POST', headers: { 'stripe-signature': signature, 'content-type': 'application/json' }, body: payload });
    expect(delivered.status).toBe(200);

    await owner.goto(`/bookings/${booking.id}`);
    await owner.getByText('Paid beyond this invoice').waitFor();
    await owner.getByText('To be refunded').waitFor();

    const { context: adminContext, page: admin } = await newPage(browser, DESKTOP, stripeApp.baseUrl);
    const adminEmail = uniqueEmail('olga');
    await admin.goto('/login');
    await signUpThroughUi(admin, { firstName: 'Olga', lastName: 'Admin', email: adminEmail, password: PASSWORD }, stripeApp.mailDir);
    await admin.getByRole('heading', { name: /^Welcome (back )?to K&B Marine$/ }).waitFor();
    operatorCommand('user:set-role', [adminEmail, 'admin'], stripeApp);
    await admin.goto('/payment-management');
    await admin.getByRole('tab', { name: 'Overpayments' }).click();
    await admin.getByRole('link', { name: `${invoice.number} · booking #${booking.number}` }).waitFor();
    await admin.getByText(`Paid ${money(invoice.total)} by card after the invoice was paid in person`, { exact: false }).waitFor();
    await snap(admin, 'overpayments-1280');
    await expectAccessible(admin);
    await admin.getByRole('button', { name: `Refund overpayment (${money(invoice.total)}) of invoice ${invoice.number}` }).click();
    await toast(admin, 'Refund started');
    await expect.poll(async () => (await invoiceOf(admin, booking.id)).overpayments[0]?.status, { timeout: 15_000 }).toBe('refunded');
    expect(stripeApp.stripe.refunds.map((r) => [r.refund.payment_intent, r.refund.amount])).toEqual([[intent.id, Math.round(Number(invoice.total) * 100)]]);
    await admin.reload();
    await admin.getByRole('tab', { name: 'Overpayments' }).click();
    await admin.getByText('No invoice holds an overpayment.').waitFor();

    await owner.reload();
    await owner.getByText('Refunded', { exact: true }).waitFor();
    expect(await invoiceOf(owner, booking.id)).toMatchObject({ status: 'paid', payment: { method: 'in_person' }, refunded: '0.00' });

    await ownerContext.close();
    await expertContext.close();
    await adminContext.close();
  });
});

function money(amount: string): string {
  return `$${Number(amount).toFixed(2)}`;
}
