import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

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
        summary: 'The database answers',
        response: { 200: z.object({ status: z.literal('ready') }), 503: z.object({ message: z.string() }) },
      },
    },
    async (_request, reply) => {
      try {
        await app.database.ping();
        return { status: 'ready' as const };
      } catch {
        return reply.status(503).send({ message: 'The database is unreachable.' });
      }
    },
  );
};
