import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import twilio from 'twilio';
import { asUser, createTestApp, signUp, TEST_BASE_URL, type TestApp, type TestUser } from '../../test/test-app.js';
import { signUpExpert } from '../../test/workspace-helpers.js';
import { startFakeTwilioServer, type FakeTwilioServer } from '../../test/fake-twilio-server.js';
import { users } from '../../db/schema.js';
import { insertExpert } from '../../test/expert-factory.js';
import { daysAhead, postBooking, videoBooking } from '../../test/booking-helpers.js';
import { MOBILE_NUMBER_INVALID, type SmsSettings } from '../../../common/sms.js';
import { textJobs, TEXT_NOTICE_QUEUE } from './index.js';
import { CODE_DEAD, CODE_EXPIRED, CODE_WRONG_LAST, codeWrong, NO_CODE, NUMBER_STOPPED } from './number-verification.js';
import { helpReply } from './inbound-text.js';

// Noon in New York (17:00 UTC) on a summer day of 2027: later than the database's own clock, so a job
// postponed to the next morning by the app's clock is not run by pg-boss during the test.
const NOON_NEW_YORK = new Date('2027-06-15T16:00:00Z');
/** The app's clock, standing still unless a test moves it: waits and expiries are then exact. */
const clock = (() => {
  let current = NOON_NEW_YORK.getTime();
  return {
    now: () => new Date(current),
    advance: (ms: number) => void (current += ms),
    set: (to: Date) => void (current = to.getTime()),
  };
})();
const SENDER = '+14105550199';
let twilioPeer: FakeTwilioServer;
let t: TestApp;
beforeAll(async () => {
  twilioPeer = await startFakeTwilioServer();
  t = await createTestApp(
    { TWILIO_ACCOUNT_SID: twilioPeer.accountSid, TWILIO_AUTH_TOKEN: twilioPeer.authToken, TWILIO_FROM: SENDER, TWILIO_API_BASE: twilioPeer.baseUrl },
    { now: clock.now },
  );
});
afterAll(async () => {
  await t.close();
  await twilioPeer.close();
});

let numberCounter = 0;
/** A different US mobile number for each test, so their hourly allowances do not meet. */
function nextNumber(): { typed: string; e164: string } {
  numberCounter += 1;
  const line = String(1000 + numberCounter).padStart(4, '0');
  return { typed: `(410) 555-${line}`, e164: `+1410555${line}` };
}

const sendCode = (user: TestUser, number: string) => t.app.inject(asUser(user, { method: 'POST', url: '/api/sms/number/code', payload: { number } }));
const verify = (user: TestUser, code: string) => t.app.inject(asUser(user, { method: 'POST', url: '/api/sms/number/verify', payload: { code } }));
const settings = async (user: TestUser) => (await t.app.inject(asUser(user, { method: 'GET', url: '/api/sms/number' }))).json<SmsSettings>();

/** The newest code texted to the number, once its job has sent it. */
async function codeTo(e164: string): Promise<string> {
  let code: string | undefined;
  await expect.poll(() => (code = twilioPeer.texts.findLast((text) => text.to === e164)?.body.match(/^(\d{6}) is your K&B Marine code/)?.[1])).toBeDefined();
  return code!;
}

async function verifiedUser(): Promise<{ user: TestUser; number: string }> {
  const user = await signUp(t.app);
  const { typed, e164 } = nextNumber();
  const sent = twilioPeer.texts.length;
  expect((await sendCode(user, typed)).statusCode).toBe(200);
  await expect.poll(() => twilioPeer.texts.length).toBeGreaterThan(sent);
  expect((await verify(user, await codeTo(e164))).statusCode).toBe(200);
  return { user, number: e164 };
}

/** Runs the text job now, as its worker would, and answers the texts it sent to the number. */
async function runNotice(userId: string, text: { body: string; urgent: boolean; notAfter?: Date }, to: string) {
  const before = twilioPeer.texts.filter((sent) => sent.to === to).length;
  const [job] = textJobs(userId, text);
  await t.app.jobs.runNow(job!.name, job!.data);
  return twilioPeer.texts.filter((sent) => sent.to === to).slice(before);
}

/** The notice jobs waiting for a later start, newest first. */
async function postponedNotices(userId: string) {
  const { rows } = await t.database.executeSql(
    `select start_after, data from pgboss.job where name = $1 and data->>'userId' = $2 and state = 'created' order by created_on desc`,
    [TEXT_NOTICE_QUEUE, userId],
  );
  return rows as { start_after: Date; data: { body: string } }[];
}

function signedInbound(params: Record<string, string>, url = `${TEST_BASE_URL}/api/sms/inbound`) {
  const signature = twilio.getExpectedTwilioSignature(twilioPeer.authToken, url, params);
  return t.app.inject({
    method: 'POST',
    url: '/api/sms/inbound',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    payload: new URLSearchParams(params).toString(),
  });
}

describe('proving a mobile number', () => {
  it('texts a 6-digit code to a US number typed as people type it, and the code verifies it', async () => {
    const user = await signUp(t.app);
    const { typed, e164 } = nextNumber();
    const sent = await sendCode(user, typed);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ number: null, stopped: false, pending: { number: e164, expiresAt: '2027-06-15T16:10:00.000Z' } });

    const code = await codeTo(e164);
    const text = twilioPeer.texts.findLast((each) => each.to === e164)!;
    expect(text.from).toBe(SENDER);
    expect(text.body).toBe(`${code} is your K&B Marine code. It works for 10 minutes. Do not share it.\n\n@localhost:3000 #${code}`);

    const verified = await verify(user, code);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ number: e164, stopped: false, pending: null });
    expect(await settings(user)).toEqual({ number: e164, stopped: false, pending: null });
    // A code works once.
    expect((await verify(user, code)).json().message).toBe(NO_CODE);
  });

  it('takes +country numbers and refuses what is not a mobile number with a clear 400', async () => {
    const user = await signUp(t.app);
    const abroad = await sendCode(user, '+44 7700 900123');
    expect(abroad.statusCode, abroad.body).toBe(200);
    expect(abroad.json().pending.number).toBe('+447700900123');
    for (const bad of ['555-0100', '(110) 555-0100', '+1 410 555 010', 'call me', '+0 123 4567', '']) {
      const refused = await sendCode(user, bad);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json()).toEqual({ message: MOBILE_NUMBER_INVALID, errors: { number: MOBILE_NUMBER_INVALID } });
    }
  });

  it('counts wrong codes, says how many tries are left, and ends the code at the fifth', async () => {
    const user = await signUp(t.app);
    const { typed, e164 } = nextNumber();
    await sendCode(user, typed);
    const code = await codeTo(e164);
    const wrong = code === '000000' ? '111111' : '000000';
    for (const left of [4, 3, 2, 1]) {
      const answer = await verify(user, wrong);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message: codeWrong(left), errors: { code: codeWrong(left) } });
    }
    expect((await verify(user, wrong)).json().message).toBe(CODE_WRONG_LAST);
    // Even the right code no longer works: it had its tries.
    const dead = await verify(user, code);
    expect(dead.statusCode).toBe(410);
    expect(dead.json().message).toBe(CODE_DEAD);
    expect((await settings(user)).pending).toBeNull();
    expect(codeWrong(1)).toBe('That code is not right. 1 try left.');
  });

  it('lets a code work for 10 minutes and no longer', async () => {
    const user = await signUp(t.app);
    const { typed, e164 } = nextNumber();
    await sendCode(user, typed);
    const code = await codeTo(e164);
    clock.advance(10 * 60_000);
    try {
      const expired = await verify(user, code);
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toEqual({ message: CODE_EXPIRED, errors: { code: CODE_EXPIRED } });
      expect(await settings(user)).toEqual({ number: null, stopped: false, pending: null });
    } finally {
      clock.set(NOON_NEW_YORK);
    }
  });

  it('sends at most 3 codes an hour to an account, saying when to ask again', async () => {
    const user = await signUp(t.app);
    for (let i = 0; i < 3; i += 1) {
      clock.advance(60_000);
      expect((await sendCode(user, nextNumber().typed)).statusCode).toBe(200);
    }
    try {
      const refused = await sendCode(user, nextNumber().typed);
      expect(refused.statusCode).toBe(429);
      // The first of the three was sent two minutes ago: 58 minutes to wait.
      expect(refused.json().message).toBe('You have asked for 3 codes in the last hour. Try again in 58 minutes.');
      expect(refused.headers['retry-after']).toBe(String(58 * 60));
      clock.advance(58 * 60_000);
      expect((await sendCode(user, nextNumber().typed)).statusCode).toBe(200);
    } finally {
      clock.set(NOON_NEW_YORK);
    }
  });

  it('sends at most 3 codes an hour to a number, whichever accounts ask', async () => {
    const { typed } = nextNumber();
    for (let i = 0; i < 3; i += 1) expect((await sendCode(await signUp(t.app), typed)).statusCode).toBe(200);
    const refused = await sendCode(await signUp(t.app), typed);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('This number has been sent 3 codes in the last hour. Try again in 60 minutes.');
  });

  it('sends no more than 3 codes to a number when many accounts ask at once', async () => {
    const { typed } = nextNumber();
    const askers = await Promise.all(Array.from({ length: 5 }, () => signUp(t.app)));
    const answers = await Promise.all(askers.map((user) => sendCode(user, typed)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 429, 429]);
  });

  it('replaces an earlier code with a newer one', async () => {
    const user = await signUp(t.app);
    const first = nextNumber();
    await sendCode(user, first.typed);
    const oldCode = await codeTo(first.e164);
    const second = nextNumber();
    await sendCode(user, second.typed);
    const newCode = await codeTo(second.e164);
    if (oldCode !== newCode) expect((await verify(user, oldCode)).statusCode).toBe(400);
    expect((await verify(user, newCode)).json().number).toBe(second.e164);
  });

  it('answers 401 signed out', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/sms/number' },
      { method: 'POST' as const, url: '/api/sms/number/code', payload: { number: '(410) 555-0100' } },
      { method: 'POST' as const, url: '/api/sms/number/verify', payload: { code: '123456' } },
      { method: 'DELETE' as const, url: '/api/sms/number' },
    ]) {
      expect((await t.app.inject(asUser(null, request))).statusCode, request.url).toBe(401);
    }
  });
});

describe('texts to a verified number', () => {
  it('leave through the job queue to Twilio, which gets the text', async () => {
    const { user, number } = await verifiedUser();
    await t.app.jobs.insert(t.app.db, textJobs(user.id, { body: 'Booking confirmed for Tue 10:00 AM. http://localhost:3000/bookings/1', urgent: false }));
    await expect.poll(() => twilioPeer.texts.filter((text) => text.to === number).map((text) => text.body)).toContain(
      'Booking confirmed for Tue 10:00 AM. http://localhost:3000/bookings/1',
    );
  });

  it('wait for 8:00 in quiet hours, unless urgent', async () => {
    const { user, number } = await verifiedUser();
    clock.set(new Date('2027-06-16T03:00:00Z')); // 23:00 in New York, the zone of an account that chose none
    try {
      expect(await runNotice(user.id, { body: 'Booking declined', urgent: false }, number)).toEqual([]);
      const [postponed] = await postponedNotices(user.id);
      expect(new Date(postponed!.start_after)).toEqual(new Date('2027-06-16T12:00:00Z')); // 8:00 EDT
      expect(postponed!.data.body).toBe('Booking declined');

      // The same job run again, as a retry after it held the text would be: still one held text.
      const [declined] = textJobs(user.id, { body: 'Declined, held once', urgent: false });
      await t.app.jobs.runNow(declined!.name, declined!.data);
      await t.app.jobs.runNow(declined!.name, declined!.data);
      expect((await postponedNotices(user.id)).filter((job) => job.data.body === 'Declined, held once')).toHaveLength(1);

      const urgent = await runNotice(user.id, { body: 'Your call starts in an hour', urgent: true }, number);
      expect(urgent.map((text) => text.body)).toEqual(['Your call starts in an hour']);

      // Pointless by 8:00: dropped, not postponed.
      const before = (await postponedNotices(user.id)).length;
      expect(await runNotice(user.id, { body: 'Visit at 7:30', urgent: false, notAfter: new Date('2027-06-16T11:30:00Z') }, number)).toEqual([]);
      expect(await postponedNotices(user.id)).toHaveLength(before);
    } finally {
      clock.set(NOON_NEW_YORK);
    }
  });

  it('read quiet hours on the recipient’s clock: the zone chosen in Settings, else the one an expert works in', async () => {
    const { user, number } = await verifiedUser();
    expect((await t.app.inject(asUser(user, { method: 'PUT', url: '/api/profile/time-zone', payload: { timeZone: 'America/Los_Angeles' } }))).statusCode).toBe(200);
    const expert = await signUpExpert(t, { timeZone: 'America/Los_Angeles' });
    const expertNumber = nextNumber();
    await sendCode(expert, expertNumber.typed);
    expect((await verify(expert, await codeTo(expertNumber.e164))).statusCode).toBe(200);
    clock.set(new Date('2027-06-16T02:00:00Z')); // 22:00 in New York, 19:00 in Los Angeles
    try {
      expect(await runNotice(user.id, { body: 'Booking confirmed', urgent: false }, number)).toHaveLength(1);
      expect(await runNotice(expert.id, { body: 'New booking request', urgent: false }, expertNumber.e164)).toHaveLength(1);
    } finally {
      clock.set(NOON_NEW_YORK);
    }
  });

  it('are retried when Twilio answers 429 or 500, and sent once it takes them', async () => {
    const { user, number } = await verifiedUser();
    for (const status of [429, 500]) {
      twilioPeer.failWith(status);
      try {
        await expect(runNotice(user.id, { body: 'Booking confirmed', urgent: false }, number)).rejects.toMatchObject({ status });
      } finally {
        twilioPeer.failWith(null);
      }
    }
    expect(twilioPeer.refused.slice(-2)).toEqual([429, 500]);
    expect(await runNotice(user.id, { body: 'Booking confirmed', urgent: false }, number)).toHaveLength(1);
  });

  it('never go to an account without a verified number, a removed one, or a deactivated account', async () => {
    const unverified = await signUp(t.app);
    const pending = nextNumber();
    await sendCode(unverified, pending.typed);
    await codeTo(pending.e164);
    expect(await runNotice(unverified.id, { body: 'Booking confirmed', urgent: true }, pending.e164)).toEqual([]);

    const removed = await verifiedUser();
    const answer = await t.app.inject(asUser(removed.user, { method: 'DELETE', url: '/api/sms/number' }));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ number: null, stopped: false, pending: null });
    expect(await runNotice(removed.user.id, { body: 'Booking confirmed', urgent: true }, removed.number)).toEqual([]);

    const deactivated = await verifiedUser();
    await t.app.db.update(users).set({ status: 'inactive' }).where(eq(users.id, deactivated.user.id));
    expect(await runNotice(deactivated.user.id, { body: 'Booking confirmed', urgent: true }, deactivated.number)).toEqual([]);
  });
});

describe("Twilio's webhook for texts to our number", () => {
  it('turns every text to the number off at STOP, for each account that has it, and back on at START', async () => {
    const { user, number } = await verifiedUser();
    const stop = await signedInbound({ From: number, To: SENDER, Body: ' Stop ', MessageSid: 'SM1' });
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.headers['content-type']).toMatch(/^text\/xml/);
    expect(stop.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    expect(await settings(user)).toMatchObject({ number, stopped: true });
    expect(await runNotice(user.id, { body: 'Booking confirmed', urgent: true }, number)).toEqual([]);
    // A code cannot be sent to it either, on any account.
    const other = await signUp(t.app);
    expect((await sendCode(other, number)).json()).toEqual({ message: NUMBER_STOPPED, errors: { number: NUMBER_STOPPED } });

    expect((await signedInbound({ From: number, To: SENDER, Body: 'unstop' })).statusCode).toBe(200);
    expect((await settings(user)).stopped).toBe(false);
    expect(await runNotice(user.id, { body: 'Booking confirmed', urgent: true }, number)).toHaveLength(1);
  });

  it('takes each of the STOP words Twilio honours', async () => {
    for (const word of ['STOPALL', 'unsubscribe', 'Cancel', 'END', 'quit']) {
      const { user } = await verifiedUser();
      const number = (await settings(user)).number!;
      expect((await signedInbound({ From: number, Body: word })).statusCode).toBe(200);
      expect((await settings(user)).stopped, word).toBe(true);
      expect((await signedInbound({ From: number, Body: 'YES' })).statusCode).toBe(200);
      expect((await settings(user)).stopped, word).toBe(false);
    }
  });

  it('answers HELP, and nothing to other texts', async () => {
    const help = await signedInbound({ From: '+14105550123', Body: 'help' });
    expect(help.body).toBe(`<?xml version="1.0" encoding="UTF-8"?><Response><Message>${helpReply(TEST_BASE_URL).replace('&', '&amp;')}</Message></Response>`);
    expect((await signedInbound({ From: '+14105550123', Body: 'Thanks, see you then' })).body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
  });

  it('refuses with 403 a request without a signature, with a wrong one, or signed for another address', async () => {
    const { user, number } = await verifiedUser();
    const form = new URLSearchParams({ From: number, Body: 'STOP' }).toString();
    const post = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/sms/inbound', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload: form });
    expect((await post({})).statusCode).toBe(403);
    expect((await post({ 'x-twilio-signature': 'bm90IGEgc2lnbmF0dXJl' })).statusCode).toBe(403);
    const elsewhere = await signedInbound({ From: number, Body: 'STOP' }, 'http://evil.example/api/sms/inbound');
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toEqual({ message: 'This request is not signed by Twilio.' });
    expect((await settings(user)).stopped).toBe(false);
  });
});

describe('without Twilio configured', () => {
  it('writes texts to the log and answers the webhook 404', async () => {
    const lines: string[] = [];
    const local = await createTestApp({}, { logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
    try {
      const user = await signUp(local.app);
      const sent = await local.app.inject(asUser(user, { method: 'POST', url: '/api/sms/number/code', payload: { number: '+1 410 555 0142' } }));
      expect(sent.statusCode).toBe(200);
      await expect.poll(() => lines.find((line) => line.includes('Text (no TWILIO_ACCOUNT_SID set)'))).toMatch(/\d{6} is your K&B Marine code/);
      const webhook = await local.app.inject({ method: 'POST', url: '/api/sms/inbound', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'Body=STOP' });
      expect(webhook.statusCode).toBe(404);
    } finally {
      await local.close();
    }
  });
});

describe('the notification centre by text', () => {
  it("texts a verified expert a new request through their preferences, and nothing once they turn it off", async () => {
    const { user, number } = await verifiedUser();
    await t.database.db.update(users).set({ role: 'expert' }).where(eq(users.id, user.id));
    const expert = await insertExpert(t.database.db, { userId: user.id, instantBooking: false, videoRateCents: 5000 });
    t.app.expertDirectory.changed();
    const owner = await signUp(t.app, { firstName: 'Tex', lastName: 'Owner' });
    const book = async (days: number) => {
      const response = await postBooking(t.app, owner, videoBooking(expert.id, daysAhead(days, 'America/New_York', clock.now())));
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ number: number }>();
    };
    const toExpert = () => twilioPeer.texts.filter((text) => text.to === number && text.body.startsWith('New booking request'));

    const booking = await book(5);
    await expect.poll(() => toExpert().length).toBe(1);
    expect(toExpert()[0]!.body).toMatch(new RegExp(`^New booking request #${booking.number}\\. Tex Owner asks for a video consultation .*${TEST_BASE_URL}/workspace$`));
    expect(toExpert()[0]!.body.length).toBeLessThanOrEqual(160);

    const off = await t.app.inject(
      asUser(user, { method: 'PUT', url: '/api/notification-preferences', payload: { preferences: [{ kind: 'booking_requested', email: true, push: true, text: false }] } }),
    );
    expect(off.statusCode, off.body).toBe(200);
    await book(6);
    await expect
      .poll(async () => {
        const { rows } = await t.database.executeSql(`select count(*)::int as n from pgboss.job where name = 'notification-channels' and state <> 'completed'`);
        return (rows[0] as { n: number }).n;
      })
      .toBe(0);
    expect(toExpert()).toHaveLength(1);
  });
});
