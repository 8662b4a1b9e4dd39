import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '../../../common/roles.js';
import { AppError } from '../../core/app-error.js';
import { dumpLivePglite, pgliteOf } from '../../db/backup.js';
import type { Metrics } from '../../http/metrics.js';
import { setUserPassword } from '../../auth/set-password.js';
import { setUserRole } from './set-role.js';

/**
 * How long /readyz waits for the first read of the expert directory before it answers 503. A server just
 * started answers its first listings only after that read (some 2 s at 100,000 experts).
 */
const DIRECTORY_WAIT_MS = 500;

const settlesWithin = (promise: Promise<unknown>, ms: number) =>
  new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    void promise.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });

export interface OpsOptions {
  /** The metrics of http/metrics.ts, served at /metrics; only with `Authorization: Bearer <metricsToken>` when it is set. */
  metrics: Metrics;
  metricsToken?: string | undefined;
  /** With it, the operator commands under /api/internal exist (scripts/set-role.ts). */
  operatorToken?: string | undefined;
}

/**
 * Health, readiness and metrics for supervisors, load balancers and Prometheus, and (when the server was
 * given an operator token) the operator commands under /api/internal.
 */
export const opsRoutes: FastifyPluginAsyncZod<OpsOptions> = async (app, { metrics, metricsToken, operatorToken }) => {
  if (operatorToken) await app.register(operatorRoutes, { token: operatorToken });

  app.get('/metrics', { schema: { tags: ['operations'], summary: 'Prometheus metrics (Bearer METRICS_TOKEN when set)' } }, async (request, reply) => {
    if (metricsToken) {
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!sameToken(given, metricsToken)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError('UNAUTHORIZED', 'Metrics need the operator token: Authorization: Bearer <METRICS_TOKEN>.');
      }
    }
    reply.header('content-type', metrics.contentType);
    return metrics.read();
  });

  app.get(
    '/healthz',
    { schema: { tags: ['operations'], summary: 'The process is alive', response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['operations'],
        summary: 'The database answers and the expert directory has been read',
        response: { 200: z.object({ status: z.literal('ready') }), 503: z.object({ message: z.string() }) },
      },
    },
    async (_request, reply) => {
      try {
        await app.database.ping();
      } catch {
        return reply.status(503).send({ message: 'The database is unreachable.' });
      }
      if (!(await settlesWithin(app.expertDirectory.read(), DIRECTORY_WAIT_MS))) {
        return reply.status(503).send({ message: 'The expert directory is still being read.' });
      }
      return { status: 'ready' as const };
    },
  );
};

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
const operatorRoutes: FastifyPluginAsyncZod<{ token: string }> = async (app, { token }) => {
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
