import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { createTestApp } from './test-app.js';
import { registeredRoutes } from './route-table.js';
import { projectRoot } from '../project-root.js';

// A URL leads to one file (docs/ARCHITECTURE.md, "Features and their doors"): every route is declared with
// its full path in the routes.ts of the feature that owns its prefix, and registered once from app.ts.

const root = projectRoot();
const thisFile = relative(root, fileURLToPath(import.meta.url));

/** Each prefix's owner, from the feature map; the longest prefix that matches a path decides. */
const OWNERS: Record<string, string> = {
  '/api/experts': 'experts',
  '/api/expert-photos': 'experts',
  '/api/experts/:id/slots': 'bookings',
  '/api/bookings': 'bookings',
  '/api/consultations': 'bookings',
  '/api/bookings/:id/messages': 'booking-messages',
  '/api/messages': 'booking-messages',
  '/api/bookings/:id/call': 'video-call',
  '/api/calls': 'video-call',
  '/api/bookings/:id/summary': 'follow-up-summary',
  '/api/bookings/:id/review': 'reviews',
  '/api/experts/:id/reviews': 'reviews',
  '/api/admin/reviews': 'reviews',
  '/api/workspace/reviews': 'reviews',
  '/api/ai': 'ai',
  '/api/bookings/:id/ai-conversation': 'ai-handoff',
  '/api/experts/nearby': 'ai-handoff',
  '/api/expert/apply': 'expert-application',
  '/api/expert/application': 'expert-application',
  '/api/admin/experts': 'admin-experts',
  '/api/admin/users': 'admin-users',
  '/api/contact': 'contact',
  '/api/push': 'push',
  '/api/admin/contact': 'contact',
  '/api/dashboard': 'dashboard',
  '/api/notifications': 'notifications',
  '/api/notification-preferences': 'notifications',
  '/api/profile': 'profile',
  '/api/workspace': 'workspace',
  '/api/workspace/calendars': 'external-calendars',
  '/api/workspace/on-call': 'help-now',
  '/api/help-requests': 'help-now',
  '/api/help-rings': 'help-now',
  '/api/admin/help-requests': 'help-now',
  '/api/calendar-feed': 'calendar-feed',
  '/calendar': 'calendar-feed',
  '/api/config': 'payments',
  '/api/create-payment-intent': 'payments',
  '/api/stripe/webhook': 'payments',
  '/api/bookings/:id/invoice': 'payments',
  '/api/bookings/:id/invoice.pdf': 'payments',
  '/api/admin/disputes': 'payments',
  '/api/admin/overpayments': 'payments',
  '/api/admin/revenue': 'payments',
  '/api/admin/payouts': 'payments',
  '/api/workspace/earnings': 'payments',
  '/api/workspace/payouts': 'payments',
  '/api/admin/payouts.csv': 'payments',
  '/api/sms': 'sms',
  '/api/boats': 'boats',
  '/api/maintenance': 'boats',
  '/api/bookings/:id/engine-hours': 'boats',
  '/api/auth': 'auth',
  '/api/login': 'auth',
  '/api/logout': 'auth',
  '/healthz': 'ops',
  '/readyz': 'ops',
  '/metrics': 'ops',
  '/api/internal': 'ops',
  '/api/internal/test-clock': 'test-clock',
  '/robots.txt': 'search-engines',
  '/sitemap.xml': 'search-engines',
  '/sitemaps': 'search-engines',
  '/cards': 'search-engines',
  // The API's own documentation: @fastify/swagger-ui's routes, which app.ts registers.
  '/api/docs': 'api-docs',
};

/** The file that must declare an owner's routes; null for routes a package declares. */
function fileOf(owner: string): string | null {
  if (owner === 'api-docs') return null;
  if (owner === 'auth') return 'src/server/auth/routes.ts';
  return `src/server/features/${owner}/routes.ts`;
}

function ownerOf(path: string): string | undefined {
  const matching = Object.keys(OWNERS).filter((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  const longest = matching.sort((a, b) => b.length - a.length)[0];
  return longest === undefined ? undefined : OWNERS[longest];
}

/** Helpers that register a route for their caller, who writes its URL (live sockets). */
const REGISTERS_FOR_CALLER = new Set(['src/server/realtime/live-socket.ts']);

/** The first file of ours on the stack that registers the route: the one whose code names it. */
function declaringFile(stack: string): string | null {
  for (const [, file] of stack.matchAll(/(?:file:\/\/)?(\/[^\s():]+\.tsx?):\d+:\d+/g)) {
    const path = relative(root, file!);
    if (path.startsWith('src/') && path !== thisFile && !REGISTERS_FOR_CALLER.has(path)) return path;
  }
  return null;
}

interface DeclaredRoute {
  method: string;
  path: string;
  /** The `prefix` a parent plugin added to the path; '' when the path is written out in full. */
  prefix: string;
  file: string | null;
}

const declared: DeclaredRoute[] = [];
function recordRoute(route: RouteOptions & { prefix?: string }) {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 100;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  for (const method of [route.method].flat()) declared.push({ method, path: route.url, prefix: route.prefix ?? '', file: declaringFile(stack) });
}

// Every route there is: the operator commands and the test clock too.
const t = await createTestApp({ TEST_CLOCK: 'true' }, { operatorToken: 'route-owners-test', onRoute: recordRoute });
afterAll(() => t.close());

const label = (route: DeclaredRoute) => `${route.method} ${route.path}`;

describe('the route table', () => {
  it('is printed with the file that declares each route', () => {
    // HEAD routes are Fastify's copies of the GET routes: listed with them.
    const shown = declared.filter((route) => route.method !== 'HEAD' || !declared.some((other) => other.method === 'GET' && other.path === route.path));
    const width = Math.max(...shown.map((route) => label(route).length));
    const table = shown
      .map((route) => `${label(route).padEnd(width)}  ${route.file ?? '(a package, registered by src/server/app.ts)'}`)
      .sort((a, b) => a.localeCompare(b));
    console.info(`Routes (${shown.length}) and the files that declare them:\n${table.join('\n')}`);
    // Every owner the map names has routes: the map lists no feature that is gone.
    expect(new Set(declared.map((route) => ownerOf(route.path)))).toEqual(new Set(Object.values(OWNERS)));
  });

  it('holds every route the router holds', () => {
    const recorded = new Set(declared.map(label));
    // route-table.ts reads a wildcard's path back without its parents' segments: those are left out here.
    const routed = registeredRoutes(t.app).filter((route) => !route.path.includes('*'));
    // A plugin's '/' route under a prefix is also routed with the slash ('/api/docs/'), told once.
    const isRecorded = ({ method, path }: { method: string; path: string }) =>
      recorded.has(`${method} ${path}`) || (path.endsWith('/') && recorded.has(`${method} ${path.slice(0, -1)}`));
    expect(routed.filter((route) => !isRecorded(route)).map((route) => `${route.method} ${route.path}`)).toEqual([]);
  });

  it.each(declared.map((route) => [label(route), route] as const))('%s is declared in full in the routes.ts of its feature', (_name, route) => {
    const owner = ownerOf(route.path);
    expect(owner, 'a prefix the feature map gives no feature').toBeDefined();
    expect(route.file).toBe(fileOf(owner!));
    if (owner !== 'api-docs') expect(route.prefix, "a parent plugin's prefix").toBe('');
  });
});
