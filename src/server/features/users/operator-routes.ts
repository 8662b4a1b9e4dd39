import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '../../../common/roles.js';
import { AppError } from '../../core/app-error.js';
import { setUserRole } from './set-role.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Operator commands that must reach a running server, because the embedded database admits one process:
 * answered only on the loopback interface and only with the token the server wrote under DATA_DIR.
 */
export const operatorRoutes: FastifyPluginAsyncZod<{ token: string }> = async (app, { token }) => {
  app.post(
    '/api/internal/set-role',
    {
      schema: {
        hide: true,
        headers: z.object({ 'x-operator-token': z.string().optional() }),
        body: z.object({ email: z.string().min(1), role: z.enum(ROLES) }),
      },
    },
    async (request) => {
      const given = request.headers['x-operator-token'] ?? '';
      if (!LOOPBACK.has(request.socket.remoteAddress ?? '') || !sameToken(given, token)) {
        throw new AppError('FORBIDDEN', 'Operator commands are accepted only locally, with the server token.');
      }
      return setUserRole(app.db, request.body.email, request.body.role);
    },
  );
};
