import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ORIGIN, asUser, createTestApp, nextClientAddress, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { insertExpert } from '../../test/expert-factory.js';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.js';
import { auditLog, expertApplications, expertWorkingHours, experts, users } from '../../db/schema.js';
import { ALREADY_EXPERT, ALREADY_PENDING, NO_APPLICATION } from './application-messages.js';

let t: TestApp;
let inbox: SmtpInbox;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ SMTP_URL: inbox.url, MAIL_FROM: 'K&B Marine <experts@kbmarine.test>' });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

function application(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Rosa',
    lastName: 'Marin',
    email: 'rosa@example.com',
    phone: '410-555-0123',
    city: 'Annapolis',
    state: 'MD',
    zipCode: '21401',
    specialty: 'Engine Repair',
    experience: 12,
    certifications: 'ABYC Master Technician, Yamaha certified',
    bio: 'Twelve years repairing outboards and diesels at Chesapeake marinas, from tune-ups to rebuilds.',
    serviceTypes: ['video', 'onsite'],
    onsiteRate: '125',
    serviceRadius: 25,
    businessInfo: { businessName: 'Marin Marine', businessAddress: '', insuranceProvider: 'BoatUS Marine Insurance, policy 123', licenseNumber: '' },
    references: [
      { name: 'Sam Lee', company: 'Bay Marina', phone: '410-555-0100', relationship: 'Service manager' },
      { name: 'Ann Cole', company: 'Cole Yachts', phone: '410-555-0101', relationship: 'Client' },
    ],
    backgroundCheck: true,
    termsAccepted: true,
    ...overrides,
  };
}

const apply = (user: TestUser | null, payload: unknown) =>
  t.app.inject(asUser(user, { method: 'POST', url: '/api/expert/apply', ...(payload === undefined ? {} : { payload: payload as object }) }));
const status = (user: TestUser | null) => t.app.inject(asUser(user, { method: 'GET', url: '/api/expert/application' }));

const reference = { name: 'Sam Lee', company: 'Bay Marina', phone: '410-555-0100', relationship: 'Service manager' };

describe('POST /api/expert/apply validation', () => {
  let applicant: TestUser;
  beforeAll(async () => {
    applicant = await signUp(t.app);
  });

  // Every message of docs/PRODUCT.md#expert-application, with the field it is reported on.
  it.each<[string, Record<string, unknown>, string, string]>([
    ['no first name', { firstName: '  ' }, 'firstName', 'First name is required'],
    ['no last name', { lastName: '' }, 'lastName', 'Last name is required'],
    ['a bad email', { email: 'rosa@' }, 'email', 'Valid email is required'],
    ['a short phone', { phone: '555-0123' }, 'phone', 'Valid phone number is required'],
    ['no city', { city: '' }, 'city', 'City is required'],
    ['no state', { state: ' ' }, 'state', 'State is required'],
    ['a short ZIP', { zipCode: '2140' }, 'zipCode', 'Valid ZIP code is required'],
    ['no specialty', { specialty: '' }, 'specialty', 'Please select a specialty'],
    ['an unknown specialty', { specialty: 'Astrology' }, 'specialty', 'Please select a specialty'],
    ['zero years', { experience: 0 }, 'experience', 'Years of experience is required'],
    ['non-numeric years', { experience: 'abc' }, 'experience', 'Years of experience is required'],
    ['short certifications', { certifications: 'ABYC' }, 'certifications', 'Please describe your certifications'],
    ['a short bio', { bio: 'I fix boats.' }, 'bio', 'Please provide a detailed bio (minimum 50 characters)'],
    ['no service type', { serviceTypes: [] }, 'serviceTypes', 'Select at least one service type'],
    ['no onsite rate', { onsiteRate: '' }, 'onsiteRate', 'Onsite service rate is required'],
    ['a non-money rate', { onsiteRate: 'a lot' }, 'onsiteRate', 'Enter the onsite rate as an amount in dollars, such as 125 or $125.00'],
    ['a small radius', { serviceRadius: 4 }, 'serviceRadius', 'Service radius must be at least 5 miles'],
    ['no insurance', { businessInfo: { insuranceProvider: '' } }, 'businessInfo.insuranceProvider', 'Insurance information is required'],
    ['one reference', { references: [reference] }, 'references', 'Please provide at least 2 references'],
    ['a nameless reference', { references: [reference, { ...reference, name: '' }] }, 'references.1.name', 'Reference name is required'],
    ['a reference without company', { references: [{ ...reference, company: '' }, reference] }, 'references.0.company', 'Company is required'],
    ['a reference with a short phone', { references: [reference, { ...reference, phone: '12345' }] }, 'references.1.phone', 'Valid phone number is required'],
    ['a reference without relationship', { references: [reference, { ...reference, relationship: ' ' }] }, 'references.1.relationship', 'Relationship is required'],
    ['no background check consent', { backgroundCheck: false }, 'backgroundCheck', 'Background check consent is required'],
    ['terms not accepted', { termsAccepted: false }, 'termsAccepted', 'You must accept the terms and conditions'],
    ['a too long bio', { bio: 'x'.repeat(2001) }, 'bio', 'Bio must be at most 2000 characters'],
    ['six references', { references: Array(6).fill(reference) }, 'references', 'Please provide at most 5 references'],
  ])('answers 400 for %s', async (_case, overrides, field, message) => {
    const response = await apply(applicant, application(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, errors: { [field]: message } });
  });

  it('reports every missing field of an empty form at once', async () => {
    const response = await apply(applicant, {});
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({
      firstName: 'First name is required',
      email: 'Valid email is required',
      specialty: 'Please select a specialty',
      experience: 'Years of experience is required',
      references: 'Please provide at least 2 references',
      'businessInfo.insuranceProvider': 'Insurance information is required',
      backgroundCheck: 'Background check consent is required',
      termsAccepted: 'You must accept the terms and conditions',
    });
  });

  it.each<[string, unknown, number]>([
    ['numbers as strings where text belongs', application({ firstName: 42, phone: 4105550123 }), 400],
    ['an object where references belong', application({ references: { 0: reference, 1: reference } }), 400],
    ['an array where business details belong', application({ businessInfo: [] }), 400],
    ['a string where consent belongs', application({ backgroundCheck: 'true' }), 400],
    ['an array where years belong', application({ experience: [12] }), 400],
    ['an object where the radius belongs', application({ serviceRadius: { miles: 25 } }), 400],
    ['an unknown service type', application({ serviceTypes: ['phone'] }), 400],
    ['a JSON array body', [application()], 400],
    ['a JSON null body', null, 400],
    ['no body at all', undefined, 400],
  ])('answers 400, never 500, for %s', async (_case, payload, code) => {
    const response = await apply(applicant, payload);
    expect(response.statusCode).toBe(code);
    expect(typeof response.json().message).toBe('string');
  });

  it('stored nothing for any refused application', async () => {
    const rows = await t.database.db.select().from(expertApplications).where(eq(expertApplications.userId, applicant.id));
    expect(rows).toEqual([]);
  });
});

describe('POST /api/expert/apply', () => {
  it('answers 401 to a signed-out visitor, even with an empty body', async () => {
    expect((await apply(null, application())).statusCode).toBe(401);
    expect((await apply(null, {})).statusCode).toBe(401);
    expect((await status(null)).statusCode).toBe(401);
  });

  it('files the application, a pending expert hidden from listings, the account as pending, an audit entry and a receipt', async () => {
    const applicant = await signUp(t.app, { email: 'rosa.marin@example.com', firstName: 'Rosa' });
    const response = await apply(
      applicant,
      application({ experience: '12 years', serviceRadius: 'far', onsiteRate: '$135.50', zipCode: '98101', status: 'approved', rating: '5.00', reviewCount: 999 }),
    );
    expect(response.statusCode).toBe(201);
    const summary = response.json();
    expect(summary).toEqual({ id: expect.any(Number), status: 'pending', createdAt: expect.any(String) });

    const db = t.database.db;
    const [row] = await db.select().from(expertApplications).where(eq(expertApplications.id, summary.id));
    expect(row).toMatchObject({ userId: applicant.id, status: 'pending' });
    const payload = row!.payload as Record<string, unknown>;
    expect(payload).toMatchObject({ experience: 12, serviceRadius: 25, onsiteRate: '$135.50', onsiteRateCents: 13550 });
    expect(payload).not.toHaveProperty('status');
    expect(payload).not.toHaveProperty('rating');
    expect(payload).not.toHaveProperty('reviewCount');

    const [expert] = await db.select().from(experts).where(eq(experts.id, row!.expertId!));
    expect(expert).toMatchObject({
      userId: applicant.id,
      name: 'Rosa Marin',
      specialty: 'engines',
      city: 'Annapolis',
      zipCode: '98101',
      experience: 12,
      serviceRadius: 25,
      onsiteRateCents: 13550,
      videoRateCents: 0,
      serviceTypes: ['onsite'],
      timeZone: 'America/Los_Angeles',
      status: 'pending',
      rating: '0.00',
      reviewCount: 0,
    });
    const hours = await db.select().from(expertWorkingHours).where(eq(expertWorkingHours.expertId, expert!.id));
    expect(hours.length).toBeGreaterThan(0);

    const listed = await t.app.inject({ method: 'GET', url: '/api/experts?limit=100' });
    expect(listed.json().map((e: { id: number }) => e.id)).not.toContain(expert!.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/experts/${expert!.id}` })).statusCode).toBe(404);

    const [account] = await db.select().from(users).where(eq(users.id, applicant.id));
    expect(account).toMatchObject({ status: 'pending', role: 'user' });

    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'expert_application'), eq(auditLog.entityId, String(summary.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: applicant.id, action: 'application.submitted', after: { status: 'pending', expertId: expert!.id } });

    const mail = await inbox.waitFor((m) => JSON.stringify(m.to ?? null).includes('rosa.marin@example.com') && m.subject?.startsWith('We received') === true);
    expect(mail.subject).toBe('We received your K&B Marine expert application');
    expect(mail.text).toContain('within 5-7 business days');
    expect(mail.text).toContain('We will e-mail you once your application has been reviewed.');
  });

  it('lets a pending applicant sign in and keep using the product as an owner', async () => {
    const applicant = await signUp(t.app);
    expect((await apply(applicant, application())).statusCode).toBe(201);
    const me = await t.app.inject(asUser(applicant, { method: 'GET', url: '/api/auth/user' }));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ status: 'pending', role: 'user' });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: ORIGIN,
      remoteAddress: nextClientAddress(),
      payload: { email: applicant.email, password: applicant.password },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('shows the latest application and its decision, 404 before any', async () => {
    const applicant = await signUp(t.app);
    const none = await status(applicant);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(NO_APPLICATION);
    const created = (await apply(applicant, application())).json();
    const response = await status(applicant);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...created, decidedAt: null, decisionReason: null });
  });

  it('answers 409 to a second application while the first is pending', async () => {
    const applicant = await signUp(t.app);
    expect((await apply(applicant, application())).statusCode).toBe(201);
    const again = await apply(applicant, application({ specialty: 'Rigging' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALREADY_PENDING);
    const rows = await t.database.db.select().from(expertApplications).where(eq(expertApplications.userId, applicant.id));
    expect(rows).toHaveLength(1);
  });

  it('takes one of two applications sent at the same moment and answers the other 409', async () => {
    const applicant = await signUp(t.app);
    const answers = await Promise.all([apply(applicant, application()), apply(applicant, application({ specialty: 'Detailing' }))]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(ALREADY_PENDING);
    const profiles = await t.database.db.select().from(experts).where(eq(experts.userId, applicant.id));
    expect(profiles).toHaveLength(1);
  });

  it.each(['approved', 'suspended'] as const)('answers 409 to an account whose expert profile is %s', async (expertStatus) => {
    const applicant = await signUp(t.app);
    await insertExpert(t.database.db, { userId: applicant.id, status: expertStatus });
    const response = await apply(applicant, application());
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(ALREADY_EXPERT);
    const [account] = await t.database.db.select().from(users).where(eq(users.id, applicant.id));
    expect(account!.status).toBe('active');
  });

  it('takes a new application after a rejection', async () => {
    const applicant = await signUp(t.app);
    const first = (await apply(applicant, application())).json();
    const db = t.database.db;
    // What an administrator's rejection leaves: the application decided, the pending profile removed.
    const [rejected] = await db
      .update(expertApplications)
      .set({ status: 'rejected', decidedAt: new Date(), decisionReason: 'Insurance certificate missing' })
      .where(eq(expertApplications.id, first.id))
      .returning();
    await db.delete(experts).where(eq(experts.id, rejected!.expertId!));
    const decided = (await status(applicant)).json();
    expect(decided).toMatchObject({ status: 'rejected', decisionReason: 'Insurance certificate missing', decidedAt: expect.any(String) });

    const second = await apply(applicant, application({ specialty: 'General Maintenance' }));
    expect(second.statusCode).toBe(201);
    expect(second.json().id).not.toBe(first.id);
    expect((await status(applicant)).json()).toMatchObject({ id: second.json().id, status: 'pending', decisionReason: null });
    const [expert] = await db.select().from(experts).where(eq(experts.userId, applicant.id));
    expect(expert).toMatchObject({ specialty: 'maintenance', status: 'pending' });
  });
});
