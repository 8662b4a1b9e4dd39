import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import client from 'prom-client';

export const opsRoutes: FastifyPluginAsyncZod = async (app) => {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const requestDuration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requestDuration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
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

  app.get('/metrics', { schema: { tags: ['operations'], summary: 'Prometheus metrics' } }, async (_request, reply) => {
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
};
