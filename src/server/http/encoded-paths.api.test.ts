import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, nextClientAddress, ORIGIN, signUp, type TestApp, type TestUser } from '../test/test-app.js';
import { daysAhead, postBooking, videoBooking } from '../test/booking-helpers.js';
import { multipartBody, signUpExpert } from '../test/workspace-helpers.js';
import { smallPhoto } from '../test/fixtures/test-images.js';
import { bookingMessages } from '../db/schema.js';
import { sendRaw, type RawAnswer } from '../test/raw-http.js';
import type { Booking } from '../../common/bookings.js';

const FOREIGN = 'http://evil.example';

let t: TestApp;
let port: number;
let owner: TestUser;
let booking: Booking;
const clientDir = mkdtempSync(join(tmpdir(), 'kb-client-'));

beforeAll(async () => {
  // A built client, so an address no route answers is told apart as a page or an API address.
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  t = await createTestApp({}, { clientDir });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  owner = await signUp(t.app);
  const expert = await signUpExpert(t, { name: 'Wendy Works' });
  const response = await postBooking(t.app, owner, videoBooking(expert.expertId, daysAhead(4), '10:00 AM'));
  if (response.statusCode !== 201) throw new Error(`booking failed: ${response.statusCode} ${response.body}`);
  booking = response.json();
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** Over a socket, the path exactly as written (app.inject resolves dot segments). */
function raw(method: string, path: string, headers: Record<string, string>, body?: string | Buffer): Promise<RawAnswer> {
  return sendRaw(port, { method, path, headers, body });
}

async function storedMessages(): Promise<number> {
  return (await t.database.db.select({ id: bookingMessages.id }).from(bookingMessages).where(eq(bookingMessages.bookingId, booking.id))).length;
}

/** The messages route, spelled as an attacker might: each is routed to it or to nothing by Fastify. */
function spellings(rest: string): string[] {
  return [
    `/%61pi/${rest}`,
    `/api/${rest.replace('messages', 'm%65ssages')}`,
    `/%2561pi/${rest}`,
    `/x/../api/${rest}`,
    `/api/x/../${rest}`,
    `/api/./${rest}`,
    `//api/${rest}`,
    `http://evil.example/api/${rest}`,
  ];
}

describe('a path spelled another way is held to the same policies as /api/', () => {
  it('refuses a message posted with a foreign Origin through any spelling of its path, and stores nothing', async () => {
    const text = JSON.stringify({ text: 'Posted from another site' });
    for (const path of spellings(`bookings/${booking.id}/messages`)) {
      const answer = await raw('POST', path, { origin: FOREIGN, cookie: owner.cookie, 'content-type': 'application/json' }, text);
      expect(answer.status, `${path}: ${answer.body}`).toBe(403);
    }
    expect(await storedMessages()).toBe(0);
    // The spelling reaches the route: from our own page the same request is sent.
    const ours = await raw('POST', `/%61pi/bookings/${booking.id}/messages`, { ...ORIGIN, cookie: owner.cookie, 'content-type': 'application/json' }, text);
    expect(ours.status, ours.body).toBe(201);
    expect(await storedMessages()).toBe(1);
    await t.database.db.delete(bookingMessages).where(eq(bookingMessages.bookingId, booking.id));
  });

  it('refuses a photo message posted with a foreign Origin through /%61pi/ (a multipart form needs no preflight)', async () => {
    const { payload, headers } = multipartBody([{ name: 'photo', value: await smallPhoto(), filename: 'deck.jpg', type: 'image/jpeg' }]);
    for (const path of spellings(`bookings/${booking.id}/messages/photo`)) {
      const answer = await raw('POST', path, { origin: FOREIGN, cookie: owner.cookie, ...headers }, payload);
      expect(answer.status, `${path}: ${answer.body}`).toBe(403);
    }
    expect(await storedMessages()).toBe(0);
  });

  it('refuses a foreign write to an address no route answers, however it is spelled', async () => {
    for (const path of ['/%61pi/unknown', '/%2561pi/bookings', '/x/../api/unknown']) {
      const answer = await raw('POST', path, { origin: FOREIGN, cookie: owner.cookie, 'content-type': 'application/json' }, '{}');
      expect(answer.status, path).toBe(403);
    }
  });

  it("gives an API route's answer the API headers, however its path is spelled", async () => {
    const canonical = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: owner.cookie } });
    for (const path of ['/%61pi/auth/user', '/api/auth/%75ser', 'http://evil.example/api/auth/user']) {
      const answer = await raw('GET', path, { cookie: owner.cookie });
      expect(answer.status, path).toBe(200);
      expect(answer.headers['content-security-policy'], path).toBe(canonical.headers['content-security-policy']);
      expect(answer.headers['content-security-policy'], path).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it('answers an unknown API address as an API address (JSON 404, API headers), not as a page', async () => {
    for (const path of ['/%61pi/no-such-thing', '/%2561pi/no-such-thing', '/x/../api/no-such-thing', '//api/no-such-thing', '/api/./no-such-thing']) {
      const answer = await raw('GET', path, {});
      expect(answer.status, path).toBe(404);
      expect(answer.headers['content-type'], path).toMatch(/^application\/json/);
      expect(answer.headers['content-security-policy'], path).toBe("default-src 'none'; frame-ancestors 'none'");
    }
    const page = await raw('GET', '/no-such-page', {});
    expect(page.status).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });

  it('counts a sign-in sent to a spelling of /api/auth/sign-in/email in the same limits', async () => {
    const victim = await signUp(t.app);
    const attempts = [];
    for (let i = 0; i < 10; i++) {
      const answer = await t.app.inject({
        method: 'POST',
        url: i % 2 ? '/%61pi/auth/sign-in/email' : '/api/auth/sign-in/%65mail',
        headers: ORIGIN,
        remoteAddress: nextClientAddress(),
        payload: { email: victim.email, password: 'not-the-password' },
      });
      attempts.push(answer.statusCode);
    }
    expect(attempts.every((status) => status === 401), attempts.join(', ')).toBe(true);
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: ORIGIN,
      remoteAddress: nextClientAddress(),
      payload: { email: victim.email, password: 'not-the-password' },
    });
    expect(next.statusCode, next.body).toBe(429);
  });
});
