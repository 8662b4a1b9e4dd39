import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { asUser, createTestApp, signUp, type TestApp } from '../test/test-app.js';
import { accounts, expertApplications, users } from '../db/schema.js';
import { demoApplicants, seedDemoApplicants } from './demo-applicants.js';
import { DEMO_EMAIL_DOMAIN } from './demo-accounts.js';
import type { AdminExpert, AdminExpertDetail } from '../../common/admin-experts.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the demo applicants', () => {
  it('seed pending applications with accounts that have no password, idempotently', async () => {
    expect(await seedDemoApplicants(t.database.db)).toBe(demoApplicants.length);
    expect(await seedDemoApplicants(t.database.db)).toBe(0);

    const emails = demoApplicants.map((a) => a.payload.email);
    expect(emails.every((email) => email.endsWith(`@${DEMO_EMAIL_DOMAIN}`))).toBe(true);
    const people = await t.database.db.select().from(users).where(inArray(users.email, emails));
    expect(people.map((p) => [p.role, p.status])).toEqual(demoApplicants.map(() => ['user', 'pending']));
    expect(await t.database.db.select().from(accounts).where(inArray(accounts.userId, people.map((p) => p.id)))).toEqual([]);

    const admin = await signUp(t.app);
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    const listed = (await t.app.inject(asUser(admin, { method: 'GET', url: '/api/admin/experts' }))).json() as AdminExpert[];
    expect(listed.filter((e) => e.status === 'pending').map((e) => e.name).sort()).toEqual(
      demoApplicants.map((a) => `${a.payload.firstName} ${a.payload.lastName}`).sort(),
    );
    const detail = (await t.app.inject(asUser(admin, { method: 'GET', url: `/api/admin/experts/${listed[0]!.id}` }))).json() as AdminExpertDetail;
    expect(detail.application!.payload.references).toHaveLength(2);
    expect(detail.application!.payload.businessInfo.insuranceProvider).not.toBe('');

    // Not in the public listing until approved.
    const publicList = (await t.app.inject({ method: 'GET', url: '/api/experts?limit=100' })).json() as { name: string }[];
    expect(publicList).toEqual([]);
    expect(await t.database.db.select().from(expertApplications)).toHaveLength(demoApplicants.length);
  });
});
