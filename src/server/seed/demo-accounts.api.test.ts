import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, isNull, like } from 'drizzle-orm';
import { createTestApp, ORIGIN, type TestApp } from '../test/test-app.js';
import { experts, users } from '../db/schema.js';
import { seedDemoExperts } from './seed-demo-experts.js';
import { DEMO_EMAIL_DOMAIN, demoEmailOf } from './demo-accounts.js';
import { demoExperts } from './demo-experts.js';
import { setUserPassword } from '../auth/set-password.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo expert accounts', () => {
  it('gives every seeded demo expert an expert account with a demo address and no password, once', async () => {
    await seedDemoExperts(t.database.db);
    await seedDemoExperts(t.database.db);
    const accounts = await t.database.db.select().from(users).where(like(users.email, `%@${DEMO_EMAIL_DOMAIN}`));
    expect(accounts).toHaveLength(demoExperts.length);
    expect(new Set(accounts.map((account) => account.role))).toEqual(new Set(['expert']));
    expect(await t.database.db.select({ id: experts.id }).from(experts).where(isNull(experts.userId))).toEqual([]);
    const [travis] = await t.database.db.select().from(users).where(eq(users.email, 'travis.boudreaux@demo.kbmarine.example'));
    expect(travis).toMatchObject({ firstName: 'Travis', lastName: 'Boudreaux', status: 'active' });
    // No password: nobody signs in as a demo expert until the operator sets one.
    const before = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: ORIGIN, payload: { email: travis!.email, password: 'demo-password-1' } });
    expect(before.statusCode).toBe(401);
  });

  it('signs in as a demo expert once the operator sets a password', async () => {
    await setUserPassword(t.database.db, 'Travis.Boudreaux@demo.kbmarine.example', 'demo-password-1');
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: ORIGIN, payload: { email: 'travis.boudreaux@demo.kbmarine.example', password: 'demo-password-1' } });
    expect(signIn.statusCode).toBe(200);
    const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.json()).toMatchObject({ email: 'travis.boudreaux@demo.kbmarine.example', role: 'expert' });
  });

  it('makes plain addresses from names with accents and punctuation', () => {
    expect(demoEmailOf("José O'Malley-Núñez")).toBe(`jose.o.malley.nunez@${DEMO_EMAIL_DOMAIN}`);
  });
});
