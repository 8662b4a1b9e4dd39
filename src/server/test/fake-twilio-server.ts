import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

/**
 * A small server on 127.0.0.1 speaking the part of Twilio's REST API the product uses, for the real
 * `twilio` client to talk to in tests (through `TWILIO_API_BASE`): sending a text,
 * `POST /2010-04-01/Accounts/{sid}/Messages.json`, with Basic auth of the account's SID and auth token.
 * It records each text taken and can answer every call with an error status (429, 500) until told not to.
 */

export interface FakeText {
  sid: string;
  to: string;
  /** The sending number, or null when a messaging service sent it. */
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  /** When its request had arrived (performance.now() of this process): benchmarks time texts by it. */
  receivedAt: number;
}

export interface FakeTwilioServer {
  baseUrl: string;
  accountSid: string;
  authToken: string;
  /** Every text taken, in order. */
  readonly texts: readonly FakeText[];
  /** Calls answered with an error, by status, in order. */
  readonly refused: readonly number[];
  /** Answers every API call with this status (Twilio's error body) until cleared with null. */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

const sidOf = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** Twilio's error body: its code, message, documentation link and the status again. */
const twilioError = (status: number, code: number, message: string) => ({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

export async function startFakeTwilioServer(): Promise<FakeTwilioServer> {
  const accountSid = sidOf('AC');
  const authToken = randomBytes(16).toString('hex');
  const texts: FakeText[] = [];
  const refused: number[] = [];
  let failure: number | null = null;

  const server = createServer(async (request, response) => {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const receivedAt = performance.now();
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const refuse = (status: number, code: number, message: string) => {
      refused.push(status);
      send(response, status, twilioError(status, code, message));
    };
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (request.headers.authorization !== expected) return refuse(401, 20003, 'Authenticate');
    const messages = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/Messages\.json$/.exec(path);
    if (request.method !== 'POST' || !messages) return refuse(404, 20404, `The requested resource ${path} was not found`);
    if (messages[1] !== accountSid) return refuse(403, 20003, 'Authenticate');
    if (failure === 429) return refuse(429, 20429, 'Too Many Requests');
    if (failure) return refuse(failure, 20500, 'An internal server error has occurred');

    const form = new URLSearchParams(raw);
    const to = form.get('To');
    const from = form.get('From');
    const messagingServiceSid = form.get('MessagingServiceSid');
    const body = form.get('Body');
    if (!to) return refuse(400, 21604, "A 'To' phone number is required.");
    if (!/^\+[1-9]\d{6,14}$/.test(to)) return refuse(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (!from && !messagingServiceSid) return refuse(400, 21603, "A 'From' phone number is required.");
    if (!body) return refuse(400, 21602, 'Message body is required.');

    const sid = sidOf('SM');
    texts.push({ sid, to, from, messagingServiceSid, body, receivedAt });
    const now = new Date().toUTCString();
    send(response, 201, {
      account_sid: accountSid,
      api_version: '2010-04-01',
      body,
      date_created: now,
      date_sent: null,
      date_updated: now,
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      from,
      messaging_service_sid: messagingServiceSid,
      num_media: '0',
      num_segments: String(Math.ceil(body.length / 160)),
      price: null,
      price_unit: 'USD',
      sid,
      status: 'queued',
      subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}/Media.json` },
      to,
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    accountSid,
    authToken,
    texts,
    refused,
    failWith(status) {
      failure = status;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
