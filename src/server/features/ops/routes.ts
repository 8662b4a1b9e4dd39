import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

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

export const opsRoutes: FastifyPluginAsyncZod = async (app) => {
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
