import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { CurrentUser } from '../../common/user.js';
import type { Role, UserStatus } from '../../common/roles.js';
import type { Auth } from './auth.js';
import { toAppError } from '../db/database-error.js';

/** Builds web Headers for Better Auth, with the client address we trust (TRUST_PROXY decides `request.ip`). */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set('x-forwarded-for', request.ip);
  return headers;
}

interface SessionUserRow {
  id: string;
  email: string;
  image?: string | null;
  createdAt: Date;
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  zipCode?: string | null;
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
    phone: row.phone ?? null,
    address: row.address ?? null,
    city: row.city ?? null,
    state: row.state ?? null,
    zipCode: row.zipCode ?? null,
    role: (row.role ?? 'user') as Role,
    status: (row.status ?? 'active') as UserStatus,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

const cache = new WeakMap<FastifyRequest, Promise<CurrentUser | null>>();

/**
 * The signed-in user of this request, looked up once per request from the session cookie. `onActive`
 * runs for each request of a signed-in user (presence).
 */
export function getCurrentUser(
  auth: Auth,
  request: FastifyRequest,
  onActive?: (user: CurrentUser) => Promise<void>,
): Promise<CurrentUser | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = auth.api.getSession({ headers: authHeaders(request) }).then(
      async (session) => {
        if (!session) return null;
        const user = toCurrentUser(session.user as SessionUserRow);
        // Deactivation deletes the sessions; this also holds for an account made inactive any other way.
        if (user.status === 'inactive') return null;
        await onActive?.(user).catch((err: unknown) => request.log.warn({ err }, 'recording activity failed'));
        return user;
      },
      (error: unknown) => {
        // Better Auth answers a failed lookup with its own 500 APIError ('Failed to get session') and
        // keeps the driver's error as its cause: an unreachable database is a 503 for every caller.
        throw toAppError(error);
      },
    );
    cache.set(request, pending);
  }
  return pending;
}
