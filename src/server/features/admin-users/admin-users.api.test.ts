import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { asUser, createTestApp, nextClientAddress, ORIGIN, signUp, type TestApp, type TestUser } from '../../test/test-app.js';
import { insertExpert } from '../../test/expert-factory.js';
import { daysAhead, postBooking, videoBooking } from '../../test/booking-helpers.js';
import { accounts, auditLog, bookings, experts, sessions, users } from '../../db/schema.js';
import { adminUserUpdateSchema, type AdminUser } from '../../../common/admin-users.js';
import type { Role, UserStatus } from '../../../common/roles.js';
import { EMAIL_TAKEN_MESSAGE } from '../profile/index.js';
import { LAST_ADMIN, OWN_ADMIN_ROLE, OWN_DEACTIVATION, OWN_DELETION, USER_NOT_FOUND } from './account-safety.js';
import { APPROVED_EXPERT_ROLE, EXPERT_NEEDS_PROFILE, updateUser } from './update-user.js';
import { ACCOUNT_DELETED_REASON, DELETED_USER_NAME, OWNER_DELETED_REASON, deletedEmail, deleteUser } from './delete-user.js';
import type { ServiceContext } from '../../core/service-context.js';
import { SUSPENSION_CANCEL_REASON } from '../admin-experts/index.js';
import { bookingBoats } from '../boats/index.js';
import { createInvoiceIssuer } from '../payments/index.js';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t.app, { email: 'harbor-master@example.com', firstName: 'Hana', lastName: 'Harbor' });
  await setRole(admin, 'admin');
});
afterAll(() => t.close());

async function setRole(user: TestUser, role: Role, status: UserStatus = 'active') {
  await t.database.db.update(users).set({ role, status }).where(eq(users.id, user.id));
}

async function newAdmin(): Promise<TestUser> {
  const user = await signUp(t.app);
  await setRole(user, 'admin');
  return user;
}

/** An account that owns an approved expert profile, as approval leaves it. */
async function newApprovedExpert(overrides: Parameters<typeof insertExpert>[1] = {}) {
  const user = await signUp(t.app);
  await setRole(user, 'expert');
  const expert = await insertExpert(t.database.db, { userId: user.id, ...overrides });
  // Written past the app: the listing's directory hears of it by notification, so tell it, as features do.
  t.app.expertListings.clear();
  return { user, expert };
}

const list = (user: TestUser | null, query = '') => t.app.inject(asUser(user, { method: 'GET', url: `/api/admin/users${query}` }));
const patch = (user: TestUser | null, userId: string, payload: unknown) =>
  t.app.inject(asUser(user, { method: 'PATCH', url: `/api/admin/users/${userId}`, payload: payload as object }));
const remove = (user: TestUser | null, userId: string) =>
  t.app.inject(asUser(user, { method: 'DELETE', url: `/api/admin/users/${userId}` }));
const whoAmI = (user: TestUser) => t.app.inject(asUser(user, { method: 'GET', url: '/api/auth/user' }));

/** The edit body for a user as they are, with `change` applied. */
function edit(user: { email: string }, change: Record<string, unknown> = {}) {
  return { firstName: 'Test', lastName: 'Owner', email: user.email, phone: '', role: 'user', status: 'active', ...change };
}

async function listed(query: string): Promise<{ users: AdminUser[]; total: number }> {
  const response = await list(admin, query);
  expect(response.statusCode).toBe(200);
  return { users: response.json(), total: Number(response.headers['x-total-count']) };
}

function auditOf(userId: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, userId)))
    .orderBy(auditLog.id);
}

describe('GET /api/admin/users', () => {
  let mariner: TestUser;
  let pending: TestUser;
  let expertAccount: { user: TestUser; expert: { id: number } };

  beforeAll(async () => {
    mariner = await signUp(t.app, { email: 'marina.lovell@example.com', firstName: 'Marina', lastName: 'Lovell' });
    pending = await signUp(t.app, { email: 'quinn.pending@example.com', firstName: 'Quinn', lastName: 'Applicant' });
    await setRole(pending, 'user', 'pending');
    expertAccount = await newApprovedExpert();
    await t.database.db.update(users).set({ firstName: 'Ewan', lastName: 'Engines' }).where(eq(users.id, expertAccount.user.id));
  });

  it('lists accounts newest first with their fields, the expert profile and X-Total-Count', async () => {
    const { users: all, total } = await listed('');
    expect(total).toBe(all.length);
    expect(all.map((u) => u.id)).toContain(admin.id);
    const times = all.map((u) => u.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(all.find((u) => u.id === mariner.id)).toEqual({
      id: mariner.id,
      firstName: 'Marina',
      lastName: 'Lovell',
      email: 'marina.lovell@example.com',
      phone: null,
      role: 'user',
      status: 'active',
      createdAt: expect.any(String),
      hasExpertProfile: false,
      expertStatus: null,
    });
    expect(all.find((u) => u.id === expertAccount.user.id)).toMatchObject({ role: 'expert', hasExpertProfile: true, expertStatus: 'approved' });
  });

  it('searches first name, last name and e-mail, every word, case-insensitively', async () => {
    expect((await listed('?search=marina')).users.map((u) => u.id)).toEqual([mariner.id]);
    expect((await listed('?search=LOVELL')).users.map((u) => u.id)).toEqual([mariner.id]);
    expect((await listed('?search=quinn.pending%40')).users.map((u) => u.id)).toEqual([pending.id]);
    expect((await listed('?search=marina%20lovell')).users.map((u) => u.id)).toEqual([mariner.id]);
    expect((await listed('?search=marina%20applicant')).users).toEqual([]);
  });

  it('matches % and _ literally', async () => {
    expect((await listed('?search=%25')).users).toEqual([]);
    expect((await listed('?search=_')).users).toEqual([]);
  });

  it('filters by role and status, and treats all and empty values as no filter', async () => {
    const experts = (await listed('?role=expert')).users;
    expect(experts.map((u) => u.id)).toEqual([expertAccount.user.id]);
    expect((await listed('?role=admin')).users.every((u) => u.role === 'admin')).toBe(true);
    expect((await listed('?status=pending')).users.map((u) => u.id)).toEqual([pending.id]);
    expect((await listed('?status=pending&role=expert')).users).toEqual([]);
    const everyone = (await listed('')).total;
    expect((await listed('?role=all&status=all')).total).toBe(everyone);
    expect((await listed('?search=&role=&status=')).total).toBe(everyone);
  });

  it('pages with limit and offset, the total staying the number of all matches', async () => {
    const everyone = await listed('');
    const first = await listed('?limit=2');
    const second = await listed('?limit=2&offset=2');
    expect(first.users.map((u) => u.id)).toEqual(everyone.users.slice(0, 2).map((u) => u.id));
    expect(second.users.map((u) => u.id)).toEqual(everyone.users.slice(2, 4).map((u) => u.id));
    expect(second.total).toBe(everyone.total);
    const beyond = await listed('?offset=1000');
    expect(beyond).toEqual({ users: [], total: everyone.total });
  });

  it.each([
    ['?role=captain', 'role must be one of: all, user, expert, admin'],
    ['?status=banned', 'status must be one of: all, active, inactive, pending'],
    ['?limit=0', 'limit must be at least 1'],
    ['?limit=201', 'limit must be at most 200'],
    ['?limit=ten', 'limit must be a whole number'],
    ['?offset=-1', 'offset must be 0 or more'],
    [`?search=${'x'.repeat(101)}`, 'search must be at most 100 characters'],
    ['?role=user&role=admin', 'role must be one of: all, user, expert, admin'],
  ])('answers 400 for %s', async (query, message) => {
    const response = await list(admin, query);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe('PATCH /api/admin/users/{userId}', () => {
  it('edits the account and answers it; the change is audited with before, after and the administrator', async () => {
    const sailor = await signUp(t.app);
    const body = edit(sailor, { firstName: 'Sandy', lastName: 'Shore', email: 'Sandy.Shore@Example.com', phone: '(410) 555-0199', status: 'pending' });
    const response = await patch(admin, sailor.id, body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: sailor.id,
      firstName: 'Sandy',
      lastName: 'Shore',
      email: 'sandy.shore@example.com',
      phone: '(410) 555-0199',
      role: 'user',
      status: 'pending',
    });
    expect((await whoAmI(sailor)).json()).toMatchObject({ firstName: 'Sandy', email: 'sandy.shore@example.com', status: 'pending' });
    const [entry] = await auditOf(sailor.id);
    expect(entry).toMatchObject({
      actorUserId: admin.id,
      actorRole: 'admin',
      action: 'user.update',
      before: { firstName: 'Test', status: 'active', email: sailor.email },
      after: { firstName: 'Sandy', status: 'pending', email: 'sandy.shore@example.com' },
    });
  });

  it('clears the phone when it is sent empty or left out', async () => {
    const sailor = await signUp(t.app);
    await patch(admin, sailor.id, edit(sailor, { phone: '555-0100' }));
    const { phone: _phone, ...withoutPhone } = edit(sailor);
    const response = await patch(admin, sailor.id, withoutPhone);
    expect(response.statusCode).toBe(200);
    expect(response.json().phone).toBeNull();
  });

  it.each([
    ['firstName', { firstName: '' }, 'First name is required'],
    ['firstName', { firstName: '   ' }, 'First name is required'],
    ['firstName', { firstName: undefined }, 'First name is required'],
    ['lastName', { lastName: '' }, 'Last name is required'],
    ['lastName', { lastName: undefined }, 'Last name is required'],
    ['email', { email: 'not-an-email' }, 'Invalid email address'],
    ['email', { email: '' }, 'Invalid email address'],
    ['email', { email: undefined }, 'Invalid email address'],
    ['role', { role: 'captain' }, 'Role must be one of: user, expert, admin'],
    ['role', { role: undefined }, 'Role must be one of: user, expert, admin'],
    ['status', { status: 'banned' }, 'Status must be one of: active, inactive, pending'],
    ['phone', { phone: '1'.repeat(31) }, 'Phone must be at most 30 characters'],
  ])('answers 400 with the message for a bad %s and changes nothing', async (field, change, message) => {
    const sailor = await signUp(t.app);
    const response = await patch(admin, sailor.id, edit(sailor, change));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, errors: { [field]: message } });
    expect((await whoAmI(sailor)).json()).toMatchObject({ firstName: 'Test', role: 'user', status: 'active' });
  });

  it.each([
    ['firstName', { firstName: 42 }],
    ['email', { email: ['a@example.com'] }],
    ['phone', { phone: 5550100 }],
    ['role', { role: true }],
    ['status', { status: { value: 'active' } }],
  ])('answers 400 for a %s of the wrong type', async (field, change) => {
    const sailor = await signUp(t.app);
    const response = await patch(admin, sailor.id, edit(sailor, change));
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual([field]);
  });

  it('answers 400 for a body that is not an object', async () => {
    const sailor = await signUp(t.app);
    const response = await t.app.inject(
      asUser(admin, { method: 'PATCH', url: `/api/admin/users/${sailor.id}`, payload: '[1, 2]', headers: { 'content-type': 'application/json' } }),
    );
    expect(response.statusCode).toBe(400);
  });

  it('answers 404 for an unknown account and for a deleted one', async () => {
    const unknown = await patch(admin, 'no-such-user', edit({ email: 'x@example.com' }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(USER_NOT_FOUND);
    const gone = await signUp(t.app);
    expect((await remove(admin, gone.id)).statusCode).toBe(204);
    expect((await patch(admin, gone.id, edit({ email: 'back@example.com' }))).statusCode).toBe(404);
  });

  it("answers 409 for another account's e-mail, whatever its case", async () => {
    const sailor = await signUp(t.app);
    const response = await patch(admin, sailor.id, edit(sailor, { email: admin.email.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: EMAIL_TAKEN_MESSAGE, errors: { email: EMAIL_TAKEN_MESSAGE } });
  });

  it('answers 409 when an administrator would remove their own admin role', async () => {
    const response = await patch(admin, admin.id, edit(admin, { role: 'user' }));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(OWN_ADMIN_ROLE);
    expect((await whoAmI(admin)).json().role).toBe('admin');
  });

  it('answers 409 when an administrator would deactivate themselves', async () => {
    const response = await patch(admin, admin.id, edit(admin, { role: 'admin', status: 'inactive' }));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(OWN_DEACTIVATION);
  });

  it('lets an administrator edit their own name', async () => {
    const response = await patch(admin, admin.id, edit(admin, { firstName: 'Hana', lastName: 'Harbor', role: 'admin' }));
    expect(response.statusCode).toBe(200);
  });

  it('answers 409 for making an expert of an account without an expert profile', async () => {
    const sailor = await signUp(t.app);
    const response = await patch(admin, sailor.id, edit(sailor, { role: 'expert' }));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(EXPERT_NEEDS_PROFILE);
    expect(response.json().message).toMatch(/Expert Management/);
  });

  it('gives role expert back to the owner of an approved expert profile', async () => {
    const { user } = await newApprovedExpert();
    await setRole(user, 'user');
    const response = await patch(admin, user.id, edit(user, { role: 'expert' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ role: 'expert', expertStatus: 'approved' });
  });

  it("answers 409 for making an expert of an account whose expert profile is suspended", async () => {
    const { user } = await newApprovedExpert({ status: 'suspended', statusReason: 'Licence lapsed' });
    await setRole(user, 'user');
    const response = await patch(admin, user.id, edit(user, { role: 'expert' }));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(EXPERT_NEEDS_PROFILE);
  });

  it.each(['user', 'admin'] as const)('answers 409 for changing an approved expert to %s, pointing to Expert Management', async (role) => {
    const { user } = await newApprovedExpert();
    const response = await patch(admin, user.id, edit(user, { role }));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(APPROVED_EXPERT_ROLE);
    expect(response.json().message).toMatch(/Expert Management/);
  });

  it("edits an approved expert's details while the role stays expert", async () => {
    const { user } = await newApprovedExpert();
    const response = await patch(admin, user.id, edit(user, { role: 'expert', phone: '(305) 555-0101' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ role: 'expert', phone: '(305) 555-0101' });
  });

  it('deactivating ends every session of the account at once, and it cannot sign in again', async () => {
    const sailor = await signUp(t.app, { password: 'sailor-password-1' });
    const secondDevice = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: ORIGIN,
      remoteAddress: nextClientAddress(),
      payload: { email: sailor.email, password: 'sailor-password-1' },
    });
    expect(secondDevice.statusCode).toBe(200);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, sailor.id))).toHaveLength(2);

    const response = await patch(admin, sailor.id, edit(sailor, { status: 'inactive' }));
    expect(response.statusCode).toBe(200);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, sailor.id))).toEqual([]);
    expect((await whoAmI(sailor)).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: ORIGIN,
      remoteAddress: nextClientAddress(),
      payload: { email: sailor.email, password: 'sailor-password-1' },
    });
    expect(again.statusCode).toBe(403);
    const [entry] = await auditOf(sailor.id);
    expect(entry?.note).toBe('Deactivated: 2 session(s) ended');
  });

  it('treats a session of an account made inactive any other way as signed out', async () => {
    const sailor = await signUp(t.app);
    await setRole(sailor, 'user', 'inactive');
    expect((await whoAmI(sailor)).statusCode).toBe(401);
  });

  it('a role change takes effect on the next request of the user, without signing in again', async () => {
    const deputy = await signUp(t.app);
    expect((await list(deputy)).statusCode).toBe(403);
    expect((await patch(admin, deputy.id, edit(deputy, { role: 'admin' }))).statusCode).toBe(200);
    expect((await list(deputy)).statusCode).toBe(200);
    expect((await whoAmI(deputy)).json().role).toBe('admin');
    expect((await patch(admin, deputy.id, edit(deputy, { role: 'user' }))).statusCode).toBe(200);
    expect((await list(deputy)).statusCode).toBe(403);
  });
});

describe('DELETE /api/admin/users/{userId}', () => {
  it('anonymises the person, ends their sessions and logins, and keeps the bookings others depend on', async () => {
    const owner = await signUp(t.app, { email: 'leaving.owner@example.com', firstName: 'Lee', lastName: 'Leaving' });
    await t.database.db
      .update(users)
      .set({ phone: '555-0100', address: '1 Dock St', city: 'Annapolis', state: 'MD', zipCode: '21401', image: '/img/lee.jpg' })
      .where(eq(users.id, owner.id));
    const expert = await insertExpert(t.database.db, { instantBooking: true });
    const booked = await postBooking(t.app, owner, videoBooking(expert.id, daysAhead(9), '9:00 AM'));
    expect(booked.statusCode).toBe(201);

    const response = await remove(admin, owner.id);
    expect(response.statusCode).toBe(204);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(row).toMatchObject({
      name: DELETED_USER_NAME,
      email: deletedEmail(owner.id),
      phone: null,
      address: null,
      city: null,
      state: null,
      zipCode: null,
      image: null,
      status: 'inactive',
      role: 'user',
    });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, owner.id))).toEqual([]);
    expect(await t.database.db.select().from(accounts).where(eq(accounts.userId, owner.id))).toEqual([]);
    expect((await whoAmI(owner)).statusCode).toBe(401);
    // Kept for the expert's history, and cancelled: the expert is not left waiting for nobody.
    const kept = await t.database.db.select().from(bookings).where(eq(bookings.userId, owner.id));
    expect(kept.map((b) => ({ id: b.id, status: b.status, cancelReason: b.cancelReason }))).toEqual([
      { id: booked.json().id, status: 'cancelled', cancelReason: OWNER_DELETED_REASON },
    ]);

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: ORIGIN,
      remoteAddress: nextClientAddress(),
      payload: { email: 'leaving.owner@example.com', password: owner.password },
    });
    expect(signIn.statusCode).toBe(401);
    // The address is free again for a new account.
    await signUp(t.app, { email: 'leaving.owner@example.com' });
  });

  it('is not listed afterwards, and a second delete answers 404', async () => {
    const sailor = await signUp(t.app, { email: 'gone.sailor@example.com' });
    expect((await remove(admin, sailor.id)).statusCode).toBe(204);
    expect((await listed('?search=gone.sailor')).users).toEqual([]);
    expect((await listed(`?search=${sailor.id}`)).users).toEqual([]);
    const again = await remove(admin, sailor.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(USER_NOT_FOUND);
  });

  it('answers 404 for an unknown account', async () => {
    expect((await remove(admin, 'no-such-user')).statusCode).toBe(404);
  });

  it('writes an audit entry with the administrator, without the contact details it removed', async () => {
    const sailor = await signUp(t.app, { email: 'audited.sailor@example.com' });
    await remove(admin, sailor.id);
    const entries = await auditOf(sailor.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorUserId: admin.id,
      actorRole: 'admin',
      action: 'user.delete',
      before: { id: sailor.id, role: 'user', status: 'active' },
      after: { email: deletedEmail(sailor.id), status: 'inactive' },
    });
    expect(JSON.stringify(entries[0])).not.toContain('audited.sailor');
  });

  it("suspends a deleted expert's profile with the reason 'Account deleted' and takes it out of the listings", async () => {
    const { user, expert } = await newApprovedExpert({ name: 'Della Deleted' });
    const before = await t.app.inject({ method: 'GET', url: '/api/experts?q=Della' });
    expect(before.json().map((e: { id: number }) => e.id)).toEqual([expert.id]);
    const owner = await signUp(t.app, { email: 'dellas.customer@example.com' });
    const booked = await postBooking(t.app, owner, videoBooking(expert.id, daysAhead(12), '10:00 AM'));
    expect(booked.statusCode).toBe(201);

    expect((await remove(admin, user.id)).statusCode).toBe(204);

    const [booking] = await t.database.db.select().from(bookings).where(eq(bookings.id, booked.json().id));
    expect(booking).toMatchObject({ status: 'cancelled', cancelReason: SUSPENSION_CANCEL_REASON });

    const [profile] = await t.database.db.select().from(experts).where(eq(experts.id, expert.id));
    expect(profile).toMatchObject({ status: 'suspended', statusReason: ACCOUNT_DELETED_REASON });
    const after = await t.app.inject({ method: 'GET', url: '/api/experts?q=Della' });
    expect(after.json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/experts/${expert.id}` })).statusCode).toBe(404);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'expert'), eq(auditLog.entityId, String(expert.id))));
    expect(entry).toMatchObject({ actorUserId: admin.id, action: 'expert.suspend', after: { status: 'suspended', statusReason: ACCOUNT_DELETED_REASON } });
  });

  it('answers 409 when an administrator would delete themselves', async () => {
    const response = await remove(admin, admin.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(OWN_DELETION);
    expect((await whoAmI(admin)).statusCode).toBe(200);
  });

  it('lets an administrator delete another administrator', async () => {
    const deputy = await newAdmin();
    expect((await remove(admin, deputy.id)).statusCode).toBe(204);
  });
});

describe('the last active administrator', () => {
  /**
   * Sequentially the rule cannot be met: an administrator may not remove their own rights, and any other
   * administrator acting is a second active one. It guards the race of two administrators removing each
   * other at the same moment, which the services run here directly, both at once.
   */
  const services = (): ServiceContext => ({
    db: t.database.db,
    jobs: t.app.jobs,
    baseUrl: t.app.config.BASE_URL,
    mailFrom: t.app.config.MAIL_FROM,
    now: () => new Date(),
    listings: t.app.expertListings,
    invoices: createInvoiceIssuer(t.app.config),
    boats: bookingBoats,
  });

  async function pairOfAdministrators() {
    const [first, second] = [await newAdmin(), await newAdmin()];
    // Only these two count: every other administrator of this file is made inactive for the test.
    const others = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
    const sidelined = others.map((row) => row.id).filter((id) => id !== first.id && id !== second.id);
    for (const id of sidelined) await t.database.db.update(users).set({ status: 'inactive' }).where(eq(users.id, id));
    const restore = async () => {
      for (const id of sidelined) await t.database.db.update(users).set({ status: 'active' }).where(eq(users.id, id));
    };
    return { first, second, restore };
  }

  async function activeAdministratorIds(ids: string[]) {
    const rows = await t.database.db.select().from(users).where(eq(users.role, 'admin'));
    return rows.filter((row) => ids.includes(row.id) && row.status !== 'inactive' && !row.deletedAt).map((row) => row.id);
  }

  it.each([
    ['demote', (u: TestUser) => ({ input: edit(u, { role: 'user' }) })],
    ['deactivate', (u: TestUser) => ({ input: edit(u, { role: 'admin', status: 'inactive' }) })],
  ] as const)('two administrators who %s each other at once: one wins, the other gets 409', async (_what, change) => {
    const { first, second, restore } = await pairOfAdministrators();
    try {
      const results = await Promise.allSettled([
        updateUser(t.database.db, { actorId: first.id, userId: second.id, input: adminUserUpdateSchema.parse(change(second).input) }),
        updateUser(t.database.db, { actorId: second.id, userId: first.id, input: adminUserUpdateSchema.parse(change(first).input) }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((r) => r.status === 'rejected');
      expect(refused?.reason).toMatchObject({ statusCode: 409, message: LAST_ADMIN });
      expect(await activeAdministratorIds([first.id, second.id])).toHaveLength(1);
    } finally {
      await restore();
    }
  });

  it('two administrators who delete each other at once: one wins, the other gets 409', async () => {
    const { first, second, restore } = await pairOfAdministrators();
    try {
      const results = await Promise.allSettled([
        deleteUser(services(), { actorId: first.id, userId: second.id }),
        deleteUser(services(), { actorId: second.id, userId: first.id }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(results.find((r) => r.status === 'rejected')?.reason).toMatchObject({ statusCode: 409, message: LAST_ADMIN });
      expect(await activeAdministratorIds([first.id, second.id])).toHaveLength(1);
    } finally {
      await restore();
    }
  });

  it('through the API too, two administrators demoting each other at once leave one administrator', async () => {
    const { first, second, restore } = await pairOfAdministrators();
    try {
      const [a, b] = await Promise.all([patch(first, second.id, edit(second, { role: 'user' })), patch(second, first.id, edit(first, { role: 'user' }))]);
      // The loser is refused by the rule (409) or, if the winner committed before its request began, by the guard (403).
      expect([a.statusCode, b.statusCode].filter((code) => code === 200)).toHaveLength(1);
      expect([403, 409]).toContain(a.statusCode === 200 ? b.statusCode : a.statusCode);
      expect(await activeAdministratorIds([first.id, second.id])).toHaveLength(1);
    } finally {
      await restore();
    }
  });
});
