import type { FastifyRequest } from 'fastify';
import type { Role } from '../../common/roles.js';
import type { CurrentUser } from '../../common/user.js';
import { AppError } from '../core/app-error.js';

/** The signed-in user, or a 401 for signed-out callers. */
export async function requireUser(request: FastifyRequest): Promise<CurrentUser> {
  const user = await request.currentUser();
  if (!user) throw new AppError('UNAUTHORIZED', 'Unauthorized: please sign in.');
  return user;
}

/** The signed-in user holding one of the roles, else 401 (signed out) or 403 (wrong role). */
export async function requireRole(request: FastifyRequest, ...roles: Role[]): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (!roles.includes(user.role)) throw new AppError('FORBIDDEN', 'You do not have permission to do this.');
  return user;
}

/**
 * A plugin's `onRequest` hook that admits only the roles (401 signed out, 403 otherwise). It runs before
 * the request is parsed: a route of the plugin cannot forget it, and a stranger learns nothing from
 * validation errors.
 */
export function roleGuard(...roles: Role[]): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    await requireRole(request, ...roles);
  };
}
