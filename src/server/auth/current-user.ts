import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { parseCookies } from 'better-auth/cookies';
import type { CurrentUser } from '../../common/user.js';
import type { Role, UserStatus } from '../../common/roles.js';
import type { Auth } from './auth.js';
import { toAppError } from '../core/database-error.js';
import type { SessionCache } from './session-cache.js';

/** Builds web Headers for Better Auth, with the client address we trust (TRUST_PROXY decides `request.ip`). */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set('x-forwarded-for', request.ip);
  return headers;
}

interface SessionUserRow {
  id: string;
  email: string;
  emailVerified?: boolean | null;
  image?: string | null;
  createdAt: Date;
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  zipCode?: string | null;
  timeZone?: string | null;
  role?: string | null;
  status?: string | null;
}

export function toCurrentUser(row: SessionUserRow): CurrentUser {
  return {
    id: row.id,
    profileImageUrl: row.image ?? null,
    firstName: row.firstName ?? null,
    lastName: row.lastName ?? null,
    email: row.email,
    emailVerified: row.emailVerified === true,
    phone: row.phone ?? null,
    address: row.address ?? null,
    city: row.city ?? null,
    state: row.state ?? null,
    zipCode: row.zipCode ?? null,
    timeZone: row.timeZone ?? null,
    role: (row.role ?? 'user') as Role,
    status: (row.status ?? 'active') as UserStatus,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

const perRequest = new WeakMap<FastifyRequest, Promise<CurrentUser | null>>();

export interface CurrentUserLookup {
  auth: Auth;
  /** The name of Better Auth's session cookie (it differs behind HTTPS). */
  sessionCookieName: string;
  sessions: SessionCache;
  /** Runs for each request of a signed-in user (presence). */
  onActive?: (user: CurrentUser) => Promise<void>;
}

/** A session's user as signed in, or null for an account that may not be. */
export function signedInUser(row: SessionUserRow): CurrentUser | null {
  const user = toCurrentUser(row);
  // Deactivation deletes the sessions; this also holds for an account made inactive any other way.
  return user.status === 'inactive' ? null : user;
}

/** Better Auth's own lookup of the request's session, never cached (live sockets use it as they open). */
export async function lookUpSession(auth: Auth, request: FastifyRequest) {
  const session = await auth.api.getSession({ headers: authHeaders(request) });
  if (!session) return null;
  const user = signedInUser(session.user as SessionUserRow);
  if (!user) return null;
  return { user, sessionId: session.session.id, sessionExpiresAt: new Date(session.session.expiresAt) };
}

/**
 * The signed-in user of this request, looked up once per request from the session cookie, and answered
 * from the session cache while that holds it (see session-cache.ts for how long, and what clears it).
 */
export function getCurrentUser({ auth, sessionCookieName, sessions, onActive }: CurrentUserLookup, request: FastifyRequest): Promise<CurrentUser | null> {
  let pending = perRequest.get(request);
  if (!pending) {
    pending = currentUserOf({ auth, sessionCookieName, sessions }, request).then(async (user) => {
      if (user) await onActive?.(user).catch((err: unknown) => request.log.warn({ err }, 'recording activity failed'));
      return user;
    });
    perRequest.set(request, pending);
  }
  return pending;
}

async function currentUserOf({ auth, sessionCookieName, sessions }: CurrentUserLookup, request: FastifyRequest): Promise<CurrentUser | null> {
  const header = request.headers.cookie ?? '';
  const signedToken = parseCookies(header).get(sessionCookieName);
  // Without the cookie there is no session to look up.
  if (!signedToken) return null;
  try {
    // Sent twice, the cookie is read by Better Auth as its first copy and here as its last: Better Auth
    // alone decides, and its answer is not remembered under a value it may not have checked.
    if (header.split(`${sessionCookieName}=`).length > 2) return (await lookUpSession(auth, request))?.user ?? null;
    return await sessions.currentUser(signedToken, () => lookUpSession(auth, request));
  } catch (error) {
    // Better Auth answers a failed lookup with its own 500 APIError ('Failed to get session') and
    // keeps the driver's error as its cause: an unreachable database is a 503 for every caller.
    throw toAppError(error);
  }
}
