import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '../../../common/roles.js';
import { AppError } from '../../core/app-error.js';
import { dumpLivePglite, pgliteOf } from '../../db/backup.js';
import { setUserRole } from './set-role.js';
import { setUserPassword } from './set-password.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const tokenHeader = z.object({ 'x-operator-token': z.string().optional() });

/**
 * Operator commands that must reach a running server, because the embedded database admits one process:
 * answered only on the loopback interface and only with the token the server wrote under DATA_DIR.
 */
export const operatorRoutes: FastifyPluginAsyncZod<{ token: string }> = async (app, { token }) => {
  // Before anything else of the request is looked at: a stranger learns nothing, not even a 400.
  app.addHook('onRequest', async (request) => {
    const given = request.headers['x-operator-token'];
    if (!LOOPBACK.has(request.socket.remoteAddress ?? '') || typeof given !== 'string' || !sameToken(given, token)) {
      throw new AppError('FORBIDDEN', 'Operator commands are accepted only locally, with the server token.');
    }
  });

  app.post(
    '/api/internal/set-role',
    { schema: { hide: true, headers: tokenHeader, body: z.object({ email: z.string().min(1), role: z.enum(ROLES) }) } },
    async (request) => setUserRole(app.db, request.body.email, request.body.role),
  );

  app.post(
    '/api/internal/set-password',
    { schema: { hide: true, headers: tokenHeader, body: z.object({ email: z.string().min(1), password: z.string() }) } },
    async (request) => setUserPassword(app.db, request.body.email, request.body.password),
  );

  // One backup at a time: each holds a copy of the database in memory while it runs.
  let previous: Promise<unknown> = Promise.resolve();
  app.post('/api/internal/backup', { schema: { hide: true, headers: tokenHeader } }, async (_request, reply) => {
    if (app.database.kind !== 'pglite') {
      throw new AppError('BAD_REQUEST', "This server runs on PostgreSQL: back it up with PostgreSQL's pg_dump.");
    }
    const dump = previous.then(() => dumpLivePglite(pgliteOf(app.db)));
    previous = dump.catch(() => {});
    const sql = await dump;
    return reply.type('application/sql; charset=utf-8').header('cache-control', 'no-store').send(sql);
  });
};
