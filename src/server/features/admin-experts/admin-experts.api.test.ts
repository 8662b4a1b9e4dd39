import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { asUser, createTestApp, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { insertExpert } from '../../test/expert-factory.js';
import { insertApplication } from '../../test/application-factory.js';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.js';
import { daysAhead, postBooking, videoBooking } from '../../test/booking-helpers.js';
import { auditLog, bookings, expertApplications, expertWorkingHours, experts, users } from '../../db/schema.js';
import type { AdminExpert, AdminExpertDetail } from '../../../common/admin-experts.js';
import { SUSPENSION_CANCEL_REASON } from './suspend-expert.js';

let t: TestApp;
let inbox: SmtpInbox;
let admin: TestUser;
let plainUser: TestUser;
let owner: TestUser;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ SMTP_URL: inbox.url, MAIL_FROM: 'K&B Marine <experts@kbmarine.test>' });
  admin = await signUp(t.app, { firstName: 'Ada', lastName: 'Admin' });
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
  plainUser = await signUp(t.app);
  owner = await signUp(t.app, { firstName: 'Olive', lastName: 'Owner' });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

const db = () => t.database.db;
const get = (user: TestUser | null, url: string) => t.app.inject(asUser(user, { method: 'GET', url }));
const put = (user: TestUser | null, url: string, payload?: unknown) =>
  t.app.inject(asUser(user, { method: 'PUT', url, ...(payload === undefined ? {} : { payload: payload as object }) }));

/** A signed-up person who has applied, as `POST /api/expert/apply` leaves them. */
async function newApplicant(firstName = 'Casey') {
  const user = await signUp(t.app, { firstName, lastName: 'Applicant' });
  const { expert, application } = await insertApplication(db(), user.id, { firstName, lastName: 'Applicant', email: user.email });
  return { user, expert, application };
}

async function userRow(id: string) {
  const [row] = await db().select().from(users).where(eq(users.id, id));
  return row!;
}

async function listedNames(query: string) {
  const response = await get(null, `/api/experts?q=${encodeURIComponent(query)}`);
  return (response.json() as { name: string }[]).map((expert) => expert.name);
}

describe('who may call /api/admin/experts', () => {
  const routes: [string, string, object?][] = [
    ['GET', '/api/admin/experts'],
    ['GET', '/api/admin/experts/1'],
    ['PUT', '/api/admin/experts/1/approve'],
    ['PUT', '/api/admin/experts/1/suspend', { reason: 'x' }],
    ['PUT', '/api/admin/experts/1/reinstate'],
    ['PUT', '/api/admin/experts/1/reject', { reason: 'x' }],
  ];

  it.each(routes)('%s %s answers 401 signed out and 403 to a non-admin', async (method, url, payload) => {
    const call = (user: TestUser | null) => t.app.inject(asUser(user, { method: method as 'GET' | 'PUT', url, ...(payload ? { payload } : {}) }));
    expect((await call(null)).statusCode).toBe(401);
    const forbidden = await call(plainUser);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('You do not have permission to do this.');
  });
});

describe('GET /api/admin/experts', () => {
  it('lists every expert with the screen’s fields, pending applications first', async () => {
    const listed = await insertExpert(db(), { name: 'Lena Listed', certifications: 'ABYC Electrical', videoRateCents: 8000, onsiteRateCents: 13500 });
    const { expert: pending, application } = await newApplicant('Pia');
    const response = await get(admin, '/api/admin/experts');
    expect(response.statusCode).toBe(200);
    const all = response.json() as AdminExpert[];
    expect(all[0]!.id).toBe(pending.id);
    expect(all[0]).toMatchObject({ status: 'pending', applicationId: application.id, videoRate: '0.00', onsiteRate: '125.00' });
    expect(all.find((e) => e.id === listed.id)).toEqual({
      id: listed.id,
      name: 'Lena Listed',
      specialty: 'engines',
      city: 'Annapolis',
      state: 'MD',
      zipCode: '21401',
      experience: 10,
      status: 'approved',
      videoRate: '80.00',
      onsiteRate: '135.00',
      profileImage: null,
      certifications: 'ABYC Electrical',
      statusReason: null,
      createdAt: listed.createdAt.toISOString(),
      applicationId: null,
    });
  });
});

describe('GET /api/admin/experts/{id}', () => {
  it('shows the application in full: references, insurance, business details and consents', async () => {
    const { expert, application } = await newApplicant('Rory');
    const response = await get(admin, `/api/admin/experts/${expert.id}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json() as AdminExpertDetail;
    expect(detail.expert).toMatchObject({ id: expert.id, status: 'pending', applicationId: application.id });
    expect(detail.application).toMatchObject({ id: application.id, status: 'pending', decidedBy: null, decidedAt: null, decisionReason: null });
    expect(detail.application!.payload.references).toHaveLength(2);
    expect(detail.application!.payload.references[0]).toEqual({ name: 'Jordan Reyes', company: 'Harbor Marina', phone: '(410) 555-0190', relationship: 'Service manager' });
    expect(detail.application!.payload.businessInfo.insuranceProvider).toBe('Chesapeake Marine Insurance, policy CMI-44821');
    expect(detail.application!.payload).toMatchObject({ backgroundCheck: true, termsAccepted: true, specialty: 'Engine Repair', firstName: 'Rory' });
    expect(detail.history).toEqual([]);
    expect(detail.earlierApplications).toEqual([]);
  });

  it('answers 404 for an unknown or non-numeric id', async () => {
    for (const id of ['999999', 'abc', '1.5', '-1', '99999999999']) {
      const response = await get(admin, `/api/admin/experts/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().message).toBe('Expert not found');
    }
  });
});

describe('PUT /api/admin/experts/{id}/approve', () => {
  it('approves in one go: listed, application decided, account an active expert with a working week, audit and e-mail', async () => {
    const { user, expert, application } = await newApplicant('Quinn');
    expect((await userRow(user.id)).status).toBe('pending');
    expect(await listedNames('Quinn')).toEqual([]);

    const response = await put(admin, `/api/admin/experts/${expert.id}/approve`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: expert.id, status: 'approved', applicationId: application.id });

    expect(await userRow(user.id)).toMatchObject({ role: 'expert', status: 'active' });
    const [decided] = await db().select().from(expertApplications).where(eq(expertApplications.id, application.id));
    expect(decided).toMatchObject({ status: 'approved', decidedBy: admin.id });
    expect(decided!.decidedAt).toBeInstanceOf(Date);
    const hours = await db().select().from(expertWorkingHours).where(eq(expertWorkingHours.expertId, expert.id));
    expect(hours).toHaveLength(14);
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.entityType, 'expert'), eq(auditLog.entityId, String(expert.id))));
    expect(entry).toMatchObject({ action: 'expert.approve', actorUserId: admin.id, actorRole: 'admin' });
    expect(entry!.after).toMatchObject({ status: 'approved', applicationId: application.id });
    expect(await listedNames('Quinn')).toEqual(['Quinn Applicant']);

    // The applicant's own session sees the new role on its very next request: nothing caches it.
    const me = await get(user, '/api/auth/user');
    expect(me.json()).toMatchObject({ role: 'expert', status: 'active' });

    const mail = await inbox.waitFor((m) => m.to !== undefined && JSON.stringify(m.to).includes(user.email) && /approved/.test(m.subject ?? ''));
    expect(mail.text).toContain('Hello Quinn,');
    expect(mail.text).toContain('http://localhost:3000/workspace');
    expect(mail.html).toContain('<a href="http://localhost:3000/workspace">');

    const detail = (await get(admin, `/api/admin/experts/${expert.id}`)).json() as AdminExpertDetail;
    expect(detail.application).toMatchObject({ status: 'approved', decidedBy: { id: admin.id, name: 'Ada Admin' } });
    expect(detail.history).toMatchObject([{ action: 'expert.approve', by: { id: admin.id, name: 'Ada Admin' }, reason: null }]);
  });

  it('changes nothing when any part of the approval fails', async () => {
    const { user, expert, application } = await newApplicant('Fern');
    // The audit entry is the last write: failing it must undo every earlier one.
    await db().execute(sql.raw(`
      create function refuse_expert_audit() returns trigger language plpgsql as $$
      begin
        if new.entity_type = 'expert' and new.entity_id = '${expert.id}' then
          raise exception 'audit refused for the test' using errcode = '40001';
        end if;
        return new;
      end $$
    `));
    await db().execute(sql.raw('create trigger refuse_expert_audit before insert on audit_log for each row execute function refuse_expert_audit()'));
    try {
      const response = await put(admin, `/api/admin/experts/${expert.id}/approve`);
      expect(response.statusCode).toBe(409);
    } finally {
      await db().execute(sql.raw('drop trigger refuse_expert_audit on audit_log'));
      await db().execute(sql.raw('drop function refuse_expert_audit()'));
    }
    const [row] = await db().select().from(experts).where(eq(experts.id, expert.id));
    expect(row!.status).toBe('pending');
    expect(await userRow(user.id)).toMatchObject({ role: 'user', status: 'pending' });
    const [stillPending] = await db().select().from(expertApplications).where(eq(expertApplications.id, application.id));
    expect(stillPending).toMatchObject({ status: 'pending', decidedBy: null });
    expect(await db().select().from(expertWorkingHours).where(eq(expertWorkingHours.expertId, expert.id))).toEqual([]);
  });

  it('lets only one of two administrators deciding at once win; the other gets 409', async () => {
    const { expert } = await newApplicant('Dora');
    const answers = await Promise.all([
      put(admin, `/api/admin/experts/${expert.id}/approve`),
      put(admin, `/api/admin/experts/${expert.id}/reject`, { reason: 'Duplicate application' }),
    ]);
    // Approval first: the rejection meets an approved expert (409). Rejection first: the pending profile
    // is gone when the approval gets the row (404). Never both.
    expect([[200, 409], [204, 404]]).toContainEqual(answers.map((a) => a.statusCode).sort());
    const entries = await db().select().from(auditLog).where(and(eq(auditLog.entityType, 'expert'), eq(auditLog.entityId, String(expert.id))));
    expect(entries.length).toBeLessThanOrEqual(1);
  });

  it('answers 409 for an expert who is not pending, and 404 for an unknown one', async () => {
    const approved = await insertExpert(db());
    const conflict = await put(admin, `/api/admin/experts/${approved.id}/approve`);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().message).toBe('This expert is approved; only a pending application can be approved.');
    expect((await put(admin, '/api/admin/experts/999999/approve')).statusCode).toBe(404);
    expect((await put(admin, '/api/admin/experts/nope/approve')).statusCode).toBe(404);
  });
});

describe('PUT /api/admin/experts/{id}/suspend', () => {
  it('asks for a reason: missing, empty, too long or not text is 400 with a clear message', async () => {
    const expert = await insertExpert(db());
    const cases: [unknown, string][] = [
      [{}, 'Please give a reason'],
      [{ reason: '' }, 'Please give a reason'],
      [{ reason: '    ' }, 'Please give a reason'],
      [{ reason: 42 }, 'Please give a reason'],
      [{ reason: null }, 'Please give a reason'],
      [{ reason: 'x'.repeat(501) }, 'The reason must be at most 500 characters'],
    ];
    for (const [payload, message] of cases) {
      const response = await put(admin, `/api/admin/experts/${expert.id}/suspend`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ message, errors: { reason: message } });
    }
    expect((await put(admin, `/api/admin/experts/${expert.id}/suspend`, ['reason'])).statusCode).toBe(400);
    const [row] = await db().select().from(experts).where(eq(experts.id, expert.id));
    expect(row!.status).toBe('approved');
  });

  it('hides the expert from the listing, the profile and booking, and cancels their upcoming bookings with a notice', async () => {
    const expertAccount = await signUp(t.app, { firstName: 'Sam', lastName: 'Suspended' });
    const expert = await insertExpert(db(), { name: 'Sam Suspended', userId: expertAccount.id, instantBooking: false });
    const date = daysAhead(10);
    const requested = (await postBooking(t.app, owner, videoBooking(expert.id, date, '9:00 AM'))).json();
    await db().update(experts).set({ instantBooking: true }).where(eq(experts.id, expert.id));
    const confirmed = (await postBooking(t.app, owner, videoBooking(expert.id, date, '11:00 AM'))).json();
    expect([requested.status, confirmed.status]).toEqual(['requested', 'confirmed']);
    expect(await listedNames('Sam Suspended')).toEqual(['Sam Suspended']);

    const response = await put(admin, `/api/admin/experts/${expert.id}/suspend`, { reason: '  Repeated no-shows reported by owners  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: expert.id, status: 'suspended', statusReason: 'Repeated no-shows reported by owners', cancelledBookings: 2 });

    expect(await listedNames('Sam Suspended')).toEqual([]);
    expect((await get(null, `/api/experts/${expert.id}`)).statusCode).toBe(404);
    expect((await postBooking(t.app, owner, videoBooking(expert.id, daysAhead(11), '9:00 AM'))).statusCode).toBe(404);

    const rows = await db().select().from(bookings).where(eq(bookings.expertId, expert.id));
    expect(rows.map((b) => [b.status, b.cancelReason])).toEqual([
      ['cancelled', SUSPENSION_CANCEL_REASON],
      ['cancelled', SUSPENSION_CANCEL_REASON],
    ]);
    const cancelEntries = await db().select().from(auditLog).where(and(eq(auditLog.entityType, 'booking'), eq(auditLog.action, 'booking.cancel'), eq(auditLog.actorUserId, admin.id)));
    expect(cancelEntries.map((e) => e.entityId).sort()).toEqual([requested.id, confirmed.id].sort());
    const ownerMail = await inbox.waitFor((m) => m.subject === `Booking cancelled: #${confirmed.number} with Sam Suspended`);
    expect(ownerMail.text).toContain(`Reason given: ${SUSPENSION_CANCEL_REASON}`);
    expect(ownerMail.text).not.toContain('no-shows');

    const expertMail = await inbox.waitFor((m) => JSON.stringify(m.to).includes(expertAccount.email) && /suspended/.test(m.subject ?? ''));
    expect(expertMail.text).toContain('Reason given: Repeated no-shows reported by owners');

    const detail = (await get(admin, `/api/admin/experts/${expert.id}`)).json() as AdminExpertDetail;
    expect(detail.history[0]).toMatchObject({ action: 'expert.suspend', by: { name: 'Ada Admin' }, reason: 'Repeated no-shows reported by owners' });
  });

  it('answers 409 for a pending or already suspended expert', async () => {
    const { expert } = await newApplicant('Penny');
    const pending = await put(admin, `/api/admin/experts/${expert.id}/suspend`, { reason: 'Test' });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe('This expert is pending; only an approved expert can be suspended.');
    const suspended = await insertExpert(db(), { status: 'suspended', statusReason: 'Earlier' });
    expect((await put(admin, `/api/admin/experts/${suspended.id}/suspend`, { reason: 'Again' })).statusCode).toBe(409);
    expect((await put(admin, '/api/admin/experts/424242/suspend', { reason: 'Gone' })).statusCode).toBe(404);
  });
});

describe('PUT /api/admin/experts/{id}/reinstate', () => {
  it('lists a suspended expert again, with or without a reason, and tells them', async () => {
    const account = await signUp(t.app, { firstName: 'Rhea' });
    const expert = await insertExpert(db(), { name: 'Rhea Returns', userId: account.id });
    expect((await put(admin, `/api/admin/experts/${expert.id}/suspend`, { reason: 'Insurance lapsed' })).statusCode).toBe(200);
    expect(await listedNames('Rhea Returns')).toEqual([]);

    const response = await put(admin, `/api/admin/experts/${expert.id}/reinstate`, { reason: 'New policy on file' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'approved', statusReason: null });
    expect(await listedNames('Rhea Returns')).toEqual(['Rhea Returns']);
    expect((await get(null, `/api/experts/${expert.id}`)).statusCode).toBe(200);
    const mail = await inbox.waitFor((m) => JSON.stringify(m.to).includes(account.email) && /active again/.test(m.subject ?? ''));
    expect(mail.text).toContain('Note from the administrator: New policy on file');

    const detail = (await get(admin, `/api/admin/experts/${expert.id}`)).json() as AdminExpertDetail;
    expect(detail.history.map((h) => [h.action, h.reason])).toEqual([
      ['expert.reinstate', 'New policy on file'],
      ['expert.suspend', 'Insurance lapsed'],
    ]);

    // Without any body at all, too.
    await put(admin, `/api/admin/experts/${expert.id}/suspend`, { reason: 'Again' });
    expect((await put(admin, `/api/admin/experts/${expert.id}/reinstate`)).statusCode).toBe(200);
  });

  it('answers 409 for an expert who is not suspended and 400 for a reason that is not text', async () => {
    const expert = await insertExpert(db());
    const conflict = await put(admin, `/api/admin/experts/${expert.id}/reinstate`);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().message).toBe('This expert is approved; only a suspended expert can be reinstated.');
    const wrongType = await put(admin, `/api/admin/experts/${expert.id}/reinstate`, { reason: 12 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors).toEqual({ reason: 'The reason must be text' });
  });
});

describe('PUT /api/admin/experts/{id}/reject', () => {
  it('rejects with a reason kept and e-mailed, removes the pending profile, and lets the person apply again', async () => {
    const { user, expert, application } = await newApplicant('Remy');
    const missing = await put(admin, `/api/admin/experts/${expert.id}/reject`, { reason: ' ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ reason: 'Please give a reason' });

    const response = await put(admin, `/api/admin/experts/${expert.id}/reject`, { reason: 'Proof of insurance is missing' });
    expect(response.statusCode).toBe(204);
    expect(await db().select().from(experts).where(eq(experts.id, expert.id))).toEqual([]);
    expect((await get(admin, `/api/admin/experts/${expert.id}`)).statusCode).toBe(404);
    const [decided] = await db().select().from(expertApplications).where(eq(expertApplications.id, application.id));
    expect(decided).toMatchObject({ status: 'rejected', decidedBy: admin.id, decisionReason: 'Proof of insurance is missing' });
    expect(await userRow(user.id)).toMatchObject({ role: 'user', status: 'active' });
    const mail = await inbox.waitFor((m) => JSON.stringify(m.to).includes(user.email) && /application/.test(m.subject ?? ''));
    expect(mail.text).toContain('Reason given: Proof of insurance is missing');
    expect(mail.html).toContain('Proof of insurance is missing');

    // Applying again is possible: a second pending application of the same account.
    const again = await insertApplication(db(), user.id, { firstName: 'Remy', lastName: 'Applicant' });
    const detail = (await get(admin, `/api/admin/experts/${again.expert.id}`)).json() as AdminExpertDetail;
    expect(detail.application).toMatchObject({ id: again.application.id, status: 'pending' });
    expect(detail.earlierApplications).toMatchObject([{ id: application.id, status: 'rejected', decisionReason: 'Proof of insurance is missing', decidedBy: { name: 'Ada Admin' } }]);
    expect(detail.history).toMatchObject([{ action: 'expert.reject', reason: 'Proof of insurance is missing', by: { id: admin.id } }]);
  });

  it('escapes what the administrator wrote in the HTML e-mail', async () => {
    const { user, expert } = await newApplicant('Hugo');
    await put(admin, `/api/admin/experts/${expert.id}/reject`, { reason: '<b>No</b> & "never"' });
    const mail = await inbox.waitFor((m) => JSON.stringify(m.to).includes(user.email) && !/ is your .* code$/.test(m.subject ?? ''));
    expect(mail.html).toContain('&lt;b&gt;No&lt;/b&gt; &amp; &quot;never&quot;');
    expect(mail.text).toContain('<b>No</b> & "never"');
  });

  it('answers 409 for an approved expert', async () => {
    const expert = await insertExpert(db());
    const response = await put(admin, `/api/admin/experts/${expert.id}/reject`, { reason: 'Test' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This expert is approved; only a pending application can be rejected.');
  });
});
