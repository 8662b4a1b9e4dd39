import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { asUser, createTestApp, signUp, type TestUser } from '../test/test-app.js';
import { insertExpert } from '../test/expert-factory.js';
import { registeredRoutes, type RegisteredRoute } from '../test/route-table.js';
import { users } from '../db/schema.js';
import type { Role } from '../../common/roles.js';

// The route table is read from the running app at collection time, so each route is its own test case.
const t = await createTestApp();
afterAll(() => t.close());

const allRoutes = registeredRoutes(t.app);
const routesUnder = (prefix: string) => allRoutes.filter((route) => route.path === prefix || route.path.startsWith(`${prefix}/`));
const adminRoutes = routesUnder('/api/admin');
const workspaceRoutes = routesUnder('/api/workspace');

const identities: Partial<Record<'user' | 'expert' | 'admin', TestUser>> = {};

async function accountWithRole(role: Role): Promise<TestUser> {
  const user = await signUp(t.app);
  await t.database.db.update(users).set({ role }).where(eq(users.id, user.id));
  return user;
}

beforeAll(async () => {
  identities.user = await accountWithRole('user');
  identities.admin = await accountWithRole('admin');
  // A real expert: the account owns an approved expert profile.
  identities.expert = await accountWithRole('expert');
  await insertExpert(t.database.db, { userId: identities.expert.id });
});

/** The route's path with every parameter filled with a value no validation would accept. */
function concretePath(route: RegisteredRoute): string {
  return route.path.replace(/:[A-Za-z0-9_]+/g, 'not-a-valid-id%20!').replace(/\*$/, 'anything');
}

/**
 * The requests each route must refuse before reading them: a well-formed one, one with a body that is
 * not JSON at all, one with a body of the wrong shape, and one with nonsense in the query.
 */
function requestsFor(route: RegisteredRoute): InjectOptions[] {
  const url = concretePath(route);
  const method = route.method as InjectOptions['method'];
  const requests: InjectOptions[] = [
    { method, url },
    { method, url: `${url}?limit=-1&role=captain&offset=x` },
  ];
  if (route.method !== 'GET' && route.method !== 'HEAD') {
    requests.push(
      { method, url, payload: '{"broken', headers: { 'content-type': 'application/json' } },
      { method, url, payload: { firstName: 42, role: ['admin'], status: null, reason: { nested: true } } },
      { method, url, payload: 'plain text', headers: { 'content-type': 'text/plain' } },
    );
  }
  return requests;
}

async function expectEvery(route: RegisteredRoute, who: TestUser | null, status: number) {
  for (const request of requestsFor(route)) {
    const response = await t.app.inject(asUser(who, request));
    expect(response.statusCode, `${request.method} ${request.url} ${JSON.stringify(request.payload ?? '')}`).toBe(status);
  }
}

const label = (route: RegisteredRoute) => `${route.method} ${route.path}`;

describe('the route table', () => {
  it('is read from the running app', () => {
    expect(adminRoutes).toEqual(
      expect.arrayContaining([
        { method: 'GET', path: '/api/admin/users' },
        { method: 'PATCH', path: '/api/admin/users/:userId' },
        { method: 'DELETE', path: '/api/admin/users/:userId' },
      ]),
    );
    for (const route of [...adminRoutes, ...workspaceRoutes]) {
      expect(t.app.hasRoute({ method: route.method as 'GET', url: route.path }), label(route)).toBe(true);
    }
  });
});

describe.each(adminRoutes.map((route) => [label(route), route] as const))('%s', (_name, route) => {
  it('answers 401 to a signed-out caller, whatever the request', async () => {
    await expectEvery(route, null, 401);
  });

  it('answers 403 to a signed-in user', async () => {
    await expectEvery(route, identities.user!, 403);
  });

  it('answers 403 to an expert', async () => {
    await expectEvery(route, identities.expert!, 403);
  });

  it('lets an administrator through the guard', async () => {
    const response = await t.app.inject(asUser(identities.admin!, { method: route.method as InjectOptions['method'], url: concretePath(route) }));
    expect([401, 403]).not.toContain(response.statusCode);
  });
});

describe.each(workspaceRoutes.map((route) => [label(route), route] as const))('%s', (_name, route) => {
  it('answers 401 to a signed-out caller, whatever the request', async () => {
    await expectEvery(route, null, 401);
  });

  it('answers 403 to a signed-in user who is not an expert', async () => {
    await expectEvery(route, identities.user!, 403);
  });

  it('answers 403 to an administrator who is not an expert', async () => {
    await expectEvery(route, identities.admin!, 403);
  });
});
