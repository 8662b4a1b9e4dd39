import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export interface StripeRequest {
  method: string;
  path: string;
  /** The form-encoded body, flattened: `metadata[bookingId]` stays as that key. */
  form: Record<string, string>;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
}

export interface FakeStripeServer {
  baseUrl: string;
  requests: StripeRequest[];
  /** Answers every call with this status (a Stripe error body) until cleared with null. */
  failWith(status: number | null): void;
  /** Marks an intent paid, as the customer's payment would. */
  succeed(intentId: string): Record<string, unknown>;
  close(): Promise<void>;
}

async function readForm(request: IncomingMessage): Promise<Record<string, string>> {
  let body = '';
  for await (const chunk of request) body += chunk;
  return Object.fromEntries(new URLSearchParams(body));
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
  response.end(JSON.stringify(body));
}

/**
 * A small server on 127.0.0.1 speaking the part of Stripe's API we use (PaymentIntents create and
 * retrieve, Refunds create), with idempotency keys honoured as Stripe does.
 */
export async function startFakeStripeServer(): Promise<FakeStripeServer> {
  const intents = new Map<string, Record<string, unknown>>();
  const byIdempotencyKey = new Map<string, unknown>();
  const requests: StripeRequest[] = [];
  let failure: number | null = null;

  const server = createServer(async (request, response) => {
    const form = await readForm(request);
    const path = (request.url ?? '').split('?')[0]!;
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    requests.push({ method: request.method ?? '', path, form, authorization: request.headers.authorization, idempotencyKey });
    if (failure) return send(response, failure, { error: { type: 'api_error', message: 'Stripe is having a bad day' } });
    if (!request.headers.authorization?.startsWith('Bearer sk_test_')) {
      return send(response, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (idempotencyKey && byIdempotencyKey.has(idempotencyKey)) return send(response, 200, byIdempotencyKey.get(idempotencyKey));

    if (request.method === 'POST' && path === '/v1/payment_intents') {
      const id = `pi_${randomBytes(8).toString('hex')}`;
      const metadata = Object.fromEntries(
        Object.entries(form)
          .filter(([key]) => key.startsWith('metadata['))
          .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
      );
      const intent = {
        id,
        object: 'payment_intent',
        amount: Number(form.amount),
        amount_received: 0,
        currency: form.currency,
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(6).toString('hex')}`,
        description: form.description ?? null,
        metadata,
      };
      intents.set(id, intent);
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, intent);
      return send(response, 200, intent);
    }
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && retrieve) {
      const intent = intents.get(retrieve[1]!);
      return intent ? send(response, 200, intent) : send(response, 404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
    }
    if (request.method === 'POST' && path === '/v1/refunds') {
      const refund = { id: `re_${randomBytes(8).toString('hex')}`, object: 'refund', status: 'succeeded', payment_intent: form.payment_intent, amount: intents.get(form.payment_intent ?? '')?.amount };
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, refund);
      return send(response, 200, refund);
    }
    return send(response, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${path})` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    failWith(status) {
      failure = status;
    },
    succeed(intentId) {
      const intent = intents.get(intentId)!;
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
      return intent;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
