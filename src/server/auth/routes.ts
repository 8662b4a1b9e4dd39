import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentUserSchema } from '../../common/user.js';
import { apiErrorSchema, type ApiErrorBody } from '../../common/api-error.js';
import { safeReturnTo } from '../../common/return-to.js';
import type { Auth } from './auth.js';
import { authHeaders } from './current-user.js';
import { databaseUnavailableError } from '../core/database-error.js';
import { beginSignInAttempt } from './account-sign-in-limit.js';
import { rememberedDevices } from './remembered-device.js';
import { CODE_REFUSALS, TOO_MANY_CODES_CODE } from './email-verification.js';
import { requireUser } from './guards.js';
import { SIGN_INS_BUSY_CODE } from './password-hashing.js';
import { normalisedPath } from '../http/request-path.js';
import { capitalize } from '../../common/text.js';

/** Words for an error Better Auth answered without a message of its own. */
const MESSAGE_FOR_STATUS: Record<number, string> = {
  400: 'The request is not valid.',
  401: 'Unauthorized: please sign in.',
  403: 'You are not allowed to do that.',
  404: 'Not found.',
  409: 'This conflicts with an existing record.',
  429: 'Too many requests. Please try again later.',
};
const SERVER_FAILURE_MESSAGE = 'Something went wrong on our side. Please try again.';

/** "password too short" -> "Password too short." */
function asSentence(text: string): string {
  const trimmed = text.trim();
  const capitalised = capitalize(trimmed);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

function parseJsonObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function stringEntries(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/**
 * Better Auth's error answer in our `{message, errors?}` shape. Its `code` stays beside the message:
 * the client turns known codes into its own words (authErrorText).
 */
export function toApiErrorAnswer(status: number, text: string): { status: number; body: ApiErrorBody & { code?: string } } {
  const raw = parseJsonObject(text);
  const code = typeof raw.code === 'string' ? raw.code : undefined;
  let message = typeof raw.message === 'string' && raw.message.trim() ? raw.message : undefined;
  let errors = stringEntries(raw.errors);
  // Its request validation reads "[body.email] Invalid input: expected string, received undefined".
  const invalid = /^\[body\.(?<field>[\w.]+)\]\s*(?<detail>.*)$/.exec(message ?? '')?.groups;
  if (invalid?.field) {
    errors = { ...errors, [invalid.field]: invalid.detail || 'Invalid value' };
    message = `The ${invalid.field} field is missing or not valid.`;
  }
  if (status >= 500 && code !== SIGN_INS_BUSY_CODE) message = SERVER_FAILURE_MESSAGE;
  const refusal = code === undefined ? undefined : CODE_REFUSALS[code];
  if (refusal) message = refusal.message;
  const body = {
    message: asSentence(message ?? MESSAGE_FOR_STATUS[status] ?? 'The request could not be completed.'),
    ...(code ? { code } : {}),
    ...(errors ? { errors } : {}),
  };
  return { status: refusal?.status ?? status, body };
}

/**
 * Copies a web Response from Better Auth onto the Fastify reply, each Set-Cookie header separately;
 * error answers are rewritten to our error shape.
 */
async function sendWebResponse(reply: FastifyReply, response: Response, ourCookies: string[] = []) {
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const cookies = [...response.headers.getSetCookie(), ...ourCookies];
  if (cookies.length) reply.header('set-cookie', cookies);
  // Better Auth's rate limit says when to retry in a header of its own; clients read the standard one.
  const retryAfter = response.headers.get('x-retry-after');
  if (response.status === 429 && retryAfter) reply.header('retry-after', retryAfter);
  const text = await response.text();
  if (response.status < 400) return reply.status(response.status).send(text || null);
  const { status, body } = toApiErrorAnswer(response.status, text);
  // Every 429 says when to try again; a spent code may be followed by a new one at once.
  if (status === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', '1');
  return reply.status(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

/**
 * The address Better Auth is given: the normalised path (the one our own checks below read, so
 * `/%61pi/auth/sign-in/%65mail` is the sign-in they limit) and the query as it came.
 */
function authUrl(request: FastifyRequest, baseUrl: string): URL {
  const url = new URL(baseUrl);
  // The setter encodes what decoding brought out ('?', '#', spaces) back into the path.
  url.pathname = normalisedPath(request.url);
  const queryAt = request.url.indexOf('?');
  url.search = queryAt === -1 ? '' : request.url.slice(queryAt);
  return url;
}

function toWebRequest(request: FastifyRequest, baseUrl: string): Request {
  const url = authUrl(request, baseUrl);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  return new Request(url, {
    method: request.method,
    headers: authHeaders(request),
    // The body as it came: re-serialising it would cost for nothing and could fail on what parsed.
    body: hasBody ? (request.rawJson ?? JSON.stringify(request.body)) : undefined,
  });
}

/** The user a sign-in or sign-up answer is for (Better Auth answers `{user, ...}`). */
async function signedInUserId(response: Response): Promise<string | null> {
  const body = parseJsonObject(await response.clone().text());
  const id = (body.user as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' ? id : null;
}

/** A password sign-in or a verification code: a success starts a session in this browser. */
function startsSession(request: FastifyRequest): boolean {
  const path = normalisedPath(request.url);
  return request.method === 'POST' && (path === '/api/auth/sign-in/email' || path === '/api/auth/email-otp/verify-email');
}

/**
 * A sign-up's answer tells only the address the code went to: Better Auth's user (a real one, or a
 * made-up one when the address has an account) differs in ways that would tell the two apart.
 */
async function signUpAnswer(response: Response): Promise<Response> {
  const email = (parseJsonObject(await response.text()).user as { email?: unknown } | undefined)?.email;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify({ email }), { status: response.status, headers });
}

/**
 * 'Send the code again' from someone signed out answers alike for every address: past the allowance it would
 * otherwise answer 429 for an unverified account alone, telling a stranger that the account exists. The
 * account's own signed-in person still hears the wait.
 */
async function resendAnswer(request: FastifyRequest, response: Response): Promise<Response> {
  if (response.status !== 429 || !emailPostedTo(request, '/api/auth/send-verification-email')) return response;
  if (parseJsonObject(await response.clone().text()).code !== TOO_MANY_CODES_CODE || (await request.currentUser())) return response;
  return new Response(JSON.stringify({ status: true }), { status: 200, headers: { 'content-type': 'application/json' } });
}

/** The address a POST to this Better Auth path (a sign-in, a sign-up) is for, if this request is one. */
function emailPostedTo(request: FastifyRequest, path: string): string | null {
  if (request.method !== 'POST' || normalisedPath(request.url) !== path) return null;
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() ? email : null;
}

export const authRoutes: FastifyPluginAsyncZod<{ auth: Auth; baseUrl: string }> = async (app, { auth, baseUrl }) => {
  const devices = rememberedDevices({ db: app.db, secret: (await auth.$context).secret, secure: baseUrl.startsWith('https://') });

  app.get(
    '/api/auth/user',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: currentUserSchema, 401: apiErrorSchema },
      },
    },
    async (request) => requireUser(request),
  );

  // Better Auth serves everything else under /api/auth (sign-up, sign-in, sign-out, passwords, sessions).
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const email = emailPostedTo(request, '/api/auth/sign-in/email');
      const attempt = email
        ? await beginSignInAttempt(app.db, email, { rememberedDevice: () => devices.deviceOf(request.headers.cookie, email) })
        : null;
      let response = await auth.handler(toWebRequest(request, baseUrl));
      // Better Auth turns a database failure into its own 500, or into 401 when it could not read the
      // session: when the database is indeed unreachable, say so (503 with Retry-After) like every route.
      if ((response.status >= 500 || response.status === 401) && !(await app.database.ping().then(() => true, () => false))) {
        throw databaseUnavailableError();
      }
      // Only a wrong password (401) stays counted against the account.
      if (attempt && response.status !== 401) await attempt.notFailed();
      if (response.status === 200 && emailPostedTo(request, '/api/auth/sign-up/email')) response = await signUpAnswer(response);
      response = await resendAnswer(request, response);
      // The link verifies by GET (as e-mailed links must): the account's users may be cached as unverified.
      if (request.method === 'GET' && normalisedPath(request.url) === '/api/auth/verify-email') app.sessionCache.clear();
      const userId = response.status === 200 && startsSession(request) ? await signedInUserId(response) : null;
      return sendWebResponse(reply, response, userId ? [devices.cookieFor(request.headers.cookie, userId)] : []);
    },
  });

  app.get(
    '/api/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Full-page navigation to the sign-in page',
        querystring: z.object({ returnTo: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const returnTo = safeReturnTo(request.query.returnTo);
      return reply.redirect(`/login?returnTo=${encodeURIComponent(returnTo)}`);
    },
  );

  app.get(
    '/api/logout',
    { schema: { tags: ['auth'], summary: 'Ends the session and goes home' } },
    async (request, reply) => {
      // A GET that changes state: only honour it from our own pages or a typed address, never from another site.
      const site = request.headers['sec-fetch-site'];
      if (site === undefined || site === 'same-origin' || site === 'none') {
        const { headers } = await auth.api
          .signOut({ headers: authHeaders(request), returnHeaders: true })
          .catch(() => ({ headers: new Headers() }));
        const cookies = headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);
        // A GET, so the clearing after state-changing requests does not see it.
        app.sessionCache.clear();
      }
      return reply.redirect('/');
    },
  );
};
