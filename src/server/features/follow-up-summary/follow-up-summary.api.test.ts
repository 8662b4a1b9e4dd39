import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { asUser, createTestApp, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { insertExpert } from '../../test/expert-factory.js';
import { daysAhead, movableClock, onsiteBooking, postBooking, videoBooking } from '../../test/booking-helpers.js';
import { auditLog, users } from '../../db/schema.js';
import type { BookingDetail } from '../../../common/bookings.js';
import {
  FINDINGS_REQUIRED,
  NEXT_STEPS_REQUIRED,
  PART_NAME_REQUIRED,
  QUANTITY_RANGE,
  SUMMARY_AMEND_DAYS,
  type BookingFollowUp,
  type WriteFollowUpSummaryInput,
} from '../../../common/follow-up-summary.js';
import type { MailMessage } from '../../mail/mailer.js';
import { onlyTheExpert } from './write-summary.js';

const clock = movableClock();
const DAY = 24 * 3600_000;
let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;
let expertUser: TestUser;
let otherExpertUser: TestUser;
let expert: { id: number };
let daysOut = 10;

beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
  const db = t.database.db;
  owner = await signUp(t.app, { firstName: 'Olive', lastName: 'Owner' });
  stranger = await signUp(t.app);
  admin = await signUp(t.app);
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
  expertUser = await signUp(t.app);
  otherExpertUser = await signUp(t.app);
  await db.update(users).set({ role: 'expert' }).where(eq(users.id, expertUser.id));
  await db.update(users).set({ role: 'expert' }).where(eq(users.id, otherExpertUser.id));
  // Instant bookings: each test's booking is confirmed as soon as it is made.
  expert = await insertExpert(db, { name: 'Erin Engines', userId: expertUser.id, instantBooking: true, specialty: 'engines' });
  await insertExpert(db, { name: 'Otto Other', userId: otherExpertUser.id, instantBooking: true });
});
afterAll(() => t.close());
afterEach(() => clock.set(new Date()));

const summaryUrl = (id: string) => `/api/bookings/${id}/summary`;
const get = (user: TestUser | null, url: string) => t.app.inject(asUser(user, { method: 'GET', url }));
const put = (user: TestUser | null, id: string, payload: object) => t.app.inject(asUser(user, { method: 'PUT', url: summaryUrl(id), payload }));
const post = (user: TestUser | null, url: string, payload: object = {}) => t.app.inject(asUser(user, { method: 'POST', url, payload }));

const SUMMARY: WriteFollowUpSummaryInput = {
  findings: 'The raw-water impeller has lost three vanes; the pieces are likely in the heat exchanger.',
  nextSteps: 'Replace the impeller, then open the heat exchanger end cap and remove the vane pieces.\nRun the engine at the dock and watch the temperature.',
  parts: [
    { name: 'Raw-water pump impeller', partNumber: '47-43026', quantity: 1 },
    { name: 'Heat exchanger end cap gasket', partNumber: null, quantity: 2 },
    { name: 'Marine grease', partNumber: '', quantity: '' },
  ],
};

/** A confirmed video consultation on a day of its own; `startedMinutesAgo` moves the clock past its start. */
async function consultation(user: TestUser = owner, options: { onsite?: boolean } = {}): Promise<BookingDetail> {
  daysOut += 1;
  const date = daysAhead(daysOut);
  const response = await postBooking(t.app, user, options.onsite ? onsiteBooking(expert.id, date) : videoBooking(expert.id, date));
  if (response.statusCode !== 201) throw new Error(`booking failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

function startedFor(booking: BookingDetail, minutes: number) {
  clock.set(new Date(new Date(booking.startsAt).getTime() + minutes * 60_000));
}

/** The e-mails waiting in (or sent by) the e-mail job with this subject. */
async function emailsWithSubject(subject: string): Promise<MailMessage[]> {
  const { rows } = await t.database.executeSql(`select data from pgboss.job where name = 'email-send' and data->>'subject' = $1`, [subject]);
  return rows.map((row) => (row as { data: MailMessage }).data);
}

describe('GET and PUT /api/bookings/{id}/summary: who may', () => {
  it('answers 401 to a signed-out caller', async () => {
    const booking = await consultation();
    expect((await get(null, summaryUrl(booking.id))).statusCode).toBe(401);
    expect((await put(null, booking.id, SUMMARY)).statusCode).toBe(401);
  });

  it('answers 404 to strangers, to another expert and for ids that are not bookings', async () => {
    const booking = await consultation();
    startedFor(booking, 5);
    for (const user of [stranger, otherExpertUser]) {
      expect((await get(user, summaryUrl(booking.id))).statusCode).toBe(404);
      const refused = await put(user, booking.id, SUMMARY);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe('Booking not found');
    }
    expect((await get(owner, summaryUrl('not-a-booking'))).statusCode).toBe(404);
    expect((await put(expertUser, '00000000-0000-4000-8000-000000000000', SUMMARY)).statusCode).toBe(404);
  });

  it('answers 403 when the owner, or an administrator, tries to write it', async () => {
    const booking = await consultation();
    startedFor(booking, 5);
    for (const user of [owner, admin]) {
      const refused = await put(user, booking.id, SUMMARY);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(onlyTheExpert('video'));
    }
    // Both may read it, and neither is offered the form.
    for (const user of [owner, admin]) {
      expect((await get(user, summaryUrl(booking.id))).json()).toEqual({ summary: null, canWrite: false, writableUntil: null });
    }
  });
});

describe('PUT /api/bookings/{id}/summary: when', () => {
  it('answers 409 before the consultation starts, and offers the expert no form yet', async () => {
    const booking = await consultation();
    const refused = await put(expertUser, booking.id, SUMMARY);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The follow-up summary can be written once the consultation has started.');
    const view = (await get(expertUser, summaryUrl(booking.id))).json() as BookingFollowUp;
    expect(view.canWrite).toBe(false);
    expect(view.writableUntil).toBe(new Date(new Date(booking.endsAt).getTime() + SUMMARY_AMEND_DAYS * DAY).toISOString());
  });

  it('takes the service report of an onsite visit from its start, and e-mails it as a report', async () => {
    const booking = await consultation(owner, { onsite: true });
    const early = await put(expertUser, booking.id, SUMMARY);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('The service report can be written once the visit has started.');
    expect((await put(owner, booking.id, SUMMARY)).json().message).toBe(onlyTheExpert('onsite'));

    startedFor(booking, 90);
    const completing = await put(expertUser, booking.id, { ...SUMMARY, markCompleted: true });
    expect(completing.json().errors).toEqual({ markCompleted: 'An onsite visit is completed with its invoice: the hours worked, parts and travel.' });
    const written = await put(expertUser, booking.id, SUMMARY);
    expect(written.statusCode).toBe(200);
    expect((await t.app.inject(asUser(expertUser, { method: 'POST', url: `/api/bookings/${booking.id}/complete`, payload: { hoursWorked: '3' } }))).statusCode).toBe(200);
    expect(written.json()).toMatchObject({ summary: { findings: SUMMARY.findings, expertName: 'Erin Engines' }, canWrite: true });
    expect((await get(owner, summaryUrl(booking.id))).json()).toMatchObject({ summary: { findings: SUMMARY.findings }, canWrite: false, writableUntil: null });
    expect((await get(owner, `/api/bookings/${booking.id}`)).json().status).toBe('completed');

    const [mail, ...more] = await emailsWithSubject(`Service report: #${booking.number} with Erin Engines`);
    expect(more).toEqual([]);
    expect(mail!.text).toContain('Erin Engines has written the service report of your onsite service visit.');
    expect(mail!.text).toContain(`Booking #${booking.number}: onsite service visit with Erin Engines (engines)`);
    expect(mail!.text).toContain(`What the technician found and did\n${SUMMARY.findings}`);
    expect(mail!.text).not.toContain('Calls are not recorded');

    const amended = await put(expertUser, booking.id, { ...SUMMARY, nextSteps: 'Check the impeller again after 50 engine hours.' });
    expect(amended.statusCode).toBe(200);
    const [update] = await emailsWithSubject(`Updated service report: #${booking.number} with Erin Engines`);
    expect(update!.text).toContain('Erin Engines has updated the service report of your onsite service visit. This is the whole report as it stands now.');
    const activity = (await get(owner, '/api/dashboard/recent-activity')).json() as { href?: string; description: string }[];
    expect(activity.find((entry) => entry.href === `/bookings/${booking.id}`)?.description).toMatch(/ · Service report available$/);
  });

  it('answers 409 for a cancelled consultation and for one marked as missed', async () => {
    const cancelled = await consultation();
    expect((await post(owner, `/api/bookings/${cancelled.id}/cancel`, { reason: 'Fixed it myself' })).statusCode).toBe(200);
    startedFor(cancelled, 5);
    const refused = await put(expertUser, cancelled.id, SUMMARY);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This booking is cancelled; a follow-up summary is written only for a consultation that took place.');

    const missed = await consultation();
    startedFor(missed, 10);
    expect((await post(expertUser, `/api/bookings/${missed.id}/no-show`)).json().status).toBe('no_show');
    expect((await put(expertUser, missed.id, SUMMARY)).statusCode).toBe(409);
  });

  it(`lets the expert write it after the sweep completed the booking, until ${SUMMARY_AMEND_DAYS} days after the end`, async () => {
    const booking = await consultation();
    clock.set(new Date(new Date(booking.endsAt).getTime() + DAY + 60_000));
    await t.app.jobs.runNow('bookings-sweep', {});
    expect((await get(owner, `/api/bookings/${booking.id}`)).json().status).toBe('completed');
    const written = await put(expertUser, booking.id, { ...SUMMARY, markCompleted: true });
    expect(written.statusCode).toBe(200);
    expect(written.json().summary.findings).toBe(SUMMARY.findings);
    // Still completed once, by the sweep: asking to complete a completed booking changes nothing.
    const history = (await get(owner, `/api/bookings/${booking.id}`)).json().history as { action: string; by: string }[];
    expect(history.filter((entry) => entry.action === 'complete')).toEqual([expect.objectContaining({ by: 'system' })]);

    clock.set(new Date(new Date(booking.endsAt).getTime() + SUMMARY_AMEND_DAYS * DAY + 60_000));
    const late = await put(expertUser, booking.id, { ...SUMMARY, findings: 'Late addition' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain(`until ${SUMMARY_AMEND_DAYS} days after the consultation`);
    expect((await get(expertUser, summaryUrl(booking.id))).json()).toMatchObject({ canWrite: false, summary: { findings: SUMMARY.findings } });
  });
});

describe('PUT /api/bookings/{id}/summary: what', () => {
  it('answers 400 with a message for each field', async () => {
    const booking = await consultation();
    startedFor(booking, 20);
    const response = await put(expertUser, booking.id, {
      findings: '   ',
      parts: [
        { name: '', partNumber: 'X1', quantity: 1 },
        { name: 'Impeller', quantity: 0 },
        { name: 'Zinc', quantity: 2.5 },
        { name: 'Belt\u0007', quantity: 1 },
      ],
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.errors).toMatchObject({
      findings: FINDINGS_REQUIRED,
      nextSteps: NEXT_STEPS_REQUIRED,
      'parts.0.name': PART_NAME_REQUIRED,
      'parts.1.quantity': QUANTITY_RANGE,
      'parts.2.quantity': QUANTITY_RANGE,
      'parts.3.name': 'Remove the control characters from this text',
    });
    expect(body.message).toBe(FINDINGS_REQUIRED);

    const tooLong = await put(expertUser, booking.id, { ...SUMMARY, findings: 'x'.repeat(5001), nextSteps: 'Call me\u001b[31m' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual({ findings: 'Must be at most 5000 characters', nextSteps: 'Remove the control characters from this text' });
    const tooMany = await put(expertUser, booking.id, { ...SUMMARY, parts: Array.from({ length: 31 }, (_, i) => ({ name: `Part ${i}` })) });
    expect(tooMany.json().errors).toEqual({ parts: 'At most 30 parts' });
    // Nothing was stored or sent by the refused attempts.
    expect((await get(owner, summaryUrl(booking.id))).json().summary).toBeNull();
  });

  it('saves the summary, shows it to the owner, and e-mails it once', async () => {
    const booking = await consultation();
    startedFor(booking, 25);
    const before = clock.now().getTime();
    const written = await put(expertUser, booking.id, SUMMARY);
    expect(written.statusCode).toBe(200);
    const expected = {
      findings: SUMMARY.findings,
      nextSteps: SUMMARY.nextSteps,
      parts: [
        { name: 'Raw-water pump impeller', partNumber: '47-43026', quantity: 1 },
        { name: 'Heat exchanger end cap gasket', partNumber: null, quantity: 2 },
        { name: 'Marine grease', partNumber: null, quantity: null },
      ],
      expertName: 'Erin Engines',
      amendedAt: null,
    };
    expect(written.json()).toMatchObject({ summary: expected, canWrite: true });
    // Sent at the booking rules' clock (the consultation's time), not the machine's.
    expect(Date.parse(written.json().summary.sentAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(written.json().summary.sentAt)).toBeLessThanOrEqual(clock.now().getTime());

    const seen = (await get(owner, summaryUrl(booking.id))).json() as BookingFollowUp;
    expect(seen).toMatchObject({ summary: expected, canWrite: false, writableUntil: null });
    // Saving without marking it completed leaves the booking confirmed.
    expect((await get(owner, `/api/bookings/${booking.id}`)).json().status).toBe('confirmed');

    const subject = `Follow-up summary: #${booking.number} with Erin Engines`;
    const [mail, ...more] = await emailsWithSubject(subject);
    expect(more).toEqual([]);
    expect(mail!.to).toBe(owner.email);
    expect(mail!.text).toContain('Hello Olive Owner,');
    expect(mail!.text).toContain('Calls are not recorded; this summary is your written record of the consultation.');
    expect(mail!.text).toContain(`What the expert found\n${SUMMARY.findings}`);
    expect(mail!.text).toContain(`Recommended next steps\n${SUMMARY.nextSteps}`);
    expect(mail!.text).toContain('- 1 x Raw-water pump impeller (part no. 47-43026)\n- 2 x Heat exchanger end cap gasket\n- Marine grease');
    expect(mail!.text).toContain(`http://localhost:3000/bookings/${booking.id}`);

    // The same text again is no new version: nothing stored, nothing sent.
    expect((await put(expertUser, booking.id, SUMMARY)).statusCode).toBe(200);
    expect(await emailsWithSubject(subject)).toHaveLength(1);
    expect((await get(owner, summaryUrl(booking.id))).json().summary.amendedAt).toBeNull();
  });

  it('saves an amendment and marks the consultation completed in one step, with audit entries and an updated e-mail', async () => {
    const booking = await consultation();
    startedFor(booking, 15);
    expect((await put(expertUser, booking.id, SUMMARY)).statusCode).toBe(200);
    startedFor(booking, 40);
    const amendedFrom = clock.now().getTime();
    const amended = await put(expertUser, booking.id, { ...SUMMARY, parts: [], nextSteps: 'Replace the impeller.', markCompleted: true });
    expect(amended.statusCode).toBe(200);
    expect(amended.json().summary).toMatchObject({ parts: [], nextSteps: 'Replace the impeller.', findings: SUMMARY.findings });
    expect(Date.parse(amended.json().summary.amendedAt)).toBeGreaterThanOrEqual(amendedFrom);

    const detail = (await get(owner, `/api/bookings/${booking.id}`)).json() as BookingDetail;
    expect(detail.status).toBe('completed');
    expect(detail.history.at(-1)).toMatchObject({ action: 'complete', status: 'completed', by: 'expert' });

    const entries = await t.database.db
      .select({ action: auditLog.action, entityType: auditLog.entityType, actorUserId: auditLog.actorUserId, actorRole: auditLog.actorRole })
      .from(auditLog)
      .where(eq(auditLog.entityId, booking.id))
      .orderBy(asc(auditLog.id));
    expect(entries.map((entry) => [entry.entityType, entry.action])).toEqual([
      ['booking', 'booking.create'],
      ['booking_summary', 'booking_summary.send'],
      ['booking_summary', 'booking_summary.amend'],
      ['booking', 'booking.complete'],
    ]);
    expect(entries.slice(1).every((entry) => entry.actorUserId === expertUser.id && entry.actorRole === 'expert')).toBe(true);

    const [updated, ...more] = await emailsWithSubject(`Updated follow-up summary: #${booking.number} with Erin Engines`);
    expect(more).toEqual([]);
    expect(updated!.text).toContain('Erin Engines has updated the follow-up summary of your video consultation.');
    expect(updated!.text).toContain('Parts\nNo parts needed.');
    expect(await emailsWithSubject(`Follow-up summary: #${booking.number} with Erin Engines`)).toHaveLength(1);

    // The owner's dashboard says the consultation has its summary.
    const activity = (await get(owner, '/api/dashboard/recent-activity')).json() as { href?: string; description: string }[];
    const item = activity.find((entry) => entry.href === `/bookings/${booking.id}`);
    expect(item?.description).toMatch(/ · Summary available$/);
    const other = activity.find((entry) => entry.href && entry.href !== `/bookings/${booking.id}` && !entry.description.includes('Summary'));
    expect(other).toBeDefined();
  });
});
