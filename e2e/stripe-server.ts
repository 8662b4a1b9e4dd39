import { startAppServer } from './app-server.js';
import { startFakeStripeServer, type FakeStripeServer } from '../src/server/test/fake-stripe-server.js';

/**
 * A second app server configured for Stripe, for the payment step's journeys: the real server process on
 * its own embedded database (with the test clock), talking to the tests' server on 127.0.0.1 that speaks
 * Stripe's API (Stripe itself cannot be reached from here).
 */
export interface StripeAppServer {
  baseUrl: string;
  dataDir: string;
  /** Where its e-mails land (mail-drop.ts): a new account's code among them. */
  mailDir: string;
  /** The Stripe API the server talks to: what it was asked, and the objects it holds. */
  stripe: FakeStripeServer;
  stop(): Promise<void>;
}

export async function startStripeAppServer(): Promise<StripeAppServer> {
  const stripe = await startFakeStripeServer();
  const server = await startAppServer('stripe', {
    TEST_CLOCK: 'true',
    STRIPE_SECRET_KEY: 'sk_test_e2e',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
    STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
    STRIPE_API_BASE: stripe.baseUrl,
  });

  return {
    baseUrl: server.baseUrl,
    dataDir: server.dataDir,
    mailDir: server.mailDir,
    stripe,
    async stop() {
      await server.stop();
      await stripe.close();
    },
  };
}

/**
 * Served in place of https://js.stripe.com in the browser: a Stripe.js with just what Elements, the
 * Payment Element and confirmPayment use. It records the confirmPayment call for the test to check.
 */
export const STRIPE_JS_STUB = `window.Stripe = function (publishableKey) {
  const element = {
    mount(node) { const field = document.createElement('div'); field.textContent = 'Card details'; node.appendChild(field); },
    on() { return element; }, off() { return element; }, once() { return element; },
    update() {}, destroy() {}, unmount() {},
  };
  const elements = { create() { return element; }, getElement() { return element; }, update() {}, fetchUpdates() { return Promise.resolve({}); }, submit() { return Promise.resolve({}); } };
  return {
    elements(options) { window.__stripeElementsOptions = { clientSecret: options.clientSecret, publishableKey }; return elements; },
    _registerWrapper() {}, registerAppInfo() {}, createToken() {}, createPaymentMethod() {}, confirmCardPayment() {},
    confirmPayment(args) {
      window.__stripeConfirm = { redirect: args.redirect, returnUrl: args.confirmParams.return_url, withElements: args.elements === elements };
      return Promise.resolve({ paymentIntent: { id: 'pi_e2e', status: 'succeeded' } });
    },
  };
};`;
