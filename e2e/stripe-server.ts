import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';
import { SERVER_BUNDLE } from './servers.js';

/**
 * A second app server configured for Stripe, for the payment step's journeys: the real server process on
 * its own embedded database, talking to a small HTTP peer on 127.0.0.1 that speaks Stripe's
 * payment-intent API (Stripe itself cannot be reached from here).
 */
export interface StripeAppServer {
  baseUrl: string;
  /** The form bodies of the payment intents the server created. */
  intents: URLSearchParams[];
  stop(): Promise<void>;
}

function stripeApiPeer(intents: URLSearchParams[]): Server {
  return createHttpServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      const url = request.url ?? '';
      if (request.method === 'POST' && url === '/v1/payment_intents') {
        const form = new URLSearchParams(body);
        intents.push(form);
        const id = `pi_e2e_${intents.length}`;
        response.end(
          JSON.stringify({ id, object: 'payment_intent', client_secret: `${id}_secret_e2e`, status: 'requires_payment_method', amount: Number(form.get('amount')), currency: form.get('currency'), metadata: {} }),
        );
      } else if (request.method === 'GET' && url.startsWith('/v1/payment_intents/')) {
        const id = url.split('/')[3];
        response.end(JSON.stringify({ id, object: 'payment_intent', client_secret: `${id}_secret_e2e`, status: 'requires_payment_method', metadata: {} }));
      } else {
        response.statusCode = 404;
        response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `No such route: ${request.method} ${url}` } }));
      }
    });
  });
}

export async function startStripeAppServer(): Promise<StripeAppServer> {
  const intents: URLSearchParams[] = [];
  const peer = stripeApiPeer(intents);
  const peerPort = await freePort();
  await new Promise<void>((resolve) => peer.listen(peerPort, '127.0.0.1', resolve));

  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'kb-e2e-stripe-'));
  const server: ChildProcess = spawn(process.execPath, [SERVER_BUNDLE], {
    env: {
      ...process.env,
      PORT: String(port),
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      TRUST_PROXY: 'true',
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
      STRIPE_API_BASE: `http://127.0.0.1:${peerPort}`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (const deadline = Date.now() + 150_000; Date.now() < deadline; ) {
    if (await fetch(`${baseUrl}/readyz`).then((r) => r.ok).catch(() => false)) break;
    if (server.exitCode !== null) throw new Error('the Stripe-configured server exited during start-up');
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    baseUrl,
    intents,
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      await new Promise((resolve) => peer.close(resolve));
      rmSync(dataDir, { recursive: true, force: true });
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
