import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import type { LightMyRequestResponse } from 'fastify';
import { ORIGIN, cookieHeader, createTestApp, nextClientAddress, signUp, type TestUser } from './test-app.js';
import { insertExpert } from './expert-factory.js';
import { daysAhead, postBooking, videoBooking } from './booking-helpers.js';
import { smallPhoto, goodPhoto } from './fixtures/test-images.js';
import { operationsOf, type OpenApiDocument, type Operation } from './openapi-operations.js';
import { describeRequest, pathSpellings, requestArbitrary, type FuzzRequest } from './fuzz-requests.js';
import { registeredRoutes } from './route-table.js';
import { sendRaw } from './raw-http.js';
import { changedTables, databaseDigest } from './database-digest.js';
import { signUpExpert } from './workspace-helpers.js';
import type { FieldHint, JsonSchema } from './openapi-inputs.js';
import { errorShapeProblems, leaksIn, sentStrings } from './fuzz-answers.js';
import { setUserRole } from '../features/ops/index.js';
import { analyzeImageFieldsSchema } from '../../common/ai.js';
import { IMAGE_MAX_BYTES } from '../../common/ai-rules.js';
import { PAYMENT_UNAVAILABLE } from '../../common/bookings.js';
import { SLOT_TIMES } from '../../common/bookings-rules.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../common/password-rules.js';

/**
 * Every operation of the app's own OpenAPI document, and the Better Auth routes it hides, gets generated
 * bad input signed out, as a user and as an administrator. A fixed seed and number of runs keep it fast
 * and repeatable: FUZZ_SEED and FUZZ_RUNS change them (a failure prints the seed it ran with). Then every
 * route's path, spelled as the router reads it but a prefix test does not, is sent from a foreign page
 * with live sessions, and the database must not change.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 9_000_009);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);

const t = await createTestApp();
afterAll(() => t.close());

// Records for well-formed input to reach: experts, a booking of someone else's, an AI conversation.
const owner = await signUp(t.app);
const experts = [await insertExpert(t.database.db, { instantBooking: true }), await insertExpert(t.database.db, { serviceTypes: ['video'] })];
const booking = await postBooking(t.app, owner, videoBooking(experts[0]!.id, daysAhead(10)));
if (booking.statusCode !== 201) throw new Error(`setting up a booking failed: ${booking.statusCode} ${booking.body}`);
const conversation = await t.app.inject({ method: 'POST', url: '/api/ai/ask', headers: { ...ORIGIN, cookie: owner.cookie }, payload: { question: 'Bilge pump runs constantly' } });
const knownIds = [...experts.map((e) => String(e.id)), booking.json<{ id: string }>().id, conversation.json<{ sessionId: string }>().sessionId];

/** Values of a known kind for fields whose names say what they hold, so well-formed input gets past zod's refinements. */
const hint: FieldHint = (name, schema) => {
  if (name === 'id') return fc.oneof(fc.constantFrom(...knownIds), fc.uuid(), fc.nat(100).map(String));
  if (name === 'expertId') return fc.oneof(fc.constantFrom(...experts.map((e) => e.id)), fc.integer({ min: 1, max: 1_000 }));
  if (name === 'bookingId') return fc.oneof(fc.constant(knownIds[2]!), fc.uuid());
  if (name === 'sessionId') return fc.oneof(fc.constant(knownIds[3]!), fc.uuid());
  if (name === 'number') return fc.oneof(fc.constantFrom('(410) 555-0100', '+1 410 555 0101', '+44 7700 900123'), fc.string({ maxLength: 20 }));
  if (/email/i.test(name)) return fc.stringMatching(/^[a-z][a-z0-9]{2,12}@example\.com$/);
  if (/password/i.test(name)) return fc.string({ minLength: PASSWORD_MIN_LENGTH, maxLength: 40 });
  if (/date$/i.test(name)) return fc.integer({ min: -2, max: 200 }).map((days) => daysAhead(days));
  if (/time$/i.test(name) && schema.type === 'string') return fc.constantFrom(...SLOT_TIMES.video, ...SLOT_TIMES.onsite);
  return undefined;
};

const photos = { valid: [await smallPhoto()], invalid: [Buffer.from('not a photo'), Buffer.alloc(0), (await goodPhoto(64, 48)).subarray(0, 200), Buffer.alloc(IMAGE_MAX_BYTES + 1, 1)] };

function hiddenOperation(method: string, path: string, parts: Partial<Pick<Operation, 'pathParams' | 'query' | 'body'>> & { documented?: number[] } = {}): Operation {
  return { key: `${method} ${path}`, method, path, pathParams: [], query: [], headers: [], ...parts, documented: new Set(parts.documented ?? []) };
}
const object = (properties: Record<string, JsonSchema>, required: string[]): { schema: JsonSchema; required: boolean } => ({
  schema: { type: 'object', properties, required },
  required: true,
});
const email: JsonSchema = { type: 'string', format: 'email' };
const password: JsonSchema = { type: 'string', minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH };
const text: JsonSchema = { type: 'string' };

/**
 * Better Auth's routes, hidden from the document behind one wildcard route: the ones our screens use and
 * the session routes. 401 is listed where Better Auth needs a session.
 */
const AUTH_OPERATIONS: Operation[] = [
  hiddenOperation('POST', '/api/auth/sign-up/email', {
    body: object({ email, password, name: { type: 'string', minLength: 1, maxLength: 100 }, firstName: text, lastName: text }, ['email', 'password', 'name']),
  }),
  hiddenOperation('POST', '/api/auth/sign-in/email', { body: object({ email, password, rememberMe: { type: 'boolean' }, callbackURL: text }, ['email', 'password']) }),
  hiddenOperation('POST', '/api/auth/sign-out'),
  hiddenOperation('GET', '/api/auth/get-session', { query: [{ name: 'disableCookieCache', required: false, schema: { type: 'boolean' } }] }),
  hiddenOperation('GET', '/api/auth/list-sessions', { documented: [401] }),
  hiddenOperation('POST', '/api/auth/change-password', {
    body: object({ newPassword: password, currentPassword: password, revokeOtherSessions: { type: 'boolean' } }, ['newPassword', 'currentPassword']),
    documented: [401],
  }),
  hiddenOperation('POST', '/api/auth/request-password-reset', { body: object({ email, redirectTo: text }, ['email']) }),
  hiddenOperation('POST', '/api/auth/reset-password', { body: object({ newPassword: password, token: text }, ['newPassword']) }),
  hiddenOperation('GET', '/api/auth/reset-password/{token}', {
    pathParams: [{ name: 'token', required: true, schema: text }],
    query: [{ name: 'callbackURL', required: true, schema: text }],
  }),
  hiddenOperation('POST', '/api/auth/send-verification-email', { body: object({ email, callbackURL: text }, ['email']) }),
  hiddenOperation('GET', '/api/auth/verify-email', { query: [{ name: 'token', required: true, schema: text }] }),
  hiddenOperation('POST', '/api/auth/email-otp/verify-email', { body: object({ email, otp: { type: 'string', pattern: '^[0-9]{6}$' } }, ['email', 'otp']) }),
  hiddenOperation('POST', '/api/auth/revoke-session', { body: object({ token: text }, ['token']), documented: [401] }),
  hiddenOperation('POST', '/api/auth/revoke-sessions', { documented: [401] }),
  hiddenOperation('POST', '/api/auth/revoke-other-sessions', { documented: [401] }),
];

/** Multipart forms are outside the document (no body schema): their fields' schemas, from the same zod schemas the routes use. */
const MULTIPART_FORMS: Record<string, Operation['multipart']> = {
  'POST /api/ai/analyze-image': { fields: z.toJSONSchema(analyzeImageFieldsSchema, { io: 'input' }) as JsonSchema, files: ['image'] },
};

const documentOperations = operationsOf(t.app.swagger() as unknown as OpenApiDocument).map((op) => ({ ...op, multipart: MULTIPART_FORMS[op.key] }));
const operations = [...documentOperations, ...AUTH_OPERATIONS.map((op) => ({ ...op, hidden: true }))];

type Identity = 'signed out' | 'user' | 'admin';

async function newSession(identity: Identity): Promise<TestUser | null> {
  if (identity === 'signed out') return null;
  const user = await signUp(t.app);
  if (identity === 'admin') await setUserRole(t.database.db, user.email, 'admin');
  return user;
}

/** One account per identity, shared by the operations until a request ends its session (sign-out, revoking). */
const sessions = new Map<Identity, TestUser | null>();

async function sessionOf(identity: Identity): Promise<TestUser | null> {
  const known = sessions.get(identity);
  if (known !== undefined) {
    const alive = !known || (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: known.cookie } })).statusCode === 200;
    if (alive) return known;
  }
  const fresh = await newSession(identity);
  sessions.set(identity, fresh);
  return fresh;
}

/** Answered with a cookie that ends the session (sign-out, logout). */
function endsSession(response: LightMyRequestResponse): boolean {
  const cookies = [response.headers['set-cookie'] ?? []].flat();
  return cookies.some((c) => /session_token=;|session_token=[^;]*;.*max-age=0/i.test(c));
}

/** Input refused before any handler runs: validation, body parsing, content type, size, request limits. */
const REFUSED_INPUT = new Set([400, 413, 414, 415, 429]);

/**
 * What the route's answers say it requires. Routes check the session in their handlers, after Fastify
 * validated the input, so a signed-out caller with bad input is told 400 first; with input that passes,
 * 401. A route that documents 403 but no 404 or 409 forbids by role, not by which record: a plain user
 * always gets 403 from it.
 */
function requirements(op: Operation) {
  const user = op.documented.has(401);
  return { user, role: user && op.documented.has(403) && !op.documented.has(404) && !op.documented.has(409) };
}

/** 503 is documented for one operation: paying when Stripe is not configured. */
function expectedUnavailable(op: Operation, json: unknown): boolean {
  return op.key === 'POST /api/create-payment-intent' && !t.config.STRIPE_SECRET_KEY && (json as { message?: unknown })?.message === PAYMENT_UNAVAILABLE;
}

function bodyText(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  return response.body;
}

/** The property: what is wrong with this answer to this request, for this identity. */
function problemsOf(op: Operation & { hidden?: boolean }, identity: Identity, request: FuzzRequest, response: LightMyRequestResponse): string[] {
  const status = response.statusCode;
  const text = bodyText(response);
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  const problems: string[] = [];
  if (status >= 500 && !(status === 503 && expectedUnavailable(op, json))) problems.push(`a ${status} answer`);
  if (status >= 400) problems.push(...errorShapeProblems(response.headers['content-type']?.toString(), json));
  if ((status === 429 || status === 503) && !response.headers['retry-after']) problems.push(`a ${status} without Retry-After`);
  problems.push(...leaksIn(text, json, sentStrings(request.url, request.payload)).map((leak) => `it leaks ${leak}`));
  const needs = requirements(op);
  const refused = REFUSED_INPUT.has(status) || (status === 404 && request.kind.includes('path'));
  if (identity === 'signed out' && needs.user && status !== 401 && !refused) problems.push(`signed out, ${status} instead of 401`);
  if (identity === 'user' && needs.role && status !== 403 && !refused) problems.push(`a plain user got ${status} instead of 403`);
  if (identity !== 'signed out' && !op.hidden && status === 401) problems.push('a signed-in caller got 401');
  return problems;
}

function seedOf(key: string): number {
  let hash = 0x811c9dc5;
  for (const char of key) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return (SEED ^ hash) | 0;
}

const totals = { requests: 0, wellFormed: 0, spelled: 0, statuses: new Map<number, number>(), started: Date.now() };

afterAll(() => {
  const statuses = [...totals.statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`).join(', ');
  console.info(
    `API fuzz (${process.env.TEST_DB ?? 'pglite'}): ${operations.length} operations (${documentOperations.length} documented, ${AUTH_OPERATIONS.length} auth), ` +
      `${totals.requests} requests (${totals.wellFormed} well-formed) and ${totals.spelled} with paths spelled another way in ${((Date.now() - totals.started) / 1000).toFixed(1)} s, seed ${SEED}, ${RUNS} runs each; statuses ${statuses}`,
  );
});

const IDENTITIES: [Identity, string][] = [
  ['signed out', 'signed out'],
  ['user', 'as a user'],
  ['admin', 'as an administrator'],
];

describe('every API operation answers generated bad input with 4xx JSON, no leaks, 401/403 where required, never 5xx', () => {
  for (const op of operations) {
    describe(op.key, () => {
      for (const [identity, title] of IDENTITIES) {
        it(title, { timeout: 120_000 }, async () => {
          const seed = seedOf(`${op.key} ${identity}`);
          const requests = fc.sample(requestArbitrary(op, photos, hint), { seed, numRuns: RUNS });
          const caller = await sessionOf(identity);
          let checkedAs = identity;
          const failures: string[] = [];
          const seen = new Set<number>();
          for (const [run, request] of requests.entries()) {
            let response: LightMyRequestResponse;
            try {
              response = await t.app.inject({
                method: request.method as 'GET',
                url: request.url,
                headers: { ...ORIGIN, ...(caller ? { cookie: caller.cookie } : {}), ...request.headers },
                payload: request.payload,
                remoteAddress: nextClientAddress(),
              });
            } catch (error) {
              failures.push(`run ${run}: ${describeRequest(request)}\n  could not be sent: ${String(error)}`);
              continue;
            }
            totals.requests += 1;
            if (request.wellFormed) totals.wellFormed += 1;
            totals.statuses.set(response.statusCode, (totals.statuses.get(response.statusCode) ?? 0) + 1);
            seen.add(response.statusCode);
            const problems = problemsOf(op, checkedAs, request, response);
            if (problems.length) {
              const body = bodyText(response);
              failures.push(`run ${run}: ${describeRequest(request)}\n  answered ${response.statusCode} ${body.slice(0, 400)}\n  problems: ${problems.join('; ')}`);
            }
            // The rest of the runs send a cookie that names no session: they are signed-out calls.
            if (caller && endsSession(response)) checkedAs = 'signed out';
          }
          const needs = requirements(op);
          if (identity === 'signed out' && needs.user && !seen.has(401)) failures.push(`no signed-out request got 401 (answers: ${[...seen].join(', ')})`);
          if (identity === 'user' && needs.role && !seen.has(403)) failures.push(`no plain user's request got 403 (answers: ${[...seen].join(', ')})`);
          if (failures.length) {
            throw new Error(
              `${op.key} ${title}: ${failures.length} of ${RUNS} requests failed (seed ${seed} from FUZZ_SEED=${SEED}, FUZZ_RUNS=${RUNS}).\n` +
                `Again: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} npx vitest run src/server/test/api-fuzz.api.test.ts -t '${op.key} ${title}'\n\n` +
                failures.slice(0, 8).join('\n\n') +
                (failures.length > 8 ? `\n\n... and ${failures.length - 8} more` : ''),
            );
          }
        });
      }
    });
  }
});

/** Routes the document leaves out (live sockets, the API's own pages): their paths are spelled too. */
const undocumentedOperations = registeredRoutes(t.app)
  .filter((route) => route.method !== 'HEAD' && route.path.startsWith('/api/') && !route.path.includes('*'))
  .map((route) => ({ method: route.method, path: route.path.replace(/:(\w+)/g, '{$1}') }))
  .filter((route) => !operations.some((op) => op.key === `${route.method} ${route.path}`))
  .map((route) =>
    hiddenOperation(route.method, route.path, {
      pathParams: [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name: name!, required: true, schema: { type: 'string' } })),
    }),
  );

/** A page of another site, as a browser sends its requests: its Origin, and Sec-Fetch-Site (which /api/logout reads). */
const FOREIGN_PAGE = { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' };

/** Ids of records that exist (the booking, its expert, the conversation), so a write would find its record. */
const existingHint: FieldHint = (name, schema) => (name === 'id' ? fc.constantFrom(...knownIds) : hint(name, schema));

/** The request the operation takes when well-formed, so a spelling that got past the checks would act. */
function wellFormedRequest(op: Operation): FuzzRequest {
  const samples = fc.sample(requestArbitrary(op, photos, existingHint), { seed: seedOf(`${op.key} spelled`), numRuns: 40 });
  return samples.find((request) => request.wellFormed) ?? samples[0]!;
}

async function signedInAgain(user: TestUser): Promise<TestUser> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: ORIGIN,
    remoteAddress: nextClientAddress(),
    payload: { email: user.email, password: user.password },
  });
  if (response.statusCode !== 200) throw new Error(`signing in again failed: ${response.statusCode} ${response.body}`);
  return { ...user, cookie: cookieHeader(response.headers['set-cookie']) };
}

describe('every path spelled another way (percent-encoded, double-encoded, dot segments) from a foreign page with a live session changes nothing', () => {
  let port = 0;
  /** The booking's owner, an administrator and an expert: between them every write has someone it would act for. */
  let victims: TestUser[] = [];
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    const admin = await signUp(t.app);
    await setUserRole(t.database.db, admin.email, 'admin');
    victims = await Promise.all([owner, admin, await signUpExpert(t)].map(signedInAgain));
  });

  for (const op of [...operations, ...undocumentedOperations]) {
    it(op.key, { timeout: 60_000 }, async () => {
      const request = wellFormedRequest(op);
      const writes = op.method !== 'GET';
      const before = await databaseDigest(t.database);
      const failures: string[] = [];
      for (const victim of writes ? victims : victims.slice(0, 1)) {
        for (const { spelling, url } of pathSpellings(request.url)) {
          const answer = await sendRaw(port, {
            method: request.method,
            path: url,
            headers: { ...request.headers, ...FOREIGN_PAGE, cookie: victim.cookie },
            body: request.payload,
          });
          totals.spelled += 1;
          if ((writes && answer.status < 400) || answer.status >= 500) {
            failures.push(`${spelling}: ${request.method} ${url} answered ${answer.status} ${answer.body.slice(0, 200)}`);
          }
        }
      }
      const changed = changedTables(before, await databaseDigest(t.database));
      if (changed.length) failures.push(`tables written: ${changed.join(', ')}`);
      if (failures.length) throw new Error(`${op.key} (${describeRequest(request)}):\n${failures.join('\n')}`);
    });
  }
});
